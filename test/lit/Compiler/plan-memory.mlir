// cgc-plan-memory: every value gets a home. The entry argument, the
// constants and the result are the application's; the intermediates share
// one scratch buffer, each relu and add writing over the input that dies
// with it. Without in-place writes each intermediate needs its own bytes.
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition{partition=fine},cgc-plan-memory)' %s | FileCheck %s
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition{partition=fine},cgc-plan-memory{in-place=false})' %s | FileCheck %s --check-prefix=COPIES

// CHECK: homes = {{\[}}["add", "scratch", 0, 0], ["b", "constant", 0, 0], ["convolution", "scratch", 0, 0], ["input0", "input", 0, 0], ["output0", "output", 0, 0], ["relu", "scratch", 0, 0], ["w", "constant", 0, 0]]
// CHECK-SAME: memory = {buffers = [{bytes = 64 : i64, first_step = 0 : i64, last_step = 3 : i64, values = ["convolution", "relu", "add"]}], lower_bound_bytes = 64 : i64, naive_bytes = 192 : i64, peak_live_bytes = 64 : i64, scratch_bytes = 64 : i64}
// CHECK-SAME: stage = "memory planned"
// Three buffers, two live at once, the second 256-byte aligned: 320 bytes.
// COPIES: memory = {buffers = [{bytes = 64 : i64, first_step = 0 : i64, last_step = 1 : i64, values = ["convolution"]}, {bytes = 64 : i64, first_step = 1 : i64, last_step = 2 : i64, values = ["relu"]}, {bytes = 64 : i64, first_step = 2 : i64, last_step = 3 : i64, values = ["add"]}], lower_bound_bytes = 128 : i64, naive_bytes = 192 : i64, peak_live_bytes = 128 : i64, scratch_bytes = 320 : i64}

// RUN: not opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-plan-memory)' %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-plan-memory needs the entry point partitioned (run cgc-partition first); it is subgraphs formed
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
