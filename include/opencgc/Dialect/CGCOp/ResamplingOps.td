//===- ResamplingOps.td - cgc_op resampling family -----------*- tablegen -*-===//
//
// The resize, depth_to_space, space_to_depth and conv_transpose.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/ResamplingInference.cpp), a reference kernel
// (lib/ReferenceKernels/ResamplingKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/ResamplingConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD
#define OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

def CGCOp_ResizeOp : CGCOp_LayerOp<"resize"> {
  let summary = "N-d resize by interpolation (ONNX Resize, opsets 10-19)";
  let description = [{
    `sizes` is the output shape and `scales` the per-dimension scale used to
    map output coordinates back to the input (sizes / input shape when ONNX
    gave sizes). `roi` (start..., end..., normalized) is only read by
    coordinate_transformation_mode "tf_crop_and_resize". mode is "nearest",
    "linear" or "cubic"; nearest_mode is "round_prefer_floor",
    "round_prefer_ceil", "floor" or "ceil". With `antialias` (Resize-18),
    linear and cubic stretch their filter by 1 / scale along the axes they
    downscale, so more input points contribute.
  }];
  let arguments = (ins CGC_AnyTensor:$input,
      I64ArrayAttr:$sizes,
      F64ArrayAttr:$scales,
      OptionalAttr<F64ArrayAttr>:$roi,
      DefaultValuedAttr<StrAttr, "\"nearest\"">:$mode,
      DefaultValuedAttr<StrAttr, "\"half_pixel\"">:
          $coordinate_transformation_mode,
      DefaultValuedAttr<StrAttr, "\"round_prefer_floor\"">:$nearest_mode,
      DefaultValuedAttr<F64Attr, "-0.75">:$cubic_coeff_a,
      DefaultValuedAttr<BoolAttr, "false">:$exclude_outside,
      DefaultValuedAttr<F64Attr, "0.0">:$extrapolation_value,
      DefaultValuedAttr<BoolAttr, "false">:$antialias);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DepthToSpaceOp : CGCOp_LayerOp<"depth_to_space"> {
  let summary = "Move channel blocks into spatial blocks (ONNX DepthToSpace)";
  let description = [{
    N x C x H x W -> N x C/(b*b) x H*b x W*b; mode "DCR" (depth-column-row,
    the default) or "CRD" (column-row-depth).
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$blocksize,
                       DefaultValuedAttr<StrAttr, "\"DCR\"">:$mode);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_SpaceToDepthOp : CGCOp_LayerOp<"space_to_depth"> {
  let summary = "Move spatial blocks into channels (ONNX SpaceToDepth)";
  let description = [{
    N x C x H x W -> N x C*b*b x H/b x W/b.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$blocksize);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ConvTransposeOp : CGCOp_LayerOp<"conv_transpose"> {
  let summary = "N-d transposed convolution (ONNX ConvTranspose)";
  let description = [{
    input N x C x D1..Dn, weight C x M/group x K1..Kn, optional bias M.
    Output extent: stride * (D - 1) + output_padding + dilation * (K - 1) + 1
    - start_padding - end_padding. Paddings are explicit (the importer
    resolves auto_pad and output_shape) and may be negative.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
                       Optional<CGC_AnyTensor>:$bias,
                       OptionalAttr<I64ArrayAttr>:$strides,
                       OptionalAttr<I64ArrayAttr>:$dilations,
                       OptionalAttr<I64ArrayAttr>:$start_padding,
                       OptionalAttr<I64ArrayAttr>:$end_padding,
                       OptionalAttr<I64ArrayAttr>:$output_padding,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_GridSampleOp : CGCOp_LayerOp<"grid_sample"> {
  let summary = "Sample an N x C x D1..Dr input at normalized grid "
                "positions (ONNX GridSample, opsets 16-22)";
  let description = [{
    grid is N x O1..Or x r, each position's r coordinates in [-1, 1] listed
    innermost dimension first ((x, y) in 2-D); mode is "bilinear" (N-linear),
    "nearest" (halfway rounds to even) or "bicubic" (N-cubic); padding_mode
    "zeros", "border" or "reflection". GridSample-20's "linear" and "cubic"
    are the importer's to map.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$grid,
                       DefaultValuedAttr<StrAttr, "\"bilinear\"">:$mode,
                       DefaultValuedAttr<StrAttr, "\"zeros\"">:$padding_mode,
                       DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_AffineGridOp : CGCOp_LayerOp<"affine_grid"> {
  let summary = "Sampling grid from affine matrices (ONNX AffineGrid, "
                "opset 20)";
  let description = [{
    theta is N x 2 x 3 (2-D) or N x 3 x 4 (3-D); size is the static target
    size N x C x H x W or N x C x D x H x W. The output (N x H x W x 2 or
    N x D x H x W x 3) holds theta times the homogeneous positions (x, y
    [, z], 1) evenly spaced in [-1, 1] (pixel centres at -1 and 1 with
    align_corners, pixel edges otherwise).
  }];
  let arguments = (ins CGC_AnyTensor:$theta, I64ArrayAttr:$size,
                       DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_Col2ImOp : CGCOp_LayerOp<"col2im"> {
  let summary = "Sums column blocks back into an image (ONNX Col2Im, "
                "opset 18)";
  let description = [{
    input is N x (C * prod(block_shape)) x L, L the number of blocks the
    window (block_shape, dilations, strides, start/end padding) takes over
    image_shape in row-major order; the output N x C x image_shape sums
    every block element into the pixel it came from.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64ArrayAttr:$image_shape,
                       I64ArrayAttr:$block_shape,
                       OptionalAttr<I64ArrayAttr>:$strides,
                       OptionalAttr<I64ArrayAttr>:$dilations,
                       OptionalAttr<I64ArrayAttr>:$start_padding,
                       OptionalAttr<I64ArrayAttr>:$end_padding);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DeformConvOp : CGCOp_LayerOp<"deform_conv"> {
  let summary = "2-D deformable convolution (ONNX DeformConv, opset 19)";
  let description = [{
    input N x C x H x W, weight M x C/group x kH x kW, offset N x (G * kH *
    kW * 2) x oH x oW (per offset group G and kernel tap: dy, dx), bias M,
    mask N x (G * kH * kW) x oH x oW. Each tap reads the input bilinearly at
    its window position plus its offset (zero outside the input), times the
    mask, and is weighed as in a convolution.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
                       CGC_AnyTensor:$offset, CGC_AnyTensor:$bias,
                       CGC_AnyTensor:$mask,
                       OptionalAttr<I64ArrayAttr>:$strides,
                       OptionalAttr<I64ArrayAttr>:$dilations,
                       OptionalAttr<I64ArrayAttr>:$start_padding,
                       OptionalAttr<I64ArrayAttr>:$end_padding,
                       DefaultValuedAttr<I64Attr, "1">:$group,
                       DefaultValuedAttr<I64Attr, "1">:$offset_group);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD
