//===- PartitionInvokes.cpp - A partition's invokes for GPU devices -------===//
#include "PartitionInvokes.h"
#include "ConcurrentJobs.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace opencgc::device {

llvm::Expected<PartitionModule>
readPartitionContainer(llvm::ArrayRef<uint8_t> container,
                       MLIRContext &context) {
  auto module = readModuleContainer(container, context,
                                    MlirInterface::CgcSubgraphPartition,
                                    "partition container");
  if (!module)
    return module.takeError();
  auto partitions = (*module)->getBodyBlock()->getOps<cgc::PartitionOp>();
  if (!llvm::hasSingleElement(partitions))
    return llvm::createStringError(
        "partition container: expected exactly one cgc.partition");
  cgc::PartitionOp partition = *partitions.begin();
  return PartitionModule{std::move(*module), partition};
}

llvm::Expected<std::vector<PartitionInvoke>>
collectPartitionInvokes(cgc::PartitionOp partition,
                        llvm::StringRef deviceName) {
  std::vector<PartitionInvoke> invokes;
  for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    PartitionInvoke step;
    step.subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    if (!step.subgraph)
      return llvm::createStringError("invokes @" + invoke.getCallee() +
                                     ", not a subgraph");
    for (Value operand : invoke.getOperands()) {
      auto argument = dyn_cast<BlockArgument>(operand);
      if (!argument)
        return llvm::createStringError(
            "invoke operands must be bind points (views inside a partition "
            "are not supported on " +
            deviceName + " yet)");
      step.operands.push_back(argument.getArgNumber());
    }
    if (auto depends = invoke->getAttrOfType<DenseI64ArrayAttr>("cgc.depends"))
      step.depends.emplace(depends.asArrayRef().begin(),
                           depends.asArrayRef().end());
    invokes.push_back(std::move(step));
  }
  return invokes;
}

namespace {
/// The step of each invoke, in order.
std::vector<InvokeStep>
describeSteps(llvm::MutableArrayRef<PartitionInvoke> invokes) {
  std::vector<InvokeStep> steps;
  for (PartitionInvoke &invoke : invokes) {
    InvokeStep step;
    step.subgraph = invoke.subgraph.getSymName().str();
    step.operands = invoke.operands;
    if (invoke.depends)
      step.depends = *invoke.depends;
    else if (!steps.empty()) // Without a schedule, wait for everything.
      step.depends.push_back(steps.size() - 1);
    steps.push_back(std::move(step));
  }
  return steps;
}

/// The first invoke of each subgraph, in order.
std::vector<PartitionInvoke *>
firstInvokes(llvm::MutableArrayRef<PartitionInvoke> invokes) {
  std::vector<PartitionInvoke *> firsts;
  llvm::StringSet<> seen;
  for (PartitionInvoke &invoke : invokes)
    if (seen.insert(invoke.subgraph.getSymName()).second)
      firsts.push_back(&invoke);
  return firsts;
}
} // namespace

llvm::Expected<std::vector<InvokeStep>>
generateInvokeSteps(llvm::MutableArrayRef<PartitionInvoke> invokes,
                    SubgraphGenerator generate) {
  for (PartitionInvoke *invoke : firstInvokes(invokes))
    if (llvm::Error error = generate(*invoke))
      return std::move(error);
  return describeSteps(invokes);
}

llvm::Expected<std::vector<InvokeStep>>
generateInvokeStepsConcurrently(llvm::MutableArrayRef<PartitionInvoke> invokes,
                                SubgraphGenerator generate) {
  std::vector<PartitionInvoke *> firsts = firstInvokes(invokes);
  if (llvm::Error error = runConcurrently(firsts.size(), [&](size_t index) {
        return generate(*firsts[index]);
      }))
    return std::move(error);
  return describeSteps(invokes);
}

} // namespace opencgc::device
