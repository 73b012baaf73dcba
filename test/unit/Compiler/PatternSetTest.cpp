//===- PatternSetTest.cpp - cgc_pattern matching --------------------------===//
//
// Each test parses Input IR whose ops carry name locations (loc("r")), a
// declaration, and checks which ops matchAt claims at a tagged root.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/PatternSet.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/OpClasses.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/Registration.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace mlir;
using opencgc::compiler::PatternMatch;
using opencgc::compiler::PatternSet;
using Tags = std::vector<std::string>;

namespace {

constexpr const char *kTypes = R"(
!t = !cgc.tensor<1x4x8x8x!cgc.float32>
!w = !cgc.tensor<constant 4x4x3x3x!cgc.float32>
!b = !cgc.tensor<constant 4x!cgc.float32>
!m = !cgc.tensor<4x8x!cgc.float32>
!k = !cgc.tensor<8x8x!cgc.float32>
)";

/// conv -> relu -> add(x, relu): the add's operands are in the order a
/// non-commutative pattern add(relu, x) does not accept. The second copy
/// adds %y instead of the convolution's input.
constexpr const char *kConvReluAdd = R"(
cgc.module {
  cgc.entry_point @main(%x: !t, %y: !t) -> !t {
    %w = cgc.constant("w") : !w
    %b = cgc.constant("b") : !b
    %c = cgc_op.convolution(%x, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!t, !w, !b) loc("c")
    %r = cgc_op.relu(%c) : (!t) loc("r")
    %a = cgc_op.add(%x, %r) : (!t, !t) loc("a")
    %c2 = cgc_op.convolution(%x, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!t, !w, !b) loc("c2")
    %r2 = cgc_op.relu(%c2) : (!t) loc("r2")
    %a2 = cgc_op.add(%y, %r2) : (!t, !t) loc("a2")
    %s = cgc_op.add(%a, %a2) : (!t, !t) loc("s")
    cgc.return %s : !t
  }
})";

/// conv -> relu -> add(bias) -> sigmoid -> tanh, and matmul -> relu.
constexpr const char *kEpilogue = R"(
cgc.module {
  cgc.entry_point @main(%x: !t, %y: !t, %p: !m, %q: !k) -> (!t, !m) {
    %w = cgc.constant("w") : !w
    %b = cgc.constant("b") : !b
    %c = cgc_op.convolution(%x, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!t, !w, !b) loc("c")
    %r = cgc_op.relu(%c) : (!t) loc("r")
    %a = cgc_op.add(%y, %r) : (!t, !t) loc("a")
    %s = cgc_op.sigmoid(%a) : (!t) loc("s")
    %h = cgc_op.tanh(%s) : (!t) loc("h")
    %mm = cgc_op.matmul(%p, %q) : (!m, !k) loc("mm")
    %mr = cgc_op.relu(%mm) : (!m) loc("mr")
    cgc.return %h, %mr : !t, !m
  }
})";

/// mul(x, x) -> exp -> reduce_sum, and a reduction without a prologue.
constexpr const char *kReduce = R"(
cgc.module {
  cgc.entry_point @main(%x: !m) -> (!cgc.tensor<4x1x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>) {
    %sq = cgc_op.mul(%x, %x) : (!m, !m) loc("sq")
    %e = cgc_op.exp(%sq) : (!m) loc("e")
    %r = cgc_op.reduce_sum(%e) {axes = [1]} : (!m) loc("r")
    %r2 = cgc_op.reduce_max(%x) {axes = [1]} : (!m) loc("r2")
    cgc.return %r, %r2 : !cgc.tensor<4x1x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>
  }
})";

constexpr const char *kConvReluAddPattern = R"(
  cgc_pattern.pattern @convReluAdd {
    %x = cgc_pattern.value
    %w = cgc_pattern.value {constant}
    %b = cgc_pattern.value
    %c = cgc_pattern.op ["convolution"](%x, %w, %b)
    %r = cgc_pattern.op ["relu"](%c)
    %a = cgc_pattern.op ["add"](%r, %x) COMMUTATIVE
    cgc_pattern.yield %a
  })";

constexpr const char *kEpiloguePattern = R"(
  cgc_pattern.pattern @epilogue {
    %m = cgc_pattern.op ["convolution", "matmul", "gemm"]
    %e = cgc_pattern.chain(%m) {class = "elementwise" BOUNDS}
    cgc_pattern.yield %e
  })";

std::string replace(std::string text, llvm::StringRef from,
                    llvm::StringRef to) {
  size_t at = text.find(from.str());
  if (at != std::string::npos)
    text.replace(at, from.size(), to.str());
  return text;
}

