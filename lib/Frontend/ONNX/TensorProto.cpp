//===- TensorProto.cpp - ONNX TensorProto <-> Tensor ----------------------===//

#include "opencgc/Frontend/ONNX/TensorProto.h"

#include "opencgc/Tensor/NarrowTypes.h"
#include "opencgc/Tensor/TensorChecks.h"

#include "onnx/onnx_pb.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <climits>
#include <cstring>
#include <limits>

using namespace opencgc;
using onnx::TensorProto;

// ONNX raw_data is little-endian and Tensor bytes are in host order.
static_assert(llvm::sys::IsLittleEndianHost,
              "TensorProto I/O assumes a little-endian host");

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

namespace {
struct OnnxType {
  int32_t dataType;
  DType dtype;
};

const OnnxType kOnnxTypes[] = {
    {TensorProto::FLOAT, DType::Float32},
    {TensorProto::UINT8, DType::UInt8},
    {TensorProto::INT8, DType::Int8},
    {TensorProto::UINT16, DType::UInt16},
    {TensorProto::INT16, DType::Int16},
    {TensorProto::INT32, DType::Int32},
    {TensorProto::INT64, DType::Int64},
    {TensorProto::BOOL, DType::Bool},
    {TensorProto::FLOAT16, DType::Float16},
    {TensorProto::DOUBLE, DType::Float64},
    {TensorProto::UINT32, DType::UInt32},
    {TensorProto::UINT64, DType::UInt64},
    {TensorProto::BFLOAT16, DType::BFloat16},
    // Newer than the installed ONNX headers (onnx.proto DataType).
    {17, DType::Float8E4M3FN},
    {18, DType::Float8E4M3FNUZ},
    {19, DType::Float8E5M2},
    {20, DType::Float8E5M2FNUZ},
    {21, DType::UInt4},
    {22, DType::Int4},
    {23, DType::Float4E2M1},
    {24, DType::Float8E8M0},
    {25, DType::UInt2},
    {26, DType::Int2},
};
} // namespace

std::optional<DType> opencgc::dtypeFromOnnx(int32_t dataType) {
  for (const OnnxType &type : kOnnxTypes)
    if (type.dataType == dataType)
      return type.dtype;
  return std::nullopt;
}

int32_t opencgc::getOnnxDataType(DType dtype) {
  for (const OnnxType &type : kOnnxTypes)
    if (type.dtype == dtype)
      return type.dataType;
  llvm_unreachable("every DType has an ONNX data type");
}

/// Names of the types we reject.
static llvm::StringRef getUnsupportedTypeName(int32_t dataType) {
  switch (dataType) {
  case 0:
    return "UNDEFINED";
  case 8:
    return "STRING";
  case 14:
    return "COMPLEX64";
  case 15:
    return "COMPLEX128";
  default:
    return "";
  }
}

//===----------------------------------------------------------------------===//
// Proto -> Tensor
//===----------------------------------------------------------------------===//

namespace {
/// The fields a TensorProto can keep its values in.
enum class DataField { Raw, Float, Double, Int32, Int64, UInt64, String };
} // namespace

static llvm::StringRef getFieldName(DataField field) {
  switch (field) {
  case DataField::Raw:
    return "raw_data";
  case DataField::Float:
    return "float_data";
  case DataField::Double:
    return "double_data";
  case DataField::Int32:
    return "int32_data";
  case DataField::Int64:
    return "int64_data";
  case DataField::UInt64:
    return "uint64_data";
  case DataField::String:
    return "string_data";
  }
  llvm_unreachable("unknown field");
}

/// The typed field the ONNX spec assigns to `dtype`.
static DataField getTypedField(DType dtype) {
  switch (dtype) {
  case DType::Float32:
    return DataField::Float;
  case DType::Float64:
    return DataField::Double;
  case DType::Int64:
    return DataField::Int64;
  case DType::UInt32:
  case DType::UInt64:
    return DataField::UInt64;
  default: // int8/16/32, uint8/16, bool, float16, bfloat16
    return DataField::Int32;
  }
}

