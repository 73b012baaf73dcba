//===- NvvmCheckerTest.cpp - One broken module per NVVM IR rule -----------===//
//
// A valid kernel module has no errors; each test breaks one rule of the NVVM
// IR specification and expects a finding naming that rule and its section.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/NvvmChecker.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace opencgc::codegen;

namespace {

class NvvmCheckerTest : public ::testing::Test {
protected:
  LLVMContext context;
  Module module{"k", context};
  IRBuilder<> b{context};
  Function *kernel = nullptr;
  NamedMDNode *annotations = nullptr;

  void SetUp() override {
    module.setTargetTriple(Triple("nvptx64-nvidia-cuda"));
    module.setDataLayout(
        "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:"
        "128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-"
        "n16:32:64");
    kernel = Function::Create(
        FunctionType::get(b.getVoidTy(), {PointerType::get(context, 1)}, false),
        GlobalValue::ExternalLinkage, "scale", module);
    b.SetInsertPoint(BasicBlock::Create(context, "entry", kernel));
    Value *tid =
        b.CreateZExt(b.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_x, {}),
                     b.getInt64Ty());
    Value *slot = b.CreateGEP(b.getFloatTy(), kernel->getArg(0), tid);
    b.CreateStore(b.CreateFMul(b.CreateLoad(b.getFloatTy(), slot),
                               ConstantFP::get(b.getFloatTy(), 2.0)),
                  slot);
    b.SetInsertPoint(b.CreateRetVoid());
    annotations = module.getOrInsertNamedMetadata("nvvm.annotations");
    annotations->addOperand(annotation("kernel", 1));
    module.getOrInsertNamedMetadata("nvvmir.version")
        ->addOperand(MDNode::get(context, {number(2), number(0)}));
  }

  Metadata *number(uint32_t value) {
    return ConstantAsMetadata::get(b.getInt32(value));
  }
  MDNode *annotation(StringRef property, uint32_t value) {
    return MDNode::get(context,
                       {ValueAsMetadata::get(kernel),
                        MDString::get(context, property), number(value)});
  }

  /// The error findings, as "rule (section)" lines.
  std::string errors() {
    std::string text;
    for (const NvvmFinding &finding : checkNvvmModule(module))
      if (finding.severity == NvvmFinding::Severity::Error)
        text += finding.rule + " (" + finding.section + ")\n";
    return text;
  }
  void expectError(StringRef rule, StringRef section) {
    std::string found = errors();
    EXPECT_NE(found.find((rule + " (" + section + ")").str()),
              std::string::npos)
        << "findings:\n"
        << found;
  }
};

TEST_F(NvvmCheckerTest, AValidKernelModuleHasNoErrors) {
  EXPECT_EQ(errors(), "");
}

TEST_F(NvvmCheckerTest, Triple) {
  module.setTargetTriple(Triple("nvptx64-nvidia-opencl"));
  expectError("target-triple", "3.26 Target Triple");
}

