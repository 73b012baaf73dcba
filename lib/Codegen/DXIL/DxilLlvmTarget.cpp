//===- DxilLlvmTarget.cpp - DXIL's part of Kernel IR to LLVM --------------===//
//
// The DXIL backend's hook into the target-neutral lowering. It names
// upstream's NVVM conversion because that is the GPU lowering MLIR offers
// and the form the DXIL rewrite reads; emitting neutral ids and math
// instead would change the DXIL bytes (the order and form of what the
// rewrite sees), so the vehicle stays as it was when this backend lowered
// through the NVVM backend.
//
//===----------------------------------------------------------------------===//
#include "DxilLlvmTarget.h"
#include "opencgc/Codegen/DxilBackend.h"

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

void registerGpuToNvvmDialects(DialectRegistry &registry) {
  registry.insert<NVVM::NVVMDialect>();
  registerConvertNVVMToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  registerNVVMDialectTranslation(registry);
}

void loadGpuToNvvmDialects(MLIRContext &context) {
  context.loadDialect<NVVM::NVVMDialect>();
}

void addGpuToNvvm(OpPassManager &gpuModulePasses) {
  ConvertGpuOpsToNVVMOpsOptions options;
  options.useBarePtrCallConv = true;
  options.indexBitwidth = 64;
  gpuModulePasses.addPass(createConvertGpuOpsToNVVMOps(options));
}

} // namespace

const KernelLlvmTarget &getDxilLlvmTarget() {
  static const KernelLlvmTarget target{"DXIL", registerGpuToNvvmDialects,
                                       loadGpuToNvvmDialects, addGpuToNvvm};
  return target;
}

void loadDxilCodegenDialects(MLIRContext &context) {
  loadKernelToLlvmDialects(context, getDxilLlvmTarget());
}

} // namespace opencgc::codegen
