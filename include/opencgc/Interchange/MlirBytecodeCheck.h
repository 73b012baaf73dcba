//===- MlirBytecodeCheck.h - MLIR bytecode checked before reading -*- C++ -*-===//
//
// MLIR 22's bytecode reader trusts the lengths, counts and offsets in its
// input: a few changed bytes make it write past a heap block or ask for
// terabytes (docs/mlir-bytecode-check.md). Partition and Output IR reach a
// device from applications, so every buffer is walked here first, against
// the bytecode format as that reader parses it, and one that is out of
// range is refused with an error naming the section and byte.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_MLIRBYTECODECHECK_H
#define OPENCGC_INTERCHANGE_MLIRBYTECODECHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace opencgc {

/// The "MLïR" magic that starts MLIR bytecode.
bool hasMlirBytecodeMagic(llvm::ArrayRef<uint8_t> bytes);

/// Checks that `bytes` is MLIR bytecode MLIR 22's reader can parse without
/// reading or writing out of bounds or allocating more than the input
/// could describe: the header, every section's framing, the string,
/// dialect, attribute/type, resource and properties tables, and the IR
/// section's nesting and counts. Errors read "MLIR bytecode: byte N
/// (SECTION): WHAT".
llvm::Error checkMlirBytecode(llvm::ArrayRef<uint8_t> bytes);

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_MLIRBYTECODECHECK_H
