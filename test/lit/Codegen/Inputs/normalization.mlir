// Hand-written Partition IR for the normalization tests: convolution +
// batch_normalization + relu as one kernel, batch_normalization in an
// elementwise chain, layer_normalization with its statistics as results,
// instance_normalization with an epilogue, and lrn.
cgc.module {
  cgc.subgraph @convBnRelu attributes {origin = "test"} {
    cgc.functional_definition private @convBnReluFunctional(
        %x: !cgc.tensor<1x3x6x6x!cgc.float32>,
        %w: !cgc.tensor<4x3x3x3x!cgc.float32>,
        %scale: !cgc.tensor<4x!cgc.float32>, %bias: !cgc.tensor<4x!cgc.float32>,
        %mean: !cgc.tensor<4x!cgc.float32>, %var: !cgc.tensor<4x!cgc.float32>)
        -> !cgc.tensor<1x4x4x4x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w) : (!cgc.tensor<1x3x6x6x!cgc.float32>, !cgc.tensor<4x3x3x3x!cgc.float32>)
      %1 = cgc_op.batch_normalization(%0, %scale, %bias, %mean, %var) {epsilon = 0.001 : f32} : (!cgc.tensor<1x4x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
      %2 = cgc_op.relu(%1) : (!cgc.tensor<1x4x4x4x!cgc.float32>)
      cgc.return %2 : !cgc.tensor<1x4x4x4x!cgc.float32>
    }
  }
  cgc.subgraph @bnChain attributes {origin = "test"} {
    cgc.functional_definition private @bnChainFunctional(
        %x: !cgc.tensor<2x3x5x!cgc.float32>,
        %scale: !cgc.tensor<3x!cgc.float32>, %bias: !cgc.tensor<3x!cgc.float32>,
        %mean: !cgc.tensor<3x!cgc.float32>, %var: !cgc.tensor<3x!cgc.float32>)
        -> !cgc.tensor<2x3x5x!cgc.float32> {
      %0 = cgc_op.batch_normalization(%x, %scale, %bias, %mean, %var) : (!cgc.tensor<2x3x5x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      %1 = cgc_op.sigmoid(%0) : (!cgc.tensor<2x3x5x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x5x!cgc.float32>
    }
  }
  cgc.subgraph @layerNorm attributes {origin = "test"} {
    cgc.functional_definition private @layerNormFunctional(
        %x: !cgc.tensor<4x8x!cgc.float32>,
        %scale: !cgc.tensor<8x!cgc.float32>, %bias: !cgc.tensor<8x!cgc.float32>)
        -> (!cgc.tensor<4x8x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>) {
      %0:3 = cgc_op.layer_normalization(%x, %scale, %bias) : (!cgc.tensor<4x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>)
      cgc.return %0#0, %0#1, %0#2 : !cgc.tensor<4x8x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>
    }
  }
  cgc.subgraph @instanceNormRelu attributes {origin = "test"} {
    cgc.functional_definition private @instanceNormReluFunctional(
        %x: !cgc.tensor<2x3x4x4x!cgc.float32>,
        %scale: !cgc.tensor<3x!cgc.float32>, %bias: !cgc.tensor<3x!cgc.float32>)
        -> !cgc.tensor<2x3x4x4x!cgc.float32> {
      %0 = cgc_op.instance_normalization(%x, %scale, %bias) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<2x3x4x4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x4x4x!cgc.float32>
    }
  }
  cgc.subgraph @lrn attributes {origin = "test"} {
    cgc.functional_definition private @lrnFunctional(
        %x: !cgc.tensor<1x5x2x2x!cgc.float32>) -> !cgc.tensor<1x5x2x2x!cgc.float32> {
      %0 = cgc_op.lrn(%x) {size = 3 : i64} : (!cgc.tensor<1x5x2x2x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x5x2x2x!cgc.float32>
    }
  }
}
