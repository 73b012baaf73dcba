// Compilation states cgc-build-output-ir refuses, each with its reason: the
// first malformed field is named.

// expected-error @+1 {{cgc.compilation: no value is named 'missing'}}
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {alignment = 256 : i64, placed = [], stage = "scheduled", views = [["missing", "input0", 0]]}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}

// -----

// expected-error @+1 {{cgc.compilation: unknown stage 'compiled'}}
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {stage = "compiled"}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}

// -----

// expected-error @+1 {{cgc.compilation: 'targets' is missing or of the wrong kind}}
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {alignment = 256 : i64, placed = [], stage = "scheduled", views = []}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}

// -----

// expected-error @+1 {{cgc.compilation: op position 7 is outside the entry point}}
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {alignment = 256 : i64, placed = [7], stage = "views placed", views = []}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}

// -----

// expected-error @+1 {{cgc.compilation: a home is not [value, kind, index, offset]}}
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> attributes {cgc.compilation = {alignment = 256 : i64, homes = [["relu", "scratch"]], nodes = [], partitioning = "coarse", partitions = [], placed = [], stage = "scheduled", targets = ["reference"], views = []}} {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}
