// Reference kernels of AffineGrid, Col2Im and DeformConv on hand-computed
// examples.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py %t/theta.npy '<f4' 1x2x3 1,0,0.25,0,2,0
// RUN: %python %S/Inputs/npy.py %t/cols.npy '<f4' 1x4x4 range:16:1:0
// RUN: %python %S/Inputs/npy.py %t/x.npy '<f4' 1x1x2x2 1,2,3,4
// RUN: %python %S/Inputs/npy.py %t/w.npy '<f4' 1x1x1x1 1
// RUN: %python %S/Inputs/npy.py %t/off.npy '<f4' 1x2x2x2 0.5,0,0,0,0,0.5,0,-1
// RUN: %python %S/Inputs/npy.py %t/b.npy '<f4' 1 1
// RUN: %python %S/Inputs/npy.py %t/m.npy '<f4' 1x1x2x2 1,1,1,0.5
// RUN: opencgc run %s --device reference --input input0=%t/theta.npy \
// RUN:   --input input1=%t/cols.npy --input input2=%t/x.npy \
// RUN:   --input input3=%t/w.npy --input input4=%t/off.npy \
// RUN:   --input input5=%t/b.npy --input input6=%t/m.npy | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%theta: !cgc.tensor<1x2x3x!f32>,
                        %cols: !cgc.tensor<1x4x4x!f32>,
                        %x: !cgc.tensor<1x1x2x2x!f32>,
                        %w: !cgc.tensor<1x1x1x1x!f32>,
                        %off: !cgc.tensor<1x2x2x2x!f32>,
                        %b: !cgc.tensor<1x!f32>,
                        %m: !cgc.tensor<1x1x2x2x!f32>)
      -> (!cgc.tensor<1x2x2x2x!f32>, !cgc.tensor<1x1x3x3x!f32>,
          !cgc.tensor<1x1x2x2x!f32>) {
    // Pixel centres at -0.5 and 0.5; x' = x + 0.25, y' = 2 y.
    // CHECK: output0: float32 1x2x2x2  min -1  max 1  mean 0.125  [-0.25, -1, 0.75, -1, -0.25, 1, ...]
    %g = cgc_op.affine_grid(%theta) {size = [1, 1, 2, 2]} : (!cgc.tensor<1x2x3x!f32>)
    // Four 2x2 blocks of ones over a 3x3 image: each pixel counts the
    // blocks that cover it.
    // CHECK: output1: float32 1x1x3x3  min 1  max 4  mean 1.77778  [1, 2, 1, 2, 4, 2, ...]
    %img = cgc_op.col2im(%cols) {image_shape = [3, 3], block_shape = [2, 2]} : (!cgc.tensor<1x4x4x!f32>)
    // A 1x1 kernel reading at (0.5, 0), (0, 1.5) (half outside), (1, 0)
    // and (1, 0) again with mask 0.5, plus bias 1.
    // CHECK: output2: float32 1x1x2x2 {{.*}} [3, 2, 4, 2.5]
    %y = cgc_op.deform_conv(%x, %w, %off, %b, %m) : (!cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x1x1x!f32>, !cgc.tensor<1x2x2x2x!f32>, !cgc.tensor<1x!f32>, !cgc.tensor<1x1x2x2x!f32>)
    cgc.return %g, %img, %y : !cgc.tensor<1x2x2x2x!f32>, !cgc.tensor<1x1x3x3x!f32>, !cgc.tensor<1x1x2x2x!f32>
  }
}
