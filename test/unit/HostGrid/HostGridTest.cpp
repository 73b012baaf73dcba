//===- HostGridTest.cpp - Shared memory and barriers on the host grid -----===//
//
// Kernels are NVVM-style LLVM IR text, written as legacy (LLVM 7.0.1)
// bitcode like the NVVM backend's and compiled by the host grid, which
// reads them back with LLVM 22's reader: llvm.nvvm.barrier0 arrives as
// llvm.nvvm.barrier.cta.sync.aligned.all, as it does from libNVVM's input.
//
//===----------------------------------------------------------------------===//
#include "opencgc/HostGrid/HostGrid.h"
#include "opencgc/Bitcode/LegacyBitcodeWriter.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numeric>
#include <thread>
#include <vector>

using namespace llvm;
using namespace opencgc;
using namespace opencgc::hostgrid;

namespace {

constexpr StringLiteral kHeader = R"(
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
)";

class HostGridTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Expected<std::unique_ptr<HostGrid>> created = HostGrid::create();
    ASSERT_TRUE(bool(created)) << toString(created.takeError());
    grid = std::move(*created).release();
  }
  static void TearDownTestSuite() { delete grid; }

  /// The kernel `name` of `body` (after kHeader), every pointer parameter
  /// pointing to float.
  static Expected<std::unique_ptr<HostKernel>> compile(StringRef body,
                                                       StringRef name) {
    LLVMContext context;
    SMDiagnostic diagnostic;
    std::string text = (kHeader + body).str();
    std::unique_ptr<Module> module =
        parseAssemblyString(text, diagnostic, context);
    if (!module)
      return createStringError("unparsable test kernel: " +
                               diagnostic.getMessage());
    bitcode::PointeeTypes pointees;
    for (Function &function : *module)
      for (Argument &argument : function.args())
        if (argument.getType()->isPointerTy())
          pointees.setParameter(&function, argument.getArgNo(),
                                Type::getFloatTy(context));
    SmallVector<char> bitcode;
    if (Error error = bitcode::writeLegacyBitcode(
            *module, pointees, bitcode::LegacyFlavour::Llvm7, bitcode))
      return std::move(error);
    return grid->compile(bitcode, name);
  }

  static HostGrid *grid;
};

HostGrid *HostGridTest::grid = nullptr;

constexpr uint32_t kThreads = 256;
constexpr uint32_t kBlocks = 8;

/// Small integers: float sums of them are exact in any order.
std::vector<float> ramp(size_t size) {
  std::vector<float> values(size);
  for (size_t i = 0; i < size; ++i)
    values[i] = float(i % 29);
  return values;
}

// Each block reverses its 256 elements through a shared array, reading the
// other half back through a generic pointer (addrspacecast 3 -> 0).
constexpr StringLiteral kReverse = R"(
@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @reverse(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %first = mul i32 %block, %size
  %index = add i32 %first, %tid
  %index64 = zext i32 %index to i64
  %source = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index64
  %value = load float, ptr addrspace(1) %source, align 4
  %tid64 = zext i32 %tid to i64
  %slot = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i64 0, i64 %tid64
  store float %value, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %last = sub i32 255, %tid
  %last64 = zext i32 %last to i64
  %generic = addrspacecast ptr addrspace(3) @tile to ptr
  %mirror = getelementptr inbounds float, ptr %generic, i64 %last64
  %reversed = load float, ptr %mirror, align 4
  %target = getelementptr inbounds float, ptr addrspace(1) %out, i64 %index64
  store float %reversed, ptr addrspace(1) %target, align 4
  ret void
}
)";

TEST_F(HostGridTest, ReversesThroughSharedMemory) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kReverse, "reverse");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> in = ramp(kBlocks * kThreads);
  std::vector<float> out(in.size(), -1.0f);
  ASSERT_FALSE(bool((*kernel)->launch({kBlocks, 1, 1}, {kThreads, 1, 1},
                                      {in.data(), out.data()})));
  for (uint32_t block = 0; block < kBlocks; ++block)
    for (uint32_t i = 0; i < kThreads; ++i)
      ASSERT_EQ(out[block * kThreads + i],
                in[block * kThreads + kThreads - 1 - i])
          << "block " << block << ", element " << i;
}