class PatternSetTest : public ::testing::Test {
protected:
  PatternSetTest() { opencgc::loadCGCDialects(context); }

  /// Parses one top-level op (with the type aliases), failing the test on
  /// errors. Declarations are left for PatternSet::compile to verify.
  Operation *parse(const std::string &text, bool verify = true) {
    auto block = std::make_unique<Block>();
    ParserConfig config(&context, verify);
    if (failed(parseSourceString(kTypes + text, block.get(), config)) ||
        block->empty()) {
      ADD_FAILURE() << "cannot parse:\n" << text;
      return nullptr;
    }
    Operation *op = &block->front();
    blocks.push_back(std::move(block));
    return op;
  }

  void loadInput(const char *text) { input = parse(text); }

  llvm::Expected<PatternSet> compile(const std::string &patterns) {
    Operation *module = parse("cgc.module {\n  cgc_pattern.declaration "
                              "@target {" +
                                  patterns + "\n  }\n}",
                              /*verify=*/false);
    if (!module)
      return llvm::createStringError("declaration does not parse");
    return PatternSet::compile(
        &cast<opencgc::cgc::ModuleOp>(module).getBodyBlock()->front());
  }

  PatternSet mustCompile(const std::string &patterns) {
    auto set = compile(patterns);
    if (!set) {
      ADD_FAILURE() << llvm::toString(set.takeError());
      return PatternSet();
    }
    return std::move(*set);
  }

  /// The op of the input whose location is loc(`tag`).
  Operation *op(llvm::StringRef tag) {
    Operation *found = nullptr;
    input->walk([&](Operation *candidate) {
      if (auto name = dyn_cast<NameLoc>(candidate->getLoc()))
        if (name.getName() == tag)
          found = candidate;
    });
    EXPECT_NE(found, nullptr) << "no op tagged " << tag.str();
    return found;
  }

  static Tags tags(const PatternMatch &match) {
    Tags result;
    for (Operation *matched : match.ops)
      result.push_back(cast<NameLoc>(matched->getLoc()).getName().str());
    return result;
  }

  /// The tags of the best match at `root`, or {} when nothing matches.
  Tags match(const PatternSet &set, llvm::StringRef root,
             opencgc::compiler::MatchFilter filter = acceptAll) {
    std::optional<PatternMatch> found = set.matchAt(op(root), filter);
    return found ? tags(*found) : Tags();
  }

  static bool acceptAll(const PatternMatch &) { return true; }

  MLIRContext context;
  std::vector<std::unique_ptr<Block>> blocks;
  Operation *input = nullptr;
};

//===----------------------------------------------------------------------===//
// Fixed DAGs
//===----------------------------------------------------------------------===//

TEST_F(PatternSetTest, CompilesDeclaration) {
  PatternSet set =
      mustCompile(replace(kConvReluAddPattern, "COMMUTATIVE", "{commutative}") +
                  replace(kEpiloguePattern, "BOUNDS", ""));
  EXPECT_EQ(set.getTargetName(), "target");
  EXPECT_EQ(set.size(), 2u);
}

TEST_F(PatternSetTest, FixedDagWithSharedInputAndCommutativeAdd) {
  loadInput(kConvReluAdd);
  PatternSet set =
      mustCompile(replace(kConvReluAddPattern, "COMMUTATIVE", "{commutative}"));
  std::optional<PatternMatch> found = set.matchAt(op("a"), acceptAll);
  ASSERT_TRUE(found);
  EXPECT_EQ(tags(*found), (Tags{"c", "r", "a"}));
  EXPECT_EQ(found->patternName, "convReluAdd");
  EXPECT_EQ(found->benefit, 1u);
  EXPECT_FALSE(found->multiOutput);
  // a2 adds %y, not the convolution's input: the shared value must agree.
  EXPECT_EQ(match(set, "a2"), Tags());
  EXPECT_EQ(match(set, "r"), Tags());
}

TEST_F(PatternSetTest, NonCommutativeAddKeepsOperandOrder) {
  loadInput(kConvReluAdd);
  PatternSet set = mustCompile(replace(kConvReluAddPattern, "COMMUTATIVE", ""));
  EXPECT_EQ(match(set, "a"), Tags());
}

