// Indexing ops: parse, infer (explicit result types are checked against
// inference by the verifier) and print without inferred types.
// RUN: opencgc-opt %s | FileCheck %s
// RUN: opencgc-opt %s | opencgc-opt | FileCheck %s

!f32 = !cgc.float32
!i64 = !cgc.int64
cgc.module {
  cgc.entry_point @indexing(%x: !cgc.tensor<20x10x5x!f32>,
                            %m: !cgc.tensor<3x4x!f32>,
                            %idx: !cgc.tensor<2x3x!i64>,
                            %upd: !cgc.tensor<2x3x!f32>,
                            %tup: !cgc.tensor<2x1x!i64>,
                            %pv: !cgc.tensor<!f32>,
                            %col: !cgc.tensor<3x1x!f32>,
                            %oh: !cgc.tensor<2x!f32>,
                            %rows: !cgc.tensor<2x4x!f32>) {
    // Slice clamps out-of-range bounds and supports negative steps.
    // CHECK: cgc_op.slice({{.*}}) {axes = [0, 1], ends = [3, 10], starts = [0, 0]} : ({{.*}}){{$}}
    %s0 = cgc_op.slice(%x) {starts = [0, 0], ends = [3, 10], axes = [0, 1]} : (!cgc.tensor<20x10x5x!f32>) -> !cgc.tensor<3x10x5x!f32>
    // CHECK-NEXT: cgc_op.slice({{.*}}) {axes = [-1], ends = [-1000], starts = [100], steps = [-2]} : ({{.*}}){{$}}
    %s1 = cgc_op.slice(%x) {starts = [100], ends = [-1000], axes = [-1], steps = [-2]} : (!cgc.tensor<20x10x5x!f32>) -> !cgc.tensor<20x10x3x!f32>
    // CHECK-NEXT: %split, %{{.*}}, %{{.*}} = cgc_op.split({{.*}}) {axis = 1 : i64, split = [1, 0, 3]} : ({{.*}}){{$}}
    %p:3 = cgc_op.split(%m) {axis = 1, split = [1, 0, 3]} : (!cgc.tensor<3x4x!f32>) -> !cgc.tensor<3x1x!f32>, !cgc.tensor<3x0x!f32>, !cgc.tensor<3x3x!f32>
    // CHECK-NEXT: cgc_op.gather({{.*}}) {axis = 1 : i64} : ({{.*}}){{$}}
    %g = cgc_op.gather(%x, %idx) {axis = 1} : (!cgc.tensor<20x10x5x!f32>, !cgc.tensor<2x3x!i64>) -> !cgc.tensor<20x2x3x5x!f32>
    // CHECK-NEXT: cgc_op.gather_elements({{.*}}) : ({{.*}}){{$}}
    %ge = cgc_op.gather_elements(%m, %idx) : (!cgc.tensor<3x4x!f32>, !cgc.tensor<2x3x!i64>) -> !cgc.tensor<2x3x!f32>
    // CHECK-NEXT: cgc_op.gather_nd({{.*}}) {batch_dims = 1 : i64} : ({{.*}}){{$}}
    %gn = cgc_op.gather_nd(%idx, %tup) {batch_dims = 1} : (!cgc.tensor<2x3x!i64>, !cgc.tensor<2x1x!i64>) -> !cgc.tensor<2x!i64>
    // CHECK-NEXT: cgc_op.scatter_elements({{.*}}) {axis = 1 : i64, reduction = "add"} : ({{.*}}){{$}}
    %se = cgc_op.scatter_elements(%m, %idx, %upd) {axis = 1, reduction = "add"} : (!cgc.tensor<3x4x!f32>, !cgc.tensor<2x3x!i64>, !cgc.tensor<2x3x!f32>) -> !cgc.tensor<3x4x!f32>
    // CHECK-NEXT: cgc_op.scatter_nd({{.*}}) : ({{.*}}){{$}}
    %sn = cgc_op.scatter_nd(%m, %tup, %rows) : (!cgc.tensor<3x4x!f32>, !cgc.tensor<2x1x!i64>, !cgc.tensor<2x4x!f32>) -> !cgc.tensor<3x4x!f32>
    // CHECK-NEXT: cgc_op.pad({{.*}}) {pads = [1, -1, 0, 2]} : ({{.*}}){{$}}
    %pd = cgc_op.pad(%m, %pv) {pads = [1, -1, 0, 2]} : (!cgc.tensor<3x4x!f32>, !cgc.tensor<!f32>) -> !cgc.tensor<4x5x!f32>
    // CHECK-NEXT: cgc_op.pad({{.*}}) {mode = "reflect", pads = [2, 0, 0, 3]} : ({{.*}}){{$}}
    %pr = cgc_op.pad(%m) {mode = "reflect", pads = [2, 0, 0, 3]} : (!cgc.tensor<3x4x!f32>) -> !cgc.tensor<5x7x!f32>
    // CHECK-NEXT: cgc_op.expand({{.*}}) {shape = [2, 1, 6]} : ({{.*}}){{$}}
    %ex = cgc_op.expand(%col) {shape = [2, 1, 6]} : (!cgc.tensor<3x1x!f32>) -> !cgc.tensor<2x3x6x!f32>
    // CHECK-NEXT: cgc_op.tile({{.*}}) {repeats = [2, 0]} : ({{.*}}){{$}}
    %tl = cgc_op.tile(%m) {repeats = [2, 0]} : (!cgc.tensor<3x4x!f32>) -> !cgc.tensor<6x0x!f32>
    // CHECK-NEXT: cgc_op.one_hot({{.*}}) {axis = 0 : i64, depth = 7 : i64} : ({{.*}}){{$}}
    %o = cgc_op.one_hot(%idx, %oh) {depth = 7, axis = 0} : (!cgc.tensor<2x3x!i64>, !cgc.tensor<2x!f32>) -> !cgc.tensor<7x2x3x!f32>
    // CHECK-NEXT: cgc_op.trilu({{.*}}) {k = -1 : i64, upper = false} : ({{.*}}){{$}}
    %t = cgc_op.trilu(%m) {upper = false, k = -1} : (!cgc.tensor<3x4x!f32>) -> !cgc.tensor<3x4x!f32>
    cgc.return
  }
}
