//===- CodegenDialects.cpp - The dialects the passes' output holds --------===//
//
// opencgc-opt parses what it printed: Kernel IR (gpu, memref, arith, math,
// scf, vector, func) and what the passes lower it to (SPIR-V; LLVM, NVVM
// and cf).
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace opencgc::codegen {

void registerCodegenDialects(DialectRegistry &registry) {
  registry
      .insert<arith::ArithDialect, cf::ControlFlowDialect, func::FuncDialect,
              gpu::GPUDialect, LLVM::LLVMDialect, math::MathDialect,
              memref::MemRefDialect, NVVM::NVVMDialect, scf::SCFDialect,
              spirv::SPIRVDialect, vector::VectorDialect>();
}

} // namespace opencgc::codegen
