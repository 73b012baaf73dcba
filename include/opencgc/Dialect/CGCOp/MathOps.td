//===- MathOps.td - cgc_op math family ---------------------*- tablegen -*-===//
//
// The unary math functions and activations (Abs ... Atanh, Elu, Selu,
// LeakyRelu, HardSigmoid, ...) and PRelu.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/MathInference.cpp), a reference kernel
// (lib/ReferenceKernels/MathKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/MathConverters.cpp).
//
// Element type restrictions (float only, signed, bool, ...) are checked by
// inference, which also gives is_nan and is_inf their bool results.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_MATHOPS_TD
#define OPENCGC_DIALECT_CGCOP_MATHOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

// An elementwise function without attributes.
class CGCOp_MathUnaryOp<string mnemonic, string formula>
    : CGCOp_UnaryOp<mnemonic> {
  let summary = formula;
}

// An elementwise function with (defaulted) attributes after the input.
class CGCOp_MathAttrOp<string mnemonic, string formula, dag attrs>
    : CGCOp_LayerOp<mnemonic> {
  let summary = formula;
  let arguments = !con((ins CGC_AnyTensor:$input), attrs);
  let results = (outs CGC_AnyTensor:$output);
}

//===----------------------------------------------------------------------===//
// Arithmetic and rounding
//===----------------------------------------------------------------------===//

def CGCOp_AbsOp : CGCOp_MathUnaryOp<"abs", "|x| (any numeric type)">;
def CGCOp_NegOp : CGCOp_MathUnaryOp<"neg", "-x (float or signed integer)">;
def CGCOp_SignOp : CGCOp_MathUnaryOp<"sign", "-1, 0 or 1 (any numeric type)">;
def CGCOp_CeilOp : CGCOp_MathUnaryOp<"ceil", "Smallest integer >= x">;
def CGCOp_FloorOp : CGCOp_MathUnaryOp<"floor", "Largest integer <= x">;
def CGCOp_RoundOp : CGCOp_MathUnaryOp<"round",
    "Nearest integer, halves to even">;
def CGCOp_ReciprocalOp : CGCOp_MathUnaryOp<"reciprocal", "1 / x">;
def CGCOp_SqrtOp : CGCOp_MathUnaryOp<"sqrt", "Square root">;
def CGCOp_ExpOp : CGCOp_MathUnaryOp<"exp", "e^x">;
def CGCOp_LogOp : CGCOp_MathUnaryOp<"log", "Natural logarithm">;
def CGCOp_ErfOp : CGCOp_MathUnaryOp<"erf", "Gauss error function">;

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic
//===----------------------------------------------------------------------===//

def CGCOp_SinOp : CGCOp_MathUnaryOp<"sin", "Sine">;
def CGCOp_CosOp : CGCOp_MathUnaryOp<"cos", "Cosine">;
def CGCOp_TanOp : CGCOp_MathUnaryOp<"tan", "Tangent">;
def CGCOp_AsinOp : CGCOp_MathUnaryOp<"asin", "Arcsine">;
def CGCOp_AcosOp : CGCOp_MathUnaryOp<"acos", "Arccosine">;
def CGCOp_AtanOp : CGCOp_MathUnaryOp<"atan", "Arctangent">;
def CGCOp_SinhOp : CGCOp_MathUnaryOp<"sinh", "Hyperbolic sine">;
def CGCOp_CoshOp : CGCOp_MathUnaryOp<"cosh", "Hyperbolic cosine">;
def CGCOp_AsinhOp : CGCOp_MathUnaryOp<"asinh", "Inverse hyperbolic sine">;
def CGCOp_AcoshOp : CGCOp_MathUnaryOp<"acosh", "Inverse hyperbolic cosine">;
def CGCOp_AtanhOp : CGCOp_MathUnaryOp<"atanh", "Inverse hyperbolic tangent">;

//===----------------------------------------------------------------------===//
// Predicates and logic
//===----------------------------------------------------------------------===//

def CGCOp_NotOp : CGCOp_MathUnaryOp<"not", "Logical not of a bool tensor">;
def CGCOp_IsNanOp : CGCOp_MathUnaryOp<"is_nan",
    "True where x is NaN (bool result)">;
def CGCOp_IsInfOp : CGCOp_MathAttrOp<"is_inf",
    "True where x is an infinity of a detected sign (bool result)",
    (ins DefaultValuedAttr<BoolAttr, "true">:$detect_negative,
         DefaultValuedAttr<BoolAttr, "true">:$detect_positive)>;

//===----------------------------------------------------------------------===//
// Activations (Relu, Sigmoid, Tanh, Gelu are core ops in CGCOpOps.td)
//===----------------------------------------------------------------------===//

def CGCOp_SoftplusOp : CGCOp_MathUnaryOp<"softplus", "log(1 + e^x)">;
def CGCOp_SoftsignOp : CGCOp_MathUnaryOp<"softsign", "x / (1 + |x|)">;
def CGCOp_HardSwishOp : CGCOp_MathUnaryOp<"hard_swish",
    "x * max(0, min(1, x / 6 + 1 / 2))">;

def CGCOp_EluOp : CGCOp_MathAttrOp<"elu",
    "x for x >= 0, alpha * (e^x - 1) otherwise",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def CGCOp_SeluOp : CGCOp_MathAttrOp<"selu",
    "gamma * x for x > 0, gamma * alpha * (e^x - 1) otherwise",
    (ins DefaultValuedAttr<F32Attr, "1.67326319217681884765625f">:$alpha,
         DefaultValuedAttr<F32Attr, "1.05070102214813232421875f">:$gamma)>;
def CGCOp_LeakyReluOp : CGCOp_MathAttrOp<"leaky_relu",
    "x for x >= 0, alpha * x otherwise",
    (ins DefaultValuedAttr<F32Attr, "0.01f">:$alpha)>;
def CGCOp_HardSigmoidOp : CGCOp_MathAttrOp<"hard_sigmoid",
    "max(0, min(1, alpha * x + beta))",
    (ins DefaultValuedAttr<F32Attr, "0.2f">:$alpha,
         DefaultValuedAttr<F32Attr, "0.5f">:$beta)>;
def CGCOp_ThresholdedReluOp : CGCOp_MathAttrOp<"thresholded_relu",
    "x for x > alpha, 0 otherwise",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def CGCOp_CeluOp : CGCOp_MathAttrOp<"celu",
    "max(0, x) + min(0, alpha * (e^(x / alpha) - 1)); alpha != 0",
    (ins DefaultValuedAttr<F32Attr, "1.0f">:$alpha)>;
def CGCOp_ShrinkOp : CGCOp_MathAttrOp<"shrink",
    "x + bias for x < -lambd, x - bias for x > lambd, 0 otherwise",
    (ins DefaultValuedAttr<F32Attr, "0.0f">:$bias,
         DefaultValuedAttr<F32Attr, "0.5f">:$lambd)>;

def CGCOp_PReluOp : CGCOp_LayerOp<"prelu"> {
  let summary = "x for x >= 0, slope * x otherwise";
  let description = [{
    slope broadcasts unidirectionally to input (numpy rules, the result has
    the input's shape).
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$slope);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_MATHOPS_TD
