// Element type errors of BitwiseAnd/Or/Xor/Not and BitCast.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  cgc.entry_point @floats(%e: !cgc.tensor<3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.bitwise_or' operand 'lhs' must have an integer element type, got '!cgc.float32'}}
    %r = cgc_op.bitwise_or(%e, %e) : (!cgc.tensor<3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @mixed(%a: !cgc.tensor<3x!cgc.int32>, %d: !cgc.tensor<3x!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.bitwise_xor' operands 'lhs' and 'rhs' have different element types '!cgc.int32' and '!cgc.uint8'}}
    %r = cgc_op.bitwise_xor(%a, %d) : (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @notbool(%e: !cgc.tensor<3x!cgc.bool>) {
    // expected-error@+1 {{'cgc_op.bitwise_not' operand 'input' must have an integer element type, got '!cgc.bool'}}
    %r = cgc_op.bitwise_not(%e) : (!cgc.tensor<3x!cgc.bool>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @widths(%e: !cgc.tensor<3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.bitcast' cannot reinterpret '!cgc.float32' as '!cgc.int64': the bit widths differ}}
    %r = cgc_op.bitcast(%e) {to = !cgc.int64} : (!cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}
