//===- NvvmLlvmTarget.cpp - NVVM's part of Kernel IR to LLVM --------------===//
//
// The NVVM backend's hook into the target-neutral lowering: MLIR lowers gpu
// ops only through a vendor's conversion, so the NVVM one is named here,
// with bare-pointer memrefs (kernel parameters are plain addrspace(1)
// pointers) and 64-bit indices.
//
//===----------------------------------------------------------------------===//
#include "NvvmLlvmTarget.h"
#include "opencgc/Codegen/NvvmBackend.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

void registerNvvmDialects(DialectRegistry &registry) {
  registry.insert<NVVM::NVVMDialect>();
  registerConvertNVVMToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  registerNVVMDialectTranslation(registry);
}

void loadNvvmDialects(MLIRContext &context) {
  context.loadDialect<NVVM::NVVMDialect>();
}

void addGpuToNvvm(OpPassManager &gpuModulePasses) {
  ConvertGpuOpsToNVVMOpsOptions options;
  options.useBarePtrCallConv = true;
  options.indexBitwidth = 64;
  gpuModulePasses.addPass(createConvertGpuOpsToNVVMOps(options));
}

} // namespace

const KernelLlvmTarget &getNvvmLlvmTarget() {
  static const KernelLlvmTarget target{"NVVM", registerNvvmDialects,
                                       loadNvvmDialects, addGpuToNvvm};
  return target;
}

void loadNvvmCodegenDialects(MLIRContext &context) {
  loadKernelToLlvmDialects(context, getNvvmLlvmTarget());
}

} // namespace opencgc::codegen
