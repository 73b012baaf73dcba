//===- PartitionInvokes.cpp - A partition's invokes for GPU devices -------===//
#include "PartitionInvokes.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Interchange/ModuleFile.h"

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

} // namespace opencgc::device
