//===- BytecodeVersionTest.cpp - CGC dialect version in bytecode ----------===//
//
// Bytecode carries the CGC dialects' semantic version; a reader accepts
// older and same-major versions and rejects a newer major version with a
// message naming both versions.
//
//===----------------------------------------------------------------------===//
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Dialect/CGC/CGCBytecodeVersion.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/Registration.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {
constexpr const char *kModule = R"(
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<2x!cgc.float32>)
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
})";

class BytecodeVersionTest : public ::testing::Test {
protected:
  BytecodeVersionTest() { opencgc::loadCGCDialects(context); }

  /// Parses kModule and writes it claiming `version` for both dialects.
  std::string writeAs(opencgc::DialectVersion version) {
    Block block;
    ParserConfig config(&context);
    EXPECT_TRUE(succeeded(parseSourceString(kModule, &block, config)));
    BytecodeWriterConfig writerConfig;
    for (const char *dialect : {"cgc", "cgc_op"})
      writerConfig.setDialectVersion(
          dialect, opencgc::cgc::makeBytecodeDialectVersion(version));
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    EXPECT_TRUE(
        succeeded(writeBytecodeToFile(&block.front(), os, writerConfig)));
    return bytes;
  }

  /// Reads bytecode, collecting diagnostics into `errors`.
  LogicalResult read(const std::string &bytes) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    Block block;
    ParserConfig config(&context);
    auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "bytecode",
                                                   /*RequiresNull=*/false);
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    return parseSourceFile(sourceMgr, &block, config);
  }

  MLIRContext context;
  std::string errors;
};

TEST_F(BytecodeVersionTest, CurrentVersionRoundTrips) {
  EXPECT_TRUE(succeeded(read(writeAs(opencgc::kCgcDialectVersion))));
  EXPECT_EQ(errors, "");
}

TEST_F(BytecodeVersionTest, OlderAndSameMajorVersionsAreRead) {
  EXPECT_TRUE(succeeded(read(writeAs({0, 9, 0}))));
  opencgc::DialectVersion newerMinor = opencgc::kCgcDialectVersion;
  newerMinor.minor += 1;
  EXPECT_TRUE(succeeded(read(writeAs(newerMinor))));
  EXPECT_EQ(errors, "");
}

TEST_F(BytecodeVersionTest, NewerMajorVersionIsAClearError) {
  opencgc::DialectVersion newer = opencgc::kCgcDialectVersion;
  newer.major += 1;
  EXPECT_TRUE(failed(read(writeAs(newer))));
  EXPECT_NE(errors.find("bytecode was written by CGC dialects " + newer.str()),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("this build reads up to version"), std::string::npos)
      << errors;
}
} // namespace
