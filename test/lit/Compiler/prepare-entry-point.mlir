// cgc-prepare-entry-point: the first stage of `opencgc compile`. Layers
// nobody uses are erased; an argument, a constant and a value returned
// twice each get a copy of their own (a reshape to the same shape).
// RUN: opencgc-opt --cgc-prepare-entry-point %s | FileCheck %s
// RUN: opencgc-opt --split-input-file --verify-diagnostics --cgc-prepare-entry-point %S/Inputs/prepare-entry-point-errors.mlir

// The returned constant's copy is no constant, and the entry point says so
// (before, the module left by this step did not verify).
// CHECK-LABEL: cgc.entry_point @main
// CHECK-SAME:    -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
// CHECK-SAME:    attributes {cgc.compilation = {stage = "prepared"}}
// CHECK-NOT:     cgc_op.sigmoid
// CHECK:         %[[W:.*]] = cgc.constant("w")
// CHECK-NEXT:    %[[R:.*]] = cgc_op.relu(%[[X:[^)]*]])
// CHECK-NEXT:    %[[RCOPY:.*]] = cgc_op.reshape(%[[R]]) {shape = [4]}
// CHECK-NEXT:    %[[XCOPY:.*]] = cgc_op.reshape(%[[X]]) {shape = [4]}
// CHECK-NEXT:    %[[WCOPY:.*]] = cgc_op.reshape(%[[W]]) {shape = [4]}
// CHECK-NEXT:    cgc.return %[[R]], %[[RCOPY]], %[[XCOPY]], %[[WCOPY]]

// The stages after it take the same module to Output IR.
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{target=reference},cgc-form-subgraphs{target=reference},cgc-partition,cgc-plan-memory,cgc-schedule,cgc-build-output-ir)' %s | FileCheck %s --check-prefix=COMPILED
// COMPILED: cgc.program @main
// COMPILED-SAME: !cgc.memref<4x!cgc.float32> {cgc.name = "output3", cgc.role = "output"})
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) {
    %w = cgc.constant("w") : !cgc.tensor<constant 4x!cgc.float32>
    %unused = cgc_op.sigmoid(%x) : (!cgc.tensor<4x!cgc.float32>)
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r, %r, %x, %w : !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>
  }
}
