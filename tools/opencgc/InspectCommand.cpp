//===- InspectCommand.cpp - opencgc inspect -------------------------------===//
//
// Shows what a file holds: for a DX Container its header, parts, digest,
// MLIR interface and dialect version (any DX Container, DXIL shaders
// included); for a CGC module, in any form, a summary of its entry points,
// programs, partitions, subgraphs and bind points.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/CgcContainer.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace opencgc::cli {
cl::SubCommand inspectCommand(
    "inspect", "Show a container's parts, interface and dialect version, and "
               "a summary of the module it holds");

namespace {
cl::opt<std::string> inspectPath(cl::Positional, cl::Required,
                                 cl::desc("<file .cgc|.mlir|.mlirbc|.dxil>"),
                                 cl::sub(inspectCommand));

void printDigest(const ContainerDigest &digest, raw_ostream &os) {
  for (uint8_t byte : digest)
    os << format_hex_no_prefix(byte, 2);
}

void printContainer(const CgcContainerInfo &info, raw_ostream &os) {
  const DxContainerView &view = info.container;
  os << "container: " << fourCCToString(view.fourCC) << " " << view.majorVersion
     << "." << view.minorVersion << ", " << view.containerSize << " bytes, "
     << view.parts.size() << " parts\n";
  os << "digest: ";
  printDigest(view.digest, os);
  os << " (" << getDigestStatusName(info.digestStatus) << ")\n";
  os << "parts:\n";
  for (auto [index, part] : llvm::enumerate(view.parts))
    os << "  #" << index << " " << fourCCToString(part.fourCC) << "  offset "
       << part.offset << "  size " << part.data.size() << "\n";
  if (info.interfaceGuid) {
    os << "interface: "
       << (info.interface ? getInterfaceName(*info.interface)
                          : StringRef("unknown"))
       << " " << info.interfaceGuid->str() << "\n";
  }
  if (info.version)
    os << "dialect version: " << info.version->str() << "\n";
}

int inspectContainer(std::unique_ptr<MemoryBuffer> file,
                     mlir::MLIRContext &context) {
  ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(file->getBufferStart()),
      file->getBufferSize());
  Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  if (!info) {
    WithColor::error(errs(), "opencgc inspect")
        << inspectPath << ": " << toString(info.takeError()) << "\n";
    return 1;
  }
  outs() << "file: " << inspectPath << "\n";
  printContainer(*info, outs());
  if (!info->isValid()) {
    for (const std::string &problem : info->problems)
      WithColor::error(errs(), "opencgc inspect")
          << inspectPath << ": not a readable CGC container: " << problem
          << "\n";
    return 1;
  }
  FailureOr<LoadedModule> loaded = loadModule(inspectPath, context);
  if (failed(loaded))
    return 1;
  printModuleSummary(loaded->module.get(), outs());
  return 0;
}
} // namespace

int runInspect(mlir::MLIRContext &context) {
  auto file = MemoryBuffer::getFileOrSTDIN(inspectPath, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!file) {
    WithColor::error(errs(), "opencgc inspect")
        << "cannot read '" << inspectPath << "': " << file.getError().message()
        << "\n";
    return 1;
  }
  if ((*file)->getBuffer().starts_with("DXBC"))
    return inspectContainer(std::move(*file), context);
  FailureOr<LoadedModule> loaded = loadModule(inspectPath, context);
  if (failed(loaded))
    return 1;
  outs() << "file: " << inspectPath << " (" << getFormatName(loaded->format)
         << ")\n";
  printModuleSummary(loaded->module.get(), outs());
  return 0;
}
} // namespace opencgc::cli
