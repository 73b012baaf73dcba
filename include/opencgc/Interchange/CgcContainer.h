//===- CgcContainer.h - MLIR bytecode in a DX Container ---------*- C++ -*-===//
//
// How opencgc exchanges MLIR: a DX Container with two parts, in this order
// (docs/container-format.md has the byte layout):
//   'CGCI' (24 bytes): interface GUID[16], u16 dialect major, minor, patch,
//                      u16 reserved (written as 0, ignored on read).
//   'MLBC': u32 bytecode length, the MLIR bytecode, zero padding to 4 bytes.
// Writers sign the container digest. Readers ignore other parts.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_INTERCHANGE_CGCCONTAINER_H
#define OPENCGC_INTERCHANGE_CGCCONTAINER_H

#include "opencgc/Interchange/DxContainer.h"
#include "opencgc/Interchange/MlirInterface.h"
#include "opencgc/Support/Version.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace opencgc {

inline constexpr uint32_t kCgcInterfacePartFourCC = makeFourCC("CGCI");
inline constexpr uint32_t kCgcBytecodePartFourCC = makeFourCC("MLBC");
inline constexpr size_t kCgcInterfacePartSize = 24;
/// Every MLIR bytecode file starts with "ML\xefR".
inline constexpr uint8_t kMlirBytecodeMagic[4] = {'M', 'L', 0xef, 'R'};

struct CgcPayload {
  MlirInterface interface = MlirInterface::CgcInput;
  DialectVersion version = kCgcDialectVersion;
  std::vector<uint8_t> bytecode;
};

/// A signed container holding `payload`. The bytecode is not checked here;
/// readCgcContainer rejects bytecode without the MLIR magic.
std::vector<uint8_t> writeCgcContainer(const CgcPayload &payload);

/// What a container holds, including what is wrong with it, for tools that
/// must describe a container rather than load it.
struct CgcContainerInfo {
  /// Header and every part, known or not.
  DxContainerView container;
  DigestStatus digestStatus = DigestStatus::Unsigned;
  /// Set when a well-formed CGCI part is present.
  std::optional<Guid> interfaceGuid;
  std::optional<DialectVersion> version;
  /// Set when the GUID is one of the specification's interfaces.
  std::optional<MlirInterface> interface;
  /// The unpadded MLBC payload, when its length field fits the part.
  std::optional<llvm::ArrayRef<uint8_t>> bytecode;
  /// Parts other than CGCI and MLBC, which readers skip.
  std::vector<uint32_t> ignoredParts;
  /// Why readCgcContainer rejects the container, most fundamental first.
  std::vector<std::string> problems;

  bool isValid() const { return problems.empty(); }
};

/// Decodes everything it can. Fails only where parseDxContainer fails;
/// CGC-level problems are collected in `problems`. `reader` is the newest
/// dialect version the caller understands. The result borrows `bytes`.
llvm::Expected<CgcContainerInfo>
inspectCgcContainer(llvm::ArrayRef<uint8_t> bytes,
                    DialectVersion reader = kCgcDialectVersion);

/// Reads a container, rejecting any of inspectCgcContainer's problems: a
/// digest mismatch, missing or repeated CGCI/MLBC parts, a CGCI of the wrong
/// size, an unknown interface GUID, a dialect major version newer than
/// `reader`, an MLBC length past its part, or bytecode without MLIR magic.
llvm::Expected<CgcPayload>
readCgcContainer(llvm::ArrayRef<uint8_t> bytes,
                 DialectVersion reader = kCgcDialectVersion);

} // namespace opencgc

#endif // OPENCGC_INTERCHANGE_CGCCONTAINER_H
