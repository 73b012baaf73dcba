//===- MathOps.td - cgc_op math family -------------------------*- tablegen -*-===//
//
// The unary math and activation functions (Abs ... Tan, Elu, Selu, LeakyRelu, HardSigmoid, ...).
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/MathInference.cpp), a reference kernel
// (lib/Runtime/Reference/MathKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/MathConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_MATHOPS_TD
#define OPENCGC_DIALECT_CGCOP_MATHOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

#endif // OPENCGC_DIALECT_CGCOP_MATHOPS_TD
