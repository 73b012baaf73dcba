//===- OpVersions.h - Versions of the ONNX default-domain operators -*- C++
//-*-===//
//
// Which version of an operator a model uses. Every opset of the default
// domain that changed an operator gives it a new "since-version"; a model
// importing opset N uses, for each op, its newest since-version <= N
// (ONNX docs/Versioning.md, docs/Changelog.md). The table comes from ONNX
// 1.22's docs/Changelog.md (scripts/gen_onnx_op_versions.py).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_OPVERSIONS_H
#define OPENCGC_LIB_FRONTEND_ONNX_OPVERSIONS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace opencgc::onnx_import {

/// The newest default-domain opset Debian's libonnx 1.12 knows; converters
/// written before the importer accepted later opsets were written against
/// it.
constexpr int64_t kLibonnxOpset = 17;

/// The newest default-domain opset the table knows (28, ONNX 1.22).
int64_t getNewestKnownOpset();

/// The opsets that changed one operator.
struct OpHistory {
  /// Ascending: the opsets that introduced a new version of the op.
  std::vector<int64_t> sinceVersions;
  /// The versions ONNX marks deprecated (Upsample-10, Scatter-11,
  /// GroupNormalization-18); a model using one is invalid.
  std::vector<int64_t> deprecated;

  /// The version a model importing `opset` uses: the newest since-version
  /// <= opset; 0 when the op does not exist yet at that opset.
  int64_t versionAt(int64_t opset) const;
  bool isSinceVersion(int64_t version) const;
  bool isDeprecated(int64_t version) const;
};

/// The history of default-domain op `opType`; null for an unknown op.
const OpHistory *findOpHistory(llvm::StringRef opType);

} // namespace opencgc::onnx_import

#endif // OPENCGC_LIB_FRONTEND_ONNX_OPVERSIONS_H
