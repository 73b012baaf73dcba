// The pipeline cgc-compile: every stage, Input IR to Output IR, through a
// target asked by name (the device registry), with the options of
// `opencgc compile`.
// RUN: opencgc-opt --cgc-compile='target=reference' %s | FileCheck %s --check-prefix=REFERENCE
// RUN: opencgc-opt --cgc-compile='target=test declarations=%S/Inputs/conv-relu-add.mlir partition=fine' %s | FileCheck %s --check-prefix=FINE

// Everything on the reference fallback: one partition.
// REFERENCE:     cgc.subgraph @relu attributes {origin = "reference"}
// REFERENCE:     cgc.partition @fallbackPartition
// REFERENCE:     cgc.program @main
// REFERENCE-NOT: cgc.entry_point

// The test target fuses convolution -> relu -> add; partitioned finely,
// each subgraph is a partition of its own.
// FINE: cgc.subgraph @convReluAdd attributes {origin = "driver"}
// FINE: cgc.partition @driverPartition(
// FINE: cgc.partition @fallbackPartition(
// FINE: cgc.program @main

// Bad options and targets fail the pass, naming them.
// RUN: not opencgc-opt --cgc-compile='target=reference partition=medium' %s 2>&1 | FileCheck %s --check-prefix=PARTITION
// PARTITION: error: --partition must be fine or coarse, not 'medium'
// RUN: not opencgc-opt --cgc-compile='target=reference alignment=48' %s 2>&1 | FileCheck %s --check-prefix=ALIGNMENT
// ALIGNMENT: error: --alignment must be a power of two, not 48
// RUN: not opencgc-opt --cgc-compile='target=gpu' %s 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown target 'gpu' (known: vulkan, cuda, nvvm-host, dxil-host, d3d12, reference, test)
// RUN: not opencgc-opt --cgc-compile='target=test' %s 2>&1 | FileCheck %s --check-prefix=NODECL
// NODECL: error: --target test reads its patterns from --declarations FILE

// `opencgc compile` runs this same pipeline: its Output IR container holds
// the bytecode opencgc-opt writes, byte for byte.
// RUN: rm -rf %t && opencgc compile --target reference %s -o %t > /dev/null 2>&1
// RUN: opencgc convert %t/output.cgc -o %t/compiled.mlirbc
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-compile{target=reference})' %s --emit-bytecode -o %t/pipeline.mlirbc
// RUN: cmp %t/compiled.mlirbc %t/pipeline.mlirbc
// So do the stages run one by one, in separate processes, each reading
// only what the one before left in the IR.
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views=target=reference %s --emit-bytecode -o %t/views.mlirbc
// RUN: opencgc-opt --cgc-form-subgraphs=target=reference %t/views.mlirbc --emit-bytecode -o %t/formed.mlirbc
// RUN: opencgc-opt --cgc-partition %t/formed.mlirbc --emit-bytecode -o %t/partitioned.mlirbc
// RUN: opencgc-opt --cgc-plan-memory --cgc-schedule %t/partitioned.mlirbc --emit-bytecode -o %t/scheduled.mlirbc
// RUN: opencgc-opt --cgc-build-output-ir %t/scheduled.mlirbc --emit-bytecode -o %t/staged.mlirbc
// RUN: cmp %t/compiled.mlirbc %t/staged.mlirbc
cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32> {
    %w = cgc.constant("w") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b = cgc.constant("b") : !cgc.tensor<constant 1x!cgc.float32>
    %conv = cgc_op.convolution(%in, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu = cgc_op.relu(%conv) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add = cgc_op.add(%relu, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %sig = cgc_op.sigmoid(%add) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    cgc.return %sig : !cgc.tensor<1x1x4x4x!cgc.float32>
  }
}
