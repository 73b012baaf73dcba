//===- DxilBackendTest.cpp - Kernel IR to DXIL compute shaders ------------===//
//
// Every kind of kernel the Kernel IR generator makes is lowered to a cs_6_x
// container that the DXIL validator accepts and whose bitcode LLVM 22
// reads back as the shape the DXIL devices expect: void @main(), a raw
// buffer handle per bind point (SRV when only read, UAV otherwise), dx.op
// buffer accesses and ids.
//
//===----------------------------------------------------------------------===//
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Codegen/DxilValidator.h"
#include "opencgc/Codegen/KernelIR.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

using namespace opencgc;
using namespace opencgc::codegen;
using test::f32;
using test::SingleOpSubgraph;

namespace {

class DxilBackendTest : public ::testing::Test {
protected:
  /// The validated kernels of one subgraph (a test failure if none).
  std::vector<DxilKernel> compile(const std::string &moduleText) {
    cgc::SubgraphOp subgraph = parser.parseSubgraph(moduleText);
    if (!subgraph)
      return {};
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
    if (!kernels) {
      ADD_FAILURE() << llvm::toString(kernels.takeError());
      return {};
    }
    llvm::Expected<std::vector<DxilKernel>> dxil = compileToDxil(*kernels);
    if (!dxil) {
      ADD_FAILURE() << llvm::toString(dxil.takeError());
      return {};
    }
    return std::move(*dxil);
  }
  std::vector<DxilKernel> compile(const SingleOpSubgraph &subgraph) {
    return compile(test::toString(subgraph));
  }

  test::SubgraphParser parser;
};

/// The container validates and its bitcode reads back with LLVM 22 in the
/// shape described in DxilBackend.h; the module for further checks.
std::unique_ptr<llvm::Module> checkKernel(const DxilKernel &kernel,
                                          llvm::LLVMContext &context) {
  std::vector<DxilFinding> findings = validateDxilContainer(kernel.container);
  for (const DxilFinding &finding : findings)
    EXPECT_NE(finding.severity, DxilFinding::Severity::Error)
        << kernel.launch.name << ": " << finding.str();
  llvm::Expected<llvm::ArrayRef<uint8_t>> bitcode =
      getDxilPartBitcode(kernel.container);
  EXPECT_TRUE(bool(bitcode)) << llvm::toString(bitcode.takeError());
  if (!bitcode)
    return nullptr;
  EXPECT_EQ(bitcode->size(), kernel.bitcode.size());
  llvm::Expected<DxilBitcodeModule> read = readDxilBitcode(*bitcode, context);
  EXPECT_TRUE(bool(read)) << llvm::toString(read.takeError());
  if (!read)
    return nullptr;
  EXPECT_EQ(kernel.entryPoint, "main");
  llvm::Function *entry = read->module->getFunction("main");
  EXPECT_TRUE(entry && entry->arg_empty() && !entry->isDeclaration());
  return std::move(read->module);
}

/// Resource classes of the createHandle calls by register, and the opcodes
/// of every dx.op call.
struct Calls {
  std::map<unsigned, unsigned> classByRegister;
  std::set<unsigned> opcodes;
};

Calls collectCalls(llvm::Module &module) {
  Calls calls;
  for (llvm::Instruction &instruction :
       llvm::instructions(*module.getFunction("main"))) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(&instruction);
    if (!call)
      continue;
    auto *opcode = llvm::cast<llvm::ConstantInt>(call->getArgOperand(0));
    calls.opcodes.insert(opcode->getZExtValue());
    if (opcode->getZExtValue() == 57)
      calls
          .classByRegister[llvm::cast<llvm::ConstantInt>(call->getArgOperand(3))
                               ->getZExtValue()] =
          llvm::cast<llvm::ConstantInt>(call->getArgOperand(1))->getZExtValue();
  }
  return calls;
}

TEST_F(DxilBackendTest, ElementwiseKernelIsValidDxil) {
  std::vector<DxilKernel> kernels =
      compile({"add", "add", {f32({2, 40}), f32({40})}, "", f32({2, 40})});
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].numBindings, 3u);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = checkKernel(kernels[0], context);
  ASSERT_TRUE(module);
  // Inputs t0, t1 are SRVs (class 0), the output u2 a UAV (class 1).
  Calls calls = collectCalls(*module);
  EXPECT_EQ(calls.classByRegister,
            (std::map<unsigned, unsigned>{{0, 0}, {1, 0}, {2, 1}}));
  for (unsigned opcode : {57u, 68u, 69u, 94u, 95u})
    EXPECT_TRUE(calls.opcodes.count(opcode)) << opcode;
  llvm::Expected<dxil::DxilShaderDescription> shader =
      dxil::describeDxilShader(*module);
  ASSERT_TRUE(bool(shader)) << llvm::toString(shader.takeError());
  EXPECT_EQ(shader->numThreads, kernels[0].launch.workgroupSize);
  ASSERT_EQ(shader->resources.size(), 3u);
  EXPECT_EQ(shader->resources[2].resourceClass, dxil::ResourceClass::UAV);
  EXPECT_EQ(shader->resources[2].kind, dxil::BufferKind::Raw);
  EXPECT_EQ(shader->resources[2].lowerBound, 2u);
}

