//===- MathInference.cpp - Result types of the math family ---------===//
#include "opencgc/Dialect/CGCOp/MathOps.h"

#include "InferenceUtils.h"

namespace opencgc::cgc_op {} // namespace opencgc::cgc_op
