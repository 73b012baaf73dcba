//===- OpVersions.h - Versions of the ONNX default-domain ops -*- C++ -*-===//
//
// Which version of an operator a model uses. Every opset of the default
// domain that changed an operator gives it a new "since-version"; a model
// importing opset N uses, for each op, its newest since-version <= N
// (ONNX docs/Versioning.md, docs/Changelog.md). The table comes from ONNX
// 1.22's docs/Changelog.md (scripts/gen_onnx_op_versions.py).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_FRONTEND_ONNX_OPVERSIONS_H
#define OPENCGC_FRONTEND_ONNX_OPVERSIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

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

/// The version of `opType` a model importing `opset` uses, for a converter
/// that implements its versions up to `newestImplemented`. An op that does
/// not exist yet at `opset` or a deprecated version is an error (an invalid
/// model); a newer version than implemented an UnsupportedError naming the
/// op, its version and the opset, never converted with older semantics.
/// An op the table does not know gets `opset`.
llvm::Expected<int64_t> resolveOpVersion(llvm::StringRef opType, int64_t opset,
                                         int64_t newestImplemented);

} // namespace opencgc::onnx_import

#endif // OPENCGC_FRONTEND_ONNX_OPVERSIONS_H
