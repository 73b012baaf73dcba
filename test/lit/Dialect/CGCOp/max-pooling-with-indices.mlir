// MaxPool's Indices output: a second, int64 result of the pooled shape.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x8x8x!cgc.float32>)
      -> (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x3x4x4x!cgc.int64>) {
    // CHECK: %{{.*}}, %{{.*}} = cgc_op.max_pooling_with_indices(%{{.*}}) {storage_order = 1 : i64, strides = [2, 2], window_size = [2, 2]} : (!cgc.tensor<1x3x8x8x!cgc.float32>){{$}}
    %v, %i = cgc_op.max_pooling_with_indices(%x) {window_size = [2, 2], strides = [2, 2], storage_order = 1} : (!cgc.tensor<1x3x8x8x!cgc.float32>)
    cgc.return %v, %i : !cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x3x4x4x!cgc.int64>
  }
}
