// Verifier errors of the quantized layers.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>, %s: !cgc.tensor<!cgc.float32>, %zp: !cgc.tensor<!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.quantize_linear' operand 'zero_point' must be int8, uint8, int16, uint16, int4, uint4, int2, uint2, float8 or float4e2m1, got '!cgc.int32'}}
    %q = cgc_op.quantize_linear(%x, %s, %zp) : (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>, %s: !cgc.tensor<2x!cgc.float32>, %zp: !cgc.tensor<2x!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.quantize_linear' operand 'y_scale' must be a scalar or have one entry per channel (3), got 2}}
    %q = cgc_op.quantize_linear(%x, %s, %zp) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.dequantize_linear' operand 'input' must be int8, uint8, int16, uint16, int32, int4, uint4, int2, uint2, float8 or float4e2m1, got '!cgc.float32'}}
    %q = cgc_op.dequantize_linear(%x, %x, %x) : (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x4x!cgc.uint8>, %b: !cgc.tensor<3x3x!cgc.uint8>, %zp: !cgc.tensor<!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.matmul_integer' contraction dimensions differ: lhs 2x4 has K=4, rhs 3x3 has K=3}}
    %m = cgc_op.matmul_integer(%a, %b, %zp, %zp) : (!cgc.tensor<2x4x!cgc.uint8>, !cgc.tensor<3x3x!cgc.uint8>, !cgc.tensor<!cgc.uint8>, !cgc.tensor<!cgc.uint8>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!cgc.float32>, %zp: !cgc.tensor<!cgc.uint8>) {
    // expected-error@+1 {{'cgc_op.conv_integer' operand 'input' must be int8 or uint8, got '!cgc.float32'}}
    %c = cgc_op.conv_integer(%x, %x, %zp, %zp) : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<!cgc.uint8>, !cgc.tensor<!cgc.uint8>)
    cgc.return
  }
}

// -----

!u8 = !cgc.uint8
!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!u8>, %w: !cgc.tensor<2x3x3x3x!u8>, %s: !cgc.tensor<!f32>, %zp: !cgc.tensor<!u8>, %bias: !cgc.tensor<3x!cgc.int32>) {
    // expected-error@+1 {{'cgc_op.qlinear_conv' bias must be int32 with one entry per output channel, got '!cgc.int32' 3}}
    %c = cgc_op.qlinear_conv(%x, %s, %zp, %w, %s, %zp, %s, %zp, %bias) : (!cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<2x3x3x3x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<3x!cgc.int32>)
    cgc.return
  }
}
