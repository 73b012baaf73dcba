// driver (relu+add) -> fallback (sigmoid) -> driver (relu+add), plus an
// independent relu+add on the second input.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<64x!cgc.float32>, %y: !cgc.tensor<64x!cgc.float32>) -> (!cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>) {
    %r1 = cgc_op.relu(%x) : (!cgc.tensor<64x!cgc.float32>)
    %a1 = cgc_op.add(%r1, %y) : (!cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>)
    %s = cgc_op.sigmoid(%a1) : (!cgc.tensor<64x!cgc.float32>)
    %r2 = cgc_op.relu(%s) : (!cgc.tensor<64x!cgc.float32>)
    %a2 = cgc_op.add(%r2, %x) : (!cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>)
    %r3 = cgc_op.relu(%y) : (!cgc.tensor<64x!cgc.float32>)
    %a3 = cgc_op.add(%r3, %y) : (!cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>)
    cgc.return %a2, %a3 : !cgc.tensor<64x!cgc.float32>, !cgc.tensor<64x!cgc.float32>
  }
}
