// Declares the specification's pattern but rejects every specialization of
// it, as a target whose declaration was too optimistic would.
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @convReluAdd attributes {reject = "no 4x4 tiles on this device"} {
      %x = cgc_pattern.value
      %w = cgc_pattern.value {constant}
      %b = cgc_pattern.value {constant}
      %c = cgc_pattern.op ["convolution"](%x, %w, %b)
      %r = cgc_pattern.op ["relu"](%c)
      %a = cgc_pattern.op ["add"](%r, %x) {commutative}
      cgc_pattern.yield %a
    }
  }
}
