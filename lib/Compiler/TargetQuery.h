//===- TargetQuery.h - Asking targets through the MLIR exchange -*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_TARGETQUERY_H
#define OPENCGC_LIB_COMPILER_TARGETQUERY_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Compiler/PatternSet.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace opencgc::device {
class Device;
} // namespace opencgc::device

namespace opencgc::compiler {

/// A target's answer to CGC_SUBGRAPH_DECLARATION_REQUEST, compiled.
struct TargetDeclaration {
  device::Device *device = nullptr;
  std::string name;
  /// Owns the ops `patterns` points into.
  mlir::OwningOpRef<cgc::ModuleOp> module;
  PatternSet patterns;
};

llvm::Expected<TargetDeclaration>
requestDeclaration(device::Device &device, mlir::MLIRContext &context);

struct Specialization {
  bool accepted = false;
  std::string reason;
  /// When accepted: a cgc.module holding the one cgc.subgraph to use.
  mlir::OwningOpRef<cgc::ModuleOp> subgraph;
};

/// Sends `request` (a cgc.module holding one cgc.subgraph) as a
/// CGC_SUBGRAPH_SPECIALIZATION_REQUEST and reads the answer. An accepted
/// subgraph must keep the request's signature.
llvm::Expected<Specialization> requestSpecialization(device::Device &device,
                                                     cgc::ModuleOp request);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_TARGETQUERY_H
