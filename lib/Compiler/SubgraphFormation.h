//===- SubgraphFormation.h - Input IR ops into subgraphs --------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_SUBGRAPHFORMATION_H
#define OPENCGC_LIB_COMPILER_SUBGRAPHFORMATION_H

#include "CompilationGraph.h"
#include "TargetQuery.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace opencgc::compiler {

/// Claims every op of `graph.entry` (except cgc.constant) for exactly one
/// target: targets are tried in order, each matching its declared patterns
/// from the last op backwards, and each match is kept only when the target
/// accepts its specialization. The last target must claim what is left
/// (the reference fallback). Fills `graph.nodes` (unordered). The
/// patterns named in `excluded` are never matched, except the fallback's;
/// a name no other target declares is an error.
llvm::Error formSubgraphs(CompilationGraph &graph,
                          llvm::MutableArrayRef<TargetDeclaration> targets,
                          llvm::raw_ostream *log,
                          llvm::ArrayRef<std::string> excluded = {});

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_SUBGRAPHFORMATION_H
