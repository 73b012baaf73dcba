//===- OpVersions.cpp - Versions of the ONNX default-domain operators -----===//
#include "opencgc/Frontend/ONNX/OpVersions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <initializer_list>

namespace opencgc::onnx_import {
namespace {

struct OpTable {
  int64_t newestOpset = 0;
  llvm::StringMap<OpHistory> ops;
};

std::vector<int64_t> makeList(std::initializer_list<int64_t> values) {
  return values;
}

const OpTable &getTable() {
  static const OpTable table = [] {
    OpTable t;
#define OPENCGC_NEWEST_OPSET(opset) t.newestOpset = opset;
#define OPENCGC_OP_VERSIONS(name, versions, deprecated)                        \
  t.ops[name] = OpHistory{makeList versions, makeList deprecated};
#include "OpVersionTable.inc"
#undef OPENCGC_OP_VERSIONS
#undef OPENCGC_NEWEST_OPSET
    return t;
  }();
  return table;
}

} // namespace

int64_t getNewestKnownOpset() { return getTable().newestOpset; }

int64_t OpHistory::versionAt(int64_t opset) const {
  int64_t version = 0;
  for (int64_t since : sinceVersions)
    if (since <= opset)
      version = since;
  return version;
}

bool OpHistory::isSinceVersion(int64_t version) const {
  return llvm::is_contained(sinceVersions, version);
}

bool OpHistory::isDeprecated(int64_t version) const {
  return llvm::is_contained(deprecated, version);
}

const OpHistory *findOpHistory(llvm::StringRef opType) {
  const OpTable &table = getTable();
  auto it = table.ops.find(opType);
  return it == table.ops.end() ? nullptr : &it->second;
}

} // namespace opencgc::onnx_import
