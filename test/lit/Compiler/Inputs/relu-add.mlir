// A target that fuses relu -> add (either operand order); the relu result
// may also leave the subgraph (multi_output).
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @reluAdd attributes {multi_output} {
      %x = cgc_pattern.value
      %y = cgc_pattern.value
      %r = cgc_pattern.op ["relu"](%x)
      %a = cgc_pattern.op ["add"](%r, %y) {commutative}
      cgc_pattern.yield %a
    }
  }
}
