// relu feeds both sigmoid and add; sigmoid feeds add. Fusing relu with add
// would leave sigmoid both after and before the fused subgraph.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<8x!cgc.float32> {
    %a = cgc_op.relu(%x) : (!cgc.tensor<8x!cgc.float32>)
    %b = cgc_op.sigmoid(%a) : (!cgc.tensor<8x!cgc.float32>)
    %c = cgc_op.add(%a, %b) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>)
    cgc.return %c : !cgc.tensor<8x!cgc.float32>
  }
}
