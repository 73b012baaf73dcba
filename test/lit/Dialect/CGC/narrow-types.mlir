// ONNX's narrow element types (float8, float4e2m1, int4/uint4, int2/uint2):
// spelling round-trip. Their values on the reference device are checked in
// narrow-types-values.mlir (`run` takes modules with one entry point).
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

// CHECK-LABEL: cgc.entry_point @main
// CHECK-SAME: !cgc.tensor<8x!cgc.float32>, %{{.*}}: !cgc.tensor<1x!cgc.float32>
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x!cgc.float32>,
                        %s: !cgc.tensor<1x!cgc.float32>)
      -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.int4>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.float32>) {
    // CHECK: cgc_op.cast(%{{.*}}) {to = !cgc.float8e4m3fn} : (!cgc.tensor<8x!cgc.float32>){{$}}
    %e4 = cgc_op.cast(%x) {to = !cgc.float8e4m3fn} : (!cgc.tensor<8x!cgc.float32>)
    // Ties to even (1.0625 -> 1, 1.1875 -> 1.25), 464 is the tie between
    // 448 and 480 (448), out of range saturates, -0 stays -0.
    %e4f = cgc_op.cast(%e4) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e4m3fn>)
    // CHECK: cgc_op.cast(%{{.*}}) {round_mode = "nearest", saturate = false, to = !cgc.float8e5m2}
    %e5 = cgc_op.cast(%x) {to = !cgc.float8e5m2, saturate = false, round_mode = "nearest"} : (!cgc.tensor<8x!cgc.float32>)
    // Without saturation e5m2 overflows to infinity.
    %e5f = cgc_op.cast(%e5) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e5m2>)
    // The fnuz types have one NaN and no negative zero.
    %fnuz = cgc_op.cast(%x) {to = !cgc.float8e4m3fnuz, saturate = false} : (!cgc.tensor<8x!cgc.float32>)
    %fnuzf = cgc_op.cast(%fnuz) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e4m3fnuz>)
    %f4 = cgc_op.cast(%x) {to = !cgc.float4e2m1} : (!cgc.tensor<8x!cgc.float32>)
    %f4f = cgc_op.cast(%f4) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float4e2m1>)
    // quantize_linear to int4 clamps to [-8, 7]: x / 0.5 rounded half to even.
    // CHECK: cgc_op.quantize_linear({{.*}}) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.int4>){{$}}
    %zero = cgc_op.sub(%s, %s) : (!cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float32>)
    %zpv = cgc_op.cast(%zero) {to = !cgc.int4} : (!cgc.tensor<1x!cgc.float32>)
    %q = cgc_op.quantize_linear(%x, %s, %zpv) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.int4>)
    %dq = cgc_op.dequantize_linear(%q, %s, %zpv) : (!cgc.tensor<8x!cgc.int4>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.int4>)
    // float8 quantization: x / scale + 0 converted to e4m3fn, saturating
    // (2.125 is the tie between 2 and 2.25).
    %f8zp = cgc_op.cast(%zpv) {to = !cgc.float8e4m3fn} : (!cgc.tensor<1x!cgc.int4>)
    %q8 = cgc_op.quantize_linear(%x, %s, %f8zp) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float8e4m3fn>)
    %dq8 = cgc_op.dequantize_linear(%q8, %s, %f8zp) : (!cgc.tensor<8x!cgc.float8e4m3fn>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float8e4m3fn>)
    cgc.return %e4f, %e5f, %fnuzf, %f4f, %q, %dq, %dq8 : !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int4>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>
  }

  // CHECK-LABEL: cgc.entry_point @element_types
  // CHECK-SAME: !cgc.tensor<2x!cgc.float8e4m3fn>, %{{.*}}: !cgc.tensor<2x!cgc.float8e4m3fnuz>, %{{.*}}: !cgc.tensor<2x!cgc.float8e5m2>, %{{.*}}: !cgc.tensor<2x!cgc.float8e5m2fnuz>
  // CHECK-SAME: !cgc.tensor<2x!cgc.float8e8m0>, %{{.*}}: !cgc.tensor<3x!cgc.float4e2m1>, %{{.*}}: !cgc.tensor<3x!cgc.int4>, %{{.*}}: !cgc.tensor<3x!cgc.uint4>
  // CHECK-SAME: !cgc.tensor<5x!cgc.int2>, %{{.*}}: !cgc.tensor<5x!cgc.uint2>)
  cgc.entry_point @element_types(
      %a: !cgc.tensor<2x!cgc.float8e4m3fn>, %b: !cgc.tensor<2x!cgc.float8e4m3fnuz>,
      %c: !cgc.tensor<2x!cgc.float8e5m2>, %d: !cgc.tensor<2x!cgc.float8e5m2fnuz>,
      %e: !cgc.tensor<2x!cgc.float8e8m0>, %f: !cgc.tensor<3x!cgc.float4e2m1>,
      %g: !cgc.tensor<3x!cgc.int4>, %h: !cgc.tensor<3x!cgc.uint4>,
      %i: !cgc.tensor<5x!cgc.int2>, %j: !cgc.tensor<5x!cgc.uint2>) {
    cgc.return
  }
}