static llvm::Error protoError(const std::string &what,
                              const llvm::Twine &message) {
  return llvm::createStringError(what + ": " + message);
}

static llvm::Expected<DType> getDType(const TensorProto &proto,
                                      const std::string &what) {
  int32_t dataType = proto.data_type();
  if (std::optional<DType> dtype = dtypeFromOnnx(dataType))
    return *dtype;
  llvm::StringRef name = getUnsupportedTypeName(dataType);
  if (name.empty())
    return protoError(what, "unknown data_type " + llvm::Twine(dataType));
  return protoError(what, "data_type " + name + " (" + llvm::Twine(dataType) +
                              ") is not supported");
}

/// Rejects the ways of storing data that we do not support.
static llvm::Error checkStorage(const TensorProto &proto,
                                const std::string &what) {
  if (proto.has_segment())
    return protoError(what, "segmented tensors are not supported");
  if (proto.data_location() != TensorProto::EXTERNAL)
    return llvm::Error::success();
  std::string location;
  for (const onnx::StringStringEntryProto &entry : proto.external_data())
    if (entry.key() == "location")
      location = entry.value();
  return protoError(what, "data is stored externally (location '" + location +
                              "'); external data is not supported");
}

/// How many values (bytes, for raw_data) `field` holds.
static int64_t getFieldSize(const TensorProto &proto, DataField field) {
  switch (field) {
  case DataField::Raw:
    return proto.raw_data().size();
  case DataField::Float:
    return proto.float_data_size();
  case DataField::Double:
    return proto.double_data_size();
  case DataField::Int32:
    return proto.int32_data_size();
  case DataField::Int64:
    return proto.int64_data_size();
  case DataField::UInt64:
    return proto.uint64_data_size();
  case DataField::String:
    return proto.string_data_size();
  }
  llvm_unreachable("unknown field");
}

/// The one field that holds values, or nullopt if none does.
static llvm::Expected<std::optional<DataField>>
findDataField(const TensorProto &proto, const std::string &what) {
  std::optional<DataField> found;
  for (DataField field :
       {DataField::Raw, DataField::Float, DataField::Double, DataField::Int32,
        DataField::Int64, DataField::UInt64, DataField::String}) {
    if (getFieldSize(proto, field) == 0)
      continue;
    if (found)
      return protoError(what, "values are stored in both " +
                                  getFieldName(*found) + " and " +
                                  getFieldName(field));
    found = field;
  }
  return found;
}

static std::string describe(DType dtype, llvm::ArrayRef<int64_t> shape) {
  return (getDTypeName(dtype) + " " + formatShape(shape)).str();
}

static llvm::Expected<Tensor> fromRawData(const TensorProto &proto, DType dtype,
                                          const Shape &shape, int64_t count,
                                          const std::string &what) {
  // Check the size before allocating: the shape comes from the file.
  const std::string &raw = proto.raw_data();
  uint64_t byteSize = getStorageSize(dtype, count); // sub-byte: packed
  if (raw.size() != byteSize)
    return protoError(what, "raw_data has " + llvm::Twine(raw.size()) +
                                " bytes but " + describe(dtype, shape) +
                                " needs " + llvm::Twine(byteSize));
  if (dtype == DType::Bool)
    if (std::optional<size_t> bad =
            findInvalidBoolByte(llvm::arrayRefFromStringRef(raw)))
      return protoError(
          what, "bool element " + llvm::Twine(*bad) + " is " +
                    llvm::Twine(unsigned(static_cast<uint8_t>(raw[*bad]))) +
                    " in raw_data; bools must be 0 or 1");
  Tensor tensor(dtype, shape);
  if (!raw.empty())
    std::memcpy(tensor.getBytes(), raw.data(), raw.size());
  return tensor;
}