// One kernel launched from 6 threads at once, 20 times each, each launch
// on its own buffers: the launches share the grid's worker pool, and every
// one reverses its blocks whole (shared memory and fibers per worker).
TEST_F(HostGridTest, ConcurrentLaunchesShareTheWorkers) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kReverse, "reverse");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  constexpr int kLaunchers = 6, kRounds = 20;
  std::vector<std::string> failures(kLaunchers);
  std::vector<std::thread> launchers;
  for (int t = 0; t < kLaunchers; ++t)
    launchers.emplace_back([&, t] {
      for (int round = 0; round < kRounds && failures[t].empty(); ++round) {
        std::vector<float> in = ramp(kBlocks * kThreads);
        for (float &value : in)
          value += float(t * 100 + round);
        std::vector<float> out(in.size(), -1.0f);
        if (Error error = (*kernel)->launch({kBlocks, 1, 1}, {kThreads, 1, 1},
                                            {in.data(), out.data()})) {
          failures[t] = toString(std::move(error));
          return;
        }
        for (uint32_t i = 0; i < kBlocks * kThreads; ++i)
          if (out[i] !=
              in[i / kThreads * kThreads + kThreads - 1 - i % kThreads])
            failures[t] = "launcher " + std::to_string(t) + ", round " +
                          std::to_string(round) + ": element " +
                          std::to_string(i) + " wrong";
      }
    });
  for (std::thread &launcher : launchers)
    launcher.join();
  for (const std::string &failure : failures)
    EXPECT_EQ(failure, "");
}

// A tree sum per block: a barrier after the loads and after each of the
// log2(256) halving steps, in the form LLVM 22 names them.
constexpr StringLiteral kSum = R"(
@partial = internal addrspace(3) global [256 x float] zeroinitializer, align 4

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

define void @sum(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = mul i32 %block, 256
  %index = add i32 %first, %tid
  %index64 = zext i32 %index to i64
  %source = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index64
  %value = load float, ptr addrspace(1) %source, align 4
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspace(3) @partial, i64 0, i64 %tid64
  store float %value, ptr addrspace(3) %mine, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %step

step:
  %stride = phi i32 [ 128, %entry ], [ %half, %synced ]
  %active = icmp ult i32 %tid, %stride
  br i1 %active, label %add, label %synced

add:
  %other = add i32 %tid, %stride
  %other64 = zext i32 %other to i64
  %theirs = getelementptr inbounds [256 x float], ptr addrspace(3) @partial, i64 0, i64 %other64
  %a = load float, ptr addrspace(3) %mine, align 4
  %b = load float, ptr addrspace(3) %theirs, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %synced

synced:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %half = lshr i32 %stride, 1
  %more = icmp ne i32 %half, 0
  br i1 %more, label %step, label %done

done:
  %leader = icmp eq i32 %tid, 0
  br i1 %leader, label %write, label %exit

write:
  %total = load float, ptr addrspace(3) @partial, align 4
  %block64 = zext i32 %block to i64
  %target = getelementptr inbounds float, ptr addrspace(1) %out, i64 %block64
  store float %total, ptr addrspace(1) %target, align 4
  br label %exit

exit:
  ret void
}
)";

TEST_F(HostGridTest, SumsATreeInSharedMemory) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kSum, "sum");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> in = ramp(kBlocks * kThreads);
  std::vector<float> out(kBlocks, -1.0f);
  ASSERT_FALSE(bool((*kernel)->launch({kBlocks, 1, 1}, {kThreads, 1, 1},
                                      {in.data(), out.data()})));
  for (uint32_t block = 0; block < kBlocks; ++block) {
    auto begin = in.begin() + block * kThreads;
    EXPECT_EQ(out[block], std::accumulate(begin, begin + kThreads, 0.0f))
        << "block " << block;
  }
}

// __syncthreads_count and __syncthreads_or: every invocation gets the
// reduction of all predicates.
constexpr StringLiteral kVote = R"(
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)

define void @vote(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %tid, 1
  %count = call i32 @llvm.nvvm.barrier0.popc(i32 %odd)
  %isLast = icmp eq i32 %tid, 255
  %last = zext i1 %isLast to i32
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %last)
  %both = mul i32 %count, %any
  %value = sitofp i32 %both to float
  %tid64 = zext i32 %tid to i64
  %target = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tid64
  store float %value, ptr addrspace(1) %target, align 4
  ret void
}
)";

