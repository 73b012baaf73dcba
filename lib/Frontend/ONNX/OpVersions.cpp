//===- OpVersions.cpp - Versions of the ONNX default-domain operators -----===//
#include "opencgc/Frontend/ONNX/OpVersions.h"

#include "opencgc/Frontend/ONNX/Importer.h"
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

llvm::Expected<int64_t> resolveOpVersion(llvm::StringRef opType, int64_t opset,
                                         int64_t newestImplemented) {
  const OpHistory *history = findOpHistory(opType);
  if (!history)
    return opset; // Not an ONNX op; its converter knows what it wants.
  int64_t version = history->versionAt(opset);
  auto invalid = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   message.str());
  };
  if (version == 0)
    return invalid(opType + " does not exist in opset " + llvm::Twine(opset) +
                   " (added in opset " +
                   llvm::Twine(history->sinceVersions.front()) + ")");
  if (history->isDeprecated(version))
    return invalid(opType + "-" + llvm::Twine(version) +
                   " is deprecated (the model imports opset " +
                   llvm::Twine(opset) + ")");
  if (version > newestImplemented)
    return llvm::make_error<UnsupportedError>(
        (opType + " version " + llvm::Twine(version) + " (opset " +
         llvm::Twine(opset) +
         ") is not implemented; the converter implements versions up to " +
         llvm::Twine(newestImplemented))
            .str());
  return version;
}

} // namespace opencgc::onnx_import
