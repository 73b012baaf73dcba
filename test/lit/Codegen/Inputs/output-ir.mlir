// Output IR written by `opencgc compile model.mlir -o DIR --emit=output-ir` for
// add(x, y) -> sigmoid -> softmax, y broadcast over the rows (reference
// target: one subgraph per op).
cgc.module {
  cgc.subgraph @add attributes {origin = "reference"} {
    cgc.functional_definition private @addFunctional(%arg0: !cgc.tensor<2x8x!cgc.float32>, %arg1: !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %add = cgc_op.add(%arg0, %arg1) : (!cgc.tensor<2x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>)
      cgc.return %add : !cgc.tensor<2x8x!cgc.float32>
    }
  }
  cgc.subgraph @sigmoid attributes {origin = "reference"} {
    cgc.functional_definition private @sigmoidFunctional(%arg0: !cgc.tensor<2x8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %sigmoid = cgc_op.sigmoid(%arg0) : (!cgc.tensor<2x8x!cgc.float32>)
      cgc.return %sigmoid : !cgc.tensor<2x8x!cgc.float32>
    }
  }
  cgc.subgraph @softmax attributes {origin = "reference"} {
    cgc.functional_definition private @softmaxFunctional(%arg0: !cgc.tensor<2x8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %softmax = cgc_op.softmax(%arg0) {axis = 1 : i64} : (!cgc.tensor<2x8x!cgc.float32>)
      cgc.return %softmax : !cgc.tensor<2x8x!cgc.float32>
    }
  }
  cgc.partition @fallbackPartition(%arg0: !cgc.memref<2x8x!cgc.float32>, %arg1: !cgc.memref<8x!cgc.float32>, %arg2: !cgc.memref<2x8x!cgc.float32>, %arg3: !cgc.memref<2x8x!cgc.float32>, %arg4: !cgc.memref<2x8x!cgc.float32>) {
    cgc.invoke @add(%arg0, %arg1, %arg3) {cgc.depends = array<i64>} : (!cgc.memref<2x8x!cgc.float32>, !cgc.memref<8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>)
    cgc.invoke @sigmoid(%arg3, %arg4) {cgc.depends = array<i64: 0>} : (!cgc.memref<2x8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>)
    cgc.invoke @softmax(%arg4, %arg2) {cgc.depends = array<i64: 1>} : (!cgc.memref<2x8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>)
    cgc.return
  }
  cgc.program @main(%arg0: !cgc.memref<2x8x!cgc.float32> {cgc.name = "input0", cgc.role = "input"}, %arg1: !cgc.memref<8x!cgc.float32> {cgc.name = "input1", cgc.role = "input"}, %arg2: !cgc.memref<2x8x!cgc.float32> {cgc.name = "output0", cgc.role = "output"}, %arg3: !cgc.memref<64x!cgc.int8> {cgc.name = "scratch", cgc.role = "scratch"}) {
    %0 = cgc.view_memref %arg3[0] : !cgc.memref<64x!cgc.int8> to !cgc.memref<2x8x!cgc.float32>
    %1 = cgc.view_memref %arg3[0] : !cgc.memref<64x!cgc.int8> to !cgc.memref<2x8x!cgc.float32>
    cgc.invoke @fallbackPartition(%arg0, %arg1, %arg2, %0, %1) {cgc.depends = array<i64>} : (!cgc.memref<2x8x!cgc.float32>, !cgc.memref<8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>, !cgc.memref<2x8x!cgc.float32>)
    cgc.return
  }
}
