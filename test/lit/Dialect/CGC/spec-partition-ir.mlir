// The specification's isolated partition parses, verifies, prints, and
// round-trips through text and MLIR bytecode unchanged.
// RUN: opencgc-opt %examples/spec-partition-ir.mlir > %t.1.mlir
// RUN: opencgc-opt %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: opencgc-opt --emit-bytecode %examples/spec-partition-ir.mlir > %t.mlirbc
// RUN: opencgc-opt %t.mlirbc > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: FileCheck %s --input-file=%t.1.mlir

// CHECK-LABEL: cgc.module {
// CHECK-NEXT: cgc.subgraph @convReluAdd attributes {origin = "ihv.driver"} {
// CHECK-NEXT:   cgc.functional_definition private @convReluAddFunctional(
// CHECK:      cgc.partition @driverPartition(
// CHECK-COUNT-2: cgc.invoke @convReluAdd(
// CHECK-NEXT: cgc.return
// CHECK-NOT:  cgc.program
