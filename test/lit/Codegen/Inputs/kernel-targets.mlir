// Hand-written Partition IR for test/lit/Codegen/kernel-targets.test: a
// product wide and deep enough for the large register tile, a 3x3
// convolution that takes lavapipe's multi-row tile, and a product large
// enough for the largest shared-memory tile of NVIDIA targets.
cgc.module {
  cgc.subgraph @wideProduct attributes {origin = "test"} {
    cgc.functional_definition private @wideProductFunctional(
        %a: !cgc.tensor<512x256x!cgc.float32>,
        %b: !cgc.tensor<256x1024x!cgc.float32>) -> !cgc.tensor<512x1024x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<512x256x!cgc.float32>, !cgc.tensor<256x1024x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<512x1024x!cgc.float32>
    }
  }
  cgc.subgraph @conv3x3 attributes {origin = "test"} {
    cgc.functional_definition private @conv3x3Functional(
        %x: !cgc.tensor<1x16x16x16x!cgc.float32>,
        %w: !cgc.tensor<16x16x3x3x!cgc.float32>) -> !cgc.tensor<1x16x16x16x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x16x16x16x!cgc.float32>, !cgc.tensor<16x16x3x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x16x16x16x!cgc.float32>
    }
  }
  cgc.subgraph @largestProduct attributes {origin = "test"} {
    cgc.functional_definition private @largestProductFunctional(
        %a: !cgc.tensor<2048x64x!cgc.float32>,
        %b: !cgc.tensor<64x2048x!cgc.float32>) -> !cgc.tensor<2048x2048x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<2048x64x!cgc.float32>, !cgc.tensor<64x2048x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2048x2048x!cgc.float32>
    }
  }
}
