//===- PartitionInterpreter.cpp - Reference partition execution -----------===//
//
// Compiling is reading and checking the Partition IR; dispatching walks the
// partition body in order, resolving every memref to bytes of the bound
// memory and running each invoked subgraph's functional definition with the
// reference kernels.
//
//===----------------------------------------------------------------------===//
#include "PartitionInterpreter.h"

#include "opencgc/Device/BindingChecks.h"
#include "opencgc/Dialect/TypeString.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/ReferenceKernels/Executor.h"
#include "llvm/ADT/DenseMap.h"

#include <cstring>

using namespace mlir;

namespace opencgc::device {
namespace {
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

class InterpretedPartition final : public HostPartition {
public:
  InterpretedPartition(OwningOpRef<cgc::ModuleOp> module,
                       cgc::PartitionOp partition)
      : module(std::move(module)), partition(partition),
        name(partition.getSymName().str()),
        bindPoints(describeBindPoints(partition)) {}

  llvm::StringRef getName() const override { return name; }
  llvm::ArrayRef<BindPoint> getBindPoints() const override {
    return bindPoints;
  }

  llvm::Error run(llvm::ArrayRef<MemorySpan> bound) const override {
    llvm::DenseMap<Value, MemorySpan> spans;
    for (auto [arg, span] :
         llvm::zip_equal(partition.getBodyBlock()->getArguments(), bound))
      spans[arg] = span;
    for (Operation &op : partition.getBodyBlock()->without_terminator()) {
      if (auto view = dyn_cast<cgc::ViewMemRefOp>(op)) {
        if (auto error = bindView(view, spans))
          return error;
      } else if (auto error = runInvoke(cast<cgc::InvokeOp>(op), spans)) {
        return error;
      }
    }
    return llvm::Error::success();
  }

private:
  llvm::Error dispatchError(const llvm::Twine &message) const {
    return makeError("partition @" + name + ": " + message);
  }

  llvm::Error bindView(cgc::ViewMemRefOp view,
                       llvm::DenseMap<Value, MemorySpan> &spans) const {
    MemorySpan source = spans.lookup(view.getSource());
    uint64_t offset = view.getOffset();
    uint64_t size = cast<cgc::MemRefType>(view.getType()).getByteSize();
    // The verifier checks views against the source type; the bound memory
    // is at least that large, so this only guards against bad IR.
    if (offset > source.size || size > source.size - offset)
      return dispatchError("view at byte " + llvm::Twine(offset) + " of " +
                           llvm::Twine(size) + " bytes runs past its " +
                           llvm::Twine(source.size) + "-byte source");
    spans[view.getResult()] = {source.data + offset, size};
    return llvm::Error::success();
  }

  llvm::Error runInvoke(cgc::InvokeOp invoke,
                        const llvm::DenseMap<Value, MemorySpan> &spans) const {
    auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    cgc::FunctionalDefinitionOp function = subgraph.getFunctionalDefinition();
    unsigned numInputs = function.getNumArguments();
    std::vector<Tensor> inputs;
    for (Value operand : invoke.getOperands().take_front(numInputs))
      inputs.push_back(readTensor(operand, spans.lookup(operand)));
    llvm::Expected<std::vector<Tensor>> results =
        reference::executeFunction(function, inputs);
    if (!results)
      return dispatchError("subgraph @" + subgraph.getSymName() + ": " +
                           llvm::toString(results.takeError()));
    for (auto [operand, result] :
         llvm::zip(invoke.getOperands().drop_front(numInputs), *results)) {
      MemorySpan span = spans.lookup(operand);
      if (result.getByteSize() != span.size)
        return dispatchError("subgraph @" + subgraph.getSymName() +
                             " produced " + llvm::Twine(result.getByteSize()) +
                             " bytes for a " + llvm::Twine(span.size) +
                             "-byte output");
      std::memcpy(span.data, result.getBytes(), span.size);
    }
    return llvm::Error::success();
  }

  static Tensor readTensor(Value memref, MemorySpan span) {
    auto type = cast<cgc::MemRefType>(memref.getType());
    // Compilation checked every element type maps to a DType.
    Tensor tensor(*dtypeFromElementType(type.getElementType()),
                  type.getShape());
    if (tensor.getByteSize())
      std::memcpy(tensor.getBytes(), span.data, tensor.getByteSize());
    return tensor;
  }

  OwningOpRef<cgc::ModuleOp> module;
  // Op handles are values whose accessors are not const.
  mutable cgc::PartitionOp partition;
  std::string name;
  std::vector<BindPoint> bindPoints;
};

/// The single partition of Partition IR, whose body the interpreter can
/// walk: views and invokes of subgraphs whose ops all have kernels.
llvm::Expected<cgc::PartitionOp> checkPartitionIR(cgc::ModuleOp module) {
  if (classifyModule(module) != MlirInterface::CgcSubgraphPartition)
    return makeError("the container holds " +
                     getInterfaceName(classifyModule(module)) +
                     " content, not Partition IR");
  auto partitions = module.getBodyBlock()->getOps<cgc::PartitionOp>();
  auto count = std::distance(partitions.begin(), partitions.end());
  if (count != 1)
    return makeError("Partition IR must hold exactly one cgc.partition, "
                     "found " +
                     llvm::Twine(count));
  cgc::PartitionOp partition = *partitions.begin();
  for (Operation &op : partition.getBodyBlock()->without_terminator())
    if (!isa<cgc::ViewMemRefOp, cgc::InvokeOp>(op))
      return makeError("partition @" + partition.getSymName() +
                       ": the reference device cannot run '" +
                       op.getName().getStringRef() + "' in a partition body");
  for (Type type : partition.getArgumentTypes())
    if (!dtypeFromElementType(cast<cgc::MemRefType>(type).getElementType()))
      return makeError("partition @" + partition.getSymName() +
                       ": unsupported bind point type " + typeString(type));
  for (auto subgraph : module.getBodyBlock()->getOps<cgc::SubgraphOp>())
    if (auto error = reference::checkReferenceKernels(subgraph))
      return makeError("partition @" + partition.getSymName() + ", subgraph @" +
                       subgraph.getSymName() + ": " +
                       llvm::toString(std::move(error)));
  return partition;
}
} // namespace

llvm::Expected<std::shared_ptr<HostPartition>>
compileReferencePartition(MLIRContext &context,
                          llvm::ArrayRef<uint8_t> partitionContainer) {
  auto module =
      readModuleContainer(partitionContainer, context,
                          MlirInterface::CgcSubgraphPartition, "partition");
  if (!module)
    return module.takeError();
  auto partition = checkPartitionIR(module->get());
  if (!partition)
    return partition.takeError();
  return std::make_shared<InterpretedPartition>(std::move(*module), *partition);
}

} // namespace opencgc::device
