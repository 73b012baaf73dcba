// A scheduled entry point whose state names a value it does not hold.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {alignment = 256 : i64, placed = [], stage = "scheduled", views = [["missing", "input0", 0]]}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}
