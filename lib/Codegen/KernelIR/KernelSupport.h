//===- KernelSupport.h - What the kernel generator accepts ------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H

#include "IterationSpace.h"

#include "mlir/IR/Types.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

/// How a tensor of cgc element type `element` is stored in a kernel buffer
/// (f32, f16, or i8 for bool); null when kernels do not handle it.
mlir::Type getStorageType(mlir::Type element);

/// The broadcast of every value's shape in `definition`: the elements an
/// elementwise kernel iterates over. Nullopt when shapes do not broadcast.
std::optional<Shape> getIterationShape(cgc::FunctionalDefinitionOp definition);

/// Whether `op` has a scalar generator and operand/result types it handles;
/// the refusal names the subgraph and the op.
llvm::Error checkElementwiseOp(cgc::SubgraphOp subgraph, mlir::Operation *op);

/// Whether an op of `definition` computes on integers (computesOnIntegers):
/// its kernel then holds int64 and int32 values as i64 and i32 scalars;
/// otherwise integer inputs are read as f32 by the casts that read them.
bool computesOnIntegers(cgc::FunctionalDefinitionOp definition);

/// Whether such a kernel holds int64 values (i64 arithmetic: a Vulkan
/// device needs shaderInt64).
bool needsInt64Arithmetic(cgc::FunctionalDefinitionOp definition);

/// Whether the subgraph's first op is a matmul, a gemm, a pointwise
/// convolution or an upsampling conv_transpose: the matmul kernel generator
/// (MatmulKernel.cpp) handles it, with the rest as its epilogue.
bool isMatmulSubgraph(cgc::FunctionalDefinitionOp definition);

/// Whether `op` is a convolution that is a matrix product per image: every
/// kernel extent 1, no padding, one group, and stride 1 (any rank) or any
/// strides (2-D). Its weights [M, C] times the image [C, spatial], or its
/// strided subsample, give the output [M, spatial].
bool isPointwiseConvolution(mlir::Operation *op);

/// Whether `op` is a conv_transpose whose kernel equals its stride (one
/// group, no dilation or padding): every output element receives one tap,
/// so it is a matrix product per image, scattered into the output.
bool isUpsamplingConvTranspose(mlir::Operation *op);

/// What the matmul kernel generator accepts (float32, static shapes,
/// elementwise epilogue on the product's shape).
llvm::Error checkMatmulSupport(cgc::SubgraphOp subgraph);

struct KernelModule;
struct KernelOptions;
/// The matmul kernel of a subgraph that checkMatmulSupport accepts.
KernelModule buildMatmulKernel(cgc::SubgraphOp subgraph,
                               const KernelOptions &options);
/// The layout in which that kernel reads each subgraph input.
std::vector<ConstantLayout> getMatmulInputLayouts(cgc::SubgraphOp subgraph,
                                                  const KernelOptions &options);
/// That kernel's configuration in words.
std::string describeMatmulConfig(cgc::SubgraphOp subgraph,
                                 const KernelOptions &options);
/// Whether the convolution kind's kernel for `options`' target is the
/// matmul kernel as an implicit GEMM (buildMatmulKernel builds it): on
/// targets that stage tiles in shared memory, a 2-D convolution of one
/// group whose epilogue the matmul kernel takes.
bool usesImplicitGemm(cgc::SubgraphOp subgraph, const KernelOptions &options);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H
