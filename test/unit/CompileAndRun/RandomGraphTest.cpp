//===- RandomGraphTest.cpp - Compiled programs equal Input IR, bit for bit ===//
//
// Random DAGs of elementwise and softmax ops, compiled with random options
// (fine or coarse partitions, in place or not, output buffers borrowed or
// not, 16- or 256-byte alignment, with or without a fusing test target),
// must give exactly the reference device's Input IR results. This is what
// exercises memory reuse: a wrong offset or a missing dependency changes the
// numbers.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/ReferenceKernels/Executor.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "RandomGraph.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace opencgc;
using opencgc::testgen::randomGraph;
using opencgc::testgen::randomTensor;
using opencgc::testgen::sameBits;

namespace {
/// A fusing target: elementwise chains, and relu -> add with a second
/// result allowed.
constexpr const char *kDeclaration = R"mlir(cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @reluAdd attributes {benefit = 2 : i64, multi_output} {
      %x = cgc_pattern.value
      %y = cgc_pattern.value
      %r = cgc_pattern.op ["relu"](%x)
      %a = cgc_pattern.op ["add"](%r, %y) {commutative}
      cgc_pattern.yield %a
    }
    cgc_pattern.pattern @chain {
      %e = cgc_pattern.chain {class = "elementwise", min = 2, max = 4}
      cgc_pattern.yield %e
    }
  }
})mlir";

class RandomGraphTest : public ::testing::Test {
protected:
  RandomGraphTest() {
    loadCGCDialects(context);
    llvm::SmallString<128> path;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("driver", "mlir", path));
    {
      std::error_code error;
      llvm::raw_fd_ostream os(path, error);
      os << kDeclaration;
    }
    auto device = device::createDeclarationFileDevice(context, path);
    llvm::sys::fs::remove(path);
    EXPECT_TRUE(bool(device)) << llvm::toString(device.takeError());
    driver = std::move(*device);
    reference = device::createReferenceDevice(context);
  }

  MLIRContext context;
  std::unique_ptr<device::Device> driver, reference;
};

TEST_F(RandomGraphTest, CompiledProgramsMatchInputIRBitForBit) {
  std::mt19937 random(2026);
  for (int round = 0; round < 150; ++round) {
    std::string text = randomGraph(random, 3 + random() % 12);
    auto module = parseSourceString<cgc::ModuleOp>(text, &context);
    ASSERT_TRUE(module) << text;
    compiler::CompileOptions options;
    options.partitioning = random() % 2 ? compiler::Partitioning::Fine
                                        : compiler::Partitioning::Coarse;
    options.inPlace = random() % 2;
    options.borrowOutputs = random() % 2;
    options.alignment = random() % 2 ? 16 : 256;
    std::vector<device::Device *> targets;
    if (random() % 2)
      targets.push_back(driver.get());
    auto compiled = compiler::compileModule(*module, targets, options);
    ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError()) << "\n"
                                << text;
    EXPECT_GE(compiled->memory.scratchBytes, compiled->memory.lowerBoundBytes);

    std::vector<Tensor> inputs = {randomTensor(random), randomTensor(random)};
    Tensor constant = randomTensor(random);
    auto lookup = [&](llvm::StringRef) -> llvm::Expected<Tensor> {
      return constant;
    };
    auto entry = *module->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
    auto expected = reference::executeEntryPoint(entry, inputs, lookup);
    ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
    auto actual = runtime::executeProgram(*compiled->outputIR, inputs, lookup,
                                          *reference);
    ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError()) << "\n"
                              << text;
    ASSERT_EQ(actual->size(), expected->size());
    for (size_t i = 0; i < actual->size(); ++i) {
      std::string ir;
      llvm::raw_string_ostream os(ir);
      compiled->outputIR->print(os);
      ASSERT_TRUE(sameBits((*actual)[i], (*expected)[i]))
          << "result " << i << " differs in round " << round << "\n"
          << text << "\n"
          << ir;
    }
  }
}
} // namespace
