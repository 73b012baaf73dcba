//===- DxilHostGridTest.cpp - DXIL compute shaders on the host grid -------===//
//
// Shaders are DXIL-shaped LLVM IR text (cs_6_0: dx.op calls, dx.resources
// and dx.entryPoints metadata, shared/reference/dxil-format.md sections 3
// and 4), written as LLVM 3.7 bitcode with DXIL's legacy data layout like a
// DXIL part, and compiled by the host grid from that bitcode.
//
//===----------------------------------------------------------------------===//
#include "../Bitcode/DxilBitcodeSupport.h"

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace llvm;
using namespace opencgc;
using namespace opencgc::hostgrid;

namespace {

constexpr StringLiteral kHeader = R"(
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"
%dx.types.Handle = type { ptr }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)
declare i32 @dx.op.threadId.i32(i32, i32)
declare i32 @dx.op.groupId.i32(i32, i32)
declare i32 @dx.op.threadIdInGroup.i32(i32, i32)
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32)
declare float @dx.op.unary.f32(i32, float)
declare float @dx.op.binary.f32(i32, float, float)
declare void @dx.op.barrier(i32, i32)
)";

/// dx.resources with a raw SRV t0 and a raw UAV u1, and dx.entryPoints
/// with numthreads 64, 1, 1 (reference 3.2, 3.3).
constexpr StringLiteral kMetadata = R"(
!dx.resources = !{!0}
!0 = !{!1, !3, null, null}
!1 = !{!2}
!2 = !{i32 0, ptr undef, !"x", i32 0, i32 0, i32 1, i32 11, i32 0, null}
!3 = !{!4}
!4 = !{i32 0, ptr undef, !"y", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!dx.entryPoints = !{!5}
!5 = !{ptr @main, !"main", null, !0, !6}
!6 = !{i32 4, !7}
!7 = !{i32 64, i32 1, i32 1}
)";

/// Handles of t0 (%x) and u1 (%y), and %off: 4 * SV_DispatchThreadID.x.
constexpr StringLiteral kPrologue = R"(
define void @main() {
  %x = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %y = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 1, i1 false)
  %i = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %off = shl i32 %i, 2
)";

class DxilHostGridTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Expected<std::unique_ptr<HostGrid>> created = HostGrid::create();
    ASSERT_TRUE(bool(created)) << toString(created.takeError());
    grid = std::move(*created).release();
  }
  static void TearDownTestSuite() { delete grid; }

  /// The shader `body` (after kPrologue), as a DXIL part's bitcode.
  static Expected<SmallVector<char>> writeDxil(StringRef body) {
    LLVMContext context;
    SMDiagnostic diagnostic;
    std::string text = (kHeader + kPrologue + body + kMetadata).str();
    std::unique_ptr<Module> module =
        parseAssemblyString(text, diagnostic, context);
    if (!module)
      return createStringError("unparsable test shader: " +
                               diagnostic.getMessage());
    // The records' `ptr undef` carries the HLSL type (reference 3.2).
    bitcode::PointeeTypes pointees;
    Type *byteAddressBuffer = StructType::create(
        context, {Type::getInt32Ty(context)}, "struct.ByteAddressBuffer");
    MDNode *classes = module->getNamedMetadata("dx.resources")->getOperand(0);
    for (unsigned c = 0; c < 2; ++c)
      for (const MDOperand &record :
           cast<MDNode>(classes->getOperand(c))->operands())
        pointees.setMetadataOperand(cast<MDNode>(record), 1, byteAddressBuffer);
    SmallVector<char> bitcode;
    bitcode::LegacyBitcodeOptions options;
    options.dataLayout = bitcode::kDxilLegacyDataLayout;
    if (Error error = bitcode::writeLegacyBitcode(
            *module, pointees, bitcode::LegacyFlavour::Llvm37, bitcode,
            options))
      return std::move(error);
    return bitcode;
  }

  static Expected<DxilHostKernel> compile(StringRef body) {
    Expected<SmallVector<char>> bitcode = writeDxil(body);
    if (!bitcode)
      return bitcode.takeError();
    return grid->compileDxil(*bitcode);
  }

  static HostGrid *grid;
};

