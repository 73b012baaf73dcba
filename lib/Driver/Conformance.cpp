//===- Conformance.cpp - Run ONNX backend tests ---------------------------===//
#include "opencgc/Driver/Conformance.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Compiler/Passes.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Driver/Devices.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Executor/ProgramExecutor.h"
#include "opencgc/Frontend/ONNX/Importer.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <map>
#include <thread>

namespace opencgc::driver {

llvm::StringRef getStatusName(TestStatus status) {
  switch (status) {
  case TestStatus::Passed:
    return "passed";
  case TestStatus::Failed:
    return "failed";
  case TestStatus::Skipped:
    return "skipped";
  }
  return "failed";
}

std::vector<ConformanceTest> discoverTests(llvm::ArrayRef<std::string> roots) {
  std::vector<ConformanceTest> tests;
  for (const std::string &root : roots) {
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
         it != end && !ec; it.increment(ec)) {
      if (llvm::sys::path::filename(it->path()) != "model.onnx")
        continue;
      llvm::StringRef dir = llvm::sys::path::parent_path(it->path());
      tests.push_back({llvm::sys::path::filename(dir).str(), dir.str()});
    }
  }
  llvm::sort(tests, [](const ConformanceTest &a, const ConformanceTest &b) {
    return std::tie(a.name, a.directory) < std::tie(b.name, b.directory);
  });
  return tests;
}

namespace {
using Clock = std::chrono::steady_clock;

/// The tensors input_0.pb, input_1.pb, ... (or output_*) of a data set.
/// The ONNX test data stores bfloat16 tensors as uint16 bit patterns (numpy
/// has no bfloat16); those are read back as the bfloat16 the model declares.
llvm::Expected<std::vector<std::pair<std::string, Tensor>>>
readDataSet(llvm::StringRef dir, llvm::StringRef prefix,
            llvm::ArrayRef<std::pair<std::string, DType>> declared) {
  std::vector<std::pair<std::string, Tensor>> tensors;
  for (int i = 0;; ++i) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, prefix + "_" + llvm::Twine(i) + ".pb");
    if (!llvm::sys::fs::exists(path))
      return tensors;
    auto named = readTensorProtoFile(path);
    if (!named)
      return named.takeError();
    if (i < static_cast<int>(declared.size()) &&
        declared[i].second == DType::BFloat16 &&
        named->second.getDType() == DType::UInt16)
      named->second = named->second.bitcast(DType::BFloat16);
    tensors.push_back(std::move(*named));
  }
}

std::vector<std::string> dataSetDirs(llvm::StringRef testDir) {
  std::vector<std::string> dirs;
  for (int i = 0;; ++i) {
    llvm::SmallString<256> path(testDir);
    llvm::sys::path::append(path, "test_data_set_" + llvm::Twine(i));
    if (!llvm::sys::fs::is_directory(path))
      return dirs;
    dirs.push_back(path.str().str());
  }
}

/// Compares with numpy.testing.assert_allclose(rtol=1e-3, atol=1e-7):
/// |actual - expected| <= atol + rtol * |expected|, NaN equal to NaN.
std::optional<std::string> compareOutput(const Tensor &actual,
                                         const Tensor &expected, size_t index) {
  std::string where = "output " + std::to_string(index);
  if (actual.getDType() != expected.getDType())
    return "mismatch, " + where + ": element type " +
           getDTypeName(actual.getDType()).str() + ", expected " +
           getDTypeName(expected.getDType()).str();
  if (actual.getShape() != expected.getShape())
    return "mismatch, " + where + ": shape " + formatShape(actual.getShape()) +
           ", expected " + formatShape(expected.getShape());
  constexpr double rtol = 1e-3, atol = 1e-7;
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0;
  for (int64_t i = 0; i < actual.getNumElements(); ++i) {
    double a = actual.getAsDouble(i), e = expected.getAsDouble(i);
    if (std::isnan(a) || std::isnan(e)) {
      bad += std::isnan(a) != std::isnan(e);
      continue;
    }
    if (a == e)
      continue;
    double diff = std::fabs(a - e);
    maxAbs = std::max(maxAbs, diff);
    if (e != 0)
      maxRel = std::max(maxRel, diff / std::fabs(e));
    bad += !(diff <= atol + rtol * std::fabs(e));
  }
  if (!bad)
    return std::nullopt;
  return "mismatch, " + where + ": " + std::to_string(bad) + " of " +
         std::to_string(actual.getNumElements()) +
         " elements differ, max abs error " +
         llvm::formatv("{0:g}", maxAbs).str() + ", max rel error " +
         llvm::formatv("{0:g}", maxRel).str();
}

