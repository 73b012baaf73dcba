// A matmul whose constant B has rows of 10 (not whole vec4s), with a bias:
// the kernel may read B padded to rows of 12 (rows-padded-to-vec4) when its
// caller can bind it so; a variable B of the same shape stays scalar.
cgc.module {
  cgc.subgraph @constantB attributes {origin = "test"} {
    cgc.functional_definition private @constantBFunctional(
        %a: !cgc.tensor<5x12x!cgc.float32>,
        %b: !cgc.tensor<constant 12x10x!cgc.float32>,
        %bias: !cgc.tensor<constant 10x!cgc.float32>) -> !cgc.tensor<5x10x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<5x12x!cgc.float32>, !cgc.tensor<constant 12x10x!cgc.float32>)
      %1 = cgc_op.add(%0, %bias) : (!cgc.tensor<5x10x!cgc.float32>, !cgc.tensor<constant 10x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<5x10x!cgc.float32>
    }
  }
  cgc.subgraph @variableB attributes {origin = "test"} {
    cgc.functional_definition private @variableBFunctional(
        %a: !cgc.tensor<5x12x!cgc.float32>,
        %b: !cgc.tensor<12x10x!cgc.float32>) -> !cgc.tensor<5x10x!cgc.float32> {
      %0 = cgc_op.matmul(%a, %b) : (!cgc.tensor<5x12x!cgc.float32>, !cgc.tensor<12x10x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<5x10x!cgc.float32>
    }
  }
}
