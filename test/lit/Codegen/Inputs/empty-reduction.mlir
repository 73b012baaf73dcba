// A reduce_sum over an empty axis: every output is the sum of nothing, 0.
cgc.module {
  cgc.subgraph @emptySum attributes {origin = "test"} {
    cgc.functional_definition private @f(
        %x: !cgc.tensor<2x0x4x!cgc.float32>) -> !cgc.tensor<2x1x4x!cgc.float32> {
      %0 = cgc_op.reduce_sum(%x) {axes = [1]} : (!cgc.tensor<2x0x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x1x4x!cgc.float32>
    }
  }
}
