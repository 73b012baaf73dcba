//===- NormalizationInference.cpp - Result types of the normalization family ---------===//
#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