HostGrid *DxilHostGridTest::grid = nullptr;

constexpr uint32_t kGroups = 4;
constexpr uint32_t kElements = 64 * kGroups;

/// y = exp(x) * 2 + 1, HLSL's exp lowered as Exp (2^x) of x * log2(e).
constexpr StringLiteral kExp = R"(
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %x, i32 %off, i32 undef)
  %v = extractvalue %dx.types.ResRet.f32 %r, 0
  %l = fmul float %v, 0x3FF7154760000000
  %e = call float @dx.op.unary.f32(i32 21, float %l)
  %m = fmul float %e, 2.0
  %a = fadd float %m, 1.0
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %y, i32 %off, i32 undef, float %a, float undef, float undef, float undef, i8 1)
  ret void
}
)";

std::vector<float> ramp() {
  std::vector<float> x(kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    x[i] = float(i % 17) * 0.25f - 2.0f;
  return x;
}

TEST_F(DxilHostGridTest, ExpOverThreadIds) {
  Expected<DxilHostKernel> kernel = compile(kExp);
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ(kernel->numThreads, (std::array<uint32_t, 3>{64, 1, 1}));
  ASSERT_EQ(kernel->kernel->getNumParameters(), 2u);
  std::vector<float> x = ramp(), y(kElements, -1.0f);
  RawBufferBinding xb{x.data(), x.size() * 4}, yb{y.data(), y.size() * 4};
  ASSERT_FALSE(bool(kernel->launch({kGroups, 1, 1}, {&xb, &yb})));
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_NEAR(y[i], std::exp(x[i]) * 2.0f + 1.0f, 1e-4f) << i;
}

/// D3D12 raw buffers read 0 past their end and drop writes there.
TEST_F(DxilHostGridTest, OutOfRangeReadsZeroAndDropsWrites) {
  Expected<DxilHostKernel> kernel = compile(kExp);
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> x = ramp(), y(kElements, -1.0f);
  RawBufferBinding xb{x.data(), 100 * 4}, yb{y.data(), 120 * 4};
  ASSERT_FALSE(bool(kernel->launch({kGroups, 1, 1}, {&xb, &yb})));
  for (uint32_t i = 0; i < kElements; ++i) {
    float expected = i >= 120   ? -1.0f
                     : i >= 100 ? 3.0f
                                : std::exp(x[i]) * 2.0f + 1.0f;
    EXPECT_NEAR(y[i], expected, 1e-4f) << i;
  }
}

/// Each workgroup reverses its 64 elements through groupshared memory.
TEST_F(DxilHostGridTest, GroupsharedReverseWithBarrier) {
  Expected<DxilHostKernel> kernel = compile(R"(
  %t = call i32 @dx.op.threadIdInGroup.i32(i32 95, i32 0)
  %g = call i32 @dx.op.groupId.i32(i32 94, i32 0)
  %flat = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %x, i32 %off, i32 undef)
  %v = extractvalue %dx.types.ResRet.f32 %r, 0
  %p = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %flat
  store float %v, ptr addrspace(3) %p, align 4
  call void @dx.op.barrier(i32 80, i32 9)
  %rt = sub i32 63, %t
  %q = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %rt
  %w = load float, ptr addrspace(3) %q, align 4
  %base = mul i32 %g, 64
  %o = add i32 %base, %t
  %ob = shl i32 %o, 2
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %y, i32 %ob, i32 undef, float %w, float undef, float undef, float undef, i8 1)
  ret void
}
@tile = internal addrspace(3) global [64 x float] undef, align 4
)");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> x(kElements), y(kElements, -1.0f);
  for (uint32_t i = 0; i < kElements; ++i)
    x[i] = float(i);
  RawBufferBinding xb{x.data(), x.size() * 4}, yb{y.data(), y.size() * 4};
  ASSERT_FALSE(bool(kernel->launch({kGroups, 1, 1}, {&xb, &yb})));
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(y[i], float(i / 64 * 64 + 63 - i % 64)) << i;
}