TestResult failure(TestStatus status, std::string reason) {
  TestResult result;
  result.status = status;
  result.reason = std::move(reason);
  return result;
}

/// The model compiled to Output IR for `targets` (and the reference
/// fallback).
llvm::Expected<CompiledModel>
compileFor(const Model &model, llvm::ArrayRef<device::Device *> targets) {
  auto compiled = compiler::compileModule(model.module.get(), targets,
                                          compiler::CompileOptions());
  if (!compiled)
    return llvm::createStringError("compiling to Output IR: " +
                                   llvm::toString(compiled.takeError()));
  return makeCompiledModel(std::move(compiled->outputIR), model.weights,
                           "the compiled model");
}

/// Runs the compiled model and checks it against the interpreter's results.
std::optional<std::string>
checkCompiledRun(runtime::CompiledProgram &program, const WeightLookup &weights,
                 llvm::ArrayRef<Tensor> inputs,
                 llvm::ArrayRef<Tensor> referenceResults) {
  auto results = program.run(inputs, weights);
  if (!results)
    return "running the compiled Output IR: " +
           llvm::toString(results.takeError());
  if (results->size() != referenceResults.size())
    return "the compiled Output IR produced " +
           std::to_string(results->size()) + " outputs, the Input IR " +
           std::to_string(referenceResults.size());
  for (size_t k = 0; k < results->size(); ++k) {
    if ((*results)[k].bitwiseEqual(referenceResults[k]))
      continue;
    auto mismatch = compareOutput((*results)[k], referenceResults[k], k);
    return "the compiled Output IR differs from the Input IR reference: " +
           mismatch.value_or("output " + std::to_string(k) +
                             " is within tolerance but not bit for bit");
  }
  return std::nullopt;
}

/// Runs the compiled model on a device and checks it against the test's
/// expected outputs (ONNX tolerance: device arithmetic may round
/// differently from the reference kernels).
std::optional<std::string>
checkDeviceRun(runtime::CompiledProgram &program, const WeightLookup &weights,
               llvm::StringRef device, llvm::ArrayRef<Tensor> inputs,
               llvm::ArrayRef<std::pair<std::string, Tensor>> expected) {
  auto results = program.run(inputs, weights);
  if (!results)
    return "running on " + device.str() + ": " +
           llvm::toString(results.takeError());
  if (results->size() != expected.size())
    return "on " + device.str() + ": the program produced " +
           std::to_string(results->size()) + " outputs, the test expects " +
           std::to_string(expected.size());
  for (size_t k = 0; k < results->size(); ++k)
    if (auto mismatch = compareOutput((*results)[k], expected[k].second, k))
      return "on " + device.str() + ": " + *mismatch;
  return std::nullopt;
}

