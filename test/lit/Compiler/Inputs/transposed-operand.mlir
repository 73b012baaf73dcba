// A language-model head as exporters write it: logits = x . transpose(wte)
// with a 2-D wte (the embedding), and a product whose transposed operand is
// 3-D, which stays a matmul.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!cgc.float32>, %y: !cgc.tensor<2x3x4x!cgc.float32>) -> (!cgc.tensor<2x3x5x!cgc.float32>, !cgc.tensor<2x3x3x!cgc.float32>) {
    %wte = cgc.constant("wte") : !cgc.tensor<constant 5x4x!cgc.float32>
    %head = cgc_op.transpose(%wte) {perm = [1, 0]} : (!cgc.tensor<constant 5x4x!cgc.float32>)
    %logits = cgc_op.matmul(%x, %head) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<4x5x!cgc.float32>)
    %yt = cgc_op.transpose(%y) {perm = [0, 2, 1]} : (!cgc.tensor<2x3x4x!cgc.float32>)
    %other = cgc_op.matmul(%x, %yt) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<2x4x3x!cgc.float32>)
    cgc.return %logits, %other : !cgc.tensor<2x3x5x!cgc.float32>, !cgc.tensor<2x3x3x!cgc.float32>
  }
}
