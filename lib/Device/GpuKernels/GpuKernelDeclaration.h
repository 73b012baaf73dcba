//===- GpuKernelDeclaration.h - What the GPU targets declare ----*- C++ -*-===//
#ifndef OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELDECLARATION_H
#define OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELDECLARATION_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opencgc::device {

/// The cgc_pattern declaration of a target whose kernels come from Kernel
/// IR (docs/patterns.md), named after the target.
std::string getGpuKernelDeclaration(llvm::StringRef targetName);

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_GPUKERNELS_GPUKERNELDECLARATION_H
