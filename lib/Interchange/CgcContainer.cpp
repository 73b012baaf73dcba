//===- CgcContainer.cpp - MLIR bytecode in a DX Container -----------------===//

#include "opencgc/Interchange/CgcContainer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace opencgc;
namespace endian = llvm::support::endian;

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

static std::vector<uint8_t> encodeInterfacePart(const CgcPayload &payload) {
  std::vector<uint8_t> part(kCgcInterfacePartSize, 0);
  auto guid = getInterfaceGuid(payload.interface).toBytes();
  std::copy(guid.begin(), guid.end(), part.begin());
  endian::write16le(&part[16], payload.version.major);
  endian::write16le(&part[18], payload.version.minor);
  endian::write16le(&part[20], payload.version.patch);
  return part; // bytes [22, 24) are the reserved field, zero
}

static std::vector<uint8_t> encodeBytecodePart(const CgcPayload &payload) {
  size_t length = payload.bytecode.size();
  std::vector<uint8_t> part(4 + llvm::alignTo(length, 4), 0);
  endian::write32le(&part[0], static_cast<uint32_t>(length));
  std::copy(payload.bytecode.begin(), payload.bytecode.end(), part.begin() + 4);
  return part;
}

std::vector<uint8_t> opencgc::writeCgcContainer(const CgcPayload &payload) {
  DxContainerWriter writer;
  writer.addPart(kCgcInterfacePartFourCC, encodeInterfacePart(payload));
  writer.addPart(kCgcBytecodePartFourCC, encodeBytecodePart(payload));
  return writer.finish(/*sign=*/true);
}

//===----------------------------------------------------------------------===//
// Inspection
//===----------------------------------------------------------------------===//

static std::string digestHex(const ContainerDigest &digest) {
  return llvm::toHex(digest, /*LowerCase=*/true);
}

static void checkDigest(CgcContainerInfo &info) {
  info.digestStatus = getDigestStatus(info.container);
  if (info.digestStatus != DigestStatus::Mismatch)
    return;
  // Everything after this point is untrustworthy, but still worth showing.
  info.problems.push_back(llvm::formatv(
      "container digest mismatch: stored {0}, computed {1} (the container "
      "was modified after it was signed)",
      digestHex(info.container.digest),
      digestHex(computeContainerDigest(info.container.bytes))));
}

/// The single part named `fourCC`; records a problem if it is missing or
/// repeated.
static const DxPart *findUniquePart(CgcContainerInfo &info, uint32_t fourCC,
                                    llvm::StringRef role) {
  size_t count = info.container.countParts(fourCC);
  if (count == 1)
    return info.container.findPart(fourCC);
  std::string name = fourCCToString(fourCC);
  if (count == 0)
    info.problems.push_back(
        llvm::formatv("missing '{0}' part ({1})", name, role));
  else
    info.problems.push_back(
        llvm::formatv("'{0}' part ({1}) appears {2} times, expected once", name,
                      role, count));
  return nullptr;
}

static void decodeInterfacePart(CgcContainerInfo &info, const DxPart &part,
                                DialectVersion reader) {
  if (part.data.size() != kCgcInterfacePartSize) {
    info.problems.push_back(
        llvm::formatv("'CGCI' part at offset {0} is {1} bytes, expected {2}",
                      part.offset, part.data.size(), kCgcInterfacePartSize));
    return;
  }
  Guid guid = Guid::fromBytes(part.data);
  DialectVersion version{endian::read16le(&part.data[16]),
                         endian::read16le(&part.data[18]),
                         endian::read16le(&part.data[20])};
  info.interfaceGuid = guid;
  info.version = version;
  info.interface = lookupInterface(guid);
  if (!info.interface)
    info.problems.push_back(
        llvm::formatv("unknown MLIR interface GUID {0}", guid.str()));
  if (!reader.canRead(version))
    info.problems.push_back(llvm::formatv(
        "container written by CGC dialects {0}, this build reads up to {1}.x",
        version.str(), reader.major));
}

static void decodeBytecodePart(CgcContainerInfo &info, const DxPart &part) {
  if (part.data.size() < 4) {
    info.problems.push_back(llvm::formatv(
        "'MLBC' part at offset {0} is {1} bytes, too small for its 4-byte "
        "length field",
        part.offset, part.data.size()));
    return;
  }
  uint32_t length = endian::read32le(part.data.data());
  llvm::ArrayRef<uint8_t> payload = part.data.drop_front(4);
  if (length > payload.size()) {
    info.problems.push_back(llvm::formatv(
        "'MLBC' bytecode length {0} exceeds the {1} bytes that follow the "
        "length field in the part at offset {2}",
        length, payload.size(), part.offset));
    return;
  }
  info.bytecode = payload.take_front(length);
  if (!info.bytecode->take_front(4).equals(kMlirBytecodeMagic))
    info.problems.push_back(llvm::formatv(
        "'MLBC' payload of {0} bytes does not start with the MLIR bytecode "
        "magic \"ML\\xEFR\"",
        length));
}

static void collectIgnoredParts(CgcContainerInfo &info) {
  for (const DxPart &part : info.container.parts)
    if (part.fourCC != kCgcInterfacePartFourCC &&
        part.fourCC != kCgcBytecodePartFourCC)
      info.ignoredParts.push_back(part.fourCC);
}

llvm::Expected<CgcContainerInfo>
opencgc::inspectCgcContainer(llvm::ArrayRef<uint8_t> bytes,
                             DialectVersion reader) {
  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  if (!view)
    return view.takeError();
  CgcContainerInfo info;
  info.container = std::move(*view);
  checkDigest(info);
  const DxPart *interfacePart =
      findUniquePart(info, kCgcInterfacePartFourCC, "MLIR interface");
  const DxPart *bytecodePart =
      findUniquePart(info, kCgcBytecodePartFourCC, "MLIR bytecode");
  if (interfacePart)
    decodeInterfacePart(info, *interfacePart, reader);
  if (bytecodePart)
    decodeBytecodePart(info, *bytecodePart);
  collectIgnoredParts(info);
  return info;
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

llvm::Expected<CgcPayload>
opencgc::readCgcContainer(llvm::ArrayRef<uint8_t> bytes,
                          DialectVersion reader) {
  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes, reader);
  if (!info)
    return info.takeError();
  if (!info->isValid())
    return llvm::createStringError(
        std::make_error_code(std::errc::illegal_byte_sequence),
        "invalid CGC container: " + info->problems.front());
  return CgcPayload{
      *info->interface, *info->version,
      std::vector<uint8_t>(info->bytecode->begin(), info->bytecode->end())};
}
