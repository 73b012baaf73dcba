//===- QuantizationOps.td - cgc_op quantization family -*- tablegen -*-===//
//
// Linear quantization (ONNX QuantizeLinear, DequantizeLinear,
// DynamicQuantizeLinear) and integer / quantized matrix products and
// convolutions (MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv).
// Zero points are always operands: the importer supplies ONNX's default
// (0) when a model leaves them out. Scales and zero points are scalars or,
// where ONNX allows, 1-D per channel.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_TD
#define OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

def CGCOp_QuantizeLinearOp : CGCOp_LayerOp<"quantize_linear"> {
  let summary = "saturate(round_half_even(x / scale) + zero_point)";
  let description = [{
    The result has the zero point's element type (uint8, int8, uint16,
    int16, uint4, int4, uint2, int2: rounded half to even and clamped to the
    type's range; float8 and float4e2m1: converted with round half to even,
    out-of-range values saturating when `saturate`, ONNX opset 19). A 1-D
    scale quantizes per slice along `axis`; with `block_size`
    B > 0 (ONNX opset 21) the scale has the input's shape except ceil(D / B)
    along `axis`, each entry applying to B consecutive slices.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       CGC_AnyTensor:$zero_point,
                       DefaultValuedAttr<I64Attr, "1">:$axis,
                       DefaultValuedAttr<I64Attr, "0">:$block_size,
                       DefaultValuedAttr<BoolAttr, "true">:$saturate);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DequantizeLinearOp : CGCOp_LayerOp<"dequantize_linear"> {
  let summary = "(x - zero_point) * scale, in the scale's element type";
  let description = [{
    Scales are per tensor, per slice along `axis` or, with `block_size`,
    blocked as for quantize_linear.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       CGC_AnyTensor:$zero_point,
                       DefaultValuedAttr<I64Attr, "1">:$axis,
                       DefaultValuedAttr<I64Attr, "0">:$block_size);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DynamicQuantizeLinearOp
    : CGCOp_LayerOp<"dynamic_quantize_linear"> {
  let summary = "uint8 quantization with a scale and zero point computed "
                "from the data";
  let arguments = (ins CGC_AnyTensor:$input);
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$scale,
                      CGC_AnyTensor:$zero_point);
}

def CGCOp_MatMulIntegerOp : CGCOp_LayerOp<"matmul_integer"> {
  let summary = "numpy.matmul of (a - a_zero_point) and (b - b_zero_point) "
                "in int32";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$rhs,
                       CGC_AnyTensor:$lhs_zero_point,
                       CGC_AnyTensor:$rhs_zero_point);
  let results = (outs CGC_AnyTensor:$output);
}

class CGCOp_QuantizedConvOp<string mnemonic, dag operands>
    : CGCOp_LayerOp<mnemonic> {
  let arguments = !con(operands,
                       (ins OptionalAttr<I64ArrayAttr>:$strides,
                            OptionalAttr<I64ArrayAttr>:$dilations,
                            OptionalAttr<I64ArrayAttr>:$start_padding,
                            OptionalAttr<I64ArrayAttr>:$end_padding,
                            DefaultValuedAttr<I64Attr, "1">:$group));
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ConvIntegerOp : CGCOp_QuantizedConvOp<"conv_integer",
    (ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
         CGC_AnyTensor:$input_zero_point, CGC_AnyTensor:$weight_zero_point)> {
  let summary = "Convolution of (x - x_zero_point) and (w - w_zero_point) in "
                "int32";
}

def CGCOp_QLinearMatMulOp : CGCOp_LayerOp<"qlinear_matmul"> {
  let summary = "Quantized numpy.matmul: dequantize, multiply, requantize";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$lhs_scale,
                       CGC_AnyTensor:$lhs_zero_point, CGC_AnyTensor:$rhs,
                       CGC_AnyTensor:$rhs_scale, CGC_AnyTensor:$rhs_zero_point,
                       CGC_AnyTensor:$output_scale,
                       CGC_AnyTensor:$output_zero_point);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_QLinearConvOp : CGCOp_QuantizedConvOp<"qlinear_conv",
    (ins CGC_AnyTensor:$input, CGC_AnyTensor:$input_scale,
         CGC_AnyTensor:$input_zero_point, CGC_AnyTensor:$weight,
         CGC_AnyTensor:$weight_scale, CGC_AnyTensor:$weight_zero_point,
         CGC_AnyTensor:$output_scale, CGC_AnyTensor:$output_zero_point,
         Optional<CGC_AnyTensor>:$bias)> {
  let summary = "Quantized convolution with an optional int32 bias";
}

#endif // OPENCGC_DIALECT_CGCOP_QUANTIZATIONOPS_TD
