//===- NormalizationOps.td - cgc_op normalization family -------*- tablegen -*-===//
//
// The batch/layer/instance normalization, LRN, mean-variance normalization, conv_transpose and Lp pooling.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/NormalizationInference.cpp), a reference kernel
// (lib/Runtime/Reference/NormalizationKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/NormalizationConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD
#define OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

#endif // OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD
