// cgc-prepare-entry-point: the first stage of `opencgc compile`. Layers
// nobody uses are erased; products read transposed 2-D operands in place;
// an argument, a constant and a value returned twice each get a copy of
// their own (a reshape to the same shape).
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

// A product with a transposed 2-D right operand reads it in place: gemm
// with trans_b, the left operand's leading dimensions folded into rows by
// reshapes; a 3-D transposed operand stays a matmul of the transpose.
// RUN: opencgc-opt --cgc-prepare-entry-point %S/Inputs/transposed-operand.mlir | FileCheck %s --check-prefix=TRANSPOSED
// TRANSPOSED:      %[[WTE:.*]] = cgc.constant("wte")
// TRANSPOSED-NEXT: %[[ROWS:.*]] = cgc_op.reshape(%arg0) {shape = [6, 4]}
// TRANSPOSED-NEXT: %[[GEMM:.*]] = cgc_op.gemm(%[[ROWS]], %[[WTE]]) {trans_b = true} : (!cgc.tensor<6x4x!cgc.float32>, !cgc.tensor<constant 5x4x!cgc.float32>)
// TRANSPOSED-NEXT: %[[LOGITS:.*]] = cgc_op.reshape(%[[GEMM]]) {shape = [2, 3, 5]}
// TRANSPOSED-NEXT: %[[YT:.*]] = cgc_op.transpose(%arg1) {perm = [0, 2, 1]}
// TRANSPOSED-NEXT: %[[OTHER:.*]] = cgc_op.matmul(%arg0, %[[YT]])
// TRANSPOSED-NEXT: cgc.return %[[LOGITS]], %[[OTHER]]

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
