//===- OpClasses.cpp - Classes of cgc_op ops ------------------------------===//
//
// Membership is by op name: the families are spread over several .td files
// and no trait marks them, and a name list is easy to audit against
// docs/patterns.md.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/OpClasses.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace opencgc::compiler {

/// The mnemonic of a cgc_op op, or "" for any other op.
static StringRef cgcOpMnemonic(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name.consume_front("cgc_op.") ? name : StringRef();
}

static bool isIn(Operation *op, const llvm::StringSet<> &names) {
  StringRef mnemonic = cgcOpMnemonic(op);
  return !mnemonic.empty() && names.contains(mnemonic);
}

bool isElementwise(Operation *op) {
  static const llvm::StringSet<> names = {
      // Core arithmetic and activations (CGCOpOps.td).
      "add", "sub", "mul", "div", "relu", "sigmoid", "tanh", "gelu",
      // Math family (MathOps.td): unary functions and activations.
      "abs", "neg", "sign", "ceil", "floor", "round", "reciprocal", "sqrt",
      "exp", "log", "erf", "sin", "cos", "tan", "asin", "acos", "atan", "sinh",
      "cosh", "asinh", "acosh", "atanh", "not", "is_nan", "is_inf", "softplus",
      "softsign", "hard_swish", "elu", "selu", "leaky_relu", "hard_sigmoid",
      "thresholded_relu", "celu", "shrink", "prelu",
      // Logic family (LogicOps.td): binary, comparison, variadic, selection.
      "pow", "mod", "bit_shift", "and", "or", "xor", "equal", "greater",
      "greater_or_equal", "less", "less_or_equal", "max", "min", "sum", "mean",
      "where", "clip", "cast"};
  return isIn(op, names);
}

bool isReduction(Operation *op) {
  static const llvm::StringSet<> names = {
      "reduce_sum",         "reduce_mean",       "reduce_max", "reduce_min",
      "reduce_prod",        "reduce_l1",         "reduce_l2",  "reduce_log_sum",
      "reduce_log_sum_exp", "reduce_sum_square", "arg_max",    "arg_min"};
  return isIn(op, names);
}

bool isNormalization(Operation *op) {
  static const llvm::StringSet<> names = {
      "batch_normalization",    "layer_normalization",
      "instance_normalization", "mean_variance_normalization",
      "lp_normalization",       "lrn"};
  return isIn(op, names);
}

bool isInClass(Operation *op, cgc_pattern::OpClass opClass) {
  switch (opClass) {
  case cgc_pattern::OpClass::Elementwise:
    return isElementwise(op);
  case cgc_pattern::OpClass::Reduction:
    return isReduction(op);
  case cgc_pattern::OpClass::Normalization:
    return isNormalization(op);
  case cgc_pattern::OpClass::Any:
    return !cgcOpMnemonic(op).empty();
  }
  llvm_unreachable("unknown op class");
}

} // namespace opencgc::compiler
