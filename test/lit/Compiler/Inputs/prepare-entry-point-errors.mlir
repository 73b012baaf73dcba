// Modules cgc-prepare-entry-point refuses, each with its reason.

// expected-error @+1 {{the module holds no cgc.entry_point: only CGC Input IR compiles}}
cgc.module {
}

// -----

// expected-error @+1 {{the module holds several cgc.entry_point ops; compile takes one}}
cgc.module {
  cgc.entry_point @a(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
  cgc.entry_point @b(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %r = cgc_op.relu(%x) : (!cgc.tensor<4x!cgc.float32>)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}
