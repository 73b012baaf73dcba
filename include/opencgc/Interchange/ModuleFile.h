//===- ModuleFile.h - CGC modules in text, bytecode and containers -*- C++
//-*-===//
//
// Reads and writes a cgc.module in its three interchange forms: MLIR text
// (.mlir), MLIR bytecode (.mlirbc) and MLIR bytecode in a DX Container tagged
// with an MLIR interface GUID (.cgc), as the D3D12 MLIR programs
// specification exchanges it ("Interchange Format", "MLIR Interfaces").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_MODULEFILE_H
#define OPENCGC_INTERCHANGE_MODULEFILE_H

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/MlirInterface.h"
#include "opencgc/Support/Version.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace opencgc {

enum class ModuleFormat { Text, Bytecode, Container };

/// The form a path's extension names (.mlir, .mlirbc, .cgc), if any.
std::optional<ModuleFormat> formatFromExtension(llvm::StringRef path);
llvm::StringRef getFormatName(ModuleFormat format);

/// The interface a module's contents imply: entry points are Input IR, a
/// program is Output IR, partitions without a program are Partition IR.
MlirInterface classifyModule(cgc::ModuleOp module);

struct LoadedModule {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  ModuleFormat format = ModuleFormat::Text;
  /// Set for containers: the interface and dialect version they declare.
  std::optional<MlirInterface> interface;
  std::optional<DialectVersion> version;
};

/// Loads and verifies a cgc.module from `path` ("-" reads stdin), whatever
/// its form. Problems are reported through the context's diagnostic
/// handlers, with file locations where there are any.
mlir::FailureOr<LoadedModule> loadModule(llvm::StringRef path,
                                         mlir::MLIRContext &context);
/// The same for a file's `contents` held in memory, reported as `name`.
mlir::FailureOr<LoadedModule> loadModuleFromMemory(llvm::StringRef contents,
                                                   llvm::StringRef name,
                                                   mlir::MLIRContext &context);

/// Serializes `module` as MLIR bytecode.
std::vector<uint8_t> writeModuleBytecode(cgc::ModuleOp module);

/// Writes `module` to `path` ("-" writes stdout) in `format`; containers are
/// tagged with `interface`, or with classifyModule's answer when unset.
/// Wraps `module` in a container tagged `interface` (bytecode + CGCI).
std::vector<uint8_t> writeModuleContainer(cgc::ModuleOp module,
                                          MlirInterface interface);

/// Reads a container held in memory (an MLIR exchange payload, a
/// partition): it must be tagged `expected` and hold one verified
/// cgc.module. Errors carry the diagnostics' text and name `what`.
llvm::Expected<mlir::OwningOpRef<cgc::ModuleOp>>
readModuleContainer(llvm::ArrayRef<uint8_t> bytes, mlir::MLIRContext &context,
                    MlirInterface expected, llvm::StringRef what);

mlir::LogicalResult
saveModule(cgc::ModuleOp module, llvm::StringRef path, ModuleFormat format,
           std::optional<MlirInterface> interface = std::nullopt);

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_MODULEFILE_H
