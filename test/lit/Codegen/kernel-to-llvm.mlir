// cgc-kernel-to-llvm: each nested Kernel IR module lowered in place to the
// LLVM dialect, the step the NVVM and DXIL backends share: parameters are
// bare pointers in the global address space (1), ids come from the NVVM
// special registers (gpu-to-nvvm, as both backends lower gpu ops), the
// block size is nvvm.maxntid, scf is branches. The module keeps its launches. Translating to LLVM IR and the
// backends' rewrites of it are not passes (nvvm.test, dxil.test).
// RUN: opencgc-opt --cgc-lower-to-kernel-ir --cgc-kernel-to-llvm %s | FileCheck %s --implicit-check-not=gpu.func --implicit-check-not=scf.if --implicit-check-not=memref.load --implicit-check-not=unrealized_conversion_cast
// RUN: opencgc-opt --cgc-lower-to-kernel-ir %s | opencgc-opt --cgc-kernel-to-llvm | FileCheck %s

// CHECK:      module @add attributes {
// CHECK-SAME:   cgc.launches = [{name = "add", workgroup_count = array<i32: 1, 1, 1>, workgroup_size = array<i32: 64, 1, 1>}]
// CHECK:      gpu.module @kernels
// CHECK:      llvm.func @add(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) attributes {gpu.kernel, {{.*}}nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>}
// CHECK:      nvvm.read.ptx.sreg.ctaid.x
// CHECK:      nvvm.read.ptx.sreg.tid.x
// CHECK:      llvm.cond_br
// CHECK:      llvm.load {{.*}}!llvm.ptr<1> -> f32
// CHECK:      llvm.fadd
// CHECK:      llvm.store {{.*}} : f32, !llvm.ptr<1>

// The pass needs Kernel IR, not lowered yet, in nested modules as
// cgc-lower-to-kernel-ir makes them.
// RUN: not opencgc-opt --cgc-kernel-to-llvm %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-kernel-to-llvm needs Kernel IR (run cgc-lower-to-kernel-ir first); this is CGC IR
// RUN: not opencgc-opt --cgc-lower-to-kernel-ir --cgc-kernel-to-spirv --cgc-kernel-to-llvm %s 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: error: cgc-kernel-to-llvm needs Kernel IR; this module holds no gpu.module
// RUN: opencgc-opt --split-input-file --verify-diagnostics --cgc-kernel-to-llvm %S/Inputs/bad-kernel-modules.mlir

cgc.module {
  cgc.subgraph @add attributes {origin = "test"} {
    cgc.functional_definition private @addFunctional(
        %a: !cgc.tensor<1x4x!cgc.float32>,
        %b: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<1x4x!cgc.float32>, !cgc.tensor<1x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x4x!cgc.float32>
    }
  }
}
