// Hand-written Partition IR for the transposed convolution kernels: a 2x2
// stride-2 conv_transpose with bias and a relu epilogue (the upsampling
// layers of PP-OCRv4's detector; the matmul kernel's), the same with an
// input width of 4 (its taps stored in pairs), a 1-D one whose
// kernel (2) is smaller than its stride (3), and a grouped, padded,
// dilated one.
cgc.module {
  cgc.subgraph @upsampleRelu attributes {origin = "test"} {
    cgc.functional_definition private @f(
        %x: !cgc.tensor<1x4x3x3x!cgc.float32>, %w: !cgc.tensor<4x2x2x2x!cgc.float32>,
        %b: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<1x2x6x6x!cgc.float32> {
      %0 = cgc_op.conv_transpose(%x, %w, %b) {strides = [2, 2]} : (!cgc.tensor<1x4x3x3x!cgc.float32>, !cgc.tensor<4x2x2x2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x2x6x6x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x2x6x6x!cgc.float32>
    }
  }
  cgc.subgraph @upsamplePairs attributes {origin = "test"} {
    cgc.functional_definition private @p(
        %x: !cgc.tensor<1x4x2x4x!cgc.float32>, %w: !cgc.tensor<4x2x2x2x!cgc.float32>,
        %b: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<1x2x4x8x!cgc.float32> {
      %0 = cgc_op.conv_transpose(%x, %w, %b) {strides = [2, 2]} : (!cgc.tensor<1x4x2x4x!cgc.float32>, !cgc.tensor<4x2x2x2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x2x4x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x2x4x8x!cgc.float32>
    }
  }
  cgc.subgraph @upsampleBn attributes {origin = "test"} {
    cgc.functional_definition private @n(
        %x: !cgc.tensor<1x4x2x4x!cgc.float32>, %w: !cgc.tensor<4x2x2x2x!cgc.float32>,
        %s: !cgc.tensor<2x!cgc.float32>, %o: !cgc.tensor<2x!cgc.float32>,
        %m: !cgc.tensor<2x!cgc.float32>, %v: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<1x2x4x8x!cgc.float32> {
      %0 = cgc_op.conv_transpose(%x, %w) {strides = [2, 2]} : (!cgc.tensor<1x4x2x4x!cgc.float32>, !cgc.tensor<4x2x2x2x!cgc.float32>)
      %1 = cgc_op.batch_normalization(%0, %s, %o, %m, %v) : (!cgc.tensor<1x2x4x8x!cgc.float32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x2x4x8x!cgc.float32>
    }
  }
  cgc.subgraph @upsampleGap attributes {origin = "test"} {
    cgc.functional_definition private @h(
        %x: !cgc.tensor<1x4x3x!cgc.float32>, %w: !cgc.tensor<4x2x2x!cgc.float32>,
        %b: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<1x2x8x!cgc.float32> {
      %0 = cgc_op.conv_transpose(%x, %w, %b) {strides = [3]} : (!cgc.tensor<1x4x3x!cgc.float32>, !cgc.tensor<4x2x2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x2x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x2x8x!cgc.float32>
    }
  }
  cgc.subgraph @grouped attributes {origin = "test"} {
    cgc.functional_definition private @g(
        %x: !cgc.tensor<1x4x5x!cgc.float32>, %w: !cgc.tensor<4x1x3x!cgc.float32>) -> !cgc.tensor<1x2x7x!cgc.float32> {
      %0 = cgc_op.conv_transpose(%x, %w) {group = 2 : i64, dilations = [2], start_padding = [1], end_padding = [1]} : (!cgc.tensor<1x4x5x!cgc.float32>, !cgc.tensor<4x1x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x2x7x!cgc.float32>
    }
  }
}
