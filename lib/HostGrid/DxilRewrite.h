//===- DxilRewrite.h - A DXIL compute shader made an NVVM-style kernel -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_DXILREWRITE_H
#define OPENCGC_LIB_HOSTGRID_DXILREWRITE_H

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::hostgrid {

/// What the rewrite of a DXIL module leaves for the host grid.
struct DxilEntry {
  /// The kernel: void NAME(ptr slot0, ..., ptr slotN-1), each parameter a
  /// RawBufferBinding * of the binding whose register is its index.
  std::string name;
  unsigned numSlots = 0;
  /// dx.entryPoints tag 4 (reference 3.3).
  std::array<uint32_t, 3> numThreads = {1, 1, 1};
};

/// Lowers the dx.op calls of the module's compute entry to host code: raw
/// buffer loads and stores to bounds-checked accesses through the binding
/// parameters, thread ids and barriers to the llvm.nvvm.* intrinsics the
/// host grid's NVVM rewrite provides, math to LLVM instructions and
/// intrinsics. Any other dx.op is an error naming it and its opcode.
llvm::Expected<DxilEntry> rewriteDxilForHostGrid(llvm::Module &module);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_DXILREWRITE_H
