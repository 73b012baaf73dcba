// The best pattern is rejected at specialization, a smaller one at the
// same root is accepted: the target gets relu + add, the fallback only the
// convolution.
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @convReluAdd attributes {benefit = 2 : i64, reject = "no 4x4 tiles on this device"} {
      %x = cgc_pattern.value
      %w = cgc_pattern.value {constant}
      %b = cgc_pattern.value {constant}
      %c = cgc_pattern.op ["convolution"](%x, %w, %b)
      %r = cgc_pattern.op ["relu"](%c)
      %a = cgc_pattern.op ["add"](%r, %x) {commutative}
      cgc_pattern.yield %a
    }
    cgc_pattern.pattern @reluAdd {
      %x = cgc_pattern.value
      %y = cgc_pattern.value
      %r = cgc_pattern.op ["relu"](%x)
      %a = cgc_pattern.op ["add"](%r, %y) {commutative}
      cgc_pattern.yield %a
    }
  }
}
