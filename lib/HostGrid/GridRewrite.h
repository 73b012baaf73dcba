//===- GridRewrite.h - An NVVM kernel made a host function ------*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H
#define OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::hostgrid {

struct GridContext;

/// The name of the function a rewritten module exports:
/// void (GridContext *context, void **parameters).
inline constexpr llvm::StringLiteral kInvocationEntry =
    "__opencgc_host_invocation";
using InvocationFn = void (*)(GridContext *, void *const *);

/// The host function barriers call: uint32_t (GridContext *context,
/// uint32_t barrier, uint32_t reduction, uint32_t predicate).
inline constexpr llvm::StringLiteral kBarrierFunction =
    "__opencgc_host_barrier";

/// The host function PTX's mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
/// calls (WarpMatrix.cpp): void (GridContext *context, uint32_t a0..a3,
/// uint32_t b0, uint32_t b1, float c0..c3, float *d).
inline constexpr llvm::StringLiteral kMmaTf32Function =
    "__opencgc_host_mma_m16n8k8_tf32";

/// What a barrier returns, over the predicates of the workgroup's
/// invocations (barrier.cta.red.{popc,and,or}; a plain sync ignores it).
enum class BarrierReduction : uint32_t { Count, All, Any };

/// What launching a rewritten kernel needs besides its entry.
struct KernelNeeds {
  /// Bytes and alignment of the workgroup's shared memory.
  uint64_t sharedBytes = 0;
  uint64_t sharedAlignment = 1;
  /// Whether it calls kBarrierFunction or a warp-level instruction
  /// (kMmaTf32Function), so its invocations run as fibers.
  bool hasBarriers = false;
};

/// Rewrites kernel `name` of `module` into kInvocationEntry: special
/// registers read the context, parameters come from the pointer array,
/// shared variables are placed in the context's shared memory and barriers
/// call kBarrierFunction. Refuses what the grid does not provide, naming it.
/// The module must have the host's data layout already.
llvm::Expected<KernelNeeds> rewriteForHostGrid(llvm::Module &module,
                                               llvm::StringRef name);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H
