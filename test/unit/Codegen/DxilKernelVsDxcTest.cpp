//===- DxilKernelVsDxcTest.cpp - Our kernels' containers next to DXC's ----===//
//
// Issue 11 asks that a container of ours be laid out as DXC lays out a
// shader of the same kind. Each test compiles one of our kernels and
// decodes both containers field by field with a decoder of its own (not
// the writer's code): every field must equal DXC's except the ones that
// describe the shaders' different resources, and those must equal what the
// kernel's own bindings say (inputs t registers, outputs u registers,
// numbered by bind point; reference note 4.1).
//
//===----------------------------------------------------------------------===//
#include "../Interchange/InterchangeTestUtils.h"
#include "CodegenTestSupport.h"

#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/Support/Endian.h"

#include <gtest/gtest.h>

using namespace opencgc;
using namespace opencgc::codegen;
using codegen::test::f32;
using codegen::test::SingleOpSubgraph;

namespace {

uint32_t u32At(llvm::ArrayRef<uint8_t> data, size_t offset) {
  EXPECT_LE(offset + 4, data.size());
  if (offset + 4 > data.size())
    return 0;
  return llvm::support::endian::read32le(data.data() + offset);
}

/// One PSV0 resource record (reference note 1.5): type, space, bounds, and
/// from version 2 the kind and flags.
struct PsvRecord {
  uint32_t type = 0, space = 0, lowerBound = 0, upperBound = 0;
  uint32_t kind = 0, flags = 0;
};

/// PSV0 split into the runtime info (size word included), the resource
/// table and whatever follows it (string table, semantic index count).
struct Psv0 {
  uint32_t runtimeInfoSize = 0;
  std::vector<uint8_t> runtimeInfo;
  uint32_t recordSize = 0;
  std::vector<PsvRecord> records;
  std::vector<uint8_t> tail;

