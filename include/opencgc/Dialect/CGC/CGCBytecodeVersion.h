//===- CGCBytecodeVersion.h - Dialect version in bytecode -------*- C++ -*-===//
//
// Every CGC dialect writes the shared CGC semantic version into MLIR
// bytecode and refuses to read bytecode from a newer major version
// (specification, "IR Versioning: Semantic Version").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H
#define OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H

#include "opencgc/Support/Version.h"

#include <memory>

namespace mlir {
class Dialect;
class DialectVersion;
} // namespace mlir

namespace opencgc::cgc {
/// Attaches the versioning bytecode interface to a CGC dialect.
void addVersionedBytecodeInterface(mlir::Dialect *dialect);

/// A version to hand to BytecodeWriterConfig::setDialectVersion, so that
/// bytecode claims `version` instead of kCgcDialectVersion (for testing
/// readers against other versions).
std::unique_ptr<mlir::DialectVersion>
makeBytecodeDialectVersion(opencgc::DialectVersion version);
} // namespace opencgc::cgc

#endif // OPENCGC_DIALECT_CGC_CGCBYTECODEVERSION_H
