//===- NvvmBackend.cpp - Kernel IR to NVVM IR modules ---------------------===//
//
// One lowering of the Kernel IR module (the target-neutral step,
// KernelToLlvm.h, with upstream's gpu-to-nvvm), then per launch a copy holding
// only that kernel, made NVVM IR and written as LLVM 7.0.1 bitcode. Nothing
// leaves here that LLVM's verifier rejects.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/NvvmBackend.h"

#include "NvvmModule.h"
#include "opencgc/Codegen/KernelToLlvm.h"
#include "opencgc/Codegen/NvvmChecker.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace opencgc::codegen {
namespace {

llvm::Expected<NvvmKernel> emitKernel(const llvm::Module &lowered,
                                      const bitcode::PointeeTypes &pointees,
                                      const KernelLaunch &launch) {
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> module = llvm::CloneModule(lowered, map);
  bitcode::PointeeTypes clonePointees;
  for (const llvm::Function &function : lowered)
    for (const llvm::Argument &argument : function.args())
      if (llvm::Type *element =
              pointees.getParameter(&function, argument.getArgNo()))
        clonePointees.setParameter(llvm::cast<llvm::Function>(map[&function]),
                                   argument.getArgNo(), element);
  finalizeNvvmModule(*module, launch);
  llvm::Function *kernel = module->getFunction(launch.name);
  if (!kernel)
    return llvm::createStringError("kernel @" + launch.name +
                                   ": no NVVM function was generated");
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(*module, &problemStream))
    return llvm::createStringError("kernel @" + launch.name +
                                   ": invalid LLVM IR: " + problems);
  std::string findings;
  for (const NvvmFinding &finding : checkNvvmModule(*module))
    if (finding.severity == NvvmFinding::Severity::Error)
      findings += "\n  " + finding.str();
  if (!findings.empty())
    return llvm::createStringError("kernel @" + launch.name +
                                   ": not NVVM IR:" + findings);
  NvvmKernel result;
  result.launch = launch;
  result.entryPoint = launch.name;
  result.numBindings = kernel->arg_size();
  llvm::SmallVector<char, 0> bitcode;
  if (llvm::Error error = bitcode::writeLegacyBitcode(
          *module, clonePointees, bitcode::LegacyFlavour::Llvm7, bitcode))
    return llvm::createStringError("kernel @" + launch.name + ": " +
                                   llvm::toString(std::move(error)));
  result.bitcode.assign(bitcode.begin(), bitcode.end());
  llvm::raw_string_ostream text(result.text);
  module->print(text, nullptr);
  return result;
}

const KernelLlvmTarget &getNvvmLowering() {
  static const KernelLlvmTarget target = getGpuToNvvmLowering("NVVM");
  return target;
}

} // namespace

void loadNvvmCodegenDialects(mlir::MLIRContext &context) {
  loadKernelToLlvmDialects(context, getNvvmLowering());
}

llvm::Expected<std::vector<NvvmKernel>> compileToNvvm(KernelModule &kernels) {
  mlir::MLIRContext *context = kernels.module->getContext();
  if (!context->getLoadedDialect<mlir::NVVM::NVVMDialect>())
    loadNvvmCodegenDialects(*context);
  llvm::LLVMContext llvmContext;
  bitcode::PointeeTypes pointees;
  llvm::Expected<std::unique_ptr<llvm::Module>> lowered =
      lowerKernelsToLlvm(kernels, llvmContext, pointees, getNvvmLowering());
  if (!lowered)
    return lowered.takeError();
  legalizeIntrinsicsForNvvm(**lowered);
  std::vector<NvvmKernel> result;
  for (const KernelLaunch &launch : kernels.launches) {
    llvm::Expected<NvvmKernel> kernel = emitKernel(**lowered, pointees, launch);
    if (!kernel)
      return kernel.takeError();
    result.push_back(std::move(*kernel));
  }
  return result;
}

} // namespace opencgc::codegen
