//===- Device.h - The MLIR-program device API -------------------*- C++ -*-===//
//
// The part of the D3D12 MLIR programs specification's device API that the
// compiler and the program executor talk through (section "API Examples"):
// feature queries (D3D12_FEATURE_D3D12_OPTIONS_MLIR,
// D3D12_FEATURE_MLIR_INTERFACE_SUPPORT), the MLIR exchange call
// (D3D12_FEATURE_MLIR_EXCHANGE) that carries container payloads tagged with
// the specification's interface GUIDs, and partition compilation and
// dispatch with positional bind points (CreateStateObject with an MLIR
// program subobject, AddToStateObject, program identifiers, command lists
// with SetProgram, DispatchGraph and barriers, submission and completion),
// with bind points bound by GPU virtual-address ranges of the device's
// resources or by CPU data.
//
// The compiler never calls a target directly: it asks a Device for its
// subgraph declarations and specializations through exchange().
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_DEVICE_H
#define OPENCGC_DEVICE_DEVICE_H

#include "opencgc/Device/CommandList.h"
#include "opencgc/Device/ProgramBinding.h"
#include "opencgc/Device/Resource.h"
#include "opencgc/Device/StateObject.h"
#include "opencgc/Interchange/Guid.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace opencgc::device {

/// How a CGC_SUBGRAPH_SPECIALIZATION_REQUEST and its response are marked
/// (docs/compiler.md, "Talking to targets"): the request's cgc.subgraph
/// names the declared pattern it matched; the response's cgc.module says
/// "accepted" (and holds the subgraph, possibly rewritten) or "rejected"
/// (with a reason).
inline constexpr llvm::StringLiteral kPatternAttrName = "cgc.pattern";
inline constexpr llvm::StringLiteral kSpecializationAttrName =
    "cgc.specialization";
inline constexpr llvm::StringLiteral kReasonAttrName = "cgc.reason";

/// D3D12_MLIR_PROGRAMS_TIER.
/// Tier 2.0 adds CPU bindings (BindingType::Cpu).
enum class MlirProgramsTier { NotSupported = 0, Tier1_0 = 10, Tier2_0 = 20 };

/// D3D12_FEATURE_DATA_MLIR_EXCHANGE, with the two-call size protocol
/// folded into one call that returns the output bytes.
struct MlirExchange {
  Guid mlirInterface;
  llvm::ArrayRef<uint8_t> inputData;
};

class Device {
public:
  Device();
  virtual ~Device();
  /// A short name used in messages and as the `origin` of the subgraphs
  /// its target implements ("reference", "driver", ...).
  virtual llvm::StringRef getName() const = 0;

  /// D3D12_FEATURE_D3D12_OPTIONS_MLIR.
  virtual MlirProgramsTier getMlirProgramsTier() const = 0;

  /// The byte alignment of a bind point's range within its resource: the
  /// compiler places scratch views at multiples of its targets' largest.
  /// 256 unless a device binds at smaller offsets.
  virtual uint64_t getBindingAlignment() const { return 256; }

  /// D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, one GUID at a time.
  virtual bool supportsMlirInterface(const Guid &mlirInterface) const = 0;

  /// D3D12_FEATURE_MLIR_EXCHANGE: answers a request container (or none,
  /// for CGC_SUBGRAPH_DECLARATION_REQUEST) with a response container.
  /// Fails for interfaces the device does not answer and for malformed
  /// requests.
  virtual llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) = 0;

  /// A buffer resource of `sizeInBytes` (at least 1), zero-filled and
  /// mapped into the host (CreateCommittedResource + Map).
  virtual llvm::Expected<std::shared_ptr<Resource>>
  createBuffer(uint64_t sizeInBytes) = 0;

  /// CreateStateObject: compiles every MLIR program of `desc` on the
  /// calling thread. Program names must be non-empty and distinct. Errors
  /// name the program.
  llvm::Expected<std::shared_ptr<StateObject>>
  createStateObject(const StateObjectDesc &desc);

  /// AddToStateObject: a new state object holding `growFrom`'s programs
  /// (not compiled again) and those of `addition`. `growFrom` must allow
  /// additions; a name it already holds may be added again only with the
  /// same bytecode.
  llvm::Expected<std::shared_ptr<StateObject>>
  addToStateObject(const StateObjectDesc &addition,
                   const StateObject &growFrom);

  /// CreateCommandList for compute work.
  virtual llvm::Expected<std::unique_ptr<CommandList>> createCommandList() = 0;

  /// ExecuteCommandLists with one closed list of this device.
  virtual llvm::Error executeCommandList(CommandList &list) = 0;

  /// Signals a fence after all submitted work and waits for it: afterwards
  /// every result is visible through the resources' mappings.
  virtual llvm::Error waitForIdle() = 0;

  /// The program a live state object of this device holds under
  /// `identifier`, or null (for this device's command lists).
  std::shared_ptr<CompiledPartition>
  lookupProgram(const ProgramIdentifier &identifier) const;

protected:
  /// Compiles one CGC_SUBGRAPH_PARTITION container.
  virtual llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> partitionContainer) = 0;

private:
  llvm::Expected<StateObject::Program>
  compileNamedProgram(const MlirProgramDesc &desc);

  /// Program identifiers stay valid while the state objects holding the
  /// program live; a dead one looks up as null, never as a dangling pointer.
  mutable std::mutex registryMutex;
  std::unordered_map<uint64_t, std::weak_ptr<CompiledPartition>> registry;
  uint64_t nextProgramNumber = 1;
  /// Tells identifiers of different devices apart.
  const uint64_t serial;
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_DEVICE_H
