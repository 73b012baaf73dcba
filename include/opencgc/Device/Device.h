//===- Device.h - The MLIR-program device API -------------------*- C++ -*-===//
//
// The part of the D3D12 MLIR programs specification's device API that the
// compiler and the program executor talk through (section "API Examples"):
// feature queries (D3D12_FEATURE_D3D12_OPTIONS_MLIR,
// D3D12_FEATURE_MLIR_INTERFACE_SUPPORT), the MLIR exchange call
// (D3D12_FEATURE_MLIR_EXCHANGE) that carries container payloads tagged with
// the specification's interface GUIDs, and partition compilation and
// dispatch with positional bind points (CreateStateObject with an MLIR
// program subobject, SetProgram + DispatchGraph).
//
// The compiler never calls a target directly: it asks a Device for its
// subgraph declarations and specializations through exchange().
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_DEVICE_H
#define OPENCGC_DEVICE_DEVICE_H

#include "opencgc/Interchange/Guid.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
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
enum class MlirProgramsTier { NotSupported = 0, Tier1_0 = 10 };

/// D3D12_FEATURE_DATA_MLIR_EXCHANGE, with the two-call size protocol
/// folded into one call that returns the output bytes.
struct MlirExchange {
  Guid mlirInterface;
  llvm::ArrayRef<uint8_t> inputData;
};

/// One bind point of a dispatch (D3D12_MLIR_PROGRAM_BINDING): the memory a
/// partition argument refers to. On the reference device GPU virtual
/// addresses are host pointers.
struct Binding {
  uint32_t bindPointIndex = 0;
  uint8_t *data = nullptr;
  uint64_t sizeInBytes = 0;
};

/// A compiled partition (the state object's MLIR program subobject).
class CompiledPartition {
public:
  virtual ~CompiledPartition();
  /// The partition's symbol name (its program identifier).
  virtual llvm::StringRef getName() const = 0;
  virtual unsigned getNumBindPoints() const = 0;
  /// Runs the partition on `bindings` (DispatchGraph) and waits for it.
  virtual llvm::Error dispatch(llvm::ArrayRef<Binding> bindings) = 0;
  /// A word on how it was compiled, for progress output ("kernels from the
  /// cache"); empty when there is nothing to say.
  virtual std::string getCompileNote() const { return ""; }
};

class Device {
public:
  virtual ~Device();
  /// A short name used in messages and as the `origin` of the subgraphs
  /// its target implements ("reference", "driver", ...).
  virtual llvm::StringRef getName() const = 0;

  /// D3D12_FEATURE_D3D12_OPTIONS_MLIR.
  virtual MlirProgramsTier getMlirProgramsTier() const = 0;

  /// D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, one GUID at a time.
  virtual bool supportsMlirInterface(const Guid &mlirInterface) const = 0;

  /// D3D12_FEATURE_MLIR_EXCHANGE: answers a request container (or none,
  /// for CGC_SUBGRAPH_DECLARATION_REQUEST) with a response container.
  /// Fails for interfaces the device does not answer and for malformed
  /// requests.
  virtual llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) = 0;

  /// CreateStateObject with one MLIR program subobject holding a
  /// CGC_SUBGRAPH_PARTITION container.
  virtual llvm::Expected<std::unique_ptr<CompiledPartition>>
  compilePartition(llvm::ArrayRef<uint8_t> partitionContainer) = 0;
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_DEVICE_H
