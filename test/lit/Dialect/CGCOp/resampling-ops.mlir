// Resampling ops (resize, depth_to_space, space_to_depth, conv_transpose):
// parse, print and inferred result types (checked against the return).
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @resampling(%x: !cgc.tensor<1x8x4x6x!cgc.float32>,
                              %w: !cgc.tensor<constant 8x2x3x3x!cgc.float32>,
                              %b: !cgc.tensor<constant 4x!cgc.float32>,
                              %i: !cgc.tensor<2x3x!cgc.int8>)
      -> (!cgc.tensor<1x8x8x3x!f32>, !cgc.tensor<2x6x!cgc.int8>,
          !cgc.tensor<1x2x8x12x!f32>, !cgc.tensor<1x2x8x12x!f32>,
          !cgc.tensor<1x32x2x3x!f32>, !cgc.tensor<1x4x10x13x!f32>,
          !cgc.tensor<1x2x10x14x!f32>) {
    // CHECK: cgc_op.resize({{.*}}) {mode = "linear", scales = [1.000000e+00, 1.000000e+00, 2.000000e+00, 5.000000e-01], sizes = [1, 8, 8, 3]} : ({{.*}}){{$}}
    %r0 = cgc_op.resize(%x) {sizes = [1, 8, 8, 3], scales = [1.0, 1.0, 2.0, 0.5], mode = "linear", coordinate_transformation_mode = "half_pixel"} : (!cgc.tensor<1x8x4x6x!f32>)
    // CHECK-NEXT: cgc_op.resize({{.*}}) {coordinate_transformation_mode = "tf_crop_and_resize", extrapolation_value = 1.000000e+01 : f64, roi = [0.000000e+00, 0.000000e+00, 1.000000e+00, 1.000000e+00], scales = [1.000000e+00, 2.000000e+00], sizes = [2, 6]}
    %r1 = cgc_op.resize(%i) {sizes = [2, 6], scales = [1.0, 2.0], roi = [0.0, 0.0, 1.0, 1.0], coordinate_transformation_mode = "tf_crop_and_resize", extrapolation_value = 10.0} : (!cgc.tensor<2x3x!cgc.int8>)
    // CHECK-NEXT: cgc_op.depth_to_space({{.*}}) {blocksize = 2 : i64} : ({{.*}}){{$}}
    %d0 = cgc_op.depth_to_space(%x) {blocksize = 2} : (!cgc.tensor<1x8x4x6x!f32>)
    // CHECK-NEXT: cgc_op.depth_to_space({{.*}}) {blocksize = 2 : i64, mode = "CRD"}
    %d1 = cgc_op.depth_to_space(%x) {blocksize = 2, mode = "CRD"} : (!cgc.tensor<1x8x4x6x!f32>)
    // CHECK-NEXT: cgc_op.space_to_depth({{.*}}) {blocksize = 2 : i64}
    %s0 = cgc_op.space_to_depth(%x) {blocksize = 2} : (!cgc.tensor<1x8x4x6x!f32>)
    // Extents: 2 * (4 - 1) + 1 + (2 * 2 + 1) - 1 - 1 = 10, 2 * 5 + 5 - 2 = 13.
    // CHECK-NEXT: cgc_op.conv_transpose({{.*}}) {dilations = [2, 2], end_padding = [1, 1], group = 2 : i64, output_padding = [1, 0], start_padding = [1, 1], strides = [2, 2]}
    %c0 = cgc_op.conv_transpose(%x, %w, %b) {strides = [2, 2], dilations = [2, 2], start_padding = [1, 1], end_padding = [1, 1], output_padding = [1, 0], group = 2} : (!cgc.tensor<1x8x4x6x!f32>, !cgc.tensor<constant 8x2x3x3x!f32>, !cgc.tensor<constant 4x!f32>)
    // Negative paddings (from ONNX output_shape) grow the output.
    // CHECK-NEXT: cgc_op.conv_transpose({{.*}}) {end_padding = [-1, -1], strides = [2, 2]} : ({{.*}}){{$}}
    %c1 = cgc_op.conv_transpose(%x, %w) {strides = [2, 2], end_padding = [-1, -1]} : (!cgc.tensor<1x8x4x6x!f32>, !cgc.tensor<constant 8x2x3x3x!f32>)
    cgc.return %r0, %r1, %d0, %d1, %s0, %c0, %c1
      : !cgc.tensor<1x8x8x3x!f32>, !cgc.tensor<2x6x!cgc.int8>,
        !cgc.tensor<1x2x8x12x!f32>, !cgc.tensor<1x2x8x12x!f32>,
        !cgc.tensor<1x32x2x3x!f32>, !cgc.tensor<1x4x10x13x!f32>,
        !cgc.tensor<1x2x10x14x!f32>
  }
}