TEST_F(NvvmCheckerTest, DataLayout) {
  module.setDataLayout("e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
  expectError("data-layout", "3.25 Data Layout");
}

TEST_F(NvvmCheckerTest, MissingVersion) {
  module.eraseNamedMetadata(module.getNamedMetadata("nvvmir.version"));
  expectError("nvvmir-version", "3.15 Named Metadata");
}

TEST_F(NvvmCheckerTest, OldVersion) {
  NamedMDNode *version = module.getNamedMetadata("nvvmir.version");
  version->clearOperands();
  version->addOperand(MDNode::get(context, {number(1), number(11)}));
  expectError("nvvmir-version", "3.15 Named Metadata");
}

TEST_F(NvvmCheckerTest, NoKernel) {
  annotations->clearOperands();
  expectError("kernel", "13.3 Supported Properties");
}

TEST_F(NvvmCheckerTest, UnknownProperty) {
  annotations->addOperand(annotation("maxthreads", 64));
  expectError("annotation-property", "13.3 Supported Properties");
}

TEST_F(NvvmCheckerTest, AnnotationShape) {
  annotations->addOperand(
      MDNode::get(context, {ValueAsMetadata::get(kernel),
                            MDString::get(context, "maxntidx")}));
  expectError("annotation-shape", "13.2 Representation of Properties");
}

TEST_F(NvvmCheckerTest, ReservedAddressSpace) {
  Function::Create(
      FunctionType::get(b.getVoidTy(), {PointerType::get(context, 2)}, false),
      GlobalValue::ExternalLinkage, "helper", module);
  expectError("address-space", "12.1 Address Spaces");
}

TEST_F(NvvmCheckerTest, LocalGlobal) {
  new GlobalVariable(module, b.getInt32Ty(), false,
                     GlobalValue::InternalLinkage, b.getInt32(0), "counter",
                     nullptr, GlobalValue::NotThreadLocal, 5);
  expectError("global-address-space", "3.11 Global Variables");
}

TEST_F(NvvmCheckerTest, SharedInitializer) {
  auto *type = ArrayType::get(b.getFloatTy(), 64);
  new GlobalVariable(module, type, false, GlobalValue::InternalLinkage,
                     ConstantAggregateZero::get(type), "tile", nullptr,
                     GlobalValue::NotThreadLocal, 3);
  expectError("shared-initializer", "3.11 Global Variables");
}

TEST_F(NvvmCheckerTest, ThreadLocal) {
  new GlobalVariable(module, b.getInt32Ty(), false,
                     GlobalValue::InternalLinkage, b.getInt32(0), "perThread",
                     nullptr, GlobalValue::GeneralDynamicTLSModel, 1);
  expectError("thread-local", "3.5 Thread Local Storage Models");
}

TEST_F(NvvmCheckerTest, Linkage) {
  Function::Create(FunctionType::get(b.getVoidTy(), false),
                   GlobalValue::ExternalWeakLinkage, "maybe", module);
  expectError("linkage", "3.1 Linkage Types");
}

TEST_F(NvvmCheckerTest, Identifier) {
  kernel->setName("scale.v2");
  expectError("identifier", "2 Identifiers");
}

TEST_F(NvvmCheckerTest, Fence) {
  b.CreateFence(AtomicOrdering::SequentiallyConsistent);
  expectError("fence", "10.6.4 fence Instruction");
}

TEST_F(NvvmCheckerTest, AtomicLoad) {
  LoadInst *load = b.CreateLoad(b.getInt32Ty(), kernel->getArg(0));
  load->setAtomic(AtomicOrdering::Monotonic);
  load->setAlignment(Align(4));
  expectError("atomic", "10.6.2 load Instruction");
}

TEST_F(NvvmCheckerTest, CastBetweenSpecificAddressSpaces) {
  b.CreateAddrSpaceCast(kernel->getArg(0), PointerType::get(context, 3));
  expectError("address-space-cast", "12.2.2 Conversion");
}

TEST_F(NvvmCheckerTest, UnsupportedLlvmIntrinsic) {
  Value *x = ConstantFP::get(b.getFloatTy(), 1.0);
  b.CreateBinaryIntrinsic(Intrinsic::maxnum, x, x);
  expectError("intrinsic", "11 Intrinsic Functions");
}

TEST_F(NvvmCheckerTest, UnsupportedNvvmIntrinsic) {
  b.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  expectError("intrinsic", "15 NVVM Specific Intrinsic Functions");
}

TEST_F(NvvmCheckerTest, UnsupportedType) {
  Value *x = b.CreateLoad(b.getFloatTy(), kernel->getArg(0));
  b.CreateFPExt(x, Type::getFP128Ty(context));
  expectError("type", "4 Type System");
}

TEST_F(NvvmCheckerTest, HalfIsAWarningOnly) {
  Value *x = b.CreateLoad(b.getFloatTy(), kernel->getArg(0));
  b.CreateFPTrunc(x, b.getHalfTy());
  bool warned = false;
  for (const NvvmFinding &finding : checkNvvmModule(module))
    warned |= finding.severity == NvvmFinding::Severity::Warning &&
              finding.rule == "type";
  EXPECT_TRUE(warned);
  EXPECT_EQ(errors(), "");
}

} // namespace
