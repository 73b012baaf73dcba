//===- DxilMetadataModelTest.cpp - The shared dx.* metadata reader --------===//
//
// readDxilMetadata on modules written here as LLVM IR text: one whose
// metadata is what the DXIL backend and DXC write (reference section 3),
// and malformed ones whose problems come back in metadata order with the
// values that could still be read.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilMetadataModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace opencgc::dxil;

namespace {

constexpr StringLiteral kFunctions = R"(
define void @main() {
  ret void
}
declare void @helper()
)";

/// cs_6_6 with a raw SRV t0, a raw UAV u1, a structured UAV u2 (stride 16,
/// counter, 64-bit atomics) and a 256-byte CBV b0; shader flags, numthreads
/// 64,1,1 and wave size 32.
constexpr StringLiteral kWellFormed = R"(
!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.resources = !{!3}
!dx.entryPoints = !{!4}
!0 = !{i32 1, i32 6}
!1 = !{i32 1, i32 8}
!2 = !{!"cs", i32 6, i32 6}
!3 = !{!10, !12, !15, null}
!4 = !{ptr @main, !"main", null, !3, !5}
!5 = !{i32 0, i64 8388656, i32 4, !6, i32 11, !7}
!6 = !{i32 64, i32 1, i32 1}
!7 = !{i32 32}
!10 = !{!11}
!11 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}
!12 = !{!13, !14}
!13 = !{i32 0, ptr undef, !"", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!14 = !{i32 1, ptr undef, !"", i32 0, i32 2, i32 1, i32 12, i1 false, i1 true, i1 false, !16}
!15 = !{!17}
!16 = !{i32 1, i32 16, i32 3, i1 true}
!17 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 256, null}
)";

/// No dx.version; a UAV record with 10 fields; numthreads with two sizes;
/// an entry whose name is not its function's, whose resource list is not
/// dx.resources' and which has a node shader's property tag (15).
constexpr StringLiteral kMalformed = R"(
!dx.shaderModel = !{!2}
!dx.resources = !{!3}
!dx.entryPoints = !{!4}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{null, !12, null, null}
!4 = !{ptr @main, !"other", null, null, !5}
!5 = !{i32 4, !6, i32 15, i32 1}
!6 = !{i32 8, i32 8}
!12 = !{!13, !14}
!13 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, null}
!14 = !{i32 1, ptr undef, !"", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
)";

class DxilMetadataModelTest : public ::testing::Test {
protected:
  DxilMetadata read(StringRef metadataText) {
    SMDiagnostic error;
    module =
        parseAssemblyString((kFunctions + metadataText).str(), error, context);
    EXPECT_TRUE(module) << error.getMessage().str();
    if (!module)
      return {};
    return readDxilMetadata(*module);
  }

  LLVMContext context;
  std::unique_ptr<Module> module;
};

