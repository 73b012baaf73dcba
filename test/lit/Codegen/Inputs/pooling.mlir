// Hand-written Partition IR with pooling subgraphs for the code generation
// tests: ResNet's padded, strided 3x3 max pool with a fused relu epilogue
// (window unrolled), and a global average pool (window too large to unroll:
// it loops).
cgc.module {
  cgc.subgraph @maxPoolRelu attributes {origin = "test"} {
    cgc.functional_definition private @maxPoolReluFunctional(
        %x: !cgc.tensor<1x2x9x9x!cgc.float32>) -> !cgc.tensor<1x2x5x5x!cgc.float32> {
      %0 = cgc_op.max_pooling(%x) {window_size = [3, 3], strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x2x9x9x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x2x5x5x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x2x5x5x!cgc.float32>
    }
  }
  cgc.subgraph @globalAverage attributes {origin = "test"} {
    cgc.functional_definition private @globalAverageFunctional(
        %x: !cgc.tensor<1x8x7x7x!cgc.float32>) -> !cgc.tensor<1x8x1x1x!cgc.float32> {
      %0 = cgc_op.average_pooling(%x) {window_size = [7, 7]} : (!cgc.tensor<1x8x7x7x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x8x1x1x!cgc.float32>
    }
  }
}
