//===- ValueNames.h - Names to draw values under ----------------*- C++ -*-===//
//
// The specification labels values with the SSA names of its examples
// ('conv1', %scratch). MLIR forgets those names when it parses, so they are
// recovered from the source text; IR from bytecode or ONNX falls back to
// the names the IR carries itself.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_VISUALIZE_VALUENAMES_H
#define OPENCGC_VISUALIZE_VALUENAMES_H

#include "mlir/IR/Value.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace opencgc::visualize {

class ValueNames {
public:
  void set(mlir::Value value, llvm::StringRef name);

  /// The value's name: its SSA name in the source text, else the `cgc.name`
  /// attribute of a function argument, else the NameLoc of its defining op
  /// (ONNX node names); empty when there is none.
  std::string get(mlir::Value value) const;

private:
  llvm::DenseMap<mlir::Value, std::string> names;
};

/// The SSA names written in the MLIR text `source` for the values of
/// `module`, which must have been parsed from that same text. Numbered
/// names (%0) are skipped; unreadable text gives no names.
ValueNames readSourceNames(llvm::StringRef source, cgc::ModuleOp module);

} // namespace opencgc::visualize

#endif // OPENCGC_VISUALIZE_VALUENAMES_H
