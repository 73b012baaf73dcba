//===- ReferenceDevice.h - The host reference device ------------*- C++ -*-===//
//
// The fallback target: declares one pattern that claims any single op,
// accepts every specialization, and compiles partitions into interpreters
// that run each subgraph's functional definition with the reference
// kernels. Also the device that runs test-target partitions, which have no
// hardware of their own.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_REFERENCEDEVICE_H
#define OPENCGC_DEVICE_REFERENCEDEVICE_H

#include "opencgc/Device/Device.h"

#include <memory>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::device {

/// The target name (and subgraph origin) of the reference device.
inline constexpr llvm::StringLiteral kReferenceTargetName = "reference";

std::unique_ptr<Device> createReferenceDevice(mlir::MLIRContext &context);

/// A device for tests: its target's declarations are read from
/// `declarationPath` (a cgc.module holding one cgc_pattern.declaration), it
/// rejects the specializations of patterns marked `reject`, and it runs
/// partitions with the reference kernels.
llvm::Expected<std::unique_ptr<Device>>
createDeclarationFileDevice(mlir::MLIRContext &context,
                            llvm::StringRef declarationPath);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_REFERENCEDEVICE_H
