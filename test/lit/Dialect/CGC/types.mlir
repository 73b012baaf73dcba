// !cgc.tensor / !cgc.memref spelling, every element type, rank 0 and the
// constant qualifier round-trip.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

// CHECK-LABEL: cgc.entry_point @element_types
// CHECK-SAME: !cgc.tensor<2x!cgc.float16>, %{{.*}}: !cgc.tensor<2x!cgc.bfloat16>, %{{.*}}: !cgc.tensor<2x!cgc.float32>, %{{.*}}: !cgc.tensor<2x!cgc.float64>
// CHECK-SAME: !cgc.tensor<2x!cgc.int8>, %{{.*}}: !cgc.tensor<2x!cgc.int16>, %{{.*}}: !cgc.tensor<2x!cgc.int32>, %{{.*}}: !cgc.tensor<2x!cgc.int64>
// CHECK-SAME: !cgc.tensor<2x!cgc.uint8>, %{{.*}}: !cgc.tensor<2x!cgc.uint16>, %{{.*}}: !cgc.tensor<2x!cgc.uint32>, %{{.*}}: !cgc.tensor<2x!cgc.uint64>
// CHECK-SAME: !cgc.tensor<2x!cgc.bool>, %{{.*}}: !cgc.tensor<!cgc.float32>, %{{.*}}: !cgc.tensor<constant 0x3x!cgc.int8>)
cgc.module {
  cgc.entry_point @element_types(
      %f16: !cgc.tensor<2x!cgc.float16>, %bf16: !cgc.tensor<2x!cgc.bfloat16>,
      %f32: !cgc.tensor<2x!cgc.float32>, %f64: !cgc.tensor<2x!cgc.float64>,
      %i8: !cgc.tensor<2x!cgc.int8>, %i16: !cgc.tensor<2x!cgc.int16>,
      %i32: !cgc.tensor<2x!cgc.int32>, %i64: !cgc.tensor<2x!cgc.int64>,
      %u8: !cgc.tensor<2x!cgc.uint8>, %u16: !cgc.tensor<2x!cgc.uint16>,
      %u32: !cgc.tensor<2x!cgc.uint32>, %u64: !cgc.tensor<2x!cgc.uint64>,
      %b: !cgc.tensor<2x!cgc.bool>, %scalar: !cgc.tensor<!cgc.float32>,
      %empty: !cgc.tensor<constant 0x3x!cgc.int8>) {
    cgc.return
  }
}
