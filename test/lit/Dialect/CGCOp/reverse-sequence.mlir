// ReverseSequence keeps the input's type.
// RUN: opencgc-opt %s | FileCheck %s

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x3x2x!cgc.float32>, %lens: !cgc.tensor<3x!cgc.int64>)
      -> !cgc.tensor<4x3x2x!cgc.float32> {
    // CHECK: cgc_op.reverse_sequence(%{{.*}}, %{{.*}}) : (!cgc.tensor<4x3x2x!cgc.float32>, !cgc.tensor<3x!cgc.int64>){{$}}
    %r = cgc_op.reverse_sequence(%x, %lens) {batch_axis = 1, time_axis = 0} : (!cgc.tensor<4x3x2x!cgc.float32>, !cgc.tensor<3x!cgc.int64>)
    cgc.return %r : !cgc.tensor<4x3x2x!cgc.float32>
  }
}
