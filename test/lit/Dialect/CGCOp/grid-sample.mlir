// GridSample: the output takes the grid's spatial shape.
// RUN: opencgc-opt %s | FileCheck %s

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x3x4x4x!cgc.float32>, %g: !cgc.tensor<1x6x5x2x!cgc.float32>)
      -> !cgc.tensor<1x3x6x5x!cgc.float32> {
    // CHECK: cgc_op.grid_sample(%{{.*}}, %{{.*}}) {align_corners = true, mode = "bicubic", padding_mode = "reflection"} : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x6x5x2x!cgc.float32>){{$}}
    %r = cgc_op.grid_sample(%x, %g) {mode = "bicubic", padding_mode = "reflection", align_corners = true} : (!cgc.tensor<1x3x4x4x!cgc.float32>, !cgc.tensor<1x6x5x2x!cgc.float32>)
    cgc.return %r : !cgc.tensor<1x3x6x5x!cgc.float32>
  }
}
