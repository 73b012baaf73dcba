//===- CodegenTestSupport.cpp - Subgraphs for code generation tests -------===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/SpirvBackend.h"

#include "mlir/Parser/Parser.h"
#include "opencgc/Dialect/Registration.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace opencgc::codegen::test {

std::string toString(const SingleOpSubgraph &subgraph) {
  std::string arguments, operands, types;
  for (size_t i = 0; i < subgraph.inputTypes.size(); ++i) {
    std::string separator = i ? ", " : "";
    arguments +=
        separator + "%x" + std::to_string(i) + ": " + subgraph.inputTypes[i];
    operands += separator + "%x" + std::to_string(i);
    types += separator + subgraph.inputTypes[i];
  }
  return "cgc.module {\n  cgc.subgraph @" + subgraph.name +
         " attributes {origin = \"test\"} {\n"
         "    cgc.functional_definition private @f(" +
         arguments + ") -> " + subgraph.resultType + " {\n      %0 = cgc_op." +
         subgraph.op + "(" + operands + ")" + subgraph.attributes + " : (" +
         types + ")\n      cgc.return %0 : " + subgraph.resultType +
         "\n    }\n  }\n}\n";
}

SubgraphParser::SubgraphParser() { loadCGCDialects(context); }

cgc::SubgraphOp SubgraphParser::parseSubgraph(const std::string &moduleText) {
  auto block = std::make_unique<Block>();
  ParserConfig config(&context);
  if (failed(parseSourceString(moduleText, block.get(), config)) ||
      block->empty()) {
    ADD_FAILURE() << "cannot parse:\n" << moduleText;
    return {};
  }
  auto module = dyn_cast<cgc::ModuleOp>(block->front());
  blocks.push_back(std::move(block));
  if (!module)
    return {};
  auto subgraphs = module.getBodyBlock()->getOps<cgc::SubgraphOp>();
  if (subgraphs.empty()) {
    ADD_FAILURE() << "no subgraph in:\n" << moduleText;
    return {};
  }
  return *subgraphs.begin();
}

cgc::SubgraphOp
SubgraphParser::parseSubgraph(const SingleOpSubgraph &subgraph) {
  return parseSubgraph(toString(subgraph));
}

std::string f32(llvm::ArrayRef<int64_t> shape) {
  std::string text = "!cgc.tensor<";
  for (int64_t extent : shape)
    text += std::to_string(extent) + "x";
  return text + "!cgc.float32>";
}

std::optional<KernelLaunch>
SingleKernelTest::compile(cgc::SubgraphOp subgraph) {
  if (!subgraph)
    return std::nullopt;
  llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
  if (!kernels) {
    ADD_FAILURE() << llvm::toString(kernels.takeError());
    return std::nullopt;
  }
  llvm::Expected<std::vector<SpirvKernel>> spirv = compileToSpirv(*kernels);
  if (!spirv) {
    ADD_FAILURE() << llvm::toString(spirv.takeError());
    return std::nullopt;
  }
  EXPECT_EQ(spirv->size(), 1u);
  return kernels->launches.at(0);
}

std::string SingleKernelTest::refusal(cgc::SubgraphOp subgraph) {
  if (!subgraph)
    return "(not parsed)";
  return llvm::toString(checkKernelSupport(subgraph));
}

} // namespace opencgc::codegen::test