TEST_F(DxilBackendTest, MathBecomesDxOps) {
  struct Case {
    const char *op;
    unsigned opcode;
  };
  // exp is Exp (2^x) scaled, log Log (log2) scaled, tanh Htan; erf is a
  // polynomial and pow is built from Exp and Log.
  for (Case c : {Case{"exp", 21}, Case{"log", 23}, Case{"sqrt", 24},
                 Case{"tanh", 20}, Case{"floor", 27}, Case{"sin", 13},
                 Case{"erf", 68}, Case{"gelu", 68}, Case{"asinh", 23}}) {
    std::vector<DxilKernel> kernels =
        compile({c.op, c.op, {f32({70})}, "", f32({70})});
    ASSERT_EQ(kernels.size(), 1u) << c.op;
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = checkKernel(kernels[0], context);
    ASSERT_TRUE(module);
    EXPECT_TRUE(collectCalls(*module).opcodes.count(c.opcode)) << c.op;
  }
  std::vector<DxilKernel> pow =
      compile({"pow", "pow", {f32({8}), f32({8})}, "", f32({8})});
  ASSERT_EQ(pow.size(), 1u);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = checkKernel(pow[0], context);
  ASSERT_TRUE(module);
  EXPECT_TRUE(collectCalls(*module).opcodes.count(21));
}

TEST_F(DxilBackendTest, MatmulUsesWholeVec4Accesses) {
  std::vector<DxilKernel> kernels =
      compile({"mm",
               "matmul",
               {f32({2, 8, 16}), f32({2, 16, 12})},
               "",
               f32({2, 8, 12})});
  ASSERT_EQ(kernels.size(), 1u);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = checkKernel(kernels[0], context);
  ASSERT_TRUE(module);
  // A vec4 store is one bufferStore with write mask xyzw.
  bool fourComponents = false;
  for (llvm::Instruction &instruction :
       llvm::instructions(*module->getFunction("main")))
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&instruction))
      if (call->getCalledFunction()->getName() == "dx.op.bufferStore.f32")
        fourComponents |= llvm::cast<llvm::ConstantInt>(call->getArgOperand(8))
                              ->getZExtValue() == 15;
  EXPECT_TRUE(fourComponents);
}

TEST_F(DxilBackendTest, ReductionSoftmaxConvolutionPoolingAreValidDxil) {
  SingleOpSubgraph subgraphs[] = {
      {"sum",
       "reduce_sum",
       {f32({3, 5, 7})},
       " {axes = [1], keepdims = false}",
       f32({3, 7})},
      {"softmax",
       "softmax",
       {f32({4, 10})},
       " {axis = -1 : i64}",
       f32({4, 10})},
      {"conv",
       "convolution",
       {f32({1, 3, 9, 9}), f32({4, 3, 3, 3}), f32({4})},
       " {strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]}",
       f32({1, 4, 5, 5})},
      {"convFast",
       "convolution",
       {f32({1, 4, 8, 8}), f32({8, 4, 3, 3})},
       " {start_padding = [1, 1], end_padding = [1, 1]}",
       f32({1, 8, 8, 8})},
      {"pool",
       "max_pooling",
       {f32({1, 2, 9, 9})},
       " {window_size = [3, 3], strides = [2, 2], start_padding = [1, 1], "
       "end_padding = [1, 1]}",
       f32({1, 2, 5, 5})},
      {"avg",
       "average_pooling",
       {f32({1, 8, 7, 7})},
       " {window_size = [7, 7]}",
       f32({1, 8, 1, 1})},
  };
  for (const SingleOpSubgraph &subgraph : subgraphs) {
    std::vector<DxilKernel> kernels = compile(subgraph);
    ASSERT_FALSE(kernels.empty()) << subgraph.name;
    for (const DxilKernel &kernel : kernels) {
      llvm::LLVMContext context;
      EXPECT_TRUE(checkKernel(kernel, context)) << subgraph.name;
    }
  }
}

/// The shader model dx.shaderModel names, as 6.<minor>.
unsigned shaderModelMinor(llvm::Module &module) {
  llvm::MDNode *model =
      module.getNamedMetadata("dx.shaderModel")->getOperand(0);
  return llvm::mdconst::extract<llvm::ConstantInt>(model->getOperand(2))
      ->getZExtValue();
}

/// Shader flags of the entry (dx.entryPoints tag 0).
uint64_t shaderFlags(llvm::Module &module) {
  llvm::MDNode *entry =
      module.getNamedMetadata("dx.entryPoints")->getOperand(0);
  auto *properties = llvm::cast<llvm::MDNode>(entry->getOperand(4));
  return llvm::mdconst::extract<llvm::ConstantInt>(properties->getOperand(1))
      ->getZExtValue();
}

