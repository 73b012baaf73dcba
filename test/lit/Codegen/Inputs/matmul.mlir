// Hand-written Partition IR with matmul/gemm subgraphs for the code
// generation tests: vec4 B and output, scalar edges (n % 4 != 0),
// transposes with alpha/beta/C, a batched matmul and a fused epilogue;
// products 16 and 17 deep, either side of the launch order's switch.
cgc.module {
  cgc.subgraph @matmulRelu attributes {origin = "test"} {
    cgc.functional_definition private @matmulReluFunctional(
        %a: !cgc.tensor<5x8x!cgc.float32>,
        %b: !cgc.tensor<8x12x!cgc.float32>,
        %bias: !cgc.tensor<12x!cgc.float32>) -> !cgc.tensor<5x12x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<5x8x!cgc.float32>, !cgc.tensor<8x12x!cgc.float32>)
      %1 = cgc_op.add(%0, %bias) : (!cgc.tensor<5x12x!cgc.float32>, !cgc.tensor<12x!cgc.float32>)
      %2 = cgc_op.relu(%1) : (!cgc.tensor<5x12x!cgc.float32>)
      cgc.return %2 : !cgc.tensor<5x12x!cgc.float32>
    }
  }
  cgc.subgraph @gemmTransposed attributes {origin = "test"} {
    cgc.functional_definition private @gemmTransposedFunctional(
        %a: !cgc.tensor<9x3x!cgc.float32>,
        %b: !cgc.tensor<5x9x!cgc.float32>,
        %c: !cgc.tensor<3x1x!cgc.float32>) -> !cgc.tensor<3x5x!cgc.float32> {
      %0 = cgc_op.gemm(%a, %b, %c) {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true, trans_b = true} : (!cgc.tensor<9x3x!cgc.float32>, !cgc.tensor<5x9x!cgc.float32>, !cgc.tensor<3x1x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<3x5x!cgc.float32>
    }
  }
  cgc.subgraph @batched attributes {origin = "test"} {
    cgc.functional_definition private @batchedFunctional(
        %a: !cgc.tensor<2x3x4x!cgc.float32>,
        %b: !cgc.tensor<4x8x!cgc.float32>) -> !cgc.tensor<2x3x8x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<4x8x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x8x!cgc.float32>
    }
  }
  cgc.subgraph @shallow attributes {origin = "test"} {
    cgc.functional_definition private @shallowFunctional(
        %a: !cgc.tensor<40x16x!cgc.float32>,
        %b: !cgc.tensor<16x64x!cgc.float32>) -> !cgc.tensor<40x64x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<40x16x!cgc.float32>, !cgc.tensor<16x64x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<40x64x!cgc.float32>
    }
  }
  cgc.subgraph @deep attributes {origin = "test"} {
    cgc.functional_definition private @deepFunctional(
        %a: !cgc.tensor<40x17x!cgc.float32>,
        %b: !cgc.tensor<17x64x!cgc.float32>) -> !cgc.tensor<40x64x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<40x17x!cgc.float32>, !cgc.tensor<17x64x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<40x64x!cgc.float32>
    }
  }
}
