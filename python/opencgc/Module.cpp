//===- Module.cpp - The opencgc Python module (pybind11) ------------------===//
//
// `import opencgc`: an InferenceSession shaped after onnxruntime's
// (get_inputs/get_outputs with NodeArg's name, shape and type; run with
// output names and an input feed of numpy arrays), over opencgc::Session
// through SessionBinding.h (this file sees no LLVM header: it is built with
// RTTI, which pybind11 needs and LLVM lacks). Errors are opencgc.Error (a
// RuntimeError) carrying the CLI's messages; the GIL is released while a
// model loads and runs. Outputs share their bytes with the run's tensors.
//
//===----------------------------------------------------------------------===//
#include "SessionBinding.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>

namespace py = pybind11;
using namespace opencgc::python;

namespace {

/// opencgc.Error, raised for every opencgc failure.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Calls `body`, turning opencgc's failures into opencgc.Error.
template <typename Body> auto translated(Body body) -> decltype(body()) {
  try {
    return body();
  } catch (const std::runtime_error &failure) {
    throw Error(failure.what());
  }
}

/// The array's bytes as given (C-contiguous, a copy where it was not).
ArrayData viewArray(const std::string &name, py::handle value,
                    std::vector<py::array> &keep) {
  py::array array = py::array::ensure(value, py::array::c_style);
  if (!array)
    throw Error("input '" + name + "' is not an array");
  keep.push_back(array);
  ArrayData data;
  data.dtype = py::str(array.dtype()).cast<std::string>();
  data.shape.assign(array.shape(), array.shape() + array.ndim());
  data.data = array.data();
  data.bytes = size_t(array.nbytes());
  return data;
}

/// A numpy array over the output's bytes; the array owns a reference.
py::array toNumpy(const ArrayData &data) {
  auto *owner = new std::shared_ptr<const void>(data.owner);
  py::capsule release(owner, [](void *held) {
    delete static_cast<std::shared_ptr<const void> *>(held);
  });
  std::vector<py::ssize_t> shape(data.shape.begin(), data.shape.end());
  return py::array(py::dtype(data.dtype), shape, data.data, release);
}

/// onnxruntime's NodeArg: name, shape and a "tensor(float)"-style type.
struct NodeArg {
  std::string name, type;
  std::vector<int64_t> shape;
};

std::vector<NodeArg> toNodeArgs(const std::vector<ValueInfo> &values) {
  std::vector<NodeArg> args;
  for (const ValueInfo &value : values)
    args.push_back(
        {value.name, "tensor(" + value.elementType + ")", value.shape});
  return args;
}

class InferenceSession {
public:
  InferenceSession(const py::object &model, BindingOptions options) {
    translated([&] {
      if (py::isinstance<py::bytes>(model)) {
        std::string bytes = model.cast<std::string>();
        py::gil_scoped_release release;
        session = BoundSession::loadOnnxBytes(bytes, options);
        return;
      }
      std::string path = py::str(model).cast<std::string>();
      py::gil_scoped_release release;
      session = BoundSession::load(path, options);
    });
  }

  std::vector<NodeArg> getInputs() const {
    return toNodeArgs(session->getInputs());
  }
  std::vector<NodeArg> getOutputs() const {
    return toNodeArgs(session->getOutputs());
  }
  std::string getDevice() const { return session->getDevice(); }
  std::string getFallbackNote() const { return session->getFallbackNote(); }

  /// `runOptions` is onnxruntime's third argument: only None (its
  /// default) is taken, so a script that passes none runs unchanged.
  py::list run(const std::optional<std::vector<std::string>> &names,
               const py::dict &feed, const py::object &runOptions) {
    if (!runOptions.is_none())
      throw Error("run_options are onnxruntime's; opencgc takes none");
    return runTimed(names, feed, nullptr);
  }

  py::tuple runWithTiming(const std::optional<std::vector<std::string>> &names,
                          const py::dict &feed) {
    double seconds = 0;
    py::list outputs = runTimed(names, feed, &seconds);
    return py::make_tuple(outputs, seconds);
  }

private:
  py::list runTimed(const std::optional<std::vector<std::string>> &names,
                    const py::dict &feed, double *seconds) {
    std::vector<py::array> keep; // the inputs' bytes, until the run ends
    std::map<std::string, ArrayData> inputs;
    for (auto [key, value] : feed) {
      std::string name = py::str(key).cast<std::string>();
      inputs[name] = viewArray(name, value, keep);
    }
    std::vector<ArrayData> outputs = translated([&] {
      py::gil_scoped_release release;
      return session->run(names.value_or(std::vector<std::string>{}), inputs,
                          seconds);
    });
    py::list result;
    for (const ArrayData &output : outputs)
      result.append(toNumpy(output));
    return result;
  }

