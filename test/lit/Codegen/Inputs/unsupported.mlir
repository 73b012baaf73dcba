// Subgraphs the kernel generator refuses, next to one it accepts.
cgc.module {
  cgc.subgraph @hardmax attributes {origin = "test"} {
    cgc.functional_definition private @hardmaxFunctional(
        %a: !cgc.tensor<2x8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %0 = cgc_op.hardmax(%a) {axis = 1 : i64} : (!cgc.tensor<2x8x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x8x!cgc.float32>
    }
  }
  cgc.subgraph @reluHardmax attributes {origin = "test"} {
    cgc.functional_definition private @reluHardmaxFunctional(
        %a: !cgc.tensor<2x8x!cgc.float32>) -> !cgc.tensor<2x8x!cgc.float32> {
      %0 = cgc_op.relu(%a) : (!cgc.tensor<2x8x!cgc.float32>)
      %1 = cgc_op.hardmax(%0) {axis = 1 : i64} : (!cgc.tensor<2x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x8x!cgc.float32>
    }
  }
  cgc.subgraph @intDiv attributes {origin = "test"} {
    cgc.functional_definition private @intDivFunctional(
        %a: !cgc.tensor<4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32> {
      %0 = cgc_op.div(%a, %b) : (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.int32>
    }
  }
  cgc.subgraph @floatToUint8 attributes {origin = "test"} {
    cgc.functional_definition private @floatToUint8Functional(
        %a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.uint8> {
      %0 = cgc_op.cast(%a) {to = !cgc.uint8} : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.uint8>
    }
  }
  cgc.subgraph @shift attributes {origin = "test"} {
    cgc.functional_definition private @shiftFunctional(
        %a: !cgc.tensor<4x!cgc.uint8>, %b: !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8> {
      %0 = cgc_op.bit_shift(%a, %b) {direction = "LEFT"} : (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>)
      cgc.return %0 : !cgc.tensor<4x!cgc.uint8>
    }
  }
  cgc.subgraph @intPassThrough attributes {origin = "test"} {
    cgc.functional_definition private @intPassThroughFunctional(
        %a: !cgc.tensor<4x!cgc.float32>, %b: !cgc.tensor<4x!cgc.int64>) -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.int64>) {
      %0 = cgc_op.neg(%a) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0, %b : !cgc.tensor<4x!cgc.float32>, !cgc.tensor<4x!cgc.int64>
    }
  }
  cgc.subgraph @neg attributes {origin = "test"} {
    cgc.functional_definition private @negFunctional(
        %a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %0 = cgc_op.neg(%a) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x!cgc.float32>
    }
  }
}
