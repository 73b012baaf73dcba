// A GPU-like target's dynamic patterns: a convolution, matmul or gemm with
// any elementwise epilogue, and a reduction with a one-op elementwise
// prologue, claimed first (higher benefit).
cgc.module {
  cgc_pattern.declaration @gpu {
    cgc_pattern.pattern @epilogue attributes {benefit = 2 : i64} {
      %m = cgc_pattern.op ["convolution", "matmul", "gemm"]
      %e = cgc_pattern.chain(%m) {class = "elementwise"}
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @prologueReduce attributes {benefit = 3 : i64} {
      %p = cgc_pattern.chain {class = "elementwise", min = 1, max = 1}
      %r = cgc_pattern.op class "reduction" (%p)
      cgc_pattern.yield %r
    }
  }
}
