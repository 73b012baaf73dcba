//===- KernelIR.h - Subgraphs lowered to backend-neutral kernels -*- C++
//-*-===//
//
// Kernel IR (docs/kernel-ir.md): one subgraph lowered once into upstream
// MLIR dialects (gpu, memref, arith, math, scf, vector) from which the
// SPIR-V, NVVM and DXIL backends all start. A builtin.module holding one
// `gpu.module @kernels` whose `gpu.func` kernels take one flat memref per
// subgraph input, then one per subgraph output (the cgc.invoke operand
// order; matmul kernels may type one as an array of vec4s), bound at
// descriptor set 0, binding = argument number.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_KERNELIR_H
#define OPENCGC_CODEGEN_KERNELIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Codegen/KernelTarget.h"
#include "opencgc/Codegen/Precision.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/ConstantLayout.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace opencgc::codegen {

/// How to launch one kernel of a subgraph, in order.
struct KernelLaunch {
  std::string name;
  std::array<uint32_t, 3> workgroupSize = {64, 1, 1};
  std::array<uint32_t, 3> workgroupCount = {1, 1, 1};
};

struct KernelModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The kernels in launch order (barriers between consecutive ones).
  std::vector<KernelLaunch> launches;
};

/// What the caller of the kernel generator can do for its kernels, and
/// where they run.
struct KernelOptions {
  /// The target the kernels are configured for (null: the default,
  /// getDefaultKernelTarget()).
  const KernelTarget *target = nullptr;
  const KernelTarget &getTarget() const {
    return target ? *target : getDefaultKernelTarget();
  }
  /// How float32 products are computed: anything but fp32 uses the
  /// target's tensor cores where it has them (mma.sync on tf32 factors,
  /// MatmulKernel.cpp) and stays exact float32 elsewhere.
  Precision precision = Precision::Fp32;
  /// Per subgraph input (argument number): whether the caller can bind it
  /// re-laid out (ConstantLayout), which it can for a constant that no
  /// other kernel reads. Inputs past the end cannot be.
  std::vector<bool> relayoutableInputs;
  bool canRelayout(unsigned input) const {
    return input < relayoutableInputs.size() && relayoutableInputs[input];
  }
};

/// Per subgraph input, whether it is a constant: relayoutableInputs for a
/// caller that lets kernels read every constant re-laid out (the tools'
/// --relayout-constants; a device decides input by input).
std::vector<bool> findConstantInputs(cgc::SubgraphOp subgraph);

/// The configuration `options` gives a supported subgraph's kernels, in
/// words ("matmul: 8 lanes x 16 rows x 16 columns, k unrolled 16; A, B
/// vec4"), as opencgc-codegen prints it.
std::string describeKernelConfig(cgc::SubgraphOp subgraph,
                                 const KernelOptions &options);

/// Whether the kernel generator can lower `subgraph`; the reason if not.
llvm::Error checkKernelSupport(cgc::SubgraphOp subgraph);

/// Whether the subgraph's kernel computes on int64 values as i64 (a Vulkan
/// device needs shaderInt64 to run it).
bool needsInt64Arithmetic(cgc::SubgraphOp subgraph);

/// The layout in which the kernels of a supported subgraph read each of its
/// inputs (constant preprocessing, docs/kernel-ir.md): Plain except where a
/// kernel pays for another and `options` lets it have it. The same as
/// lowerToKernelIR with these options generates, without generating.
std::vector<ConstantLayout> getInputLayouts(cgc::SubgraphOp subgraph,
                                            const KernelOptions &options);

/// Loads the dialects Kernel IR is written in (gpu, arith, math, memref,
/// scf, vector, func, and llvm for tensor-core instructions). Loading
/// mutates the context: a device calls it (through its backend's loader)
/// before generating kernels on several threads.
void loadKernelIRDialects(mlir::MLIRContext &context);

/// Lowers the subgraph's functional definition into Kernel IR. Errors name
/// the subgraph and the op that cannot be lowered.
llvm::Expected<KernelModule> lowerToKernelIR(cgc::SubgraphOp subgraph,
                                             const KernelOptions &options = {});

/// Refuses kernels that use workgroup (shared) memory, which `language`'s
/// lowering does not have yet: they come from a kernel target that stages
/// tiles in it (KernelTarget::stagesTilesInSharedMemory), for NVVM only.
llvm::Error checkNoWorkgroupMemory(const KernelModule &kernels,
                                   llvm::StringRef language);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_KERNELIR_H
