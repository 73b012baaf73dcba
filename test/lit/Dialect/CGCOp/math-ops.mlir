// The math family: every op parses with its result type inferred (bool for
// the predicates), prints back without default attributes, and round-trips.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
!f16 = !cgc.float16
!i32 = !cgc.int32
!u8 = !cgc.uint8
cgc.module {
  cgc.entry_point @math(%x: !cgc.tensor<2x3x!f32>, %h: !cgc.tensor<4x!f16>,
                        %i: !cgc.tensor<5x!i32>, %u: !cgc.tensor<5x!u8>,
                        %b: !cgc.tensor<2x2x!cgc.bool>,
                        %n: !cgc.tensor<1x3x4x!f32>,
                        %s: !cgc.tensor<3x1x!f32>)
      -> (!cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<2x3x!cgc.bool>,
          !cgc.tensor<1x3x4x!f32>) {
    // CHECK: cgc_op.abs({{.*}}) : (!cgc.tensor<2x3x!cgc.float32>){{$}}
    %abs = cgc_op.abs(%x) : (!cgc.tensor<2x3x!f32>)
    // Integer support where ONNX allows it.
    // CHECK-NEXT: cgc_op.abs({{.*}}) : (!cgc.tensor<5x!cgc.uint8>){{$}}
    %absu = cgc_op.abs(%u) : (!cgc.tensor<5x!u8>)
    // CHECK-NEXT: cgc_op.neg({{.*}}) : (!cgc.tensor<5x!cgc.int32>){{$}}
    %neg = cgc_op.neg(%i) : (!cgc.tensor<5x!i32>)
    // CHECK-NEXT: cgc_op.sign({{.*}}) : (!cgc.tensor<5x!cgc.int32>){{$}}
    %sign = cgc_op.sign(%i) : (!cgc.tensor<5x!i32>)
    // CHECK-NEXT: cgc_op.ceil
    %ceil = cgc_op.ceil(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.floor
    %floor = cgc_op.floor(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.round({{.*}}) : (!cgc.tensor<4x!cgc.float16>){{$}}
    %round = cgc_op.round(%h) : (!cgc.tensor<4x!f16>)
    // CHECK-NEXT: cgc_op.reciprocal
    %rec = cgc_op.reciprocal(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.sqrt
    %sqrt = cgc_op.sqrt(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.exp
    %exp = cgc_op.exp(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.log
    %log = cgc_op.log(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.erf({{.*}}) : (!cgc.tensor<5x!cgc.int32>){{$}}
    %erf = cgc_op.erf(%i) : (!cgc.tensor<5x!i32>)
    // CHECK-NEXT: cgc_op.sin
    %sin = cgc_op.sin(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.cos
    %cos = cgc_op.cos(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.tan
    %tan = cgc_op.tan(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.asin
    %asin = cgc_op.asin(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.acos
    %acos = cgc_op.acos(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.atan
    %atan = cgc_op.atan(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.sinh
    %sinh = cgc_op.sinh(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.cosh
    %cosh = cgc_op.cosh(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.asinh
    %asinh = cgc_op.asinh(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.acosh
    %acosh = cgc_op.acosh(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.atanh
    %atanh = cgc_op.atanh(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.not({{.*}}) : (!cgc.tensor<2x2x!cgc.bool>){{$}}
    %not = cgc_op.not(%b) : (!cgc.tensor<2x2x!cgc.bool>)
    // Predicates infer bool results.
    // CHECK-NEXT: cgc_op.is_nan({{.*}}) : (!cgc.tensor<2x3x!cgc.float32>)
    %isnan = cgc_op.is_nan(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.is_inf({{.*}}) {detect_negative = false} : (!cgc.tensor<2x3x!cgc.float32>)
    %isinf = cgc_op.is_inf(%x) {detect_negative = false, detect_positive = true} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.softplus
    %softplus = cgc_op.softplus(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.softsign
    %softsign = cgc_op.softsign(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.hard_swish
    %hswish = cgc_op.hard_swish(%x) : (!cgc.tensor<2x3x!f32>)
    // Attributes equal to the ONNX defaults are left out when printing.
    // CHECK-NEXT: cgc_op.elu({{.*}}) {alpha = 2.000000e+00 : f32} : ({{.*}}){{$}}
    %elu = cgc_op.elu(%x) {alpha = 2.0 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.elu({{.*}}) : ({{.*}}){{$}}
    %elud = cgc_op.elu(%x) {alpha = 1.0 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.selu({{.*}}) {gamma = 3.000000e+00 : f32} : ({{.*}}){{$}}
    %selu = cgc_op.selu(%x) {gamma = 3.0 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.leaky_relu({{.*}}) {alpha = 1.000000e-01 : f32}
    %lrelu = cgc_op.leaky_relu(%x) {alpha = 0.1 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.hard_sigmoid({{.*}}) {alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32}
    %hsig = cgc_op.hard_sigmoid(%x) {alpha = 0.5 : f32, beta = 0.6 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.thresholded_relu({{.*}}) : ({{.*}}){{$}}
    %trelu = cgc_op.thresholded_relu(%x) : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.celu({{.*}}) {alpha = 2.000000e+00 : f32}
    %celu = cgc_op.celu(%x) {alpha = 2.0 : f32} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.shrink({{.*}}) {bias = 1.500000e+00 : f32, lambd = 1.000000e+00 : f32} : (!cgc.tensor<5x!cgc.int32>){{$}}
    %shrink = cgc_op.shrink(%i) {bias = 1.5 : f32, lambd = 1.0 : f32} : (!cgc.tensor<5x!i32>)
    // slope 3x1 broadcasts unidirectionally to 1x3x4.
    // CHECK-NEXT: cgc_op.prelu({{.*}}) : (!cgc.tensor<1x3x4x!cgc.float32>, !cgc.tensor<3x1x!cgc.float32>){{$}}
    %prelu = cgc_op.prelu(%n, %s) : (!cgc.tensor<1x3x4x!f32>, !cgc.tensor<3x1x!f32>)
    // CHECK: cgc.return
    // CHECK-SAME: !cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<1x3x4x!cgc.float32>
    cgc.return %isnan, %isinf, %prelu
      : !cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<2x3x!cgc.bool>,
        !cgc.tensor<1x3x4x!f32>
  }
}
