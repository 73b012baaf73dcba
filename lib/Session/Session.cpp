//===- Session.cpp - Load a model once, run it many times -----------------===//
//
// A Session is what `opencgc run` does, split at the point where a model is
// ready to run: the devices opened, the model loaded and compiled, and every
// partition prepared (CompiledProgram::compile) once; each run binds the
// inputs by name and returns the outputs asked for. On the reference device
// the Input IR is interpreted, as `opencgc run --device reference` does.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Session/Session.h"

#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Device/DeviceRegistry.h"
#include "opencgc/Dialect/CGC/CGCTypes.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Executor/ProgramExecutor.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

namespace opencgc {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

mlir::DialectRegistry makeRegistry() {
  mlir::DialectRegistry registry;
  registerCGCDialects(registry);
  return registry;
}

/// The device options of `options`, checked as the CLI checks its flags.
llvm::Expected<device::DeviceOptions>
makeDeviceOptions(const SessionOptions &options,
                  const device::DeviceEntry &entry) {
  device::DeviceOptions result;
  result.useCache = options.useCache;
  result.cacheDirectory = options.cacheDirectory;
  llvm::Expected<codegen::Precision> precision =
      codegen::parsePrecision(options.precision);
  if (!precision)
    return makeError("precision: " + llvm::toString(precision.takeError()));
  if (*precision != codegen::Precision::Fp32 &&
      !entry.reads(device::kUsesKernelTarget))
    return makeError("precision " + options.precision +
                     " uses the tensor cores of cuda and nvvm-host, not of "
                     "device '" +
                     entry.name + "'");
  result.precision = *precision;
  if (options.kernelTarget.empty())
    return result;
  if (!entry.reads(device::kUsesKernelTarget))
    return makeError("kernel_target configures the kernels of cuda and "
                     "nvvm-host, not of device '" +
                     entry.name + "'");
  llvm::Expected<const codegen::KernelTarget &> target =
      codegen::getKernelTarget(options.kernelTarget);
  if (!target)
    return target.takeError();
  result.kernelTarget = &*target;
  return result;
}

/// An Input IR tensor or an Output IR program argument (a memref).
template <typename ShapedType>
bool describeAs(mlir::Type type, TensorInfo &info) {
  auto shaped = mlir::dyn_cast<ShapedType>(type);
  if (!shaped)
    return false;
  info.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
  if (std::optional<DType> dtype =
          dtypeFromElementType(shaped.getElementType()))
    info.elementType = getOnnxElementTypeName(*dtype);
  return true;
}

TensorInfo describe(const std::string &name, mlir::Type type) {
  TensorInfo info{name, "unknown", {}};
  if (!describeAs<cgc::TensorType>(type, info))
    describeAs<cgc::MemRefType>(type, info);
  return info;
}

} // namespace

/// Everything a prepared model holds. The context outlives the modules,
/// the modules the program, and the weights the lookup.
struct Session::State {
  mlir::MLIRContext context{makeRegistry()};
  driver::DeviceSet devices;
  std::optional<driver::Model> model; // reference device: interpreted
  std::optional<driver::CompiledModel> compiled;
  std::unique_ptr<runtime::CompiledProgram> program;
  std::unique_ptr<driver::WeightLookup> weights;
  std::vector<TensorInfo> inputs, outputs;
  std::string deviceName;
  std::mutex running;

  llvm::Error open(const std::string &path, const SessionOptions &options);
  llvm::Error prepare(const std::string &path);
  llvm::Expected<std::vector<Tensor>> runInOrder(std::vector<Tensor> inputs);
};

llvm::Error Session::State::open(const std::string &path,
                                 const SessionOptions &options) {
  loadCGCDialects(context);
  std::string name = options.device.empty() ? device::kDefaultDeviceName.str()
                                            : options.device;
  const device::DeviceEntry *entry = device::lookupDevice(name);
  device::DeviceOptions deviceOptions;
  if (entry) {
    auto made = makeDeviceOptions(options, *entry);
    if (!made)
      return made.takeError();
    deviceOptions = *made;
  }
  auto opened = driver::openDevices(name, context, deviceOptions);
  if (!opened)
    return opened.takeError();
  devices = std::move(*opened);
  deviceName = devices.primary->getName().str();

  driver::LoadOptions load;
  for (const auto &[input, dims] : options.inputShapes)
    load.inputShapes[input] = Shape(dims.begin(), dims.end());
  if (!options.weightsPath.empty())
    load.weightsPath = options.weightsPath;
  auto any = driver::loadAnyModel(path, context, load);
  if (!any)
    return any.takeError();
  model = std::move(any->model);
  compiled = std::move(any->compiled);
  return prepare(path);
}

