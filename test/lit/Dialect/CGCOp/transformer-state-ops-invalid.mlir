// Shape and attribute errors of TensorScatter, CausalConvWithState and
// LinearAttention.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<2x3x4x!f32>, %u: !cgc.tensor<2x1x4x!f32>) {
    // expected-error@+1 {{'cgc_op.tensor_scatter' attribute 'axis' must not be the batch dimension}}
    %r = cgc_op.tensor_scatter(%c, %u) {axis = 0} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x1x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<2x3x4x!f32>, %u: !cgc.tensor<2x1x5x!f32>) {
    // expected-error@+1 {{'cgc_op.tensor_scatter' operand 'update' of shape 2x1x5 does not fit past_cache 2x3x4 along axis 1}}
    %r = cgc_op.tensor_scatter(%c, %u) {axis = 1} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x1x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<2x3x4x!f32>, %u: !cgc.tensor<2x1x4x!f32>) {
    // expected-error@+1 {{'cgc_op.tensor_scatter' attribute 'mode' must be "linear" or "circular", got "ring"}}
    %r = cgc_op.tensor_scatter(%c, %u) {axis = 1, mode = "ring"} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x1x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x5x!f32>, %w: !cgc.tensor<2x1x3x!f32>, %b: !cgc.tensor<2x!f32>, %p: !cgc.tensor<1x2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.causal_conv_with_state' operand 'past_state' must have shape 1x2x2, got 1x2x3}}
    %r:2 = cgc_op.causal_conv_with_state(%x, %w, %b, %p) : (!cgc.tensor<1x2x5x!f32>, !cgc.tensor<2x1x3x!f32>, !cgc.tensor<2x!f32>, !cgc.tensor<1x2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x5x!f32>, %w: !cgc.tensor<2x1x3x!f32>, %b: !cgc.tensor<2x!f32>, %p: !cgc.tensor<1x2x2x!f32>) {
    // expected-error@+1 {{'cgc_op.causal_conv_with_state' attribute 'activation' must be "none", "silu" or "swish", got "relu"}}
    %r:2 = cgc_op.causal_conv_with_state(%x, %w, %b, %p) {activation = "relu"} : (!cgc.tensor<1x2x5x!f32>, !cgc.tensor<2x1x3x!f32>, !cgc.tensor<2x!f32>, !cgc.tensor<1x2x2x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x2x8x!f32>, %s: !cgc.tensor<1x2x4x4x!f32>, %g: !cgc.tensor<1x2x2x!f32>, %b: !cgc.tensor<1x2x1x!f32>) {
    // expected-error@+1 {{'cgc_op.linear_attention' q_num_heads 3 must be a positive multiple of kv_num_heads 2}}
    %r:2 = cgc_op.linear_attention(%q, %q, %q, %s, %g, %b) {q_num_heads = 3, kv_num_heads = 2} : (!cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x4x4x!f32>, !cgc.tensor<1x2x2x!f32>, !cgc.tensor<1x2x1x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x2x8x!f32>, %s: !cgc.tensor<1x2x4x4x!f32>, %g: !cgc.tensor<1x2x3x!f32>, %b: !cgc.tensor<1x2x1x!f32>) {
    // expected-error@+1 {{'cgc_op.linear_attention' operand 'decay' of shape 1x2x3 does not match the query's batch and sequence 1x2 with a last dimension of 8 or 2}}
    %r:2 = cgc_op.linear_attention(%q, %q, %q, %s, %g, %b) {q_num_heads = 2, kv_num_heads = 2} : (!cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x8x!f32>, !cgc.tensor<1x2x4x4x!f32>, !cgc.tensor<1x2x3x!f32>, !cgc.tensor<1x2x1x!f32>)
    cgc.return
  }
}
