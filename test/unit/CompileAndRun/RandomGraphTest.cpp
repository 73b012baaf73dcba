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
#include "opencgc/Compiler/Compiler.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Runtime/ProgramExecutor.h"
#include "opencgc/Runtime/Reference/Executor.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace opencgc;

namespace {
constexpr const char *kType = "!cgc.tensor<4x8x!cgc.float32>";
constexpr const char *kConstantType = "!cgc.tensor<constant 4x8x!cgc.float32>";

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

/// Input IR text of a random DAG over two inputs and one named constant.
std::string randomGraph(std::mt19937 &random, int numOps) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "cgc.module {\n  cgc.entry_point @main(%v0: " << kType
     << ", %v1: " << kType << ") -> (";
  int numResults = 1 + random() % 3;
  for (int i = 0; i < numResults; ++i)
    os << (i ? ", " : "") << kType;
  os << ") {\n    %v2 = cgc.constant(\"c\") : " << kConstantType << "\n";
  const char *unary[] = {"relu", "sigmoid", "tanh"};
  const char *binary[] = {"add", "mul", "sub"};
  int next = 3;
  auto pick = [&] { return random() % next; };
  for (int i = 0; i < numOps; ++i, ++next) {
    int kind = random() % 10;
    int a = pick();
    os << "    %v" << next << " = cgc_op.";
    if (kind < 4) {
      os << unary[kind % 3] << "(%v" << a << ") : ("
         << (a == 2 ? kConstantType : kType) << ")\n";
    } else if (kind < 9) {
      int b = pick();
      os << binary[kind % 3] << "(%v" << a << ", %v" << b << ") : ("
         << (a == 2 ? kConstantType : kType) << ", "
         << (b == 2 ? kConstantType : kType) << ")\n";
    } else {
      os << "softmax(%v" << a << ") {axis = 1} : ("
         << (a == 2 ? kConstantType : kType) << ")\n";
    }
  }
  os << "    cgc.return ";
  for (int i = 0; i < numResults; ++i) {
    // Mostly late values; sometimes an input or a repeated value.
    // (The named constant %v2 has another type; it is never returned.)
    int value = random() % 5 == 0 ? random() % next : next - 1 - i;
    if (value < 0 || value == 2)
      value = next - 1;
    os << (i ? ", " : "") << "%v" << value;
  }
  os << " : ";
  for (int i = 0; i < numResults; ++i)
    os << (i ? ", " : "") << kType;
  os << "\n  }\n}\n";
  return text;
}

Tensor randomTensor(std::mt19937 &random) {
  Tensor tensor(DType::Float32, {4, 8});
  std::uniform_real_distribution<float> uniform(-2.0f, 2.0f);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.getData<float>()[i] = uniform(random);
  return tensor;
}

bool sameBits(const Tensor &a, const Tensor &b) {
  return a.getDType() == b.getDType() && a.getShape() == b.getShape() &&
         std::memcmp(a.getBytes(), b.getBytes(), a.getByteSize()) == 0;
}

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
