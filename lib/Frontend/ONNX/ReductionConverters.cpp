//===- ReductionConverters.cpp - ONNX converters of the reduction family
//-----===//
//
// Reduce*, ArgMax/ArgMin, LogSoftmax, Hardmax, CumSum and TopK. Shape-like
// inputs (axes, axis, k) must be known at import time.
//
//===----------------------------------------------------------------------===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/ReductionOps.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

NamedAttribute boolAttr(ImportContext &ctx, StringRef name, int64_t value) {
  return ctx.namedAttr(name, ctx.getBuilder().getBoolAttr(value != 0));
}

NamedAttribute i64Attr(ImportContext &ctx, StringRef name, int64_t value) {
  return ctx.namedAttr(name, ctx.getBuilder().getI64IntegerAttr(value));
}

/// ReduceSum takes `axes` as an input from opset 13, the other reductions
/// from opset 18; before that it is an attribute. Either may be absent
/// (reduce everything unless noop_with_empty_axes).
template <typename OpTy>
llvm::Error convertReduce(ImportContext &ctx, int64_t axesInputOpset) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  std::vector<int64_t> axes;
  if (ctx.getOpset() >= axesInputOpset) {
    if (ctx.hasInput(1)) {
      llvm::Expected<Tensor> axesTensor = ctx.staticInput(1, "axes");
      if (!axesTensor)
        return axesTensor.takeError();
      axes = axesTensor->toIntVector();
    }
  } else if (auto attr = ctx.intsAttr("axes")) {
    axes = *attr;
  }
  SmallVector<NamedAttribute> attrs = {
      boolAttr(ctx, "keepdims", ctx.intAttr("keepdims", 1)),
      boolAttr(ctx, "noop_with_empty_axes",
               ctx.intAttr("noop_with_empty_axes", 0))};
  if (!axes.empty())
    attrs.push_back(ctx.namedAttr("axes", ctx.i64Array(axes)));
  return setResult(ctx, ctx.create<OpTy>({*input}, attrs));
}

template <typename OpTy> llvm::Error convertReduceAxesAt18(ImportContext &ctx) {
  return convertReduce<OpTy>(ctx, 18);
}

llvm::Error convertReduceSum(ImportContext &ctx) {
  return convertReduce<cgc_op::ReduceSumOp>(ctx, 13);
}

template <typename OpTy> llvm::Error convertArgReduce(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  return setResult(
      ctx, ctx.create<OpTy>(
               {*input}, {i64Attr(ctx, "axis", ctx.intAttr("axis", 0)),
                          boolAttr(ctx, "keepdims", ctx.intAttr("keepdims", 1)),
                          boolAttr(ctx, "select_last_index",
                                   ctx.intAttr("select_last_index", 0))}));
}

/// A single integer from a static input (CumSum's axis, TopK's k).
llvm::Expected<int64_t> staticScalar(ImportContext &ctx, unsigned index,
                                     StringRef what) {
  llvm::Expected<Tensor> tensor = ctx.staticInput(index, what);
  if (!tensor)
    return tensor.takeError();
  if (tensor->getNumElements() != 1)
    return ctx.malformed("'" + what + "' must hold a single value, got " +
                         formatShape(tensor->getShape()));
  return tensor->getAsInt(0);
}

llvm::Error convertCumSum(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  llvm::Expected<int64_t> axis = staticScalar(ctx, 1, "axis");
  if (!axis)
    return axis.takeError();
  SmallVector<NamedAttribute> attrs = {
      i64Attr(ctx, "axis", *axis),
      boolAttr(ctx, "exclusive", ctx.intAttr("exclusive", 0)),
      boolAttr(ctx, "reverse", ctx.intAttr("reverse", 0))};
  return setResult(ctx, ctx.create<cgc_op::CumSumOp>({*input}, attrs));
}

/// CumProd (opset 26) has CumSum's inputs and attributes.
llvm::Error convertCumProd(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  llvm::Expected<int64_t> axis = staticScalar(ctx, 1, "axis");
  if (!axis)
    return axis.takeError();
  SmallVector<NamedAttribute> attrs = {
      i64Attr(ctx, "axis", *axis),
      boolAttr(ctx, "exclusive", ctx.intAttr("exclusive", 0)),
      boolAttr(ctx, "reverse", ctx.intAttr("reverse", 0))};
  return setResult(ctx, ctx.create<cgc_op::CumProdOp>({*input}, attrs));
}

