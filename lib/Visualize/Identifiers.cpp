//===- Identifiers.cpp - Unique, writer-safe node identifiers -------------===//
#include "Identifiers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace opencgc::visualize {
namespace {
// Words that Mermaid or DOT read as syntax when used as a node name.
bool isKeyword(llvm::StringRef id) {
  static constexpr llvm::StringLiteral keywords[] = {
      "end",       "graph",    "subgraph", "flowchart", "style",
      "class",     "classdef", "click",    "linkstyle", "default",
      "direction", "node",     "edge",     "digraph",   "strict"};
  return llvm::is_contained(keywords, id.lower());
}
} // namespace

std::string Identifiers::make(llvm::StringRef preferred) {
  std::string base;
  for (char c : preferred)
    base.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  if (base.empty() || llvm::isDigit(base.front()))
    base = "n" + base;
  if (isKeyword(base))
    base += "_";
  std::string id = base;
  for (unsigned suffix = 2; !used.insert(id).second; ++suffix)
    id = base + "_" + std::to_string(suffix);
  return id;
}

} // namespace opencgc::visualize
