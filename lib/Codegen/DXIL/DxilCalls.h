//===- DxilCalls.h - Reading dx.op calls and resource handles ---*- C++ -*-===//
//
// dx.op calls pass their opcode as the first, constant i32 operand
// (DXIL.rst "Operations via external functions"). Handles come from
// createHandle (SM 6.0-6.5) or from createHandleFromBinding/FromHeap
// followed by annotateHandle (SM 6.6+, reference 4.1).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILCALLS_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILCALLS_H

#include <cstdint>
#include <optional>

namespace llvm {
class CallInst;
class Constant;
class Function;
class Value;
} // namespace llvm

namespace opencgc::dxil {
struct DxilResourceRecord;
} // namespace opencgc::dxil

namespace opencgc::codegen {

struct DxilModuleFacts;
using DxilResource = dxil::DxilResourceRecord;

/// Whether `function` is a dx.op function (name "dx.op.*").
bool isDxilOpFunction(const llvm::Function &function);
/// The opcode of a call to a dx.op function, when it is a constant.
std::optional<unsigned> getDxilOpcode(const llvm::CallInst &call);
/// Element `index` of a constant struct as an integer, if it is one.
std::optional<uint64_t> getConstantField(const llvm::Value *aggregate,
                                         unsigned index);

/// What is known about the resource behind a handle value.
struct ResolvedHandle {
  /// The dx.resources record, when the handle comes from a binding.
  const DxilResource *record = nullptr;
  std::optional<unsigned> resourceClass;
  /// ResourceKind, 0 when unknown.
  uint32_t kind = 0;
  bool fromHeap = false;
};

/// Follows a handle to the call that created it; nullopt when it is not a
/// handle-producing dx.op call (a phi, a select, ...).
std::optional<ResolvedHandle> resolveHandle(const llvm::Value *handle,
                                            const DxilModuleFacts &facts);

/// The record createHandleFromBinding's {lower, upper, space, class}
/// names: same class and space, with the range inside the record's.
const DxilResource *findBoundResource(const DxilModuleFacts &facts,
                                      unsigned resourceClass, uint32_t space,
                                      uint32_t lower, uint32_t upper);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILCALLS_H
