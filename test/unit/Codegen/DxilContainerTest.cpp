//===- DxilContainerTest.cpp - The DXIL container writer against DXC ------===//
//
// The 141 DXC-compiled containers of shared/corpus/dxil are the oracle:
// every part the writer makes is compared with DXC's, written from values
// decoded from the module's own metadata plus its DXIL part's bitcode, and
// whole containers are rewritten byte for byte where the description
// models every resource (buffers; no samplers or textures).
//
//===----------------------------------------------------------------------===//
#include "../Bitcode/DxilBitcodeSupport.h"
#include "../Interchange/InterchangeTestUtils.h"

#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Endian.h"

#include <gtest/gtest.h>

#include <cctype>

using namespace opencgc;
using namespace opencgc::dxil;
using namespace opencgc::test;

namespace {

// The one corpus file DXC left unsigned (see the corpus README).
const char kUnsignedFile[] = "cs_6_0/cs_root_constant_indexing.dxil";

std::vector<uint8_t> partData(const DxContainerView &view,
                              const char (&name)[5]) {
  const DxPart *part = view.findPart(makeFourCC(name));
  if (!part)
    return {};
  return {part->data.begin(), part->data.end()};
}

/// dx.entryPoints' shader flags (tag 0), 0 when absent.
uint64_t shaderFlagsOf(const llvm::Module &module) {
  const llvm::NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints");
  if (!entries || !entries->getNumOperands())
    return 0;
  const auto *properties = llvm::dyn_cast_or_null<llvm::MDNode>(
      entries->getOperand(0)->getOperand(4).get());
  for (unsigned i = 0; properties && i + 1 < properties->getNumOperands();
       i += 2) {
    auto *tag = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
        properties->getOperand(i));
    auto *value = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
        properties->getOperand(i + 1));
    if (tag && tag->isZero() && value)
      return value->getZExtValue();
  }
  return 0;
}

/// Where two containers first differ: the part and the offset in it.
std::string firstDifference(llvm::ArrayRef<uint8_t> expected,
                            llvm::ArrayRef<uint8_t> actual) {
  llvm::Expected<DxContainerView> a = parseDxContainer(expected);
  llvm::Expected<DxContainerView> b = parseDxContainer(actual);
  if (!a || !b) {
    llvm::consumeError(a.takeError());
    llvm::consumeError(b.takeError());
    return "a container does not parse";
  }
  if (a->parts.size() != b->parts.size())
    return "part counts differ";
  for (size_t i = 0; i < a->parts.size(); ++i) {
    const DxPart &x = a->parts[i], &y = b->parts[i];
    std::string name = fourCCToString(x.fourCC);
    if (x.fourCC != y.fourCC)
      return "part " + std::to_string(i) + " is " + fourCCToString(y.fourCC) +
             ", DXC wrote " + name;
    if (x.data.size() != y.data.size())
      return name + " is " + std::to_string(y.data.size()) + " bytes, DXC's " +
             std::to_string(x.data.size());
    for (size_t byte = 0; byte < x.data.size(); ++byte)
      if (x.data[byte] != y.data[byte])
        return name + " differs at byte " + std::to_string(byte);
  }
  return "the header differs";
}

class DxilContainerCorpusTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    bytes = readBytes(dxilCorpusDir() + "/" + GetParam());
    ASSERT_FALSE(bytes.empty());
    llvm::Expected<DxContainerView> parsed = parseDxContainer(bytes);
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    view = std::move(*parsed);
    const DxPart *dxil = view.findPart(makeFourCC("DXIL"));
    ASSERT_TRUE(dxil);
    llvm::Expected<DxilProgramView> program = parseDxilProgramPart(dxil->data);
    ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
    bitcode = program->bitcode;
    llvm::Expected<std::unique_ptr<llvm::Module>> read =
        readDxilBitcode(bitcode, context);
    ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
    module = std::move(*read);
  }

  std::vector<uint8_t> bytes;
  DxContainerView view;
  llvm::ArrayRef<uint8_t> bitcode;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

