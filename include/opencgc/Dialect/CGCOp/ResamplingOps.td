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

#endif // OPENCGC_DIALECT_CGCOP_RESAMPLINGOPS_TD
