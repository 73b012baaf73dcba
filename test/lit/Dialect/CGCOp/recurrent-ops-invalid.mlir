// Verifier errors of the recurrent ops.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<5x2x3x!f32>, %w: !cgc.tensor<1x4x2x!f32>, %r: !cgc.tensor<1x4x4x!f32>,
                        %b: !cgc.tensor<1x8x!f32>, %lens: !cgc.tensor<2x!cgc.int32>, %h: !cgc.tensor<1x2x4x!f32>) {
    // expected-error@+1 {{'cgc_op.rnn' operand 'weight' must be 1x4x3 of '!cgc.float32', got 1x4x2 of '!cgc.float32'}}
    %y, %yh = cgc_op.rnn(%x, %w, %r, %b, %lens, %h) {hidden_size = 4} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<1x4x2x!f32>, !cgc.tensor<1x4x4x!f32>, !cgc.tensor<1x8x!f32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!f32>)
    cgc.return
  }
}

// -----

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<5x2x3x!f32>, %w: !cgc.tensor<1x4x3x!f32>, %r: !cgc.tensor<1x4x4x!f32>,
                        %b: !cgc.tensor<1x8x!f32>, %lens: !cgc.tensor<2x!cgc.int32>, %h: !cgc.tensor<1x2x4x!f32>) {
    // expected-error@+1 {{'cgc_op.rnn' attribute 'direction' must be "forward", "reverse" or "bidirectional", got "sideways"}}
    %y, %yh = cgc_op.rnn(%x, %w, %r, %b, %lens, %h) {hidden_size = 4, direction = "sideways"} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<1x4x3x!f32>, !cgc.tensor<1x4x4x!f32>, !cgc.tensor<1x8x!f32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!f32>)
    cgc.return
  }
}
