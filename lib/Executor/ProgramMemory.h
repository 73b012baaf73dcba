//===- ProgramMemory.h - The device memory of one program -------*- C++ -*-===//
//
// One resource per program argument (inputs, outputs, scratch) and per named
// constant, allocated once on the device whose memory the program's
// partitions share, and the GPU address range of every memref value of the
// program body (arguments, constants and the views into them).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_TENSOR_PROGRAM_PROGRAMMEMORY_H
#define OPENCGC_LIB_TENSOR_PROGRAM_PROGRAMMEMORY_H

#include "opencgc/Device/Device.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace opencgc::runtime {

/// How the program's invokes bind a named constant: as it is, and in which
/// layouts their partitions' kernels read it (constant preprocessing).
struct ConstantBinding {
  bool plain = false;
  llvm::SmallVector<ConstantLayout, 1> layouts;
};
using ConstantBindings = llvm::DenseMap<mlir::Value, ConstantBinding>;

class ProgramMemory {
public:
  /// Allocates every resource on `device` and resolves every view: a
  /// constant gets one resource per layout `bindings` names, and a plain
  /// one unless it is bound only re-laid out. Errors name the argument,
  /// constant or view.
  static llvm::Expected<std::unique_ptr<ProgramMemory>>
  allocate(cgc::ProgramOp program, device::Device &device,
           const ConstantBindings &bindings);

  /// Copies `inputs` into the input resources (checking each against its
  /// argument) and fills outputs and scratch with the poison byte.
  llvm::Error prepareRun(const ProgramSignature &signature,
                         llvm::ArrayRef<Tensor> inputs);
  /// Makes sure every constant resource holds `constants`' value, each
  /// laid-out one the value in its layout (made here, once per value).
  llvm::Error bindConstants(reference::ConstantLookup constants);

  /// The output tensors, read from their resources.
  llvm::Expected<std::vector<Tensor>>
  readOutputs(const ProgramSignature &signature) const;

  /// The range of a memref value of the program body; of a constant's
  /// copy in `layout`.
  device::GpuVirtualAddressRange
  getRange(mlir::Value value,
           ConstantLayout layout = ConstantLayout::Plain) const {
    if (layout == ConstantLayout::Plain)
      return ranges.lookup(value);
    for (const LaidOutCopy &copy : copiesOf(value))
      if (copy.layout == layout)
        return copy.range;
    return {};
  }

private:
  explicit ProgramMemory(cgc::ProgramOp program) : program(program) {}
  llvm::Error allocateValue(mlir::Value value, device::Device &device,
                            const llvm::Twine &what);
  llvm::Error allocateConstant(cgc::ConstantOp constant, device::Device &device,
                               const ConstantBinding &binding);
  llvm::Error bindConstant(cgc::ConstantOp constant,
                           reference::ConstantLookup lookup);

  mutable cgc::ProgramOp program;
  llvm::DenseMap<mlir::Value, std::shared_ptr<device::Resource>> resources;
  llvm::DenseMap<mlir::Value, device::GpuVirtualAddressRange> ranges;
  /// The tensor each constant resource was last filled from: a lookup that
  /// hands out the same storage again (weights) is not copied again.
  llvm::DenseMap<mlir::Value, Tensor> constantSources;
  /// A constant's copy in a layout other than Plain.
  struct LaidOutCopy {
    ConstantLayout layout;
    std::shared_ptr<device::Resource> resource;
    device::GpuVirtualAddressRange range;
  };
  /// Each constant's laid-out copies.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<LaidOutCopy, 1>> laidOut;
  llvm::ArrayRef<LaidOutCopy> copiesOf(mlir::Value constant) const {
    auto it = laidOut.find(constant);
    return it == laidOut.end() ? llvm::ArrayRef<LaidOutCopy>()
                               : llvm::ArrayRef<LaidOutCopy>(it->second);
  }
};

/// Checks a tensor against the memref type whose memory it fills.
llvm::Error checkTensor(const Tensor &value, cgc::MemRefType type,
                        const llvm::Twine &what);

/// A program argument's name for messages: its cgc.name, or `fallback`
/// (input0, output1, ..., as drivers name them).
std::string argumentName(cgc::ProgramOp program, unsigned index,
                         const llvm::Twine &fallback);

} // namespace opencgc::runtime

#endif // OPENCGC_LIB_TENSOR_PROGRAM_PROGRAMMEMORY_H
