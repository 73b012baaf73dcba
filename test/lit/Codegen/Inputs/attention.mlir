// Hand-written Partition IR for the attention tests: BERT's form (q, k and
// v split into heads by transposes, scores divided by a scalar plus an
// additive mask, heads merged by a transpose) over 70 tokens, and GPT-2's
// causal Where mask on a bool input over plain 3-D operands; and ONNX's
// Attention op with grouped-query heads, causality, a softcap and a bool
// mask of fewer columns than keys.
cgc.module {
  cgc.subgraph @heads attributes {origin = "test"} {
    cgc.functional_definition private @headsFunctional(
        %x: !cgc.tensor<1x70x2x8x!cgc.float32>,
        %y: !cgc.tensor<1x70x2x8x!cgc.float32>,
        %z: !cgc.tensor<1x70x2x8x!cgc.float32>,
        %mask: !cgc.tensor<1x1x1x70x!cgc.float32>,
        %c: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<1x70x2x8x!cgc.float32> {
      %q = cgc_op.transpose(%x) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x70x2x8x!cgc.float32>)
      %k = cgc_op.transpose(%y) {perm = [0, 2, 3, 1]} : (!cgc.tensor<1x70x2x8x!cgc.float32>)
      %v = cgc_op.transpose(%z) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x70x2x8x!cgc.float32>)
      %s = cgc_op.matmul(%q, %k) : (!cgc.tensor<1x2x70x8x!cgc.float32>, !cgc.tensor<1x2x8x70x!cgc.float32>)
      %d = cgc_op.div(%s, %c) : (!cgc.tensor<1x2x70x70x!cgc.float32>, !cgc.tensor<!cgc.float32>)
      %a = cgc_op.add(%d, %mask) : (!cgc.tensor<1x2x70x70x!cgc.float32>, !cgc.tensor<1x1x1x70x!cgc.float32>)
      %p = cgc_op.softmax(%a) {axis = -1 : i64} : (!cgc.tensor<1x2x70x70x!cgc.float32>)
      %o = cgc_op.matmul(%p, %v) : (!cgc.tensor<1x2x70x70x!cgc.float32>, !cgc.tensor<1x2x70x8x!cgc.float32>)
      %t = cgc_op.transpose(%o) {perm = [0, 2, 1, 3]} : (!cgc.tensor<1x2x70x8x!cgc.float32>)
      cgc.return %t : !cgc.tensor<1x70x2x8x!cgc.float32>
    }
  }
  cgc.subgraph @causal attributes {origin = "test"} {
    cgc.functional_definition private @causalFunctional(
        %q: !cgc.tensor<3x9x4x!cgc.float32>,
        %k: !cgc.tensor<3x4x9x!cgc.float32>,
        %v: !cgc.tensor<3x9x6x!cgc.float32>,
        %keep: !cgc.tensor<9x9x!cgc.bool>,
        %low: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<3x9x6x!cgc.float32> {
      %s = cgc_op.matmul(%q, %k) : (!cgc.tensor<3x9x4x!cgc.float32>, !cgc.tensor<3x4x9x!cgc.float32>)
      %w = cgc_op.where(%keep, %s, %low) : (!cgc.tensor<9x9x!cgc.bool>, !cgc.tensor<3x9x9x!cgc.float32>, !cgc.tensor<!cgc.float32>)
      %p = cgc_op.softmax(%w) : (!cgc.tensor<3x9x9x!cgc.float32>)
      %o = cgc_op.matmul(%p, %v) : (!cgc.tensor<3x9x9x!cgc.float32>, !cgc.tensor<3x9x6x!cgc.float32>)
      cgc.return %o : !cgc.tensor<3x9x6x!cgc.float32>
    }
  }
  cgc.subgraph @onnx attributes {origin = "test"} {
    cgc.functional_definition private @onnxFunctional(
        %q: !cgc.tensor<1x4x6x8x!cgc.float32>,
        %k: !cgc.tensor<1x2x7x8x!cgc.float32>,
        %v: !cgc.tensor<1x2x7x3x!cgc.float32>,
        %m: !cgc.tensor<6x5x!cgc.bool>) -> !cgc.tensor<1x4x6x3x!cgc.float32> {
      %o, %s = cgc_op.attention(%q, %k, %v, %m) {is_causal = true, causal_offset = -1 : i64, softcap = 2.0 : f32} : (!cgc.tensor<1x4x6x8x!cgc.float32>, !cgc.tensor<1x2x7x8x!cgc.float32>, !cgc.tensor<1x2x7x3x!cgc.float32>, !cgc.tensor<6x5x!cgc.bool>)
      cgc.return %o : !cgc.tensor<1x4x6x3x!cgc.float32>
    }
  }
  cgc.subgraph @probabilities16 attributes {origin = "test"} {
    cgc.functional_definition private @probabilitiesFunctional(
        %q: !cgc.tensor<1x2x3x4x!cgc.float16>,
        %k: !cgc.tensor<1x2x5x4x!cgc.float16>,
        %v: !cgc.tensor<1x2x5x4x!cgc.float16>) -> (!cgc.tensor<1x2x3x4x!cgc.float16>, !cgc.tensor<1x2x3x5x!cgc.float16>) {
      %o, %s = cgc_op.attention(%q, %k, %v) {qk_matmul_output_mode = 3 : i64} : (!cgc.tensor<1x2x3x4x!cgc.float16>, !cgc.tensor<1x2x5x4x!cgc.float16>, !cgc.tensor<1x2x5x4x!cgc.float16>)
      cgc.return %o, %s : !cgc.tensor<1x2x3x4x!cgc.float16>, !cgc.tensor<1x2x3x5x!cgc.float16>
    }
  }
}
