// A GPU-like target for the compile benchmark: convolution, matmul or gemm
// with any elementwise epilogue (bias-free ReLU, residual add + ReLU, ...),
// and pure elementwise chains.
cgc.module {
  cgc_pattern.declaration @gpu {
    cgc_pattern.pattern @convEpilogue attributes {benefit = 2 : i64} {
      %m = cgc_pattern.op ["convolution", "matmul", "gemm"]
      %e = cgc_pattern.chain(%m) {class = "elementwise"}
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @elementwise {
      %e = cgc_pattern.chain {class = "elementwise", min = 1}
      cgc_pattern.yield %e
    }
  }
}
