//===- Conformance.h - Run ONNX backend tests -------------------*- C++ -*-===//
//
// Finds ONNX backend test folders (model.onnx + test_data_set_*/input_*.pb,
// output_*.pb), runs each in a child process so that a crash or a hang in
// one test cannot stop the run, and compares outputs with ONNX's default
// tolerances (rtol 1e-3, atol 1e-7).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DRIVER_CONFORMANCE_H
#define OPENCGC_DRIVER_CONFORMANCE_H

#include "opencgc/Driver/Devices.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::driver {

struct ConformanceTest {
  std::string name;
  std::string directory;
};

enum class TestStatus { Passed, Failed, Skipped };
llvm::StringRef getStatusName(TestStatus status);

struct TestResult {
  TestStatus status = TestStatus::Failed;
  std::string reason;
  double seconds = 0;
  /// For a device run: how many partitions each device ran ("nvvm-host" ->
  /// 2, "reference" -> 1), so a count of device passes counts only tests
  /// whose kernels ran on that device.
  std::map<std::string, unsigned> partitionsOnDevice;
};

/// Every test folder under `roots` (searched recursively), sorted by name.
std::vector<ConformanceTest> discoverTests(llvm::ArrayRef<std::string> roots);

/// How a test runs.
enum class ExecutionMode {
  /// The Input IR on the reference interpreter.
  Reference,
  /// Also compiled to Output IR (compileModule, reference target only) and
  /// run by the program executor on the reference device; its outputs must
  /// equal the interpreter's bit for bit, and both must match the expected
  /// outputs.
  Compiled,
  /// Compiled for a device's target first (vulkan, nvvm-host) and run with
  /// its partitions and reference ones; the outputs must match the expected
  /// outputs within ONNX tolerance.
  Device,
};

/// Runs one test in this process on the reference device: unsupported ops
/// give Skipped, errors and mismatches Failed.
TestResult runTest(const ConformanceTest &test, mlir::MLIRContext &context,
                   ExecutionMode mode = ExecutionMode::Reference,
                   llvm::StringRef deviceName = "vulkan",
                   const DeviceOptions &deviceOptions = {});

/// Runs one test by executing `selfExecutable` with `childArgs` + the test
/// folder, killing it after `timeoutSeconds`.
struct ChildRunner {
  std::string selfExecutable;
  std::vector<std::string> childArgs;
  /// Arguments for one test's child, after childArgs (may be empty).
  std::function<std::vector<std::string>(const ConformanceTest &)> perTestArgs;
  unsigned timeoutSeconds = 120;
};

/// Runs `tests` in up to `jobs` child processes, calling `onResult` in
/// completion order.
void runIsolated(
    const std::vector<ConformanceTest> &tests, const ChildRunner &runner,
    unsigned jobs,
    llvm::function_ref<void(size_t index, const TestResult &)> onResult);

/// The one-line form a child prints and the parent parses.
std::string encodeResult(const TestResult &result);
TestResult decodeResult(llvm::StringRef line);

} // namespace opencgc::driver

#endif // OPENCGC_DRIVER_CONFORMANCE_H