  std::unique_ptr<BoundSession> session;
};

InferenceSession makeSession(const py::object &model, std::string device,
                             std::map<std::string, std::vector<int64_t>> shapes,
                             bool cache, std::string cacheDir,
                             std::string kernelTarget, std::string weights,
                             std::string precision) {
  BindingOptions options;
  options.device = std::move(device);
  options.inputShapes = std::move(shapes);
  options.useCache = cache;
  options.cacheDirectory = std::move(cacheDir);
  options.kernelTarget = std::move(kernelTarget);
  options.weights = std::move(weights);
  options.precision = std::move(precision);
  return InferenceSession(model, std::move(options));
}

} // namespace

PYBIND11_MODULE(_opencgc, module) {
  module.doc() = "opencgc: compute-graph compiler and runtime for ML inference";
  py::register_exception<Error>(module, "Error", PyExc_RuntimeError);

  py::class_<NodeArg>(module, "NodeArg")
      .def_readonly("name", &NodeArg::name)
      .def_readonly("type", &NodeArg::type)
      .def_readonly("shape", &NodeArg::shape)
      .def("__repr__", [](const NodeArg &arg) {
        std::string shape;
        for (int64_t extent : arg.shape)
          shape += (shape.empty() ? "" : ", ") + std::to_string(extent);
        return "NodeArg(name='" + arg.name + "', type='" + arg.type +
               "', shape=[" + shape + "])";
      });

  py::class_<InferenceSession>(module, "InferenceSession")
      .def(py::init(&makeSession), py::arg("path_or_bytes"),
           py::arg("device") = "",
           py::arg("input_shapes") =
               std::map<std::string, std::vector<int64_t>>{},
           py::arg("cache") = true, py::arg("cache_dir") = "",
           py::arg("kernel_target") = "", py::arg("weights") = "",
           py::arg("precision") = "fp32")
      .def("get_inputs", &InferenceSession::getInputs)
      .def("get_outputs", &InferenceSession::getOutputs)
      .def_property_readonly("device", &InferenceSession::getDevice)
      .def_property_readonly("fallback_note",
                             &InferenceSession::getFallbackNote)
      .def("run", &InferenceSession::run, py::arg("output_names"),
           py::arg("input_feed"), py::arg("run_options") = py::none())
      .def("run_with_timing", &InferenceSession::runWithTiming,
           py::arg("output_names"), py::arg("input_feed"));

  module.def(
      "devices",
      [](bool available) {
        if (!available)
          return getDevices();
        std::vector<std::string> names;
        for (const DeviceState &device : getDeviceStates())
          if (device.available)
            names.push_back(device.name);
        return names;
      },
      py::arg("available") = false,
      "The devices InferenceSession's device= takes; with available=True "
      "only those that open on this machine");
  module.def(
      "device_status",
      [] {
        std::map<std::string, std::string> status;
        for (const DeviceState &device : getDeviceStates())
          status[device.name] = device.available ? "available" : device.reason;
        return status;
      },
      "Per device: 'available', or why it does not open on this machine");
  using Shapes = std::map<std::string, std::vector<int64_t>>;
  module.def(
      "compile",
      [](const std::string &model, const std::string &outDir,
         const std::string &target, const Shapes &shapes,
         const std::string &weights) {
        translated([&] {
          py::gil_scoped_release release;
          compileModel(model, outDir, target, shapes, weights);
        });
        return outDir;
      },
      py::arg("model"), py::arg("out_dir"), py::arg("target") = "",
      py::arg("input_shapes") = Shapes{}, py::arg("weights") = "",
      "Compiles a model into out_dir as `opencgc compile -o` does; "
      "InferenceSession(out_dir) loads it");
  module.def(
      "import_onnx",
      [](const std::string &model, const std::string &output,
         const Shapes &shapes) {
        translated([&] {
          py::gil_scoped_release release;
          importOnnx(model, output, shapes);
        });
        return output;
      },
      py::arg("model"), py::arg("output"), py::arg("input_shapes") = Shapes{},
      "Imports an ONNX model into CGC Input IR (.mlir, .mlirbc, .cgc) with "
      "its weights beside it (.cgcw), as `opencgc import` does");
}
