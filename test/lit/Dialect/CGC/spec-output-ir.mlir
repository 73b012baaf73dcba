// The specification's Output IR example parses, verifies, prints, and
// round-trips through text and MLIR bytecode unchanged.
// RUN: opencgc-opt %examples/spec-output-ir.mlir > %t.1.mlir
// RUN: opencgc-opt %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: opencgc-opt --emit-bytecode %examples/spec-output-ir.mlir > %t.mlirbc
// RUN: opencgc-opt %t.mlirbc > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: FileCheck %s --input-file=%t.1.mlir

// CHECK-LABEL: cgc.module {
// CHECK:      cgc.subgraph @convReluAdd attributes {origin = "driverTarget"} {
// CHECK-NEXT:   cgc.functional_definition private @convReluAddFunctional(%{{.*}}: !cgc.tensor<1x1x4x4x!cgc.float32>, %{{.*}}: !cgc.tensor<constant 1x1x3x3x!cgc.float32>, %{{.*}}: !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32> {
// CHECK-NEXT:     cgc_op.convolution
// CHECK-NEXT:     cgc_op.relu
// CHECK-NEXT:     cgc_op.add
// CHECK-NEXT:     cgc.return
// CHECK:      cgc.partition @driverPartition(%[[IN:[^:]*]]: !cgc.memref<1x1x4x4x!cgc.float32>, %[[W1:[^:]*]]: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %[[B1:[^:]*]]: !cgc.memref<constant 1x!cgc.float32>, %[[W2:[^:]*]]: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %[[B2:[^:]*]]: !cgc.memref<constant 1x!cgc.float32>, %[[OUT:[^:]*]]: !cgc.memref<1x1x4x4x!cgc.float32>, %[[SCRATCH:[^:]*]]: !cgc.memref<1x1x4x4x!cgc.float32>) {
// CHECK-NEXT:   cgc.invoke @convReluAdd(%[[IN]], %[[W1]], %[[B1]], %[[SCRATCH]])
// CHECK-NEXT:   cgc.invoke @convReluAdd(%[[SCRATCH]], %[[W2]], %[[B2]], %[[OUT]])
// CHECK-NEXT:   cgc.return
// CHECK:      cgc.subgraph @upsample attributes {origin = "fallbackTarget"} {
// CHECK-NEXT:   cgc.functional_definition private @upsampleFunctional(%{{.*}}: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
// CHECK-NEXT:     cgc_op.upsample2d(%{{.*}}) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>){{$}}
// CHECK:      cgc.partition @fallbackPartition(
// CHECK:      cgc.program @main(%[[PIN:[^:]*]]: !cgc.memref<1x1x4x4x!cgc.float32>, %[[POUT:[^:]*]]: !cgc.memref<1x1x8x8x!cgc.float32>, %[[PSCRATCH:[^:]*]]: !cgc.memref<128x!cgc.int8>) {
// CHECK:        %[[V0:.*]] = cgc.view_memref %[[PSCRATCH]][0] : !cgc.memref<128x!cgc.int8> to !cgc.memref<1x1x4x4x!cgc.float32>
// CHECK-NEXT:   %[[V1:.*]] = cgc.view_memref %[[PSCRATCH]][64] : !cgc.memref<128x!cgc.int8> to !cgc.memref<1x1x4x4x!cgc.float32>
// CHECK-NEXT:   cgc.invoke @driverPartition(%[[PIN]], %w1, %b1, %w2, %b2, %[[V0]], %[[V1]])
// CHECK-NEXT:   cgc.invoke @fallbackPartition(%[[V0]], %[[POUT]])
// CHECK-NEXT:   cgc.return