  /// numthreads: version 2's three words at runtime-info offset 36.
  std::array<uint32_t, 3> numThreads() const {
    std::array<uint32_t, 3> threads{};
    for (size_t i = 0; i < 3 && runtimeInfo.size() >= 52; ++i)
      threads[i] = u32At(runtimeInfo, 4 + 36 + 4 * i);
    return threads;
  }
};

Psv0 decodePsv0(llvm::ArrayRef<uint8_t> data) {
  Psv0 psv;
  psv.runtimeInfoSize = u32At(data, 0);
  size_t at = 4 + psv.runtimeInfoSize;
  psv.runtimeInfo.assign(data.begin(), data.begin() + std::min(at, data.size()));
  uint32_t count = u32At(data, at);
  at += 4;
  if (count) {
    psv.recordSize = u32At(data, at);
    at += 4;
  }
  for (uint32_t i = 0; i < count && at + psv.recordSize <= data.size(); ++i) {
    PsvRecord record;
    record.type = u32At(data, at);
    record.space = u32At(data, at + 4);
    record.lowerBound = u32At(data, at + 8);
    record.upperBound = u32At(data, at + 12);
    if (psv.recordSize >= 24) {
      record.kind = u32At(data, at + 16);
      record.flags = u32At(data, at + 20);
    }
    psv.records.push_back(record);
    at += psv.recordSize;
  }
  if (at <= data.size())
    psv.tail.assign(data.begin() + at, data.end());
  return psv;
}

std::vector<uint8_t> partBytes(const DxContainerView &view,
                               llvm::StringRef name) {
  uint32_t fourCC = 0;
  for (size_t i = 0; i < 4 && i < name.size(); ++i)
    fourCC |= uint32_t(uint8_t(name[i])) << (8 * i);
  const DxPart *part = view.findPart(fourCC);
  EXPECT_TRUE(part) << "no " << name.str() << " part";
  if (!part)
    return {};
  return {part->data.begin(), part->data.end()};
}

std::vector<std::string> partOrder(const DxContainerView &view) {
  std::vector<std::string> names;
  for (const DxPart &part : view.parts)
    names.push_back(fourCCToString(part.fourCC));
  return names;
}

/// The first five words of the DXIL part: program version, size in dwords,
/// "DXIL", DXIL version, bitcode offset (reference note 1.4).
std::array<uint32_t, 5> programHeader(llvm::ArrayRef<uint8_t> data) {
  std::array<uint32_t, 5> words{};
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = u32At(data, 4 * i);
  return words;
}

/// Our kernel against a DXC corpus shader of the same kind (same shader
/// model and validator, raw buffers only, no groupshared memory). The
/// fields that depend on the resources are returned for the caller.
struct Compared {
  Psv0 ours, dxc;
};

Compared compareWithDxc(const DxilKernel &kernel, const char *corpusFile) {
  std::vector<uint8_t> dxcBytes =
      opencgc::test::readBytes(opencgc::test::dxilCorpusDir() + "/" + corpusFile);
  EXPECT_FALSE(dxcBytes.empty()) << corpusFile;
  llvm::Expected<DxContainerView> dxc = parseDxContainer(dxcBytes);
  llvm::Expected<DxContainerView> ours = parseDxContainer(kernel.container);
  if (!dxc || !ours) {
    ADD_FAILURE() << "a container does not parse";
    llvm::consumeError(dxc.takeError());
    llvm::consumeError(ours.takeError());
    return {};
  }
  EXPECT_EQ(ours->majorVersion, dxc->majorVersion);
  EXPECT_EQ(ours->minorVersion, dxc->minorVersion);
  EXPECT_EQ(partOrder(*ours), partOrder(*dxc));
  EXPECT_TRUE(ours->isContiguous());
  EXPECT_FALSE(ours->isUnsigned());
  EXPECT_EQ(computeContainerDigest(kernel.container), ours->digest);
  for (const char *name : {"SFI0", "ISG1", "OSG1"})
    EXPECT_EQ(partBytes(*ours, name), partBytes(*dxc, name)) << name;
  // HASH: flags word equal (no source), then an MD5 of each one's bitcode.
  EXPECT_EQ(u32At(partBytes(*ours, "HASH"), 0),
            u32At(partBytes(*dxc, "HASH"), 0));
  std::array<uint32_t, 5> ourProgram = programHeader(partBytes(*ours, "DXIL"));
  std::array<uint32_t, 5> dxcProgram = programHeader(partBytes(*dxc, "DXIL"));
  EXPECT_EQ(ourProgram[0], dxcProgram[0]) << "program version";
  EXPECT_EQ(ourProgram[2], dxcProgram[2]) << "DXIL magic";
  EXPECT_EQ(ourProgram[3], dxcProgram[3]) << "DXIL version";
  EXPECT_EQ(ourProgram[4], dxcProgram[4]) << "bitcode offset";
  EXPECT_EQ(ourProgram[1] * 4, partBytes(*ours, "DXIL").size());
  return {decodePsv0(partBytes(*ours, "PSV0")),
          decodePsv0(partBytes(*dxc, "PSV0"))};
}

/// Each record is a raw buffer in space 0 at the register its bind point
/// gives, of the class its use gives (reference note 1.5 types 4 and 7).
void expectRawRecordsByBindPoint(const Psv0 &psv, const DxilKernel &kernel,
                                 unsigned inputs) {
  ASSERT_EQ(psv.records.size(), kernel.numBindings);
  for (size_t i = 0; i < psv.records.size(); ++i) {
    const PsvRecord &record = psv.records[i];
    EXPECT_EQ(record.type, i < inputs ? 4u : 7u) << "record " << i;
    EXPECT_EQ(record.space, 0u);
    EXPECT_EQ(record.lowerBound, i);
    EXPECT_EQ(record.upperBound, i);
    EXPECT_EQ(record.kind, 11u);
    EXPECT_EQ(record.flags, 0u);
  }
}

class DxilKernelVsDxcTest : public ::testing::Test {
protected:
  DxilKernel compileOne(const SingleOpSubgraph &single) {
    cgc::SubgraphOp subgraph = parser.parseSubgraph(codegen::test::toString(single));
    EXPECT_TRUE(subgraph);
    if (!subgraph)
      return {};
    llvm::Expected<KernelModule> kernels = lowerToKernelIR(subgraph);
    EXPECT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
    if (!kernels)
      return {};
    llvm::Expected<std::vector<DxilKernel>> dxil = compileToDxil(*kernels);
    EXPECT_TRUE(bool(dxil)) << llvm::toString(dxil.takeError());
    if (!dxil || dxil->size() != 1)
      return {};
    return std::move(dxil->front());
  }

