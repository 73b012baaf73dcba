//===- ResamplingOps.td - cgc_op resampling family -----------*- tablegen -*-===//
//
// The resize, depth_to_space, space_to_depth and conv_transpose.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/ResamplingInference.cpp), a reference kernel
// (lib/Runtime/Reference/ResamplingKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/ResamplingConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD
#define OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

def CGCOp_ResizeOp : CGCOp_LayerOp<"resize"> {
  let summary = "N-d resize by interpolation (ONNX Resize, opsets 10-13)";
  let description = [{
    `sizes` is the output shape and `scales` the per-dimension scale used to
    map output coordinates back to the input (sizes / input shape when ONNX
    gave sizes). `roi` (start..., end..., normalized) is only read by
    coordinate_transformation_mode "tf_crop_and_resize". mode is "nearest",
    "linear" or "cubic"; nearest_mode is "round_prefer_floor",
    "round_prefer_ceil", "floor" or "ceil".
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
      DefaultValuedAttr<F64Attr, "0.0">:$extrapolation_value);
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
  let summary = "Sample an NCHW input at normalized grid positions (ONNX "
                "GridSample, opset 16)";
  let description = [{
    grid is N x H_out x W_out x 2 with (x, y) in [-1, 1]; mode is
    "bilinear", "nearest" or "bicubic"; padding_mode "zeros", "border" or
    "reflection".
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$grid,
                       DefaultValuedAttr<StrAttr, "\"bilinear\"">:$mode,
                       DefaultValuedAttr<StrAttr, "\"zeros\"">:$padding_mode,
                       DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD
