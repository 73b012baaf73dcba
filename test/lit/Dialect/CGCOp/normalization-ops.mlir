// Normalization family, Lp pooling and einsum: parse, print and inferred
// result types (checked through the entry point's result types).
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @norms(%x: !cgc.tensor<2x3x4x5x!f32>,
                         %c: !cgc.tensor<3x!f32>,
                         %w: !cgc.tensor<4x5x!f32>,
                         %b: !cgc.tensor<5x!f32>)
      -> (!cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
          !cgc.tensor<2x3x1x1x!f32>, !cgc.tensor<2x3x1x1x!f32>,
          !cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
          !cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
          !cgc.tensor<2x3x2x2x!f32>, !cgc.tensor<2x3x1x1x!f32>) {
    // CHECK: cgc_op.batch_normalization({{.*}}) {epsilon = 0.00999999977 : f32} : ({{.*}}){{$}}
    %bn = cgc_op.batch_normalization(%x, %c, %c, %c, %c) {epsilon = 0.01 : f32} : (!cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>)
    // CHECK: cgc_op.layer_normalization({{.*}}) {axis = 2 : i64} : ({{.*}}){{$}}
    %ln:3 = cgc_op.layer_normalization(%x, %w, %b) {axis = 2} : (!cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<4x5x!f32>, !cgc.tensor<5x!f32>)
    // CHECK: cgc_op.instance_normalization({{.*}}) : ({{.*}}){{$}}
    %in = cgc_op.instance_normalization(%x, %c, %c) {epsilon = 1.0e-5 : f32} : (!cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!f32>)
    // CHECK: cgc_op.lrn({{.*}}) {alpha = 2.000000e-04 : f32, size = 3 : i64}
    %lrn = cgc_op.lrn(%x) {size = 3, alpha = 0.0002 : f32} : (!cgc.tensor<2x3x4x5x!f32>)
    // CHECK: cgc_op.mean_variance_normalization({{.*}}) : ({{.*}}){{$}}
    %mvn = cgc_op.mean_variance_normalization(%x) : (!cgc.tensor<2x3x4x5x!f32>)
    // CHECK: cgc_op.lp_normalization({{.*}}) {axis = 1 : i64, p = 1 : i64}
    %lpn = cgc_op.lp_normalization(%x) {axis = 1, p = 1} : (!cgc.tensor<2x3x4x5x!f32>)
    // CHECK: cgc_op.lp_pooling({{.*}}) {p = 3 : i64, strides = [2, 2], window_size = [2, 3]}
    %lpp = cgc_op.lp_pooling(%x) {window_size = [2, 3], strides = [2, 2], p = 3} : (!cgc.tensor<2x3x4x5x!f32>)
    %glp = cgc_op.lp_pooling(%x) {window_size = [4, 5]} : (!cgc.tensor<2x3x4x5x!f32>)
    cgc.return %bn, %ln#0, %ln#1, %ln#2, %in, %lrn, %mvn, %lpn, %lpp, %glp
      : !cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
        !cgc.tensor<2x3x1x1x!f32>, !cgc.tensor<2x3x1x1x!f32>,
        !cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
        !cgc.tensor<2x3x4x5x!f32>, !cgc.tensor<2x3x4x5x!f32>,
        !cgc.tensor<2x3x2x2x!f32>, !cgc.tensor<2x3x1x1x!f32>
  }

  // Einsum: explicit and implicit outputs, ellipsis broadcasting, traces.
  cgc.entry_point @einsum(%a: !cgc.tensor<5x2x3x!f32>,
                          %b: !cgc.tensor<5x3x4x!f32>,
                          %d: !cgc.tensor<3x5x5x!f32>,
                          %v: !cgc.tensor<5x!f32>,
                          %e: !cgc.tensor<1x7x2x3x!f32>,
                          %i: !cgc.tensor<3x4x!cgc.int32>,
                          %f: !cgc.tensor<7x3x4x!f32>)
      -> (!cgc.tensor<5x2x4x!f32>, !cgc.tensor<3x5x!f32>, !cgc.tensor<!f32>,
          !cgc.tensor<1x7x4x2x!f32>, !cgc.tensor<4x3x!cgc.int32>,
          !cgc.tensor<3x!f32>, !cgc.tensor<4x3x!cgc.int32>) {
    // CHECK: cgc_op.einsum({{.*}}) {equation = "bij, bjk -> bik"} : ({{.*}}){{$}}
    %mm = cgc_op.einsum(%a, %b) {equation = "bij, bjk -> bik"} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<5x3x4x!f32>)
    %diag = cgc_op.einsum(%d) {equation = "...ii ->...i"} : (!cgc.tensor<3x5x5x!f32>)
    %dot = cgc_op.einsum(%v, %v) {equation = "i,i"} : (!cgc.tensor<5x!f32>, !cgc.tensor<5x!f32>)
    %bc = cgc_op.einsum(%e, %f) {equation = "...ij,...jk->...ki"} : (!cgc.tensor<1x7x2x3x!f32>, !cgc.tensor<7x3x4x!f32>) -> !cgc.tensor<1x7x4x2x!f32>
    %tr = cgc_op.einsum(%i) {equation = "ij->ji"} : (!cgc.tensor<3x4x!cgc.int32>)
    %trace = cgc_op.einsum(%d) {equation = "kii"} : (!cgc.tensor<3x5x5x!f32>)
    %impl = cgc_op.einsum(%i) {equation = "ji"} : (!cgc.tensor<3x4x!cgc.int32>)
    cgc.return %mm, %diag, %dot, %bc, %tr, %trace, %impl
      : !cgc.tensor<5x2x4x!f32>, !cgc.tensor<3x5x!f32>, !cgc.tensor<!f32>,
        !cgc.tensor<1x7x4x2x!f32>, !cgc.tensor<4x3x!cgc.int32>,
        !cgc.tensor<3x!f32>, !cgc.tensor<4x3x!cgc.int32>
  }
}