TEST_F(PatternSetTest, ConstantValueRejectsNonConstantWeights) {
  loadInput(R"(
cgc.module {
  cgc.entry_point @main(%x: !t, %w: !cgc.tensor<4x4x3x3x!cgc.float32>, %b: !b) -> !t {
    %c = cgc_op.convolution(%x, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!t, !cgc.tensor<4x4x3x3x!cgc.float32>, !b) loc("c")
    %r = cgc_op.relu(%c) : (!t) loc("r")
    %a = cgc_op.add(%r, %x) : (!t, !t) loc("a")
    cgc.return %a : !t
  }
})");
  PatternSet set = mustCompile(replace(kConvReluAddPattern, "COMMUTATIVE", ""));
  EXPECT_EQ(match(set, "a"), Tags());
}

//===----------------------------------------------------------------------===//
// Chains
//===----------------------------------------------------------------------===//

TEST_F(PatternSetTest, EpilogueChainOfLengthZeroToThree) {
  loadInput(kEpilogue);
  PatternSet set = mustCompile(replace(kEpiloguePattern, "BOUNDS", ""));
  EXPECT_EQ(match(set, "c"), (Tags{"c"}));
  EXPECT_EQ(match(set, "r"), (Tags{"c", "r"}));
  EXPECT_EQ(match(set, "a"), (Tags{"c", "r", "a"}));
  EXPECT_EQ(match(set, "s"), (Tags{"c", "r", "a", "s"}));
  EXPECT_EQ(match(set, "mr"), (Tags{"mm", "mr"}));
}

TEST_F(PatternSetTest, EpilogueChainBounds) {
  loadInput(kEpilogue);
  PatternSet atLeastOne =
      mustCompile(replace(kEpiloguePattern, "BOUNDS", ", min = 1"));
  EXPECT_EQ(match(atLeastOne, "c"), Tags());
  EXPECT_EQ(match(atLeastOne, "r"), (Tags{"c", "r"}));
  PatternSet atMostTwo =
      mustCompile(replace(kEpiloguePattern, "BOUNDS", ", max = 2"));
  EXPECT_EQ(match(atMostTwo, "a"), (Tags{"c", "r", "a"}));
  EXPECT_EQ(match(atMostTwo, "s"), Tags());
}

TEST_F(PatternSetTest, ChainBacktracksOverWhichOperandContinues) {
  loadInput(R"(
cgc.module {
  cgc.entry_point @main(%x: !t, %y: !t) -> !t {
    %a = cgc_op.relu(%x) : (!t) loc("a")
    %b = cgc_op.sigmoid(%y) : (!t) loc("b")
    %m = cgc_op.mul(%a, %b) : (!t, !t) loc("m")
    cgc.return %m : !t
  }
})");
  // The chain must start at a sigmoid: only the mul's second operand leads
  // there, after the first operand's longer paths fail.
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @p {
    %s = cgc_pattern.op ["sigmoid"]
    %e = cgc_pattern.chain(%s) {min = 1}
    cgc_pattern.yield %e
  })");
  EXPECT_EQ(match(set, "m"), (Tags{"b", "m"}));
}

TEST_F(PatternSetTest, NamedChainOnlyTakesListedOps) {
  loadInput(kEpilogue);
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @p {
    %m = cgc_pattern.op ["convolution"]
    %e = cgc_pattern.chain ["relu", "add"](%m)
    cgc_pattern.yield %e
  })");
  EXPECT_EQ(match(set, "a"), (Tags{"c", "r", "a"}));
  EXPECT_EQ(match(set, "s"), Tags());
}

TEST_F(PatternSetTest, PrologueChainIntoReduction) {
  loadInput(kReduce);
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @reduce {
    %p = cgc_pattern.chain class "elementwise"
    %r = cgc_pattern.op class "reduction" (%p)
    cgc_pattern.yield %r
  })");
  EXPECT_EQ(match(set, "r"), (Tags{"sq", "e", "r"}));
  // An empty prologue: the reduction alone.
  EXPECT_EQ(match(set, "r2"), (Tags{"r2"}));
  EXPECT_EQ(match(set, "e"), Tags());
}

TEST_F(PatternSetTest, PureElementwiseChainNeedsAnOp) {
  loadInput(kEpilogue);
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @ew {
    %e = cgc_pattern.chain {min = 1}
    cgc_pattern.yield %e
  })");
  EXPECT_EQ(match(set, "h"), (Tags{"r", "a", "s", "h"}));
  EXPECT_EQ(match(set, "c"), Tags());
}

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

struct ConstraintCase {
  const char *constraint;
  bool matches;
};

class ConstraintTest : public PatternSetTest,
                       public ::testing::WithParamInterface<ConstraintCase> {};

