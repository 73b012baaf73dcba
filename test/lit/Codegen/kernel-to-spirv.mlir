// cgc-kernel-to-spirv: each nested Kernel IR module's gpu.module becomes a
// spirv.module, as opencgc-codegen --emit=spirv-mlir prints it
// (spirv.test); the module keeps its launches. Kernel IR written to a file
// is read back and lowered the same.
// RUN: opencgc-opt --cgc-lower-to-kernel-ir --cgc-kernel-to-spirv %s | FileCheck %s --implicit-check-not=gpu.module --implicit-check-not=gpu.func
// RUN: opencgc-opt --cgc-lower-to-kernel-ir %s | opencgc-opt --cgc-kernel-to-spirv | FileCheck %s

// CHECK:      module @add attributes {
// CHECK-SAME:   cgc.launches = [{name = "add", workgroup_count = array<i32: 1, 1, 1>, workgroup_size = array<i32: 64, 1, 1>}]
// CHECK:      spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.6,
// CHECK:      spirv.GlobalVariable @add_arg_0 bind(0, 0) : !spirv.ptr<!spirv.image<f32, Buffer,
// CHECK:      spirv.GlobalVariable @add_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, StorageBuffer>
// CHECK:      spirv.func @add() "None"
// CHECK:      spirv.FAdd
// CHECK:      spirv.EntryPoint "GLCompute" @add, @add_arg_0, @add_arg_1, @add_arg_2
// CHECK:      spirv.ExecutionMode @add "LocalSize", 64, 1, 1

// Without uniform texel buffers every input stays a storage buffer.
// RUN: opencgc-opt --pass-pipeline='builtin.module(cgc-lower-to-kernel-ir,cgc-kernel-to-spirv{max-texel-buffer-elements=0})' %s | FileCheck %s --check-prefix=STORAGE
// STORAGE-NOT: !spirv.image
// STORAGE:     spirv.GlobalVariable @add_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<{{.*}}>, StorageBuffer>
// STORAGE-NOT: !spirv.image

// The pass needs Kernel IR, and nested modules as cgc-lower-to-kernel-ir
// makes them.
// RUN: not opencgc-opt --cgc-kernel-to-spirv %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-kernel-to-spirv needs Kernel IR (run cgc-lower-to-kernel-ir first); this is CGC IR
// RUN: opencgc-opt --split-input-file --verify-diagnostics --cgc-kernel-to-spirv %S/Inputs/bad-kernel-modules.mlir

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
