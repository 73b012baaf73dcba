//===- ProgramMemory.h - The device memory of one program -------*- C++ -*-===//
//
// One resource per program argument (inputs, outputs, scratch) and per named
// constant, allocated once on the device whose memory the program's
// partitions share, and the GPU address range of every memref value of the
// program body (arguments, constants and the views into them).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_RUNTIME_PROGRAM_PROGRAMMEMORY_H
#define OPENCGC_LIB_RUNTIME_PROGRAM_PROGRAMMEMORY_H

#include "opencgc/Device/Device.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "llvm/ADT/DenseMap.h"

namespace opencgc::runtime {

class ProgramMemory {
public:
  /// Allocates every resource on `device` and resolves every view. Errors
  /// name the argument, constant or view.
  static llvm::Expected<std::unique_ptr<ProgramMemory>>
  allocate(cgc::ProgramOp program, device::Device &device);

  /// Copies `inputs` into the input resources (checking each against its
  /// argument) and fills outputs and scratch with the poison byte.
  llvm::Error prepareRun(const ProgramSignature &signature,
                         llvm::ArrayRef<Tensor> inputs);
  /// Makes sure every constant resource holds `constants`' value.
  llvm::Error bindConstants(reference::ConstantLookup constants);

  /// The output tensors, read from their resources.
  llvm::Expected<std::vector<Tensor>>
  readOutputs(const ProgramSignature &signature) const;

  /// The range of a memref value of the program body.
  device::GpuVirtualAddressRange getRange(mlir::Value value) const {
    return ranges.lookup(value);
  }

private:
  explicit ProgramMemory(cgc::ProgramOp program) : program(program) {}
  llvm::Error allocateValue(mlir::Value value, device::Device &device,
                            const llvm::Twine &what);
  llvm::Error bindConstant(cgc::ConstantOp constant,
                           reference::ConstantLookup lookup);

  mutable cgc::ProgramOp program;
  llvm::DenseMap<mlir::Value, std::shared_ptr<device::Resource>> resources;
  llvm::DenseMap<mlir::Value, device::GpuVirtualAddressRange> ranges;
  /// The tensor each constant resource was last filled from: a lookup that
  /// hands out the same storage again (weights) is not copied again.
  llvm::DenseMap<mlir::Value, Tensor> constantSources;
};

/// Checks a tensor against the memref type whose memory it fills.
llvm::Error checkTensor(const Tensor &value, cgc::MemRefType type,
                        const llvm::Twine &what);

/// A program argument's name for messages: its cgc.name, or `fallback`
/// (input0, output1, ..., as drivers name them).
std::string argumentName(cgc::ProgramOp program, unsigned index,
                         const llvm::Twine &fallback);

} // namespace opencgc::runtime

#endif // OPENCGC_LIB_RUNTIME_PROGRAM_PROGRAMMEMORY_H
