//===- LegacyBitcodeWriterTest.cpp - Round trips through legacy bitcode ---===//
//
// Every module written is read back by LLVM 22's bitcode reader, passes the
// verifier, and has the same globals, functions, instructions and named
// metadata as the module it came from; the bitcasts typed pointers need are
// the only instructions it may add.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Bitcode/LegacyBitcodeWriter.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <random>

using namespace llvm;
using namespace opencgc::bitcode;

namespace {

struct Kernel {
  Function *function;
  IRBuilder<> builder;
  Kernel(Module &module, StringRef name, unsigned numBuffers)
      : function(nullptr), builder(module.getContext()) {
    LLVMContext &context = module.getContext();
    SmallVector<Type *> parameters(numBuffers, PointerType::get(context, 1));
    function = Function::Create(
        FunctionType::get(Type::getVoidTy(context), parameters, false),
        GlobalValue::ExternalLinkage, name, module);
    builder.SetInsertPoint(BasicBlock::Create(context, "entry", function));
  }
  Value *threadId(Module &module) {
    return builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_x, {});
  }
};

/// A line per instruction, opcode and type, no names: what must survive.
/// The legacy format has no fneg and no poison: the writer says them as
/// `fsub -0.0, x` and undef, so they are listed that way. nvvm.annotations
/// is left out: LLVM 22's reader upgrades it into calling conventions.
std::string shapeOf(const Module &module) {
  std::string text;
  raw_string_ostream os(text);
  for (const GlobalVariable &global : module.globals())
    os << "global @" << global.getName() << " " << *global.getValueType()
       << " addrspace " << global.getAddressSpace() << "\n";
  for (const Function &function : module) {
    os << "function @" << function.getName() << " "
       << *function.getFunctionType()
       << (function.isDeclaration() ? " declaration" : "") << "\n";
    for (const BasicBlock &block : function)
      for (const Instruction &instruction : block) {
        // The writer's bitcasts come back as no-op pointer casts.
        if (instruction.getOpcode() == Instruction::BitCast &&
            instruction.getType()->isPointerTy())
          continue;
        if (instruction.getOpcode() == Instruction::FNeg)
          os << "  fsub " << *instruction.getType() << " "
             << *ConstantFP::getNegativeZero(instruction.getType());
        else
          os << "  " << instruction.getOpcodeName() << " "
             << *instruction.getType();
        if (const auto *call = dyn_cast<CallInst>(&instruction)) {
          if (const auto *assembly =
                  dyn_cast<InlineAsm>(call->getCalledOperand()))
            os << " asm" << (assembly->hasSideEffects() ? " sideeffect" : "")
               << " \"" << assembly->getAsmString() << "\" \""
               << assembly->getConstraintString() << "\"";
          else
            os << " @" << call->getCalledFunction()->getName();
        }
        for (const Use &operand : instruction.operands())
          if (isa<PoisonValue>(operand.get()))
            os << " " << *UndefValue::get(operand->getType());
          else if (const auto *constant = dyn_cast<ConstantData>(operand.get()))
            os << " " << *constant;
        os << "\n";
      }
  }
  for (const NamedMDNode &named : module.named_metadata()) {
    if (named.getName() == "nvvm.annotations")
      continue;
    os << "!" << named.getName() << " =";
    for (const MDNode *node : named.operands()) {
      os << " {";
      for (const MDOperand &operand : node->operands()) {
        if (const auto *string = dyn_cast_or_null<MDString>(operand.get()))
          os << " \"" << string->getString() << "\"";
        else if (const auto *value =
                     dyn_cast_or_null<ConstantAsMetadata>(operand.get()))
          os << " " << value->getValue()->getName() << *value->getType();
        else if (const auto *child = dyn_cast_or_null<MDNode>(operand.get()))
          os << " node(" << child->getNumOperands() << ")";
      }
      os << " }";
    }
    os << "\n";
  }
  return text;
}

class LegacyBitcodeWriterTest : public ::testing::Test {
protected:
  LLVMContext context;
  Module module{"m", context};
  PointeeTypes pointees;

