// Element-type, operand-count, attribute and broadcasting errors of the
// math family, while parsing (result types left out) and verifying (given).
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.exp' operand 'input' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.exp(%a) : (!cgc.tensor<2x3x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.neg' operand 'input' must have a floating-point or signed integer element type, got '!cgc.uint8'}}
    %r = cgc_op.neg(%a) : (!cgc.tensor<2x3x!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.bool>) {
    // expected-error@+1 {{'cgc_op.abs' operand 'input' must have a numeric element type, got '!cgc.bool'}}
    %r = cgc_op.abs(%a) : (!cgc.tensor<2x3x!cgc.bool>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.not' operand 'input' must have element type !cgc.bool, got '!cgc.float32'}}
    %r = cgc_op.not(%a) : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.sqrt' expects 1 operands, got 2}}
    %r = cgc_op.sqrt(%a, %a) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // is_nan gives bool, so a float result type does not verify.
    // expected-error@+2 {{'cgc_op.is_nan' op inferred type(s) '!cgc.tensor<2x3x!cgc.bool>' are incompatible with return type(s) of operation '!cgc.tensor<2x3x!cgc.float32>'}}
    // expected-error@+1 {{'cgc_op.is_nan' op failed to infer returned types}}
    %r = cgc_op.is_nan(%a) : (!cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.celu' attribute 'alpha' must not be 0}}
    %r = cgc_op.celu(%a) {alpha = 0.0 : f32} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<3x4x!cgc.float32>, %s: !cgc.tensor<2x3x4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.prelu' slope of shape 2x3x4 does not broadcast unidirectionally to input of shape 3x4}}
    %r = cgc_op.prelu(%x, %s) : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<2x3x4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<3x4x!cgc.float32>, %s: !cgc.tensor<3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.prelu' cannot broadcast shapes 3x4 and 3: dimension 1 is 4 vs 3}}
    %r = cgc_op.prelu(%x, %s) : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<3x4x!cgc.float32>, %s: !cgc.tensor<4x!cgc.float16>) {
    // expected-error@+1 {{'cgc_op.prelu' operands 'input' and 'slope' have different element types '!cgc.float32' and '!cgc.float16'}}
    %r = cgc_op.prelu(%x, %s) : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<4x!cgc.float16>)
    cgc.return
  }
}
