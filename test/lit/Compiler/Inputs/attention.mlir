// BERT's attention as exporters write it: q, k and v split into heads by
// transposes, scores divided by a scalar plus an additive mask, softmax,
// the heads merged by a transpose.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x16x4x8x!cgc.float32>, %y: !cgc.tensor<1x16x4x8x!cgc.float32>, %z: !cgc.tensor<1x16x4x8x!cgc.float32>, %mask: !cgc.tensor<1x1x1x16x!cgc.float32>, %c: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<1x16x4x8x!cgc.float32> {
    %q = cgc_op.transpose(%x) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x16x4x8x!cgc.float32>)
    %k = cgc_op.transpose(%y) {perm = [0, 2, 3, 1]} : (!cgc.tensor<1x16x4x8x!cgc.float32>)
    %v = cgc_op.transpose(%z) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x16x4x8x!cgc.float32>)
    %s = cgc_op.matmul(%q, %k) : (!cgc.tensor<1x4x16x8x!cgc.float32>, !cgc.tensor<1x4x8x16x!cgc.float32>)
    %d = cgc_op.div(%s, %c) : (!cgc.tensor<1x4x16x16x!cgc.float32>, !cgc.tensor<!cgc.float32>)
    %a = cgc_op.add(%d, %mask) : (!cgc.tensor<1x4x16x16x!cgc.float32>, !cgc.tensor<1x1x1x16x!cgc.float32>)
    %p = cgc_op.softmax(%a) {axis = -1 : i64} : (!cgc.tensor<1x4x16x16x!cgc.float32>)
    %o = cgc_op.matmul(%p, %v) : (!cgc.tensor<1x4x16x16x!cgc.float32>, !cgc.tensor<1x4x16x8x!cgc.float32>)
    %t = cgc_op.transpose(%o) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x4x16x8x!cgc.float32>)
    cgc.return %t : !cgc.tensor<1x16x4x8x!cgc.float32>
  }
}
