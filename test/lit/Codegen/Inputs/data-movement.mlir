// Hand-written Partition IR for the data movement kernels: a concat along
// the channels with a relu epilogue, a transpose, a reshape (Flatten), and
// a slice with a negative step.
cgc.module {
  cgc.subgraph @concatRelu attributes {origin = "test"} {
    cgc.functional_definition private @f(
        %a: !cgc.tensor<1x2x2x2x!cgc.float32>, %b: !cgc.tensor<1x3x2x2x!cgc.float32>) -> !cgc.tensor<1x5x2x2x!cgc.float32> {
      %0 = cgc_op.concat(%a, %b) {axis = 1 : i64} : (!cgc.tensor<1x2x2x2x!cgc.float32>, !cgc.tensor<1x3x2x2x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x5x2x2x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x5x2x2x!cgc.float32>
    }
  }
  cgc.subgraph @transpose attributes {origin = "test"} {
    cgc.functional_definition private @g(
        %x: !cgc.tensor<2x3x4x!cgc.float32>) -> !cgc.tensor<4x2x3x!cgc.float32> {
      %0 = cgc_op.transpose(%x) {perm = [2, 0, 1]} : (!cgc.tensor<2x3x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x2x3x!cgc.float32>
    }
  }
  cgc.subgraph @flatten attributes {origin = "test"} {
    cgc.functional_definition private @h(
        %x: !cgc.tensor<1x8x1x1x!cgc.float32>) -> !cgc.tensor<1x8x!cgc.float32> {
      %0 = cgc_op.reshape(%x) {shape = [1, 8]} : (!cgc.tensor<1x8x1x1x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x8x!cgc.float32>
    }
  }
  cgc.subgraph @reversedSlice attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %x: !cgc.tensor<2x10x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.slice(%x) {starts = [8], ends = [1], axes = [1], steps = [-3]} : (!cgc.tensor<2x10x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @embedding attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %table: !cgc.tensor<10x8x!cgc.float32>,
        %ids: !cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x3x8x!cgc.float32> {
      %0 = cgc_op.gather(%table, %ids) {axis = 0} : (!cgc.tensor<10x8x!cgc.float32>, !cgc.tensor<2x3x!cgc.int64>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<2x3x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x8x!cgc.float32>
    }
  }
  cgc.subgraph @glu attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %x: !cgc.tensor<5x6x!cgc.float32>) -> (!cgc.tensor<5x3x!cgc.float32>, !cgc.tensor<5x3x!cgc.float32>) {
      %0:2 = cgc_op.split(%x) {axis = -1 : i64, split = [3, 3]} : (!cgc.tensor<5x6x!cgc.float32>)
      cgc.return %0#0, %0#1 : !cgc.tensor<5x3x!cgc.float32>, !cgc.tensor<5x3x!cgc.float32>
    }
  }
  cgc.subgraph @expand attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %x: !cgc.tensor<3x1x!cgc.float32>) -> !cgc.tensor<2x3x4x!cgc.float32> {
      %0 = cgc_op.expand(%x) {shape = [2, 1, 4]} : (!cgc.tensor<3x1x!cgc.float32>)
      %1 = cgc_op.neg(%0) : (!cgc.tensor<2x3x4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x4x!cgc.float32>
    }
  }
  cgc.subgraph @maskUnsqueeze attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %m: !cgc.tensor<1x5x!cgc.int64>) -> !cgc.tensor<1x1x1x5x!cgc.int64> {
      %0 = cgc_op.reshape(%m) {shape = [1, 1, 1, 5]} : (!cgc.tensor<1x5x!cgc.int64>)
      cgc.return %0 : !cgc.tensor<1x1x1x5x!cgc.int64>
    }
  }
  cgc.subgraph @keyCache16 attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %past: !cgc.tensor<1x2x3x4x!cgc.float16>, %new: !cgc.tensor<1x2x1x4x!cgc.float16>) -> !cgc.tensor<1x2x4x4x!cgc.float16> {
      %0 = cgc_op.concat(%past, %new) {axis = 2 : i64} : (!cgc.tensor<1x2x3x4x!cgc.float16>, !cgc.tensor<1x2x1x4x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<1x2x4x4x!cgc.float16>
    }
  }
  cgc.subgraph @gatherNd attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %d: !cgc.tensor<2x3x4x!cgc.int32>, %i: !cgc.tensor<2x2x1x!cgc.int64>) -> !cgc.tensor<2x2x4x!cgc.int32> {
      %0 = cgc_op.gather_nd(%d, %i) {batch_dims = 1 : i64} : (!cgc.tensor<2x3x4x!cgc.int32>, !cgc.tensor<2x2x1x!cgc.int64>)
      cgc.return %0 : !cgc.tensor<2x2x4x!cgc.int32>
    }
  }
  cgc.subgraph @qkv attributes {origin = "test"} {
    cgc.functional_definition private @k(
        %x: !cgc.tensor<1x4x24x!cgc.float32>) -> (!cgc.tensor<1x4x8x!cgc.float32>, !cgc.tensor<1x4x8x!cgc.float32>, !cgc.tensor<1x4x8x!cgc.float32>) {
      %0:3 = cgc_op.split(%x) {axis = 2 : i64, split = [8, 8, 8]} : (!cgc.tensor<1x4x24x!cgc.float32>)
      cgc.return %0#0, %0#1, %0#2 : !cgc.tensor<1x4x8x!cgc.float32>, !cgc.tensor<1x4x8x!cgc.float32>, !cgc.tensor<1x4x8x!cgc.float32>
    }
  }
}
