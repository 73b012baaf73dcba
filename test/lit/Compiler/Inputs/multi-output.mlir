// The relu result is returned as well as added: fusing relu -> add needs a
// second subgraph result.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x!cgc.float32>, %y: !cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) {
    %a = cgc_op.relu(%x) : (!cgc.tensor<8x!cgc.float32>)
    %c = cgc_op.add(%y, %a) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>)
    cgc.return %c, %a : !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>
  }
}
