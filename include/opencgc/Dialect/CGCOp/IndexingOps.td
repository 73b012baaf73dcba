//===- IndexingOps.td - cgc_op indexing family -----------------*- tablegen -*-===//
//
// The gather/scatter, slice, split, pad, expand, tile, resize, depth/space rearrangements, range, constant_of_shape, one_hot, trilu.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/IndexingInference.cpp), a reference kernel
// (lib/Runtime/Reference/IndexingKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/IndexingConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD
#define OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

#endif // OPENCGC_DIALECT_CGCOP_INDEXINGOPS_TD
