//===- LogicInference.cpp - Result types of the logic family ---------===//
#include "opencgc/Dialect/CGCOp/LogicOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
