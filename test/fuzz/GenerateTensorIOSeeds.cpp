//===- GenerateTensorIOSeeds.cpp - Seeds for the tensor I/O fuzzer --------===//
//
// Usage: opencgc-tensor-io-seed-gen <output-dir>
// Writes valid .npy, weights and TensorProto files of every dtype, so that
// the fuzzer starts from inputs that reach the data checks.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "opencgc/Tensor/NpyFile.h"
#include "opencgc/Tensor/WeightsFile.h"

#include "onnx/onnx_pb.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace opencgc;

static bool writeFile(const llvm::Twine &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path.str(), ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  os << bytes;
  return true;
}

static bool writeFile(const llvm::Twine &path,
                      const std::vector<uint8_t> &bytes) {
  return writeFile(path, llvm::toStringRef(bytes));
}

static bool writeWeightsFile(const llvm::Twine &path,
                             const NamedTensors &tensors) {
  llvm::Expected<std::vector<uint8_t>> bytes = serializeWeights(tensors);
  if (!bytes) {
    llvm::errs() << "error: " << llvm::toString(bytes.takeError()) << "\n";
    return false;
  }
  return writeFile(path, *bytes);
}

static Tensor sampleTensor(DType dtype, llvm::ArrayRef<int64_t> shape) {
  Tensor tensor(dtype, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.setFromInt(i, dtype == DType::Bool ? i % 2 : i * 3 - 2);
  return tensor;
}

/// A version `major` .npy file with a hand-written header dict.
static std::vector<uint8_t> npyWithDict(uint8_t major, llvm::StringRef dict,
                                        llvm::StringRef data) {
  std::vector<uint8_t> bytes = {0x93, 'N', 'U', 'M', 'P', 'Y', major, 0};
  size_t length = dict.size() + 1;
  for (size_t i = 0; i < (major == 1 ? 2u : 4u); ++i)
    bytes.push_back(static_cast<uint8_t>(length >> (8 * i)));
  bytes.insert(bytes.end(), dict.begin(), dict.end());
  bytes.push_back('\n');
  bytes.insert(bytes.end(), data.begin(), data.end());
  return bytes;
}

/// A proto that keeps its values in the typed field for its dtype.
static onnx::TensorProto typedProto(DType dtype) {
  onnx::TensorProto proto;
  proto.set_name("typed");
  proto.set_data_type(getOnnxDataType(dtype));
  proto.add_dims(2);
  for (int value : {1, 0}) {
    switch (dtype) {
    case DType::Float32:
      proto.add_float_data(value);
      break;
    case DType::Float64:
      proto.add_double_data(value);
      break;
    case DType::Int64:
      proto.add_int64_data(value);
      break;
    case DType::UInt32:
    case DType::UInt64:
      proto.add_uint64_data(value);
      break;
    default:
      proto.add_int32_data(value);
    }
  }
  return proto;
}

static bool writeSeeds(llvm::StringRef dir) {
  bool ok = true;
  const std::vector<int64_t> shapes[] = {{}, {0}, {3}, {2, 2}};
  NamedTensors weights;
  for (int i = 0; i <= static_cast<int>(DType::Bool); ++i) {
    DType dtype = static_cast<DType>(i);
    std::string name = getDTypeName(dtype).str();
    for (const auto &shape : shapes) {
      Tensor tensor = sampleTensor(dtype, shape);
      std::string stem = dir.str() + "/" + name + "-" + formatShape(shape);
      ok &= writeFile(stem + ".npy", serializeNpy(tensor));
      ok &= writeFile(stem + ".pb",
                      tensorToProto(tensor, name).SerializeAsString());
      weights.emplace_back(name + "/" + formatShape(shape), tensor);
    }
    ok &= writeFile(dir + "/" + name + "-typed.pb",
                    typedProto(dtype).SerializeAsString());
  }
  ok &= writeWeightsFile(dir + "/all.cgcw", weights);
  ok &= writeWeightsFile(dir + "/one.cgcw",
                         {{"w", sampleTensor(DType::Int8, {2})}});
  ok &= writeFile(dir + "/big-endian-v2.npy",
                  npyWithDict(2,
                              "{'descr': '>i4', 'fortran_order': False, "
                              "'shape': (2,), }",
                              llvm::StringRef("\0\0\0\1\0\0\0\2", 8)));
  ok &= writeFile(dir + "/python2-v3.npy",
                  npyWithDict(3,
                              "{\"shape\": (1L, 2L), \"descr\": \"?\", "
                              "\"fortran_order\": False}",
                              llvm::StringRef("\1\0", 2)));
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " <output-dir>\n";
    return 2;
  }
  llvm::StringRef dir = argv[1];
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    llvm::errs() << "error: cannot create " << dir << ": " << ec.message()
                 << "\n";
    return 1;
  }
  return writeSeeds(dir) ? 0 : 1;
}