  void SetUp() override {
    module.setTargetTriple(Triple("nvptx64-nvidia-cuda"));
    module.setDataLayout(
        "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-"
        "i64:64:64-i128:128:128-f32:32:32-f64:64:64-"
        "v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64");
  }

  void givePointees(Function *function, Type *element) {
    for (Argument &argument : function->args())
      pointees.setParameter(function, argument.getArgNo(), element);
  }

  /// Writes, reads back and compares; returns the module read back.
  std::unique_ptr<Module> roundTrip(LLVMContext &readContext) {
    std::string problems;
    raw_string_ostream os(problems);
    EXPECT_FALSE(verifyModule(module, &os)) << problems;
    SmallVector<char, 0> bitcode;
    Error error =
        writeLegacyBitcode(module, pointees, LegacyFlavour::Llvm7, bitcode);
    if (error) {
      ADD_FAILURE() << toString(std::move(error));
      return nullptr;
    }
    Expected<std::unique_ptr<Module>> read = parseBitcodeFile(
        MemoryBufferRef(StringRef(bitcode.data(), bitcode.size()), "legacy"),
        readContext);
    if (!read) {
      ADD_FAILURE() << "LLVM 22 cannot read it: " << toString(read.takeError());
      return nullptr;
    }
    EXPECT_FALSE(verifyModule(**read, &os)) << problems;
    EXPECT_EQ(shapeOf(module), shapeOf(**read));
    EXPECT_EQ((*read)->getTargetTriple().str(), "nvptx64-nvidia-cuda");
    EXPECT_EQ((*read)->getDataLayoutStr(), module.getDataLayoutStr());
    return std::move(*read);
  }
};

TEST_F(LegacyBitcodeWriterTest, ElementwiseKernelWithMathAndMetadata) {
  Kernel kernel(module, "addExp", 3);
  givePointees(kernel.function, Type::getFloatTy(context));
  IRBuilder<> &b = kernel.builder;
  Type *f32 = b.getFloatTy();
  Value *tid = b.CreateZExt(kernel.threadId(module), b.getInt64Ty());
  Value *x =
      b.CreateLoad(f32, b.CreateGEP(f32, kernel.function->getArg(0), tid));
  Value *y =
      b.CreateLoad(f32, b.CreateGEP(f32, kernel.function->getArg(1), tid));
  FunctionCallee exp = module.getOrInsertFunction(
      "__nv_expf", FunctionType::get(f32, {f32}, false));
  Value *sum = b.CreateFAdd(b.CreateCall(exp, {b.CreateFNeg(x)}), y);
  Value *positive = b.CreateFCmpOGT(sum, ConstantFP::get(f32, 0.0));
  Value *result = b.CreateSelect(positive, sum, ConstantFP::get(f32, 0.0));
  b.CreateStore(result, b.CreateGEP(f32, kernel.function->getArg(2), tid));
  b.CreateRetVoid();
  NamedMDNode *annotations =
      module.getOrInsertNamedMetadata("nvvm.annotations");
  annotations->addOperand(
      MDNode::get(context, {ValueAsMetadata::get(kernel.function),
                            MDString::get(context, "kernel"),
                            ConstantAsMetadata::get(b.getInt32(1))}));
  module.getOrInsertNamedMetadata("nvvmir.version")
      ->addOperand(
          MDNode::get(context, {ConstantAsMetadata::get(b.getInt32(2)),
                                ConstantAsMetadata::get(b.getInt32(0))}));
  LLVMContext readContext;
  std::unique_ptr<Module> read = roundTrip(readContext);
  ASSERT_TRUE(read);
  Function *readKernel = read->getFunction("addExp");
  ASSERT_TRUE(readKernel);
  EXPECT_EQ(readKernel->getArg(0)->getType()->getPointerAddressSpace(), 1u);
  // The reader turns the kernel annotation into the PTX kernel convention.
  EXPECT_EQ(readKernel->getCallingConv(), CallingConv::PTX_Kernel);
}

