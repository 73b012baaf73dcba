//===- DxilValidatorTest.cpp - DXIL rules against DXC output and mutants --===//
//
// The 141 DXC-compiled containers of shared/corpus/dxil are read in place:
// the 138 the current DXC validator accepts must pass, the three
// cs_6_6/cs_derivative_* must fail naming SM.INCOMPATIBLESTAGE (corpus
// README). Mutants of corpus files then break one rule each: container
// mutants are re-assembled and re-signed in memory; module mutants edit the
// llvm::Module LLVM 22 reads and run the module rules on it.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilValidator.h"
#include "../Interchange/InterchangeTestUtils.h"
#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Interchange/DxContainer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cctype>

using namespace llvm;
using namespace opencgc;
using namespace opencgc::codegen;

namespace {

std::string corpusDir() { return test::dxilCorpusDir(); }

std::vector<uint8_t> readCorpus(StringRef file) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(corpusDir() + "/" + file.str());
  if (!buffer)
    return {};
  StringRef bytes = (*buffer)->getBuffer();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

bool isDerivativeShader(StringRef file) {
  return file.starts_with("cs_6_6/cs_derivative_");
}

/// The error findings, one "RULE: message" line each.
std::string errors(const std::vector<DxilFinding> &findings) {
  std::string text;
  for (const DxilFinding &finding : findings)
    if (finding.severity == DxilFinding::Severity::Error)
      text += finding.rule + ": " + finding.message + "\n";
  return text;
}

void expectRule(const std::vector<DxilFinding> &findings, StringRef rule) {
  std::string found = errors(findings);
  EXPECT_NE(found.find((rule + ":").str()), std::string::npos)
      << "expected " << rule.str() << "; findings:\n"
      << found;
}

//===----------------------------------------------------------------------===//
// Verdicts on the corpus
//===----------------------------------------------------------------------===//

TEST(DxilValidatorCorpusTest, AcceptsTheValidAndRejectsTheDerivativeShaders) {
  std::vector<std::string> files = test::listDxilCorpus();
  ASSERT_EQ(files.size(), 141u) << "corpus not found at " << corpusDir();
  unsigned accepted = 0, rejected = 0;
  for (const std::string &file : files)
    ++(hasDxilErrors(validateDxilContainer(readCorpus(file))) ? rejected
                                                              : accepted);
  EXPECT_EQ(accepted, 138u);
  EXPECT_EQ(rejected, 3u);
}

class DxilValidatorCorpusFileTest
    : public ::testing::TestWithParam<std::string> {};

TEST_P(DxilValidatorCorpusFileTest, Verdict) {
  std::vector<uint8_t> bytes = readCorpus(GetParam());
  ASSERT_FALSE(bytes.empty());
  std::vector<DxilFinding> findings = validateDxilContainer(bytes);
  if (isDerivativeShader(GetParam()))
    expectRule(findings, "SM.INCOMPATIBLESTAGE");
  else
    EXPECT_EQ(errors(findings), "");
}

INSTANTIATE_TEST_SUITE_P(DxilValidatorCorpus, DxilValidatorCorpusFileTest,
                         ::testing::ValuesIn(test::listDxilCorpus()),
                         test::dxilCorpusTestName);
// An absent corpus is reported by the test above.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DxilValidatorCorpusFileTest);

/// The container writer's output for every corpus shader it can describe
/// (buffers only) must pass too: two independent readings of the format.
TEST(DxilValidatorWriterTest, AcceptsTheContainerWriterOutput) {
  unsigned written = 0;
  for (const std::string &file : test::listDxilCorpus()) {
    if (isDerivativeShader(file))
      continue;
    std::vector<uint8_t> bytes = readCorpus(file);
    Expected<ArrayRef<uint8_t>> bitcode = getDxilPartBitcode(bytes);
    ASSERT_TRUE(bool(bitcode)) << toString(bitcode.takeError());
    LLVMContext context;
    Expected<DxilBitcodeModule> read = readDxilBitcode(*bitcode, context);
    ASSERT_TRUE(bool(read)) << toString(read.takeError());
    Expected<dxil::DxilShaderDescription> shader =
        dxil::describeDxilShader(*read->module);
    if (!shader) {
      consumeError(shader.takeError()); // samplers, textures
      continue;
    }
    shader->bitcode = *bitcode;
    Expected<std::vector<uint8_t>> container =
        dxil::writeDxilContainer(*shader);
    ASSERT_TRUE(bool(container))
        << file << ": " << toString(container.takeError());
    EXPECT_EQ(errors(validateDxilContainer(*container)), "") << file;
    ++written;
  }
  EXPECT_GE(written, 100u);
}

//===----------------------------------------------------------------------===//
// Container mutants
//===----------------------------------------------------------------------===//

struct Part {
  uint32_t fourCC;
  std::vector<uint8_t> data;
};

std::vector<Part> splitParts(ArrayRef<uint8_t> container) {
  std::vector<Part> parts;
  Expected<DxContainerView> view = parseDxContainer(container);
  if (!view) {
    ADD_FAILURE() << toString(view.takeError());
    return parts;
  }
  for (const DxPart &part : view->parts)
    parts.push_back({part.fourCC, {part.data.begin(), part.data.end()}});
  return parts;
}

/// The container with its parts edited, re-assembled and re-signed.
std::vector<uint8_t> rebuild(ArrayRef<uint8_t> container,
                             function_ref<void(std::vector<Part> &)> edit) {
  std::vector<Part> parts = splitParts(container);
  edit(parts);
  DxContainerWriter writer;
  for (Part &part : parts)
    writer.addPart(part.fourCC, std::move(part.data));
  return writer.finish(/*sign=*/true);
}

Part &findPart(std::vector<Part> &parts, const char (&name)[5]) {
  for (Part &part : parts)
    if (part.fourCC == makeFourCC(name))
      return part;
  ADD_FAILURE() << "no part " << name;
  return parts.front();
}

uint32_t read32(const std::vector<uint8_t> &bytes, size_t offset) {
  return support::endian::read32le(bytes.data() + offset);
}
void write32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
  support::endian::write32le(bytes.data() + offset, value);
}

