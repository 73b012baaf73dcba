// Shape and attribute errors of AffineGrid, Col2Im and DeformConv.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%t: !cgc.tensor<2x2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.affine_grid' operand 'theta' must have shape 2x3x4, got 2x2x3}}
    %g = cgc_op.affine_grid(%t) {size = [2, 1, 3, 4, 5]} : (!cgc.tensor<2x2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%t: !cgc.tensor<2x2x3x!f32>) {
    // expected-error@+1 {{'cgc_op.affine_grid' attribute 'size' must hold 4 or 5 values, got 3}}
    %g = cgc_op.affine_grid(%t) {size = [2, 4, 5]} : (!cgc.tensor<2x2x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<1x12x5x!f32>) {
    // expected-error@+1 {{'cgc_op.col2im' operand 'input' of shape 1x12x5 does not hold C x 4 rows and 4 blocks}}
    %i = cgc_op.col2im(%c) {image_shape = [3, 4], block_shape = [2, 2], strides = [2, 2], end_padding = [1, 0]} : (!cgc.tensor<1x12x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<1x12x5x!f32>) {
    // expected-error@+1 {{'cgc_op.col2im' block of size 5 does not fit image dimension 0 of extent 3}}
    %i = cgc_op.col2im(%c) {image_shape = [3, 4], block_shape = [5, 2]} : (!cgc.tensor<1x12x5x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x1x3x3x!f32>, %w: !cgc.tensor<1x1x2x2x!f32>, %off: !cgc.tensor<1x8x2x2x!f32>, %b: !cgc.tensor<1x!f32>, %m: !cgc.tensor<1x3x2x2x!f32>) {
    // expected-error@+1 {{'cgc_op.deform_conv' operand 'mask' must have shape 1x4x2x2, got 1x3x2x2}}
    %y = cgc_op.deform_conv(%x, %w, %off, %b, %m) : (!cgc.tensor<1x1x3x3x!f32>, !cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x8x2x2x!f32>, !cgc.tensor<1x!f32>, !cgc.tensor<1x3x2x2x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x1x3x3x3x!f32>, %w: !cgc.tensor<1x1x2x2x2x!f32>, %off: !cgc.tensor<1x24x2x2x2x!f32>, %b: !cgc.tensor<1x!f32>, %m: !cgc.tensor<1x8x2x2x2x!f32>) {
    // expected-error@+1 {{'cgc_op.deform_conv' supports 2-D data (N x C x H x W) only, got 1x1x3x3x3}}
    %y = cgc_op.deform_conv(%x, %w, %off, %b, %m) : (!cgc.tensor<1x1x3x3x3x!f32>, !cgc.tensor<1x1x2x2x2x!f32>, !cgc.tensor<1x24x2x2x2x!f32>, !cgc.tensor<1x!f32>, !cgc.tensor<1x8x2x2x2x!f32>)
    cgc.return
  }
}
