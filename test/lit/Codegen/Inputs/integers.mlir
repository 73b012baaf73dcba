// Integer elementwise kernels (integers.test).
cgc.module {
  cgc.subgraph @positions attributes {origin = "test"} {
    cgc.functional_definition private @positionsFunctional(
        %cum: !cgc.tensor<1x8x!cgc.int64>, %mask: !cgc.tensor<1x8x!cgc.int64>,
        %one: !cgc.tensor<1x!cgc.int64>) -> (!cgc.tensor<1x8x!cgc.int64>, !cgc.tensor<1x8x!cgc.bool>) {
      %p = cgc_op.sub(%cum, %one) : (!cgc.tensor<1x8x!cgc.int64>, !cgc.tensor<1x!cgc.int64>)
      %q = cgc_op.mul(%p, %mask) : (!cgc.tensor<1x8x!cgc.int64>, !cgc.tensor<1x8x!cgc.int64>)
      %b = cgc_op.greater(%q, %one) : (!cgc.tensor<1x8x!cgc.int64>, !cgc.tensor<1x!cgc.int64>)
      cgc.return %q, %b : !cgc.tensor<1x8x!cgc.int64>, !cgc.tensor<1x8x!cgc.bool>
    }
  }
  cgc.subgraph @truncate attributes {origin = "test"} {
    cgc.functional_definition private @truncateFunctional(
        %x: !cgc.tensor<6x!cgc.float32>) -> !cgc.tensor<6x!cgc.int32> {
      %0 = cgc_op.cast(%x) {to = !cgc.int32} : (!cgc.tensor<6x!cgc.float32>)
      %1 = cgc_op.abs(%0) : (!cgc.tensor<6x!cgc.int32>)
      cgc.return %1 : !cgc.tensor<6x!cgc.int32>
    }
  }
}