class DxilValidatorContainerTest : public ::testing::Test {
protected:
  void SetUp() override {
    // RWStructuredBuffer<float2> u0, numthreads(8,1,1), PSV0 version 3.
    original = readCorpus("cs_6_0/default_cs.dxil");
    ASSERT_FALSE(original.empty());
    ASSERT_EQ(errors(validateDxilContainer(original)), "");
  }
  std::vector<DxilFinding>
  validateEdited(function_ref<void(std::vector<Part> &)> edit) {
    return validateDxilContainer(rebuild(original, edit));
  }
  /// Offset of the first resource record in PSV0 v3: size field, 52-byte
  /// RuntimeInfo, count, stride.
  static constexpr size_t kFirstRecord = 4 + 52 + 4 + 4;
  std::vector<uint8_t> original;
};

TEST_F(DxilValidatorContainerTest, UnchangedRebuildIsValid) {
  EXPECT_EQ(rebuild(original, [](std::vector<Part> &) {}), original);
}

TEST_F(DxilValidatorContainerTest, ClearedFeatureFlag) {
  // bindless_uav declares "up to 64 UAVs" (flag bit 15, SFI0 0x8).
  std::vector<uint8_t> shader = readCorpus("cs_6_0/bindless_uav.dxil");
  std::vector<DxilFinding> findings =
      validateDxilContainer(rebuild(shader, [](std::vector<Part> &parts) {
        std::vector<uint8_t> &sfi0 = findPart(parts, "SFI0").data;
        ASSERT_EQ(read32(sfi0, 0), 0x8u);
        write32(sfi0, 0, 0);
      }));
  expectRule(findings, "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, ChangedPsvResourceRecord) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               std::vector<uint8_t> &psv = findPart(parts, "PSV0").data;
               ASSERT_EQ(read32(psv, kFirstRecord), 8u); // UAVStructured
               write32(psv, kFirstRecord + 8, 3);        // u0 -> u3
               write32(psv, kFirstRecord + 12, 3);
             }),
             "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, PsvResourceUnbound) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               std::vector<uint8_t> &psv = findPart(parts, "PSV0").data;
               ASSERT_EQ(read32(psv, 56), 1u);
               write32(psv, 56, 0);
               // Drop the stride field and the one record.
               psv.erase(psv.begin() + 60, psv.begin() + kFirstRecord + 24);
             }),
             "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, PsvNumThreadsDiffer) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               std::vector<uint8_t> &psv = findPart(parts, "PSV0").data;
               ASSERT_EQ(read32(psv, 4 + 36), 8u);
               write32(psv, 4 + 36, 16);
             }),
             "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, TruncatedFile) {
  std::vector<uint8_t> bytes(original.begin(), original.end() - 16);
  expectRule(validateDxilContainer(bytes), "CONTAINER.CONTENTINVALID");
}

