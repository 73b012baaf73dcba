//===- SessionBinding.h - opencgc::Session in standard types ----*- C++ -*-===//
//
// The Python module's view of opencgc::Session, in standard library types
// only: LLVM is built without RTTI and pybind11 needs it, so the module's
// pybind11 file (RTTI on) sees no LLVM header, and this file's .cpp (built
// as the rest of opencgc) makes the calls. Failures throw
// std::runtime_error with opencgc's message.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_PYTHON_SESSIONBINDING_H
#define OPENCGC_PYTHON_SESSIONBINDING_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace opencgc {
class Session;
} // namespace opencgc

namespace opencgc::python {

/// An array's bytes, element type (numpy's name: float32, int64, bool, ...)
/// and shape; `owner` keeps the bytes alive.
struct ArrayData {
  std::string dtype;
  std::vector<int64_t> shape;
  const void *data = nullptr;
  size_t bytes = 0;
  std::shared_ptr<const void> owner;
};

/// A model input or output: name, ONNX element type name, shape.
struct ValueInfo {
  std::string name, elementType;
  std::vector<int64_t> shape;
};

struct BindingOptions {
  std::string device;
  std::map<std::string, std::vector<int64_t>> inputShapes;
  bool useCache = true;
  std::string cacheDirectory;
  std::string kernelTarget;
  std::string weights;
  std::string precision = "fp32";
};

class BoundSession {
public:
  static std::unique_ptr<BoundSession> load(const std::string &path,
                                            const BindingOptions &options);
  static std::unique_ptr<BoundSession>
  loadOnnxBytes(const std::string &bytes, const BindingOptions &options);
  ~BoundSession();

  std::vector<ValueInfo> getInputs() const;
  std::vector<ValueInfo> getOutputs() const;
  std::string getDevice() const;
  std::string getFallbackNote() const;

  /// The outputs named (all when empty); `seconds` gets the run's time.
  std::vector<ArrayData> run(const std::vector<std::string> &outputNames,
                             const std::map<std::string, ArrayData> &inputs,
                             double *seconds);

private:
  explicit BoundSession(std::unique_ptr<Session> session);
  std::unique_ptr<Session> session;
};

std::vector<std::string> getDevices();

/// Per device: name, whether it opens here, and why not.
struct DeviceState {
  std::string name;
  bool available;
  std::string reason;
};
std::vector<DeviceState> getDeviceStates();

/// opencgc::compileModel and opencgc::importOnnx (Offline.h).
void compileModel(const std::string &path, const std::string &outputDirectory,
                  const std::string &target,
                  const std::map<std::string, std::vector<int64_t>> &shapes,
                  const std::string &weights);
void importOnnx(const std::string &path, const std::string &output,
                const std::map<std::string, std::vector<int64_t>> &shapes);

} // namespace opencgc::python

#endif // OPENCGC_PYTHON_SESSIONBINDING_H
