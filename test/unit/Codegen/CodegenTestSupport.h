//===- CodegenTestSupport.h - Subgraphs for code generation tests -*- C++
//-*-===//
#ifndef OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H
#define OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H

#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <memory>
#include <string>
#include <vector>

namespace opencgc::codegen::test {

/// A subgraph @NAME whose functional definition applies one op to
/// arguments of `inputTypes` and returns its `resultType` result.
struct SingleOpSubgraph {
  std::string name;
  std::string op;
  std::vector<std::string> inputTypes;
  std::string attributes;
  std::string resultType;
};

std::string toString(const SingleOpSubgraph &subgraph);

/// Parses cgc.module text with the CGC dialects; owns what it parsed.
class SubgraphParser {
public:
  SubgraphParser();
  mlir::MLIRContext &getContext() { return context; }
  /// The first subgraph of `moduleText`, or null (with a test failure).
  cgc::SubgraphOp parseSubgraph(const std::string &moduleText);
  cgc::SubgraphOp parseSubgraph(const SingleOpSubgraph &subgraph);

private:
  mlir::MLIRContext context;
  std::vector<std::unique_ptr<mlir::Block>> blocks;
};

} // namespace opencgc::codegen::test

#endif // OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H
