// cgc-form-subgraphs: the test target's declared convolution -> relu -> add
// pattern claims three ops, the reference fallback the sigmoid. Each node
// is recorded in cgc.compilation (its ops by position, its inputs and
// outputs by name), and the subgraph its target accepted sits beside the
// entry point, marked with its node and renamed apart.
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 --cgc-form-subgraphs='target=test declarations=%S/Inputs/conv-relu-add.mlir' %s | FileCheck %s
// RUN: opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 --cgc-form-subgraphs=target=reference %s | FileCheck %s --check-prefix=REFERENCE

// CHECK: cgc.compilation = {alignment = 256 : i64, nodes = [{inputs = ["input0", "w", "b"], ops = array<i64: 2, 3, 4>, outputs = ["add"], pattern = "convReluAdd", target = "driver"}, {inputs = ["add"], ops = array<i64: 5>, outputs = ["output0"], pattern = "op", target = "reference"}], placed = [], stage = "subgraphs formed", targets = ["driver", "reference"], views = []}
// CHECK: cgc.subgraph @node0.convReluAdd attributes {cgc.node = 0 : i64, cgc.pattern = "convReluAdd", cgc.symbol = "convReluAdd", origin = "driver"}
// CHECK:   cgc.functional_definition private @convReluAddFunctional
// CHECK: cgc.subgraph @node1.op attributes {cgc.node = 1 : i64, cgc.pattern = "op", cgc.symbol = "op", origin = "reference"}
// CHECK:   cgc_op.sigmoid

// REFERENCE: targets = ["reference"]
// REFERENCE-COUNT-4: cgc.subgraph @node

// Bad targets fail the pass, naming them; so does skipping a stage.
// RUN: not opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 --cgc-form-subgraphs=target=gpu %s 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown target 'gpu' (known: vulkan, cuda, nvvm-host, dxil-host, d3d12, reference, test)
// RUN: not opencgc-opt --cgc-prepare-entry-point --cgc-place-views=alignment=256 --cgc-form-subgraphs=target=test %s 2>&1 | FileCheck %s --check-prefix=NODECL
// NODECL: error: --target test reads its patterns from --declarations FILE
// RUN: not opencgc-opt --cgc-prepare-entry-point --cgc-form-subgraphs=target=reference %s 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cgc-form-subgraphs needs the entry point views placed (run cgc-place-views first); it is prepared
cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32> {
    %w = cgc.constant("w") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b = cgc.constant("b") : !cgc.tensor<constant 1x!cgc.float32>
    %conv = cgc_op.convolution(%in, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu = cgc_op.relu(%conv) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add = cgc_op.add(%relu, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %sig = cgc_op.sigmoid(%add) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    cgc.return %sig : !cgc.tensor<1x1x4x4x!cgc.float32>
  }
}
