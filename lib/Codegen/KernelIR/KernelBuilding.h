//===- KernelBuilding.h - What every kernel builder needs -------*- C++ -*-===//
//
// The pieces the kernel builders share: the kernel module and function
// with one flat buffer per subgraph input and output, the linear launch and
// invocation index of LinearLaunch.h, row-major index scattering,
// constants and the support checks' helpers.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_KERNELBUILDING_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_KERNELBUILDING_H

#include "IterationSpace.h"

#include "opencgc/Codegen/KernelIR.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

/// The number of elements of `shape`.
int64_t product(llvm::ArrayRef<int64_t> shape);

/// An op's axis as a dimension of a tensor of `rank`: negative axes count
/// from the end. Takes the attribute as int64, so an op's unsigned getter
/// (`uint64_t getAxis()`) passes -1 as -1, not as 2^64 - 1.
int64_t positiveAxis(int64_t axis, int64_t rank);

/// The row-major strides of a dense tensor of `shape`.
Shape denseStrides(llvm::ArrayRef<int64_t> shape);

/// Whether `type` is a float32 !cgc.tensor.
bool isFloat32(mlir::Type type);

/// The element type of a !cgc.tensor type.
mlir::Type elementTypeOf(mlir::Type tensor);

/// The refusal of a support check: "subgraph @name: why".
llvm::Error refuse(cgc::SubgraphOp subgraph, const llvm::Twine &why);

/// The dense rank-1 buffer holding a !cgc.tensor of type `tensor`, in its
/// storage type. Empty tensors get one element (never accessed) since
/// SPIR-V has no zero-length arrays.
mlir::MemRefType bufferTypeOf(mlir::Type tensor);

/// Starts `result`: a gpu.container_module (at the subgraph's location)
/// holding an empty gpu.module @kernels (at `loc`), which it returns.
mlir::gpu::GPUModuleOp createKernelModule(mlir::OpBuilder &builder,
                                          cgc::SubgraphOp subgraph,
                                          mlir::Location loc,
                                          KernelModule &result);

/// The launch of the subgraph's kernel over `invocations` invocations in a
/// line (LinearLaunch.h).
KernelLaunch linearLaunch(cgc::SubgraphOp subgraph, int64_t invocations);

/// The subgraph's kernel in `kernels`: one buffer argument per input, then
/// per output (the bind points), with the LinearLaunch workgroup size.
mlir::gpu::GPUFuncOp createKernelFunction(mlir::OpBuilder &builder,
                                          mlir::gpu::GPUModuleOp kernels,
                                          cgc::SubgraphOp subgraph);

/// The same with the builder's own buffer types (vec4 buffers, say) and
/// workgroup size.
mlir::gpu::GPUFuncOp
createKernelFunction(mlir::OpBuilder &builder, mlir::gpu::GPUModuleOp kernels,
                     cgc::SubgraphOp subgraph, mlir::TypeRange arguments,
                     mlir::Location loc, int32_t workgroupSize);

/// Output elements per invocation of a linear-launch kernel over `shape`:
/// 4 (each output stored as one vec4) where every output is float32 of
/// `shape` (no element owned by another invocation) and `shape` has at
/// least 256 elements, a multiple of 4; else 1. lavapipe stores every
/// scalar in a loop over the lanes (an add of two 1x96x160x160 tensors:
/// 6.6 against 10.8 ms); smaller kernels fill one workgroup either way,
/// and the one-element form is a quarter of the code.
int64_t elementsPerInvocation(cgc::SubgraphOp subgraph,
                              llvm::ArrayRef<int64_t> shape);

/// createKernelFunction's buffers and workgroup size, the outputs typed as
/// vec4 buffers when `perInvocation` is 4.
mlir::gpu::GPUFuncOp createKernelFunction(mlir::OpBuilder &builder,
                                          mlir::gpu::GPUModuleOp kernels,
                                          cgc::SubgraphOp subgraph,
                                          int64_t perInvocation);

/// Output element `e` of an invocation computing `perInvocation`
/// consecutive elements: perInvocation * invocation + e.
mlir::Value elementOfInvocation(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Value invocation, int64_t perInvocation,
                                int64_t e);

/// Stores an invocation's values of one output (one, or four as one vec4)
/// at `invocation` of `buffer`.
void storeInvocationValues(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value buffer, mlir::Value invocation,
                           mlir::ValueRange values);

/// Stores four f32 values as the vec4 of `buffer` (typed as vec4s) that
/// holds element `first`, a multiple of 4.
void storeVectorAt(mlir::OpBuilder &builder, mlir::Location loc,
                   mlir::Value buffer, mlir::Value first,
                   mlir::ValueRange elements);

/// (block_id.y * grid_dim.x + block_id.x) * 64 + thread_id.x: the
/// invocation's number in a linear launch.
mlir::Value invocationIndex(mlir::OpBuilder &builder, mlir::Location loc);

/// Sum of coordinate(d) * strides[d], the coordinates being `flat`
/// decomposed row-major over `extents`.
mlir::Value scatterIndex(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value flat, llvm::ArrayRef<int64_t> extents,
                         llvm::ArrayRef<int64_t> strides);

mlir::Value constantIndex(mlir::OpBuilder &builder, mlir::Location loc,
                          int64_t value);

/// Index arithmetic that folds as it is built, so unit extents and zero
/// offsets cost nothing: what the per-element kernels compute coordinates
/// and offsets with.
class IndexMath {
public:
  IndexMath(mlir::OpBuilder &builder, mlir::Location &loc)
      : builder(builder), loc(loc) {}
  mlir::Value index(int64_t value) {
    return constantIndex(builder, loc, value);
  }
  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::Value mul(mlir::Value x, int64_t y);
  mlir::Value div(mlir::Value x, int64_t y);
  mlir::Value rem(mlir::Value x, int64_t y);
  /// The flat offset of `coordinates` in a dense tensor of `extents`.
  mlir::Value flatten(llvm::ArrayRef<mlir::Value> coordinates,
                      llvm::ArrayRef<int64_t> extents);
  /// The row-major coordinates of flat `element` in `extents`.
  llvm::SmallVector<mlir::Value> coordinatesOf(mlir::Value element,
                                               llvm::ArrayRef<int64_t> extents);

private:
  mlir::OpBuilder &builder;
  /// The builder's current location, followed as the caller changes it.
  mlir::Location &loc;
};
mlir::Value constantF32(mlir::OpBuilder &builder, mlir::Location loc,
                        double value);

/// A bool element as kernels store it (a byte, getStorageType) as an i1:
/// any nonzero byte is true.
mlir::Value byteAsBool(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value byte);

/// Element `offset` of an int32 or int64 tensor, bound as 32-bit words
/// (bufferTypeOf), as an i32 or an i64 (its high word shifted over its low).
mlir::Value loadInteger(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value buffer, mlir::Value offset, bool isInt64);
/// Stores i32 or i64 `value` as element `offset` of such a buffer.
void storeInteger(mlir::OpBuilder &builder, mlir::Location loc,
                  mlir::Value value, mlir::Value buffer, mlir::Value offset);

/// Element `offset` of an int32 or int64 tensor, bound as 32-bit words
/// (bufferTypeOf), as an f32. Values within 32 bits convert as sitofp
/// rounds them; wider int64 values as high * 2^32 + low, which may end an
/// ulp from the correctly rounded float (two roundings).
mlir::Value loadIntegerAsFloat(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value buffer, mlir::Value offset,
                               bool isInt64);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_KERNELBUILDING_H