/// Copies `values` into `tensor` as `Storage`, which the field may widen
/// (int32_data carries int8 ... uint16, bool and 16-bit float patterns).
template <typename Storage, typename Source>
static llvm::Error
copyValues(const google::protobuf::RepeatedField<Source> &values,
           Tensor &tensor, Source low, Source high, const std::string &what) {
  uint8_t *out = tensor.getBytes();
  for (int i = 0; i < values.size(); ++i) {
    Source value = values.Get(i);
    if constexpr (!std::is_same_v<Storage, Source>)
      if (value < low || value > high)
        return protoError(what, "element " + llvm::Twine(i) + " (" +
                                    llvm::Twine(value) +
                                    ") is out of range for " +
                                    getDTypeName(tensor.getDType()));
    Storage stored = static_cast<Storage>(value);
    std::memcpy(out + i * sizeof(Storage), &stored, sizeof(Storage));
  }
  return llvm::Error::success();
}

/// copyValues for a Storage whose whole range the field can hold.
template <typename Storage, typename Source>
static llvm::Error
copyInRange(const google::protobuf::RepeatedField<Source> &values,
            Tensor &tensor, const std::string &what) {
  return copyValues<Storage, Source>(
      values, tensor, static_cast<Source>(std::numeric_limits<Storage>::min()),
      static_cast<Source>(std::numeric_limits<Storage>::max()), what);
}

/// int32_data of the narrow types: one float8 code per value, or one byte
/// of packed int4/uint4/float4e2m1/int2/uint2 codes per value (the layout
/// of raw_data, as onnx.helper.make_tensor writes it).
static llvm::Error
copyNarrowCodes(const google::protobuf::RepeatedField<int32_t> &values,
                Tensor &tensor, const std::string &what) {
  for (int i = 0; i < values.size(); ++i) {
    int32_t value = values.Get(i);
    if (value < 0 || value > 255)
      return protoError(
          what, "element " + llvm::Twine(i) + " (" + llvm::Twine(value) +
                    ") is not a " + getDTypeName(tensor.getDType()) +
                    (isPackedDType(tensor.getDType()) ? " byte of packed codes"
                                                      : " code"));
    tensor.getBytes()[i] = uint8_t(value);
  }
  return llvm::Error::success();
}

static llvm::Error copyTypedValues(const TensorProto &proto, Tensor &tensor,
                                   const std::string &what) {
  const auto &int32s = proto.int32_data();
  switch (tensor.getDType()) {
  case DType::Float32:
    return copyInRange<float>(proto.float_data(), tensor, what);
  case DType::Float64:
    return copyInRange<double>(proto.double_data(), tensor, what);
  case DType::Int64:
    return copyInRange<int64_t>(proto.int64_data(), tensor, what);
  case DType::UInt64:
    return copyInRange<uint64_t>(proto.uint64_data(), tensor, what);
  case DType::UInt32:
    return copyInRange<uint32_t>(proto.uint64_data(), tensor, what);
  case DType::Int32:
    return copyInRange<int32_t>(int32s, tensor, what);
  case DType::Int16:
    return copyInRange<int16_t>(int32s, tensor, what);
  case DType::Int8:
    return copyInRange<int8_t>(int32s, tensor, what);
  case DType::UInt16:
  case DType::Float16: // the IEEE bit pattern
  case DType::BFloat16:
    return copyInRange<uint16_t>(int32s, tensor, what);
  case DType::UInt8:
    return copyInRange<uint8_t>(int32s, tensor, what);
  case DType::Bool:
    return copyValues<uint8_t, int32_t>(int32s, tensor, 0, 1, what);
  default:
    return copyNarrowCodes(int32s, tensor, what);
  }
  llvm_unreachable("unknown DType");
}

static llvm::Expected<Tensor> fromTypedField(const TensorProto &proto,
                                             DataField field, DType dtype,
                                             const Shape &shape, int64_t count,
                                             const std::string &what) {
  DataField expected = getTypedField(dtype);
  if (field != expected)
    return protoError(
        what, getDTypeName(dtype) + " values belong in raw_data or " +
                  getFieldName(expected) + ", not " + getFieldName(field));
  int64_t size = getFieldSize(proto, field);
  // Packed types keep a byte of codes per int32_data value.
  if (isPackedDType(dtype))
    count = int64_t(getStorageSize(dtype, count));
  if (size != count)
    return protoError(what, getFieldName(field) + " has " + llvm::Twine(size) +
                                " values but " + describe(dtype, shape) +
                                " needs " + llvm::Twine(count));
  Tensor tensor(dtype, shape);
  if (llvm::Error err = copyTypedValues(proto, tensor, what))
    return std::move(err);
  return tensor;
}

