//===- GpuKernelResponder.h - What a GPU kernel target answers --*- C++ -*-===//
//
// The MLIR exchange answers every device whose kernels come from Kernel IR
// gives (vulkan, cuda, nvvm-host, dxil-host): the GPU kernel declaration
// under the device's name, and a subgraph accepted when the kernel
// generator lowers it and the device has what the kernels need.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELRESPONDER_H
#define OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELRESPONDER_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <functional>
#include <optional>
#include <string>

namespace opencgc::device {

/// What a device lacks to run a subgraph the kernel generator lowers (for
/// instance Vulkan's optional 16-bit storage), or nothing.
using DeviceKernelCheck =
    std::function<std::optional<std::string>(cgc::SubgraphOp)>;

class GpuKernelResponder {
public:
  /// `deviceCheck`, when given, runs after the kernel generator's check.
  GpuKernelResponder(mlir::MLIRContext &context, llvm::StringRef targetName,
                     DeviceKernelCheck deviceCheck = nullptr)
      : context(context), targetName(targetName.str()),
        deviceCheck(std::move(deviceCheck)) {}

  llvm::Expected<std::vector<uint8_t>> answer(const MlirExchange &request);

private:
  std::optional<std::string> check(cgc::SubgraphOp subgraph) const;

  mlir::MLIRContext &context;
  std::string targetName;
  DeviceKernelCheck deviceCheck;
  /// Parsed on first use.
  mlir::OwningOpRef<cgc::ModuleOp> declaration;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELRESPONDER_H