TEST_P(ConstraintTest, AppliesToTheConvolution) {
  loadInput(kEpilogue);
  PatternSet set = mustCompile(std::string(R"(
  cgc_pattern.pattern @p {
    %c = cgc_pattern.op ["convolution"] )") +
                               GetParam().constraint + R"(
    %r = cgc_pattern.op ["relu"](%c)
    cgc_pattern.yield %r
  })");
  Tags expected = GetParam().matches ? Tags{"c", "r"} : Tags();
  EXPECT_EQ(match(set, "r"), expected) << GetParam().constraint;
}

// The convolution's result is 1x4x8x8 float32 (256 elements, 32-byte rows),
// group left at its default 1, start_padding written as [1, 1].
INSTANTIATE_TEST_SUITE_P(
    Constraints, ConstraintTest,
    ::testing::Values(
        ConstraintCase{"{dtypes = [\"float16\", \"float32\"]}", true},
        ConstraintCase{"{dtypes = [\"float16\"]}", false},
        ConstraintCase{"{rank = [3, 4]}", true},
        ConstraintCase{"{rank = [2]}", false},
        ConstraintCase{"{shape = [1, -1, 8, 8]}", true},
        ConstraintCase{"{shape = [1, 3, -1, -1]}", false},
        ConstraintCase{"{max_elements = 256}", true},
        ConstraintCase{"{max_elements = 255}", false},
        ConstraintCase{"{alignment = 32}", true},
        ConstraintCase{"{alignment = 64}", false},
        ConstraintCase{"{attributes = {group = 1}}", true},
        ConstraintCase{"{attributes = {group = 2}}", false},
        ConstraintCase{"{attributes = {start_padding = [1, 1]}}", true},
        ConstraintCase{"{attributes = {start_padding = [0, 0]}}", false},
        ConstraintCase{"{attributes = {strides = [1, 1]}}", false}),
    // Stable test names: the case's index (ctest lists every case).
    [](const ::testing::TestParamInfo<ConstraintCase> &info) {
      return "case" + std::to_string(info.index);
    });

TEST_F(PatternSetTest, ValueConstraintsApplyToInputs) {
  loadInput(kEpilogue);
  auto pattern = [](const char *constraint) {
    return std::string(R"(
  cgc_pattern.pattern @p {
    %x = cgc_pattern.value )") +
           constraint + R"(
    %r = cgc_pattern.op ["relu"](%x)
    cgc_pattern.yield %r
  })";
  };
  EXPECT_EQ(match(mustCompile(pattern("{dtypes = [\"float32\"]}")), "r"),
            (Tags{"r"}));
  EXPECT_EQ(match(mustCompile(pattern("{dtypes = [\"int8\"]}")), "r"), Tags());
  EXPECT_EQ(match(mustCompile(pattern("{constant}")), "r"), Tags());
}

//===----------------------------------------------------------------------===//
// Escapes, filters, ranking
//===----------------------------------------------------------------------===//

constexpr const char *kEscaping = R"(
cgc.module {
  cgc.entry_point @main(%x: !t) -> (!t, !t) {
    %w = cgc.constant("w") : !w
    %c = cgc_op.convolution(%x, %w) {start_padding = [1, 1], end_padding = [1, 1]} : (!t, !w) loc("c")
    %r = cgc_op.relu(%c) : (!t) loc("r")
    cgc.return %r, %c : !t, !t
  }
})";

TEST_F(PatternSetTest, EscapingValueRejectsCandidate) {
  loadInput(kEscaping);
  PatternSet set = mustCompile(replace(kEpiloguePattern, "BOUNDS", ""));
  // conv+relu escapes through the return; conv alone cannot root at relu.
  EXPECT_EQ(match(set, "r"), Tags());
  EXPECT_EQ(match(set, "c"), (Tags{"c"}));
}

TEST_F(PatternSetTest, MultiOutputAcceptsEscapingValue) {
  loadInput(kEscaping);
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @p attributes {multi_output} {
    %m = cgc_pattern.op ["convolution"]
    %e = cgc_pattern.chain(%m)
    cgc_pattern.yield %e
  })");
  std::optional<PatternMatch> found = set.matchAt(op("r"), acceptAll);
  ASSERT_TRUE(found);
  EXPECT_EQ(tags(*found), (Tags{"c", "r"}));
  EXPECT_TRUE(found->multiOutput);
}

