//===- ConstantLayouts.cpp - Which constants a partition re-lays out ------===//
#include "ConstantLayouts.h"

#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "llvm/ADT/DenseMap.h"

#include <utility>

namespace opencgc::device {
namespace {
/// An invoke operand: the subgraph's symbol and its input number.
using Reader = std::pair<llvm::StringRef, unsigned>;

/// Per bind point, the one (subgraph, input) that reads it, or nothing when
/// it is not a constant or more than one does (or it is written).
llvm::DenseMap<unsigned, std::optional<Reader>>
soleReaders(cgc::PartitionOp partition,
            llvm::ArrayRef<PartitionInvoke> invokes) {
  llvm::DenseMap<unsigned, std::optional<Reader>> readers;
  for (const PartitionInvoke &invoke : invokes) {
    cgc::SubgraphOp subgraph = invoke.subgraph;
    unsigned inputs = subgraph.getFunctionalDefinition().getNumArguments();
    for (auto [number, bindPoint] : llvm::enumerate(invoke.operands)) {
      auto type = llvm::dyn_cast<cgc::MemRefType>(
          partition.getArgument(bindPoint).getType());
      Reader reader{subgraph.getSymName(), unsigned(number)};
      bool readable = number < inputs && type && type.getIsConstant();
      auto [it, first] = readers.try_emplace(
          bindPoint, readable ? std::optional<Reader>(reader) : std::nullopt);
      if (!first && it->second != reader)
        it->second.reset();
    }
  }
  return readers;
}
} // namespace

llvm::StringMap<codegen::KernelOptions>
chooseRelayoutableInputs(cgc::PartitionOp partition,
                         llvm::ArrayRef<PartitionInvoke> invokes) {
  auto readers = soleReaders(partition, invokes);
  llvm::StringMap<codegen::KernelOptions> options;
  for (const PartitionInvoke &invoke : invokes) {
    cgc::SubgraphOp subgraph = invoke.subgraph;
    llvm::StringRef name = subgraph.getSymName();
    unsigned inputs = subgraph.getFunctionalDefinition().getNumArguments();
    auto [it, first] = options.try_emplace(name);
    std::vector<bool> &allowed = it->second.relayoutableInputs;
    if (first)
      allowed.assign(inputs, true);
    for (unsigned number = 0; number < inputs; ++number) {
      std::optional<Reader> sole = readers.lookup(invoke.operands[number]);
      if (!sole || *sole != Reader{name, number})
        allowed[number] = false;
    }
  }
  return options;
}

void recordInputLayouts(
    std::vector<BindPoint> &bindPoints, cgc::PartitionOp partition,
    llvm::ArrayRef<PartitionInvoke> invokes,
    const llvm::StringMap<codegen::KernelOptions> &options) {
  llvm::StringMap<std::vector<ConstantLayout>> layouts;
  for (const PartitionInvoke &invoke : invokes) {
    cgc::SubgraphOp subgraph = invoke.subgraph;
    llvm::StringRef name = subgraph.getSymName();
    if (!layouts.count(name))
      layouts[name] = codegen::getInputLayouts(subgraph, options.lookup(name));
    for (auto [number, layout] : llvm::enumerate(layouts[name])) {
      if (layout == ConstantLayout::Plain)
        continue;
      unsigned bindPoint = invoke.operands[number];
      auto type = llvm::cast<cgc::MemRefType>(
          partition.getArgument(bindPoint).getType());
      BindPoint &point = bindPoints[bindPoint];
      point.layout = layout;
      point.sizeInBytes =
          getLaidOutByteSize(layout, type.getShape(), type.getByteSize());
    }
  }
}

} // namespace opencgc::device
