//===- CodegenTestSupport.h - Subgraphs for code generation tests -*- C++
//-*-===//
#ifndef OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H
#define OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H

#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
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

/// "!cgc.tensor<AxBx!cgc.float32>".
std::string f32(llvm::ArrayRef<int64_t> shape);

/// Tests of generators that lower one subgraph into one kernel.
class SingleKernelTest : public ::testing::Test {
protected:
  /// Lowers `subgraph` to Kernel IR and validated SPIR-V; its launch.
  std::optional<KernelLaunch> compile(cgc::SubgraphOp subgraph);
  std::optional<KernelLaunch> compile(const SingleOpSubgraph &subgraph) {
    return compile(parser.parseSubgraph(subgraph));
  }

  /// checkKernelSupport's message for the subgraph.
  std::string refusal(cgc::SubgraphOp subgraph);
  std::string refusal(const SingleOpSubgraph &subgraph) {
    return refusal(parser.parseSubgraph(subgraph));
  }
  std::string refusal(const std::string &moduleText) {
    return refusal(parser.parseSubgraph(moduleText));
  }

  SubgraphParser parser;
};

} // namespace opencgc::codegen::test

#endif // OPENCGC_TEST_UNIT_CODEGEN_CODEGENTESTSUPPORT_H
