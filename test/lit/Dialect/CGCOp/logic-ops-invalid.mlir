// Element type, operand-count, shape and attribute errors of the logic
// family, while parsing (result types left out) and verifying.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>, %b: !cgc.tensor<4x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.greater' cannot broadcast shapes 2x3 and 4x3: dimension 0 is 2 vs 4}}
    %r = cgc_op.greater(%a, %b) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<4x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>, %b: !cgc.tensor<2x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.equal' operands 'lhs' and 'rhs' have different element types '!cgc.float32' and '!cgc.int32'}}
    %r = cgc_op.equal(%a, %b) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.and' operand 'lhs' must have a bool element type, got '!cgc.float32'}}
    %r = cgc_op.and(%a, %a) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.bool>) {
    // expected-error@+1 {{'cgc_op.less' operand 'lhs' must have a numeric element type, got '!cgc.bool'}}
    %r = cgc_op.less(%a, %a) : (!cgc.tensor<2x!cgc.bool>, !cgc.tensor<2x!cgc.bool>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+2 {{'cgc_op.equal' op failed to infer returned types}}
    // expected-error@+1 {{'cgc_op.equal' op inferred type(s) '!cgc.tensor<2x!cgc.bool>' are incompatible with return type(s) of operation '!cgc.tensor<2x!cgc.float32>'}}
    %r = cgc_op.equal(%a, %a) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.mod' needs fmod = 1 for floating-point operands}}
    %r = cgc_op.mod(%a, %a) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.mod' attribute 'fmod' must be 0 or 1, got 2}}
    %r = cgc_op.mod(%a, %a) {fmod = 2} : (!cgc.tensor<2x!cgc.int32>, !cgc.tensor<2x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.bit_shift' operand 'lhs' must have an unsigned integer element type, got '!cgc.int32'}}
    %r = cgc_op.bit_shift(%a, %a) {direction = "LEFT"} : (!cgc.tensor<2x!cgc.int32>, !cgc.tensor<2x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.bit_shift' attribute 'direction' must be "LEFT" or "RIGHT", got "UP"}}
    %r = cgc_op.bit_shift(%a, %a) {direction = "UP"} : (!cgc.tensor<2x!cgc.uint8>, !cgc.tensor<2x!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.bit_shift' op requires attribute 'direction'}}
    %r = cgc_op.bit_shift(%a, %a) : (!cgc.tensor<2x!cgc.uint8>, !cgc.tensor<2x!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main() {
    // expected-error@+1 {{'cgc_op.max' expects at least 1 operand(s), got 0}}
    %r = cgc_op.max() : ()
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>, %b: !cgc.tensor<2x!cgc.float64>) {
    // expected-error@+1 {{'cgc_op.min' operands 'inputs[0]' and 'inputs[2]' have different element types '!cgc.float32' and '!cgc.float64'}}
    %r = cgc_op.min(%a, %a, %b) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float64>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.mean' operand 'inputs[0]' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.mean(%a) : (!cgc.tensor<2x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<2x!cgc.int32>, %a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.where' operand 'condition' must have element type bool, got '!cgc.int32'}}
    %r = cgc_op.where(%c, %a, %a) : (!cgc.tensor<2x!cgc.int32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<3x!cgc.bool>, %a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.where' cannot broadcast shapes 3 and 2: dimension 0 is 3 vs 2}}
    %r = cgc_op.where(%c, %a, %a) : (!cgc.tensor<3x!cgc.bool>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>, %s: !cgc.tensor<!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.clip' has 2 bound operands and 1 bound attributes; with bound operands each of min and max must be given exactly once}}
    %r = cgc_op.clip(%a, %s, %s) {min_value = 0.0 : f64} : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>, %s: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.clip' bound operands must hold one element, got shape 2}}
    %r = cgc_op.clip(%a, %s) {min_value = 0.0 : f64} : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.cast' op requires attribute 'to'}}
    %r = cgc_op.cast(%a) : (!cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.cast' attribute 'to' must be a cgc element type, got 'f32'}}
    %r = cgc_op.cast(%a) {to = f32} : (!cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}
