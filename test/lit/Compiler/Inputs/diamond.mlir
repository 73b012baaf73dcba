// The specification's appendix graph in small: a feeds b and c, both feed d.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<64x!cgc.float32>) -> !cgc.tensor<64x!cgc.float32> {
    %a = cgc_op.relu(%x) : (!cgc.tensor<64x!cgc.float32>)
    %b = cgc_op.sigmoid(%a) : (!cgc.tensor<64x!cgc.float32>)
    %c = cgc_op.tanh(%a) : (!cgc.tensor<64x!cgc.float32>)
    %d = cgc_op.add(%b, %c) : (!cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>)
    cgc.return %d : !cgc.tensor<64x!cgc.float32>
  }
}