TEST_P(DxilContainerCorpusTest, ContainerDigestIsRecomputed) {
  if (GetParam() == kUnsignedFile) {
    EXPECT_TRUE(view.isUnsigned());
    return;
  }
  EXPECT_EQ(computeContainerDigest(bytes), view.digest);
}

TEST_P(DxilContainerCorpusTest, HashPartIsMd5OfBitcode) {
  EXPECT_EQ(writeHashPart(bitcode), partData(view, "HASH"));
}

TEST_P(DxilContainerCorpusTest, FeatureInfoFollowsShaderFlags) {
  EXPECT_EQ(writeFeatureInfoPart(shaderFlagsOf(*module)),
            partData(view, "SFI0"))
      << "shader flags 0x" << std::hex << shaderFlagsOf(*module);
}

TEST_P(DxilContainerCorpusTest, SignaturesAreEmpty) {
  EXPECT_EQ(writeEmptySignaturePart(), partData(view, "ISG1"));
  EXPECT_EQ(writeEmptySignaturePart(), partData(view, "OSG1"));
}

TEST_P(DxilContainerCorpusTest, ProgramPartFramesTheBitcode) {
  const llvm::MDNode *model =
      module->getNamedMetadata("dx.shaderModel")->getOperand(0);
  DxilShaderDescription shader;
  shader.shaderModelMinor =
      llvm::mdconst::extract<llvm::ConstantInt>(model->getOperand(2))
          ->getZExtValue();
  shader.bitcode = bitcode;
  EXPECT_EQ(writeProgramPart(shader), partData(view, "DXIL"));
}

TEST_P(DxilContainerCorpusTest, RewrittenFromMetadataByteForByte) {
  llvm::Expected<DxilShaderDescription> shader = describeDxilShader(*module);
  if (!shader)
    GTEST_SKIP() << llvm::toString(shader.takeError());
  shader->bitcode = bitcode;
  shader->sign = !view.isUnsigned();
  EXPECT_EQ(writePsv0Part(*shader), partData(view, "PSV0"));
  llvm::Expected<std::vector<uint8_t>> written = writeDxilContainer(*shader);
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  EXPECT_TRUE(*written == bytes) << firstDifference(bytes, *written);
}

INSTANTIATE_TEST_SUITE_P(Corpus, DxilContainerCorpusTest,
                         ::testing::ValuesIn(listDxilCorpus()),
                         dxilCorpusTestName);
// An absent corpus is reported by DxilContainerTest.CorpusCoverage.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DxilContainerCorpusTest);

// How many corpus shaders the description models: all but those with
// samplers, textures, acceleration structures or sampler feedback.
TEST(DxilContainerTest, CorpusCoverage) {
  std::vector<std::string> files = listDxilCorpus();
  ASSERT_EQ(files.size(), 141u) << "corpus not found at " << dxilCorpusDir();
  unsigned modelled = 0;
  for (const std::string &file : files) {
    llvm::LLVMContext context;
    llvm::Expected<std::unique_ptr<llvm::Module>> module =
        readDxilBitcode(corpusBitcode(file), context);
    ASSERT_TRUE(bool(module))
        << file << ": " << llvm::toString(module.takeError());
    llvm::Expected<DxilShaderDescription> shader = describeDxilShader(**module);
    if (shader)
      ++modelled;
    else
      llvm::consumeError(shader.takeError());
  }
  EXPECT_EQ(modelled, 114u);
}

/// A corpus container and the description of it written out by hand.
void expectWrittenAsDxcDid(const char *file, DxilShaderDescription shader) {
  std::vector<uint8_t> expected = readBytes(dxilCorpusDir() + "/" + file);
  ASSERT_FALSE(expected.empty()) << file;
  std::vector<uint8_t> bitcode = corpusBitcode(file);
  shader.bitcode = bitcode;
  llvm::Expected<std::vector<uint8_t>> written = writeDxilContainer(shader);
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  EXPECT_TRUE(*written == expected)
      << file << ": " << firstDifference(expected, *written);
}

ResourceBinding buffer(ResourceClass resourceClass, BufferKind kind,
                       uint32_t lowerBound, uint32_t stride = 0) {
  ResourceBinding resource;
  resource.resourceClass = resourceClass;
  resource.kind = kind;
  resource.lowerBound = lowerBound;
  resource.stride = stride;
  return resource;
}

