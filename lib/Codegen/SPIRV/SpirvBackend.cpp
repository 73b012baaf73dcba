//===- SpirvBackend.cpp - Kernel IR to validated SPIR-V binaries ----------===//
//
// Each launch gets the binary of the spirv.module holding its entry point;
// nothing leaves here unvalidated.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Codegen/SpirvDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/SPIRV/Serialization.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// The spirv.module with an entry point named `name`, or null.
spirv::ModuleOp findEntryPointModule(ModuleOp module, StringRef name) {
  spirv::ModuleOp found;
  module.walk([&](spirv::EntryPointOp entryPoint) {
    if (entryPoint.getFn() == name)
      found = entryPoint->getParentOfType<spirv::ModuleOp>();
  });
  return found;
}

/// The kernel's argument count: its bindings.
std::optional<unsigned> countBindings(ModuleOp kernels, StringRef name) {
  std::optional<unsigned> count;
  kernels.walk([&](gpu::GPUFuncOp function) {
    if (function.isKernel() && function.getName() == name)
      count = function.getNumArguments();
  });
  return count;
}

llvm::Expected<std::vector<uint32_t>> serializeModule(spirv::ModuleOp module,
                                                      StringRef kernel) {
  std::string diagnostics;
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
    return success();
  });
  SmallVector<uint32_t> binary;
  if (failed(spirv::serialize(module, binary)))
    return llvm::createStringError(
        "kernel @" + kernel.str() +
        ": SPIR-V serialization failed: " + diagnostics);
  return std::vector<uint32_t>(binary.begin(), binary.end());
}

} // namespace

llvm::Expected<std::vector<SpirvKernel>>
compileToSpirv(KernelModule &kernels, const SpirvOptions &options) {
  llvm::Expected<OwningOpRef<ModuleOp>> lowered =
      lowerToSpirvDialect(kernels, options);
  if (!lowered)
    return lowered.takeError();
  std::vector<SpirvKernel> result;
  for (const KernelLaunch &launch : kernels.launches) {
    spirv::ModuleOp module = findEntryPointModule(**lowered, launch.name);
    std::optional<unsigned> bindings =
        countBindings(*kernels.module, launch.name);
    if (!module || !bindings)
      return llvm::createStringError("kernel @" + launch.name +
                                     ": no SPIR-V entry point was generated");
    llvm::Expected<std::vector<uint32_t>> binary =
        serializeModule(module, launch.name);
    if (!binary)
      return binary.takeError();
    if (llvm::Error error = validateSpirv(*binary, launch.name))
      return std::move(error);
    SpirvKernel kernel;
    kernel.launch = launch;
    kernel.entryPoint = launch.name;
    kernel.numBindings = *bindings;
    kernel.binary = std::move(*binary);
    result.push_back(std::move(kernel));
  }
  return result;
}

} // namespace opencgc::codegen