/// Compiles an Input IR model for the device (unless it is the reference
/// device) and prepares every partition.
llvm::Error Session::State::prepare(const std::string &path) {
  if (model && devices.targets().empty()) {
    for (auto [name, type] :
         llvm::zip(model->inputNames, model->entry.getArgumentTypes()))
      inputs.push_back(describe(name, type));
    for (auto [name, type] :
         llvm::zip(model->outputNames, model->entry.getResultTypes()))
      outputs.push_back(describe(name, type));
    return llvm::Error::success();
  }
  if (model) {
    auto output =
        compiler::compileModule(*model->module, devices.targets(), {});
    if (!output)
      return output.takeError();
    auto made = driver::makeCompiledModel(std::move(output->outputIR),
                                          std::move(model->weights), path);
    if (!made)
      return made.takeError();
    compiled = std::move(*made);
    model.reset();
  }
  auto prepared =
      runtime::CompiledProgram::compile(compiled->module.get(), devices.all());
  if (!prepared)
    return prepared.takeError();
  program = std::move(*prepared);
  weights = std::make_unique<driver::WeightLookup>(compiled->weights);
  llvm::ArrayRef<mlir::Type> types = compiled->program.getArgumentTypes();
  const runtime::ProgramSignature &signature = program->getSignature();
  for (auto [name, argument] :
       llvm::zip(compiled->inputNames, signature.inputs))
    inputs.push_back(describe(name, types[argument]));
  for (auto [name, argument] :
       llvm::zip(compiled->outputNames, signature.outputs))
    outputs.push_back(describe(name, types[argument]));
  return llvm::Error::success();
}

llvm::Expected<std::vector<Tensor>>
Session::State::runInOrder(std::vector<Tensor> ordered) {
  std::lock_guard<std::mutex> lock(running);
  if (program)
    return program->run(ordered, *weights);
  if (llvm::Error error = driver::checkInputs(*model, ordered))
    return std::move(error);
  return driver::runReference(*model, ordered);
}

Session::Session(std::unique_ptr<State> state) : state(std::move(state)) {}
Session::~Session() = default;

llvm::Expected<std::unique_ptr<Session>>
Session::load(const std::string &path, const SessionOptions &options) {
  auto state = std::make_unique<State>();
  if (llvm::Error error = state->open(path, options))
    return std::move(error);
  return std::unique_ptr<Session>(new Session(std::move(state)));
}

llvm::Expected<std::unique_ptr<Session>>
Session::loadOnnxBytes(llvm::ArrayRef<uint8_t> bytes,
                       const SessionOptions &options) {
  // The importer reads files (external data beside them): the bytes go
  // through a temporary .onnx file, removed once loaded.
  llvm::SmallString<128> path;
  int fd = -1;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile("opencgc-session",
                                                              "onnx", fd, path))
    return makeError("cannot write the model to a temporary file: " +
                     ec.message());
  {
    llvm::raw_fd_ostream file(fd, /*shouldClose=*/true);
    file.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  }
  auto session = load(path.str().str(), options);
  llvm::sys::fs::remove(path);
  return session;
}

const std::vector<TensorInfo> &Session::getInputs() const {
  return state->inputs;
}
const std::vector<TensorInfo> &Session::getOutputs() const {
  return state->outputs;
}
const std::string &Session::getDeviceName() const { return state->deviceName; }
const std::string &Session::getFallbackNote() const {
  return state->devices.fallbackNote;
}

llvm::Expected<std::vector<Tensor>>
Session::run(const std::vector<std::string> &outputNames,
             const std::map<std::string, Tensor> &inputs, RunTimes *times) {
  auto start = std::chrono::steady_clock::now();
  std::vector<Tensor> ordered;
  for (const TensorInfo &input : state->inputs) {
    auto found = inputs.find(input.name);
    if (found == inputs.end())
      return makeError("input '" + input.name + "' is missing");
    ordered.push_back(found->second);
  }
  for (const auto &entry : inputs)
    if (llvm::none_of(state->inputs, [&](const TensorInfo &input) {
          return input.name == entry.first;
        }))
      return makeError("the model has no input named '" + entry.first + "'");
  std::vector<size_t> selected;
  for (const std::string &name : outputNames) {
    auto found = llvm::find_if(state->outputs, [&](const TensorInfo &output) {
      return output.name == name;
    });
    if (found == state->outputs.end())
      return makeError("the model has no output named '" + name + "'");
    selected.push_back(found - state->outputs.begin());
  }
  auto outputs = state->runInOrder(std::move(ordered));
  if (!outputs)
    return outputs.takeError();
  if (times)
    times->total =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  if (outputNames.empty())
    return outputs;
  std::vector<Tensor> result;
  for (size_t index : selected)
    result.push_back((*outputs)[index]);
  return result;
}

std::vector<std::string> getSessionDevices() {
  std::vector<std::string> names;
  for (const device::DeviceEntry &entry : device::getDeviceRegistry())
    if (entry.canRun())
      names.push_back(entry.name.str());
  return names;
}

std::vector<DeviceAvailability> findAvailableDevices() {
  std::vector<DeviceAvailability> result;
  for (const std::string &name : getSessionDevices()) {
    mlir::MLIRContext context{makeRegistry()};
    loadCGCDialects(context);
    DeviceAvailability device{name, false, ""};
    auto opened = driver::openDevices(name, context);
    if (!opened)
      device.reason = llvm::toString(opened.takeError());
    else if (!opened->fallbackNote.empty())
      device.reason = opened->fallbackNote;
    else
      device.available = true;
    result.push_back(std::move(device));
  }
  return result;
}

std::string getOnnxElementTypeName(DType dtype) {
  switch (dtype) {
  case DType::Float32:
    return "float";
  case DType::Float64:
    return "double";
  default:
    return getDTypeName(dtype).str();
  }
}

} // namespace opencgc
