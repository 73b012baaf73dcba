// Result types of every cgc_op layer are inferred when left out (ONNX shape
// rules); the printer leaves out result types and default attributes.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @layers(%x: !cgc.tensor<1x3x8x8x!cgc.float32>,
                          %w: !cgc.tensor<constant 6x3x3x3x!cgc.float32>,
                          %b: !cgc.tensor<constant 6x!cgc.float32>,
                          %gw: !cgc.tensor<constant 6x1x3x3x!cgc.float32>,
                          %m: !cgc.tensor<2x1x4x5x!cgc.float32>,
                          %n: !cgc.tensor<3x5x7x!cgc.float32>,
                          %v: !cgc.tensor<5x!cgc.float32>,
                          %ga: !cgc.tensor<4x3x!cgc.float32>,
                          %gb: !cgc.tensor<5x4x!cgc.float32>,
                          %gc: !cgc.tensor<5x!cgc.float32>,
                          %row: !cgc.tensor<8x!cgc.float32>)
      -> (!cgc.tensor<1x6x4x4x!f32>, !cgc.tensor<1x6x4x4x!f32>,
          !cgc.tensor<2x3x4x7x!f32>, !cgc.tensor<2x1x4x!f32>,
          !cgc.tensor<3x5x!f32>, !cgc.tensor<1x3x3x3x!f32>,
          !cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<1x3x9x9x!f32>,
          !cgc.tensor<1x3x16x24x!f32>, !cgc.tensor<1x3x16x16x!f32>,
          !cgc.tensor<1x12x16x!f32>, !cgc.tensor<8x8x3x1x!f32>,
          !cgc.tensor<1x8x8x3x!f32>, !cgc.tensor<16x!f32>) {
    // CHECK: cgc_op.convolution({{.*}}) {end_padding = [1, 1], start_padding = [1, 1], strides = [2, 2]} : ({{.*}}){{$}}
    %c0 = cgc_op.convolution(%x, %w, %b) {start_padding = [1, 1], end_padding = [1, 1], strides = [2, 2]} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>, !cgc.tensor<constant 6x!f32>)
    // CHECK-NEXT: cgc_op.convolution({{.*}}) {dilations = [2, 2]} : ({{.*}}){{$}}
    %c1 = cgc_op.convolution(%x, %w) {dilations = [2, 2], group = 1} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x3x3x3x!f32>) -> !cgc.tensor<1x6x4x4x!f32>
    // CHECK-NEXT: cgc_op.convolution({{.*}}) {group = 3 : i64} : ({{.*}}){{$}}
    %c2 = cgc_op.convolution(%x, %gw) {group = 3} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<constant 6x1x3x3x!f32>)
    %relu = cgc_op.relu(%c0) : (!cgc.tensor<1x6x4x4x!f32>)
    %sig = cgc_op.sigmoid(%relu) : (!cgc.tensor<1x6x4x4x!f32>)
    %tanh = cgc_op.tanh(%sig) : (!cgc.tensor<1x6x4x4x!f32>)
    // CHECK: cgc_op.gelu({{.*}}) {approximate = "tanh"}
    %gelu = cgc_op.gelu(%tanh) {approximate = "tanh"} : (!cgc.tensor<1x6x4x4x!f32>)
    // CHECK-NEXT: cgc_op.softmax({{.*}}) {axis = 1 : i64}
    %sm = cgc_op.softmax(%gelu) {axis = 1} : (!cgc.tensor<1x6x4x4x!f32>)
    // Broadcasting 1x6x4x4 with 6x1x1 and 2x1x4x5 with 5.
    %bias = cgc_op.reshape(%b) {shape = [6, 1, 1]} : (!cgc.tensor<constant 6x!f32>)
    %add = cgc_op.add(%sm, %bias) : (!cgc.tensor<1x6x4x4x!f32>, !cgc.tensor<6x1x1x!f32>)
    %sub = cgc_op.sub(%m, %v) : (!cgc.tensor<2x1x4x5x!f32>, !cgc.tensor<5x!f32>)
    %mul = cgc_op.mul(%sub, %sub) : (!cgc.tensor<2x1x4x5x!f32>, !cgc.tensor<2x1x4x5x!f32>)
    %div = cgc_op.div(%mul, %v) : (!cgc.tensor<2x1x4x5x!f32>, !cgc.tensor<5x!f32>)
    // matmul: batch 2x1 broadcast with 3 -> 2x3, then 4x5 * 5x7.
    %mm = cgc_op.matmul(%div, %n) : (!cgc.tensor<2x1x4x5x!f32>, !cgc.tensor<3x5x7x!f32>)
    %mv = cgc_op.matmul(%m, %v) : (!cgc.tensor<2x1x4x5x!f32>, !cgc.tensor<5x!f32>)
    // CHECK: cgc_op.gemm({{.*}}) {alpha = 5.000000e-01 : f32, trans_a = true, trans_b = true}
    %gemm = cgc_op.gemm(%ga, %gb, %gc) {alpha = 0.5 : f32, trans_a = true, trans_b = true} : (!cgc.tensor<4x3x!f32>, !cgc.tensor<5x4x!f32>, !cgc.tensor<5x!f32>)
    // Pooling: floor and ceil mode, padding, strides.
    %mp = cgc_op.max_pooling(%x) {window_size = [3, 3], strides = [2, 2]} : (!cgc.tensor<1x3x8x8x!f32>)
    // CHECK: cgc_op.max_pooling({{.*}}) {ceil_mode = true, strides = [2, 2], window_size = [3, 3]}
    %mpc = cgc_op.max_pooling(%x) {window_size = [3, 3], strides = [2, 2], ceil_mode = true} : (!cgc.tensor<1x3x8x8x!f32>)
    %ap = cgc_op.average_pooling(%x) {window_size = [2, 2], start_padding = [1, 1], end_padding = [1, 1], count_include_pad = true} : (!cgc.tensor<1x3x8x8x!f32>)
    // CHECK: cgc_op.upsample({{.*}}) {mode = "linear", scale_size = [2, 3]}
    %up = cgc_op.upsample(%x) {scale_size = [2, 3], mode = "linear"} : (!cgc.tensor<1x3x8x8x!f32>)
    %up2 = cgc_op.upsample2d(%x) {scale_size = [2, 2]} : (!cgc.tensor<1x3x8x8x!f32>)
    // reshape with 0 (copy) and -1 (infer).
    %rs = cgc_op.reshape(%x) {shape = [0, -1, 16]} : (!cgc.tensor<1x3x8x8x!f32>)
    // CHECK: cgc_op.transpose({{.*}}) : (!cgc.tensor<1x3x8x8x!cgc.float32>){{$}}
    %tr = cgc_op.transpose(%x) : (!cgc.tensor<1x3x8x8x!f32>)
    %tp = cgc_op.transpose(%x) {perm = [0, 2, 3, 1]} : (!cgc.tensor<1x3x8x8x!f32>)
    // CHECK: cgc_op.concat({{.*}}) {axis = 1 : i64} : ({{.*}}){{$}}
    %cat = cgc_op.concat(%x, %x, %x) {axis = 1} : (!cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<1x3x8x8x!f32>, !cgc.tensor<1x3x8x8x!f32>) -> !cgc.tensor<1x9x8x8x!f32>
    %cat2 = cgc_op.concat(%row, %row) {axis = -1} : (!cgc.tensor<8x!f32>, !cgc.tensor<8x!f32>)
    // Det of a batch of 2x2 matrices.
    // CHECK: cgc_op.det({{.*}}) : (!cgc.tensor<5x2x2x!cgc.float32>){{$}}
    %square = cgc_op.reshape(%gb) {shape = [5, 2, 2]} : (!cgc.tensor<5x4x!f32>)
    %det = cgc_op.det(%square) : (!cgc.tensor<5x2x2x!f32>)
    // CHECK: cgc.return
    // CHECK-SAME: !cgc.tensor<2x3x4x7x!cgc.float32>, !cgc.tensor<2x1x4x!cgc.float32>, !cgc.tensor<3x5x!cgc.float32>, !cgc.tensor<1x3x3x3x!cgc.float32>, !cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x3x9x9x!cgc.float32>, !cgc.tensor<1x3x16x24x!cgc.float32>, !cgc.tensor<1x3x16x16x!cgc.float32>, !cgc.tensor<1x12x16x!cgc.float32>, !cgc.tensor<8x8x3x1x!cgc.float32>, !cgc.tensor<1x8x8x3x!cgc.float32>, !cgc.tensor<16x!cgc.float32>
    cgc.return %c1, %add, %mm, %mv, %gemm, %mp, %mpc, %ap, %up, %up2, %rs, %tr, %tp, %cat2
      : !cgc.tensor<1x6x4x4x!f32>, !cgc.tensor<1x6x4x4x!f32>,
        !cgc.tensor<2x3x4x7x!f32>, !cgc.tensor<2x1x4x!f32>,
        !cgc.tensor<3x5x!f32>, !cgc.tensor<1x3x3x3x!f32>,
        !cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<1x3x9x9x!f32>,
        !cgc.tensor<1x3x16x24x!f32>, !cgc.tensor<1x3x16x16x!f32>,
        !cgc.tensor<1x12x16x!f32>, !cgc.tensor<8x8x3x1x!f32>,
        !cgc.tensor<1x8x8x3x!f32>, !cgc.tensor<16x!f32>
  }
}
