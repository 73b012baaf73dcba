//===- RunCommand.cpp - opencgc run ---------------------------------------===//
//
// Runs a model (.onnx, CGC Input IR with its weights, or a compiled model:
// an `opencgc compile` output directory or CGC Output IR) on a device and
// prints each output's name, shape, element type and a short summary.
// Compiled models run through the program executor, which compiles and
// dispatches each partition on the device.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "SharedOptions.h"
#include "InputShapes.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Tensor/NpyFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <cmath>
#include <map>

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand runCommand("run",
                          "Run a model (.onnx, .mlir, .mlirbc, .cgc, or a "
                          "compiled OUTDIR) and print its outputs");

namespace {
cl::opt<std::string> runModel(cl::Positional, cl::Required,
                              cl::desc("<model or compiled OUTDIR>"),
                              cl::sub(runCommand));
cl::list<std::string> runInputs("input",
                                cl::desc("Bind an input: NAME=FILE.npy or "
                                         "NAME=FILE.pb (repeatable)"),
                                cl::value_desc("NAME=FILE"),
                                cl::sub(runCommand));
cl::list<std::string> runShapes("input-shape", cl::desc(kInputShapeHelp),
                                cl::value_desc("NAME=DIMS"),
                                cl::sub(runCommand));
cl::opt<std::string> runOutputDir("o",
                                  cl::desc("Write each output as "
                                           "DIR/<name>.npy"),
                                  cl::value_desc("DIR"), cl::sub(runCommand));
// The name it had before -o, kept so scripts keep working.
cl::alias runOutputDirAlias("output-dir", cl::desc("Alias for -o"),
                            cl::aliasopt(runOutputDir));
cl::opt<std::string> runWeights("weights",
                                cl::desc("Weights file for an IR model "
                                         "(default: the .cgcw beside it, or "
                                         "OUTDIR/weights.cgcw)"),
                                cl::value_desc("FILE"), cl::sub(runCommand));
void printSummary(const std::string &name, const Tensor &tensor) {
  outs() << name << ": " << getDTypeName(tensor.getDType()) << " "
         << formatShape(tensor.getShape());
  int64_t count = tensor.getNumElements();
  if (count == 0) {
    outs() << " (empty)\n";
    return;
  }
  double minimum = INFINITY, maximum = -INFINITY, sum = 0;
  for (int64_t i = 0; i < count; ++i) {
    double v = tensor.getAsDouble(i);
    minimum = std::min(minimum, v);
    maximum = std::max(maximum, v);
    sum += v;
  }
  outs() << "  min " << format("%g", minimum) << "  max "
         << format("%g", maximum) << "  mean " << format("%g", sum / count)
         << "  [";
  for (int64_t i = 0; i < std::min<int64_t>(count, 6); ++i)
    outs() << (i ? ", " : "") << format("%g", tensor.getAsDouble(i));
  outs() << (count > 6 ? ", ...]\n" : "]\n");
}

Error bindInputs(std::map<std::string, Tensor> &bound) {
  for (const std::string &spec : runInputs) {
    auto [name, path] = StringRef(spec).split('=');
    if (path.empty())
      return createStringError(inconvertibleErrorCode(),
                               "--input needs NAME=FILE, got '" + spec + "'");
    Expected<Tensor> tensor = driver::readTensorFile(path);
    if (!tensor)
      return createStringError(inconvertibleErrorCode(),
                               "input '" + name +
                                   "': " + toString(tensor.takeError()));
    bound[name.str()] = *tensor;
  }
  return Error::success();
}

/// Where the partitions ran, not only the device asked for: a Vulkan run
/// may leave partitions on the reference device.
void printPlacement(const driver::PartitionPlacement &placement) {
  if (placement.empty()) {
    outs() << "ran on reference (Input IR interpreted), ";
    return;
  }
  outs() << "ran on ";
  bool first = true;
  for (const auto &[device, count] : placement) {
    outs() << (first ? "" : ", ") << device << " (" << count
           << (count == 1 ? " partition)" : " partitions)");
    first = false;
  }
  outs() << ", ";
}

int fail(Error error) {
  WithColor::error(errs(), "opencgc run") << toString(std::move(error)) << "\n";
  return 1;
}
} // namespace

