// The transformer family's cache and state ops (TensorScatter,
// CausalConvWithState, LinearAttention): inferred types and the reference
// kernels on hand-computed examples.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py %t/cache.npy '<f4' 2x3x1 0,0,0,0,0,0
// RUN: %python %S/Inputs/npy.py %t/update.npy '<f4' 2x1x1 7,8
// RUN: %python %S/Inputs/npy.py %t/at.npy '<i8' 2 2,0
// RUN: %python %S/Inputs/npy.py %t/wrap.npy '<i8' 2 3,5
// RUN: %python %S/Inputs/npy.py %t/x.npy '<f4' 1x1x3 1,2,3
// RUN: %python %S/Inputs/npy.py %t/w.npy '<f4' 1x1x2 1,10
// RUN: %python %S/Inputs/npy.py %t/b.npy '<f4' 1 0.5
// RUN: %python %S/Inputs/npy.py %t/past.npy '<f4' 1x1x1 4
// RUN: %python %S/Inputs/npy.py %t/q.npy '<f4' 1x2x1 1,2
// RUN: %python %S/Inputs/npy.py %t/k.npy '<f4' 1x2x1 1,1
// RUN: %python %S/Inputs/npy.py %t/v.npy '<f4' 1x2x1 3,4
// RUN: %python %S/Inputs/npy.py %t/s0.npy '<f4' 1x1x1x1 0
// RUN: %python %S/Inputs/npy.py %t/decay.npy '<f4' 1x2x1 0,-0.69314718
// RUN: %python %S/Inputs/npy.py %t/beta.npy '<f4' 1x2x1 1,0.5
// RUN: opencgc run %s --device reference --input input0=%t/cache.npy \
// RUN:   --input input1=%t/update.npy --input input2=%t/at.npy \
// RUN:   --input input3=%t/wrap.npy --input input4=%t/x.npy \
// RUN:   --input input5=%t/w.npy --input input6=%t/b.npy \
// RUN:   --input input7=%t/past.npy --input input8=%t/q.npy \
// RUN:   --input input9=%t/k.npy --input input10=%t/v.npy \
// RUN:   --input input11=%t/s0.npy --input input12=%t/decay.npy \
// RUN:   --input input13=%t/beta.npy | FileCheck %s --check-prefix=VALUES

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%cache: !cgc.tensor<2x3x1x!f32>,
                        %update: !cgc.tensor<2x1x1x!f32>,
                        %at: !cgc.tensor<2x!cgc.int64>,
                        %wrap: !cgc.tensor<2x!cgc.int64>,
                        %x: !cgc.tensor<1x1x3x!f32>, %w: !cgc.tensor<1x1x2x!f32>,
                        %b: !cgc.tensor<1x!f32>, %past: !cgc.tensor<1x1x1x!f32>,
                        %q: !cgc.tensor<1x2x1x!f32>, %k: !cgc.tensor<1x2x1x!f32>,
                        %v: !cgc.tensor<1x2x1x!f32>,
                        %s0: !cgc.tensor<1x1x1x1x!f32>,
                        %decay: !cgc.tensor<1x2x1x!f32>,
                        %beta: !cgc.tensor<1x2x1x!f32>)
      -> (!cgc.tensor<2x3x1x!f32>, !cgc.tensor<2x3x1x!f32>,
          !cgc.tensor<1x1x3x!f32>, !cgc.tensor<1x1x1x!f32>,
          !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>,
          !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>) {
    // Batch 0 writes at 2, batch 1 at 0.
    // CHECK: cgc_op.tensor_scatter({{.*}}) {axis = 1 : i64} : ({{.*}}){{$}}
    // VALUES: output0: float32 2x3x1 {{.*}} [0, 0, 7, 8, 0, 0]
    %lin = cgc_op.tensor_scatter(%cache, %update, %at) {axis = 1} : (!cgc.tensor<2x3x1x!f32>, !cgc.tensor<2x1x1x!f32>, !cgc.tensor<2x!cgc.int64>)
    // Circular: 3 and 5 wrap to 0 and 2.
    // CHECK: cgc_op.tensor_scatter({{.*}}) {axis = 1 : i64, mode = "circular"}
    // VALUES: output1: float32 2x3x1 {{.*}} [7, 0, 0, 0, 0, 8]
    %circ = cgc_op.tensor_scatter(%cache, %update, %wrap) {axis = 1, mode = "circular"} : (!cgc.tensor<2x3x1x!f32>, !cgc.tensor<2x1x1x!f32>, !cgc.tensor<2x!cgc.int64>)
    // Over [4 | 1, 2, 3]: 0.5 + p[t] + 10 p[t + 1]; the state keeps 3.
    // CHECK: cgc_op.causal_conv_with_state({{.*}}) : ({{.*}}){{$}}
    // VALUES: output2: float32 1x1x3 {{.*}} [14.5, 21.5, 32.5]
    // VALUES: output3: float32 1x1x1 {{.*}} [3]
    %conv:2 = cgc_op.causal_conv_with_state(%x, %w, %b, %past) : (!cgc.tensor<1x1x3x!f32>, !cgc.tensor<1x1x2x!f32>, !cgc.tensor<1x!f32>, !cgc.tensor<1x1x1x!f32>)
    // Linear: S = 3 then 7; outputs 1 * 3 and 2 * 7.
    // CHECK: cgc_op.linear_attention({{.*}}) {kv_num_heads = 1 : i64, q_num_heads = 1 : i64, scale = 1.000000e+00 : f32, update_rule = "linear"}
    // VALUES: output4: float32 1x2x1 {{.*}} [3, 14]
    // VALUES: output5: float32 1x1x1x1 {{.*}} [7]
    %la:2 = cgc_op.linear_attention(%q, %k, %v, %s0, %decay, %beta) {q_num_heads = 1, kv_num_heads = 1, scale = 1.0 : f32, update_rule = "linear"} : (!cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>)
    // Gated delta: S = 3; then 3 * 0.5 + 0.5 * (4 - 1.5) = 2.75.
    // VALUES: output6: float32 1x2x1 {{.*}} [3, 5.5]
    // VALUES: output7: float32 1x1x1x1 {{.*}} [2.75]
    %gd:2 = cgc_op.linear_attention(%q, %k, %v, %s0, %decay, %beta) {q_num_heads = 1, kv_num_heads = 1, scale = 1.0 : f32} : (!cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>, !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x2x1x!f32>)
    cgc.return %lin, %circ, %conv#0, %conv#1, %la#0, %la#1, %gd#0, %gd#1
      : !cgc.tensor<2x3x1x!f32>, !cgc.tensor<2x3x1x!f32>,
        !cgc.tensor<1x1x3x!f32>, !cgc.tensor<1x1x1x!f32>,
        !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>,
        !cgc.tensor<1x2x1x!f32>, !cgc.tensor<1x1x1x1x!f32>
  }
}
