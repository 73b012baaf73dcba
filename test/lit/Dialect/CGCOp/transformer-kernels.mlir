// Reference kernels of the transformer family on hand-computed examples.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py %t/x.npy '<f4' 2x3 1,2,2,3,0,4
// RUN: %python %S/Inputs/npy.py %t/s.npy '<f4' 3 1,2,0.5
// RUN: %python %S/Inputs/npy.py %t/r4.npy '<f4' 1x1x2x4 range:8
// RUN: %python %S/Inputs/npy.py %t/cos3.npy '<f4' 1x2x2 1,1,0,0.6
// RUN: %python %S/Inputs/npy.py %t/sin3.npy '<f4' 1x2x2 0,0,1,0.8
// RUN: %python %S/Inputs/npy.py %t/r3.npy '<f4' 1x2x4 range:8
// RUN: %python %S/Inputs/npy.py %t/ids.npy '<i8' 1x2 1,0
// RUN: %python %S/Inputs/npy.py %t/qk.npy '<f4' 1x1x2x2 1,0,0,1
// RUN: %python %S/Inputs/npy.py %t/v.npy '<f4' 1x1x2x1 10,20
// RUN: %python %S/Inputs/npy.py %t/m.npy '|b1' 2x2 0,0,1,1
// RUN: opencgc run %s --device reference --input input0=%t/x.npy \
// RUN:   --input input1=%t/s.npy --input input2=%t/r4.npy \
// RUN:   --input input3=%t/cos3.npy --input input4=%t/sin3.npy \
// RUN:   --input input5=%t/r3.npy --input input6=%t/ids.npy \
// RUN:   --input input7=%t/qk.npy --input input8=%t/v.npy \
// RUN:   --input input9=%t/m.npy | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!f32>, %s: !cgc.tensor<3x!f32>,
                        %r4: !cgc.tensor<1x1x2x4x!f32>,
                        %cos3: !cgc.tensor<1x2x2x!f32>,
                        %sin3: !cgc.tensor<1x2x2x!f32>,
                        %r3: !cgc.tensor<1x2x4x!f32>,
                        %ids: !cgc.tensor<1x2x!cgc.int64>,
                        %qk: !cgc.tensor<1x1x2x2x!f32>,
                        %v: !cgc.tensor<1x1x2x1x!f32>,
                        %m: !cgc.tensor<2x2x!cgc.bool>)
      -> (!cgc.tensor<2x3x!f32>, !cgc.tensor<1x1x2x4x!f32>,
          !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x1x2x1x!f32>,
          !cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x1x!f32>,
          !cgc.tensor<1x1x2x2x!f32>) {
    // Rows [1, 2, 2] and [3, 0, 4] have RMS sqrt(3) and sqrt(25/3).
    // CHECK: output0: float32 2x3 {{.*}} [0.57735, 2.3094, 0.57735, 1.03923, 0, 0.69282]
    %rms = cgc_op.rms_normalization(%x, %s) {epsilon = 0.0 : f32} : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>)
    // Position 0 is the identity; position 1 turns the halves' pairs
    // (4, 6) by 90 degrees and (5, 7) by acos(0.6).
    // CHECK: output1: float32 1x1x2x4  min -6  max 8.2  mean 1.2  [0, 1, 2, 3, -6, -2.6, ...]
    %rope4 = cgc_op.rotary_embedding(%r4, %cos3, %sin3) : (!cgc.tensor<1x1x2x4x!f32>, !cgc.tensor<1x2x2x!f32>, !cgc.tensor<1x2x2x!f32>)
    // 3-D input, interleaved pairs, positions [1, 0] into the tables.
    // CHECK: output2: float32 1x2x4  min -1.2  max 7  mean 2.9  [-1, 0, -1.2, 3.4, 4, 5, ...]
    %cos2 = cgc_op.reshape(%cos3) {shape = [2, 2]} : (!cgc.tensor<1x2x2x!f32>)
    %sin2 = cgc_op.reshape(%sin3) {shape = [2, 2]} : (!cgc.tensor<1x2x2x!f32>)
    %rope3 = cgc_op.rotary_embedding(%r3, %cos2, %sin2, %ids) {interleaved = true, num_heads = 1} : (!cgc.tensor<1x2x4x!f32>, !cgc.tensor<2x2x!f32>, !cgc.tensor<2x2x!f32>, !cgc.tensor<1x2x!cgc.int64>)
    // Causal: query 0 sees key 0 only; query 1 weighs the keys 1 : e.
    // CHECK: output3: float32 1x1x2x1 {{.*}} [10, 17.3106]
    // CHECK: output4: float32 1x1x2x2 {{.*}} [1, 0, 0.268941, 0.731059]
    %a:2 = cgc_op.attention(%qk, %qk, %v) {is_causal = true, scale = 1.0 : f32, qk_matmul_output_mode = 3} : (!cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x1x!f32>)
    // A bool mask hiding every key from query 0 gives it a zero row; the
    // default scale is 1/sqrt(2); mode 0 returns the scaled scores.
    // CHECK: output5: float32 1x1x2x1 {{.*}} [0, 16.6976]
    // CHECK: output6: float32 1x1x2x2 {{.*}} [0.707107, 0, 0, 0.707107]
    %b:2 = cgc_op.attention(%qk, %qk, %v, %m) : (!cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x1x!f32>, !cgc.tensor<2x2x!cgc.bool>)
    cgc.return %rms, %rope4, %rope3, %a#0, %a#1, %b#0, %b#1
      : !cgc.tensor<2x3x!f32>, !cgc.tensor<1x1x2x4x!f32>,
        !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x1x2x1x!f32>,
        !cgc.tensor<1x1x2x2x!f32>, !cgc.tensor<1x1x2x1x!f32>,
        !cgc.tensor<1x1x2x2x!f32>
  }
}
