//===- CGCBytecodeVersion.h - Dialect version in bytecode -------*- C++ -*-===//
//
// Every CGC dialect writes the shared CGC semantic version into MLIR
// bytecode and refuses to read bytecode from a newer major version
// (specification, "IR Versioning: Semantic Version").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H
#define OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H

namespace mlir {
class Dialect;
} // namespace mlir

namespace opencgc::cgc {
/// Attaches the versioning bytecode interface to a CGC dialect.
void addVersionedBytecodeInterface(mlir::Dialect *dialect);
} // namespace opencgc::cgc

#endif // OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H
