//===- KernelTarget.h - What a GPU target offers kernels --------*- C++ -*-===//
//
// Kernel IR builders choose each kernel's configuration (register tile,
// workgroup size, vector accesses) from a description of the target it
// runs on, as IREE's KernelConfig does: a device names its target when it
// generates kernels, and the same subgraph may become different kernels on
// lavapipe and on an NVIDIA GPU (docs/kernel-ir.md, "Kernel targets").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_KERNELTARGET_H
#define OPENCGC_CODEGEN_KERNELTARGET_H

#include "opencgc/Codegen/Precision.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace opencgc::codegen {

/// Matrix (tensor-core) instructions a target has, as bits.
enum MatrixInstruction : unsigned {
  kNoMatrixInstructions = 0,
  /// PTX mma.sync with f16 inputs (sm_75 and newer).
  kMmaSyncF16 = 1u << 0,
  /// PTX mma.sync with tf32 and bf16 inputs (sm_80 and newer).
  kMmaSyncTf32Bf16 = 1u << 1,
  /// PTX wgmma (sm_90a).
  kWgmma = 1u << 2,
};

struct KernelTarget {
  /// Names the target on the command line, in cache keys and in notes.
  llvm::StringLiteral name;
  /// What it is, and on what its choices were measured.
  llvm::StringLiteral description;
  /// Invocations that execute in lock step (a warp, a wave, a CPU vector):
  /// a matmul workgroup is one subgroup wide.
  unsigned subgroupWidth;
  /// Shared (workgroup) memory one workgroup may use, in bytes.
  unsigned sharedMemoryBytes;
  unsigned maxThreadsPerWorkgroup;
  /// 32-bit accumulators one invocation may keep in a register tile before
  /// it spills (on a GPU about half its registers, the rest holding
  /// operands and addresses).
  unsigned accumulatorRegisters;
  /// 32-bit elements in the widest load or store (4: 128-bit accesses).
  unsigned vectorWidth;
  /// MatrixInstruction bits.
  unsigned matrixInstructions;
  /// Workgroups that keep the whole device busy: a launch of fewer leaves
  /// cores or multiprocessors idle, so smaller tiles are chosen.
  unsigned workgroupsToFill;
  /// Whether products (matmuls and convolutions as implicit GEMMs) stage
  /// workgroup tiles through shared memory, so that a workgroup of several
  /// warps loads each A and B element from memory once. Only targets whose
  /// kernels go to NVVM: the SPIR-V and DXIL lowerings have no workgroup
  /// memory yet, and lavapipe gains nothing from it.
  bool stagesTilesInSharedMemory;

  /// Every field, so a cache key changes when the description does.
  std::string getFingerprint() const;
};

/// Every target, the default (lavapipe) first.
llvm::ArrayRef<KernelTarget> getKernelTargets();

/// The target kernels are configured for when none is named: lavapipe's,
/// the only one measured on every machine this project builds on.
const KernelTarget &getDefaultKernelTarget();

/// The target named `name`; the error lists the known names.
llvm::Expected<const KernelTarget &> getKernelTarget(llvm::StringRef name);

/// The NVIDIA target for a compute capability (major * 10 + minor): the
/// newest described generation not newer than it.
const KernelTarget &getNvidiaKernelTarget(int computeCapability);

/// "kernels configured for TARGET" and what `precision` gives on it, for
/// compile notes: nothing more for fp32, ", tf32" where the target has TF32
/// mma.sync, and that float32 FMAs run instead where it has none.
std::string describeKernelConfiguration(const KernelTarget &target,
                                        Precision precision);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_KERNELTARGET_H
