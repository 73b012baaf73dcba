// Hand-written Partition IR with elementwise subgraphs for the code
// generation tests: plain, broadcasting, multi-output, float16 and bool.
cgc.module {
  cgc.subgraph @add attributes {origin = "test"} {
    cgc.functional_definition private @addFunctional(
        %a: !cgc.tensor<1x4x!cgc.float32>,
        %b: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<1x4x!cgc.float32>, !cgc.tensor<1x4x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x4x!cgc.float32>
    }
  }
  cgc.subgraph @broadcastMulRelu attributes {origin = "test"} {
    cgc.functional_definition private @broadcastMulReluFunctional(
        %a: !cgc.tensor<2x3x4x!cgc.float32>,
        %b: !cgc.tensor<3x1x!cgc.float32>) -> !cgc.tensor<2x3x4x!cgc.float32> {
      %0 = cgc_op.mul(%a, %b) : (!cgc.tensor<2x3x4x!cgc.float32>, !cgc.tensor<3x1x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<2x3x4x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<2x3x4x!cgc.float32>
    }
  }
  cgc.subgraph @multiOutput attributes {origin = "test"} {
    cgc.functional_definition private @multiOutputFunctional(
        %a: !cgc.tensor<4x!cgc.float32>,
        %b: !cgc.tensor<3x4x!cgc.float32>) -> (!cgc.tensor<4x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>) {
      %0 = cgc_op.exp(%a) : (!cgc.tensor<4x!cgc.float32>)
      %1 = cgc_op.sub(%b, %0) : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>)
      cgc.return %0, %1 : !cgc.tensor<4x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>
    }
  }
  cgc.subgraph @halfWhere attributes {origin = "test"} {
    cgc.functional_definition private @halfWhereFunctional(
        %a: !cgc.tensor<8x!cgc.float16>,
        %b: !cgc.tensor<8x!cgc.float16>) -> (!cgc.tensor<8x!cgc.float16>, !cgc.tensor<8x!cgc.bool>) {
      %0 = cgc_op.greater(%a, %b) : (!cgc.tensor<8x!cgc.float16>, !cgc.tensor<8x!cgc.float16>)
      %1 = cgc_op.where(%0, %a, %b) : (!cgc.tensor<8x!cgc.bool>, !cgc.tensor<8x!cgc.float16>, !cgc.tensor<8x!cgc.float16>)
      cgc.return %1, %0 : !cgc.tensor<8x!cgc.float16>, !cgc.tensor<8x!cgc.bool>
    }
  }
  cgc.subgraph @addRows attributes {origin = "test"} {
    cgc.functional_definition private @addRowsFunctional(
        %a: !cgc.tensor<4x64x!cgc.float32>,
        %b: !cgc.tensor<4x1x!cgc.float32>) -> !cgc.tensor<4x64x!cgc.float32> {
      %0 = cgc_op.add(%a, %b) : (!cgc.tensor<4x64x!cgc.float32>, !cgc.tensor<4x1x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<4x64x!cgc.float32>
    }
  }
}
