//===- ResamplingInference.cpp - Result types of the resampling family -----===//
#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
