//===- NvvmLowering.cpp - Kernel IR to an LLVM 22 module ------------------===//
//
// Kernel parameters move to the global address space (NVVM IR
// specification, 12.1 Address Spaces: addrspace(1) is CUDA __device__
// memory), scf becomes branches, and upstream's gpu-to-nvvm conversion
// lowers the rest: thread and block ids to llvm.nvvm.read.ptx.sreg.*, math
// to libdevice calls (__nv_*), memrefs to bare pointers.
//
//===----------------------------------------------------------------------===//
#include "NvvmLowering.h"
#include "opencgc/Codegen/NvvmBackend.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

/// Moves every kernel's memref parameters into the global address space.
void useGlobalAddressSpace(ModuleOp module) {
  auto global = gpu::AddressSpaceAttr::get(module.getContext(),
                                           gpu::AddressSpace::Global);
  module.walk([&](gpu::GPUFuncOp function) {
    SmallVector<Type> inputs;
    for (BlockArgument argument : function.getArguments()) {
      auto memref = dyn_cast<MemRefType>(argument.getType());
      if (memref && !memref.getMemorySpace()) {
        memref = MemRefType::get(memref.getShape(), memref.getElementType(),
                                 memref.getLayout(), global);
        argument.setType(memref);
      }
      inputs.push_back(argument.getType());
    }
    function.setFunctionType(FunctionType::get(
        module.getContext(), inputs, function.getFunctionType().getResults()));
  });
}

/// The LLVM type of a memref element (f32, f16, i8, vector<4xf32>, ...).
llvm::Type *toLlvmType(Type type, llvm::LLVMContext &context) {
  if (type.isF32())
    return llvm::Type::getFloatTy(context);
  if (type.isF16())
    return llvm::Type::getHalfTy(context);
  if (type.isF64())
    return llvm::Type::getDoubleTy(context);
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::IntegerType::get(context, integer.getWidth());
  if (auto vector = dyn_cast<VectorType>(type)) {
    llvm::Type *element = toLlvmType(vector.getElementType(), context);
    if (element && vector.getRank() == 1)
      return llvm::FixedVectorType::get(element, vector.getNumElements());
  }
  return nullptr;
}

llvm::Error recordPointees(ModuleOp kernels, llvm::Module &module,
                           bitcode::PointeeTypes &pointees) {
  llvm::Error error = llvm::Error::success();
  kernels.walk([&](gpu::GPUFuncOp function) {
    llvm::Function *lowered = module.getFunction(function.getName());
    if (!lowered || error)
      return;
    for (auto [index, type] : llvm::enumerate(function.getArgumentTypes())) {
      auto memref = dyn_cast<MemRefType>(type);
      llvm::Type *element =
          memref ? toLlvmType(memref.getElementType(), module.getContext())
                 : nullptr;
      if (!element) {
        error = llvm::createStringError("kernel @" + function.getName().str() +
                                        ": parameter " + std::to_string(index) +
                                        " has no NVVM element type");
        return;
      }
      pointees.setParameter(lowered, index, element);
    }
  });
  return error;
}

} // namespace

llvm::Expected<std::unique_ptr<llvm::Module>>
lowerToLlvmModule(KernelModule &kernels, llvm::LLVMContext &context,
                  bitcode::PointeeTypes &pointees) {
  OwningOpRef<ModuleOp> module = kernels.module->clone();
  MLIRContext *mlirContext = module->getContext();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(mlirContext, [&](Diagnostic &d) {
    diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
    return success();
  });
  useGlobalAddressSpace(*module);
  PassManager passes(mlirContext, ModuleOp::getOperationName());
  passes.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions options;
  options.useBarePtrCallConv = true;
  options.indexBitwidth = 64;
  passes.nest<gpu::GPUModuleOp>().addPass(
      createConvertGpuOpsToNVVMOps(options));
  passes.addPass(createCanonicalizerPass());
  passes.addPass(createCSEPass());
  passes.addPass(createReconcileUnrealizedCastsPass());
  if (failed(passes.run(*module)))
    return llvm::createStringError("NVVM lowering failed: " + diagnostics);
  gpu::GPUModuleOp gpuModule;
  module->walk([&](gpu::GPUModuleOp op) { gpuModule = op; });
  if (!gpuModule)
    return llvm::createStringError("Kernel IR has no gpu.module");
  std::unique_ptr<llvm::Module> lowered =
      translateModuleToLLVMIR(gpuModule, context, "kernels");
  if (!lowered)
    return llvm::createStringError("translation to LLVM IR failed: " +
                                   diagnostics);
  // The parameters' element types, from the Kernel IR before lowering.
  if (llvm::Error error = recordPointees(*kernels.module, *lowered, pointees))
    return std::move(error);
  return lowered;
}

void loadNvvmCodegenDialects(MLIRContext &context) {
  DialectRegistry registry;
  registry
      .insert<LLVM::LLVMDialect, NVVM::NVVMDialect, cf::ControlFlowDialect>();
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  context.appendDialectRegistry(registry);
  context.loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                      math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                      vector::VectorDialect, LLVM::LLVMDialect,
                      NVVM::NVVMDialect, cf::ControlFlowDialect>();
}

} // namespace opencgc::codegen
