// Normalization subgraphs the kernel generator refuses, each with its
// reason.
cgc.module {
  cgc.subgraph @computedScale attributes {origin = "test"} {
    cgc.functional_definition private @computedScaleFunctional(
        %x: !cgc.tensor<2x3x5x!cgc.float32>, %p: !cgc.tensor<3x!cgc.float32>)
        -> !cgc.tensor<2x3x5x!cgc.float32> {
      %0 = cgc_op.exp(%p) : (!cgc.tensor<3x!cgc.float32>)
      %1 = cgc_op.batch_normalization(%x, %0, %p, %p, %p) : (!cgc.tensor<2x3x5x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x5x!cgc.float32>
    }
  }
  cgc.subgraph @reduceBn attributes {origin = "test"} {
    cgc.functional_definition private @reduceBnFunctional(
        %x: !cgc.tensor<2x3x5x!cgc.float32>, %p: !cgc.tensor<3x!cgc.float32>)
        -> !cgc.tensor<1x1x1x!cgc.float32> {
      %0 = cgc_op.batch_normalization(%x, %p, %p, %p, %p) : (!cgc.tensor<2x3x5x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      %1 = cgc_op.reduce_sum(%0) : (!cgc.tensor<2x3x5x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x1x1x!cgc.float32>
    }
  }
  cgc.subgraph @halfBatchNorm attributes {origin = "test"} {
    cgc.functional_definition private @halfBatchNormFunctional(
        %x: !cgc.tensor<2x3x5x!cgc.float16>, %p: !cgc.tensor<3x!cgc.float16>)
        -> !cgc.tensor<2x3x5x!cgc.float16> {
      %0 = cgc_op.batch_normalization(%x, %p, %p, %p, %p) : (!cgc.tensor<2x3x5x!cgc.float16>, !cgc.tensor<3x!cgc.float16>, !cgc.tensor<3x!cgc.float16>, !cgc.tensor<3x!cgc.float16>, !cgc.tensor<3x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<2x3x5x!cgc.float16>
    }
  }
  cgc.subgraph @halfLayerNorm attributes {origin = "test"} {
    cgc.functional_definition private @halfLayerNormFunctional(
        %x: !cgc.tensor<4x8x!cgc.float16>, %s: !cgc.tensor<8x!cgc.float16>)
        -> !cgc.tensor<4x8x!cgc.float16> {
      %0:3 = cgc_op.layer_normalization(%x, %s) : (!cgc.tensor<4x8x!cgc.float16>, !cgc.tensor<8x!cgc.float16>)
      cgc.return %0#0 : !cgc.tensor<4x8x!cgc.float16>
    }
  }
  cgc.subgraph @emptyLp attributes {origin = "test"} {
    cgc.functional_definition private @emptyLpFunctional(
        %x: !cgc.tensor<0x3x!cgc.float32>) -> !cgc.tensor<0x3x!cgc.float32> {
      %0 = cgc_op.lp_normalization(%x) : (!cgc.tensor<0x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<0x3x!cgc.float32>
    }
  }
}
