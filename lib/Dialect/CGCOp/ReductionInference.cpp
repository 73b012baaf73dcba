//===- ReductionInference.cpp - Result types of the reduction family ---------===//
#include "opencgc/Dialect/CGCOp/ReductionOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