TEST_F(DxilValidatorContainerTest, TruncatedDxilPart) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               findPart(parts, "DXIL").data.resize(64);
             }),
             "CONTAINER.PARTINVALID");
}

TEST_F(DxilValidatorContainerTest, TruncatedPsvPart) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               findPart(parts, "PSV0").data.resize(40);
             }),
             "CONTAINER.CONTENTINVALID");
}

TEST_F(DxilValidatorContainerTest, MissingPart) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               llvm::erase_if(parts, [](const Part &part) {
                 return part.fourCC == makeFourCC("PSV0");
               });
             }),
             "CONTAINER.PARTMISSING");
}

TEST_F(DxilValidatorContainerTest, RepeatedPart) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               parts.insert(parts.begin(), parts.front());
             }),
             "CONTAINER.PARTREPEATED");
}

TEST_F(DxilValidatorContainerTest, PartNotForCompute) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               parts.insert(parts.begin() + 3,
                            Part{makeFourCC("PSG1"), {0, 0, 0, 0, 8, 0, 0, 0}});
             }),
             "CONTAINER.PARTINVALID");
}

TEST_F(DxilValidatorContainerTest, NonEmptySignature) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               write32(findPart(parts, "ISG1").data, 0, 1);
             }),
             "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, WrongShaderHash) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               findPart(parts, "HASH").data[10] ^= 0xff;
             }),
             "CONTAINER.PARTMATCHES");
}

TEST_F(DxilValidatorContainerTest, WrongDigest) {
  std::vector<uint8_t> bytes = original;
  bytes[4] ^= 0x01;
  expectRule(validateDxilContainer(bytes), "CONTAINER.DIGEST");
}

TEST_F(DxilValidatorContainerTest, ProgramVersionDiffersFromShaderModel) {
  expectRule(validateEdited([](std::vector<Part> &parts) {
               std::vector<uint8_t> &dxil = findPart(parts, "DXIL").data;
               ASSERT_EQ(read32(dxil, 0), 0x00050060u);
               write32(dxil, 0, 0x00050061);
             }),
             "SM.PROGRAMVERSION");
}

/// Makes HASH the MD5 of the DXIL part's bitcode again (reference 1.3).
void rehash(std::vector<Part> &parts) {
  std::vector<uint8_t> &dxil = findPart(parts, "DXIL").data;
  ArrayRef<uint8_t> bitcode =
      ArrayRef<uint8_t>(dxil).slice(8 + read32(dxil, 16), read32(dxil, 20));
  MD5::MD5Result digest = MD5::hash(bitcode);
  std::vector<uint8_t> &hash = findPart(parts, "HASH").data;
  std::copy(digest.begin(), digest.end(), hash.begin() + 4);
}

TEST_F(DxilValidatorContainerTest, UnreadableBitcode) {
  std::vector<DxilFinding> findings =
      validateEdited([](std::vector<Part> &parts) {
        std::vector<uint8_t> &dxil = findPart(parts, "DXIL").data;
        // Keep the magic, break the first block.
        for (size_t i = 24 + 4; i < 24 + 64; ++i)
          dxil[i] = 0xff;
        rehash(parts);
      });
  expectRule(findings, "BITCODE.VALID");
  EXPECT_EQ(errors(findings).find("CONTAINER.PARTMATCHES"), std::string::npos);
}

