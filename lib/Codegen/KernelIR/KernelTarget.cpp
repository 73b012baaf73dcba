//===- KernelTarget.cpp - The targets kernels are configured for ----------===//
#include "opencgc/Codegen/KernelTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace opencgc::codegen {
namespace {

/// lavapipe: the workgroup runs on one CPU core, its subgroup is an AVX2
/// vector of 8 floats, and LLVM keeps 256 accumulators (64 vec4s) in
/// registers when each takes its products in a row (MatmulKernel.cpp,
/// accumulate). Eight workgroups fill the cores of the machines measured.
constexpr KernelTarget kLavapipe = {
    "lavapipe",
    "Vulkan on lavapipe (CPU); every choice measured there, the Vulkan "
    "device's target on every driver",
    /*subgroupWidth=*/8,
    /*sharedMemoryBytes=*/32768,
    /*maxThreadsPerWorkgroup=*/1024,
    /*accumulatorRegisters=*/256,
    /*vectorWidth=*/4,
    kNoMatrixInstructions,
    /*workgroupsToFill=*/8,
    /*stagesTilesInSharedMemory=*/false};

/// `base`'s values under another name: a target not yet tuned apart.
constexpr KernelTarget renamed(KernelTarget base, llvm::StringLiteral name,
                               llvm::StringLiteral description) {
  base.name = name;
  base.description = description;
  return base;
}

/// D3D12 runs DXIL on GPUs this project has not measured: until it has,
/// kernels keep lavapipe's configuration (docs/kernel-ir.md).
constexpr KernelTarget kD3d12 =
    renamed(kLavapipe, "d3d12",
            "DXIL for D3D12; not yet tuned on a GPU, lavapipe's choices");

/// NVIDIA GPUs (CUDA C Programming Guide, "Compute Capabilities"): 32-lane
/// warps, at most 255 registers per thread (half kept for accumulators),
/// 128-bit loads, 48 KiB of static shared memory per block (more by
/// opt-in). A multiprocessor has four warp schedulers, so a launch keeps
/// the largest part of a generation busy with four one-warp workgroups per
/// multiprocessor (V100 80, A100 108, H100 and H200 132). Not yet measured
/// (issue 27): the first configuration for these GPUs, from their limits.
/// Fields in KernelTarget's order, one target a line.
// clang-format off
constexpr KernelTarget kNvidiaSm70 = {"nvidia-sm70",
    "NVIDIA Volta and Turing (sm_70, sm_75)",
    32, 49152, 1024, 128, 4, kNoMatrixInstructions, 320, true};
constexpr KernelTarget kNvidiaSm80 = {"nvidia-sm80",
    "NVIDIA Ampere and Ada (sm_80 to sm_89)",
    32, 49152, 1024, 128, 4, kMmaSyncF16 | kMmaSyncTf32Bf16, 432, true};
constexpr KernelTarget kNvidiaSm90 = {"nvidia-sm90",
    "NVIDIA Hopper and newer (sm_90 and up)",
    32, 49152, 1024, 128, 4, kMmaSyncF16 | kMmaSyncTf32Bf16 | kWgmma, 528, true};
// clang-format on

constexpr KernelTarget kTargets[] = {kLavapipe, kD3d12, kNvidiaSm70,
                                     kNvidiaSm80, kNvidiaSm90};

} // namespace

std::string KernelTarget::getFingerprint() const {
  return llvm::formatv("{0}:{1},{2},{3},{4},{5},{6},{7},{8}", name,
                       subgroupWidth, sharedMemoryBytes, maxThreadsPerWorkgroup,
                       accumulatorRegisters, vectorWidth, matrixInstructions,
                       workgroupsToFill, stagesTilesInSharedMemory)
      .str();
}

llvm::ArrayRef<KernelTarget> getKernelTargets() { return kTargets; }

const KernelTarget &getDefaultKernelTarget() { return kTargets[0]; }

llvm::Expected<const KernelTarget &> getKernelTarget(llvm::StringRef name) {
  for (const KernelTarget &target : kTargets)
    if (target.name == name)
      return target;
  std::string known;
  for (const KernelTarget &target : kTargets)
    known += (known.empty() ? "" : ", ") + target.name.str();
  return llvm::createStringError("unknown kernel target '" + name.str() +
                                 "' (known: " + known + ")");
}

std::string describeKernelConfiguration(const KernelTarget &target,
                                        Precision precision) {
  std::string text = "kernels configured for " + target.name.str();
  if (precision == Precision::Fp32)
    return text;
  std::string name = getPrecisionName(precision).str();
  if (target.matrixInstructions & kMmaSyncTf32Bf16)
    return text + ", " + name;
  return text + ", " + name + " asked for but " + target.name.str() +
         " has no TF32 tensor cores: float32 FMAs";
}

const KernelTarget &getNvidiaKernelTarget(int computeCapability) {
  llvm::StringRef name = computeCapability >= 90   ? kNvidiaSm90.name
                         : computeCapability >= 80 ? kNvidiaSm80.name
                                                   : kNvidiaSm70.name;
  return llvm::cantFail(getKernelTarget(name));
}

} // namespace opencgc::codegen
