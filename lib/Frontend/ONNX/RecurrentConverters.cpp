//===- RecurrentConverters.cpp - ONNX RNN, GRU and LSTM -------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/RecurrentOps.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

/// The reference kernels implement ONNX's default activations only.
llvm::Error checkActivations(ImportContext &ctx,
                             llvm::ArrayRef<llvm::StringRef> defaults) {
  if (ctx.findAttr("activation_alpha") || ctx.findAttr("activation_beta"))
    return ctx.unsupported("activation_alpha/activation_beta");
  const onnx::AttributeProto *attr = ctx.findAttr("activations");
  if (!attr)
    return llvm::Error::success();
  for (int i = 0; i < attr->strings_size(); ++i) {
    llvm::StringRef expected = defaults[i % defaults.size()];
    if (!llvm::StringRef(attr->strings(i)).equals_insensitive(expected))
      return ctx.unsupported("activation '" + attr->strings(i) +
                             "' (only the defaults are supported)");
  }
  return llvm::Error::success();
}

Value transposed(ImportContext &ctx, Value value, llvm::ArrayRef<int64_t> perm,
                 llvm::Error &error) {
  llvm::Expected<Value> result = ctx.create<cgc_op::TransposeOp>(
      {value}, {ctx.namedAttr("perm", ctx.i64Array(perm))});
  if (!result) {
    error = result.takeError();
    return {};
  }
  return *result;
}

/// Input `index`, or a zero tensor of `shape` (ONNX's default).
llvm::Expected<Value> inputOrZeros(ImportContext &ctx, unsigned index,
                                   DType dtype, llvm::ArrayRef<int64_t> shape,
                                   llvm::StringRef name) {
  if (ctx.hasInput(index))
    return ctx.input(index);
  return ctx.syntheticConstant(name, Tensor(dtype, shape));
}

template <typename OpTy>
llvm::Error convertRecurrent(ImportContext &ctx, int64_t gates,
                             llvm::ArrayRef<llvm::StringRef> activations) {
  if (auto error = checkActivations(ctx, activations))
    return error;
  bool batchMajor = ctx.intAttr("layout", 0) == 1;
  llvm::Expected<Value> x = ctx.input(0);
  if (!x)
    return x.takeError();
  llvm::Error error = llvm::Error::success();
  (void)!error;
  Value input = batchMajor ? transposed(ctx, *x, {1, 0, 2}, error) : *x;
  if (error)
    return error;
  llvm::ArrayRef<int64_t> shape = shapeOf(input);
  if (shape.size() != 3)
    return ctx.malformed("X must have rank 3");
  int64_t seq = shape[0], batch = shape[1];
  std::string direction = ctx.stringAttr("direction", "forward");
  int64_t dirs = direction == "bidirectional" ? 2 : 1;
  llvm::Expected<Value> w = ctx.input(1);
  if (!w)
    return w.takeError();
  int64_t hidden = ctx.intAttr(
      "hidden_size", shapeOf(*w).size() == 3 ? shapeOf(*w)[1] / gates : 0);
  DType dtype = *dtypeFromElementType(
      cast<cgc::TensorType>(input.getType()).getElementType());
  SmallVector<Value> operands = {input, *w};
  llvm::Expected<Value> r = ctx.input(2);
  if (!r)
    return r.takeError();
  operands.push_back(*r);
  auto bias = inputOrZeros(ctx, 3, dtype, {dirs, 2 * gates * hidden}, "B");
  if (!bias)
    return bias.takeError();
  operands.push_back(*bias);
  llvm::Expected<Value> lens = ctx.hasInput(4) ? ctx.input(4) : [&] {
    Tensor full(DType::Int32, {batch});
    for (int64_t b = 0; b < batch; ++b)
      full.setFromInt(b, seq);
    return llvm::Expected<Value>(ctx.syntheticConstant("sequence_lens", full));
  }();
  if (!lens)
    return lens.takeError();
  operands.push_back(*lens);
  // Initial states are [dirs, batch, hidden]; batch-major models give
  // [batch, dirs, hidden].
  unsigned stateInputs = gates == 4 ? 2 : 1;
  for (unsigned s = 0; s < stateInputs; ++s) {
    unsigned index = 5 + s;
    Value state;
    if (ctx.hasInput(index)) {
      llvm::Expected<Value> given = ctx.input(index);
      if (!given)
        return given.takeError();
      state = batchMajor ? transposed(ctx, *given, {1, 0, 2}, error) : *given;
      if (error)
        return error;
    } else {
      state = ctx.syntheticConstant(s ? "initial_c" : "initial_h",
                                    Tensor(dtype, {dirs, batch, hidden}));
    }
    operands.push_back(state);
  }
  if (gates == 4) {
    auto peepholes = inputOrZeros(ctx, 7, dtype, {dirs, 3 * hidden}, "P");
    if (!peepholes)
      return peepholes.takeError();
    operands.push_back(*peepholes);
  }
  OpBuilder &b = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {
      ctx.namedAttr("hidden_size", b.getI64IntegerAttr(hidden)),
      ctx.namedAttr("direction", b.getStringAttr(direction))};
  if (const onnx::AttributeProto *clip = ctx.findAttr("clip"))
    attrs.push_back(ctx.namedAttr("clip", b.getF32FloatAttr(clip->f())));
  if (gates == 3)
    attrs.push_back(
        ctx.namedAttr("linear_before_reset",
                      b.getBoolAttr(ctx.intAttr("linear_before_reset", 0))));
  if (gates == 4)
    attrs.push_back(ctx.namedAttr(
        "input_forget", b.getBoolAttr(ctx.intAttr("input_forget", 0))));
  llvm::Expected<Value> y = ctx.create<OpTy>(operands, attrs);
  if (!y)
    return y.takeError();
  Operation *op = y->getDefiningOp();
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    Value result = op->getResult(i);
    if (batchMajor)
      result = transposed(ctx, result,
                          i == 0 ? llvm::ArrayRef<int64_t>{2, 0, 1, 3}
                                 : llvm::ArrayRef<int64_t>{1, 0, 2},
                          error);
    if (error)
      return error;
    ctx.setOutput(i, result);
  }
  return llvm::Error::success();
}

llvm::Error convertRnn(ImportContext &ctx) {
  return convertRecurrent<cgc_op::RnnOp>(ctx, 1, {"Tanh"});
}
llvm::Error convertGru(ImportContext &ctx) {
  return convertRecurrent<cgc_op::GruOp>(ctx, 3, {"Sigmoid", "Tanh"});
}
llvm::Error convertLstm(ImportContext &ctx) {
  return convertRecurrent<cgc_op::LstmOp>(ctx, 4, {"Sigmoid", "Tanh", "Tanh"});
}
} // namespace

void registerRecurrentConverters(ConverterRegistry &registry) {
  // RNN-22, GRU-22 and LSTM-22 add bfloat16 (Changelog.md).
  registry.add("RNN", convertRnn,
               {"activation_alpha", "activation_beta", "activations", "clip",
                "direction", "hidden_size", "layout"},
               upTo(22));
  registry.add("GRU", convertGru,
               {"activation_alpha", "activation_beta", "activations", "clip",
                "direction", "hidden_size", "layout", "linear_before_reset"},
               upTo(22));
  registry.add("LSTM", convertLstm,
               {"activation_alpha", "activation_beta", "activations", "clip",
                "direction", "hidden_size", "layout", "input_forget"},
               upTo(22));
}

} // namespace opencgc::onnx_import