/// k is an attribute before opset 10 and an input from then on; largest
/// and sorted exist from opset 11.
llvm::Error convertTopK(ImportContext &ctx) {
  llvm::Expected<Value> input = ctx.input(0);
  if (!input)
    return input.takeError();
  int64_t k = ctx.intAttr("k", -1);
  if (ctx.getOpset() >= 10) {
    llvm::Expected<int64_t> kInput = staticScalar(ctx, 1, "k");
    if (!kInput)
      return kInput.takeError();
    k = *kInput;
  } else if (!ctx.findAttr("k")) {
    return ctx.malformed("missing attribute 'k'");
  }
  llvm::Expected<Value> values = ctx.create<cgc_op::TopKOp>(
      {*input},
      {i64Attr(ctx, "k", k), i64Attr(ctx, "axis", ctx.intAttr("axis", -1)),
       boolAttr(ctx, "largest", ctx.intAttr("largest", 1)),
       boolAttr(ctx, "sorted", ctx.intAttr("sorted", 1))});
  if (!values)
    return values.takeError();
  ctx.setOutput(0, *values);
  ctx.setOutput(1, values->getDefiningOp()->getResult(1));
  return llvm::Error::success();
}

/// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (opset 12/13);
/// the latter's optional second output is log_prob.
template <typename OpTy> llvm::Error convertLoss(ImportContext &ctx) {
  SmallVector<Value> operands;
  for (unsigned i = 0; i < 3; ++i) {
    if (i == 2 && !ctx.hasInput(2))
      break;
    llvm::Expected<Value> operand = ctx.input(i);
    if (!operand)
      return operand.takeError();
    operands.push_back(*operand);
  }
  SmallVector<NamedAttribute> attrs = {ctx.namedAttr(
      "reduction",
      ctx.getBuilder().getStringAttr(ctx.stringAttr("reduction", "mean")))};
  if (ctx.findAttr("ignore_index"))
    attrs.push_back(
        i64Attr(ctx, "ignore_index", ctx.intAttr("ignore_index", 0)));
  llvm::Expected<Value> loss = ctx.create<OpTy>(operands, attrs);
  if (!loss)
    return loss.takeError();
  ctx.setOutput(0, *loss);
  Operation *op = loss->getDefiningOp();
  if (op->getNumResults() > 1 && ctx.getNode().output_size() > 1 &&
      !ctx.getNode().output(1).empty())
    ctx.setOutput(1, op->getResult(1));
  return llvm::Error::success();
}

} // namespace

void registerReductionConverters(ConverterRegistry &registry) {
  using namespace cgc_op;
  std::initializer_list<llvm::StringRef> reduceAttrs = {"axes", "keepdims",
                                                        "noop_with_empty_axes"};
  // Reduce*-18 take axes as an input (ReduceSum did from 13);
  // ReduceMax-20 and ReduceMin-20 add bool, False < True (Changelog.md).
  registry.add("ReduceSum", convertReduceSum, reduceAttrs);
  registry.add("ReduceMean", convertReduceAxesAt18<ReduceMeanOp>, reduceAttrs,
               upTo(18));
  registry.add("ReduceMax", convertReduceAxesAt18<ReduceMaxOp>, reduceAttrs,
               upTo(20));
  registry.add("ReduceMin", convertReduceAxesAt18<ReduceMinOp>, reduceAttrs,
               upTo(20));
  registry.add("ReduceProd", convertReduceAxesAt18<ReduceProdOp>, reduceAttrs,
               upTo(18));
  registry.add("ReduceL1", convertReduceAxesAt18<ReduceL1Op>, reduceAttrs,
               upTo(18));
  registry.add("ReduceL2", convertReduceAxesAt18<ReduceL2Op>, reduceAttrs,
               upTo(18));
  registry.add("ReduceLogSum", convertReduceAxesAt18<ReduceLogSumOp>,
               reduceAttrs, upTo(18));
  registry.add("ReduceLogSumExp", convertReduceAxesAt18<ReduceLogSumExpOp>,
               reduceAttrs, upTo(18));
  registry.add("ReduceSumSquare", convertReduceAxesAt18<ReduceSumSquareOp>,
               reduceAttrs, upTo(18));
  std::initializer_list<llvm::StringRef> argAttrs = {"axis", "keepdims",
                                                     "select_last_index"};
  registry.add("ArgMax", convertArgReduce<ArgMaxOp>, argAttrs);
  registry.add("ArgMin", convertArgReduce<ArgMinOp>, argAttrs);
  registry.add("LogSoftmax", convertSoftmaxLike<LogSoftmaxOp>, {"axis"});
  registry.add("Hardmax", convertSoftmaxLike<HardmaxOp>, {"axis"});
  registry.add("CumSum", convertCumSum, {"exclusive", "reverse"});
  registry.add("CumProd", convertCumProd, {"exclusive", "reverse"});
  // TopK-24 and NegativeLogLikelihoodLoss-22 add bfloat16.
  registry.add("TopK", convertTopK, {"k", "axis", "largest", "sorted"},
               upTo(24));
  registry.add("NegativeLogLikelihoodLoss",
               convertLoss<NegativeLogLikelihoodLossOp>,
               {"reduction", "ignore_index"}, upTo(22));
  registry.add("SoftmaxCrossEntropyLoss",
               convertLoss<SoftmaxCrossEntropyLossOp>,
               {"reduction", "ignore_index"});
}

} // namespace opencgc::onnx_import