TEST_F(DxilValidatorContainerTest, ChangedBitcodeIsNotRead) {
  // LLVM's reader is not hardened against corrupt records; bitcode that no
  // longer matches its HASH is reported and not read.
  std::vector<DxilFinding> findings =
      validateEdited([](std::vector<Part> &parts) {
        findPart(parts, "DXIL").data[24 + 100] ^= 0x80;
      });
  expectRule(findings, "CONTAINER.PARTMATCHES");
  EXPECT_EQ(errors(findings).find("BITCODE.VALID"), std::string::npos);
}

TEST_F(DxilValidatorContainerTest, FindingsBecomeOneError) {
  std::vector<uint8_t> bytes = original;
  bytes[4] ^= 0x01;
  std::string message = toString(
      dxilFindingsToError(validateDxilContainer(bytes), "default_cs.dxil"));
  EXPECT_NE(message.find("default_cs.dxil is not valid DXIL"),
            std::string::npos);
  EXPECT_NE(message.find("[CONTAINER.DIGEST]"), std::string::npos);
  EXPECT_FALSE(bool(dxilFindingsToError({}, "nothing")));
}

//===----------------------------------------------------------------------===//
// Module mutants
//===----------------------------------------------------------------------===//

class DxilValidatorModuleTest : public ::testing::Test {
protected:
  /// Reads a corpus file's module; it must pass the module rules.
  Module &load(StringRef file) {
    std::vector<uint8_t> container = readCorpus(file);
    EXPECT_FALSE(container.empty()) << file.str();
    bytes.push_back(std::move(container));
    Expected<ArrayRef<uint8_t>> bitcode = getDxilPartBitcode(bytes.back());
    EXPECT_TRUE(bool(bitcode)) << toString(bitcode.takeError());
    Expected<DxilBitcodeModule> read = readDxilBitcode(*bitcode, context);
    EXPECT_TRUE(bool(read)) << toString(read.takeError());
    module = std::move(read->module);
    EXPECT_EQ(errors(validateDxilModule(*module)), "") << file.str();
    return *module;
  }

  MDNode *entry() {
    return module->getNamedMetadata("dx.entryPoints")->getOperand(0);
  }
  Function &main() { return *module->getFunction("main"); }
  Metadata *i32(uint32_t value) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(context), value));
  }
  Metadata *i64(uint64_t value) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt64Ty(context), value));
  }

  /// Replaces operand `index` of the entry point's tuple.
  void setEntryOperand(unsigned index, Metadata *value) {
    SmallVector<Metadata *> operands(entry()->operands());
    operands[index] = value;
    module->getNamedMetadata("dx.entryPoints")
        ->setOperand(0, MDNode::get(context, operands));
  }

  /// Sets (or, with null, removes) an entry property.
  void setProperty(uint32_t tag, Metadata *value) {
    auto *properties = cast<MDNode>(entry()->getOperand(4).get());
    SmallVector<Metadata *> pairs;
    bool found = false;
    for (unsigned i = 0; i < properties->getNumOperands(); i += 2) {
      auto *key = mdconst::extract<ConstantInt>(properties->getOperand(i));
      Metadata *old = properties->getOperand(i + 1);
      if (key->getZExtValue() == tag) {
        found = true;
        old = value;
      }
      if (old)
        pairs.append({properties->getOperand(i), old});
    }
    if (!found && value)
      pairs.append({i32(tag), value});
    setEntryOperand(4, MDNode::get(context, pairs));
  }

  /// Replaces list `resourceClass` of dx.resources (and the entry's copy).
  void setResourceList(unsigned resourceClass, Metadata *list) {
    NamedMDNode *named = module->getNamedMetadata("dx.resources");
    SmallVector<Metadata *> lists(named->getOperand(0)->operands());
    lists[resourceClass] = list;
    MDNode *tuple = MDNode::get(context, lists);
    named->setOperand(0, tuple);
    setEntryOperand(3, tuple);
  }
  MDNode *resourceRecord(unsigned resourceClass, unsigned index) {
    MDNode *lists = module->getNamedMetadata("dx.resources")->getOperand(0);
    return cast<MDNode>(cast<MDNode>(lists->getOperand(resourceClass).get())
                            ->getOperand(index)
                            .get());
  }

  /// The first call to a dx.op with this opcode.
  CallInst *findOp(unsigned opcode) {
    for (Instruction &instruction : instructions(main()))
      if (auto *call = dyn_cast<CallInst>(&instruction))
        if (call->getCalledFunction() &&
            call->getCalledFunction()->getName().starts_with("dx.op.") &&
            cast<ConstantInt>(call->getArgOperand(0))->getZExtValue() == opcode)
          return call;
    ADD_FAILURE() << "no dx.op " << opcode;
    return nullptr;
  }
  void setOpcode(CallInst *call, uint32_t opcode) {
    call->setArgOperand(0, ConstantInt::get(Type::getInt32Ty(context), opcode));
  }

  /// The builder, placed before the entry's return.
  IRBuilder<> &beforeReturn() {
    builder.SetInsertPoint(main().back().getTerminator());
    return builder;
  }

  std::vector<DxilFinding> validate() { return validateDxilModule(*module); }

  LLVMContext context;
  IRBuilder<> builder{context};
  std::vector<std::vector<uint8_t>> bytes;
  std::unique_ptr<Module> module;
};