// Appendix A: RWStructuredBuffer<float2> u0, numthreads(8,1,1), valver
// 1.8 (PSV0 version 3 with the entry name).
TEST(DxilContainerTest, StructuredUavShaderModel60) {
  DxilShaderDescription shader;
  shader.validator = {1, 8};
  shader.numThreads = {8, 1, 1};
  shader.shaderFlags = 0x10; // raw and structured buffers
  shader.resources = {buffer(ResourceClass::UAV, BufferKind::Structured, 0, 8)};
  expectWrittenAsDxcDid("cs_6_0/default_cs.dxil", shader);
}

// StructuredBuffer t0 and RWStructuredBuffer u0 at cs_6_6, valver 1.7
// (PSV0 version 2, no entry name).
TEST(DxilContainerTest, StructuredSrvAndUavShaderModel66) {
  DxilShaderDescription shader;
  shader.shaderModelMinor = 6;
  shader.validator = {1, 7};
  shader.shaderFlags = 0x10;
  shader.resources = {buffer(ResourceClass::SRV, BufferKind::Structured, 0, 16),
                      buffer(ResourceClass::UAV, BufferKind::Structured, 0, 4)};
  expectWrittenAsDxcDid("cs_6_6/cs_pack_u32_u8.dxil", shader);
}

// ByteAddressBuffer t0 and RWByteAddressBuffer u0 with doubles: SFI0 says
// Doubles.
TEST(DxilContainerTest, RawSrvAndUavWithDoublesShaderModel62) {
  DxilShaderDescription shader;
  shader.shaderModelMinor = 2;
  shader.validator = {1, 7};
  shader.shaderFlags = 0x14; // doubles, raw and structured buffers
  shader.resources = {buffer(ResourceClass::SRV, BufferKind::Raw, 0),
                      buffer(ResourceClass::UAV, BufferKind::Raw, 0)};
  expectWrittenAsDxcDid("cs_6_2/cs_denorm_fp64_fp32_any.dxil", shader);
}

// An unbounded CBV range in space 1 (listed before the UAV it follows in
// dx.resources) and a raw UAV.
TEST(DxilContainerTest, UnboundedCbvRangeBeforeUavs) {
  DxilShaderDescription shader;
  shader.validator = {1, 8};
  shader.numThreads = {64, 1, 1};
  shader.shaderFlags = 0x10;
  ResourceBinding cbv = buffer(ResourceClass::CBV, BufferKind::Raw, 2);
  cbv.space = 1;
  cbv.count = kUnboundedRange;
  shader.resources = {buffer(ResourceClass::UAV, BufferKind::Raw, 0), cbv};
  expectWrittenAsDxcDid("cs_6_0/bindless_cbv.dxil", shader);
}

TEST(DxilContainerTest, PsvVersionFollowsValidator) {
  EXPECT_EQ(getPsvVersion({1, 0}), 0u);
  EXPECT_EQ(getPsvVersion({1, 1}), 1u);
  EXPECT_EQ(getPsvVersion({1, 5}), 1u);
  EXPECT_EQ(getPsvVersion({1, 6}), 2u);
  EXPECT_EQ(getPsvVersion({1, 7}), 2u);
  EXPECT_EQ(getPsvVersion({1, 8}), 3u);
  EXPECT_EQ(getPsvVersion({1, 9}), 3u);
  EXPECT_EQ(getPsvVersion({1, 10}), 4u);
}

