//===- Session.h - Load a model once, run it many times ---------*- C++ -*-===//
//
// The C++ API above the device API (docs/api.md): a Session loads a model
// (ONNX, CGC Input IR, or an `opencgc compile` output directory), compiles
// it for one device with the reference device beside it, prepares every
// partition once, and runs it on named tensors as often as asked, from any
// number of threads. The Python module (`import opencgc`) is a thin layer
// over it.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_SESSION_SESSION_H
#define OPENCGC_SESSION_SESSION_H

#include "opencgc/Tensor/Tensor.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace opencgc {

struct SessionOptions {
  /// The device that runs the model (`opencgc devices`); empty: the
  /// default (vulkan, falling back to the reference device without a
  /// Vulkan driver, as `opencgc run` does).
  std::string device;
  /// Shapes of ONNX inputs with symbolic dimensions, by input name.
  std::map<std::string, std::vector<int64_t>> inputShapes;
  /// Weights of an IR model (default: the .cgcw beside it).
  std::string weightsPath;
  /// Keep compiled partitions in the on-disk cache.
  bool useCache = true;
  /// The cache's directory; empty: $OPENCGC_CACHE_DIR, else
  /// ~/.cache/opencgc.
  std::string cacheDirectory;
  /// cuda and nvvm-host: configure kernels for this kernel target instead
  /// of the GPU's (`--kernel-target`); empty: the device's own.
  std::string kernelTarget;
  /// cuda and nvvm-host: how float32 products are computed, "fp32"
  /// (default), "tf32" or "tf32x3" (`--precision`).
  std::string precision = "fp32";
};

/// A model input or output as the program sees it.
struct TensorInfo {
  std::string name;
  /// ONNX's element type name: float, float16, int64, bool, ...
  std::string elementType;
  std::vector<int64_t> shape;
};

/// Wall times of one run, in seconds.
struct RunTimes {
  /// Binding the inputs, running every partition and reading the outputs.
  double total = 0;
};

class Session {
public:
  /// Loads, compiles and prepares the model at `path`. Errors say what is
  /// wrong and where (a bad model, an unknown device or input name, a
  /// shape that does not fit), as the CLI's do.
  static llvm::Expected<std::unique_ptr<Session>>
  load(const std::string &path, const SessionOptions &options = {});

  /// The same for an ONNX model held in memory.
  static llvm::Expected<std::unique_ptr<Session>>
  loadOnnxBytes(llvm::ArrayRef<uint8_t> bytes,
                const SessionOptions &options = {});

  ~Session();

  const std::vector<TensorInfo> &getInputs() const;
  const std::vector<TensorInfo> &getOutputs() const;
  /// The device that runs the model's partitions (the reference device
  /// where the one asked for could not be opened), and why it fell back.
  const std::string &getDeviceName() const;
  const std::string &getFallbackNote() const;

  /// Runs the model on `inputs` (every input, by name) and returns the
  /// outputs named in `outputNames`, in that order (all of them, in model
  /// order, when empty). Calls from several threads are safe; they run one
  /// after another. With `times`, fills in the run's wall time.
  llvm::Expected<std::vector<Tensor>>
  run(const std::vector<std::string> &outputNames,
      const std::map<std::string, Tensor> &inputs, RunTimes *times = nullptr);

private:
  struct State;
  explicit Session(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
};

/// The devices `SessionOptions::device` takes.
std::vector<std::string> getSessionDevices();

/// Whether a device opens on this machine, and why not.
struct DeviceAvailability {
  std::string name;
  bool available = false;
  std::string reason;
};

/// Each device of getSessionDevices, opened once to see whether this
/// machine has it (a Vulkan driver, an NVIDIA driver and libNVVM, ...).
std::vector<DeviceAvailability> findAvailableDevices();

/// ONNX's name of an element type ("float" for Float32, as
/// onnxruntime's NodeArg.type says "tensor(float)").
std::string getOnnxElementTypeName(DType dtype);

} // namespace opencgc

#endif // OPENCGC_SESSION_SESSION_H
