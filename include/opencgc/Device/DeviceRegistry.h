//===- DeviceRegistry.h - Every device opencgc knows ------------*- C++ -*-===//
//
// One entry per device: its name, what it is and needs, which command-line
// options it reads, what --capture records of it, how to open it to run
// programs and how to make the target `compile` asks for patterns. The CLI's
// choices and help, the run and compile drivers, the conformance runner,
// `opencgc devices` (and through it the table in docs/devices.md) are all
// read from here, so adding a device touches this table and the device's
// own folder only (docs/architecture.md).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_DEVICEREGISTRY_H
#define OPENCGC_DEVICE_DEVICEREGISTRY_H

#include "opencgc/Codegen/Precision.h"
#include "opencgc/Device/Device.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc::codegen {
struct KernelTarget;
} // namespace opencgc::codegen

namespace opencgc::device {

/// What every device opens with; each reads only the options its entry
/// names (DeviceEntry::options).
struct DeviceOptions {
  /// Keep compiled partitions on disk between runs (--no-cache: off).
  bool useCache = true;
  /// Where the cache is kept; empty: $OPENCGC_CACHE_DIR, else the user's
  /// cache directory (getCacheDirectory).
  std::string cacheDirectory;
  /// Record every dispatch into this directory (docs/capture.md).
  std::string captureDirectory;
  /// DXIL compute shader model cs_6_<minor> (--shader-model 6.N).
  unsigned dxilShaderModelMinor = 0;
  /// The test target's cgc_pattern declaration file (--declarations).
  std::string declarationsPath;
  /// The kernel target kernels are configured for instead of the device's
  /// own (--kernel-target; null: the device's).
  const codegen::KernelTarget *kernelTarget = nullptr;
  /// How float32 products are computed (--precision; tensor cores where
  /// the kernel target has them).
  codegen::Precision precision = codegen::Precision::Fp32;
};

/// The DeviceOptions fields an entry reads, as bits.
enum DeviceOptionUse : unsigned {
  kUsesCache = 1u << 0,
  kUsesCapture = 1u << 1,
  kUsesShaderModel = 1u << 2,
  kUsesDeclarations = 1u << 3,
  kUsesKernelTarget = 1u << 4,
};

using DeviceFactory = llvm::Expected<std::unique_ptr<Device>> (*)(
    mlir::MLIRContext &context, const DeviceOptions &options);

struct DeviceEntry {
  /// What --device and --target take.
  llvm::StringLiteral name;
  /// One line: what runs the kernels, and in which language.
  llvm::StringLiteral summary;
  /// What must be present on the machine to run on it.
  llvm::StringLiteral requirement;
  /// The kernel language --capture records ("": it runs no kernels).
  llvm::StringLiteral captureLanguage;
  /// Another name --target accepts for it ("" for none).
  llvm::StringLiteral alias;
  /// DeviceOptionUse bits.
  unsigned options = 0;
  /// Opens the device to run programs; null for a target that only
  /// compiles.
  DeviceFactory open = nullptr;
  /// The target `compile` asks for subgraph patterns (no hardware needed
  /// where the device can say so); null for the reference device, which is
  /// every compilation's fallback and needs no asking.
  DeviceFactory compileTarget = nullptr;
  /// When the device cannot be opened, run on the reference device instead
  /// (with a note saying why) rather than fail.
  bool fallsBackToReference = false;

  bool canRun() const { return open != nullptr; }
  bool canCapture() const { return !captureLanguage.empty(); }
  bool reads(DeviceOptionUse option) const { return options & option; }
};

/// The device a subcommand uses when none is named: the same for run,
/// bench, conformance and compile.
inline constexpr llvm::StringLiteral kDefaultDeviceName = "vulkan";

/// Every entry, in the order help and tables list them.
llvm::ArrayRef<DeviceEntry> getDeviceRegistry();

/// The entry named (or aliased) `name`; null if there is none.
const DeviceEntry *lookupDevice(llvm::StringRef name);

/// The targets `compile --target NAME` asks for subgraph patterns: the
/// compile target of the entry named or aliased `name` (none for the
/// reference device, which every compilation falls back to unasked).
/// `options.declarationsPath` belongs to the test target only.
llvm::Expected<std::vector<std::unique_ptr<Device>>>
createCompileTargets(llvm::StringRef name, const DeviceOptions &options,
                     mlir::MLIRContext &context);

/// "a, b, c": the names of the entries `keep` keeps, in registry order
/// (with their aliases when `withAliases`).
/// The device that takes whatever the targets leave: the reference
/// device. The compiler knows it only through this.
llvm::Expected<std::unique_ptr<Device>>
createFallbackTarget(mlir::MLIRContext &context);

std::string joinDeviceNames(llvm::function_ref<bool(const DeviceEntry &)> keep,
                            bool withAliases = false);

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_DEVICEREGISTRY_H
