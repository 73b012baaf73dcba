//===- IndexingOps.td - cgc_op indexing family -------------*- tablegen -*-===//
//
// Slice and split, gather/scatter, pad, expand, tile, one_hot and trilu.
// ConstantOfShape, Range and EyeLike need static inputs and are imported as
// constants, so they have no op here.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/IndexingInference.cpp), a reference kernel
// (lib/ReferenceKernels/IndexingKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/IndexingConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD
#define OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

//===----------------------------------------------------------------------===//
// Slicing and splitting
//===----------------------------------------------------------------------===//

def CGCOp_SliceOp : CGCOp_LayerOp<"slice"> {
  let summary = "ONNX Slice with static starts/ends/axes/steps";
  let description = [{
    axes defaults to [0, rank), steps to 1. Negative starts/ends count from
    the end of the axis; out-of-range values are clamped as ONNX specifies
    (to [0, dim] for positive steps, [-1, dim-1] for negative steps).
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64ArrayAttr:$starts,
                       I64ArrayAttr:$ends,
                       OptionalAttr<I64ArrayAttr>:$axes,
                       OptionalAttr<I64ArrayAttr>:$steps);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_SplitOp : CGCOp_LayerOp<"split"> {
  let summary = "Split a tensor along one axis into parts of given sizes";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       I64ArrayAttr:$split);
  let results = (outs Variadic<CGC_AnyTensor>:$outputs);
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

def CGCOp_GatherOp : CGCOp_LayerOp<"gather"> {
  let summary = "ONNX Gather: take slices of data along axis at indices";
  let arguments = (ins CGC_AnyTensor:$data, CGC_AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_GatherElementsOp : CGCOp_LayerOp<"gather_elements"> {
  let summary = "ONNX GatherElements: out[i][j] = data[indices[i][j]][j]";
  let arguments = (ins CGC_AnyTensor:$data, CGC_AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_GatherNDOp : CGCOp_LayerOp<"gather_nd"> {
  let summary = "ONNX GatherND: gather slices addressed by index tuples";
  let arguments = (ins CGC_AnyTensor:$data, CGC_AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ScatterElementsOp : CGCOp_LayerOp<"scatter_elements"> {
  let summary = "ONNX ScatterElements; reduction is none, add, mul, max "
                "or min";
  let arguments = (ins CGC_AnyTensor:$data, CGC_AnyTensor:$indices,
                       CGC_AnyTensor:$updates,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<StrAttr, "\"none\"">:$reduction);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ScatterNDOp : CGCOp_LayerOp<"scatter_nd"> {
  let summary = "ONNX ScatterND; reduction is none, add, mul, max or min";
  let arguments = (ins CGC_AnyTensor:$data, CGC_AnyTensor:$indices,
                       CGC_AnyTensor:$updates,
                       DefaultValuedAttr<StrAttr, "\"none\"">:$reduction);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Padding, broadcasting, tiling
//===----------------------------------------------------------------------===//

def CGCOp_PadOp : CGCOp_LayerOp<"pad"> {
  let summary = "ONNX Pad: mode constant, reflect, edge or wrap";
  let description = [{
    pads holds all begin paddings, then all end paddings (2 x rank values,
    negative values crop). Constant mode fills with the one-element operand
    constant_value when given, with the attribute value (default 0)
    otherwise (ONNX Pad before opset 11 has only the attribute).
  }];
  let arguments = (ins CGC_AnyTensor:$input,
                       Optional<CGC_AnyTensor>:$constant_value,
                       I64ArrayAttr:$pads,
                       DefaultValuedAttr<F64Attr, "0.0">:$value,
                       DefaultValuedAttr<StrAttr, "\"constant\"">:$mode);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ExpandOp : CGCOp_LayerOp<"expand"> {
  let summary = "Broadcast to a shape (bidirectional, like ONNX Expand)";
  let arguments = (ins CGC_AnyTensor:$input, I64ArrayAttr:$shape);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_TileOp : CGCOp_LayerOp<"tile"> {
  let summary = "Repeat the input repeats[d] times along each dimension d";
  let arguments = (ins CGC_AnyTensor:$input, I64ArrayAttr:$repeats);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Generators
//===----------------------------------------------------------------------===//

def CGCOp_OneHotOp : CGCOp_LayerOp<"one_hot"> {
  let summary = "ONNX OneHot with a static depth";
  let description = [{
    values = [off, on]; the result has the element type of values and a new
    dimension of size depth at axis. Negative indices count from depth.
  }];
  let arguments = (ins CGC_AnyTensor:$indices, CGC_AnyTensor:$values,
                       I64Attr:$depth,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_TriluOp : CGCOp_LayerOp<"trilu"> {
  let summary = "Keep the upper or lower triangle of the last two dimensions";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<BoolAttr, "true">:$upper,
                       DefaultValuedAttr<I64Attr, "0">:$k);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ReverseSequenceOp : CGCOp_LayerOp<"reverse_sequence"> {
  let summary = "Reverse the first sequence_lens[b] elements along the time "
                "axis of every batch entry b (ONNX ReverseSequence)";
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$sequence_lens,
                       DefaultValuedAttr<I64Attr, "1">:$batch_axis,
                       DefaultValuedAttr<I64Attr, "0">:$time_axis);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD
