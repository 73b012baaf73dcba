//===- Passes.td - Code generation steps as MLIR passes ------*- tablegen -*-===//
//
// The steps after the compiler (docs/kernel-ir.md, "As passes"), so that
// opencgc-opt runs each on its own and prints its IR: subgraphs to Kernel
// IR, then Kernel IR to the SPIR-V dialect or to the LLVM dialect. CGC IR's
// top-level op, cgc.module, admits CGC ops only, so these passes run on a
// builtin.module around it (opencgc-opt wraps the input in one when one of
// them is named) and leave one nested builtin.module of Kernel IR per
// subgraph.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_PASSES
#define OPENCGC_CODEGEN_PASSES

include "mlir/Pass/PassBase.td"

def LowerToKernelIR : Pass<"cgc-lower-to-kernel-ir", "::mlir::ModuleOp"> {
  let summary = "Lower every cgc.subgraph to Kernel IR, one nested module "
                "per subgraph";
  let description = [{
    Runs on a builtin.module holding cgc.modules of Output IR or Partition
    IR, not on a cgc.module: its verifier admits only CGC ops, so Kernel IR
    cannot be put inside one. opencgc-opt wraps a cgc.module file in a
    builtin.module when a code generation pass is named (or with
    --implicit-module). Each cgc.subgraph, in order, is lowered by
    `codegen::lowerToKernelIR` and its Kernel IR module (gpu.container_module
    holding `gpu.module @kernels`) takes its place as a nested
    builtin.module named after the subgraph, with attributes:

      cgc.launches: one dictionary per kernel in launch order (name,
        workgroup_size, workgroup_count; sizes as array<i32: x, y, z>);
      cgc.kernel_target: the target the kernels are configured for;
      cgc.kernel_config: the configuration it chose, as opencgc-codegen
        prints it;
      cgc.input_layouts: with relayout-constants only, the layout in which
        the kernels read each input.

    The cgc.modules are erased: the output is Kernel IR only (partitions
    and programs, which hold no kernels, are dropped). A subgraph the kernel
    generator cannot lower is an error on it, and nothing is changed.
  }];
  let options = [
    Option<"kernelTarget", "kernel-target", "std::string", /*default=*/"\"\"",
           "Target the kernels are configured for (lavapipe, d3d12, "
           "nvidia-sm70, nvidia-sm80 or nvidia-sm90; default: lavapipe)">,
    Option<"relayoutConstants", "relayout-constants", "bool",
           /*default=*/"false",
           "Let kernels read constant inputs re-laid out, as the Vulkan "
           "device does for constants only they read">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect", "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def KernelToSpirv : Pass<"cgc-kernel-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Lower each nested Kernel IR module to the SPIR-V dialect";
  let description = [{
    For each module cgc-lower-to-kernel-ir nested, `codegen::
    lowerToSpirvDialect` (Vulkan 1.3, ABI lowered, read-only float inputs
    as uniform texel buffers where they fit) replaces its gpu.module by one
    spirv.module; the module keeps its attributes (cgc.launches). The
    serialization to validated binaries is not a pass: opencgc-codegen
    --emit=spirv and the Vulkan device do it.
  }];
  let options = [
    Option<"maxTexelBufferElements", "max-texel-buffer-elements", "uint32_t",
           /*default=*/"65536",
           "Largest read-only input read through a uniform texel buffer, "
           "in elements of its load width (0: none)">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def KernelToLlvm : Pass<"cgc-kernel-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower each nested Kernel IR module to the LLVM dialect, "
                "the step the NVVM and DXIL backends share";
  let description = [{
    For each module cgc-lower-to-kernel-ir nested, in place,
    `codegen::lowerKernelsToLlvmDialect`: kernel parameters in gpu's global
    address space, scf to branches, the gpu.module lowered by upstream's
    gpu-to-nvvm (bare pointers, 64-bit indices: what both backends use),
    canonicalization, CSE, casts reconciled. The module keeps its
    attributes (cgc.launches). The translation to LLVM IR and the NVVM and
    DXIL rewrites of that LLVM IR are not MLIR passes: they stay functions
    of the backends (opencgc-codegen --emit=nvvm|dxil shows them).
  }];
  // The dependent dialects come with their conversion interfaces, which
  // tablegen cannot name: see getDependentDialects in KernelToLlvm.cpp.
}

#endif // OPENCGC_CODEGEN_PASSES
