//===- MlirBytecodeCheckTest.cpp - MLIR bytecode checked before reading ---===//
#include "InterchangeTestUtils.h"

#include "opencgc/Interchange/MlirBytecodeCheck.h"

#include <gtest/gtest.h>

using namespace opencgc;
using opencgc::test::readBytes;

namespace {

/// examples/spec-input-ir.mlir written by MLIR 22 as bytecode.
std::vector<uint8_t> validModule() {
  return readBytes(std::string(OPENCGC_SOURCE_DIR) +
                   "/test/unit/Interchange/Inputs/spec-input-ir.mlirbc");
}

std::string checkError(const std::vector<uint8_t> &bytes) {
  if (llvm::Error error = checkMlirBytecode(bytes))
    return llvm::toString(std::move(error));
  return "";
}

std::vector<uint8_t> regressionFile(const std::string &name) {
  return readBytes(std::string(OPENCGC_SOURCE_DIR) +
                   "/test/regression/mlirbc/" + name);
}

TEST(MlirBytecodeCheckTest, AcceptsWhatMlirWrites) {
  std::vector<uint8_t> bytes = validModule();
  ASSERT_GT(bytes.size(), 600u);
  EXPECT_EQ(checkError(bytes), "");
}

TEST(MlirBytecodeCheckTest, RefusesEveryTruncation) {
  std::vector<uint8_t> bytes = validModule();
  for (size_t size = 0; size < bytes.size(); ++size) {
    std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + size);
    std::string error = checkError(prefix);
    EXPECT_EQ(error.rfind("MLIR bytecode: ", 0), 0u)
        << "prefix of " << size << " bytes: '" << error << "'";
  }
}

TEST(MlirBytecodeCheckTest, NamesTheByteAndPartOfAMutation) {
  // Every byte changed in turn: the check either accepts or names a byte
  // and a part of the file, and never reads outside the buffer (the fuzz
  // target runs this under AddressSanitizer).
  std::vector<uint8_t> bytes = validModule();
  for (size_t at = 0; at < bytes.size(); ++at)
    for (uint8_t flip : {0x01, 0x80, 0xff}) {
      std::vector<uint8_t> mutant = bytes;
      mutant[at] ^= flip;
      std::string error = checkError(mutant);
      if (!error.empty())
        EXPECT_EQ(error.rfind("MLIR bytecode: byte ", 0), 0u) << error;
    }
}

TEST(MlirBytecodeCheckTest, GroupOverrunningItsEntriesIsTheHeapOverflow) {
  // The reader writes entry 35 of a 34-entry vector before it checks sizes.
  EXPECT_EQ(checkError(regressionFile("v03_attrgroup_count_35.mlirbc")),
            "MLIR bytecode: byte 51 (AttrTypeOffset section): a group of 35 "
            "attributes overruns the 34 the section declares");
}

TEST(MlirBytecodeCheckTest, CountsBeyondTheInputAreRefusedBeforeAllocating) {
  EXPECT_EQ(checkError(regressionFile("v05_numAttrs_5byte_1.5e9.mlirbc")),
            "MLIR bytecode: byte 52 (AttrTypeOffset section): the number of "
            "attributes is 1512577129, more than the 43 bytes that follow "
            "could hold");
  EXPECT_NE(checkError(regressionFile("v07_numArgs_9byte.mlirbc"))
                .find("the number of block arguments is"),
            std::string::npos);
}

TEST(MlirBytecodeCheckTest, SelfReferenceAndEmptyStringAreRefused) {
  EXPECT_NE(checkError(regressionFile("v19_attr_self_reference.mlirbc"))
                .find("attribute 1 refers to itself"),
            std::string::npos);
  EXPECT_NE(checkError(regressionFile("v18_string_size_zero.mlirbc"))
                .find("a string of length 0"),
            std::string::npos);
}

TEST(MlirBytecodeCheckTest, RefusesOtherDialects) {
  // "cgc" renamed "gpu" in the string table: a dialect whose own bytecode
  // decoders the check does not know.
  std::vector<uint8_t> bytes = validModule();
  std::string text(bytes.begin(), bytes.end());
  size_t at = text.find(std::string("cgc\0builtin", 11));
  ASSERT_NE(at, std::string::npos);
  bytes[at] = 'g', bytes[at + 1] = 'p', bytes[at + 2] = 'u';
  EXPECT_NE(checkError(bytes).find("dialect 'gpu' is not one a CGC module "
                                   "uses"),
            std::string::npos);
}

} // namespace
