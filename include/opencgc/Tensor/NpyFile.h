//===- NpyFile.h - NumPy .npy tensors ---------------------------*- C++ -*-===//
//
// Reads and writes NumPy's .npy format (versions 1.0, 2.0 and 3.0): a magic
// string, a version, a Python dict literal header
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// and the raw element bytes.
//
// Supported dtypes: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1 (bool), either byte
// order (big-endian data is converted on read). Rejected with an error:
// Fortran-order arrays, structured, string, complex, object and any other
// dtypes, malformed headers, truncated or oversized data, and bool bytes other
// than 0 and 1.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_NPYFILE_H
#define OPENCGC_TENSOR_NPYFILE_H

#include "opencgc/Tensor/Tensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace opencgc {

/// Parses a whole .npy file held in memory. Errors start with
/// `nameForErrors` (usually the path) and give byte offsets into `bytes`.
llvm::Expected<Tensor> parseNpy(llvm::ArrayRef<uint8_t> bytes,
                                llvm::StringRef nameForErrors);

/// Reads and parses the .npy file at `path`.
llvm::Expected<Tensor> readNpy(llvm::StringRef path);

/// The .npy bytes of `tensor` (format 1.0, or 2.0 for a header over 64 KiB),
/// C order, little-endian, header padded to 64 bytes as NumPy does.
/// NumPy has no bfloat16, so a BFloat16 tensor is written as float32 (every
/// bfloat16 value is exactly representable; reading it back gives Float32).
/// `tensor` must be valid (hold storage).
std::vector<uint8_t> serializeNpy(const Tensor &tensor);

/// Writes serializeNpy(tensor) to `path`, replacing it atomically.
llvm::Error writeNpy(const Tensor &tensor, llvm::StringRef path);

} // namespace opencgc

#endif // OPENCGC_TENSOR_NPYFILE_H