TEST_F(HostGridTest, BarriersReducePredicates) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kVote, "vote");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> out(kThreads, -1.0f);
  ASSERT_FALSE(
      bool((*kernel)->launch({1, 1, 1}, {kThreads, 1, 1}, {out.data()})));
  EXPECT_THAT(out, ::testing::Each(128.0f));
}

// Only invocation 0 reaches the barrier: on a GPU a hang or undefined.
constexpr StringLiteral kDivergent = R"(
define void @divergent(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %leader = icmp eq i32 %tid, 0
  br i1 %leader, label %wait, label %exit

wait:
  call void @llvm.nvvm.barrier0()
  store float 1.0, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}
)";

TEST_F(HostGridTest, ReportsADivergentBarrier) {
  Expected<std::unique_ptr<HostKernel>> kernel =
      compile(kDivergent, "divergent");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  float out = 0.0f;
  Error error = (*kernel)->launch({kBlocks, 1, 1}, {64, 1, 1}, {&out});
  ASSERT_TRUE(bool(error));
  EXPECT_THAT(toString(std::move(error)),
              ::testing::AllOf(::testing::HasSubstr("kernel @divergent"),
                               ::testing::HasSubstr("divergent barrier"),
                               ::testing::HasSubstr("63 of its 64")));
  EXPECT_EQ(out, 0.0f);
}

constexpr StringLiteral kInitialized = R"(
@table = internal addrspace(3) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4

define void @initialized(ptr addrspace(1) %out) {
entry:
  %value = load float, ptr addrspace(3) @table, align 4
  store float %value, ptr addrspace(1) %out, align 4
  ret void
}
)";

TEST_F(HostGridTest, RefusesAnInitializedSharedVariable) {
  Expected<std::unique_ptr<HostKernel>> kernel =
      compile(kInitialized, "initialized");
  ASSERT_FALSE(bool(kernel));
  EXPECT_THAT(toString(kernel.takeError()),
              ::testing::AllOf(::testing::HasSubstr("@table"),
                               ::testing::HasSubstr("initializer")));
}

// A barrier of part of the workgroup (bar.sync with a thread count).
constexpr StringLiteral kPartial = R"(
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32)

define void @partial(ptr addrspace(1) %out) {
entry:
  call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 32)
  ret void
}
)";

TEST_F(HostGridTest, RefusesABarrierOfPartOfTheWorkgroup) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kPartial, "partial");
  ASSERT_FALSE(bool(kernel));
  EXPECT_THAT(toString(kernel.takeError()),
              ::testing::HasSubstr("llvm.nvvm.barrier.cta.sync.aligned.count"));
}

// Two warps, each multiplying its own 16x8 A by 8x8 B onto C with the TF32
// mma.sync that Kernel IR writes (opencgc/Codegen/PtxInlineAsm.h): lane
// 4 g + t loads its fragments by the PTX ISA's layout and stores its D.
constexpr StringLiteral kMma = R"(
define float @at(ptr addrspace(1) %matrix, i32 %warp, i32 %size, i32 %row, i32 %rowLength, i32 %column) {
  %base = mul i32 %warp, %size
  %rowStart = mul i32 %row, %rowLength
  %inside = add i32 %rowStart, %column
  %index = add i32 %base, %inside
  %index64 = zext i32 %index to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %matrix, i64 %index64
  %value = load float, ptr addrspace(1) %p, align 4
  ret float %value
}

