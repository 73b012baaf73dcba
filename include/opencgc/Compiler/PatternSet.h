//===- PatternSet.h - Matching target-declared subgraph patterns -*- C++
//-*-===//
//
// A target's CGC_SUBGRAPH_DECLARATION holds one cgc_pattern.declaration op
// (docs/patterns.md). PatternSet compiles it into matchers and finds, for a
// root op of CGC Input IR, the best set of ops a pattern claims.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_PATTERNSET_H
#define OPENCGC_COMPILER_PATTERNSET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace opencgc::compiler {

/// A candidate fusion: the ops one pattern claims, rooted at `root`.
struct PatternMatch {
  std::string patternName;
  unsigned benefit = 1;
  /// The claimed ops in block order; the root is last.
  llvm::SmallVector<mlir::Operation *, 8> ops;
  /// Whether the pattern lets values defined inside the match be used
  /// outside it (they become extra subgraph results).
  bool multiOutput = false;
};

/// Decides whether a complete candidate is acceptable (ops unclaimed, no
/// cycle through outside ops). The matcher backtracks to the next-best
/// candidate when it says no.
using MatchFilter = llvm::function_ref<bool(const PatternMatch &)>;

class PatternSet {
public:
  PatternSet();
  PatternSet(PatternSet &&);
  PatternSet &operator=(PatternSet &&);
  ~PatternSet();

  /// Compiles every cgc_pattern.pattern of `declaration` (a
  /// cgc_pattern.declaration op). Errors name the pattern and its location.
  static llvm::Expected<PatternSet> compile(mlir::Operation *declaration);

  /// The declaration's target name (its symbol name).
  llvm::StringRef getTargetName() const;
  size_t size() const;

  /// The best match rooted at `root` over all patterns: highest benefit,
  /// then most ops. Candidates the filter rejects are skipped.
  std::optional<PatternMatch> matchAt(mlir::Operation *root,
                                      MatchFilter filter) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_PATTERNSET_H
