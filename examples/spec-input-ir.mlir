// The CGC Input IR example of the D3D12 MLIR programs specification
// (section "CGC Input IR"): a contrived 7-layer network. Differences from
// the printed text, which "omits details ... and hides many types":
//   - operand types are written after ':' (MLIR needs them to parse);
//     result types are left out and inferred, as in the specification;
//   - cgc.constant and cgc.return carry their type;
//   - `1x1x4x4!cgc.float32` is spelled `1x1x4x4x!cgc.float32` and the
//     entry point's result type has its leading '!'.
cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
    // SSA variable references to externally bound named constants as opposed
    // to positional arguments of the main function.
    %w1 = cgc.constant("w1") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b2 = cgc.constant("b2") : !cgc.tensor<constant 1x!cgc.float32>
    %w2 = cgc.constant("w2") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b1 = cgc.constant("b1") : !cgc.tensor<constant 1x!cgc.float32>
    %conv1 = cgc_op.convolution(%in, %w1, %b1) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu1 = cgc_op.relu(%conv1) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add1 = cgc_op.add(%relu1, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %conv2 = cgc_op.convolution(%add1, %w2, %b2) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>)
    %relu2 = cgc_op.relu(%conv2) : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    %add2 = cgc_op.add(%relu2, %add1) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>)
    %upsample = cgc_op.upsample(%add2) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>)
    cgc.return %upsample : !cgc.tensor<1x1x8x8x!cgc.float32>
  }
}