TestResult runDataSets(const ConformanceTest &test, mlir::MLIRContext &context,
                       ExecutionMode mode, llvm::StringRef deviceName,
                       const DeviceOptions &deviceOptions) {
  llvm::SmallString<256> modelPath(test.directory);
  llvm::sys::path::append(modelPath, "model.onnx");
  auto signature = onnx_import::readModelSignature(modelPath);
  if (!signature) {
    bool unsupported = signature.errorIsA<onnx_import::UnsupportedError>();
    return failure(unsupported ? TestStatus::Skipped : TestStatus::Failed,
                   llvm::toString(signature.takeError()));
  }
  std::vector<std::string> sets = dataSetDirs(test.directory);
  if (sets.empty())
    return failure(TestStatus::Failed, "no test_data_set_* folder");
  auto firstInputs = readDataSet(sets.front(), "input", signature->inputs);
  if (!firstInputs)
    return failure(TestStatus::Failed, llvm::toString(firstInputs.takeError()));
  LoadOptions options;
  for (const auto &[name, tensor] : *firstInputs)
    options.knownInputs[name] = tensor;
  llvm::Expected<Model> model = loadModel(modelPath, context, options);
  if (!model) {
    bool unsupported = model.errorIsA<onnx_import::UnsupportedError>();
    return failure(unsupported ? TestStatus::Skipped : TestStatus::Failed,
                   llvm::toString(model.takeError()));
  }
  std::optional<CompiledModel> compiled;
  std::optional<DeviceSet> devices;
  // Compiled once, run for every data set.
  std::unique_ptr<runtime::CompiledProgram> program;
  if (mode != ExecutionMode::Reference) {
    auto opened =
        openDevices(mode == ExecutionMode::Device ? deviceName : "reference",
                    context, deviceOptions);
    if (!opened)
      return failure(TestStatus::Failed, llvm::toString(opened.takeError()));
    if (!opened->fallbackNote.empty())
      return failure(TestStatus::Failed, opened->fallbackNote);
    devices = std::move(*opened);
    auto result = compileFor(*model, devices->targets());
    if (!result)
      return failure(TestStatus::Failed, llvm::toString(result.takeError()));
    compiled = std::move(*result);
    auto built = runtime::CompiledProgram::compile(compiled->module.get(),
                                                   devices->all());
    if (!built)
      return failure(TestStatus::Failed, llvm::toString(built.takeError()));
    program = std::move(*built);
  }
  std::optional<WeightLookup> weights;
  if (compiled)
    weights.emplace(compiled->weights);
  for (const std::string &set : sets) {
    auto inputs = readDataSet(set, "input", signature->inputs);
    auto outputs = readDataSet(set, "output", signature->outputs);
    if (!inputs)
      return failure(TestStatus::Failed, llvm::toString(inputs.takeError()));
    if (!outputs)
      return failure(TestStatus::Failed, llvm::toString(outputs.takeError()));
    std::vector<Tensor> arguments;
    for (auto &[name, tensor] : *inputs)
      arguments.push_back(tensor);
    auto results = runReference(*model, arguments);
    if (!results)
      return failure(TestStatus::Failed, llvm::toString(results.takeError()));
    if (results->size() != outputs->size())
      return failure(TestStatus::Failed, "the model produced " +
                                             std::to_string(results->size()) +
                                             " outputs, the test expects " +
                                             std::to_string(outputs->size()));
    for (size_t k = 0; k < results->size(); ++k)
      if (auto mismatch = compareOutput((*results)[k], (*outputs)[k].second, k))
        return failure(TestStatus::Failed, *mismatch);
    if (mode == ExecutionMode::Compiled)
      if (auto mismatch =
              checkCompiledRun(*program, *weights, arguments, *results))
        return failure(TestStatus::Failed, *mismatch);
    if (mode == ExecutionMode::Device)
      if (auto mismatch =
              checkDeviceRun(*program, *weights, devices->primary->getName(),
                             arguments, *outputs))
        return failure(TestStatus::Failed, *mismatch);
  }
  TestResult passed = failure(TestStatus::Passed, "");
  if (program && mode == ExecutionMode::Device)
    for (const auto &entry : program->getPartitionDevices())
      ++passed.partitionsOnDevice[entry.getValue()];
  return passed;
}
} // namespace

