// cgc-partition: nodes grouped into partitions of one target each, in
// execution order; coarse takes the largest acyclic groups, fine one node
// each. A partition of the fallback target is named "fallback...".
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition)' %s | FileCheck %s --check-prefix=COARSE
// RUN: opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition{partition=fine})' %s | FileCheck %s --check-prefix=FINE

// COARSE: nodes = [{inputs = ["input0"], ops = array<i64: 0>, outputs = ["relu"], partition = 0 : i64, pattern = "op", target = "reference"}, {inputs = ["relu"], ops = array<i64: 1>, outputs = ["output0"], partition = 0 : i64, pattern = "op", target = "reference"}], partitioning = "coarse", partitions = [{name = "fallbackPartition", nodes = array<i64: 0, 1>, target = "reference"}]
// COARSE-SAME: stage = "partitioned"
// FINE: partitioning = "fine", partitions = [{name = "fallbackPartition1", nodes = array<i64: 0>, target = "reference"}, {name = "fallbackPartition2", nodes = array<i64: 1>, target = "reference"}]

// RUN: not opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-form-subgraphs{target=reference},cgc-partition{partition=medium})' %s 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: error: --partition must be fine or coarse, not 'medium'
// RUN: not opencgc-opt --pass-pipeline='cgc.module(cgc-prepare-entry-point,cgc-place-views{alignment=256},cgc-partition)' %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-partition needs the entry point subgraphs formed (run cgc-form-subgraphs first); it is views placed
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    %s = cgc_op.sigmoid(%r) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %s : !cgc.tensor<4x!cgc.float32>
  }
}