// NVVM reaches PTX instructions that have no intrinsic libNVVM accepts
// (mma.sync on tf32, cvt.rna.tf32) through inline assembly
// (shared/reference/nvvm-tensor-cores.md): a struct-returning asm with tied
// operands, and a side-effecting one, both used twice.
TEST_F(LegacyBitcodeWriterTest, InlineAssemblyCallsKeepTheirTextAndFlags) {
  Kernel kernel(module, "mma", 1);
  givePointees(kernel.function, Type::getFloatTy(context));
  IRBuilder<> &b = kernel.builder;
  Type *f32 = b.getFloatTy();
  Type *i32 = b.getInt32Ty();
  Value *x = b.CreateLoad(f32, kernel.function->getArg(0));
  InlineAsm *round = InlineAsm::get(FunctionType::get(i32, {f32}, false),
                                    "cvt.rna.tf32.f32 $0, $1;", "=r,f",
                                    /*hasSideEffects=*/false);
  Value *t0 = b.CreateCall(round, {x});
  Value *t1 = b.CreateCall(round, {b.CreateFAdd(x, x)});
  Type *four = StructType::get(context, {f32, f32, f32, f32});
  InlineAsm *mma = InlineAsm::get(
      FunctionType::get(
          four, {i32, i32, i32, i32, i32, i32, f32, f32, f32, f32}, false),
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, "
      "{$4,$5,$6,$7}, {$8,$9}, {$0,$1,$2,$3};",
      "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3", /*hasSideEffects=*/false);
  Value *d = b.CreateCall(mma, {t0, t1, t0, t1, t0, t1, x, x, x, x});
  b.CreateStore(b.CreateExtractValue(d, {2}), kernel.function->getArg(0));
  InlineAsm *fence =
      InlineAsm::get(FunctionType::get(b.getVoidTy(), false),
                     "cp.async.wait_group 0;", "~{memory}", true);
  b.CreateCall(fence);
  b.CreateCall(fence);
  b.CreateRetVoid();
  LLVMContext readContext;
  std::unique_ptr<Module> read = roundTrip(readContext);
  ASSERT_TRUE(read);
}

TEST_F(LegacyBitcodeWriterTest, LoopsPhisBranchesAndSwitch) {
  Kernel kernel(module, "loop", 1);
  givePointees(kernel.function, Type::getInt32Ty(context));
  IRBuilder<> &b = kernel.builder;
  BasicBlock *entry = b.GetInsertBlock();
  BasicBlock *loop = BasicBlock::Create(context, "loop", kernel.function);
  BasicBlock *odd = BasicBlock::Create(context, "odd", kernel.function);
  BasicBlock *latch = BasicBlock::Create(context, "latch", kernel.function);
  BasicBlock *exit = BasicBlock::Create(context, "exit", kernel.function);
  b.CreateBr(loop);
  b.SetInsertPoint(loop);
  PHINode *i = b.CreatePHI(b.getInt32Ty(), 2);
  PHINode *acc = b.CreatePHI(b.getInt32Ty(), 2);
  SwitchInst *dispatch = b.CreateSwitch(b.CreateAnd(i, 3), latch, 2);
  dispatch->addCase(b.getInt32(1), odd);
  dispatch->addCase(b.getInt32(3), odd);
  b.SetInsertPoint(odd);
  Value *doubled = b.CreateShl(acc, 1, "", /*HasNUW=*/true);
  b.CreateBr(latch);
  b.SetInsertPoint(latch);
  PHINode *merged = b.CreatePHI(b.getInt32Ty(), 2);
  merged->addIncoming(acc, loop);
  merged->addIncoming(doubled, odd);
  Value *nextAcc = b.CreateAdd(merged, b.CreateSDiv(i, b.getInt32(-7)), "",
                               false, /*HasNSW=*/true);
  Value *next = b.CreateAdd(i, b.getInt32(1));
  b.CreateCondBr(b.CreateICmpSLT(next, b.getInt32(100)), loop, exit);
  i->addIncoming(b.getInt32(0), entry);
  i->addIncoming(next, latch);
  acc->addIncoming(b.getInt32(1), entry);
  acc->addIncoming(nextAcc, latch);
  b.SetInsertPoint(exit);
  b.CreateStore(nextAcc, kernel.function->getArg(0));
  b.CreateRetVoid();
  LLVMContext readContext;
  EXPECT_TRUE(roundTrip(readContext));
}

