// cgc-schedule: each node and partition records the earlier ones it must
// wait for. In this diamond, %n and %s both read %r: each waits for the
// relu; the add waits for both (transitively reduced: not for the relu).
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition{partition=fine},cgc-plan-memory{in-place=false},cgc-schedule)' %s | FileCheck %s

// CHECK: nodes = [{depends = array<i64>, inputs = ["input0"], {{.*}} outputs = ["relu"]
// CHECK-SAME: {depends = array<i64: 0>, inputs = ["relu"], {{.*}} outputs = ["neg"]
// CHECK-SAME: {depends = array<i64: 0>, inputs = ["relu"], {{.*}} outputs = ["sigmoid"]
// CHECK-SAME: {depends = array<i64: 1, 2>, inputs = ["neg", "sigmoid"], {{.*}} outputs = ["output0"]
// CHECK-SAME: partitions = [{depends = array<i64>, name = "fallbackPartition1"
// CHECK-SAME: {depends = array<i64: 1, 2>, name = "fallbackPartition4"
// CHECK-SAME: stage = "scheduled"

// RUN: not opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition,cgc-schedule)' %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-schedule needs the entry point memory planned (run cgc-plan-memory first); it is partitioned
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    %n = cgc_op.neg(%r) : (!cgc.tensor<4x!cgc.float32>)
    %s = cgc_op.sigmoid(%r) : (!cgc.tensor<4x!cgc.float32>)
    %a = cgc_op.add(%n, %s) : (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
    cgc.return %a : !cgc.tensor<4x!cgc.float32>
  }
}
