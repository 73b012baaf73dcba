// Hand-written Partition IR for the reduction tests: a reduce_sum over the
// middle axis with an elementwise prologue, and a softmax along the last
// axis.
cgc.module {
  cgc.subgraph @expSum attributes {origin = "test"} {
    cgc.functional_definition private @expSumFunctional(
        %x: !cgc.tensor<2x5x3x!cgc.float32>,
        %y: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.mul(%x, %y) : (!cgc.tensor<2x5x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      %1 = cgc_op.exp(%0) : (!cgc.tensor<2x5x3x!cgc.float32>)
      %2 = cgc_op.reduce_sum(%1) {axes = [1], keepdims = false} : (!cgc.tensor<2x5x3x!cgc.float32>)
      cgc.return %2 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @softmax attributes {origin = "test"} {
    cgc.functional_definition private @softmaxFunctional(
        %x: !cgc.tensor<4x10x!cgc.float32>) -> !cgc.tensor<4x10x!cgc.float32> {
      %0 = cgc_op.softmax(%x) {axis = -1 : i64} : (!cgc.tensor<4x10x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x10x!cgc.float32>
    }
  }
}
