// convolution -> relu -> sigmoid, then x*x summed over the channels, and a
// matmul with nothing after it.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!cgc.float32>, %a: !cgc.tensor<4x4x!cgc.float32>) -> (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<4x4x!cgc.float32>) {
    %w = cgc.constant("w") : !cgc.tensor<constant 2x2x3x3x!cgc.float32>
    %c = cgc_op.convolution(%x, %w) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x2x4x4x!cgc.float32>, !cgc.tensor<constant 2x2x3x3x!cgc.float32>)
    %r = cgc_op.relu(%c) : (!cgc.tensor<1x2x4x4x!cgc.float32>)
    %s = cgc_op.sigmoid(%r) : (!cgc.tensor<1x2x4x4x!cgc.float32>)
    %q = cgc_op.mul(%s, %s) : (!cgc.tensor<1x2x4x4x!cgc.float32>, !cgc.tensor<1x2x4x4x!cgc.float32>)
    %sum = cgc_op.reduce_sum(%q) {axes = [1]} : (!cgc.tensor<1x2x4x4x!cgc.float32>)
    %m = cgc_op.matmul(%a, %a) : (!cgc.tensor<4x4x!cgc.float32>, !cgc.tensor<4x4x!cgc.float32>)
    cgc.return %sum, %m : !cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<4x4x!cgc.float32>
  }
}
