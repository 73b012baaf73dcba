//===- InterchangeTestUtils.h - Helpers for interchange tests ---*- C++ -*-===//
#ifndef OPENCGC_TEST_UNIT_INTERCHANGE_INTERCHANGETESTUTILS_H
#define OPENCGC_TEST_UNIT_INTERCHANGE_INTERCHANGETESTUTILS_H

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace opencgc::test {

/// `size` bytes that start with the MLIR bytecode magic.
std::vector<uint8_t> fakeBytecode(size_t size = 13);

/// Recomputes the digest after a test edited a container.
void resign(std::vector<uint8_t> &container);

/// shared/corpus/dxil, where the DXC-compiled containers live.
std::string dxilCorpusDir();
/// Paths of every .dxil file below dxilCorpusDir(), relative to it, sorted.
std::vector<std::string> listDxilCorpus();
std::vector<uint8_t> readBytes(const std::string &path);
/// A gtest name for a corpus path: "cs_6_0/default_cs.dxil" ->
/// "cs_6_0_default_cs".
std::string
dxilCorpusTestName(const ::testing::TestParamInfo<std::string> &info);

/// The error message of `value`, or "" if it holds a value.
template <typename T> std::string errorOf(llvm::Expected<T> value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}

} // namespace opencgc::test

#endif // OPENCGC_TEST_UNIT_INTERCHANGE_INTERCHANGETESTUTILS_H