static std::string describeProto(const TensorProto &proto,
                                 llvm::StringRef context) {
  if (proto.name().empty())
    return (context + ": unnamed tensor").str();
  return (context + ": tensor '" + proto.name() + "'").str();
}

llvm::Expected<Tensor> opencgc::tensorFromProto(const TensorProto &proto,
                                                llvm::StringRef context) {
  std::string what = describeProto(proto, context);
  if (llvm::Error err = checkStorage(proto, what))
    return std::move(err);
  llvm::Expected<DType> dtype = getDType(proto, what);
  if (!dtype)
    return dtype.takeError();
  Shape shape(proto.dims().begin(), proto.dims().end());
  llvm::Expected<int64_t> count = checkNumElements(shape, *dtype, what);
  if (!count)
    return count.takeError();
  llvm::Expected<std::optional<DataField>> field = findDataField(proto, what);
  if (!field)
    return field.takeError();
  if (!*field) {
    if (*count != 0)
      return protoError(what, "holds no values but " + describe(*dtype, shape) +
                                  " needs " + llvm::Twine(*count));
    return Tensor(*dtype, shape);
  }
  if (**field == DataField::Raw)
    return fromRawData(proto, *dtype, shape, *count, what);
  return fromTypedField(proto, **field, *dtype, shape, *count, what);
}

//===----------------------------------------------------------------------===//
// Tensor -> proto, files
//===----------------------------------------------------------------------===//

TensorProto opencgc::tensorToProto(const Tensor &tensor, llvm::StringRef name) {
  assert(tensor.isValid() && "tensorToProto needs a tensor with storage");
  TensorProto proto;
  proto.set_name(name.str());
  proto.set_data_type(getOnnxDataType(tensor.getDType()));
  for (int64_t dim : tensor.getShape())
    proto.add_dims(dim);
  const char *bytes = reinterpret_cast<const char *>(tensor.getBytes());
  proto.set_raw_data(tensor.getByteSize()
                         ? std::string(bytes, bytes + tensor.getByteSize())
                         : std::string());
  return proto;
}

llvm::Expected<std::pair<std::string, Tensor>>
opencgc::parseTensorProto(llvm::ArrayRef<uint8_t> bytes,
                          llvm::StringRef nameForErrors) {
  // protobuf takes the size as an int.
  if (bytes.size() > static_cast<size_t>(INT_MAX))
    return llvm::createStringError(
        nameForErrors + ": " + llvm::Twine(bytes.size()) +
        " bytes is over protobuf's 2 GiB message limit");
  TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return llvm::createStringError(nameForErrors +
                                   ": not a serialized ONNX TensorProto");
  llvm::Expected<Tensor> tensor = tensorFromProto(proto, nameForErrors);
  if (!tensor)
    return tensor.takeError();
  return std::make_pair(proto.name(), std::move(*tensor));
}

llvm::Expected<std::pair<std::string, Tensor>>
opencgc::readTensorProtoFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(
        path + ": cannot read: " + buffer.getError().message());
  return parseTensorProto(llvm::arrayRefFromStringRef((*buffer)->getBuffer()),
                          path);
}

llvm::Error opencgc::writeTensorProtoFile(const Tensor &tensor,
                                          llvm::StringRef name,
                                          llvm::StringRef path) {
  if (!tensor.isValid())
    return llvm::createStringError(path + ": cannot write tensor '" + name +
                                   "': it holds no data (default-constructed)");
  std::string bytes;
  if (!tensorToProto(tensor, name).SerializeToString(&bytes))
    return llvm::createStringError(path + ": cannot serialize tensor '" + name +
                                   "' (over protobuf's 2 GiB limit?)");
  llvm::Error err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << bytes;
    return llvm::Error::success();
  });
  if (err)
    return llvm::createStringError(
        path + ": cannot write: " + llvm::toString(std::move(err)));
  return llvm::Error::success();
}
