//===- KernelToLlvm.cpp - Kernel IR to an LLVM 22 module ------------------===//
//
// What the NVVM and DXIL backends share before they part: kernel
// parameters move to gpu's global address space (the target's conversion
// gives it a number: addrspace(1) for NVVM), scf becomes branches, the
// target lowers the gpu.module, and MLIR translates it to LLVM IR. Kept
// out of both backends so that neither depends on the other; the target's
// part is a hook because MLIR has no target-neutral lowering of gpu ops
// (include/opencgc/Codegen/KernelToLlvm.h).
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/KernelToLlvm.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
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
    // The parameters only: workgroup attributions follow them in the body.
    for (BlockArgument argument : function.getArguments().take_front(
             function.getFunctionType().getNumInputs())) {
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
                                        " has no LLVM element type");
        return;
      }
      pointees.setParameter(lowered, index, element);
    }
  });
  return error;
}

/// The passes of lowerKernelsToLlvmDialect, once the parameters moved.
void addLlvmDialectPasses(OpPassManager &passes,
                          const KernelLlvmTarget &target) {
  passes.addPass(createSCFToControlFlowPass());
  target.addGpuModuleLowering(passes.nest<gpu::GPUModuleOp>());
  passes.addPass(createCanonicalizerPass());
  passes.addPass(createCSEPass());
  passes.addPass(createReconcileUnrealizedCastsPass());
}

/// What loadKernelToLlvmDialects adds to a context's registry.
void registerNeutralLowering(DialectRegistry &registry,
                             const KernelLlvmTarget &target) {
  registry.insert<LLVM::LLVMDialect, cf::ControlFlowDialect>();
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  target.registerDialects(registry);
}

} // namespace

LogicalResult lowerKernelsToLlvmDialect(ModuleOp module,
                                        const KernelLlvmTarget &target) {
  useGlobalAddressSpace(module);
  PassManager passes(module.getContext(), ModuleOp::getOperationName());
  addLlvmDialectPasses(passes, target);
  return passes.run(module);
}

llvm::Expected<std::unique_ptr<llvm::Module>>
lowerKernelsToLlvm(KernelModule &kernels, llvm::LLVMContext &context,
                   bitcode::PointeeTypes &pointees,
                   const KernelLlvmTarget &target) {
  OwningOpRef<ModuleOp> module = kernels.module->clone();
  MLIRContext *mlirContext = module->getContext();
  // Collects the lowering's diagnostics and the translation's for the error.
  std::string diagnostics;
  ScopedDiagnosticHandler handler(mlirContext, [&](Diagnostic &d) {
    diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
    return success();
  });
  if (failed(lowerKernelsToLlvmDialect(*module, target)))
    return llvm::createStringError(
        (target.name + " lowering failed: " + diagnostics).str());
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

void registerKernelToLlvmDialects(DialectRegistry &registry,
                                  const KernelLlvmTarget &target) {
  registerNeutralLowering(registry, target);
  // And what the passes would load as they start: inside another pass they
  // may not load anything.
  OpPassManager passes(ModuleOp::getOperationName());
  addLlvmDialectPasses(passes, target);
  passes.getDependentDialects(registry);
}

void loadKernelToLlvmDialects(MLIRContext &context,
                              const KernelLlvmTarget &target) {
  DialectRegistry registry;
  registerNeutralLowering(registry, target);
  context.appendDialectRegistry(registry);
  context.loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                      math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                      vector::VectorDialect, LLVM::LLVMDialect,
                      cf::ControlFlowDialect>();
  target.loadDialects(context);
}

} // namespace opencgc::codegen
