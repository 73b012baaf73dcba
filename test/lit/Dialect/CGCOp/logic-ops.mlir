// The logic family: pow, mod, bit_shift, logic and comparison ops,
// max/min/sum/mean, where, clip and cast. Result types are inferred with
// numpy broadcasting; comparisons and logic ops return bool.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
!i32 = !cgc.int32
!u8 = !cgc.uint8
!i1 = !cgc.bool
cgc.module {
  cgc.entry_point @logic(%a: !cgc.tensor<2x3x!f32>, %b: !cgc.tensor<3x!f32>,
                         %c: !cgc.tensor<4x1x1x!f32>, %n: !cgc.tensor<2x3x!i32>,
                         %u: !cgc.tensor<4x!u8>, %p: !cgc.tensor<2x1x!i1>,
                         %q: !cgc.tensor<3x!i1>, %s: !cgc.tensor<!f32>)
      -> (!cgc.tensor<2x3x!f32>, !cgc.tensor<2x3x!i32>) {
    // CHECK: cgc_op.pow({{.*}}) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<2x3x!cgc.int32>){{$}}
    %pow = cgc_op.pow(%a, %n) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<2x3x!i32>)
    // CHECK-NEXT: cgc_op.pow({{.*}}) : (!cgc.tensor<2x3x!cgc.int32>, !cgc.tensor<3x!cgc.float32>){{$}}
    %powi = cgc_op.pow(%n, %b) : (!cgc.tensor<2x3x!i32>, !cgc.tensor<3x!f32>) -> !cgc.tensor<2x3x!i32>
    // CHECK-NEXT: cgc_op.mod({{.*}}) : ({{.*}}){{$}}
    %mod = cgc_op.mod(%n, %n) : (!cgc.tensor<2x3x!i32>, !cgc.tensor<2x3x!i32>)
    // CHECK-NEXT: cgc_op.mod({{.*}}) {fmod = 1 : i64} : ({{.*}}){{$}}
    %fmod = cgc_op.mod(%a, %b) {fmod = 1} : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>)
    // CHECK-NEXT: cgc_op.bit_shift({{.*}}) {direction = "LEFT"} : ({{.*}}){{$}}
    %shl = cgc_op.bit_shift(%u, %u) {direction = "LEFT"} : (!cgc.tensor<4x!u8>, !cgc.tensor<4x!u8>)
    // CHECK-NEXT: cgc_op.and({{.*}}) : ({{.*}}){{$}}
    %and = cgc_op.and(%p, %q) : (!cgc.tensor<2x1x!i1>, !cgc.tensor<3x!i1>) -> !cgc.tensor<2x3x!i1>
    // CHECK-NEXT: cgc_op.or
    %or = cgc_op.or(%p, %q) : (!cgc.tensor<2x1x!i1>, !cgc.tensor<3x!i1>)
    // CHECK-NEXT: cgc_op.xor
    %xor = cgc_op.xor(%p, %q) : (!cgc.tensor<2x1x!i1>, !cgc.tensor<3x!i1>)
    // CHECK-NEXT: cgc_op.equal({{.*}}) : ({{.*}}){{$}}
    %eq = cgc_op.equal(%a, %c) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<4x1x1x!f32>) -> !cgc.tensor<4x2x3x!i1>
    // CHECK-NEXT: cgc_op.equal({{.*}}) : ({{.*}}){{$}}
    %eqb = cgc_op.equal(%p, %q) : (!cgc.tensor<2x1x!i1>, !cgc.tensor<3x!i1>) -> !cgc.tensor<2x3x!i1>
    // CHECK-NEXT: cgc_op.greater
    %gt = cgc_op.greater(%a, %s) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<!f32>) -> !cgc.tensor<2x3x!i1>
    // CHECK-NEXT: cgc_op.greater_or_equal
    %ge = cgc_op.greater_or_equal(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>)
    // CHECK-NEXT: cgc_op.less
    %lt = cgc_op.less(%n, %n) : (!cgc.tensor<2x3x!i32>, !cgc.tensor<2x3x!i32>) -> !cgc.tensor<2x3x!i1>
    // CHECK-NEXT: cgc_op.less_or_equal
    %le = cgc_op.less_or_equal(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>)
    // CHECK-NEXT: cgc_op.max({{.*}}) : ({{.*}}){{$}}
    %max = cgc_op.max(%a, %b, %c) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<4x1x1x!f32>) -> !cgc.tensor<4x2x3x!f32>
    // CHECK-NEXT: cgc_op.min({{.*}}) : (!cgc.tensor<2x3x!cgc.int32>){{$}}
    %min = cgc_op.min(%n) : (!cgc.tensor<2x3x!i32>)
    // CHECK-NEXT: cgc_op.sum
    %sum = cgc_op.sum(%a, %b) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<3x!f32>) -> !cgc.tensor<2x3x!f32>
    // CHECK-NEXT: cgc_op.mean
    %mean = cgc_op.mean(%a, %s) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<!f32>)
    // CHECK-NEXT: cgc_op.where({{.*}}) : ({{.*}}){{$}}
    %where = cgc_op.where(%q, %c, %s) : (!cgc.tensor<3x!i1>, !cgc.tensor<4x1x1x!f32>, !cgc.tensor<!f32>) -> !cgc.tensor<4x1x3x!f32>
    // CHECK-NEXT: cgc_op.clip({{.*}}) {max_value = 6.000000e+00 : f64, min_value = 0.000000e+00 : f64} : ({{.*}}){{$}}
    %clip = cgc_op.clip(%a) {min_value = 0.0 : f64, max_value = 6.0 : f64} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.clip({{.*}}) {min_value = 0.000000e+00 : f64} : ({{.*}}){{$}}
    %clipd = cgc_op.clip(%a, %s) {min_value = 0.0 : f64} : (!cgc.tensor<2x3x!f32>, !cgc.tensor<!f32>)
    // CHECK-NEXT: cgc_op.clip({{.*}}) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.float32>){{$}}
    %clip2 = cgc_op.clip(%a, %s, %s) : (!cgc.tensor<2x3x!f32>, !cgc.tensor<!f32>, !cgc.tensor<!f32>) -> !cgc.tensor<2x3x!f32>
    // CHECK-NEXT: cgc_op.cast({{.*}}) {to = !cgc.float16} : ({{.*}}){{$}}
    %cast = cgc_op.cast(%a) {to = !cgc.float16} : (!cgc.tensor<2x3x!f32>)
    // CHECK-NEXT: cgc_op.cast({{.*}}) {to = !cgc.int32} : ({{.*}}){{$}}
    %casti = cgc_op.cast(%a) {to = !i32} : (!cgc.tensor<2x3x!f32>) -> !cgc.tensor<2x3x!i32>
    cgc.return %clip, %casti : !cgc.tensor<2x3x!f32>, !cgc.tensor<2x3x!i32>
  }
}
