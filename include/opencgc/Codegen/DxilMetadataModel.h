//===- DxilMetadataModel.h - A compute shader's dx.* metadata ---*- C++ -*-===//
//
// One reading of a DXIL module's named metadata (shared/reference/
// dxil-format.md section 3): dx.shaderModel, dx.version, dx.valver,
// dx.resources and dx.entryPoints with its properties. The validator, the
// container writer and the host grid all read metadata through it. What a
// problem means is left to them: the validator names the rule it breaks,
// the container writer and the host grid fail on the problems in what they
// use and ignore the rest.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_DXILMETADATAMODEL_H
#define OPENCGC_CODEGEN_DXILMETADATAMODEL_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace opencgc::dxil {

/// The lists of dx.resources in order; a list's index is also createHandle's
/// class operand (reference 3.4).
namespace resource_list {
inline constexpr unsigned Srv = 0;
inline constexpr unsigned Uav = 1;
inline constexpr unsigned Cbv = 2;
inline constexpr unsigned Sampler = 3;
inline constexpr unsigned Count = 4;
} // namespace resource_list

/// DXIL ResourceKind values used by name (reference 3.4).
namespace resource_kind {
inline constexpr uint32_t Texture2DMS = 3;
inline constexpr uint32_t TextureCube = 5;
inline constexpr uint32_t Texture2DMSArray = 8;
inline constexpr uint32_t TextureCubeArray = 9;
inline constexpr uint32_t TypedBuffer = 10;
inline constexpr uint32_t RawBuffer = 11;
inline constexpr uint32_t StructuredBuffer = 12;
inline constexpr uint32_t CBuffer = 13;
inline constexpr uint32_t Sampler = 14;
inline constexpr uint32_t TBuffer = 15;
inline constexpr uint32_t RTAccelerationStructure = 16;
inline constexpr uint32_t FeedbackTexture2DArray = 18;
} // namespace resource_kind

/// One record of dx.resources (reference 3.2).
struct DxilResourceRecord {
  /// The list it is in (resource_list).
  unsigned resourceClass = resource_list::Srv;
  uint32_t id = 0;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  /// 0xFFFFFFFF (-1) when unbounded.
  uint32_t rangeSize = 1;
  /// The shape; CBuffer for CBVs and Sampler for samplers.
  uint32_t kind = 0;
  uint32_t sampleCount = 0;
  bool globallyCoherent = false;
  bool hasCounter = false;
  bool rasterizerOrdered = false;
  /// Tags 0 (element type), 1 (structure stride) and 3 (64-bit atomics).
  std::optional<uint32_t> componentType;
  std::optional<uint32_t> stride;
  bool usesAtomic64 = false;
  uint32_t cbufferSize = 0;

  bool isUnbounded() const { return rangeSize == 0xFFFFFFFFu; }
  uint32_t upperBound() const {
    return isUnbounded() ? 0xFFFFFFFFu : lowerBound + rangeSize - 1;
  }
};

/// {i32 major, i32 minor} of dx.version and dx.valver.
struct DxilMetadataVersion {
  unsigned major = 0;
  unsigned minor = 0;
};

/// What a problem is about, in the order the metadata is read (the
/// validator relies on that order to place its own findings).
enum class DxilMetadataPart {
  ShaderModel,
  DxilVersion,
  ValidatorVersion,
  /// dx.resources and its lists.
  Resources,
  /// One record (`resourceClass`, `record`); a Malformed one is left out of
  /// `resources`.
  ResourceRecord,
  /// A record's tag list (`resourceClass`, `record`); the record is kept.
  ResourceTags,
  /// dx.entryPoints and the entry's function, name and signatures.
  EntryPoint,
  /// The entry's resource operand against dx.resources.
  EntryResources,
  /// The property list and its tags.
  EntryProperties,
  ShaderFlags,
  NumThreads,
  WaveSize,
};

