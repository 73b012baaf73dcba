//===- ConformanceCommand.cpp - opencgc conformance -----------------------===//
//
// Runs every ONNX backend test found under the given folders, each in its
// own process (a crash or hang fails that test only), prints one line per
// test that did not pass, progress on stderr, and the summary line
// "N passed, N failed, N skipped" last.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "SharedOptions.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Driver/Conformance.h"
#include "opencgc/Driver/Devices.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand
    conformanceCommand("conformance",
                       "Run ONNX backend tests (model.onnx + test_data_set_*) "
                       "and compare with ONNX tolerances");

namespace {
cl::list<std::string> testRoots(cl::Positional, cl::desc("<dir>..."),
                                cl::sub(conformanceCommand));
cl::opt<std::string> jsonPath("json",
                              cl::desc("Write one record per test to FILE"),
                              cl::value_desc("FILE"),
                              cl::sub(conformanceCommand));
cl::opt<std::string> filter("filter",
                            cl::desc("Run only tests whose name matches"),
                            cl::value_desc("REGEX"),
                            cl::sub(conformanceCommand));
cl::opt<unsigned> jobs("jobs", cl::desc("Tests run in parallel"), cl::init(2),
                       cl::sub(conformanceCommand));
cl::opt<unsigned> timeout("timeout",
                          cl::desc("Seconds before a test is "
                                   "killed and failed"),
                          cl::init(120), cl::sub(conformanceCommand));
cl::opt<bool> compiled("compiled",
                       cl::desc("Also compile each test to Output IR and run "
                                "it with the program executor; its outputs "
                                "must equal the Input IR reference bit for "
                                "bit"),
                       cl::sub(conformanceCommand));
cl::opt<bool> runOne("run-one", cl::Hidden,
                     cl::desc("Run the single test folder given, in this "
                              "process, and print its encoded result"),
                     cl::sub(conformanceCommand));

/// A one-line form of a reason. The importer lists one problem per node on
/// the lines after the first ("  node 'n' (OpType, opset 13): problem");
/// those become "OpType: problem", each distinct one once.
std::string summarize(StringRef reason) {
  auto [head, tail] = reason.split('\n');
  if (tail.empty())
    return head.str();
  SmallVector<StringRef> lines;
  tail.split(lines, '\n');
  std::vector<std::string> problems;
  for (StringRef line : lines) {
    auto [where, problem] = line.split("): ");
    StringRef opType = where.rsplit(" (").second.split(',').first;
    std::string entry = (opType + ": " + problem).str();
    if (!llvm::is_contained(problems, entry))
      problems.push_back(entry);
  }
  return llvm::join(problems, "; ");
}

/// {"nvvm-host": 2, "reference": 1}: the partitions each device ran.
json::Object partitionsJson(const driver::TestResult &result) {
  json::Object object;
  for (const auto &[device, count] : result.partitionsOnDevice)
    object[device] = count;
  return object;
}

Error writeJson(const std::vector<driver::ConformanceTest> &tests,
                const std::vector<driver::TestResult> &results) {
  json::Array records;
  for (auto [test, result] : llvm::zip(tests, results))
    records.push_back(
        json::Object{{"name", test.name},
                     {"status", driver::getStatusName(result.status)},
                     {"reason", result.reason},
                     {"seconds", result.seconds},
                     {"partitions", partitionsJson(result)}});
  std::error_code ec;
  raw_fd_ostream os(jsonPath, ec);
  if (ec)
    return createStringError(ec, "cannot write '" + jsonPath +
                                     "': " + ec.message());
  os << formatv("{0:2}", json::Value(std::move(records))) << "\n";
  return Error::success();
}

/// Each test records into DIR/<its name, '/' as '__'>: the child is given
/// that folder through --capture, which it must find absent or empty.
Error prepareCaptures(const std::vector<driver::ConformanceTest> &tests,
                      llvm::StringRef captureRoot,
                      driver::ChildRunner &runner) {
  if (!getChosenDevice().canCapture())
    return createStringError("--capture needs a device that runs kernels");
  if (std::error_code ec = sys::fs::create_directories(captureRoot))
    return createStringError(ec, "cannot create '" + captureRoot +
                                     "': " + ec.message());
  runner.perTestArgs =
      [captureRoot = captureRoot.str()](const driver::ConformanceTest &test) {
        std::string name = test.name;
        for (size_t at = name.find('/'); at != std::string::npos;
             at = name.find('/', at))
          name.replace(at, 1, "__");
        SmallString<256> folder(captureRoot);
        sys::path::append(folder, name);
        return std::vector<std::string>{"--capture=" + folder.str().str()};
      };
  return Error::success();
}

int runChild(mlir::MLIRContext &context) {
  if (testRoots.size() != 1)
    return 2;
  driver::ConformanceTest test{testRoots.front(), testRoots.front()};
  llvm::StringRef device = getChosenDevice().name;
  driver::ExecutionMode mode = device != device::kReferenceTargetName
                                   ? driver::ExecutionMode::Device
                               : compiled ? driver::ExecutionMode::Compiled
                                          : driver::ExecutionMode::Reference;
  // The parent checked --shader-model before starting children.
  Expected<device::DeviceOptions> deviceOptions = getDeviceOptions();
  if (!deviceOptions) {
    consumeError(deviceOptions.takeError());
    return 2;
  }
  outs() << driver::encodeResult(
                driver::runTest(test, context, mode, device, *deviceOptions))
         << "\n";
  return 0;
}
} // namespace