TestResult runTest(const ConformanceTest &test, mlir::MLIRContext &context,
                   ExecutionMode mode, llvm::StringRef deviceName,
                   const DeviceOptions &deviceOptions) {
  auto start = Clock::now();
  TestResult result =
      runDataSets(test, context, mode, deviceName, deviceOptions);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

std::string encodeResult(const TestResult &result) {
  std::string reason = result.reason;
  for (char &c : reason)
    if (c == '\n' || c == '\t')
      c = c == '\n' ? '\x1f' : ' ';
  std::string devices;
  for (const auto &[device, count] : result.partitionsOnDevice)
    devices +=
        (devices.empty() ? "" : ",") + device + "=" + std::to_string(count);
  return (getStatusName(result.status) + "\t" +
          llvm::formatv("{0:f3}", result.seconds).str() + "\t" + devices +
          "\t" + reason)
      .str();
}

TestResult decodeResult(llvm::StringRef line) {
  auto [status, rest] = line.trim("\n").split('\t');
  auto [seconds, afterSeconds] = rest.split('\t');
  auto [devices, reason] = afterSeconds.split('\t');
  TestResult result;
  llvm::SmallVector<llvm::StringRef> entries;
  devices.split(entries, ',', -1, false);
  for (llvm::StringRef entry : entries) {
    auto [device, count] = entry.split('=');
    unsigned value = 0;
    if (!count.getAsInteger(10, value))
      result.partitionsOnDevice[device.str()] = value;
  }
  result.status = status == "passed"    ? TestStatus::Passed
                  : status == "skipped" ? TestStatus::Skipped
                                        : TestStatus::Failed;
  result.reason = reason.str();
  for (char &c : result.reason)
    if (c == '\x1f')
      c = '\n';
  if (status != "passed" && status != "failed" && status != "skipped")
    result.reason = "the test process printed no result";
  seconds.getAsDouble(result.seconds);
  return result;
}

namespace {
struct RunningChild {
  size_t index;
  llvm::sys::ProcessInfo process;
  std::string outputPath;
  Clock::time_point start;
};

/// Starts the child for test `index`, its stdout going to a temp file.
std::optional<RunningChild> startChild(const ChildRunner &runner,
                                       const ConformanceTest &test,
                                       size_t index, std::string &error) {
  llvm::SmallString<128> outputPath;
  if (auto ec = llvm::sys::fs::createTemporaryFile("opencgc-conformance", "txt",
                                                   outputPath)) {
    error = ec.message();
    return std::nullopt;
  }
  std::vector<llvm::StringRef> args = {runner.selfExecutable};
  for (const std::string &arg : runner.childArgs)
    args.push_back(arg);
  std::vector<std::string> testArgs;
  if (runner.perTestArgs)
    testArgs = runner.perTestArgs(test);
  for (const std::string &arg : testArgs)
    args.push_back(arg);
  args.push_back(test.directory);
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""), llvm::StringRef(outputPath), llvm::StringRef("")};
  RunningChild child{index, {}, outputPath.str().str(), Clock::now()};
  bool failed = false;
  child.process = llvm::sys::ExecuteNoWait(
      runner.selfExecutable, args, std::nullopt, redirects, 0, &error, &failed);
  if (failed)
    return std::nullopt;
  return child;
}

/// The result of a child that has exited (or was killed).
TestResult collectChild(const RunningChild &child,
                        const llvm::sys::ProcessInfo &status, bool timedOut,
                        unsigned timeoutSeconds) {
  double seconds =
      std::chrono::duration<double>(Clock::now() - child.start).count();
  auto buffer = llvm::MemoryBuffer::getFile(child.outputPath);
  llvm::sys::fs::remove(child.outputPath);
  TestResult result;
  if (timedOut) {
    result =
        failure(TestStatus::Failed,
                "timed out after " + std::to_string(timeoutSeconds) + " s");
  } else if (status.ReturnCode != 0 || !buffer) {
    result = failure(TestStatus::Failed,
                     status.ReturnCode < 0
                         ? "the test process crashed (exit " +
                               std::to_string(status.ReturnCode) + ")"
                         : "the test process exited with status " +
                               std::to_string(status.ReturnCode));
  } else {
    result = decodeResult((*buffer)->getBuffer());
  }
  result.seconds = seconds;
  return result;
}
} // namespace

void runIsolated(
    const std::vector<ConformanceTest> &tests, const ChildRunner &runner,
    unsigned jobs,
    llvm::function_ref<void(size_t, const TestResult &)> onResult) {
  std::vector<RunningChild> running;
  size_t next = 0;
  while (next < tests.size() || !running.empty()) {
    while (running.size() < std::max(1u, jobs) && next < tests.size()) {
      std::string error;
      std::optional<RunningChild> child =
          startChild(runner, tests[next], next, error);
      if (!child)
        onResult(next, failure(TestStatus::Failed,
                               "cannot start the test process: " + error));
      else
        running.push_back(std::move(*child));
      ++next;
    }
    bool progressed = false;
    for (size_t i = 0; i < running.size();) {
      RunningChild &child = running[i];
      std::string error;
      llvm::sys::ProcessInfo status =
          llvm::sys::Wait(child.process, /*SecondsToWait=*/0, &error);
      bool exited = status.Pid != 0;
      double elapsed =
          std::chrono::duration<double>(Clock::now() - child.start).count();
      bool timedOut = !exited && elapsed > runner.timeoutSeconds;
      if (timedOut) {
        ::kill(child.process.Pid, SIGKILL);
        status = llvm::sys::Wait(child.process, std::nullopt, &error);
      }
      if (exited || timedOut) {
        onResult(child.index,
                 collectChild(child, status, timedOut, runner.timeoutSeconds));
        running.erase(running.begin() + i);
        progressed = true;
        continue;
      }
      ++i;
    }
    if (!progressed)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

} // namespace opencgc::driver
