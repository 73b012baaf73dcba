//===- OutputIRBuilder.h - Emitting CGC Output IR ---------------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_OUTPUTIRBUILDER_H
#define OPENCGC_LIB_COMPILER_OUTPUTIRBUILDER_H

#include "CompilationGraph.h"
#include "MemoryAssignment.h"

namespace opencgc::compiler {

/// Argument attributes of the program that tell the runtime what to bind.
inline constexpr llvm::StringLiteral kRoleAttrName = "cgc.role";
inline constexpr llvm::StringLiteral kNameAttrName = "cgc.name";
/// On every cgc.invoke: positions of the earlier invokes of the same block
/// it must wait for.
inline constexpr llvm::StringLiteral kDependsAttrName = "cgc.depends";

struct OutputProgram {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  /// Per node: the symbol of the subgraph it invokes.
  std::vector<std::string> subgraphNames;
  /// Per partition: the Input IR value bound to each bind point.
  std::vector<llvm::SmallVector<mlir::Value, 8>> bindPoints;
};

/// Emits module > subgraphs, partitions, program in the specification's
/// hierarchy and verifies it.
llvm::Expected<OutputProgram> buildOutputIR(const CompilationGraph &graph,
                                            const MemoryAssignment &memory,
                                            llvm::StringRef fallbackTarget);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_OUTPUTIRBUILDER_H
