// %c concatenates two 256-byte slices along axis 1 (only a unit dimension
// before it): %a and %b are written in place, at bytes 0 and 256 of %c. %d
// concatenates along axis 1 of 2x... tensors: its slices are not
// contiguous, so it is copied by a subgraph.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x64x!cgc.float32>, %y: !cgc.tensor<2x4x!cgc.float32>) -> (!cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<2x8x!cgc.float32>) {
    %a = cgc_op.relu(%x) : (!cgc.tensor<1x64x!cgc.float32>)
    %b = cgc_op.neg(%x) : (!cgc.tensor<1x64x!cgc.float32>)
    %c = cgc_op.concat(%a, %b) {axis = 1 : i64} : (!cgc.tensor<1x64x!cgc.float32>, !cgc.tensor<1x64x!cgc.float32>)
    %s = cgc_op.sigmoid(%c) : (!cgc.tensor<1x128x!cgc.float32>)
    %p = cgc_op.relu(%y) : (!cgc.tensor<2x4x!cgc.float32>)
    %q = cgc_op.neg(%y) : (!cgc.tensor<2x4x!cgc.float32>)
    %d = cgc_op.concat(%p, %q) {axis = 1 : i64} : (!cgc.tensor<2x4x!cgc.float32>, !cgc.tensor<2x4x!cgc.float32>)
    cgc.return %s, %d : !cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<2x8x!cgc.float32>
  }
}
