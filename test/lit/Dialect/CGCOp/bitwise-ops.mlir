// BitwiseAnd/Or/Xor/Not (logic family, opset 18), BitCast (26) and CumProd
// (26, reduction family): parse, inferred types and the reference kernels.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py %t/a.npy '<i4' 3 12,-1,5
// RUN: %python %S/Inputs/npy.py %t/b.npy '<i4' 3 10,3,0
// RUN: %python %S/Inputs/npy.py %t/c.npy '|u1' 2x1 240,15
// RUN: %python %S/Inputs/npy.py %t/d.npy '|u1' 3 255,60,1
// RUN: %python %S/Inputs/npy.py %t/e.npy '<f4' 3 1,2,3
// RUN: opencgc run %s --device reference --input input0=%t/a.npy \
// RUN:   --input input1=%t/b.npy --input input2=%t/c.npy \
// RUN:   --input input3=%t/d.npy --input input4=%t/e.npy | FileCheck %s --check-prefix=VALUES

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<3x!cgc.int32>, %b: !cgc.tensor<3x!cgc.int32>,
                        %c: !cgc.tensor<2x1x!cgc.uint8>, %d: !cgc.tensor<3x!cgc.uint8>,
                        %e: !cgc.tensor<3x!cgc.float32>)
      -> (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>,
          !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>,
          !cgc.tensor<2x3x!cgc.uint8>, !cgc.tensor<3x!cgc.int32>,
          !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.float32>) {
    // CHECK: cgc_op.bitwise_and({{.*}}) : (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>){{$}}
    // VALUES: output0: int32 3 {{.*}} [8, 3, 0]
    %and = cgc_op.bitwise_and(%a, %b) : (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>)
    // VALUES: output1: int32 3 {{.*}} [14, -1, 5]
    %or = cgc_op.bitwise_or(%a, %b) : (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>)
    // VALUES: output2: int32 3 {{.*}} [6, -4, 5]
    %xor = cgc_op.bitwise_xor(%a, %b) : (!cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>)
    // CHECK: cgc_op.bitwise_not({{.*}}) : (!cgc.tensor<3x!cgc.int32>){{$}}
    // VALUES: output3: int32 3 {{.*}} [-13, 0, -6]
    %not = cgc_op.bitwise_not(%a) : (!cgc.tensor<3x!cgc.int32>)
    // VALUES: output4: uint8 2x3 {{.*}} [240, 48, 0, 15, 12, 1]
    %bc = cgc_op.bitwise_and(%c, %d) : (!cgc.tensor<2x1x!cgc.uint8>, !cgc.tensor<3x!cgc.uint8>)
    // 1.0, 2.0 and 3.0 as float32 bits: 1065353216, 1073741824, 1077936128.
    // CHECK: cgc_op.bitcast({{.*}}) {to = !cgc.int32} : (!cgc.tensor<3x!cgc.float32>){{$}}
    // VALUES: output5: int32 3 {{.*}} [1.06535e+09, 1.07374e+09, 1.07794e+09]
    %bits = cgc_op.bitcast(%e) {to = !cgc.int32} : (!cgc.tensor<3x!cgc.float32>)
    // Exclusive products of [12, -1, 5] from the end: -1 * 5, 5, 1.
    // CHECK: cgc_op.cum_prod({{.*}}) {axis = 0 : i64, exclusive = true, reverse = true}
    // VALUES: output6: int32 3 {{.*}} [-5, 5, 1]
    %prod = cgc_op.cum_prod(%a) {axis = 0, exclusive = true, reverse = true} : (!cgc.tensor<3x!cgc.int32>)
    // VALUES: output7: float32 3 {{.*}} [1, 2, 6]
    %fprod = cgc_op.cum_prod(%e) {axis = -1} : (!cgc.tensor<3x!cgc.float32>)
    cgc.return %and, %or, %xor, %not, %bc, %bits, %prod, %fprod : !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<2x3x!cgc.uint8>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>, !cgc.tensor<3x!cgc.float32>
  }
}
