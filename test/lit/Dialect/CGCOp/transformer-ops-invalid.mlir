// Shape, type and attribute errors of the transformer family.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %s: !cgc.tensor<3x!f32>) {
    // expected-error@+1 {{'cgc_op.rms_normalization' operand 'scale' of shape 3 does not broadcast to the normalized shape 4}}
    %r = cgc_op.rms_normalization(%x, %s) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %s: !cgc.tensor<4x!f32>) {
    // expected-error@+1 {{'cgc_op.rms_normalization' attribute 'axis' = 3 is out of range for rank 3}}
    %r = cgc_op.rms_normalization(%x, %s) {axis = 3} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x16x!f32>, %c: !cgc.tensor<2x3x8x!f32>) {
    // expected-error@+1 {{'cgc_op.rotary_embedding' a 3-D input needs num_heads >= 1 dividing its hidden size 16, got num_heads = 3}}
    %r = cgc_op.rotary_embedding(%x, %c, %c) {num_heads = 3} : (!cgc.tensor<2x3x16x!f32>, !cgc.tensor<2x3x8x!f32>, !cgc.tensor<2x3x8x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x4x3x8x!f32>, %c: !cgc.tensor<2x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.rotary_embedding' operand 'cos_cache' has shape 2x3x3; expected 3 dimensions ending in rotary_embedding_dim / 2 = 4 (batch x sequence x ...)}}
    %r = cgc_op.rotary_embedding(%x, %c, %c) : (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x3x3x!f32>, !cgc.tensor<2x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x4x3x8x!f32>, %c: !cgc.tensor<9x4x!f32>, %ids: !cgc.tensor<2x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.rotary_embedding' operand 'position_ids' must be int64 of shape 2x3}}
    %r = cgc_op.rotary_embedding(%x, %c, %c, %ids) : (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<9x4x!f32>, !cgc.tensor<9x4x!f32>, !cgc.tensor<2x3x!cgc.int32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x3x2x8x!f32>, %k: !cgc.tensor<1x2x5x8x!f32>) {
    // expected-error@+1 {{'cgc_op.attention' query heads 3 are not a multiple of key/value heads 2}}
    %r:2 = cgc_op.attention(%q, %k, %k) : (!cgc.tensor<1x3x2x8x!f32>, !cgc.tensor<1x2x5x8x!f32>, !cgc.tensor<1x2x5x8x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x2x2x4x!f32>, %k: !cgc.tensor<1x2x5x8x!f32>) {
    // expected-error@+1 {{'cgc_op.attention' expects query B x Hq x Sq x D, key B x Hkv x T x D and value B x Hkv x T x Dv, got 1x2x2x4, 1x2x5x8 and 1x2x5x8}}
    %r:2 = cgc_op.attention(%q, %k, %k) : (!cgc.tensor<1x2x2x4x!f32>, !cgc.tensor<1x2x5x8x!f32>, !cgc.tensor<1x2x5x8x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x2x2x8x!f32>, %m: !cgc.tensor<2x6x!f32>) {
    // expected-error@+1 {{'cgc_op.attention' operand 'mask' of shape 2x6 does not broadcast to the scores 1x2x2x2}}
    %r:2 = cgc_op.attention(%q, %q, %q, %m) : (!cgc.tensor<1x2x2x8x!f32>, !cgc.tensor<1x2x2x8x!f32>, !cgc.tensor<1x2x2x8x!f32>, !cgc.tensor<2x6x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%q: !cgc.tensor<1x2x2x8x!f32>) {
    // expected-error@+1 {{'cgc_op.attention' attribute 'qk_matmul_output_mode' must be 0 to 3, got 4}}
    %r:2 = cgc_op.attention(%q, %q, %q) {qk_matmul_output_mode = 4} : (!cgc.tensor<1x2x2x8x!f32>, !cgc.tensor<1x2x2x8x!f32>, !cgc.tensor<1x2x2x8x!f32>)
    cgc.return
  }
}
