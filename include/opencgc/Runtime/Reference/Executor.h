//===- Executor.h - Run CGC Input IR on the host ----------------*- C++ -*-===//
//
// The reference device: interprets a cgc.entry_point op by op with the
// reference kernels, binding entry-point arguments positionally and named
// constants (cgc.constant("w1")) through a lookup callback.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_REFERENCE_EXECUTOR_H
#define OPENCGC_RUNTIME_REFERENCE_EXECUTOR_H

#include "opencgc/Runtime/Tensor.h"
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

} // namespace reference
} // namespace opencgc

#endif // OPENCGC_RUNTIME_REFERENCE_EXECUTOR_H
