//===- DxilContainer.h - A DXIL compute shader's DX container ---*- C++ -*-===//
//
// Writes the container D3D12 takes for a compute shader, laid out as DXC
// lays it out (shared/reference/dxil-format.md section 1, docs/
// dxil-container.md): the parts SFI0, ISG1, OSG1, PSV0, HASH and DXIL in
// that order, signed with the container digest. What each part holds comes
// from a DxilShaderDescription: the values the module's own metadata says
// (dx.shaderModel, dx.valver, dx.resources, dx.entryPoints) and its LLVM
// 3.7 bitcode.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_DXILCONTAINER_H
#define OPENCGC_CODEGEN_DXILCONTAINER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace opencgc::dxil {

/// DXIL's resource classes, numbered as createHandle's class operand.
enum class ResourceClass : uint8_t { SRV = 0, UAV = 1, CBV = 2 };

/// The buffer shapes a compute kernel binds (ResourceKind TypedBuffer,
/// RawBuffer, StructuredBuffer; a CBV is always a CBuffer).
enum class BufferKind : uint8_t { Typed, Raw, Structured };

/// The range size of an unbounded range (`i32 -1` in dx.resources).
inline constexpr uint32_t kUnboundedRange = 0xFFFFFFFF;

/// One record of dx.resources.
struct ResourceBinding {
  ResourceClass resourceClass = ResourceClass::SRV;
  /// Ignored for CBVs.
  BufferKind kind = BufferKind::Raw;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  /// Registers in the range, or kUnboundedRange.
  uint32_t count = 1;
  /// A structured buffer's element stride. It is in dx.resources only; no
  /// container part records it.
  uint32_t stride = 0;
  /// A structured UAV with a hidden counter.
  bool hasCounter = false;
  /// 64-bit atomics on the resource (tag 3 of its dx.resources tags).
  bool usedByAtomic64 = false;
};

struct DxilVersion {
  unsigned major = 1;
  unsigned minor = 0;
};

/// What the container says about a compute shader.
struct DxilShaderDescription {
  /// cs_6_<minor>; the DXIL version is 1.<minor> (reference section 3.1).
  unsigned shaderModelMinor = 0;
  /// dx.valver: it picks the PSV0 version and whether HASH is written.
  DxilVersion validator = {1, 7};
  std::array<uint32_t, 3> numThreads = {1, 1, 1};
  /// The wave lane range of a WaveSize tag (minimum, maximum); none means
  /// any (PSV0 writes 0 and 0xFFFFFFFF).
  std::optional<std::array<uint32_t, 2>> waveLanes;
  /// dx.entryPoints' shader flags (tag 0), from which SFI0 follows.
  uint64_t shaderFlags = 0;
  /// Every class's records in dx.resources order (the record ids).
  std::vector<ResourceBinding> resources;
  std::string entryName = "main";
  /// Group-shared bytes (PSV0 version 4, validator 1.10 and later).
  uint32_t groupSharedBytes = 0;
  /// The module's LLVM 3.7 bitcode.
  llvm::ArrayRef<uint8_t> bitcode;
  /// Write the container digest (false leaves it zero, as `dxc -Vd`).
  bool sign = true;
};

/// SFI0's feature flags for the module's shader flags.
uint64_t getFeatureInfo(uint64_t shaderFlags);
/// The PSV0 version DXC writes for a validator version (0 to 4).
unsigned getPsvVersion(DxilVersion validator);

/// The parts, each as DXC writes it.
std::vector<uint8_t> writeFeatureInfoPart(uint64_t shaderFlags);
std::vector<uint8_t> writeEmptySignaturePart();
std::vector<uint8_t> writePsv0Part(const DxilShaderDescription &shader);
std::vector<uint8_t> writeHashPart(llvm::ArrayRef<uint8_t> bitcode);
std::vector<uint8_t> writeProgramPart(const DxilShaderDescription &shader);

/// The description a module's named metadata gives (dx.shaderModel,
/// dx.valver, dx.resources, dx.entryPoints; reference section 3), as
/// readDxilMetadata reads it, without the bitcode. An error names what the
/// description cannot hold: another shader kind, samplers, textures and
/// other resource shapes, property tags other than 0, 4, 11 and 23, or a
/// resource record or list that could not be read.
llvm::Expected<DxilShaderDescription>
describeDxilShader(const llvm::Module &module);

/// The whole container; an error names the field DXC could not have
/// written (an empty bitcode, no thread, a range that wraps).
llvm::Expected<std::vector<uint8_t>>
writeDxilContainer(const DxilShaderDescription &shader);

/// A DXIL part's program header and the bitcode it frames.
struct DxilProgramView {
  /// (shader kind << 16) | (major << 4) | minor; kind 5 is compute.
  uint32_t programVersion = 0;
  /// (major << 8) | minor.
  uint32_t dxilVersion = 0;
  llvm::ArrayRef<uint8_t> bitcode;

  unsigned shaderKind() const { return programVersion >> 16; }
};

/// Reads the program header of a DXIL part's data and bounds-checks it.
llvm::Expected<DxilProgramView>
parseDxilProgramPart(llvm::ArrayRef<uint8_t> data);

} // namespace opencgc::dxil

#endif // OPENCGC_CODEGEN_DXILCONTAINER_H
