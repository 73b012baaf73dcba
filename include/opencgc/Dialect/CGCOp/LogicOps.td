//===- LogicOps.td - cgc_op logic family -------------------*- tablegen -*-===//
//
// The binary arithmetic beyond the core set, comparisons, logic, variadic
// min/max/sum/mean, where, clip and cast.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/LogicInference.cpp), a reference kernel
// (lib/ReferenceKernels/LogicKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/LogicConverters.cpp).
//
// Every op broadcasts its tensor operands multidirectionally (numpy rules).
// Element type rules are checked by inference, with errors naming the op.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_LOGICOPS_TD
#define OPENCGC_DIALECT_CGCOP_LOGICOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

def CGCOp_PowOp : CGCOp_BinaryOp<"pow"> {
  let summary = "lhs ** rhs; the exponent may have another numeric type, "
                "the result has the base's type";
}

def CGCOp_ModOp : CGCOp_LayerOp<"mod"> {
  let summary = "Remainder: sign of the divisor (fmod = 0, integers only) or "
                "of the dividend like C fmod (fmod = 1)";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$rhs,
                       DefaultValuedAttr<I64Attr, "0">:$fmod);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_BitShiftOp : CGCOp_LayerOp<"bit_shift"> {
  let summary = "Shift unsigned integers; direction is \"LEFT\" or \"RIGHT\"";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$rhs,
                       StrAttr:$direction);
  let results = (outs CGC_AnyTensor:$output);
}

// ONNX BitwiseAnd/Or/Xor/Not (opset 18): integer tensors of one type.
def CGCOp_BitwiseAndOp : CGCOp_BinaryOp<"bitwise_and">;
def CGCOp_BitwiseOrOp : CGCOp_BinaryOp<"bitwise_or">;
def CGCOp_BitwiseXorOp : CGCOp_BinaryOp<"bitwise_xor">;
def CGCOp_BitwiseNotOp : CGCOp_UnaryOp<"bitwise_not"> {
  let summary = "Bitwise complement of an integer tensor";
}

//===----------------------------------------------------------------------===//
// Logic and comparison (bool results)
//===----------------------------------------------------------------------===//

class CGCOp_BoolResultOp<string mnemonic, string text>
    : CGCOp_BinaryOp<mnemonic> {
  let summary = text # " with broadcasting; the result is bool";
}

def CGCOp_AndOp : CGCOp_BoolResultOp<"and", "Logical and of bool tensors">;
def CGCOp_OrOp : CGCOp_BoolResultOp<"or", "Logical or of bool tensors">;
def CGCOp_XorOp : CGCOp_BoolResultOp<"xor", "Logical xor of bool tensors">;
def CGCOp_EqualOp : CGCOp_BoolResultOp<"equal", "lhs == rhs">;
def CGCOp_GreaterOp : CGCOp_BoolResultOp<"greater", "lhs > rhs">;
def CGCOp_GreaterOrEqualOp
    : CGCOp_BoolResultOp<"greater_or_equal", "lhs >= rhs">;
def CGCOp_LessOp : CGCOp_BoolResultOp<"less", "lhs < rhs">;
def CGCOp_LessOrEqualOp : CGCOp_BoolResultOp<"less_or_equal", "lhs <= rhs">;

//===----------------------------------------------------------------------===//
// Variadic
//===----------------------------------------------------------------------===//

class CGCOp_VariadicOp<string mnemonic, string text>
    : CGCOp_LayerOp<mnemonic> {
  let summary = text # " of 1..N tensors of one element type, broadcast";
  let arguments = (ins Variadic<CGC_AnyTensor>:$inputs);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_MaxOp : CGCOp_VariadicOp<"max", "Elementwise maximum (NaN wins)">;
def CGCOp_MinOp : CGCOp_VariadicOp<"min", "Elementwise minimum (NaN wins)">;
def CGCOp_SumOp : CGCOp_VariadicOp<"sum", "Elementwise sum">;
def CGCOp_MeanOp : CGCOp_VariadicOp<"mean", "Elementwise mean">;

//===----------------------------------------------------------------------===//
// Selection, clipping, conversion
//===----------------------------------------------------------------------===//

def CGCOp_WhereOp : CGCOp_LayerOp<"where"> {
  let summary = "condition ? x : y, broadcasting all three";
  let arguments = (ins CGC_AnyTensor:$condition, CGC_AnyTensor:$x,
                       CGC_AnyTensor:$y);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ClipOp : CGCOp_LayerOp<"clip"> {
  let summary = "Limit the input to [min, max]";
  let description = [{
    Each bound is a static attribute (`min_value`, `max_value`; known at
    import time; +-infinity means no limit) or a run-time scalar operand of
    the input's element type (ONNX Clip-11+ inputs). The `bounds` operands
    supply, min first, the sides that have no attribute: none (attributes
    only, an absent attribute meaning no limit), one (exactly one attribute
    given) or two (no attributes). As in ONNX, min > max yields max.
  }];
  let arguments = (ins CGC_AnyTensor:$input, Variadic<CGC_AnyTensor>:$bounds,
                       OptionalAttr<F64Attr>:$min_value,
                       OptionalAttr<F64Attr>:$max_value);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_BitCastOp : CGCOp_LayerOp<"bitcast"> {
  let summary = "Reinterpret the bits of each element as the element type "
                "`to` of the same width (ONNX BitCast, opset 26)";
  let arguments = (ins CGC_AnyTensor:$input, TypeAttr:$to);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_CastOp : CGCOp_LayerOp<"cast"> {
  let summary = "Convert elements to the element type `to`";
  let description = [{
    `to` is a type attribute holding a cgc element type, e.g.
    `{to = !cgc.float16}`; the result has the input's shape and that element
    type (ONNX Cast and CastLike). Float to integer truncates toward zero,
    anything to bool is x != 0, float16/bfloat16 round to nearest even.
    `saturate` and `round_mode` apply to float8 results only (Cast-19,
    Cast-24): out-of-range values become the largest finite value when
    `saturate`, infinity or NaN otherwise; float8e8m0 rounds "up", "down"
    or to "nearest".
  }];
  let arguments = (ins CGC_AnyTensor:$input, TypeAttr:$to,
                       DefaultValuedAttr<BoolAttr, "true">:$saturate,
                       DefaultValuedAttr<StrAttr, "\"up\"">:$round_mode);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_LOGICOPS_TD
