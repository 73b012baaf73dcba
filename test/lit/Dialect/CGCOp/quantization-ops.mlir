// Quantized layers: result element types follow the zero points (uint8,
// int8) or are int32 for integer products; shapes follow matmul/conv rules.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
!u8 = !cgc.uint8
!i8 = !cgc.int8
cgc.module {
  cgc.entry_point @quantized(%x: !cgc.tensor<1x3x4x4x!f32>, %s: !cgc.tensor<!f32>,
                             %zp: !cgc.tensor<!u8>, %cs: !cgc.tensor<3x!f32>,
                             %czp: !cgc.tensor<3x!i8>, %a: !cgc.tensor<2x4x!u8>,
                             %b: !cgc.tensor<4x3x!u8>, %qx: !cgc.tensor<1x3x4x4x!u8>,
                             %w: !cgc.tensor<2x3x3x3x!u8>, %bias: !cgc.tensor<2x!cgc.int32>)
      -> (!cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<1x3x4x4x!i8>, !cgc.tensor<1x3x4x4x!f32>,
          !cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<!f32>, !cgc.tensor<2x3x!cgc.int32>,
          !cgc.tensor<1x2x1x1x!cgc.int32>, !cgc.tensor<2x3x!u8>, !cgc.tensor<1x2x4x4x!u8>) {
    // CHECK: cgc_op.quantize_linear({{.*}}) : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.uint8>){{$}}
    %q = cgc_op.quantize_linear(%x, %s, %zp) : (!cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<!f32>, !cgc.tensor<!u8>)
    // Per-channel along axis 1 with int8 zero points.
    %qc = cgc_op.quantize_linear(%x, %cs, %czp) : (!cgc.tensor<1x3x4x4x!f32>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!i8>)
    %dq = cgc_op.dequantize_linear(%qc, %cs, %czp) : (!cgc.tensor<1x3x4x4x!i8>, !cgc.tensor<3x!f32>, !cgc.tensor<3x!i8>)
    // CHECK: cgc_op.dynamic_quantize_linear
    %y, %ys, %yzp = cgc_op.dynamic_quantize_linear(%x) : (!cgc.tensor<1x3x4x4x!f32>)
    %mi = cgc_op.matmul_integer(%a, %b, %zp, %zp) : (!cgc.tensor<2x4x!u8>, !cgc.tensor<4x3x!u8>, !cgc.tensor<!u8>, !cgc.tensor<!u8>)
    // CHECK: cgc_op.conv_integer({{.*}}) {strides = [2, 2]}
    %ci = cgc_op.conv_integer(%qx, %w, %zp, %zp) {strides = [2, 2]} : (!cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<2x3x3x3x!u8>, !cgc.tensor<!u8>, !cgc.tensor<!u8>)
    %qm = cgc_op.qlinear_matmul(%a, %s, %zp, %b, %s, %zp, %s, %zp) : (!cgc.tensor<2x4x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<4x3x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>)
    %qc2 = cgc_op.qlinear_conv(%qx, %s, %zp, %w, %s, %zp, %s, %zp, %bias) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<2x3x3x3x!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<!f32>, !cgc.tensor<!u8>, !cgc.tensor<2x!cgc.int32>)
    // CHECK: cgc.return
    cgc.return %q, %qc, %dq, %y, %ys, %mi, %ci, %qm, %qc2
      : !cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<1x3x4x4x!i8>, !cgc.tensor<1x3x4x4x!f32>,
        !cgc.tensor<1x3x4x4x!u8>, !cgc.tensor<!f32>, !cgc.tensor<2x3x!cgc.int32>,
        !cgc.tensor<1x2x1x1x!cgc.int32>, !cgc.tensor<2x3x!u8>, !cgc.tensor<1x2x4x4x!u8>
  }
}
