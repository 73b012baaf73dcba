//===- ModuleFile.cpp - CGC modules in text, bytecode and containers ------===//
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/CgcContainer.h"
#include "opencgc/Interchange/MlirBytecodeCheck.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace opencgc {

std::optional<ModuleFormat> formatFromExtension(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  if (ext == ".mlir")
    return ModuleFormat::Text;
  if (ext == ".mlirbc")
    return ModuleFormat::Bytecode;
  if (ext == ".cgc")
    return ModuleFormat::Container;
  return std::nullopt;
}

llvm::StringRef getFormatName(ModuleFormat format) {
  switch (format) {
  case ModuleFormat::Text:
    return "MLIR text";
  case ModuleFormat::Bytecode:
    return "MLIR bytecode";
  case ModuleFormat::Container:
    return "DX Container";
  }
  llvm_unreachable("unknown format");
}

MlirInterface classifyModule(cgc::ModuleOp module) {
  Block *body = module.getBodyBlock();
  // By name: the interchange layer does not link the cgc_pattern dialect.
  if (llvm::any_of(body->getOperations(), [](Operation &op) {
        return op.getName().getStringRef() == "cgc_pattern.declaration";
      }))
    return MlirInterface::CgcSubgraphDeclaration;
  if (!body->getOps<cgc::ProgramOp>().empty())
    return MlirInterface::CgcOutput;
  if (!body->getOps<cgc::PartitionOp>().empty())
    return MlirInterface::CgcSubgraphPartition;
  return MlirInterface::CgcInput;
}

static bool startsWith(llvm::StringRef bytes, llvm::StringRef magic) {
  return bytes.size() >= magic.size() && bytes.starts_with(magic);
}

/// Refuses an op whose attribute dictionary names an attribute twice. The
/// text parser refuses duplicate names; MLIR's bytecode reader keeps them
/// (sorted, so next to each other), and accessors look names up by binary
/// search: the module-load fuzzer found a cgc_op.convolution with two
/// `group`s (one of them an array), whose shape inference read the array as
/// the integer (a null dereference) before any verifier saw the op.
static LogicalResult checkAttributeNames(Block &block) {
  WalkResult walk = block.walk([](Operation *op) {
    ArrayRef<NamedAttribute> attributes = op->getAttrs();
    for (size_t i = 1; i < attributes.size(); ++i)
      if (attributes[i].getName() == attributes[i - 1].getName()) {
        op->emitOpError() << "has the attribute '"
                          << attributes[i].getName().getValue() << "' twice";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Parses text or bytecode held in `buffer` and checks that it is one
/// verified cgc.module.
static FailureOr<OwningOpRef<cgc::ModuleOp>>
parseModuleBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                  MLIRContext &context, bool reportWithSource = true) {
  std::string name = buffer->getBufferIdentifier().str();
  // MLIR's bytecode reader trusts its input's lengths and counts: check
  // the buffer it will read first (docs/mlir-bytecode-check.md).
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(buffer->getBufferStart()),
      buffer->getBufferSize());
  if (hasMlirBytecodeMagic(bytes))
    if (llvm::Error error = checkMlirBytecode(bytes))
      return emitError(FileLineColLoc::get(&context, name, 0, 0))
                 << llvm::toString(std::move(error)),
             failure();
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  // Report problems as file:line:col with the offending source line,
  // unless the caller collects the diagnostics itself.
  std::optional<SourceMgrDiagnosticHandler> handler;
  if (reportWithSource)
    handler.emplace(*sourceMgr, &context);
  Block block;
  // Verified below, once the attribute names are known to be usable.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  if (failed(parseSourceFile(sourceMgr, &block, config)) ||
      failed(checkAttributeNames(block)))
    return failure();
  for (Operation &op : block)
    if (failed(verify(&op)))
      return failure();
  auto fileLoc = FileLineColLoc::get(&context, name, 1, 1);
  if (!llvm::hasSingleElement(block.getOperations()))
    return emitError(fileLoc)
               << "expected exactly one top-level "
               << "cgc.module, found " << block.getOperations().size()
               << " top-level ops",
           failure();
  auto module = dyn_cast<cgc::ModuleOp>(block.front());
  if (!module)
    return emitError(block.front().getLoc())
               << "expected a cgc.module at the top level, found '"
               << block.front().getName() << "'",
           failure();
  module->remove();
  return OwningOpRef<cgc::ModuleOp>(module);
}

/// The container's interface must agree with what the module holds, when
/// the interface is one whose contents we can recognize.
static LogicalResult checkInterface(cgc::ModuleOp module,
                                    MlirInterface declared,
                                    llvm::StringRef path) {
  bool recognizable = declared == MlirInterface::CgcInput ||
                      declared == MlirInterface::CgcOutput ||
                      declared == MlirInterface::CgcSubgraphPartition ||
                      declared == MlirInterface::CgcSubgraphDeclaration;
  MlirInterface actual = classifyModule(module);
  if (!recognizable || actual == declared)
    return success();
  return emitError(UnknownLoc::get(module.getContext()))
         << path << ": container is tagged " << getInterfaceName(declared)
         << " but its module holds " << getInterfaceName(actual) << " content";
}

static FailureOr<LoadedModule>
loadContainer(std::unique_ptr<llvm::MemoryBuffer> file, llvm::StringRef path,
              MLIRContext &context) {
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(file->getBufferStart()),
      file->getBufferSize());
  auto payload = readCgcContainer(bytes);
  if (!payload)
    return emitError(UnknownLoc::get(&context))
               << path << ": " << llvm::toString(payload.takeError()),
           failure();
  llvm::StringRef bytecode(
      reinterpret_cast<const char *>(payload->bytecode.data()),
      payload->bytecode.size());
  auto buffer =
      llvm::MemoryBuffer::getMemBufferCopy(bytecode, (path + ":MLBC").str());
  auto module = parseModuleBuffer(std::move(buffer), context);
  if (failed(module) ||
      failed(checkInterface(module->get(), payload->interface, path)))
    return failure();
  LoadedModule loaded;
  loaded.module = std::move(*module);
  loaded.format = ModuleFormat::Container;
  loaded.interface = payload->interface;
  loaded.version = payload->version;
  return loaded;
}

