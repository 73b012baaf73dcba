// Shape, type, operand-count and attribute errors of the normalization
// family, Lp pooling and einsum.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %c: !cgc.tensor<3x!f32>, %d: !cgc.tensor<4x!f32>) {
    // expected-error@+1 {{'cgc_op.batch_normalization' operand 'variance' must have shape 3, got 4}}
    %r = cgc_op.batch_normalization(%x, %c, %c, %c, %d) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %c: !cgc.tensor<3x!f32>) {
    // expected-error@+1 {{'cgc_op.batch_normalization' expects 5 operands, got 3}}
    %r = cgc_op.batch_normalization(%x, %c, %c) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!cgc.int32>, %c: !cgc.tensor<3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.instance_normalization' operand 'input' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.instance_normalization(%x, %c, %c) : (!cgc.tensor<2x3x4x!cgc.int32>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!f32>, %c: !cgc.tensor<3x!f32>) {
    // expected-error@+1 {{'cgc_op.instance_normalization' expects an input of rank >= 3 (N x C x D1 x ...), got 2x3}}
    %r = cgc_op.instance_normalization(%x, %c, %c) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %w: !cgc.tensor<3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.layer_normalization' operand 'scale' of shape 3x4 does not broadcast to the normalized shape 4}}
    %r:3 = cgc_op.layer_normalization(%x, %w) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %w: !cgc.tensor<4x!f32>) {
    // expected-error@+1 {{'cgc_op.layer_normalization' attribute 'axis' = 3 is out of range for rank 3}}
    %r:3 = cgc_op.layer_normalization(%x, %w) {axis = 3} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %w: !cgc.tensor<4x!f32>) {
    // expected-error@+1 {{'cgc_op.layer_normalization' attribute 'stash_type' = 6 is not a floating-point ONNX data type (1, 10, 11 or 16)}}
    %r:3 = cgc_op.layer_normalization(%x, %w) {stash_type = 6} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.lrn' op requires attribute 'size'}}
    %r = cgc_op.lrn(%x) : (!cgc.tensor<2x3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.lrn' attribute 'size' must be >= 1, got 0}}
    %r = cgc_op.lrn(%x) {size = 0} : (!cgc.tensor<2x3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.mean_variance_normalization' attribute 'axes' = 3 is out of range for rank 3}}
    %r = cgc_op.mean_variance_normalization(%x) : (!cgc.tensor<2x3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.mean_variance_normalization' attribute 'axes' repeats axis -1}}
    %r = cgc_op.mean_variance_normalization(%x) {axes = [2, -1]} : (!cgc.tensor<2x3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>) {
    // expected-error@+1 {{'cgc_op.lp_normalization' attribute 'p' must be 1 or 2, got 3}}
    %r = cgc_op.lp_normalization(%x) {p = 3} : (!cgc.tensor<2x3x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.lp_pooling' op requires attribute 'window_size'}}
    %r = cgc_op.lp_pooling(%x) : (!cgc.tensor<1x3x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.lp_pooling' window of size 5 (dilation 1) does not fit spatial dimension 0 of extent 4 with padding 0+0}}
    %r = cgc_op.lp_pooling(%x) {window_size = [5, 1]} : (!cgc.tensor<1x3x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<4x5x!f32>) {
    // expected-error@+1 {{'cgc_op.einsum' equation 'ij,jk->ik': dimension sizes 3 and 4 disagree for one label}}
    %r = cgc_op.einsum(%a, %b) {equation = "ij,jk->ik"} : (!cgc.tensor<2x3x!f32>, !cgc.tensor<4x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.einsum' equation 'ij,jk': equation has 2 input terms for 1 operands}}
    %r = cgc_op.einsum(%a) {equation = "ij,jk"} : (!cgc.tensor<2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.einsum' equation 'ijk->i': term 'ijk' does not match an operand of rank 2}}
    %r = cgc_op.einsum(%a) {equation = "ijk->i"} : (!cgc.tensor<2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.einsum' equation 'ij->iz': output term 'iz' uses a label no input has}}
    %r = cgc_op.einsum(%a) {equation = "ij->iz"} : (!cgc.tensor<2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.einsum' equation 'i.j': unexpected character '.' in term 'i.j'}}
    %r = cgc_op.einsum(%a) {equation = "i.j"} : (!cgc.tensor<2x3x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x3x!cgc.bool>) {
    // expected-error@+1 {{'cgc_op.einsum' does not support bool operands}}
    %r = cgc_op.einsum(%a) {equation = "ij"} : (!cgc.tensor<2x3x!cgc.bool>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x4x!f32>, %c: !cgc.tensor<3x!f32>) {
    // expected-error@+2 {{'cgc_op.batch_normalization' op inferred type(s) '!cgc.tensor<2x3x4x!cgc.float32>' are incompatible with return type(s) of operation '!cgc.tensor<2x3x5x!cgc.float32>'}}
    // expected-error@+1 {{'cgc_op.batch_normalization' op failed to infer returned types}}
    %r = cgc_op.batch_normalization(%x, %c, %c, %c, %c) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>) -> !cgc.tensor<2x3x5x!f32>
    cgc.return
  }
}
