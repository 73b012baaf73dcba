// Resampling subgraphs the kernel generator refuses, each with its reason.
cgc.module {
  cgc.subgraph @cubicResize attributes {origin = "test"} {
    cgc.functional_definition private @cubicResizeFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
      %0 = cgc_op.resize(%x) {sizes = [1, 1, 8, 8], scales = [1.0, 1.0, 2.0, 2.0], mode = "cubic"} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x1x8x8x!cgc.float32>
    }
  }
  cgc.subgraph @halfUpsample attributes {origin = "test"} {
    cgc.functional_definition private @halfUpsampleFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float16>) -> !cgc.tensor<1x1x8x8x!cgc.float16> {
      %0 = cgc_op.upsample(%x) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<1x1x8x8x!cgc.float16>
    }
  }
  cgc.subgraph @upsampleHardmax attributes {origin = "test"} {
    cgc.functional_definition private @upsampleHardmaxFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
      %0 = cgc_op.upsample(%x) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      %1 = cgc_op.hardmax(%0) : (!cgc.tensor<1x1x8x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x1x8x8x!cgc.float32>
    }
  }
}
