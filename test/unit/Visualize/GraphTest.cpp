//===- GraphTest.cpp - Graphs of Input IR and Output IR -------------------===//
//
// How programs become partition diagrams: which memory makes invocations
// depend on each other when the IR does not say, what a recorded
// cgc.depends says, and that names cannot break the Mermaid or DOT text.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Visualize/Graph.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Visualize/GraphWriters.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;
using namespace opencgc::visualize;
using ::testing::HasSubstr;

namespace {
// Two partitions that each copy-like invoke @s. The program body is filled
// in by each test.
constexpr const char *kPrelude = R"(
cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>)
        -> !cgc.tensor<4x!cgc.float32> {
      %0 = cgc_op.relu(%a) : (!cgc.tensor<4x!cgc.float32>)
      %1 = cgc_op.sigmoid(%0) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>,
                   %b: !cgc.memref<4x!cgc.float32>) {
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
  cgc.partition @q(%a: !cgc.memref<4x!cgc.float32>,
                   %b: !cgc.memref<4x!cgc.float32>) {
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
  cgc.program @main(%x: !cgc.memref<4x!cgc.float32> {cgc.name = "x\"<y>"},
                    %y: !cgc.memref<4x!cgc.float32>,
                    %z: !cgc.memref<4x!cgc.float32>) {
)";
constexpr const char *kT = "!cgc.memref<4x!cgc.float32>";

class GraphTest : public ::testing::Test {
protected:
  GraphTest() { loadCGCDialects(context); }

  /// Builds the diagram of a program whose body is `body`.
  Graph outputGraph(const std::string &body) {
    block.clear();
    ParserConfig config(&context);
    std::string text =
        std::string(kPrelude) + body + "    cgc.return\n  }\n}\n";
    EXPECT_TRUE(succeeded(parseSourceString(text, &block, config)));
    auto module = cast<cgc::ModuleOp>(block.front());
    auto program = *module.getBodyBlock()->getOps<cgc::ProgramOp>().begin();
    return buildOutputGraph(program, ValueNames());
  }

  static std::string invoke(const std::string &callee, const std::string &a,
                            const std::string &b,
                            const std::string &attrs = "") {
    return "    cgc.invoke @" + callee + "(" + a + ", " + b + ") " + attrs +
           " : (" + kT + ", " + kT + ")\n";
  }

  static std::vector<std::pair<std::string, std::string>>
  dependencies(const Graph &graph) {
    std::vector<std::pair<std::string, std::string>> result;
    for (const Edge &edge : graph.edges)
      if (edge.kind == EdgeKind::Dependency)
        result.push_back({edge.from, edge.to});
    return result;
  }

  MLIRContext context;
  Block block;
};

TEST_F(GraphTest, SharedWritableMemoryOrdersConsecutiveInvokes) {
  Graph graph = outputGraph(invoke("p", "%x", "%y") + invoke("q", "%y", "%z"));
  using Dep = std::pair<std::string, std::string>;
  EXPECT_THAT(dependencies(graph), ::testing::ElementsAre(Dep{"p", "q"}));
}

TEST_F(GraphTest, OnlySharedWritableMemoryOrders) {
  Graph graph = outputGraph(invoke("p", "%x", "%y") + invoke("q", "%x", "%z"));
  // %x is shared, but it is writable program memory: that still orders.
  EXPECT_EQ(dependencies(graph).size(), 1u);
  Graph apart = outputGraph(invoke("p", "%x", "%y") + invoke("q", "%z", "%z"));
  EXPECT_TRUE(dependencies(apart).empty());
}

TEST_F(GraphTest, RecordedDependenciesWinAndBadIndicesAreIgnored) {
  // Sharing %y would order q after p; the record says nothing does, and an
  // index that is not an earlier invoke is ignored.
  Graph graph = outputGraph(
      invoke("p", "%x", "%y", "{cgc.depends = array<i64>}") +
      invoke("q", "%y", "%z", "{cgc.depends = array<i64: 1, 7, -1>}"));
  EXPECT_TRUE(dependencies(graph).empty());
}

TEST_F(GraphTest, InvokesAreLabelledByTheirLayers) {
  Graph graph = outputGraph(invoke("p", "%x", "%y"));
  const Node *node = graph.findNode("s");
  ASSERT_NE(node, nullptr);
  EXPECT_EQ(node->kind, NodeKind::Invoke);
  EXPECT_EQ(node->title, "cgc.subgraph (relu+sigmoid)");
  ASSERT_TRUE(node->cluster.has_value());
  EXPECT_EQ(graph.clusters[*node->cluster].id, "p");
  EXPECT_TRUE(graph.clusters[*node->cluster].isPartition);
}

TEST_F(GraphTest, NamesCannotBreakTheText) {
  Graph graph = outputGraph(invoke("p", "%x", "%y"));
  // The cgc.name of %x holds a quote and angle brackets.
  const Node &x = graph.nodes.front();
  EXPECT_EQ(x.id, "x__y_");
  std::string mermaid, dot;
  llvm::raw_string_ostream mermaidOs(mermaid), dotOs(dot);
  writeMermaid(graph, mermaidOs);
  writeDot(graph, dotOs);
  EXPECT_THAT(mermaid, HasSubstr("x__y_([\"%x#quot;#lt;y#gt;\"]):::buffer;"));
  EXPECT_THAT(dot, HasSubstr("x__y_ [label=<%x&quot;&lt;y&gt;>"));
}

TEST_F(GraphTest, KeywordsAreNotIdentifiers) {
  ParserConfig config(&context);
  ASSERT_TRUE(succeeded(parseSourceString(R"(
cgc.module {
  cgc.entry_point @main(%end: !cgc.tensor<4x!cgc.float32> {cgc.name = "end"})
      -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%end) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
})",
                                          &block, config)));
  auto module = cast<cgc::ModuleOp>(block.front());
  Graph graph = buildInputGraph(
      *module.getBodyBlock()->getOps<cgc::EntryPointOp>().begin(),
      ValueNames());
  ASSERT_EQ(graph.nodes.size(), 3u);
  EXPECT_EQ(graph.nodes[0].id, "end_");
  EXPECT_EQ(graph.nodes[0].name, "end");
  EXPECT_EQ(graph.nodes[1].id, "relu");
  EXPECT_EQ(graph.nodes[2].id, "out");
  ASSERT_EQ(graph.edges.size(), 2u);
  EXPECT_EQ(graph.edges[0].from, "end_");
}
} // namespace