TEST_F(DxilValidatorModuleTest, ClearedShaderFlag) {
  load("cs_6_0/default_cs.dxil");
  setProperty(0, nullptr); // drops bit 4, raw and structured buffers
  expectRule(validate(), "META.FLAGSUSAGE");
}

TEST_F(DxilValidatorModuleTest, ClearedDoublesFlag) {
  load("cs_6_2/cs_denorm_fp64_fp32_any.dxil");
  setProperty(0, i64(0x10)); // 0x14 without bit 2
  expectRule(validate(), "META.FLAGSUSAGE");
}

TEST_F(DxilValidatorModuleTest, ExtraWaveOpsFlag) {
  load("cs_6_0/default_cs.dxil");
  setProperty(0, i64(0x10 | 0x80000));
  expectRule(validate(), "META.FLAGSUSAGE");
}

TEST_F(DxilValidatorModuleTest, NumThreadsOverTheLimit) {
  load("cs_6_0/default_cs.dxil");
  setProperty(4, MDNode::get(context, {i32(2048), i32(1), i32(1)}));
  expectRule(validate(), "SM.THREADGROUPCHANNELRANGE");
  setProperty(4, MDNode::get(context, {i32(64), i32(32), i32(1)}));
  expectRule(validate(), "SM.MAXTHEADGROUP");
  setProperty(4, MDNode::get(context, {i32(1), i32(1), i32(65)}));
  expectRule(validate(), "SM.THREADGROUPCHANNELRANGE");
}

TEST_F(DxilValidatorModuleTest, ResourceUnboundForCreateHandle) {
  load("cs_6_0/default_cs.dxil");
  setResourceList(1, nullptr); // the UAV list
  expectRule(validate(), "INSTR.CREATEHANDLEIMMRANGEID");
}

TEST_F(DxilValidatorModuleTest, ResourceUnboundForBinding) {
  load("cs_6_6/cs_unpack_u8_u32.dxil");
  setResourceList(1, nullptr);
  expectRule(validate(), "INSTR.CREATEHANDLEIMMRANGEID");
}

TEST_F(DxilValidatorModuleTest, ChangedResourceRecord) {
  load("cs_6_0/default_cs.dxil");
  SmallVector<Metadata *> fields(resourceRecord(1, 0)->operands());
  fields[0] = i32(1); // ids must be dense from 0
  fields[10] = MDNode::get(context, {i32(1), i32(4096)}); // stride
  setResourceList(1, MDNode::get(context, {MDNode::get(context, fields)}));
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "META.DENSERESIDS");
  expectRule(findings, "META.STRUCTBUFALIGNMENTOUTOFBOUND");
}

