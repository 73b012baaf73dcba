cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1048576x1048576x!cgc.float32>) -> !cgc.tensor<1048576x1048576x!cgc.float32> {
    %r = cgc_op.relu(%in) : (!cgc.tensor<1048576x1048576x!cgc.float32>)
    cgc.return %r : !cgc.tensor<1048576x1048576x!cgc.float32>
  }
}
