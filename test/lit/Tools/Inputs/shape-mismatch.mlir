cgc.module {
  cgc.entry_point @m(%a: !cgc.tensor<2x!cgc.float32>, %b: !cgc.tensor<3x!cgc.float32>) {
    %r = cgc_op.add(%a, %b) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}
