// %c concatenates two 48-byte slices: a multiple of lavapipe's binding
// alignment (16 bytes), not of the default 256.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x12x!cgc.float32>) -> !cgc.tensor<1x24x!cgc.float32> {
    %a = cgc_op.relu(%x) : (!cgc.tensor<1x12x!cgc.float32>)
    %b = cgc_op.neg(%x) : (!cgc.tensor<1x12x!cgc.float32>)
    %c = cgc_op.concat(%a, %b) {axis = 1 : i64} : (!cgc.tensor<1x12x!cgc.float32>, !cgc.tensor<1x12x!cgc.float32>)
    %s = cgc_op.sigmoid(%c) : (!cgc.tensor<1x24x!cgc.float32>)
    cgc.return %s : !cgc.tensor<1x24x!cgc.float32>
  }
}
