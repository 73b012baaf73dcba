// Input IR of Inputs/output-ir.mlir: add with broadcasting, sigmoid, softmax.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x8x!cgc.float32>, %y: !cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<2x8x!cgc.float32>) {
    %0 = cgc_op.add(%x, %y) : (!cgc.tensor<2x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>)
    %1 = cgc_op.sigmoid(%0) : (!cgc.tensor<2x8x!cgc.float32>)
    %2 = cgc_op.softmax(%1) {axis = 1 : i64} : (!cgc.tensor<2x8x!cgc.float32>)
    cgc.return %2 : !cgc.tensor<2x8x!cgc.float32>
  }
}