define void @mma(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %d) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %warp = lshr i32 %tid, 5
  %lane = and i32 %tid, 31
  %g = lshr i32 %lane, 2
  %t = and i32 %lane, 3
  %g8 = add i32 %g, 8
  %t4 = add i32 %t, 4
  %t2 = shl i32 %t, 1
  %t21 = add i32 %t2, 1
  %fa0 = call float @at(ptr addrspace(1) %a, i32 %warp, i32 128, i32 %g, i32 8, i32 %t)
  %fa1 = call float @at(ptr addrspace(1) %a, i32 %warp, i32 128, i32 %g8, i32 8, i32 %t)
  %fa2 = call float @at(ptr addrspace(1) %a, i32 %warp, i32 128, i32 %g, i32 8, i32 %t4)
  %fa3 = call float @at(ptr addrspace(1) %a, i32 %warp, i32 128, i32 %g8, i32 8, i32 %t4)
  %fb0 = call float @at(ptr addrspace(1) %b, i32 %warp, i32 64, i32 %t, i32 8, i32 %g)
  %fb1 = call float @at(ptr addrspace(1) %b, i32 %warp, i32 64, i32 %t4, i32 8, i32 %g)
  %c0 = call float @at(ptr addrspace(1) %c, i32 %warp, i32 128, i32 %g, i32 8, i32 %t2)
  %c1 = call float @at(ptr addrspace(1) %c, i32 %warp, i32 128, i32 %g, i32 8, i32 %t21)
  %c2 = call float @at(ptr addrspace(1) %c, i32 %warp, i32 128, i32 %g8, i32 8, i32 %t2)
  %c3 = call float @at(ptr addrspace(1) %c, i32 %warp, i32 128, i32 %g8, i32 8, i32 %t21)
  %a0 = bitcast float %fa0 to i32
  %a1 = bitcast float %fa1 to i32
  %a2 = bitcast float %fa2 to i32
  %a3 = bitcast float %fa3 to i32
  %b0 = bitcast float %fb0 to i32
  %b1 = bitcast float %fb1 to i32
  %r = call { float, float, float, float } asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$0,$1,$2,$3};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  %base = mul i32 %warp, 128
  %row0 = mul i32 %g, 8
  %row8 = mul i32 %g8, 8
  %at0 = add i32 %row0, %t2
  %at2 = add i32 %row8, %t2
  %i0 = add i32 %base, %at0
  %i2 = add i32 %base, %at2
  %i064 = zext i32 %i0 to i64
  %i264 = zext i32 %i2 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %d, i64 %i064
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %d, i64 %i264
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p2, i64 1
  %d0 = extractvalue { float, float, float, float } %r, 0
  %d1 = extractvalue { float, float, float, float } %r, 1
  %d2 = extractvalue { float, float, float, float } %r, 2
  %d3 = extractvalue { float, float, float, float } %r, 3
  store float %d0, ptr addrspace(1) %p0, align 4
  store float %d1, ptr addrspace(1) %p1, align 4
  store float %d2, ptr addrspace(1) %p2, align 4
  store float %d3, ptr addrspace(1) %p3, align 4
  ret void
}
)";

TEST_F(HostGridTest, MultipliesTf32FragmentsAsAWarp) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kMma, "mma");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  // Values with few mantissa bits are TF32 already, and their products and
  // sums are exact: the result must equal the product bit for bit. One A
  // value carries bits below TF32's mantissa, which the product ignores.
  constexpr int kWarps = 2;
  std::vector<float> a(kWarps * 128), b(kWarps * 64), c(kWarps * 128),
      d(kWarps * 128, -1.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 13) - 6) * 0.5f;
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 11) - 5);
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = float(i % 17);
  a[3] = 1.0f + 0x1p-20f; // TF32 keeps 10 mantissa bits: this is 1.0
  ASSERT_FALSE(
      bool((*kernel)->launch({1, 1, 1}, {kWarps * 32, 1, 1},
                             {a.data(), b.data(), c.data(), d.data()})));
  for (int w = 0; w < kWarps; ++w)
    for (int row = 0; row < 16; ++row)
      for (int column = 0; column < 8; ++column) {
        float expected = c[w * 128 + row * 8 + column];
        for (int k = 0; k < 8; ++k) {
          float factor = a[w * 128 + row * 8 + k];
          if (w == 0 && row == 0 && k == 3)
            factor = 1.0f;
          expected += factor * b[w * 64 + k * 8 + column];
        }
        EXPECT_EQ(d[w * 128 + row * 8 + column], expected)
            << "warp " << w << ", row " << row << ", column " << column;
      }
}

constexpr StringLiteral kOtherAsm = R"(
define void @otherAsm(ptr addrspace(1) %out) {
entry:
  %x = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %f = uitofp i32 %x to float
  store float %f, ptr addrspace(1) %out, align 4
  ret void
}
)";

TEST_F(HostGridTest, RefusesOtherInlineAssemblyNamingIt) {
  Expected<std::unique_ptr<HostKernel>> kernel = compile(kOtherAsm, "otherAsm");
  ASSERT_FALSE(bool(kernel));
  EXPECT_THAT(toString(kernel.takeError()),
              ::testing::AllOf(::testing::HasSubstr("kernel @otherAsm"),
                               ::testing::HasSubstr("mov.u32 $0, %laneid;")));
}

} // namespace
