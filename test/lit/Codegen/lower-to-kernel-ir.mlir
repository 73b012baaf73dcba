// cgc-lower-to-kernel-ir: each subgraph's Kernel IR in a builtin.module
// named after it, with its launches, its kernel target and the
// configuration chosen for it; the CGC IR is gone. opencgc-opt wraps the
// cgc.module in a builtin.module when a code generation pass is named.
// RUN: opencgc-opt --cgc-lower-to-kernel-ir %s | FileCheck %s --implicit-check-not=cgc.subgraph --implicit-check-not=cgc.module --implicit-check-not=cgc_op
// RUN: opencgc-opt --implicit-module --cgc-lower-to-kernel-ir %s | FileCheck %s

// CHECK:      module {
// CHECK:      module @add attributes {
// CHECK-SAME:   cgc.kernel_config = "elementwise: no target-dependent choices"
// CHECK-SAME:   cgc.kernel_target = "lavapipe"
// CHECK-SAME:   cgc.launches = [{name = "add", workgroup_count = array<i32: 1, 1, 1>, workgroup_size = array<i32: 64, 1, 1>}]
// CHECK-SAME:   gpu.container_module
// CHECK:      gpu.module @kernels
// CHECK:      gpu.func @add(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>}
// CHECK:      arith.addf
// CHECK:      memref.store
// CHECK:      module @matmulRelu attributes {
// CHECK-SAME:   cgc.kernel_config = "matmul 5x12x8: 8 lanes,
// CHECK-SAME:   cgc.kernel_target = "lavapipe"
// CHECK-SAME:   cgc.launches = [{name = "matmulRelu", workgroup_count = array<i32: {{[0-9, ]+}}>, workgroup_size = array<i32: 8, 1, 1>}]
// CHECK:      gpu.func @matmulRelu(
// CHECK-SAME:   known_block_size = array<i32: 8, 1, 1>

// On an NVIDIA target a matmul workgroup is a grid of invocations that
// stages its tiles in two workgroup arrays, with a barrier on either side
// of each stage's products (docs/kernel-ir.md, "Kernel targets"); an
// elementwise kernel is the same everywhere.
// RUN: opencgc-opt --pass-pipeline='builtin.module(cgc-lower-to-kernel-ir{kernel-target=nvidia-sm90})' %s | FileCheck %s --check-prefix=SM90
// SM90:      module @add attributes {cgc.kernel_config = "elementwise: no target-dependent choices", cgc.kernel_target = "nvidia-sm90"
// SM90-SAME:   workgroup_size = array<i32: 64, 1, 1>
// SM90:      module @matmulRelu attributes {cgc.kernel_config = "matmul 5x12x8: 32x32 tiles in shared memory, 8x8 invocations of 4 rows x 4 columns,
// SM90-SAME:   cgc.kernel_target = "nvidia-sm90"
// SM90-SAME:   workgroup_size = array<i32: 8, 8, 1>
// SM90:      gpu.func @matmulRelu(
// SM90-SAME:   workgroup(%{{.*}} : memref<64xvector<4xf32>, #gpu.address_space<workgroup>>, %{{.*}} : memref<64xvector<4xf32>, #gpu.address_space<workgroup>>)
// SM90-SAME:   known_block_size = array<i32: 8, 8, 1>
// SM90:      scf.for
// SM90:        gpu.barrier
// SM90:        gpu.barrier
// SM90:        scf.yield

// RUN: not opencgc-opt --pass-pipeline='builtin.module(cgc-lower-to-kernel-ir{kernel-target=bogus})' %s 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown kernel target 'bogus' (known: lavapipe,

// With relayout-constants a constant input may be read re-laid out
// (constant-layouts.test); the layouts are recorded per input.
// RUN: opencgc-opt --pass-pipeline='builtin.module(cgc-lower-to-kernel-ir{relayout-constants=true})' %S/Inputs/constant-layouts.mlir | FileCheck %s --check-prefix=RELAYOUT
// RUN: opencgc-opt --cgc-lower-to-kernel-ir %S/Inputs/constant-layouts.mlir | FileCheck %s --check-prefix=PLAIN
// RELAYOUT:  module @constantB attributes {cgc.input_layouts = ["plain", "rows-padded-to-vec4", "plain"]
// RELAYOUT:  gpu.func @constantB(%{{.*}}: memref<15xvector<4xf32>>, %{{.*}}: memref<36xvector<4xf32>>
// RELAYOUT:  module @variableB attributes {cgc.input_layouts = ["plain", "plain"]
// PLAIN-NOT: cgc.input_layouts
// PLAIN:     gpu.func @constantB(%{{.*}}: memref<15xvector<4xf32>>, %{{.*}}: memref<120xf32>

// Output IR: a module per subgraph; partitions and the program hold no
// kernels and are dropped.
// RUN: opencgc-opt --cgc-lower-to-kernel-ir %S/Inputs/output-ir.mlir | FileCheck %s --check-prefix=OUTPUT-IR --implicit-check-not=cgc.partition --implicit-check-not=cgc.program --implicit-check-not=cgc.invoke
// OUTPUT-IR: module @add attributes
// OUTPUT-IR: module @sigmoid attributes
// OUTPUT-IR: module @softmax attributes

// A subgraph the kernel generator cannot lower is an error on it, naming
// the op; every subgraph is tried and nothing is printed.
// RUN: not opencgc-opt --cgc-lower-to-kernel-ir %S/Inputs/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED:     unsupported.mlir:3:3: error: subgraph @hardmax: cgc_op.hardmax has no kernel generator yet
// REFUSED:     error: subgraph @reluHardmax: cgc_op.hardmax has no kernel generator yet
// REFUSED:     error: subgraph @intDiv: integer cgc_op.div stays on the reference device, which reports a zero divisor (a kernel cannot)
// REFUSED:     error: subgraph @intPassThrough: output 1 of element type !cgc.int64 has no kernel generator yet
// REFUSED-NOT: gpu.module

// Input IR has no subgraphs yet: the compiler runs first.
// RUN: not opencgc-opt --cgc-lower-to-kernel-ir %S/Inputs/output-ir-model.mlir 2>&1 | FileCheck %s --check-prefix=INPUT-IR
// INPUT-IR: error: cgc-lower-to-kernel-ir needs subgraphs (Output IR or Partition IR); this cgc.module holds none

cgc.module {
  cgc.subgraph @add attributes {origin = "test"} {
    cgc.functional_definition private @addFunctional(
        %a: !cgc.tensor<1x4x!cgc.float32>,
        %b: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<1x4x!cgc.float32>, !cgc.tensor<1x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x4x!cgc.float32>
    }
  }
  cgc.subgraph @matmulRelu attributes {origin = "test"} {
    cgc.functional_definition private @matmulReluFunctional(
        %a: !cgc.tensor<5x8x!cgc.float32>,
        %b: !cgc.tensor<8x12x!cgc.float32>,
        %bias: !cgc.tensor<12x!cgc.float32>) -> !cgc.tensor<5x12x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<5x8x!cgc.float32>, !cgc.tensor<8x12x!cgc.float32>)
      %1 = cgc_op.add(%0, %bias) : (!cgc.tensor<5x12x!cgc.float32>, !cgc.tensor<12x!cgc.float32>)
      %2 = cgc_op.relu(%1) : (!cgc.tensor<5x12x!cgc.float32>)
      cgc.return %2 : !cgc.tensor<5x12x!cgc.float32>
    }
  }
}
