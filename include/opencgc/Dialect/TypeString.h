//===- TypeString.h - Types in messages and plan files ----------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_TYPESTRING_H
#define OPENCGC_DIALECT_TYPESTRING_H

#include "mlir/IR/Types.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace opencgc {

/// The type as MLIR prints it, e.g. "!cgc.memref<1x1x4x4x!cgc.float32>".
inline std::string typeString(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

} // namespace opencgc

#endif // OPENCGC_DIALECT_TYPESTRING_H
