//===- TensorProto.h - ONNX TensorProto <-> Tensor --------------*- C++ -*-===//
//
// Converts ONNX tensors (initializers, Constant values, the backend test
// data's input_N.pb / output_N.pb files) to runtime Tensors and back.
//
// Reading accepts raw_data and the typed fields the ONNX spec assigns to each
// type: float_data, double_data, int64_data, uint64_data (uint32, uint64)
// and int32_data (int32 and, widened, int8, int16, uint8, uint16, bool, and
// the bit patterns of float16 and bfloat16). Strings, complex numbers,
// external data, segments and the float8/int4 types are rejected with an
// error naming the tensor. This header needs no ONNX or protobuf headers;
// include "onnx/onnx_pb.h" (with ONNX_ML defined, as the onnx_proto CMake
// target does) to work with the protos themselves.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_FRONTEND_ONNX_TENSORPROTO_H
#define OPENCGC_FRONTEND_ONNX_TENSORPROTO_H

#include "opencgc/Tensor/Tensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

// protoc generates the ONNX classes in namespace `onnx` (package onnx).
namespace onnx {
class TensorProto;
} // namespace onnx

namespace opencgc {

/// The DType of an ONNX TensorProto.DataType number, if we support it.
std::optional<DType> dtypeFromOnnx(int32_t dataType);
/// The ONNX TensorProto.DataType number of `dtype`.
int32_t getOnnxDataType(DType dtype);

/// The tensor `proto` holds. Errors read "<context>: tensor '<name>': ...".
llvm::Expected<Tensor> tensorFromProto(const onnx::TensorProto &proto,
                                       llvm::StringRef context);

/// A TensorProto named `name` holding `tensor` in raw_data (little-endian),
/// as ONNX's own tools write it. `tensor` must be valid.
onnx::TensorProto tensorToProto(const Tensor &tensor, llvm::StringRef name);

/// Parses a serialized TensorProto and converts it: the proto's name and
/// its tensor. Errors start with `nameForErrors`.
llvm::Expected<std::pair<std::string, Tensor>>
parseTensorProto(llvm::ArrayRef<uint8_t> bytes, llvm::StringRef nameForErrors);

/// Reads a serialized TensorProto file such as
/// test_data_set_0/input_0.pb.
llvm::Expected<std::pair<std::string, Tensor>>
readTensorProtoFile(llvm::StringRef path);

/// Writes tensorToProto(tensor, name), serialized, to `path`.
llvm::Error writeTensorProtoFile(const Tensor &tensor, llvm::StringRef name,
                                 llvm::StringRef path);

} // namespace opencgc

#endif // OPENCGC_FRONTEND_ONNX_TENSORPROTO_H
