//===- Lowering.cpp - A subgraph into Kernel IR ---------------------------===//
//
// The entry points of Kernel IR (KernelIR.h): the subgraph's kind
// (KernelKinds.h) checks it, says how its kernels read their inputs and
// builds them; CSE then tidies what every builder leaves.
//
//===----------------------------------------------------------------------===//
#include "KernelKinds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"

using namespace mlir;

namespace opencgc::codegen {
void loadKernelIRDialects(MLIRContext &context) {
  // Loading mutates the context; once loaded (see loadCodegenDialects),
  // kernels may be generated from several threads.
  // The LLVM dialect carries tensor-core instructions (llvm.inline_asm,
  // MatrixInstructions.h).
  if (context.getLoadedDialect<gpu::GPUDialect>() &&
      context.getLoadedDialect<vector::VectorDialect>() &&
      context.getLoadedDialect<LLVM::LLVMDialect>())
    return;
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, vector::VectorDialect>();
  context.appendDialectRegistry(registry);
  context
      .loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                   LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                   scf::SCFDialect, vector::VectorDialect>();
}

std::vector<ConstantLayout> getInputLayouts(cgc::SubgraphOp subgraph,
                                            const KernelOptions &options) {
  cgc::FunctionalDefinitionOp definition = subgraph.getFunctionalDefinition();
  const KernelKind &kind = getKernelKind(definition);
  if (kind.getInputLayouts)
    return kind.getInputLayouts(subgraph, options);
  return std::vector<ConstantLayout>(definition.getNumArguments(),
                                     ConstantLayout::Plain);
}

std::vector<bool> findConstantInputs(cgc::SubgraphOp subgraph) {
  std::vector<bool> constants;
  for (Type type : subgraph.getFunctionalDefinition().getArgumentTypes()) {
    auto tensor = dyn_cast<cgc::TensorType>(type);
    constants.push_back(tensor && tensor.getIsConstant());
  }
  return constants;
}

std::string describeKernelConfig(cgc::SubgraphOp subgraph,
                                 const KernelOptions &options) {
  const KernelKind &kind = getKernelKind(subgraph.getFunctionalDefinition());
  if (kind.describeConfig)
    return kind.describeConfig(subgraph, options);
  return kind.name.str() + ": no target-dependent choices";
}

llvm::Error checkNoWorkgroupMemory(const KernelModule &kernels,
                                   llvm::StringRef language) {
  std::string users;
  kernels.module.get().walk([&](gpu::GPUFuncOp function) {
    if (function.getNumWorkgroupAttributions() != 0)
      users += (users.empty() ? "@" : ", @") + function.getName().str();
  });
  if (users.empty())
    return llvm::Error::success();
  return llvm::createStringError(
      "kernel " + users + ": workgroup (shared) memory has no " + language +
      " lowering yet; configure the kernels for a target that stages no "
      "tiles in it (lavapipe, d3d12)");
}

llvm::Expected<KernelModule> lowerToKernelIR(cgc::SubgraphOp subgraph,
                                             const KernelOptions &options) {
  if (llvm::Error error = checkKernelSupport(subgraph))
    return std::move(error);
  loadKernelIRDialects(*subgraph.getContext());
  const KernelKind &kind = getKernelKind(subgraph.getFunctionalDefinition());
  KernelModule kernels = kind.build(subgraph, options);
  // The builder repeats constants freely; CSE keeps every backend's input
  // small.
  PassManager passes(subgraph.getContext(), ModuleOp::getOperationName());
  passes.addPass(createCSEPass());
  if (failed(mlir::verify(*kernels.module)) ||
      failed(passes.run(*kernels.module)))
    return llvm::createStringError("subgraph @" + subgraph.getSymName().str() +
                                   ": generated Kernel IR does not verify");
  return std::move(kernels);
}

} // namespace opencgc::codegen