int runRun(mlir::MLIRContext &context) {
  Expected<device::DeviceOptions> deviceOptions = getDeviceOptions();
  if (!deviceOptions)
    return fail(deviceOptions.takeError());
  auto devices =
      driver::openDevices(getChosenDevice().name, context, *deviceOptions);
  if (!devices)
    return fail(devices.takeError());
  if (!devices->fallbackNote.empty())
    WithColor::warning(errs(), "opencgc run") << devices->fallbackNote << "\n";
  driver::LoadOptions options;
  if (Error error = bindInputs(options.knownInputs))
    return fail(std::move(error));
  if (Error error = parseInputShapes(runShapes, options.inputShapes))
    return fail(std::move(error));
  if (!runWeights.empty())
    options.weightsPath = runWeights;
  auto start = std::chrono::steady_clock::now();
  Expected<driver::AnyModel> model =
      driver::loadAnyModel(runModel, context, options);
  if (!model)
    return fail(model.takeError());
  const std::vector<std::string> &inputNames =
      model->model ? model->model->inputNames : model->compiled->inputNames;
  const std::vector<std::string> &outputNames =
      model->model ? model->model->outputNames : model->compiled->outputNames;
  std::vector<Tensor> inputs;
  for (const std::string &name : inputNames) {
    auto it = options.knownInputs.find(name);
    inputs.push_back(it == options.knownInputs.end() ? Tensor() : it->second);
  }
  for (const auto &[name, tensor] : options.knownInputs)
    if (!llvm::is_contained(inputNames, name))
      return fail(
          createStringError(inconvertibleErrorCode(),
                            "the model has no input named '" + name + "'"));
  driver::PartitionPlacement placement;
  // Kernel generation is the long part of a device run: show its progress.
  raw_ostream *progress = devices->targets().empty() ? nullptr : &errs();
  auto run = [&]() -> Expected<std::vector<Tensor>> {
    if (model->compiled)
      return driver::runCompiled(*model->compiled, inputs, devices->all(),
                                 progress, &placement);
    if (devices->targets().empty())
      return driver::runReference(*model->model, inputs);
    // A device other than the reference one runs Output IR compiled for it.
    auto compiled =
        compiler::compileModule(*model->model->module, devices->targets(), {});
    if (!compiled)
      return compiled.takeError();
    auto program = driver::makeCompiledModel(std::move(compiled->outputIR),
                                             model->model->weights, runModel);
    if (!program)
      return program.takeError();
    return driver::runCompiled(*program, inputs, devices->all(), progress,
                               &placement);
  };
  Expected<std::vector<Tensor>> outputs = run();
  if (!outputs)
    return fail(outputs.takeError());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  for (auto [name, tensor] : llvm::zip(outputNames, *outputs))
    printSummary(name, tensor);
  printPlacement(placement);
  outs() << format("%.3f", seconds) << " s\n";
  if (!deviceOptions->captureDirectory.empty())
    errs() << "capture written to " << deviceOptions->captureDirectory << "\n";
  if (runOutputDir.empty())
    return 0;
  if (std::error_code ec = sys::fs::create_directories(runOutputDir))
    return fail(createStringError(ec, "cannot create '" + runOutputDir +
                                          "': " + ec.message()));
  for (auto [name, tensor] : llvm::zip(outputNames, *outputs)) {
    SmallString<256> path(runOutputDir.getValue());
    sys::path::append(path, name + ".npy");
    if (Error error = writeNpy(tensor, path))
      return fail(std::move(error));
  }
  return 0;
}
} // namespace opencgc::cli