FailureOr<LoadedModule> loadModuleFromMemory(llvm::StringRef contents,
                                             llvm::StringRef name,
                                             MLIRContext &context) {
  // Copies: the text parser wants a null-terminated buffer, and the
  // container reader's view of `contents` must outlive the caller's.
  if (startsWith(contents, "DXBC"))
    return loadContainer(llvm::MemoryBuffer::getMemBufferCopy(contents, name),
                         name, context);
  LoadedModule loaded;
  loaded.format = startsWith(contents, "ML\xef\x52") ? ModuleFormat::Bytecode
                                                     : ModuleFormat::Text;
  auto module = parseModuleBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(contents, name), context);
  if (failed(module))
    return failure();
  loaded.module = std::move(*module);
  return loaded;
}

FailureOr<LoadedModule> loadModule(llvm::StringRef path, MLIRContext &context) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false,
                                                 /*RequiresNullTerminator=*/
                                                 false);
  if (std::error_code error = file.getError())
    return emitError(UnknownLoc::get(&context))
               << "cannot read '" << path << "': " << error.message(),
           failure();
  return loadModuleFromMemory((*file)->getBuffer(), path, context);
}

std::vector<uint8_t> writeModuleBytecode(cgc::ModuleOp module) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  // Writing to memory cannot fail for a verified module.
  (void)writeBytecodeToFile(module, os);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

LogicalResult saveModule(cgc::ModuleOp module, llvm::StringRef path,
                         ModuleFormat format,
                         std::optional<MlirInterface> interface) {
  std::string error;
  auto output = openOutputFile(path, &error);
  if (!output)
    return emitError(module.getLoc())
           << "cannot write '" << path << "': " << error;
  switch (format) {
  case ModuleFormat::Text:
    module->print(output->os());
    output->os() << "\n";
    break;
  case ModuleFormat::Bytecode:
    if (failed(writeBytecodeToFile(module, output->os())))
      return emitError(module.getLoc()) << "cannot write bytecode";
    break;
  case ModuleFormat::Container: {
    CgcPayload payload;
    payload.interface = interface.value_or(classifyModule(module));
    payload.version = kCgcDialectVersion;
    payload.bytecode = writeModuleBytecode(module);
    std::vector<uint8_t> bytes = writeCgcContainer(payload);
    output->os().write(reinterpret_cast<const char *>(bytes.data()),
                       bytes.size());
    break;
  }
  }
  output->keep();
  return success();
}

std::vector<uint8_t> writeModuleContainer(cgc::ModuleOp module,
                                          MlirInterface interface) {
  CgcPayload payload;
  payload.interface = interface;
  payload.version = kCgcDialectVersion;
  payload.bytecode = writeModuleBytecode(module);
  return writeCgcContainer(payload);
}

llvm::Expected<OwningOpRef<cgc::ModuleOp>>
readModuleContainer(llvm::ArrayRef<uint8_t> bytes, MLIRContext &context,
                    MlirInterface expected, llvm::StringRef what) {
  auto payload = readCgcContainer(bytes);
  if (!payload)
    return llvm::createStringError(what + ": " +
                                   llvm::toString(payload.takeError()));
  if (payload->interface != expected)
    return llvm::createStringError(
        what + ": expected a " + getInterfaceName(expected) +
        " container, got " + getInterfaceName(payload->interface));
  std::string messages;
  ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diagnostic) {
    messages += (messages.empty() ? "" : "; ") + diagnostic.str();
    return success();
  });
  llvm::StringRef bytecode(
      reinterpret_cast<const char *>(payload->bytecode.data()),
      payload->bytecode.size());
  auto module = parseModuleBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(bytecode, (what + ":MLBC").str()),
      context, /*reportWithSource=*/false);
  if (failed(module))
    return llvm::createStringError(what + ": " + messages);
  return std::move(*module);
}

} // namespace opencgc