TEST_F(DxilBackendTest, BoolBytesAreReadInWordsAndStoredByAtomics) {
  // is_nan writes bool bytes; `not` reads and writes them.
  for (const SingleOpSubgraph &subgraph :
       {SingleOpSubgraph{
            "isNan", "is_nan", {f32({9})}, "", "!cgc.tensor<9x!cgc.bool>"},
        SingleOpSubgraph{"not",
                         "not",
                         {"!cgc.tensor<9x!cgc.bool>"},
                         "",
                         "!cgc.tensor<9x!cgc.bool>"}}) {
    std::vector<DxilKernel> kernels = compile(subgraph);
    ASSERT_EQ(kernels.size(), 1u) << subgraph.name;
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = checkKernel(kernels[0], context);
    ASSERT_TRUE(module);
    // Bytes need no 16-bit types: cs_6_0, bufferStore gives way to
    // atomicBinOp (78) on the byte's word.
    EXPECT_EQ(shaderModelMinor(*module), 0u) << subgraph.name;
    Calls calls = collectCalls(*module);
    EXPECT_TRUE(calls.opcodes.count(78)) << subgraph.name;
    EXPECT_FALSE(calls.opcodes.count(69)) << subgraph.name;
    for (llvm::Instruction &instruction :
         llvm::instructions(*module->getFunction("main")))
      EXPECT_FALSE(instruction.getType()->isIntegerTy(8)) << subgraph.name;
  }
}

TEST_F(DxilBackendTest, HalfBuffersMakeANative16BitShaderModel62Kernel) {
  std::vector<DxilKernel> kernels = compile({"half",
                                             "relu",
                                             {"!cgc.tensor<8x!cgc.float16>"},
                                             "",
                                             "!cgc.tensor<8x!cgc.float16>"});
  ASSERT_EQ(kernels.size(), 1u);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = checkKernel(kernels[0], context);
  ASSERT_TRUE(module);
  EXPECT_EQ(shaderModelMinor(*module), 2u);
  // Raw buffers, low precision, native low precision (reference 3.5); the
  // index arithmetic is i32, so no Int64 flag: what DXC writes.
  EXPECT_EQ(shaderFlags(*module), 0x800030u);
  for (llvm::Instruction &instruction :
       llvm::instructions(*module->getFunction("main")))
    EXPECT_FALSE(instruction.getType()->isIntegerTy(64));
  Calls calls = collectCalls(*module);
  EXPECT_TRUE(calls.opcodes.count(139));
  EXPECT_TRUE(calls.opcodes.count(140));
  EXPECT_TRUE(module->getFunction("dx.op.rawBufferLoad.f16"));
}

TEST_F(DxilBackendTest, ShaderModel66UsesHandlesFromBindings) {
  cgc::SubgraphOp subgraph = parser.parseSubgraph(
      SingleOpSubgraph{"add", "add", {f32({40}), f32({40})}, "", f32({40})});
  llvm::Expected<KernelModule> kernelIR = lowerToKernelIR(subgraph);
  ASSERT_TRUE(bool(kernelIR)) << llvm::toString(kernelIR.takeError());
  DxilOptions options;
  options.shaderModelMinor = 6;
  llvm::Expected<std::vector<DxilKernel>> kernels =
      compileToDxil(*kernelIR, options);
  ASSERT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = checkKernel((*kernels)[0], context);
  ASSERT_TRUE(module);
  EXPECT_EQ(shaderModelMinor(*module), 6u);
  Calls calls = collectCalls(*module);
  // createHandle (57) is refused from SM 6.6 on; raw buffer ops from 6.2.
  for (unsigned opcode : {216u, 217u, 139u, 140u})
    EXPECT_TRUE(calls.opcodes.count(opcode)) << opcode;
  for (unsigned opcode : {57u, 68u, 69u})
    EXPECT_FALSE(calls.opcodes.count(opcode)) << opcode;
}

TEST_F(DxilBackendTest, ShaderModelAboveTheNewestIsRefused) {
  cgc::SubgraphOp subgraph = parser.parseSubgraph(
      SingleOpSubgraph{"add", "add", {f32({4}), f32({4})}, "", f32({4})});
  llvm::Expected<KernelModule> kernelIR = lowerToKernelIR(subgraph);
  ASSERT_TRUE(bool(kernelIR)) << llvm::toString(kernelIR.takeError());
  DxilOptions options;
  options.shaderModelMinor = 7;
  llvm::Expected<std::vector<DxilKernel>> kernels =
      compileToDxil(*kernelIR, options);
  ASSERT_FALSE(bool(kernels));
  std::string message = llvm::toString(kernels.takeError());
  EXPECT_NE(message.find("shader model 6.7 is not supported"),
            std::string::npos)
      << message;
}

} // namespace
