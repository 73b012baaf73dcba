cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<4294967296x4294967296x4294967296x!cgc.float32>) -> !cgc.tensor<4294967296x4294967296x4294967296x!cgc.float32> {
    %r = cgc_op.relu(%in) : (!cgc.tensor<4294967296x4294967296x4294967296x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4294967296x4294967296x4294967296x!cgc.float32>
  }
}
