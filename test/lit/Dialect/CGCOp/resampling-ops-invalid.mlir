// Inference errors of the resampling ops (resize, depth_to_space,
// space_to_depth, conv_transpose).
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.resize' attribute 'sizes' has 3 values, expected 4 (the input rank)}}
    %r = cgc_op.resize(%x) {sizes = [1, 2, 8], scales = [1.0, 1.0, 2.0, 2.0]} : (!cgc.tensor<1x2x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.resize' needs attribute 'scales' with 4 positive floats (one per dimension)}}
    %r = cgc_op.resize(%x) {sizes = [1, 2, 8, 8], scales = [1.0, 1.0, 2.0, 0.0]} : (!cgc.tensor<1x2x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.resize' attribute 'mode' must be one of nearest, linear, cubic, got "area"}}
    %r = cgc_op.resize(%x) {sizes = [1, 2, 8, 8], scales = [1.0, 1.0, 2.0, 2.0], mode = "area"} : (!cgc.tensor<1x2x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.resize' coordinate_transformation_mode "tf_crop_and_resize" needs attribute 'roi' with 8 floats (starts, then ends)}}
    %r = cgc_op.resize(%x) {sizes = [1, 2, 8, 8], scales = [1.0, 1.0, 2.0, 2.0], coordinate_transformation_mode = "tf_crop_and_resize"} : (!cgc.tensor<1x2x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x6x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.depth_to_space' input channels 6 are not divisible by blocksize * blocksize = 4}}
    %r = cgc_op.depth_to_space(%x) {blocksize = 2} : (!cgc.tensor<1x6x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.depth_to_space' attribute 'mode' must be one of DCR, CRD, got "RCD"}}
    %r = cgc_op.depth_to_space(%x) {blocksize = 2, mode = "RCD"} : (!cgc.tensor<1x8x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.space_to_depth' expects an input of rank 4 (N x C x H x W), got 8x4x4}}
    %r = cgc_op.space_to_depth(%x) {blocksize = 2} : (!cgc.tensor<8x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x5x4x!f32>) {
    // expected-error@+1 {{'cgc_op.space_to_depth' spatial dimensions 5x4 are not divisible by blocksize 2}}
    %r = cgc_op.space_to_depth(%x) {blocksize = 2} : (!cgc.tensor<1x2x5x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x5x4x!f32>) {
    // expected-error@+1 {{'cgc_op.space_to_depth' op requires attribute 'blocksize'}}
    %r = cgc_op.space_to_depth(%x) : (!cgc.tensor<1x2x5x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!f32>, %w: !cgc.tensor<2x3x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.conv_transpose' input has 3 channels and weight 2x3x3x3 with group 1; expected weight dim 0 = input channels, divisible by group}}
    %r = cgc_op.conv_transpose(%x, %w) : (!cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<2x3x3x3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!f32>, %w: !cgc.tensor<3x2x3x3x!f32>, %b: !cgc.tensor<3x!f32>) {
    // expected-error@+1 {{'cgc_op.conv_transpose' bias must have shape 2 (one per output channel), got 3}}
    %r = cgc_op.conv_transpose(%x, %w, %b) : (!cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<3x2x3x3x!f32>, !cgc.tensor<3x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!f32>, %w: !cgc.tensor<3x2x3x3x!f32>) {
    // expected-error@+1 {{'cgc_op.conv_transpose' spatial dimension 0 of the output would have extent 0 (check paddings)}}
    %r = cgc_op.conv_transpose(%x, %w) {start_padding = [3, 0], end_padding = [3, 0]} : (!cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<3x2x3x3x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!cgc.int32>, %w: !cgc.tensor<3x2x3x3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.conv_transpose' operand 'input' must have a floating-point element type, got '!cgc.int32'}}
    %r = cgc_op.conv_transpose(%x, %w) : (!cgc.tensor<1x3x4x4x!cgc.int32>, !cgc.tensor<3x2x3x3x!cgc.int32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.resize' op attribute 'sizes' failed to satisfy constraint: 64-bit integer array attribute}}
    %r = cgc_op.resize(%x) {sizes = 3, scales = [1.0, 1.0, 2.0, 2.0]} : (!cgc.tensor<1x2x4x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x4x4x!f32>) {
    // expected-error@+1 {{'cgc_op.depth_to_space' op attribute 'blocksize' failed to satisfy constraint: 64-bit signless integer attribute}}
    %r = cgc_op.depth_to_space(%x) {blocksize = "a"} : (!cgc.tensor<1x8x4x4x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!cgc.float32>, %g: !cgc.tensor<1x6x5x3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.grid_sample' expects input N x C x D1..Dr and grid N x O1..Or x r, got 1x3x4x4 and 1x6x5x3}}
    %r = cgc_op.grid_sample(%x, %g) : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x6x5x3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!cgc.float32>, %g: !cgc.tensor<1x6x5x2x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.grid_sample' attribute 'padding_mode' must be "zeros", "border" or "reflection", got "wrap"}}
    %r = cgc_op.grid_sample(%x, %g) {padding_mode = "wrap"} : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x6x5x2x!cgc.float32>)
    cgc.return
  }
}
