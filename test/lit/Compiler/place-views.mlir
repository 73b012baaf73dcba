// cgc-place-views: a reshape of an intermediate becomes a view of its
// source; a concat whose slices are contiguous and aligned has its inputs
// written in place. Both are recorded in the entry point's cgc.compilation
// attribute, with the resolved alignment, for the passes after it.
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 %s | FileCheck %s
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views='alignment=256 reshape-views=false place-concat-inputs=false' %s | FileCheck %s --check-prefix=NONE
// Without an alignment, the targets' binding alignment (256 without any).
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views=target=reference %s | FileCheck %s --check-prefix=RESOLVED

// %f ("reshape") views %r's bytes ("relu_1"); %c's inputs %a ("relu") and
// %b ("neg") live at bytes 0 and 256 of it. The placed ops are the reshape
// and the concat, by position in the body.
// CHECK: cgc.compilation = {alignment = 256 : i64, placed = [3, 6], stage = "views placed", views = {{\[}}["neg", "concat", 256], ["relu", "concat", 0], ["reshape", "relu_1", 0]]}
// NONE: cgc.compilation = {alignment = 256 : i64, placed = [], stage = "views placed", views = []}
// RESOLVED: cgc.compilation = {alignment = 256 : i64,

// The stage before must have run, and only once; a bad alignment is named.
// RUN: not opencgc-opt --cgc-place-views=alignment=256 %s 2>&1 | FileCheck %s --check-prefix=UNPREPARED
// UNPREPARED: error: cgc-place-views needs the entry point prepared (run cgc-prepare-entry-point first); it is input
// RUN: not opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 --cgc-place-views=alignment=256 %s 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: cgc-place-views ran already: the entry point's state is 'views placed'
// RUN: not opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=48 %s 2>&1 | FileCheck %s --check-prefix=ALIGNMENT
// ALIGNMENT: error: --alignment must be a power of two, not 48
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x64x!cgc.float32>) -> (!cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<64x!cgc.float32>) {
    %a = cgc_op.relu(%x) : (!cgc.tensor<1x64x!cgc.float32>)
    %b = cgc_op.neg(%x) : (!cgc.tensor<1x64x!cgc.float32>)
    %r = cgc_op.relu(%x) : (!cgc.tensor<1x64x!cgc.float32>)
    %f = cgc_op.reshape(%r) {shape = [64]} : (!cgc.tensor<1x64x!cgc.float32>)
    %n = cgc_op.neg(%f) : (!cgc.tensor<64x!cgc.float32>)
    %t = cgc_op.sigmoid(%n) : (!cgc.tensor<64x!cgc.float32>)
    %c = cgc_op.concat(%a, %b) {axis = 1 : i64} : (!cgc.tensor<1x64x!cgc.float32>, !cgc.tensor<1x64x!cgc.float32>)
    %s = cgc_op.sigmoid(%c) : (!cgc.tensor<1x128x!cgc.float32>)
    cgc.return %s, %t : !cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<64x!cgc.float32>
  }
}
