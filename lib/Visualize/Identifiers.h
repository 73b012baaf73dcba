//===- Identifiers.h - Unique, writer-safe node identifiers -----*- C++ -*-===//
#ifndef OPENCGC_LIB_VISUALIZE_IDENTIFIERS_H
#define OPENCGC_LIB_VISUALIZE_IDENTIFIERS_H

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <set>
#include <vector>

#include <string>

namespace opencgc::visualize {

/// Hands out identifiers that both Mermaid and DOT accept unquoted: value
/// names are kept where possible (the specification's diagrams use them),
/// other characters become '_', and keywords or repeats get a suffix.
class Identifiers {
public:
  std::string make(llvm::StringRef preferred);

private:
  llvm::StringSet<> used;
};

/// Edges between identifiers, each once, in the order first added (the
/// order the IR mentions them, which keeps the output stable).
using EdgeSet =
    llvm::SetVector<std::pair<std::string, std::string>,
                    std::vector<std::pair<std::string, std::string>>,
                    std::set<std::pair<std::string, std::string>>>;

} // namespace opencgc::visualize

#endif // OPENCGC_LIB_VISUALIZE_IDENTIFIERS_H
