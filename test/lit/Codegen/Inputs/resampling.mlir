// Hand-written Partition IR with resampling subgraphs for the code
// generation tests: the specification's nearest upsample with a fused relu
// epilogue, a linear upsample2d, and a DCR depth_to_space.
cgc.module {
  cgc.subgraph @upsampleRelu attributes {origin = "test"} {
    cgc.functional_definition private @upsampleReluFunctional(
        %x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
      %0 = cgc_op.upsample(%x) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x1x8x8x!cgc.float32>)
      cgc.return %1 : !cgc.tensor<1x1x8x8x!cgc.float32>
    }
  }
  cgc.subgraph @linear attributes {origin = "test"} {
    cgc.functional_definition private @linearFunctional(
        %x: !cgc.tensor<1x2x3x3x!cgc.float32>) -> !cgc.tensor<1x2x6x3x!cgc.float32> {
      %0 = cgc_op.upsample2d(%x) {scale_size = [2, 1], mode = "linear"} : (!cgc.tensor<1x2x3x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x2x6x3x!cgc.float32>
    }
  }
  cgc.subgraph @depthToSpace attributes {origin = "test"} {
    cgc.functional_definition private @depthToSpaceFunctional(
        %x: !cgc.tensor<1x8x2x3x!cgc.float32>) -> !cgc.tensor<1x2x4x6x!cgc.float32> {
      %0 = cgc_op.depth_to_space(%x) {blocksize = 2 : i64} : (!cgc.tensor<1x8x2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x2x4x6x!cgc.float32>
    }
  }
  cgc.subgraph @nearestResize attributes {origin = "test"} {
    cgc.functional_definition private @nearestResizeFunctional(
        %x: !cgc.tensor<1x2x3x3x!cgc.float32>) -> !cgc.tensor<1x2x6x6x!cgc.float32> {
      %0 = cgc_op.resize(%x) {sizes = [1, 2, 6, 6], scales = [1.0, 1.0, 2.0, 2.0], mode = "nearest", coordinate_transformation_mode = "asymmetric", nearest_mode = "floor"} : (!cgc.tensor<1x2x3x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<1x2x6x6x!cgc.float32>
    }
  }
}
