// The transformer family (RMS normalization, rotary embedding, attention):
// parse, print and inferred result types (checked through the entry
// point's result types).
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @rms(%x: !cgc.tensor<2x3x4x!f32>, %s: !cgc.tensor<4x!f32>,
                       %s2: !cgc.tensor<3x1x!f32>)
      -> (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x3x4x!f32>) {
    // CHECK: cgc_op.rms_normalization({{.*}}) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>){{$}}
    %a = cgc_op.rms_normalization(%x, %s) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<4x!f32>)
    // CHECK: cgc_op.rms_normalization({{.*}}) {axis = 1 : i64, epsilon = 1.000000e-01 : f32}
    %b = cgc_op.rms_normalization(%x, %s2) {axis = 1, epsilon = 0.1 : f32} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<3x1x!f32>)
    cgc.return %a, %b : !cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x3x4x!f32>
  }

  // 4-D input with cos/sin per (batch, position); 3-D input with num_heads,
  // partial rotation and position ids into P x rot/2 tables.
  cgc.entry_point @rope(%x4: !cgc.tensor<2x4x3x8x!f32>,
                        %c3: !cgc.tensor<2x3x4x!f32>,
                        %x3: !cgc.tensor<2x3x16x!f32>,
                        %c2: !cgc.tensor<50x2x!f32>,
                        %ids: !cgc.tensor<2x3x!cgc.int64>)
      -> (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x3x16x!f32>) {
    // CHECK: cgc_op.rotary_embedding({{.*}}) : ({{.*}}){{$}}
    %a = cgc_op.rotary_embedding(%x4, %c3, %c3) : (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x3x4x!f32>)
    // CHECK: cgc_op.rotary_embedding({{.*}}) {interleaved = true, num_heads = 2 : i64, rotary_embedding_dim = 4 : i64}
    %b = cgc_op.rotary_embedding(%x3, %c2, %c2, %ids) {interleaved = true, num_heads = 2, rotary_embedding_dim = 4} : (!cgc.tensor<2x3x16x!f32>, !cgc.tensor<50x2x!f32>, !cgc.tensor<50x2x!f32>, !cgc.tensor<2x3x!cgc.int64>)
    cgc.return %a, %b : !cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x3x16x!f32>
  }

  // Grouped-query attention (4 query heads over 2 key/value heads), a value
  // depth unlike the key depth, a bool mask shorter than the keys and a
  // float mask broadcast from 2-D.
  cgc.entry_point @attention(%q: !cgc.tensor<2x4x3x8x!f32>,
                             %k: !cgc.tensor<2x2x5x8x!f32>,
                             %v: !cgc.tensor<2x2x5x6x!f32>,
                             %bm: !cgc.tensor<2x1x3x4x!cgc.bool>,
                             %fm: !cgc.tensor<3x5x!f32>)
      -> (!cgc.tensor<2x4x3x6x!f32>, !cgc.tensor<2x4x3x5x!f32>,
          !cgc.tensor<2x4x3x6x!f32>) {
    // CHECK: cgc_op.attention({{.*}}) {causal_offset = 2 : i64, is_causal = true, qk_matmul_output_mode = 3 : i64, scale = 5.000000e-01 : f32, softcap = 3.000000e+01 : f32}
    %a:2 = cgc_op.attention(%q, %k, %v, %bm) {is_causal = true, causal_offset = 2, scale = 0.5 : f32, softcap = 30.0 : f32, qk_matmul_output_mode = 3} : (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x2x5x8x!f32>, !cgc.tensor<2x2x5x6x!f32>, !cgc.tensor<2x1x3x4x!cgc.bool>)
    // CHECK: cgc_op.attention({{.*}}) : ({{.*}}){{$}}
    %b:2 = cgc_op.attention(%q, %k, %v, %fm) : (!cgc.tensor<2x4x3x8x!f32>, !cgc.tensor<2x2x5x8x!f32>, !cgc.tensor<2x2x5x6x!f32>, !cgc.tensor<3x5x!f32>)
    cgc.return %a#0, %a#1, %b#0 : !cgc.tensor<2x4x3x6x!f32>, !cgc.tensor<2x4x3x5x!f32>, !cgc.tensor<2x4x3x6x!f32>
  }
}
