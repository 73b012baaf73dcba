// %f reshapes an intermediate: a view of %r's bytes, computed by no
// subgraph. %o reshapes too, but is returned: it is computed into the
// output buffer the application binds.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x1x1x!cgc.float32>) -> (!cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) {
    %r = cgc_op.relu(%x) : (!cgc.tensor<1x8x1x1x!cgc.float32>)
    %f = cgc_op.reshape(%r) {shape = [1, 8]} : (!cgc.tensor<1x8x1x1x!cgc.float32>)
    %n = cgc_op.neg(%f) : (!cgc.tensor<1x8x!cgc.float32>)
    %o = cgc_op.reshape(%n) {shape = [8]} : (!cgc.tensor<1x8x!cgc.float32>)
    cgc.return %n, %o : !cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>
  }
}
