//===- ProgramExecutorTest.cpp - Output IR on the reference device --------===//
//
// Partition isolation of the specification's Output IR example, partition
// containers the reference device refuses, and whole-program runs compared
// bit for bit with the reference interpreter on the equivalent Input IR.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/Compiler/PartitionIsolation.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/CgcContainer.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/ReferenceKernels/Executor.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace opencgc;

namespace {
std::string readExample(llvm::StringRef name) {
  auto file = llvm::MemoryBuffer::getFile(std::string(OPENCGC_EXAMPLES_DIR) +
                                          "/" + name.str());
  EXPECT_TRUE(bool(file)) << "cannot read examples/" << name.str();
  return file ? (*file)->getBuffer().str() : "";
}

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

std::vector<std::string> symbolNames(cgc::ModuleOp module) {
  std::vector<std::string> names;
  for (Operation &op : module.getBodyBlock()->getOperations())
    names.push_back(
        op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()).str());
  return names;
}

Tensor randomTensor(llvm::ArrayRef<int64_t> shape, std::mt19937 &random) {
  std::uniform_real_distribution<float> distribution(-1.0f, 1.0f);
  Tensor tensor(DType::Float32, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.getData<float>()[i] = distribution(random);
  return tensor;
}

// Output IR whose program carries cgc.role and cgc.name attributes and has
// an output no partition writes.
constexpr const char *kRolesProgram = R"(
cgc.module {
  cgc.subgraph @relu attributes {origin = "reference"} {
    cgc.functional_definition private @reluFunctional(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %0 = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<4x!cgc.float32>) {
    cgc.invoke @relu(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
  cgc.program @main(%out: !cgc.memref<4x!cgc.float32> {cgc.role = "output", cgc.name = "y"},
                    %in: !cgc.memref<4x!cgc.float32> {cgc.role = "input", cgc.name = "x"},
                    %never: !cgc.memref<2x!cgc.int32> {cgc.role = "output"}) {
    cgc.invoke @p(%in, %out) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
})";

class ProgramExecutorTest : public ::testing::Test {
protected:
  ProgramExecutorTest() { loadCGCDialects(context); }

  OwningOpRef<cgc::ModuleOp> parse(llvm::StringRef text) {
    ParserConfig config(&context);
    if (failed(parseSourceString(text, &block, config)) || block.empty()) {
      ADD_FAILURE() << "cannot parse the test's IR";
      return nullptr;
    }
    auto module = cast<cgc::ModuleOp>(block.front());
    module->remove();
    return OwningOpRef<cgc::ModuleOp>(module);
  }

  cgc::PartitionOp lookupPartition(cgc::ModuleOp module, llvm::StringRef name) {
    return SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
        module, StringAttr::get(&context, name));
  }

  MLIRContext context;
  Block block;
};

TEST_F(ProgramExecutorTest, IsolatesTheSpecificationsDriverPartition) {
  OwningOpRef<cgc::ModuleOp> output = parse(readExample("spec-output-ir.mlir"));
  OwningOpRef<cgc::ModuleOp> isolated = compiler::isolatePartition(
      *output, lookupPartition(*output, "driverPartition"));
  ASSERT_TRUE(isolated);
  EXPECT_EQ(symbolNames(*isolated),
            (std::vector<std::string>{"convReluAdd", "driverPartition"}));
  EXPECT_EQ(classifyModule(*isolated), MlirInterface::CgcSubgraphPartition);

  // The specification's Partition IR, whose subgraph names another origin.
  OwningOpRef<cgc::ModuleOp> expected =
      parse(readExample("spec-partition-ir.mlir"));
  ASSERT_TRUE(expected);
  for (auto subgraph : expected->getBodyBlock()->getOps<cgc::SubgraphOp>())
    subgraph.setOrigin("driverTarget");
  EXPECT_EQ(print(*isolated), print(*expected));
  // The Output IR is left as it was.
  EXPECT_EQ(symbolNames(*output).size(), 5u);
}

TEST_F(ProgramExecutorTest, IsolatesTheFallbackPartition) {
  OwningOpRef<cgc::ModuleOp> output = parse(readExample("spec-output-ir.mlir"));
  OwningOpRef<cgc::ModuleOp> isolated = compiler::isolatePartition(
      *output, lookupPartition(*output, "fallbackPartition"));
  ASSERT_TRUE(isolated);
  EXPECT_EQ(symbolNames(*isolated),
            (std::vector<std::string>{"upsample", "fallbackPartition"}));
}

TEST_F(ProgramExecutorTest, RejectsAPartitionOfAnotherModule) {
  OwningOpRef<cgc::ModuleOp> first = parse(readExample("spec-output-ir.mlir"));
  Block other;
  ParserConfig config(&context);
  ASSERT_TRUE(succeeded(
      parseSourceString(readExample("spec-output-ir.mlir"), &other, config)));
  auto second = cast<cgc::ModuleOp>(other.front());
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(compiler::isolatePartition(
      *first, lookupPartition(second, "driverPartition")));
  EXPECT_NE(message.find("not a top-level op"), std::string::npos) << message;
}

TEST_F(ProgramExecutorTest, CompileRejectsOtherContainers) {
  auto device = device::createReferenceDevice(context);
  auto compile = [&](llvm::ArrayRef<uint8_t> container) {
    device::StateObjectDesc desc;
    desc.mlirPrograms.push_back({"p", container});
    return device->createStateObject(desc);
  };
  OwningOpRef<cgc::ModuleOp> output = parse(readExample("spec-output-ir.mlir"));
  CgcPayload payload;
  payload.interface = MlirInterface::CgcOutput;
  payload.bytecode = writeModuleBytecode(*output);
  auto compiled = compile(writeCgcContainer(payload));
  ASSERT_FALSE(bool(compiled));
  EXPECT_NE(llvm::toString(compiled.takeError()).find("CGC_SUBGRAPH_PARTITION"),
            std::string::npos);

  // The whole Output IR tagged as Partition IR.
  payload.interface = MlirInterface::CgcSubgraphPartition;
  compiled = compile(writeCgcContainer(payload));
  ASSERT_FALSE(bool(compiled));
  EXPECT_NE(llvm::toString(compiled.takeError()).find("not Partition IR"),
            std::string::npos);

  std::vector<uint8_t> garbage = {1, 2, 3};
  compiled = compile(garbage);
  ASSERT_FALSE(bool(compiled));
  EXPECT_NE(llvm::toString(compiled.takeError()).find("container"),
            std::string::npos);
}

TEST_F(ProgramExecutorTest, InfersTheSpecificationsSignature) {
  OwningOpRef<cgc::ModuleOp> output = parse(readExample("spec-output-ir.mlir"));
  auto program = *output->getBodyBlock()->getOps<cgc::ProgramOp>().begin();
  auto signature = runtime::getProgramSignature(program);
  ASSERT_TRUE(bool(signature)) << llvm::toString(signature.takeError());
  EXPECT_EQ(signature->inputs, std::vector<unsigned>{0});
  EXPECT_EQ(signature->outputs, std::vector<unsigned>{1});
  EXPECT_EQ(signature->roles[2], runtime::ArgumentRole::Scratch);
}

TEST_F(ProgramExecutorTest, ReadsRolesAndRejectsPartialOnes) {
  OwningOpRef<cgc::ModuleOp> module = parse(kRolesProgram);
  auto program = *module->getBodyBlock()->getOps<cgc::ProgramOp>().begin();
  auto signature = runtime::getProgramSignature(program);
  ASSERT_TRUE(bool(signature)) << llvm::toString(signature.takeError());
  EXPECT_EQ(signature->inputs, std::vector<unsigned>{1});
  EXPECT_EQ(signature->outputs, (std::vector<unsigned>{0, 2}));

  program.removeArgAttr(2, StringAttr::get(&context, runtime::kRoleAttr));
  signature = runtime::getProgramSignature(program);
  ASSERT_FALSE(bool(signature));
  EXPECT_NE(llvm::toString(signature.takeError())
                .find("program @main argument #2 has no cgc.role"),
            std::string::npos);
}

TEST_F(ProgramExecutorTest, PoisonsOutputsNoPartitionWrites) {
  OwningOpRef<cgc::ModuleOp> module = parse(kRolesProgram);
  auto device = device::createReferenceDevice(context);
  Tensor input(DType::Float32, {4});
  for (int i = 0; i < 4; ++i)
    input.getData<float>()[i] = i - 2.0f;
  auto noConstants = [](llvm::StringRef) -> llvm::Expected<Tensor> {
    return llvm::createStringError("none");
  };
  auto outputs =
      runtime::executeProgram(*module, {input}, noConstants, *device);
  ASSERT_TRUE(bool(outputs)) << llvm::toString(outputs.takeError());
  ASSERT_EQ(outputs->size(), 2u);
  EXPECT_EQ((*outputs)[0].getData<float>()[0], 0.0f);
  EXPECT_EQ((*outputs)[0].getData<float>()[3], 1.0f);
  EXPECT_EQ((*outputs)[1].getDType(), DType::Int32);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ((*outputs)[1].getBytes()[i],
              runtime::CompiledProgram::kPoisonByte);
}

TEST_F(ProgramExecutorTest, RejectsInputsOfTheWrongShape) {
  OwningOpRef<cgc::ModuleOp> module = parse(kRolesProgram);
  auto device = device::createReferenceDevice(context);
  auto noConstants = [](llvm::StringRef) -> llvm::Expected<Tensor> {
    return llvm::createStringError("none");
  };
  auto outputs = runtime::executeProgram(*module, {Tensor(DType::Float32, {5})},
                                         noConstants, *device);
  ASSERT_FALSE(bool(outputs));
  EXPECT_EQ(llvm::toString(outputs.takeError()),
            "input 'x' is float32 5 but the program expects float32 4");
  outputs = runtime::executeProgram(*module, {}, noConstants, *device);
  ASSERT_FALSE(bool(outputs));
  EXPECT_EQ(llvm::toString(outputs.takeError()),
            "the program takes 1 inputs, got 0");
}

class SpecificationProgramTest : public ProgramExecutorTest {
protected:
  SpecificationProgramTest() {
    std::mt19937 random(1234);
    weights["w1"] = randomTensor({1, 1, 3, 3}, random);
    weights["b1"] = randomTensor({1}, random);
    weights["w2"] = randomTensor({1, 1, 3, 3}, random);
    weights["b2"] = randomTensor({1}, random);
    input = randomTensor({1, 1, 4, 4}, random);
  }

  llvm::Expected<Tensor> lookup(llvm::StringRef name) {
    auto it = weights.find(name);
    if (it == weights.end())
      return llvm::createStringError("no weight named \"" + name + "\"");
    return it->second;
  }

  llvm::StringMap<Tensor> weights;
  Tensor input;
};

TEST_F(SpecificationProgramTest, OutputIREqualsInputIRBitForBit) {
  OwningOpRef<cgc::ModuleOp> inputIR = parse(readExample("spec-input-ir.mlir"));
  auto entry = *inputIR->getBodyBlock()->getOps<cgc::EntryPointOp>().begin();
  auto lookupFn = [&](llvm::StringRef name) { return lookup(name); };
  auto expected = reference::executeEntryPoint(entry, {input}, lookupFn);
  ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());

  OwningOpRef<cgc::ModuleOp> outputIR =
      parse(readExample("spec-output-ir.mlir"));
  auto device = device::createReferenceDevice(context);
  auto actual = runtime::executeProgram(*outputIR, {input}, lookupFn, *device);
  ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
  ASSERT_EQ(actual->size(), 1u);
  EXPECT_TRUE((*actual)[0].bitwiseEqual((*expected)[0]));
  // Not trivially equal: relu and the bias make the output vary.
  double minimum = INFINITY, maximum = -INFINITY;
  for (int64_t i = 0; i < (*actual)[0].getNumElements(); ++i) {
    minimum = std::min(minimum, (*actual)[0].getAsDouble(i));
    maximum = std::max(maximum, (*actual)[0].getAsDouble(i));
  }
  EXPECT_LT(minimum, maximum);
}

TEST_F(SpecificationProgramTest, CompiledProgramRunsTwice) {
  OwningOpRef<cgc::ModuleOp> outputIR =
      parse(readExample("spec-output-ir.mlir"));
  auto device = device::createReferenceDevice(context);
  auto compiled = runtime::CompiledProgram::compile(*outputIR, *device);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  auto lookupFn = [&](llvm::StringRef name) { return lookup(name); };
  auto first = (*compiled)->run({input}, lookupFn);
  auto second = (*compiled)->run({input}, lookupFn);
  ASSERT_TRUE(first && second);
  EXPECT_TRUE((*first)[0].bitwiseEqual((*second)[0]));
}

TEST_F(SpecificationProgramTest, NamesAMissingConstant) {
  weights.erase("b2");
  OwningOpRef<cgc::ModuleOp> outputIR =
      parse(readExample("spec-output-ir.mlir"));
  auto device = device::createReferenceDevice(context);
  auto lookupFn = [&](llvm::StringRef name) { return lookup(name); };
  auto outputs = runtime::executeProgram(*outputIR, {input}, lookupFn, *device);
  ASSERT_FALSE(bool(outputs));
  EXPECT_EQ(llvm::toString(outputs.takeError()),
            "program @main: cannot bind named constant \"b2\": no weight "
            "named \"b2\"");
}

TEST_F(SpecificationProgramTest, NamesAConstantOfTheWrongShape) {
  weights["w1"] = Tensor(DType::Float32, {3, 3});
  OwningOpRef<cgc::ModuleOp> outputIR =
      parse(readExample("spec-output-ir.mlir"));
  auto device = device::createReferenceDevice(context);
  auto lookupFn = [&](llvm::StringRef name) { return lookup(name); };
  auto outputs = runtime::executeProgram(*outputIR, {input}, lookupFn, *device);
  ASSERT_FALSE(bool(outputs));
  EXPECT_EQ(llvm::toString(outputs.takeError()),
            "program @main: named constant \"w1\" is float32 3x3 but the "
            "program expects float32 1x1x3x3");
}
} // namespace