int runConformance(mlir::MLIRContext &context) {
  if (runOne)
    return runChild(context);
  Expected<device::DeviceOptions> deviceOptions = getDeviceOptions();
  if (!deviceOptions) {
    WithColor::error(errs(), "opencgc conformance")
        << toString(deviceOptions.takeError()) << "\n";
    return 1;
  }
  llvm::StringRef device = getChosenDevice().name;
  if (device != device::kReferenceTargetName) {
    // Every test would fail the same way; say it once.
    auto devices = driver::openDevices(device, context);
    if (!devices || !devices->fallbackNote.empty()) {
      WithColor::error(errs(), "opencgc conformance")
          << (devices ? devices->fallbackNote : toString(devices.takeError()))
          << "\n";
      return 1;
    }
  }
  if (testRoots.empty()) {
    WithColor::error(errs(), "opencgc conformance")
        << "give at least one folder to search for tests\n";
    return 1;
  }
  std::vector<driver::ConformanceTest> tests = driver::discoverTests(testRoots);
  if (!filter.empty()) {
    Regex regex(filter);
    std::string error;
    if (!regex.isValid(error)) {
      WithColor::error(errs(), "opencgc conformance")
          << "invalid --filter: " << error << "\n";
      return 1;
    }
    llvm::erase_if(tests, [&](const driver::ConformanceTest &test) {
      return !regex.match(test.name);
    });
  }
  driver::ChildRunner runner;
  runner.selfExecutable = getSelfExecutable();
  runner.childArgs = {"conformance", "--run-one"};
  if (compiled)
    runner.childArgs.push_back("--compiled");
  llvm::append_range(runner.childArgs, getDeviceArguments());
  if (!deviceOptions->captureDirectory.empty())
    if (Error error =
            prepareCaptures(tests, deviceOptions->captureDirectory, runner)) {
      WithColor::error(errs(), "opencgc conformance")
          << toString(std::move(error)) << "\n";
      return 1;
    }
  runner.timeoutSeconds = timeout;
  std::vector<driver::TestResult> results(tests.size());
  size_t done = 0, counts[3] = {0, 0, 0};
  bool interactive = sys::Process::StandardErrIsDisplayed();
  driver::runIsolated(
      tests, runner, jobs, [&](size_t index, const driver::TestResult &result) {
        results[index] = result;
        ++counts[static_cast<int>(result.status)];
        if (result.status != driver::TestStatus::Passed)
          outs() << tests[index].name << ": "
                 << (result.status == driver::TestStatus::Skipped ? "skipped, "
                                                                  : "")
                 << summarize(result.reason) << "\n";
        ++done;
        if (interactive || done % 50 == 0 || done == tests.size())
          errs() << "[" << done << "/" << tests.size() << "] " << counts[0]
                 << " passed, " << counts[1] << " failed, " << counts[2]
                 << " skipped" << (interactive ? "\r" : "\n");
        outs().flush();
      });
  if (interactive)
    errs() << "\n";
  if (!jsonPath.empty())
    if (Error error = writeJson(tests, results)) {
      WithColor::error(errs(), "opencgc conformance")
          << toString(std::move(error)) << "\n";
      return 1;
    }
  // Only tests whose kernels ran on the device count as its passes.
  size_t onDevice = llvm::count_if(results, [&](const driver::TestResult &r) {
    auto found = r.partitionsOnDevice.find(device.str());
    return r.status == driver::TestStatus::Passed &&
           found != r.partitionsOnDevice.end() && found->second > 0;
  });
  outs() << counts[0] << " passed, " << counts[1] << " failed, " << counts[2]
         << " skipped\n";
  if (device != device::kReferenceTargetName)
    outs() << counts[0] << " passed, of which " << onDevice
           << " ran kernels on " << device << "\n";
  return 0;
}
} // namespace opencgc::cli
