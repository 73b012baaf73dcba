//===- CompileTargets.h - The devices one compilation asks ------*- C++ -*-===//
//
// cgc-place-views needs the targets' binding alignment and
// cgc-form-subgraphs their declarations; the pipeline shares one
// CompileTargets between them, so each device opens and declares once.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_COMPILER_PASSES_COMPILETARGETS_H
#define OPENCGC_LIB_COMPILER_PASSES_COMPILETARGETS_H

#include "../TargetQuery.h"
#include "opencgc/Device/Device.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace opencgc::compiler {

class CompileTargets {
public:
  /// Targets opened on first use through the device registry: the named
  /// one, or the default device (the reference device alone, with a
  /// warning, where that cannot be opened).
  CompileTargets(std::string target, std::string declarationsPath);
  /// The caller's devices, which outlive this.
  explicit CompileTargets(llvm::ArrayRef<device::Device *> devices);
  ~CompileTargets();

  /// Opens the devices (once); `anchor` carries the warning above.
  llvm::Error open(mlir::Operation *anchor);
  /// The largest binding alignment of the targets, 256 without any.
  uint64_t getBindingAlignment() const;
  /// Each target's declarations, the reference fallback last; asked once.
  llvm::Expected<llvm::MutableArrayRef<TargetDeclaration>>
  getDeclarations(mlir::MLIRContext &context);

private:
  std::string target, declarationsPath;
  bool opened = false;
  std::vector<std::unique_ptr<device::Device>> owned;
  std::vector<device::Device *> devices;
  std::unique_ptr<device::Device> fallback;
  std::optional<std::vector<TargetDeclaration>> declarations;
};

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_PASSES_COMPILETARGETS_H
