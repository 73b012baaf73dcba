// The driver target of the specification's example: it fuses
// convolution -> relu -> add where the add's other operand is the
// convolution's input (a residual block).
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @convReluAdd attributes {benefit = 2 : i64} {
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
