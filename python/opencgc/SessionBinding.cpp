//===- SessionBinding.cpp - opencgc::Session in standard types ------------===//
#include "SessionBinding.h"

#include "opencgc/Session/Offline.h"
#include "opencgc/Session/Session.h"

#include <cstring>
#include <stdexcept>

namespace opencgc::python {
namespace {

void check(llvm::Error error) {
  if (error)
    throw std::runtime_error(llvm::toString(std::move(error)));
}

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value)
    throw std::runtime_error(llvm::toString(value.takeError()));
  return std::move(*value);
}

SessionOptions toSessionOptions(const BindingOptions &options) {
  SessionOptions result;
  result.device = options.device;
  result.inputShapes = options.inputShapes;
  result.useCache = options.useCache;
  result.cacheDirectory = options.cacheDirectory;
  result.kernelTarget = options.kernelTarget;
  result.weightsPath = options.weights;
  result.precision = options.precision;
  return result;
}

/// The element types numpy has.
constexpr DType kNumpyTypes[] = {DType::Float16, DType::Float32, DType::Float64,
                                 DType::Int8,    DType::Int16,   DType::Int32,
                                 DType::Int64,   DType::UInt8,   DType::UInt16,
                                 DType::UInt32,  DType::UInt64,  DType::Bool};

Tensor toTensor(const std::string &name, const ArrayData &array) {
  for (DType dtype : kNumpyTypes) {
    if (getDTypeName(dtype) != array.dtype)
      continue;
    Tensor tensor(dtype, array.shape);
    if (tensor.getByteSize() != array.bytes)
      throw std::runtime_error(
          "input '" + name + "' has " + std::to_string(array.bytes) +
          " bytes for its shape's " + std::to_string(tensor.getByteSize()));
    std::memcpy(tensor.getBytes(), array.data, array.bytes);
    return tensor;
  }
  throw std::runtime_error("input '" + name + "' has numpy dtype " +
                           array.dtype +
                           ", which opencgc has no tensor type for");
}

ArrayData toArray(const Tensor &tensor) {
  if (!llvm::is_contained(kNumpyTypes, tensor.getDType()))
    throw std::runtime_error("an output is " +
                             getDTypeName(tensor.getDType()).str() +
                             ", which numpy has no type for");
  auto held = std::make_shared<Tensor>(tensor);
  ArrayData array;
  array.dtype = getDTypeName(tensor.getDType()).str();
  array.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  array.data = held->getBytes();
  array.bytes = held->getByteSize();
  array.owner = held;
  return array;
}

std::vector<ValueInfo> toValueInfos(const std::vector<TensorInfo> &infos) {
  std::vector<ValueInfo> values;
  for (const TensorInfo &info : infos)
    values.push_back({info.name, info.elementType, info.shape});
  return values;
}

} // namespace

BoundSession::BoundSession(std::unique_ptr<Session> session)
    : session(std::move(session)) {}
BoundSession::~BoundSession() = default;

std::unique_ptr<BoundSession>
BoundSession::load(const std::string &path, const BindingOptions &options) {
  return std::unique_ptr<BoundSession>(
      new BoundSession(unwrap(Session::load(path, toSessionOptions(options)))));
}

std::unique_ptr<BoundSession>
BoundSession::loadOnnxBytes(const std::string &bytes,
                            const BindingOptions &options) {
  llvm::ArrayRef<uint8_t> data(reinterpret_cast<const uint8_t *>(bytes.data()),
                               bytes.size());
  return std::unique_ptr<BoundSession>(new BoundSession(
      unwrap(Session::loadOnnxBytes(data, toSessionOptions(options)))));
}

std::vector<ValueInfo> BoundSession::getInputs() const {
  return toValueInfos(session->getInputs());
}
std::vector<ValueInfo> BoundSession::getOutputs() const {
  return toValueInfos(session->getOutputs());
}
std::string BoundSession::getDevice() const { return session->getDeviceName(); }
std::string BoundSession::getFallbackNote() const {
  return session->getFallbackNote();
}

std::vector<ArrayData>
BoundSession::run(const std::vector<std::string> &outputNames,
                  const std::map<std::string, ArrayData> &inputs,
                  double *seconds) {
  std::map<std::string, Tensor> tensors;
  for (const auto &[name, array] : inputs)
    tensors[name] = toTensor(name, array);
  RunTimes times;
  std::vector<Tensor> outputs =
      unwrap(session->run(outputNames, tensors, &times));
  if (seconds)
    *seconds = times.total;
  std::vector<ArrayData> arrays;
  for (const Tensor &tensor : outputs)
    arrays.push_back(toArray(tensor));
  return arrays;
}

std::vector<std::string> getDevices() { return getSessionDevices(); }

std::vector<DeviceState> getDeviceStates() {
  std::vector<DeviceState> states;
  for (const DeviceAvailability &device : findAvailableDevices())
    states.push_back({device.name, device.available, device.reason});
  return states;
}

void compileModel(const std::string &path, const std::string &outputDirectory,
                  const std::string &target,
                  const std::map<std::string, std::vector<int64_t>> &shapes,
                  const std::string &weights) {
  CompileModelOptions options;
  options.target = target;
  options.inputShapes = shapes;
  options.weightsPath = weights;
  check(opencgc::compileModel(path, outputDirectory, options));
}

void importOnnx(const std::string &path, const std::string &output,
                const std::map<std::string, std::vector<int64_t>> &shapes) {
  check(opencgc::importOnnx(path, output, shapes));
}

} // namespace opencgc::python
