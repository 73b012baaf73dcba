//===- GridRewrite.h - An NVVM kernel made a host function ------*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H
#define OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::hostgrid {

/// The name of the function a rewritten module exports:
/// void (GridContext *context, void **parameters).
inline constexpr llvm::StringLiteral kInvocationEntry =
    "__opencgc_host_invocation";

/// Rewrites kernel `name` of `module` into kInvocationEntry: special
/// registers read the context, parameters come from the pointer array.
/// Refuses barriers, shared memory and intrinsics the grid does not
/// provide, naming them.
llvm::Error rewriteForHostGrid(llvm::Module &module, llvm::StringRef name);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_GRIDREWRITE_H
