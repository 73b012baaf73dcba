//===- Epilogue.h - Fused elementwise ops at one output element -*- C++ -*-===//
//
// The matmul and convolution kernels apply the subgraph's elementwise ops
// after the product to each accumulator before storing it: every operand
// is either a value computed so far or a subgraph input, loaded at the
// output element's broadcast offset.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_EPILOGUE_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_EPILOGUE_H

#include "IterationSpace.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

#include <functional>

namespace opencgc::codegen {

struct KernelModule;

/// The shape of a !cgc.tensor value.
llvm::ArrayRef<int64_t> shapeOf(mlir::Value value);

/// Whether every value of the ops after `body`'s first broadcasts to
/// `outShape` without growing it: one epilogue element per output element.
/// Channel parameters are left to checkPerElementOp (batch_normalization).
bool epilogueBroadcastsTo(mlir::Block *body, llvm::ArrayRef<int64_t> outShape);

/// Refuses a subgraph whose inputs or output (of `outShape`) have more
/// elements than 32-bit indices reach.
llvm::Error checkBufferIndexing(cgc::SubgraphOp subgraph,
                                llvm::ArrayRef<int64_t> outShape);

/// Which ops may follow the first in an epilogue: elementwise ops only, or
/// also per-element ops with channel parameters (checkPerElementOp:
/// batch_normalization after a matmul or convolution).
enum class EpilogueOps { Elementwise, PerElement };

/// What every kernel that computes the subgraph's first op and runs the
/// later ops as its epilogue requires: `allowed` ops after the first,
/// float32 inputs and result, one result. `kernel` names the kernel in the
/// refusals ("matmul").
llvm::Error checkEpilogueKernel(cgc::SubgraphOp subgraph,
                                llvm::StringRef kernel, EpilogueOps allowed);

/// checkEpilogueKernel, then values within `outShape` and 32-bit indexing
/// (pooling, resampling, convolution).
llvm::Error
checkFirstOpEpilogue(cgc::SubgraphOp subgraph, llvm::ArrayRef<int64_t> outShape,
                     llvm::StringRef kernel,
                     EpilogueOps allowed = EpilogueOps::Elementwise);

/// The ops after the subgraph's first, at output element `element` of
/// `outShape`, the first op's scalar being `first`; `arguments` are the
/// kernel's buffers.
mlir::Value applyEpilogueAt(mlir::OpBuilder &builder, mlir::Location loc,
                            cgc::SubgraphOp subgraph,
                            mlir::ValueRange arguments, mlir::Value element,
                            llvm::ArrayRef<int64_t> outShape,
                            mlir::Value first);

/// The kernel of a subgraph whose first op is computed per output element
/// with the later ops as its epilogue: one invocation per element of
/// `outShape` (a linear launch), `firstAt(function, element)` building the
/// first op's value at the element inside the range check; the epilogue's
/// value is stored to the kernel's last buffer. Four elements per
/// invocation, stored as one vec4, where elementsPerInvocation says so.
KernelModule buildFirstOpKernel(
    mlir::OpBuilder &builder, cgc::SubgraphOp subgraph,
    llvm::ArrayRef<int64_t> outShape,
    llvm::function_ref<mlir::Value(mlir::gpu::GPUFuncOp, mlir::Value)> firstAt);

class EpilogueEvaluator {
public:
  /// `buffer` gives the kernel argument of a subgraph input by its number.
  EpilogueEvaluator(mlir::OpBuilder &builder, mlir::Location loc,
                    IterationSpace &space,
                    std::function<mlir::Value(unsigned)> buffer)
      : builder(builder), loc(loc), space(space), buffer(std::move(buffer)) {}

  /// The scalar of `value` at this element: computed, or loaded.
  mlir::Value scalarOf(mlir::Value value);
  /// The scalar of an operand: as scalarOf(Value), but read at the
  /// element's channel where it is a channel parameter (batch_normalization).
  mlir::Value scalarOf(mlir::OpOperand &use);
  void map(mlir::Value value, mlir::Value scalar) {
    scalars.map(value, scalar);
  }

  /// Emits the ops of `body` after its first (the product), whose result
  /// must be mapped already; the scalar the body returns.
  mlir::Value applyAfterFirst(mlir::Block *body);

private:
  mlir::OpBuilder &builder;
  mlir::Location loc;
  IterationSpace &space;
  /// Owned: callers pass a temporary lambda.
  std::function<mlir::Value(unsigned)> buffer;
  mlir::IRMapping scalars;
};

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_EPILOGUE_H
