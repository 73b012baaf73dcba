//===- CGCBytecodeVersion.cpp - Dialect version in bytecode ---------------===//
#include "opencgc/Dialect/CGC/CGCBytecodeVersion.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/Dialect.h"
#include "opencgc/Support/Version.h"

using namespace mlir;

namespace {
struct CGCBytecodeDialectVersion : public mlir::DialectVersion {
  explicit CGCBytecodeDialectVersion(opencgc::DialectVersion version)
      : version(version) {}
  opencgc::DialectVersion version;
};

struct CGCBytecodeInterface : public BytecodeDialectInterface {
  explicit CGCBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  void writeVersion(DialectBytecodeWriter &writer) const override {
    opencgc::DialectVersion version = opencgc::kCgcDialectVersion;
    auto requested = writer.getDialectVersion(getDialect()->getNamespace());
    if (succeeded(requested))
      version =
          static_cast<const CGCBytecodeDialectVersion *>(*requested)->version;
    writer.writeVarInt(version.major);
    writer.writeVarInt(version.minor);
    writer.writeVarInt(version.patch);
  }

  std::unique_ptr<mlir::DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    uint64_t major, minor, patch;
    if (failed(reader.readVarInt(major)) || failed(reader.readVarInt(minor)) ||
        failed(reader.readVarInt(patch)))
      return nullptr;
    opencgc::DialectVersion read{static_cast<uint16_t>(major),
                                 static_cast<uint16_t>(minor),
                                 static_cast<uint16_t>(patch)};
    if (major > UINT16_MAX || !opencgc::kCgcDialectVersion.canRead(read)) {
      reader.emitError() << "bytecode was written by CGC dialects " << major
                         << "." << minor << "." << patch << " (dialect '"
                         << getDialect()->getNamespace()
                         << "'); this build reads up to version "
                         << opencgc::kCgcDialectVersion.major << ".x";
      return nullptr;
    }
    return std::make_unique<CGCBytecodeDialectVersion>(read);
  }
};
} // namespace

void opencgc::cgc::addVersionedBytecodeInterface(Dialect *dialect) {
  dialect->addInterfaces<CGCBytecodeInterface>();
}

std::unique_ptr<mlir::DialectVersion>
opencgc::cgc::makeBytecodeDialectVersion(opencgc::DialectVersion version) {
  return std::make_unique<CGCBytecodeDialectVersion>(version);
}