TEST_F(DxilValidatorModuleTest, OverlappingResourceRanges) {
  load("cs_6_0/default_cs.dxil");
  MDNode *record = resourceRecord(1, 0);
  SmallVector<Metadata *> second(record->operands());
  second[0] = i32(1);
  setResourceList(1,
                  MDNode::get(context, {record, MDNode::get(context, second)}));
  expectRule(validate(), "SM.RESOURCERANGEOVERLAP");
}

TEST_F(DxilValidatorModuleTest, OpcodeOutOfRange) {
  load("cs_6_0/default_cs.dxil");
  setOpcode(findOp(93), 300);
  expectRule(validate(), "INSTR.ILLEGALDXILOPCODE");
}

TEST_F(DxilValidatorModuleTest, ReservedOpcode) {
  load("cs_6_0/default_cs.dxil");
  setOpcode(findOp(93), 230);
  expectRule(validate(), "INSTR.OPCODERESERVED");
}

TEST_F(DxilValidatorModuleTest, OpcodeOfALaterShaderModel) {
  load("cs_6_0/default_cs.dxil");
  setOpcode(findOp(68), 139); // rawBufferLoad needs 6.2
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "SM.OPCODE");
  expectRule(findings, "INSTR.CALLOLOAD"); // still dx.op.bufferLoad
}

TEST_F(DxilValidatorModuleTest, ThreadIdComponentOutOfRange) {
  load("cs_6_0/default_cs.dxil");
  findOp(93)->setArgOperand(1, ConstantInt::get(Type::getInt32Ty(context), 3));
  expectRule(validate(), "INSTR.OPCONSTRANGE");
}

TEST_F(DxilValidatorModuleTest, StructuredBufferNeedsElementOffset) {
  load("cs_6_0/default_cs.dxil");
  CallInst *load = findOp(68);
  load->setArgOperand(3, UndefValue::get(Type::getInt32Ty(context)));
  expectRule(validate(), "INSTR.COORDINATECOUNTFORSTRUCTBUF");
}

TEST_F(DxilValidatorModuleTest, StoreMaskDoesNotMatchValues) {
  load("cs_6_0/default_cs.dxil");
  CallInst *store = findOp(69);
  store->setArgOperand(8, ConstantInt::get(Type::getInt8Ty(context), 5));
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "INSTR.WRITEMASKMATCHVALUEFORUAVSTORE");
  expectRule(findings, "INSTR.WRITEMASKGAPFORUAV");
}

TEST_F(DxilValidatorModuleTest, BarrierWithoutMemoryFence) {
  load("cs_6_0/sparse_init_access.dxil");
  findOp(80)->setArgOperand(1, ConstantInt::get(Type::getInt32Ty(context), 1));
  expectRule(validate(), "INSTR.BARRIERMODENOMEMORY");
  findOp(80)->setArgOperand(1, ConstantInt::get(Type::getInt32Ty(context), 7));
  expectRule(validate(), "INSTR.BARRIERMODEUSELESSUGROUP");
}

TEST_F(DxilValidatorModuleTest, DerivativesInCompute) {
  load("cs_6_0/rwtex2d_array_reinterpretation.dxil");
  setOpcode(findOp(26), 85); // Round_ne -> DerivFineX, same unary class
  expectRule(validate(), "SM.INCOMPATIBLEDERIVINCOMPUTESHADERMODEL");
}

TEST_F(DxilValidatorModuleTest, GraphicsOnlyOperation) {
  load("cs_6_0/default_cs.dxil");
  beforeReturn();
  FunctionCallee discard =
      module->getOrInsertFunction("dx.op.discard", builder.getVoidTy(),
                                  builder.getInt32Ty(), builder.getInt1Ty());
  builder.CreateCall(discard, {builder.getInt32(82), builder.getTrue()});
  expectRule(validate(), "SM.INCOMPATIBLESTAGE");
}

TEST_F(DxilValidatorModuleTest, DisallowedInstructionsAndTypes) {
  load("cs_6_0/default_cs.dxil");
  beforeReturn();
  Value *id = findOp(93);
  builder.CreateFreeze(id);
  builder.CreateInsertElement(
      PoisonValue::get(FixedVectorType::get(builder.getInt32Ty(), 2)), id,
      uint64_t(0));
  builder.CreateAdd(builder.CreateTrunc(id, builder.getInt8Ty()),
                    builder.getInt8(1));
  builder.CreateUDiv(id, builder.getInt32(0));
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "INSTR.ALLOWED");
  expectRule(findings, "TYPES.NOVECTOR");
  expectRule(findings, "TYPES.I8");
  expectRule(findings, "INSTR.NOUDIVBYZERO");
}

