// One fused elementwise node (neg -> add, both results escaping) whose
// kernel iterates over 1x12: %s (1x1) is written by every invocation while
// they all still read %q, so %s must not overwrite %q in place; %r (1x12)
// may overwrite %p.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x12x!cgc.float32>) -> (!cgc.tensor<1x1x!cgc.float32>, !cgc.tensor<1x1x!cgc.float32>) {
    %p = cgc_op.reduce_max(%x) {axes = [0]} : (!cgc.tensor<2x12x!cgc.float32>)
    %q = cgc_op.reduce_sum(%x) : (!cgc.tensor<2x12x!cgc.float32>)
    %s = cgc_op.neg(%q) : (!cgc.tensor<1x1x!cgc.float32>)
    %r = cgc_op.add(%p, %s) : (!cgc.tensor<1x12x!cgc.float32>, !cgc.tensor<1x1x!cgc.float32>)
    %o1 = cgc_op.reduce_sum(%r) : (!cgc.tensor<1x12x!cgc.float32>)
    %o2 = cgc_op.reduce_min(%s) : (!cgc.tensor<1x1x!cgc.float32>)
    cgc.return %o1, %o2 : !cgc.tensor<1x1x!cgc.float32>, !cgc.tensor<1x1x!cgc.float32>
  }
}
