// Hand-written Partition IR for the texel buffer tests: float32 inputs of
// scalar and vec4 loads within the default limit (65536 texels), one float32
// input above it, and float16 inputs.
cgc.module {
  cgc.subgraph @add attributes {origin = "test"} {
    cgc.functional_definition private @addFunctional(
        %a: !cgc.tensor<1x4x!cgc.float32>,
        %b: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<1x4x!cgc.float32>, !cgc.tensor<1x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x4x!cgc.float32>
    }
  }
  cgc.subgraph @matmul attributes {origin = "test"} {
    cgc.functional_definition private @matmulFunctional(
        %a: !cgc.tensor<5x8x!cgc.float32>,
        %b: !cgc.tensor<8x12x!cgc.float32>) -> !cgc.tensor<5x12x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<5x8x!cgc.float32>, !cgc.tensor<8x12x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<5x12x!cgc.float32>
    }
  }
  cgc.subgraph @bigMul attributes {origin = "test"} {
    cgc.functional_definition private @bigMulFunctional(
        %a: !cgc.tensor<65537x!cgc.float32>,
        %b: !cgc.tensor<1x!cgc.float32>) -> !cgc.tensor<65537x!cgc.float32> {
      %0 = cgc_op.mul(%a, %b) : (!cgc.tensor<65537x!cgc.float32>, !cgc.tensor<1x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<65537x!cgc.float32>
    }
  }
  cgc.subgraph @halfAdd attributes {origin = "test"} {
    cgc.functional_definition private @halfAddFunctional(
        %a: !cgc.tensor<8x!cgc.float16>,
        %b: !cgc.tensor<8x!cgc.float16>) -> !cgc.tensor<8x!cgc.float16> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<8x!cgc.float16>, !cgc.tensor<8x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<8x!cgc.float16>
    }
  }
}
