// AffineGrid, Col2Im and DeformConv (resampling family, opsets 18-20):
// parse, print and inferred result types.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%t2: !cgc.tensor<2x2x3x!f32>,
                        %t3: !cgc.tensor<2x3x4x!f32>,
                        %cols: !cgc.tensor<1x12x4x!cgc.int32>,
                        %x: !cgc.tensor<1x4x5x5x!f32>,
                        %w: !cgc.tensor<6x2x3x3x!f32>,
                        %off: !cgc.tensor<1x36x3x3x!f32>,
                        %b: !cgc.tensor<6x!f32>,
                        %m: !cgc.tensor<1x18x3x3x!f32>)
      -> (!cgc.tensor<2x4x5x2x!f32>, !cgc.tensor<2x3x4x5x3x!f32>,
          !cgc.tensor<1x3x3x4x!cgc.int32>, !cgc.tensor<1x6x3x3x!f32>) {
    // CHECK: cgc_op.affine_grid({{.*}}) {size = [2, 3, 4, 5]} : (!cgc.tensor<2x2x3x!cgc.float32>){{$}}
    %g2 = cgc_op.affine_grid(%t2) {size = [2, 3, 4, 5]} : (!cgc.tensor<2x2x3x!f32>)
    // CHECK: cgc_op.affine_grid({{.*}}) {align_corners = true, size = [2, 1, 3, 4, 5]}
    %g3 = cgc_op.affine_grid(%t3) {size = [2, 1, 3, 4, 5], align_corners = true} : (!cgc.tensor<2x3x4x!f32>)
    // 2x2 blocks with stride 2 and dilation 1 over a padded 3x4 image:
    // 2 x 2 blocks of 3 channels.
    // CHECK: cgc_op.col2im({{.*}}) {block_shape = [2, 2], end_padding = [1, 0], image_shape = [3, 4], strides = [2, 2]}
    %img = cgc_op.col2im(%cols) {image_shape = [3, 4], block_shape = [2, 2], strides = [2, 2], end_padding = [1, 0]} : (!cgc.tensor<1x12x4x!cgc.int32>)
    // Two groups of channels, two offset groups, 3x3 taps, stride 2, pad 1.
    // CHECK: cgc_op.deform_conv({{.*}}) {end_padding = [1, 1], group = 2 : i64, offset_group = 2 : i64, start_padding = [1, 1], strides = [2, 2]}
    %y = cgc_op.deform_conv(%x, %w, %off, %b, %m) {group = 2, offset_group = 2, strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x4x5x5x!f32>, !cgc.tensor<6x2x3x3x!f32>, !cgc.tensor<1x36x3x3x!f32>, !cgc.tensor<6x!f32>, !cgc.tensor<1x18x3x3x!f32>)
    cgc.return %g2, %g3, %img, %y : !cgc.tensor<2x4x5x2x!f32>, !cgc.tensor<2x3x4x5x3x!f32>, !cgc.tensor<1x3x3x4x!cgc.int32>, !cgc.tensor<1x6x3x3x!f32>
  }
}
