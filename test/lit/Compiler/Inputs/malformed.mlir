// A declaration naming an op the cgc_op dialect does not have.
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @convFoo {
      %c = cgc_pattern.op ["convolution_foo"]
      cgc_pattern.yield %c
    }
  }
}
