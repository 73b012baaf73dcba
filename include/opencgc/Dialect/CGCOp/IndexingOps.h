//===- IndexingOps.h - cgc_op indexing family -------------------------*- C++
//-*-===//
#ifndef OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H
#define OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H

#include "opencgc/Dialect/CGCOp/CGCOpOps.h"

#define GET_OP_CLASSES
#include "opencgc/Dialect/CGCOp/IndexingOps.h.inc"

namespace opencgc::cgc_op {

/// One axis of a slice after ONNX's clamping: first index, step, length.
struct SliceAxis {
  int64_t start, step, count;
};

/// Every dimension of a verified slice's input, resolved (a dimension it
/// does not slice is {0, 1, extent}).
llvm::SmallVector<SliceAxis> resolveSliceAxes(SliceOp slice);

} // namespace opencgc::cgc_op

#endif // OPENCGC_DIALECT_CGCOP_INDEXINGOPS_H
