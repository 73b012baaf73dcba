// Malformed types get a precise error at their location.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  // expected-error@+1 {{dynamic dimensions ('?') are not supported yet}}
  cgc.entry_point @dynamic(%a: !cgc.tensor<?x4x!cgc.float32>) {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{!cgc.tensor element type must be a CGC element type (!cgc.float32, !cgc.int8, !cgc.bool, ...), got 'f32'}}
  cgc.entry_point @builtin_element(%a: !cgc.tensor<4xf32>) {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{!cgc.memref element type must be a CGC element type}}
  cgc.partition @nested(%a: !cgc.memref<4x!cgc.tensor<2x!cgc.int8>>) {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{unknown  type `float128` in dialect `cgc`}}
  cgc.entry_point @unknown(%a: !cgc.tensor<4x!cgc.float128>) {
    cgc.return
  }
}