TEST_F(DxilMetadataModelTest, ReadsWellFormedMetadata) {
  DxilMetadata metadata = read(kWellFormed);
  EXPECT_TRUE(metadata.problems.empty()) << metadata.problems.front().message;

  ASSERT_TRUE(metadata.shaderModel);
  EXPECT_EQ(metadata.shaderModel->kind, "cs");
  EXPECT_EQ(metadata.shaderModel->major, 6u);
  EXPECT_EQ(metadata.shaderModel->minor, 6u);
  ASSERT_TRUE(metadata.dxilVersion);
  EXPECT_EQ(metadata.dxilVersion->major, 1u);
  EXPECT_EQ(metadata.dxilVersion->minor, 6u);
  EXPECT_EQ(metadata.validatorVersion.major, 1u);
  EXPECT_EQ(metadata.validatorVersion.minor, 8u);

  ASSERT_TRUE(metadata.entryPoint);
  const DxilEntryPoint &entry = *metadata.entryPoint;
  EXPECT_EQ(entry.function, module->getFunction("main"));
  EXPECT_EQ(entry.name, "main");
  EXPECT_FALSE(entry.hasSignatures);
  EXPECT_EQ(entry.shaderFlags, 8388656u);
  EXPECT_EQ(entry.numThreads, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(entry.waveSize, (std::array<uint32_t, 3>{32, 0, 0}));
  EXPECT_FALSE(entry.waveSizeRanged);

  const auto &srvs = metadata.resources[resource_list::Srv];
  ASSERT_EQ(srvs.size(), 1u);
  EXPECT_EQ(srvs[0].kind, resource_kind::RawBuffer);
  EXPECT_EQ(srvs[0].lowerBound, 0u);
  const auto &uavs = metadata.resources[resource_list::Uav];
  ASSERT_EQ(uavs.size(), 2u);
  EXPECT_EQ(uavs[0].resourceClass, resource_list::Uav);
  EXPECT_EQ(uavs[0].lowerBound, 1u);
  EXPECT_FALSE(uavs[0].stride);
  EXPECT_EQ(uavs[1].id, 1u);
  EXPECT_EQ(uavs[1].kind, resource_kind::StructuredBuffer);
  EXPECT_EQ(uavs[1].lowerBound, 2u);
  EXPECT_EQ(uavs[1].rangeSize, 1u);
  EXPECT_TRUE(uavs[1].hasCounter);
  EXPECT_EQ(uavs[1].stride, 16u);
  EXPECT_TRUE(uavs[1].usesAtomic64);
  const auto &cbvs = metadata.resources[resource_list::Cbv];
  ASSERT_EQ(cbvs.size(), 1u);
  EXPECT_EQ(cbvs[0].kind, resource_kind::CBuffer);
  EXPECT_EQ(cbvs[0].cbufferSize, 256u);
  EXPECT_TRUE(metadata.resources[resource_list::Sampler].empty());
  EXPECT_EQ(metadata.hasResourceList,
            (std::array<bool, resource_list::Count>{true, true, true, false}));
}

TEST_F(DxilMetadataModelTest, ReportsProblemsInMetadataOrder) {
  DxilMetadata metadata = read(kMalformed);
  using Part = DxilMetadataPart;
  using Kind = DxilMetadataProblemKind;
  ASSERT_EQ(metadata.problems.size(), 6u);
  const auto &problems = metadata.problems;
  EXPECT_EQ(problems[0].part, Part::DxilVersion);
  EXPECT_EQ(problems[0].kind, Kind::Missing);
  EXPECT_EQ(problems[0].message, "!dx.version is missing");
  EXPECT_EQ(problems[1].part, Part::ResourceRecord);
  EXPECT_EQ(problems[1].kind, Kind::Malformed);
  EXPECT_EQ(problems[1].resourceClass, resource_list::Uav);
  EXPECT_EQ(problems[1].record, 0u);
  EXPECT_EQ(problems[1].message, "a UAV record must have 11 fields");
  // The record left out makes the next one's id 1 sit at position 0.
  EXPECT_EQ(problems[2].part, Part::ResourceRecord);
  EXPECT_EQ(problems[2].kind, Kind::SparseResourceId);
  EXPECT_EQ(problems[2].record, 1u);
  EXPECT_EQ(problems[3].part, Part::EntryResources);
  EXPECT_EQ(problems[3].kind, Kind::Malformed);
  EXPECT_EQ(problems[4].part, Part::NumThreads);
  EXPECT_EQ(problems[4].kind, Kind::Malformed);
  // Tag 15 (a node shader's) is not one the model reads.
  EXPECT_EQ(problems[5].part, Part::EntryProperties);
  EXPECT_EQ(problems[5].kind, Kind::UnreadProperty);
  EXPECT_EQ(problems[5].tag, 15u);

  // What could be read is there; the rest is absent or at its default.
  ASSERT_TRUE(metadata.shaderModel);
  EXPECT_EQ(metadata.shaderModel->minor, 0u);
  EXPECT_FALSE(metadata.dxilVersion);
  EXPECT_EQ(metadata.validatorVersion.major, 1u);
  EXPECT_EQ(metadata.validatorVersion.minor, 0u);
  ASSERT_EQ(metadata.resources[resource_list::Uav].size(), 1u);
  EXPECT_EQ(metadata.resources[resource_list::Uav][0].id, 1u);
  ASSERT_TRUE(metadata.entryPoint);
  EXPECT_EQ(metadata.entryPoint->name, "other");
  EXPECT_EQ(metadata.entryPoint->function, module->getFunction("main"));
  // A malformed numthreads is there, with no size read.
  EXPECT_EQ(metadata.entryPoint->numThreads,
            (std::array<uint32_t, 3>{0, 0, 0}));
  EXPECT_EQ(metadata.findProblem(Part::NumThreads), &problems[4]);
  EXPECT_EQ(metadata.findProblem(Part::WaveSize), nullptr);
}

TEST_F(DxilMetadataModelTest, ReportsForbiddenWaveSizesAndUnreadTags) {
  // cs_6_0 has no wave size; tag 15 (a node shader's) is not read.
  DxilMetadata metadata = read(R"(
!dx.version = !{!0}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!4}
!0 = !{i32 1, i32 0}
!2 = !{!"cs", i32 6, i32 0}
!4 = !{ptr @helper, !"helper", null, null, !5}
!5 = !{i32 11, !7, i32 15, i32 1, i32 4, !6}
!6 = !{i32 8, i32 8, i32 1}
!7 = !{i32 16}
)");
  using Kind = DxilMetadataProblemKind;
  ASSERT_EQ(metadata.problems.size(), 2u);
  EXPECT_EQ(metadata.problems[0].kind, Kind::WaveSizeShaderModel);
  EXPECT_EQ(metadata.problems[0].tag, 11u);
  EXPECT_EQ(metadata.problems[1].kind, Kind::UnreadProperty);
  EXPECT_EQ(metadata.problems[1].tag, 15u);
  ASSERT_TRUE(metadata.entryPoint);
  // A declaration is still the entry's function; its users judge it.
  EXPECT_EQ(metadata.entryPoint->function, module->getFunction("helper"));
  EXPECT_TRUE(metadata.entryPoint->function->isDeclaration());
  EXPECT_EQ(metadata.entryPoint->waveSize, (std::array<uint32_t, 3>{16, 0, 0}));
  EXPECT_EQ(metadata.entryPoint->numThreads,
            (std::array<uint32_t, 3>{8, 8, 1}));
  for (const auto &records : metadata.resources)
    EXPECT_TRUE(records.empty());
}

TEST_F(DxilMetadataModelTest, ReportsMissingNodes) {
  DxilMetadata metadata = read("");
  using Part = DxilMetadataPart;
  using Kind = DxilMetadataProblemKind;
  ASSERT_EQ(metadata.problems.size(), 3u);
  EXPECT_TRUE(metadata.hasProblem(Part::ShaderModel, Kind::Missing));
  EXPECT_TRUE(metadata.hasProblem(Part::DxilVersion, Kind::Missing));
  EXPECT_TRUE(metadata.hasProblem(Part::EntryPoint, Kind::Missing));
  EXPECT_FALSE(metadata.shaderModel);
  EXPECT_FALSE(metadata.entryPoint);
}

} // namespace