  codegen::test::SubgraphParser parser;
};

// cs_6_0, validator 1.8 (PSV0 version 3), numthreads 64x1x1, raw buffers
// only: DXC's vectorized byte-address read test (five raw UAVs).
TEST_F(DxilKernelVsDxcTest, Float32AddIsLaidOutAsDxcsByteAddressShader) {
  DxilKernel kernel = compileOne(
      SingleOpSubgraph{"add", "add", {f32({64}), f32({64})}, "", f32({64})});
  ASSERT_FALSE(kernel.container.empty());
  Compared psv = compareWithDxc(
      kernel, "cs_6_0/oob_behavior_vectorized_byte_address_32bit_read.dxil");
  // Runtime info: size, stage union, wave lanes, stage, signature counts,
  // numthreads, entry name offset: all of it, byte for byte.
  EXPECT_EQ(psv.ours.runtimeInfo, psv.dxc.runtimeInfo);
  EXPECT_EQ(psv.ours.numThreads(), (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(psv.ours.recordSize, psv.dxc.recordSize);
  // DXC's raw UAV records: the same type, kind and flags as our output's.
  for (const PsvRecord &record : psv.dxc.records) {
    EXPECT_EQ(record.type, 7u);
    EXPECT_EQ(record.kind, 11u);
    EXPECT_EQ(record.flags, 0u);
  }
  expectRawRecordsByBindPoint(psv.ours, kernel, /*inputs=*/2);
  // String table ("\0main\0", padded) and the semantic index count.
  EXPECT_EQ(psv.ours.tail, psv.dxc.tail);
}

// cs_6_2 with native 16-bit types: DXC's fp16 denormal test, one raw SRV and
// one raw UAV. DXC wrote it with an older validator (PSV0 version 2), so
// the runtime info is compared up to version 2's end, numthreads aside.
TEST_F(DxilKernelVsDxcTest, HalfReluIsLaidOutAsDxcsFp16Shader) {
  DxilKernel kernel = compileOne({"half",
                                  "relu",
                                  {"!cgc.tensor<8x!cgc.float16>"},
                                  "",
                                  "!cgc.tensor<8x!cgc.float16>"});
  ASSERT_FALSE(kernel.container.empty());
  Compared psv =
      compareWithDxc(kernel, "cs_6_2/cs_denorm_fp16_fp32_any.dxil");
  ASSERT_EQ(psv.dxc.runtimeInfoSize, 48u);
  ASSERT_GE(psv.ours.runtimeInfoSize, 48u);
  // Stage union, wave lanes, stage and signature counts (bytes 4 to 40).
  EXPECT_TRUE(std::equal(psv.dxc.runtimeInfo.begin() + 4,
                         psv.dxc.runtimeInfo.begin() + 40,
                         psv.ours.runtimeInfo.begin() + 4));
  EXPECT_EQ(psv.dxc.numThreads(), (std::array<uint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(psv.ours.numThreads(), (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(psv.ours.recordSize, psv.dxc.recordSize);
  ASSERT_EQ(psv.dxc.records.size(), 2u);
  ASSERT_EQ(psv.ours.records.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(psv.ours.records[i].type, psv.dxc.records[i].type) << i;
    EXPECT_EQ(psv.ours.records[i].space, psv.dxc.records[i].space) << i;
    EXPECT_EQ(psv.ours.records[i].kind, psv.dxc.records[i].kind) << i;
    EXPECT_EQ(psv.ours.records[i].flags, psv.dxc.records[i].flags) << i;
  }
  // DXC's shader binds t0 and u0; ours numbers registers by bind point.
  expectRawRecordsByBindPoint(psv.ours, kernel, /*inputs=*/1);
}

} // namespace
