// Pooling subgraphs the kernel generator refuses, each with its reason.
cgc.module {
  cgc.subgraph @withIndices attributes {origin = "test"} {
    cgc.functional_definition private @withIndicesFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x2x2x!cgc.float32> {
      %0:2 = cgc_op.max_pooling_with_indices(%x) {window_size = [2, 2], strides = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      cgc.return %0#0 : !cgc.tensor<1x1x2x2x!cgc.float32>
    }
  }
  cgc.subgraph @halfPool attributes {origin = "test"} {
    cgc.functional_definition private @halfPoolFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float16>) -> !cgc.tensor<1x1x2x2x!cgc.float16> {
      %0 = cgc_op.max_pooling(%x) {window_size = [2, 2], strides = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<1x1x2x2x!cgc.float16>
    }
  }
  cgc.subgraph @poolHardmax attributes {origin = "test"} {
    cgc.functional_definition private @poolHardmaxFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x2x2x!cgc.float32> {
      %0 = cgc_op.average_pooling(%x) {window_size = [2, 2], strides = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      %1 = cgc_op.hardmax(%0) : (!cgc.tensor<1x1x2x2x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x1x2x2x!cgc.float32>
    }
  }
  cgc.subgraph @fourSpatial attributes {origin = "test"} {
    cgc.functional_definition private @fourSpatialFunctional(
        %x: !cgc.tensor<1x1x2x2x2x2x!cgc.float32>) -> !cgc.tensor<1x1x1x1x1x1x!cgc.float32> {
      %0 = cgc_op.max_pooling(%x) {window_size = [2, 2, 2, 2]} : (!cgc.tensor<1x1x2x2x2x2x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x1x1x1x1x1x!cgc.float32>
    }
  }
}
