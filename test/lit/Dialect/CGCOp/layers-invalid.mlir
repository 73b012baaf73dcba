// Shape, type, operand-count and attribute errors of cgc_op layers, both
// while parsing (result types left out) and while verifying (given).
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<4x3x!f32>) {
    // expected-error@+1 {{'cgc_op.add' cannot broadcast shapes 2x3 and 4x3: dimension 0 is 2 vs 4}}
    %r = cgc_op.add(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<4x3x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>, %b: !cgc.tensor<2x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.mul' operands 'lhs' and 'rhs' have different element types '!cgc.float32' and '!cgc.int32'}}
    %r = cgc_op.mul(%a, %b) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.relu' expects 1 operands, got 2}}
    %r = cgc_op.relu(%a, %a) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+2 {{'cgc_op.relu' op failed to infer returned types}}
    // expected-error@+1 {{'cgc_op.relu' op inferred type(s) '!cgc.tensor<2x3x!cgc.float32>' are incompatible with return type(s) of operation '!cgc.tensor<3x2x!cgc.float32>'}}
    %r = cgc_op.relu(%a) : (!cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<3x2x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.sigmoid' operand 'input' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.sigmoid(%a) : (!cgc.tensor<4x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.gelu' attribute 'approximate' must be "none" or "tanh", got "fast"}}
    %r = cgc_op.gelu(%a) {approximate = "fast"} : (!cgc.tensor<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.softmax' attribute 'axis' = 2 is out of range for rank 2}}
    %r = cgc_op.softmax(%a) {axis = 2} : (!cgc.tensor<2x4x!cgc.float32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x4x8x8x!f32>, %w: !cgc.tensor<constant 6x3x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.convolution' input has 4 channels and weight 6x3x3x3 with group 1; expected input channels = weight dim 1 x group and output channels divisible by group}}
    %r = cgc_op.convolution(%x, %w) : (!cgc.tensor<1x4x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!f32>, %w: !cgc.tensor<constant 6x3x3x3x!f32>, %b: !cgc.tensor<constant 3x!f32>) {
    // expected-error@+1 {{'cgc_op.convolution' bias must have shape 6 (one per output channel), got 3}}
    %r = cgc_op.convolution(%x, %w, %b) : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>, !cgc.tensor<constant 3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!f32>, %w: !cgc.tensor<constant 6x3x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.convolution' attribute 'start_padding' has 3 values, expected 2 (one per spatial dimension)}}
    %r = cgc_op.convolution(%x, %w) {start_padding = [1, 1, 1]} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!f32>, %w: !cgc.tensor<constant 6x3x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.convolution' attribute 'strides' must hold integers >= 1, got 0 : i64}}
    %r = cgc_op.convolution(%x, %w) {strides = [0, 1]} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x2x2x!f32>, %w: !cgc.tensor<constant 6x3x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.convolution' window of size 3 (dilation 1) does not fit spatial dimension 0 of extent 2 with padding 0+0}}
    %r = cgc_op.convolution(%x, %w) : (!cgc.tensor<1x3x2x2x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<4x5x!f32>) {
    // expected-error@+1 {{'cgc_op.matmul' contraction dimensions differ: lhs 2x3 has K=3, rhs 4x5 has K=4}}
    %r = cgc_op.matmul(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<4x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<3x5x!f32>, %c: !cgc.tensor<3x5x!f32>) {
    // expected-error@+1 {{'cgc_op.gemm' cannot broadcast shapes 3x5 and 2x5: dimension 0 is 3 vs 2}}
    %r = cgc_op.gemm(%a, %b, %c) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x5x!f32>, !cgc.tensor<3x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<2x5x!f32>) {
    // expected-error@+1 {{'cgc_op.gemm' contraction dimensions differ: op(a) is 2x3, op(b) is 2x5}}
    %r = cgc_op.gemm(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<2x5x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.max_pooling' op requires attribute 'window_size'}}
    %r = cgc_op.max_pooling(%x) : (!cgc.tensor<1x3x8x8x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.average_pooling' attribute 'window_size' has 1 values, expected 2 (one per spatial dimension)}}
    %r = cgc_op.average_pooling(%x) {window_size = [2]} : (!cgc.tensor<1x3x8x8x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.upsample2d' expects an input of rank 4 (N x C x spatial...), got 1x3x8}}
    %r = cgc_op.upsample2d(%x) {scale_size = [2, 2]} : (!cgc.tensor<1x3x8x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.upsample' needs attribute 'scale_size' with one factor per spatial dimension}}
    %r = cgc_op.upsample(%x) : (!cgc.tensor<1x3x8x8x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.upsample' attribute 'mode' must be "nearest" or "linear", got "cubic"}}
    %r = cgc_op.upsample(%x) {scale_size = [2, 2], mode = "cubic"} : (!cgc.tensor<1x3x8x8x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x6x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reshape' cannot reshape 2x6 (12 elements) to 5x2 (10 elements)}}
    %r = cgc_op.reshape(%x) {shape = [5, 2]} : (!cgc.tensor<2x6x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x6x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reshape' shape may contain at most one -1}}
    %r = cgc_op.reshape(%x) {shape = [-1, -1]} : (!cgc.tensor<2x6x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x6x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.reshape' cannot reshape 2x6 (12 elements) to 5x-1}}
    %r = cgc_op.reshape(%x) {shape = [5, -1]} : (!cgc.tensor<2x6x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x6x4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.transpose' attribute 'perm' must be a permutation of 0..2, got [0, 0, 1]}}
    %r = cgc_op.transpose(%x) {perm = [0, 0, 1]} : (!cgc.tensor<2x6x4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x6x4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.transpose' attribute 'perm' has 2 entries for an input of rank 3}}
    %r = cgc_op.transpose(%x) {perm = [1, 0]} : (!cgc.tensor<2x6x4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>, %b: !cgc.tensor<3x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.concat' inputs[1] has shape 3x3, which differs from 2x3 outside the concatenation axis 1}}
    %r = cgc_op.concat(%a, %b) {axis = 1} : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.concat' op requires attribute 'axis'}}
    %r = cgc_op.concat(%a) : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}

// -----

// Attribute kinds are checked before inference reads them (this crashed).
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>, %w: !cgc.tensor<constant 6x3x3x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.convolution' op attribute 'group' failed to satisfy constraint: 64-bit signless integer attribute}}
    %r = cgc_op.convolution(%x, %w) {group = "a"} : (!cgc.tensor<1x3x8x8x!cgc.float32>, !cgc.tensor<constant 6x3x3x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.det' expects square matrices in the last two dimensions, got 2x3}}
    %r = cgc_op.det(%x) : (!cgc.tensor<2x3x!cgc.float32>)
    cgc.return
  }
}