enum class DxilMetadataProblemKind {
  /// A required named node (dx.shaderModel, dx.version, dx.entryPoints) is
  /// absent.
  Missing,
  /// Not the shape reference 3 gives it, or a named node with more than
  /// one operand (the first is read).
  Malformed,
  /// A record's id is not its position in its list (ids are dense).
  SparseResourceId,
  /// A record's register range is empty.
  EmptyResourceRange,
  /// The entry has no property list.
  NoEntryProperties,
  /// A second wave size property.
  DuplicateWaveSize,
  /// A wave size property (`tag` 11 or 23) with the wrong operand count.
  WaveSizeOperandCount,
  /// A wave size operand that is not an integer constant.
  WaveSizeNotConstant,
  /// A wave size property (`tag`) that the shader model does not allow.
  WaveSizeShaderModel,
  /// A property `tag` that this model does not read.
  UnreadProperty,
};

struct DxilMetadataProblem {
  DxilMetadataPart part;
  DxilMetadataProblemKind kind;
  /// Says what is wrong, in the validator's words.
  std::string message;
  /// The property tag, for WaveSize* and UnreadProperty.
  uint64_t tag = 0;
  /// The record's list and its position there, for ResourceRecord and
  /// ResourceTags.
  unsigned resourceClass = 0;
  unsigned record = 0;
};

/// dx.shaderModel !{!"kind", i32 major, i32 minor}.
struct DxilShaderModel {
  std::string kind;
  unsigned major = 0;
  unsigned minor = 0;

  bool atLeast(unsigned wantMajor, unsigned wantMinor) const {
    return major > wantMajor || (major == wantMajor && minor >= wantMinor);
  }
};

/// dx.entryPoints' entry {function, name, signatures, resources,
/// properties} and the properties this model reads (reference 3.3).
struct DxilEntryPoint {
  /// Operand 0 when it is a function, defined or not.
  const llvm::Function *function = nullptr;
  /// Operand 1 when it is a string.
  std::optional<std::string> name;
  /// Operand 2 is not null (a compute entry has none).
  bool hasSignatures = false;
  /// Tag 0; absent or unreadable means 0.
  uint64_t shaderFlags = 0;
  /// Tag 4, when the entry has one. A malformed one keeps the sizes read
  /// before the problem and 0 for the rest.
  std::optional<std::array<uint32_t, 3>> numThreads;
  /// The last readable wave size property: tag 11 gives {N, 0, 0}, tag 23
  /// {min, max, preferred}.
  std::optional<std::array<uint32_t, 3>> waveSize;
  bool waveSizeRanged = false;
};

struct DxilMetadata {
  /// When dx.shaderModel is readable.
  std::optional<DxilShaderModel> shaderModel;
  /// When dx.version is readable.
  std::optional<DxilMetadataVersion> dxilVersion;
  /// dx.valver; absent or unreadable means 1.0.
  DxilMetadataVersion validatorVersion = {1, 0};
  /// The readable records of dx.resources, by list (resource_list).
  std::array<std::vector<DxilResourceRecord>, resource_list::Count> resources;
  /// Which lists dx.resources holds (not null), with records or without:
  /// the container writer refuses a sampler list even when it is empty.
  std::array<bool, resource_list::Count> hasResourceList = {};
  /// When dx.entryPoints' first entry has its five operands.
  std::optional<DxilEntryPoint> entryPoint;
  /// In the order they were found.
  std::vector<DxilMetadataProblem> problems;

  /// The first problem about `part`, or null.
  const DxilMetadataProblem *findProblem(DxilMetadataPart part) const;
  bool hasProblem(DxilMetadataPart part, DxilMetadataProblemKind kind) const;
};

/// Reads the named metadata of `module`. It never fails: what it cannot
/// read stays absent (or at its default) and is described in `problems`.
DxilMetadata readDxilMetadata(const llvm::Module &module);

} // namespace opencgc::dxil

#endif // OPENCGC_CODEGEN_DXILMETADATAMODEL_H
