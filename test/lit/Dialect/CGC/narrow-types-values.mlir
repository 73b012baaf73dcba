// ONNX's narrow element types computed on the reference device: cast and
// quantize_linear/dequantize_linear (saturation, NaN/infinity rules, round
// half to even, int4 clamping). Parse/print: narrow-types.mlir. `run` prints
// the first six values; min, max and mean cover the last two.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../CGCOp/Inputs/npy.py %t/x.npy '<f4' 8 0.0625,1.0625,1.1875,464,500,-1e6,1e-9,-0
// RUN: %python %S/../CGCOp/Inputs/npy.py %t/s.npy '<f4' 1 0.5
// RUN: opencgc run %s --device reference --input input0=%t/x.npy \
// RUN:   --input input1=%t/s.npy | FileCheck %s --check-prefix=VALUES

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x!cgc.float32>,
                        %s: !cgc.tensor<1x!cgc.float32>)
      -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.int4>, !cgc.tensor<8x!cgc.float32>,
          !cgc.tensor<8x!cgc.float32>) {
    %e4 = cgc_op.cast(%x) {to = !cgc.float8e4m3fn} : (!cgc.tensor<8x!cgc.float32>)
    // Ties to even (1.0625 -> 1, 1.1875 -> 1.25), 464 is the tie between
    // 448 and 480 (448), out of range saturates, -0 stays -0.
    // VALUES: output0: float32 8  min -448  max 448  mean 56.2891  {{\[}}0.0625, 1, 1.25, 448, 448, -448, ...]
    %e4f = cgc_op.cast(%e4) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e4m3fn>)
    %e5 = cgc_op.cast(%x) {to = !cgc.float8e5m2, saturate = false, round_mode = "nearest"} : (!cgc.tensor<8x!cgc.float32>)
    // Without saturation e5m2 overflows to infinity.
    // VALUES: output1: float32 8  min -inf  max 512  mean -inf  {{\[}}0.0625, 1, 1.25, 448, 512, -inf, ...]
    %e5f = cgc_op.cast(%e5) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e5m2>)
    // The fnuz types have one NaN and no negative zero.
    // VALUES: output2: float32 8  min 0  max 1.25  mean nan  {{\[}}0.0625, 1, 1.25, nan, nan, nan, ...]
    %fnuz = cgc_op.cast(%x) {to = !cgc.float8e4m3fnuz, saturate = false} : (!cgc.tensor<8x!cgc.float32>)
    %fnuzf = cgc_op.cast(%fnuz) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float8e4m3fnuz>)
    // VALUES: output3: float32 8  min -6  max 6  mean 1  {{\[}}0, 1, 1, 6, 6, -6, ...]
    %f4 = cgc_op.cast(%x) {to = !cgc.float4e2m1} : (!cgc.tensor<8x!cgc.float32>)
    %f4f = cgc_op.cast(%f4) {to = !cgc.float32} : (!cgc.tensor<8x!cgc.float4e2m1>)
    // quantize_linear to int4 clamps to [-8, 7]: x / 0.5 rounded half to even.
    // VALUES: output4: int4 8  min -8  max 7  mean 1.25  {{\[}}0, 2, 2, 7, 7, -8, ...]
    %zero = cgc_op.sub(%s, %s) : (!cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float32>)
    %zpv = cgc_op.cast(%zero) {to = !cgc.int4} : (!cgc.tensor<1x!cgc.float32>)
    %q = cgc_op.quantize_linear(%x, %s, %zpv) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.int4>)
    // VALUES: output5: float32 8  min -4  max 3.5  mean 0.625  {{\[}}0, 1, 1, 3.5, 3.5, -4, ...]
    %dq = cgc_op.dequantize_linear(%q, %s, %zpv) : (!cgc.tensor<8x!cgc.int4>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.int4>)
    // float8 quantization: x / scale + 0 converted to e4m3fn, saturating
    // (2.125 is the tie between 2 and 2.25).
    // VALUES: output6: float32 8  min -224  max 224  mean 28.2891  {{\[}}0.0625, 1, 1.25, 224, 224, -224, ...]
    %f8zp = cgc_op.cast(%zpv) {to = !cgc.float8e4m3fn} : (!cgc.tensor<1x!cgc.int4>)
    %q8 = cgc_op.quantize_linear(%x, %s, %f8zp) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float8e4m3fn>)
    %dq8 = cgc_op.dequantize_linear(%q8, %s, %f8zp) : (!cgc.tensor<8x!cgc.float8e4m3fn>, !cgc.tensor<1x!cgc.float32>, !cgc.tensor<1x!cgc.float8e4m3fn>)
    cgc.return %e4f, %e5f, %fnuzf, %f4f, %q, %dq, %dq8 : !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int4>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>
  }
}