// The versions the corpus lacks, from the layout of reference 1.5.
TEST(DxilContainerTest, PsvLayoutOfEveryVersion) {
  DxilShaderDescription shader;
  shader.resources = {buffer(ResourceClass::UAV, BufferKind::Raw, 3)};
  shader.groupSharedBytes = 1024;
  struct Expected {
    DxilVersion validator;
    size_t size;
  } cases[] = {
      // size, info, count, record size, one record, [strings, semantics]
      {{1, 0}, 4 + 24 + 4 + 4 + 16},
      {{1, 1}, 4 + 36 + 4 + 4 + 16 + 4 + 4 + 4},
      {{1, 6}, 4 + 48 + 4 + 4 + 24 + 4 + 4 + 4},
      {{1, 8}, 4 + 52 + 4 + 4 + 24 + 4 + 8 + 4},
      {{1, 10}, 4 + 56 + 4 + 4 + 24 + 4 + 8 + 4},
  };
  for (const Expected &expected : cases) {
    shader.validator = expected.validator;
    std::vector<uint8_t> psv = writePsv0Part(shader);
    ASSERT_EQ(psv.size(), expected.size) << expected.validator.minor;
    uint32_t infoSize = llvm::support::endian::read32le(psv.data());
    // The UAV record: UAVRaw u3..u3 in space 0.
    const uint8_t *record = psv.data() + 4 + infoSize + 8;
    EXPECT_EQ(llvm::support::endian::read32le(record), 7u);
    EXPECT_EQ(llvm::support::endian::read32le(record + 8), 3u);
    EXPECT_EQ(llvm::support::endian::read32le(record + 12), 3u);
  }
  shader.validator = {1, 10};
  std::vector<uint8_t> psv = writePsv0Part(shader);
  EXPECT_EQ(llvm::support::endian::read32le(psv.data() + 4 + 52), 1024u);
}

TEST(DxilContainerTest, HashPartOnlyFromValidator15) {
  std::vector<uint8_t> bitcode = corpusBitcode("cs_6_0/default_cs.dxil");
  ASSERT_FALSE(bitcode.empty());
  DxilShaderDescription shader;
  shader.bitcode = bitcode;
  for (auto [minor, parts] : {std::pair<unsigned, size_t>{4, 5}, {5, 6}}) {
    shader.validator = {1, minor};
    llvm::Expected<std::vector<uint8_t>> written = writeDxilContainer(shader);
    ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
    llvm::Expected<DxContainerView> view = parseDxContainer(*written);
    ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
    EXPECT_EQ(view->parts.size(), parts);
    EXPECT_EQ(getDigestStatus(*view), DigestStatus::Valid);
  }
}

TEST(DxilContainerTest, RefusesWhatDxcCouldNotHaveWritten) {
  std::vector<uint8_t> bitcode = corpusBitcode("cs_6_0/default_cs.dxil");
  DxilShaderDescription shader;
  auto errorOf = [&] {
    llvm::Expected<std::vector<uint8_t>> written = writeDxilContainer(shader);
    return written ? std::string() : llvm::toString(written.takeError());
  };
  EXPECT_EQ(errorOf(), "DXIL container: the bitcode does not start with 'BC' "
                       "0xC0DE");
  shader.bitcode = bitcode;
  shader.numThreads = {0, 1, 1};
  EXPECT_EQ(errorOf(), "DXIL container: numthreads must be at least 1 in "
                       "each dimension");
  shader.numThreads = {1, 1, 1};
  ResourceBinding wrapping =
      buffer(ResourceClass::SRV, BufferKind::Raw, 0xFFFFFFF0);
  wrapping.count = 0x20;
  shader.resources = {wrapping};
  EXPECT_EQ(errorOf(), "DXIL container: resource range at register "
                       "4294967280 space 0 is empty or wraps");
}

TEST(DxilContainerTest, ProgramPartPadsTheBitcode) {
  uint8_t bitcode[] = {'B', 'C', 0xC0, 0xDE, 1};
  DxilShaderDescription shader;
  shader.shaderModelMinor = 2;
  shader.bitcode = bitcode;
  std::vector<uint8_t> part = writeProgramPart(shader);
  ASSERT_EQ(part.size(), 24u + 8u);
  llvm::Expected<DxilProgramView> view = parseDxilProgramPart(part);
  ASSERT_TRUE(bool(view)) << llvm::toString(view.takeError());
  EXPECT_EQ(view->programVersion, 0x50062u);
  EXPECT_EQ(view->dxilVersion, 0x102u);
  EXPECT_EQ(view->shaderKind(), 5u);
  EXPECT_EQ(view->bitcode.size(), 5u);
  EXPECT_EQ(llvm::support::endian::read32le(part.data() + 4), 8u);
}

} // namespace
