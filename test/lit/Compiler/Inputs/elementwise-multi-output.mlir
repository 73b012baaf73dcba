// A target that fuses elementwise chains into one kernel with every
// escaping value as a result.
cgc.module {
  cgc_pattern.declaration @gpu {
    cgc_pattern.pattern @elementwise attributes {multi_output} {
      %0 = cgc_pattern.chain {class = "elementwise", min = 1}
      cgc_pattern.yield %0
    }
  }
}