TEST_F(LegacyBitcodeWriterTest, VectorsSharedMemoryAndConstantExpressions) {
  Kernel kernel(module, "vec", 2);
  Type *f32 = Type::getFloatTy(context);
  auto *vec4 = FixedVectorType::get(f32, 4);
  givePointees(kernel.function, vec4);
  IRBuilder<> &b = kernel.builder;
  auto *tileType = ArrayType::get(f32, 64);
  auto *tile =
      new GlobalVariable(module, tileType, false, GlobalValue::InternalLinkage,
                         UndefValue::get(tileType), "tile", nullptr,
                         GlobalValue::NotThreadLocal, 3);
  tile->setAlignment(Align(16));
  Value *tid = b.CreateZExt(kernel.threadId(module), b.getInt64Ty());
  Value *v =
      b.CreateLoad(vec4, b.CreateGEP(vec4, kernel.function->getArg(0), tid));
  Value *scaled = b.CreateFMul(
      v, ConstantVector::get(
             {ConstantFP::get(f32, 1.0), ConstantFP::get(f32, 2.0),
              ConstantFP::get(f32, 3.0), ConstantFP::get(f32, 4.0)}));
  Value *reversed = b.CreateShuffleVector(scaled, {3, 2, 1, 0});
  Value *first = b.CreateExtractElement(reversed, b.getInt32(0));
  Value *slot = b.CreateGEP(tileType, tile, {b.getInt64(0), b.getInt64(5)});
  b.CreateStore(first, slot);
  Value *back = b.CreateLoad(f32, slot);
  Value *splat = b.CreateVectorSplat(4, back);
  Value *inserted =
      b.CreateInsertElement(splat, ConstantFP::get(f32, -0.5), b.getInt32(2));
  Value *fma =
      b.CreateIntrinsic(Intrinsic::fma, {vec4},
                        {inserted,
                         ConstantVector::getSplat(ElementCount::getFixed(4),
                                                  ConstantFP::get(f32, 0.25)),
                         v});
  b.CreateAlignedStore(fma, b.CreateGEP(vec4, kernel.function->getArg(1), tid),
                       Align(16));
  b.CreateRetVoid();
  LLVMContext readContext;
  std::unique_ptr<Module> read = roundTrip(readContext);
  ASSERT_TRUE(read);
  GlobalVariable *readTile = read->getGlobalVariable("tile", true);
  ASSERT_TRUE(readTile);
  EXPECT_EQ(readTile->getAddressSpace(), 3u);
  EXPECT_EQ(readTile->getAlign(), MaybeAlign(16));
}

TEST_F(LegacyBitcodeWriterTest, BytePointersAreBitcastBeforeTypedUses) {
  Kernel kernel(module, "bytes", 1);
  givePointees(kernel.function, Type::getInt8Ty(context));
  IRBuilder<> &b = kernel.builder;
  Type *f32 = b.getFloatTy();
  // A byte-offset getelementptr, then float and struct accesses through it.
  Value *field =
      b.CreateGEP(b.getInt8Ty(), kernel.function->getArg(0), b.getInt64(16));
  Value *x = b.CreateLoad(f32, field);
  auto *pair = StructType::get(context, {f32, b.getInt32Ty()});
  Value *aggregate = b.CreateInsertValue(UndefValue::get(pair), x, {0});
  aggregate = b.CreateInsertValue(aggregate, b.getInt32(7), {1});
  b.CreateStore(b.CreateExtractValue(aggregate, {1}),
                kernel.function->getArg(0));
  b.CreateStore(b.CreateFPToSI(x, b.getInt32Ty()),
                b.CreateGEP(pair, field, {b.getInt64(1), b.getInt32(1)}));
  b.CreateRetVoid();
  LLVMContext readContext;
  EXPECT_TRUE(roundTrip(readContext));
}

TEST_F(LegacyBitcodeWriterTest, APointerParameterWithoutElementTypeIsAnError) {
  Kernel kernel(module, "untyped", 1);
  kernel.builder.CreateRetVoid();
  SmallVector<char, 0> bitcode;
  Error error =
      writeLegacyBitcode(module, pointees, LegacyFlavour::Llvm7, bitcode);
  ASSERT_TRUE(bool(error));
  EXPECT_EQ(toString(std::move(error)),
            "@untyped: parameter 0 is a pointer and the code generator gave "
            "no element type for it");
}

