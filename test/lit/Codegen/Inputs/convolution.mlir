// Hand-written Partition IR for the code generation tests: a padded,
// strided 3x3 convolution with bias and a fused relu (the fast path, element
// by element), a 9x9 one for 16 channels (the general path), a stride-1 one
// on rows a multiple of 4 wide (the fast path with vec4 rows), and a
// pointwise and a strided pointwise one (the matmul kernel).
cgc.module {
  cgc.subgraph @convRelu attributes {origin = "test"} {
    cgc.functional_definition private @convReluFunctional(
        %x: !cgc.tensor<1x3x9x9x!cgc.float32>,
        %w: !cgc.tensor<4x3x3x3x!cgc.float32>,
        %b: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<1x4x5x5x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w, %b) {strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x3x9x9x!cgc.float32>, !cgc.tensor<4x3x3x3x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x4x5x5x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x4x5x5x!cgc.float32>
    }
  }
  cgc.subgraph @convWide attributes {origin = "test"} {
    cgc.functional_definition private @convWideFunctional(
        %x: !cgc.tensor<1x2x9x9x!cgc.float32>,
        %w: !cgc.tensor<16x2x11x11x!cgc.float32>) -> !cgc.tensor<1x16x9x9x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w) {start_padding = [5, 5], end_padding = [5, 5]} : (!cgc.tensor<1x2x9x9x!cgc.float32>, !cgc.tensor<16x2x11x11x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x16x9x9x!cgc.float32>
    }
  }
  cgc.subgraph @convFast attributes {origin = "test"} {
    cgc.functional_definition private @convFastFunctional(
        %x: !cgc.tensor<1x8x6x8x!cgc.float32>,
        %w: !cgc.tensor<16x8x3x3x!cgc.float32>) -> !cgc.tensor<1x16x6x8x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x8x6x8x!cgc.float32>, !cgc.tensor<16x8x3x3x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x16x6x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x16x6x8x!cgc.float32>
    }
  }
  cgc.subgraph @convPointwise attributes {origin = "test"} {
    cgc.functional_definition private @convPointwiseFunctional(
        %x: !cgc.tensor<2x8x4x4x!cgc.float32>,
        %w: !cgc.tensor<12x8x1x1x!cgc.float32>,
        %b: !cgc.tensor<12x!cgc.float32>) -> !cgc.tensor<2x12x4x4x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w, %b) : (!cgc.tensor<2x8x4x4x!cgc.float32>, !cgc.tensor<12x8x1x1x!cgc.float32>, !cgc.tensor<12x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<2x12x4x4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x12x4x4x!cgc.float32>
    }
  }
  cgc.subgraph @convProjection attributes {origin = "test"} {
    cgc.functional_definition private @convProjectionFunctional(
        %x: !cgc.tensor<1x8x6x6x!cgc.float32>,
        %w: !cgc.tensor<16x8x1x1x!cgc.float32>) -> !cgc.tensor<1x16x3x3x!cgc.float32> {
      %0 = cgc_op.convolution(%x, %w) {strides = [2, 2]} : (!cgc.tensor<1x8x6x6x!cgc.float32>, !cgc.tensor<16x8x1x1x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x16x3x3x!cgc.float32>
    }
  }
}
