// The specification's Input IR example parses, verifies, prints, and
// round-trips through text and MLIR bytecode unchanged.
// RUN: opencgc-opt %examples/spec-input-ir.mlir > %t.1.mlir
// RUN: opencgc-opt %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: opencgc-opt --emit-bytecode %examples/spec-input-ir.mlir > %t.mlirbc
// RUN: opencgc-opt %t.mlirbc > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: FileCheck %s --input-file=%t.1.mlir

// CHECK-LABEL: cgc.module {
// CHECK:      cgc.entry_point @main(%[[IN:.*]]: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
// CHECK-NEXT:   %w1 = cgc.constant("w1") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
// CHECK-NEXT:   %b2 = cgc.constant("b2") : !cgc.tensor<constant 1x!cgc.float32>
// CHECK-NEXT:   %w2 = cgc.constant("w2") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
// CHECK-NEXT:   %b1 = cgc.constant("b1") : !cgc.tensor<constant 1x!cgc.float32>
// CHECK-NEXT:   %[[CONV1:.*]] = cgc_op.convolution(%[[IN]], %w1, %b1) {end_padding = [1, 1], start_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>){{$}}
// CHECK-NEXT:   %[[RELU1:.*]] = cgc_op.relu(%[[CONV1]]) : (!cgc.tensor<1x1x4x4x!cgc.float32>){{$}}
// CHECK-NEXT:   %[[ADD1:.*]] = cgc_op.add(%[[RELU1]], %[[IN]])
// CHECK-NEXT:   %[[CONV2:.*]] = cgc_op.convolution(%[[ADD1]], %w2, %b2)
// CHECK-NEXT:   %[[RELU2:.*]] = cgc_op.relu(%[[CONV2]])
// CHECK-NEXT:   %[[ADD2:.*]] = cgc_op.add(%[[RELU2]], %[[ADD1]])
// CHECK-NEXT:   %[[UP:.*]] = cgc_op.upsample(%[[ADD2]]) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>){{$}}
// CHECK-NEXT:   cgc.return %[[UP]] : !cgc.tensor<1x1x8x8x!cgc.float32>
// CHECK-NEXT: }
// CHECK-NEXT: }