TEST_F(LegacyBitcodeWriterTest, WhatTheFormatCannotSayIsAnErrorNamingIt) {
  Kernel kernel(module, "frozen", 1);
  givePointees(kernel.function, Type::getInt32Ty(context));
  IRBuilder<> &b = kernel.builder;
  Value *loaded = b.CreateLoad(b.getInt32Ty(), kernel.function->getArg(0));
  b.CreateStore(b.CreateFreeze(loaded), kernel.function->getArg(0));
  b.CreateRetVoid();
  SmallVector<char, 0> bitcode;
  Error error =
      writeLegacyBitcode(module, pointees, LegacyFlavour::Llvm7, bitcode);
  ASSERT_TRUE(bool(error));
  std::string message = toString(std::move(error));
  EXPECT_NE(message.find("@frozen: `%2 = freeze i32 %1`: has no legacy "
                         "bitcode form"),
            std::string::npos)
      << message;
}

// Random straight-line kernels over float and int values: every one must
// round-trip with the same instructions.
TEST_F(LegacyBitcodeWriterTest, RandomStraightLineKernelsRoundTrip) {
  std::mt19937 random(20261124);
  for (int trial = 0; trial < 50; ++trial) {
    LLVMContext trialContext;
    Module trialModule("random", trialContext);
    trialModule.setTargetTriple(Triple("nvptx64-nvidia-cuda"));
    Kernel kernel(trialModule, "random" + std::to_string(trial), 2);
    PointeeTypes trialPointees;
    Type *f32 = Type::getFloatTy(trialContext);
    trialPointees.setParameter(kernel.function, 0, f32);
    trialPointees.setParameter(kernel.function, 1, f32);
    IRBuilder<> &b = kernel.builder;
    Value *tid = b.CreateZExt(kernel.threadId(trialModule), b.getInt64Ty());
    SmallVector<Value *> floats = {
        b.CreateLoad(f32, b.CreateGEP(f32, kernel.function->getArg(0), tid)),
        ConstantFP::get(f32, 1.5)};
    SmallVector<Value *> ints = {b.CreateTrunc(tid, b.getInt32Ty()),
                                 b.getInt32(3)};
    auto pick = [&](SmallVector<Value *> &pool) {
      return pool[random() % pool.size()];
    };
    for (int step = 0; step < 30; ++step) {
      switch (random() % 8) {
      case 0:
        floats.push_back(b.CreateFAdd(pick(floats), pick(floats)));
        break;
      case 1:
        floats.push_back(b.CreateFMul(pick(floats), pick(floats)));
        break;
      case 2:
        floats.push_back(b.CreateFNeg(pick(floats)));
        break;
      case 3:
        floats.push_back(b.CreateSIToFP(pick(ints), f32));
        break;
      case 4:
        ints.push_back(b.CreateXor(pick(ints), pick(ints)));
        break;
      case 5:
        ints.push_back(b.CreateFPToSI(pick(floats), b.getInt32Ty()));
        break;
      case 6:
        floats.push_back(b.CreateSelect(b.CreateICmpULT(pick(ints), pick(ints)),
                                        pick(floats), pick(floats)));
        break;
      default:
        ints.push_back(
            b.CreateMul(pick(ints), b.getInt32(random() % 100 - 50)));
        break;
      }
    }
    b.CreateStore(floats.back(),
                  b.CreateGEP(f32, kernel.function->getArg(1), tid));
    b.CreateRetVoid();
    SmallVector<char, 0> bitcode;
    ASSERT_FALSE(bool(writeLegacyBitcode(trialModule, trialPointees,
                                         LegacyFlavour::Llvm7, bitcode)));
    LLVMContext readContext;
    Expected<std::unique_ptr<Module>> read = parseBitcodeFile(
        MemoryBufferRef(StringRef(bitcode.data(), bitcode.size()), "random"),
        readContext);
    ASSERT_TRUE(bool(read)) << toString(read.takeError());
    EXPECT_FALSE(verifyModule(**read, &errs()));
    EXPECT_EQ(shapeOf(trialModule), shapeOf(**read)) << "trial " << trial;
  }
}

} // namespace
