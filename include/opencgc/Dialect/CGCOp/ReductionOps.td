//===- ReductionOps.td - cgc_op reduction family ---------------*- tablegen -*-===//
//
// The reductions, arg_max/arg_min, log_softmax, hardmax, cum_sum and top_k.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/ReductionInference.cpp), a reference kernel
// (lib/Runtime/Reference/ReductionKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/ReductionConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD
#define OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

#endif // OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD
