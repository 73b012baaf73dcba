//===- GpuToNvvmLowering.cpp - Upstream's lowering of gpu ops -------------===//
//
// The gpu-op lowering both LLVM backends use today: MLIR lowers gpu ops
// only through a vendor's conversion, and upstream's NVVM one is what the
// NVVM backend needs and what the DXIL rewrite reads (docs/kernel-ir.md).
// Bare-pointer memrefs (kernel parameters are plain addrspace(1) pointers)
// and 64-bit indices.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/KernelToLlvm.h"

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

KernelLlvmTarget getGpuToNvvmLowering(llvm::StringRef name) {
  return {name, registerNvvmDialects, loadNvvmDialects, addGpuToNvvm};
}

} // namespace opencgc::codegen
