//===- CGCOpOps.td - Layer ops of the cgc_op dialect -------*- tablegen -*-===//
//
// Each op has ONNX semantics; attribute names follow the specification where
// it spells them (start_padding, end_padding, scale_size) and ONNX otherwise,
// in snake_case.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_CGCOPOPS_TD
#define OPENCGC_DIALECT_CGCOP_CGCOPOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

def CGCOp_AddOp : CGCOp_BinaryOp<"add">;
def CGCOp_SubOp : CGCOp_BinaryOp<"sub">;
def CGCOp_MulOp : CGCOp_BinaryOp<"mul">;
def CGCOp_DivOp : CGCOp_BinaryOp<"div">;

def CGCOp_ReluOp : CGCOp_UnaryOp<"relu"> {
  let summary = "max(x, 0)";
}
def CGCOp_SigmoidOp : CGCOp_UnaryOp<"sigmoid"> {
  let summary = "1 / (1 + exp(-x))";
}
def CGCOp_TanhOp : CGCOp_UnaryOp<"tanh"> {
  let summary = "Hyperbolic tangent";
}
def CGCOp_GeluOp : CGCOp_LayerOp<"gelu"> {
  let summary = "Gaussian error linear unit; approximate is \"none\" or \"tanh\"";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<StrAttr, "\"none\"">:$approximate);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_SoftmaxOp : CGCOp_LayerOp<"softmax"> {
  let summary = "Softmax along one axis (ONNX opset 13 semantics)";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Convolution, matrix products
//===----------------------------------------------------------------------===//

def CGCOp_ConvolutionOp : CGCOp_LayerOp<"convolution"> {
  let summary = "N-d convolution (ONNX Conv) with explicit padding";
  let description = [{
    input N x C x D1..Dn, weight M x C/group x K1..Kn, optional bias M.
    strides and dilations default to 1, start_padding/end_padding to 0.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
                       Optional<CGC_AnyTensor>:$bias,
                       OptionalAttr<I64ArrayAttr>:$strides,
                       OptionalAttr<I64ArrayAttr>:$dilations,
                       OptionalAttr<I64ArrayAttr>:$start_padding,
                       OptionalAttr<I64ArrayAttr>:$end_padding,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_MatMulOp : CGCOp_LayerOp<"matmul"> {
  let summary = "numpy.matmul: batched, broadcasting matrix product";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$rhs);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DetOp : CGCOp_LayerOp<"det"> {
  let summary = "Determinant of each square matrix in the last two "
                "dimensions (ONNX Det)";
  let arguments = (ins CGC_AnyTensor:$input);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_GemmOp : CGCOp_LayerOp<"gemm"> {
  let summary = "alpha * op(A) * op(B) + beta * C (ONNX Gemm)";
  let arguments = (ins CGC_AnyTensor:$a, CGC_AnyTensor:$b,
                       Optional<CGC_AnyTensor>:$c,
                       DefaultValuedAttr<F32Attr, "1.0f">:$alpha,
                       DefaultValuedAttr<F32Attr, "1.0f">:$beta,
                       DefaultValuedAttr<BoolAttr, "false">:$trans_a,
                       DefaultValuedAttr<BoolAttr, "false">:$trans_b);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Pooling and resampling
//===----------------------------------------------------------------------===//

class CGCOp_PoolingOp<string mnemonic, dag extraAttrs>
    : CGCOp_LayerOp<mnemonic> {
  let arguments = !con((ins CGC_AnyTensor:$input,
                            I64ArrayAttr:$window_size,
                            OptionalAttr<I64ArrayAttr>:$strides,
                            OptionalAttr<I64ArrayAttr>:$dilations,
                            OptionalAttr<I64ArrayAttr>:$start_padding,
                            OptionalAttr<I64ArrayAttr>:$end_padding,
                            DefaultValuedAttr<BoolAttr, "false">:$ceil_mode),
                       extraAttrs);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_MaxPoolingOp : CGCOp_PoolingOp<"max_pooling", (ins)> {
  let summary = "Max pooling over spatial windows (ONNX MaxPool)";
}
def CGCOp_MaxPoolingWithIndicesOp
    : CGCOp_PoolingOp<"max_pooling_with_indices",
                      (ins DefaultValuedAttr<I64Attr, "0">:$storage_order)> {
  let summary = "Max pooling that also returns the flat, batch-inclusive "
                "int64 index of each maximum, as ONNX MaxPool's Indices "
                "output (spatial dimensions row-major, or column-major with "
                "storage_order = 1)";
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$indices);
}

def CGCOp_AveragePoolingOp : CGCOp_PoolingOp<"average_pooling",
    (ins DefaultValuedAttr<BoolAttr, "false">:$count_include_pad)> {
  let summary = "Average pooling over spatial windows (ONNX AveragePool)";
}

def CGCOp_UpsampleOp : CGCOp_LayerOp<"upsample"> {
  let summary = "Upsample every spatial dimension by an integer factor";
  let description = [{
    scale_size has one factor per spatial dimension (all but N and C);
    mode is "nearest" (default) or "linear".
  }];
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64ArrayAttr, "{}">:$scale_size,
                       DefaultValuedAttr<StrAttr, "\"nearest\"">:$mode);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_Upsample2dOp : CGCOp_LayerOp<"upsample2d"> {
  let summary = "Upsample an NCHW tensor by integer factors [h, w]";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64ArrayAttr, "{}">:$scale_size,
                       DefaultValuedAttr<StrAttr, "\"nearest\"">:$mode);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def CGCOp_ReshapeOp : CGCOp_LayerOp<"reshape"> {
  let summary = "ONNX Reshape with a static target shape (0 copies, -1 infers)";
  let arguments = (ins CGC_AnyTensor:$input, I64ArrayAttr:$shape,
                       DefaultValuedAttr<BoolAttr, "false">:$allow_zero);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_TransposeOp : CGCOp_LayerOp<"transpose"> {
  let summary = "Permute dimensions; perm defaults to reversing them";
  let arguments = (ins CGC_AnyTensor:$input,
                       OptionalAttr<I64ArrayAttr>:$perm);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ConcatOp : CGCOp_LayerOp<"concat"> {
  let summary = "Concatenate tensors along one axis";
  let arguments = (ins Variadic<CGC_AnyTensor>:$inputs, I64Attr:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_CGCOPOPS_TD
