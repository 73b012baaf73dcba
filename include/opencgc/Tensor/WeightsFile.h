//===- WeightsFile.h - Named constant tensors beside the IR -----*- C++ -*-===//
//
// The weights file (.cgcw) holds the named constants a model refers to
// (`cgc.constant("name")`); the ONNX importer writes initializers into it.
// docs/weights-format.md has the byte layout: a header, a table of (name,
// dtype, shape, data offset, data size) and 64-byte aligned tensor data.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_WEIGHTSFILE_H
#define OPENCGC_TENSOR_WEIGHTSFILE_H

#include "opencgc/Tensor/Tensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opencgc {

/// Named tensors in file order. Names are unique, non-empty UTF-8.
using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

inline constexpr llvm::StringLiteral kWeightsFileExtension = ".cgcw";
inline constexpr uint32_t kWeightsFormatVersion = 1;

/// The file bytes for `tensors`, in their order. Fails on an empty, invalid
/// UTF-8 or duplicate name, a tensor without storage, or a rank over 255.
llvm::Expected<std::vector<uint8_t>>
serializeWeights(const NamedTensors &tensors);

/// Parses a weights file held in memory, validating every field: magic,
/// version, file size, table bounds, names, dtype codes, shapes against data
/// sizes, data alignment, range and overlap, and bool bytes. Errors start
/// with `nameForErrors` and give byte offsets into `bytes`.
llvm::Expected<NamedTensors> parseWeights(llvm::ArrayRef<uint8_t> bytes,
                                          llvm::StringRef nameForErrors);

/// Writes serializeWeights(tensors) to `path`, replacing it atomically.
llvm::Error writeWeights(const NamedTensors &tensors, llvm::StringRef path);

/// Reads and parses the weights file at `path`.
llvm::Expected<NamedTensors> readWeights(llvm::StringRef path);

} // namespace opencgc

#endif // OPENCGC_TENSOR_WEIGHTSFILE_H