TEST_F(DxilValidatorModuleTest, ExternalFunctions) {
  load("cs_6_0/default_cs.dxil");
  beforeReturn();
  FunctionCallee helper =
      module->getOrInsertFunction("helper", builder.getVoidTy());
  builder.CreateCall(helper);
  module->getOrInsertFunction("dx.op.barrier", builder.getVoidTy(),
                              builder.getInt32Ty(), builder.getInt32Ty());
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "DECL.DXILFNEXTERN");
  expectRule(findings, "DECL.USEDEXTERNALFUNCTION");
}

TEST_F(DxilValidatorModuleTest, CallingConventionAndOpAttributes) {
  load("cs_6_0/default_cs.dxil");
  CallInst *threadId = findOp(93);
  threadId->setCallingConv(CallingConv::Fast);
  threadId->getCalledFunction()->addFnAttr(Attribute::NoInline);
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "INSTR.ALLOWED");
  expectRule(findings, "DECL.FNATTRIBUTE");
}

TEST_F(DxilValidatorModuleTest, HelperStructsStayDxilStructs) {
  load("cs_6_0/default_cs.dxil");
  auto *result = cast<StructType>(findOp(68)->getType());
  result->setName("my.ResRet"); // no longer a dx.types struct
  expectRule(validate(), "INSTR.EXTRACTVALUE");
}

TEST_F(DxilValidatorModuleTest, EntryAttributesAndMetadata) {
  load("cs_6_0/default_cs.dxil");
  main().addFnAttr("fp32-denorm-mode", "sometimes");
  module->setTargetTriple(Triple("dxil-pc-shadermodel6.0-compute"));
  module->getOrInsertNamedMetadata("opencgc.extra")
      ->addOperand(MDNode::get(context, {}));
  std::vector<DxilFinding> findings = validate();
  expectRule(findings, "DECL.FNATTRIBUTE");
  expectRule(findings, "META.TARGET");
  expectRule(findings, "META.KNOWN");
}

TEST_F(DxilValidatorModuleTest, VersionsMustAgree) {
  load("cs_6_0/default_cs.dxil");
  module->getNamedMetadata("dx.version")
      ->setOperand(0, MDNode::get(context, {i32(1), i32(1)}));
  expectRule(validate(), "SM.DXILVERSION");
}

TEST_F(DxilValidatorModuleTest, TooMuchGroupSharedMemory) {
  load("cs_6_0/sparse_init_access.dxil");
  beforeReturn();
  auto *type = ArrayType::get(builder.getInt32Ty(), 8192);
  auto *global = new GlobalVariable(
      *module, type, false, GlobalValue::ExternalLinkage, nullptr, "big",
      nullptr, GlobalValue::NotThreadLocal, 3);
  builder.CreateStore(builder.getInt32(0), global);
  expectRule(validate(), "SM.MAXTGSMSIZE");
}

TEST_F(DxilValidatorModuleTest, WaveSizeNotAPowerOfTwo) {
  load("cs_6_6/cs_wave_size_wave32.dxil");
  setProperty(11, MDNode::get(context, {i32(24)}));
  expectRule(validate(), "SM.WAVESIZEVALUE");
}

TEST_F(DxilValidatorModuleTest, CreateHandleFromDxil16) {
  load("cs_6_0/default_cs.dxil");
  module->getNamedMetadata("dx.version")
      ->setOperand(0, MDNode::get(context, {i32(1), i32(6)}));
  module->getNamedMetadata("dx.shaderModel")
      ->setOperand(0, MDNode::get(context, {MDString::get(context, "cs"),
                                            i32(6), i32(6)}));
  expectRule(validate(), "SM.OPCODEININVALIDFUNCTION");
}

} // namespace
