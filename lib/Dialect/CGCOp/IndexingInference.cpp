//===- IndexingInference.cpp - Result types of the indexing family ---------===//
#include "opencgc/Dialect/CGCOp/IndexingOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
