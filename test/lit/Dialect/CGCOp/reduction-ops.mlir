// The reduction family: reduce_* over axes, arg_max/arg_min, log_softmax,
// hardmax, cum_sum, top_k and the two losses. Result types given here are checked against
// inference, and the printer leaves them (and default attributes) out.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
!i32 = !cgc.int32
!i64 = !cgc.int64
cgc.module {
  cgc.entry_point @reductions(%x: !cgc.tensor<2x3x4x!f32>, %n: !cgc.tensor<2x3x!i32>,
                          %t: !cgc.tensor<2x4x!i64>, %w: !cgc.tensor<3x!f32>)
      -> (!cgc.tensor<2x1x4x!f32>, !cgc.tensor<2x3x!i64>) {
    // CHECK: cgc_op.reduce_sum({{.*}}) {axes = [1]} : (!cgc.tensor<2x3x4x!cgc.float32>){{$}}
    %sum = cgc_op.reduce_sum(%x) {axes = [1]} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x1x4x!f32>
    // CHECK-NEXT: cgc_op.reduce_mean({{.*}}) {axes = [-1, 0], keepdims = false} : ({{.*}}){{$}}
    %mean = cgc_op.reduce_mean(%x) {axes = [-1, 0], keepdims = false} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<3x!f32>
    // Without axes every axis is reduced.
    // CHECK-NEXT: cgc_op.reduce_max({{.*}}) : ({{.*}}){{$}}
    %max = cgc_op.reduce_max(%x) : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<1x1x1x!f32>
    // CHECK-NEXT: cgc_op.reduce_min({{.*}}) {keepdims = false} : ({{.*}}){{$}}
    %min = cgc_op.reduce_min(%n) {keepdims = false} : (!cgc.tensor<2x3x!i32>) -> !cgc.tensor<!i32>
    // noop_with_empty_axes and no axes: nothing is reduced.
    // CHECK-NEXT: cgc_op.reduce_prod({{.*}}) {noop_with_empty_axes = true} : ({{.*}}){{$}}
    %prod = cgc_op.reduce_prod(%x) {noop_with_empty_axes = true} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x3x4x!f32>
    // CHECK-NEXT: cgc_op.reduce_l1
    %l1 = cgc_op.reduce_l1(%x) {axes = [2]} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x3x1x!f32>
    // CHECK-NEXT: cgc_op.reduce_l2
    %l2 = cgc_op.reduce_l2(%x) {axes = [0, 2]} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<1x3x1x!f32>
    // CHECK-NEXT: cgc_op.reduce_log_sum
    %ls = cgc_op.reduce_log_sum(%x) {axes = [1]} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x1x4x!f32>
    // CHECK-NEXT: cgc_op.reduce_log_sum_exp
    %lse = cgc_op.reduce_log_sum_exp(%x) {axes = [1]} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x1x4x!f32>
    // CHECK-NEXT: cgc_op.reduce_sum_square
    %ss = cgc_op.reduce_sum_square(%n) {axes = [1]} : (!cgc.tensor<2x3x!i32>) -> !cgc.tensor<2x1x!i32>
    // arg_max/arg_min return int64 indices.
    // CHECK-NEXT: cgc_op.arg_max({{.*}}) {axis = 2 : i64, keepdims = false} : ({{.*}}){{$}}
    %am = cgc_op.arg_max(%x) {axis = 2, keepdims = false} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x3x!i64>
    // CHECK-NEXT: cgc_op.arg_min({{.*}}) {select_last_index = true} : ({{.*}}){{$}}
    %an = cgc_op.arg_min(%n) {select_last_index = true} : (!cgc.tensor<2x3x!i32>) -> !cgc.tensor<1x3x!i64>
    // CHECK-NEXT: cgc_op.log_softmax({{.*}}) : ({{.*}}){{$}}
    %lsm = cgc_op.log_softmax(%x) : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x3x4x!f32>
    // CHECK-NEXT: cgc_op.hardmax({{.*}}) {axis = 0 : i64} : ({{.*}}){{$}}
    %hm = cgc_op.hardmax(%x) {axis = 0} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x3x4x!f32>
    // CHECK-NEXT: cgc_op.cum_sum({{.*}}) {axis = 1 : i64, exclusive = true, reverse = true} : ({{.*}}){{$}}
    %cs = cgc_op.cum_sum(%n) {axis = 1, exclusive = true, reverse = true} : (!cgc.tensor<2x3x!i32>) -> !cgc.tensor<2x3x!i32>
    // top_k: values keep the element type, indices are int64.
    // CHECK-NEXT: cgc_op.top_k({{.*}}) {axis = 1 : i64, k = 2 : i64, largest = false} : ({{.*}}){{$}}
    %v, %i = cgc_op.top_k(%x) {k = 2, axis = 1, largest = false} : (!cgc.tensor<2x3x4x!f32>) -> !cgc.tensor<2x2x4x!f32>, !cgc.tensor<2x2x4x!i64>
    // Losses: input N x C x d, target N x d, optional weight C.
    // CHECK-NEXT: cgc_op.negative_log_likelihood_loss({{.*}}) {ignore_index = -1 : i64, reduction = "none"} : ({{.*}}){{$}}
    %nll = cgc_op.negative_log_likelihood_loss(%x, %t) {reduction = "none", ignore_index = -1} : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x4x!i64>) -> !cgc.tensor<2x4x!f32>
    // CHECK-NEXT: cgc_op.softmax_cross_entropy_loss({{.*}}) : ({{.*}}){{$}}
    %sce, %logp = cgc_op.softmax_cross_entropy_loss(%x, %t, %w) : (!cgc.tensor<2x3x4x!f32>, !cgc.tensor<2x4x!i64>, !cgc.tensor<3x!f32>) -> !cgc.tensor<!f32>, !cgc.tensor<2x3x4x!f32>
    // CHECK: cgc.return
    cgc.return %sum, %am : !cgc.tensor<2x1x4x!f32>, !cgc.tensor<2x3x!i64>
  }
}
