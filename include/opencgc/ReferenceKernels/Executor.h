//===- Executor.h - Run CGC Input IR on the host ----------------*- C++ -*-===//
//
// The reference device: interprets a cgc.entry_point (or the body of any
// function-like op holding Input IR ops, such as a subgraph's
// cgc.functional_definition) op by op with the reference kernels, binding
// arguments positionally and named constants (cgc.constant("w1")) through a
// lookup callback.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_REFERENCEKERNELS_EXECUTOR_H
#define OPENCGC_REFERENCEKERNELS_EXECUTOR_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "opencgc/Tensor/Tensor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace opencgc {
namespace cgc {
class EntryPointOp;
} // namespace cgc

namespace reference {

/// Returns the value of the named constant, or an error naming it.
using ConstantLookup =
    llvm::function_ref<llvm::Expected<Tensor>(llvm::StringRef name)>;

/// Runs `entry` on `arguments` and returns its results. Errors name the op
/// (with its location) that failed: missing kernels, argument mismatches,
/// unbound constants.
llvm::Expected<std::vector<Tensor>>
executeEntryPoint(cgc::EntryPointOp entry, llvm::ArrayRef<Tensor> arguments,
                  ConstantLookup constants);

/// Runs the single-block body of `function` (an entry point or a functional
/// definition: tensor arguments, Input IR ops, cgc.return) on `arguments`,
/// with the same checks and errors as executeEntryPoint.
llvm::Expected<std::vector<Tensor>>
executeFunction(mlir::FunctionOpInterface function,
                llvm::ArrayRef<Tensor> arguments, ConstantLookup constants);

/// As above, for bodies without named constants (functional definitions):
/// a cgc.constant in the body is an error naming it.
llvm::Expected<std::vector<Tensor>>
executeFunction(mlir::FunctionOpInterface function,
                llvm::ArrayRef<Tensor> arguments);

/// Checks that the reference device can run every op nested in `root`:
/// each op other than the CGC structure ops must have a reference kernel.
/// The error names the first op without one, with its location.
llvm::Error checkReferenceKernels(mlir::Operation *root);

} // namespace reference
} // namespace opencgc

#endif // OPENCGC_REFERENCEKERNELS_EXECUTOR_H
