//===- BindingChecks.cpp - DispatchGraph argument checks ------------------===//
#include "opencgc/Device/BindingChecks.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Dialect/TypeString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace opencgc::device {
namespace {
/// The element size when it is a power of two, else 1 (sub-byte and odd
/// types are only byte-aligned).
uint64_t elementAlignment(cgc::MemRefType type) {
  int64_t elements = type.getNumElements();
  if (elements <= 0)
    return 1;
  uint64_t size = type.getByteSize() / elements;
  return size && llvm::isPowerOf2_64(size) ? size : 1;
}

/// The bind points some invoked subgraph writes (its result operands).
llvm::SmallVector<bool> writtenBindPoints(cgc::PartitionOp partition) {
  llvm::SmallVector<bool> written(partition.getNumArguments(), false);
  for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    if (!subgraph || !subgraph.getFunctionalDefinition())
      continue;
    unsigned numInputs = subgraph.getFunctionalDefinition().getNumArguments();
    for (Value operand : invoke.getOperands().drop_front(numInputs)) {
      while (auto view = operand.getDefiningOp<cgc::ViewMemRefOp>())
        operand = view.getSource();
      if (auto argument = dyn_cast<BlockArgument>(operand))
        written[argument.getArgNumber()] = true;
    }
  }
  return written;
}

class BindingChecker {
public:
  BindingChecker(llvm::StringRef programName, MlirProgramsTier tier)
      : prefix("DispatchGraph of program '" + programName.str() + "': "),
        tier(tier) {}

  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError(prefix + message.str());
  }

  llvm::Error checkGpu(const BindPoint &point, const ProgramBinding &binding,
                       const std::string &what) const {
    const GpuVirtualAddressRange &range = binding.gpuBinding;
    if (range.sizeInBytes < point.sizeInBytes)
      return fail(what + " needs " + llvm::Twine(point.sizeInBytes) +
                  " bytes but is bound to a " + llvm::Twine(range.sizeInBytes) +
                  "-byte range");
    if (!range.startAddress && point.sizeInBytes)
      return fail(what + " is bound to a null address");
    if (range.startAddress + range.sizeInBytes < range.startAddress)
      return fail(what + " is bound to a range that wraps around the address "
                         "space");
    if (point.sizeInBytes &&
        !isInsideLiveResource(range.startAddress, point.sizeInBytes))
      return fail(what + " is bound to address 0x" +
                  llvm::utohexstr(range.startAddress) + ", whose " +
                  llvm::Twine(point.sizeInBytes) +
                  " bytes are not inside a live resource");
    if (range.startAddress % point.alignment)
      return fail(what + " is bound to address 0x" +
                  llvm::utohexstr(range.startAddress) +
                  ", which is not a multiple of its element's " +
                  llvm::Twine(point.alignment) + "-byte alignment");
    return llvm::Error::success();
  }

  llvm::Error checkCpu(const BindPoint &point, const ProgramBinding &binding,
                       const std::string &what) const {
    const CpuBinding &data = binding.cpuBinding;
    if (tier < MlirProgramsTier::Tier2_0)
      return fail(what + " is bound to CPU data, which needs MLIR programs "
                         "tier 2.0");
    if (point.written)
      return fail(what + " is written by the program, so it cannot be bound "
                         "to CPU data");
    if (data.dataSizeInBytes != point.sizeInBytes)
      return fail(what + " is " + llvm::Twine(point.sizeInBytes) +
                  " bytes but is bound to " +
                  llvm::Twine(data.dataSizeInBytes) + " bytes of CPU data");
    if (!data.data && data.dataSizeInBytes)
      return fail(what + " is bound to null CPU data");
    return llvm::Error::success();
  }

private:
  std::string prefix;
  MlirProgramsTier tier;
};
} // namespace

std::vector<BindPoint> describeBindPoints(cgc::PartitionOp partition) {
  llvm::SmallVector<bool> written = writtenBindPoints(partition);
  std::vector<BindPoint> points;
  for (auto [index, type] : llvm::enumerate(partition.getArgumentTypes())) {
    auto memref = cast<cgc::MemRefType>(type);
    points.push_back({typeString(type), uint64_t(memref.getByteSize()),
                      elementAlignment(memref), written[index]});
  }
  return points;
}

llvm::Expected<std::vector<const ProgramBinding *>>
checkBindings(llvm::StringRef programName, llvm::ArrayRef<BindPoint> points,
              llvm::ArrayRef<ProgramBinding> bindings, MlirProgramsTier tier) {
  BindingChecker checker(programName, tier);
  std::vector<const ProgramBinding *> bound(points.size(), nullptr);
  for (const ProgramBinding &binding : bindings) {
    if (binding.bindPointIndex >= points.size())
      return checker.fail("binding names bind point " +
                          llvm::Twine(binding.bindPointIndex) +
                          ", but the program has " +
                          llvm::Twine(points.size()) + " bind points");
    if (bound[binding.bindPointIndex])
      return checker.fail("bind point " + llvm::Twine(binding.bindPointIndex) +
                          " is bound more than once");
    if (binding.type != BindingType::Gpu && binding.type != BindingType::Cpu)
      return checker.fail("bind point " + llvm::Twine(binding.bindPointIndex) +
                          " has binding type " +
                          llvm::Twine(static_cast<uint32_t>(binding.type)) +
                          " (expected GPU 0 or CPU 1)");
    bound[binding.bindPointIndex] = &binding;
  }
  for (auto [index, point] : llvm::enumerate(points)) {
    std::string what =
        "bind point " + std::to_string(index) + " (" + point.type + ")";
    const ProgramBinding *binding = bound[index];
    if (!binding)
      return checker.fail(what + " is not bound");
    llvm::Error error = binding->type == BindingType::Gpu
                            ? checker.checkGpu(point, *binding, what)
                            : checker.checkCpu(point, *binding, what);
    if (error)
      return std::move(error);
  }
  return bound;
}

} // namespace opencgc::device
