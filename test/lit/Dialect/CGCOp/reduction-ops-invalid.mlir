// Shape, type and attribute errors of the reduction family.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reduce_sum' attribute 'axes' = 2 is out of range for rank 2}}
    %r = cgc_op.reduce_sum(%a) {axes = [2]} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reduce_mean' attribute 'axes' names axis 1 twice}}
    %r = cgc_op.reduce_mean(%a) {axes = [1, -1]} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.bool>) {
    // expected-error@+1 {{'cgc_op.reduce_sum' operand 'input' must have a numeric element type, got '!cgc.bool'}}
    %r = cgc_op.reduce_sum(%a) : (!cgc.tensor<2x3x!cgc.bool>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reduce_l2' expects 1 operands, got 2}}
    %r = cgc_op.reduce_l2(%a, %a) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+2 {{'cgc_op.reduce_max' op failed to infer returned types}}
    // expected-error@+1 {{'cgc_op.reduce_max' op inferred type(s) '!cgc.tensor<1x3x!cgc.float32>' are incompatible with return type(s) of operation '!cgc.tensor<3x!cgc.float32>'}}
    %r = cgc_op.reduce_max(%a) {axes = [0]} : (!cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<3x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.arg_max' attribute 'axis' = -3 is out of range for rank 2}}
    %r = cgc_op.arg_max(%a) {axis = -3} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.arg_min' operand 'input' must have rank >= 1}}
    %r = cgc_op.arg_min(%a) : (!cgc.tensor<!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.log_softmax' operand 'input' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.log_softmax(%a) : (!cgc.tensor<2x3x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.hardmax' attribute 'axis' = 2 is out of range for rank 2}}
    %r = cgc_op.hardmax(%a) {axis = 2} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.cum_sum' op requires attribute 'axis'}}
    %r = cgc_op.cum_sum(%a) : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.top_k' attribute 'k' = 4 must be in [0, 3] (the extent of axis 1)}}
    %v, %i = cgc_op.top_k(%a) {k = 4} : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.top_k' op requires attribute 'k'}}
    %v, %i = cgc_op.top_k(%a) : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!cgc.float32>, %t: !cgc.tensor<2x3x!cgc.int64>) {
    // expected-error@+1 {{'cgc_op.negative_log_likelihood_loss' expects input N x C x d... (rank >= 2) and target N x d..., got 2x3x4 and 2x3}}
    %l = cgc_op.negative_log_likelihood_loss(%x, %t) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<2x3x!cgc.int64>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>, %t: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.negative_log_likelihood_loss' operand 'target' must have an integer element type, got '!cgc.float32'}}
    %l = cgc_op.negative_log_likelihood_loss(%x, %t) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>, %t: !cgc.tensor<2x!cgc.int64>, %w: !cgc.tensor<2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.softmax_cross_entropy_loss' weight must have shape 3 (one per class), got 2}}
    %l, %p = cgc_op.softmax_cross_entropy_loss(%x, %t, %w) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x!cgc.int64>, !cgc.tensor<2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>, %t: !cgc.tensor<2x!cgc.int64>) {
    // expected-error@+1 {{'cgc_op.softmax_cross_entropy_loss' attribute 'reduction' must be "none", "sum" or "mean", got "max"}}
    %l, %p = cgc_op.softmax_cross_entropy_loss(%x, %t) {reduction = "max"} : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x!cgc.int64>)
    cgc.return
  }
}