TEST_F(PatternSetTest, FilterRejectionBacktracksToShorterChain) {
  loadInput(kEpilogue);
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @ew {
    %e = cgc_pattern.chain {min = 1}
    cgc_pattern.yield %e
  })");
  auto without = [&](llvm::StringRef claimed) {
    return [&, claimed](const PatternMatch &m) {
      return llvm::none_of(m.ops,
                           [&](Operation *o) { return o == op(claimed); });
    };
  };
  EXPECT_EQ(match(set, "h", without("r")), (Tags{"a", "s", "h"}));
  EXPECT_EQ(match(set, "h", without("s")), (Tags{"h"}));
  EXPECT_EQ(match(set, "h", [](const PatternMatch &) { return false; }),
            Tags());
}

TEST_F(PatternSetTest, FilterRejectionBacktracksToOtherOperandOrder) {
  loadInput(R"(
cgc.module {
  cgc.entry_point @main(%x: !t, %y: !t) -> !t {
    %p = cgc_op.relu(%x) : (!t) loc("p")
    %q = cgc_op.relu(%y) : (!t) loc("q")
    %a = cgc_op.add(%p, %q) : (!t, !t) loc("a")
    cgc.return %a : !t
  }
})");
  PatternSet set = mustCompile(R"(
  cgc_pattern.pattern @p {
    %v = cgc_pattern.value
    %w = cgc_pattern.value
    %r = cgc_pattern.op ["relu"](%v)
    %a = cgc_pattern.op ["add"](%r, %w) {commutative}
    cgc_pattern.yield %a
  })");
  EXPECT_EQ(match(set, "a"), (Tags{"p", "a"}));
  Operation *p = op("p");
  EXPECT_EQ(match(set, "a",
                  [&](const PatternMatch &m) {
                    return !llvm::is_contained(m.ops, p);
                  }),
            (Tags{"q", "a"}));
}

TEST_F(PatternSetTest, HigherBenefitWinsThenMoreOps) {
  loadInput(kEpilogue);
  const char *small = R"(
  cgc_pattern.pattern @small attributes {benefit = BENEFIT} {
    %x = cgc_pattern.value
    %r = cgc_pattern.op ["sigmoid"](%x)
    cgc_pattern.yield %r
  })";
  std::string big = replace(kEpiloguePattern, "BOUNDS", "");
  std::optional<PatternMatch> found =
      mustCompile(replace(small, "BENEFIT", "1") + big)
          .matchAt(op("s"), acceptAll);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->patternName, "epilogue");
  found = mustCompile(replace(small, "BENEFIT", "5") + big)
              .matchAt(op("s"), acceptAll);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->patternName, "small");
  EXPECT_EQ(found->benefit, 5u);
  EXPECT_EQ(tags(*found), (Tags{"s"}));
}

//===----------------------------------------------------------------------===//
// Errors and op classes
//===----------------------------------------------------------------------===//

TEST_F(PatternSetTest, CompileReportsPatternAndBadName) {
  auto set = compile(R"(
  cgc_pattern.pattern @broken {
    %r = cgc_pattern.op ["rellu"]
    cgc_pattern.yield %r
  })");
  ASSERT_FALSE(set);
  std::string message = llvm::toString(set.takeError());
  EXPECT_NE(message.find("in pattern @broken: 'rellu' is not a cgc_op op"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("declaration @target"), std::string::npos) << message;
  // The op's location: line 4 of the declaration text after kTypes' 6.
  EXPECT_NE(message.find("-:10:10: 'cgc_pattern.op' op"), std::string::npos)
      << message;
}

TEST_F(PatternSetTest, CompileRejectsOtherOps) {
  Operation *module = parse("cgc.module {\n}");
  auto set = PatternSet::compile(module);
  ASSERT_FALSE(set);
  EXPECT_EQ(llvm::toString(set.takeError()),
            "expected a cgc_pattern.declaration, got 'cgc.module'");
}

TEST_F(PatternSetTest, OpClasses) {
  loadInput(kReduce);
  using namespace opencgc::compiler;
  EXPECT_TRUE(isElementwise(op("sq")));
  EXPECT_TRUE(isElementwise(op("e")));
  EXPECT_FALSE(isElementwise(op("r")));
  EXPECT_TRUE(isReduction(op("r")));
  EXPECT_TRUE(isReduction(op("r2")));
  EXPECT_FALSE(isReduction(op("e")));
  EXPECT_FALSE(isNormalization(op("r")));
  EXPECT_TRUE(isInClass(op("r"), opencgc::cgc_pattern::OpClass::Any));
  EXPECT_FALSE(isInClass(input, opencgc::cgc_pattern::OpClass::Any));
}

} // namespace
