// cgc-build-output-ir: the scheduled Input IR gives way to Output IR. The
// formed subgraphs get the names they will keep (named for their ops),
// partitions and the program are emitted, and no Input IR or compilation
// state is left.
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition,cgc-plan-memory,cgc-schedule,cgc-build-output-ir)' %s | FileCheck %s

// CHECK:     cgc.subgraph @relu attributes {origin = "reference"}
// CHECK:     cgc.subgraph @sigmoid attributes {origin = "reference"}
// CHECK:     cgc.partition @fallbackPartition
// CHECK:     cgc.program @main
// CHECK-NOT: cgc.entry_point
// CHECK-NOT: cgc.compilation
// CHECK-NOT: cgc.node

// It needs the schedule, and a state that names what the IR holds.
// RUN: not opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition,cgc-plan-memory,cgc-build-output-ir)' %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-build-output-ir needs the entry point scheduled (run cgc-schedule first); it is memory planned
// RUN: opencgc-opt --split-input-file --verify-diagnostics --cgc-build-output-ir %S/Inputs/bad-compilation-states.mlir
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    %s = cgc_op.sigmoid(%r) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %s : !cgc.tensor<4x!cgc.float32>
  }
}