/// Rsqrt, Round_ni and FMax: y = max(floor(rsqrt(x) * 10), 3).
TEST_F(DxilHostGridTest, UnaryAndBinaryMath) {
  Expected<DxilHostKernel> kernel = compile(R"(
  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %x, i32 %off, i32 undef)
  %v = extractvalue %dx.types.ResRet.f32 %r, 0
  %s = call float @dx.op.unary.f32(i32 25, float %v)
  %s10 = fmul float %s, 10.0
  %f = call float @dx.op.unary.f32(i32 27, float %s10)
  %m = call float @dx.op.binary.f32(i32 35, float %f, float 3.0)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %y, i32 %off, i32 undef, float %m, float undef, float undef, float undef, i8 1)
  ret void
}
)");
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  std::vector<float> x(kElements), y(kElements, -1.0f);
  for (uint32_t i = 0; i < kElements; ++i)
    x[i] = float(i + 1);
  RawBufferBinding xb{x.data(), x.size() * 4}, yb{y.data(), y.size() * 4};
  ASSERT_FALSE(bool(kernel->launch({kGroups, 1, 1}, {&xb, &yb})));
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(y[i], std::max(std::floor(10.0f / std::sqrt(x[i])), 3.0f)) << i;
}

TEST_F(DxilHostGridTest, UnknownOperationIsNamed) {
  Expected<DxilHostKernel> kernel = compile(R"(
  %lane = call i32 @dx.op.waveGetLaneIndex(i32 111)
  ret void
}
declare i32 @dx.op.waveGetLaneIndex(i32)
)");
  ASSERT_FALSE(bool(kernel));
  std::string message = toString(kernel.takeError());
  EXPECT_THAT(message, ::testing::HasSubstr("dx.op.waveGetLaneIndex"));
  EXPECT_THAT(message, ::testing::HasSubstr("opcode 111"));
}

/// A DXC-compiled shader (vkd3d-proton's oob_behavior_vectorized_byte_
/// address_32bit_read): 64 threads copy 1-, 2-, 3- and 4-component loads of
/// the raw UAVs u2 to u5 (each access guarded by byte offset < 48) into u1
/// at words 0, 16, 32 and 48. Bound to 10 words each, the components past
/// word 9 read 0.
TEST_F(DxilHostGridTest, CorpusVectorizedRawReads) {
  std::vector<uint8_t> bitcode = test::corpusBitcode(
      "cs_6_0/oob_behavior_vectorized_byte_address_32bit_read.dxil");
  if (bitcode.empty())
    GTEST_SKIP() << "the DXIL corpus is not available";
  Expected<DxilHostKernel> kernel = grid->compileDxil(
      ArrayRef(reinterpret_cast<const char *>(bitcode.data()), bitcode.size()));
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  ASSERT_EQ(kernel->kernel->getNumParameters(), 6u);
  constexpr uint32_t kInputWords = 10;
  std::vector<std::vector<uint32_t>> inputs(4);
  std::vector<RawBufferBinding> input(4);
  for (uint32_t v = 0; v < 4; ++v) {
    for (uint32_t w = 0; w < kInputWords; ++w)
      inputs[v].push_back(100 * (v + 1) + w);
    input[v] = {inputs[v].data(), kInputWords * 4};
  }
  std::vector<uint32_t> out(64, 0xdeadbeef);
  RawBufferBinding output{out.data(), out.size() * 4};
  ASSERT_FALSE(
      bool(kernel->launch({1, 1, 1}, {nullptr, &output, &input[0], &input[1],
                                      &input[2], &input[3]})));
  std::vector<uint32_t> expected(64, 0xdeadbeef);
  for (uint32_t n = 1; n <= 4; ++n)
    for (uint32_t thread = 0; thread * 4 * n < 48; ++thread)
      for (uint32_t c = 0; c < n; ++c) {
        uint32_t word = thread * n + c;
        expected[16 * (n - 1) + word] =
            word < kInputWords ? inputs[n - 1][word] : 0;
      }
  EXPECT_EQ(out, expected);
}

} // namespace
