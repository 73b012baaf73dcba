//===- KernelKinds.h - The kinds of kernel the generator builds -*- C++ -*-===//
//
// One table decides what a subgraph becomes: each kind says which
// subgraphs it takes, what it accepts of them, how its kernels read
// constant inputs and how they are built. checkKernelSupport,
// getInputLayouts and lowerToKernelIR all read it, so a new kind is one
// entry (and its own files), not a branch in each.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_KERNELKINDS_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_KERNELKINDS_H

#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace opencgc::codegen {

struct KernelKind {
  llvm::StringLiteral name;
  /// Whether a subgraph is of this kind, by the shape of its ops. Kinds are
  /// tried in table order; the last, elementwise, takes every subgraph.
  bool (*matches)(cgc::FunctionalDefinitionOp definition);
  /// What the kind accepts of a subgraph it matches; the refusal names the
  /// subgraph and what is missing.
  llvm::Error (*check)(cgc::SubgraphOp subgraph);
  /// How its kernels read each input (null: every input as it is).
  std::vector<ConstantLayout> (*getInputLayouts)(cgc::SubgraphOp subgraph,
                                                 const KernelOptions &options);
  /// The Kernel IR of a subgraph `check` accepted.
  KernelModule (*build)(cgc::SubgraphOp subgraph, const KernelOptions &options);
  /// The target-dependent configuration `build` chooses, in words (null:
  /// the kind makes no target-dependent choice).
  std::string (*describeConfig)(cgc::SubgraphOp subgraph,
                                const KernelOptions &options) = nullptr;
};

/// For a describeConfig: "; a, b" naming the choices that hold, or "" when
/// none does.
std::string
describeChoices(llvm::ArrayRef<std::pair<bool, llvm::StringRef>> choices);

/// Every kind, in the order subgraphs are matched against them.
llvm::ArrayRef<KernelKind> getKernelKinds();

/// The first kind that matches `definition` (elementwise at the latest).
const KernelKind &getKernelKind(cgc::FunctionalDefinitionOp definition);

/// The elementwise kind's check (KernelSupport.cpp) and builder
/// (ElementwiseKernel.cpp): every op has a scalar generator, every value
/// broadcasts to one iteration shape that 32-bit indices reach.
llvm::Error checkElementwiseSupport(cgc::SubgraphOp subgraph);
KernelModule buildElementwiseKernel(cgc::SubgraphOp subgraph);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_KERNELKINDS_H
