//===- LogicOps.td - cgc_op logic family -----------------------*- tablegen -*-===//
//
// The binary arithmetic beyond the core set, comparisons, logic, variadic min/max/sum/mean, where, clip and cast.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/LogicInference.cpp), a reference kernel
// (lib/Runtime/Reference/LogicKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/LogicConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_LOGICOPS_TD
#define OPENCGC_DIALECT_CGCOP_LOGICOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

#endif // OPENCGC_DIALECT_CGCOP_LOGICOPS_TD
