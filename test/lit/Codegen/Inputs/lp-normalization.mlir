// lp_normalization along axis 0: the norm of a group of zeros is 0.
cgc.module {
  cgc.subgraph @l2Norm attributes {origin = "test"} {
    cgc.functional_definition private @f(
        %x: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.lp_normalization(%x) {axis = 0 : i64} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
}
