// RNN, GRU and LSTM: Y is seq x dirs x batch x hidden, the states
// dirs x batch x hidden.
// RUN: opencgc-opt %s | FileCheck %s

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<5x2x3x!f32>, %w1: !cgc.tensor<2x4x3x!f32>, %r1: !cgc.tensor<2x4x4x!f32>,
                        %b1: !cgc.tensor<2x8x!f32>, %lens: !cgc.tensor<2x!cgc.int32>, %h: !cgc.tensor<2x2x4x!f32>,
                        %w3: !cgc.tensor<1x12x3x!f32>, %r3: !cgc.tensor<1x12x4x!f32>, %b3: !cgc.tensor<1x24x!f32>,
                        %h1: !cgc.tensor<1x2x4x!f32>, %w4: !cgc.tensor<1x16x3x!f32>, %r4: !cgc.tensor<1x16x4x!f32>,
                        %b4: !cgc.tensor<1x32x!f32>, %p: !cgc.tensor<1x12x!f32>)
      -> (!cgc.tensor<5x2x2x4x!f32>, !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x2x4x!f32>) {
    // CHECK: cgc_op.rnn({{.*}}) {direction = "bidirectional", hidden_size = 4 : i64}
    %y, %yh = cgc_op.rnn(%x, %w1, %r1, %b1, %lens, %h) {hidden_size = 4, direction = "bidirectional"} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<2x4x3x!f32>, !cgc.tensor<2x4x4x!f32>, !cgc.tensor<2x8x!f32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<2x2x4x!f32>)
    // CHECK: cgc_op.gru({{.*}}) {hidden_size = 4 : i64, linear_before_reset = true}
    %gy, %gh = cgc_op.gru(%x, %w3, %r3, %b3, %lens, %h1) {hidden_size = 4, linear_before_reset = true} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<1x12x3x!f32>, !cgc.tensor<1x12x4x!f32>, !cgc.tensor<1x24x!f32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!f32>)
    // CHECK: cgc_op.lstm
    %ly, %lh, %lc = cgc_op.lstm(%x, %w4, %r4, %b4, %lens, %h1, %h1, %p) {hidden_size = 4} : (!cgc.tensor<5x2x3x!f32>, !cgc.tensor<1x16x3x!f32>, !cgc.tensor<1x16x4x!f32>, !cgc.tensor<1x32x!f32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x12x!f32>)
    cgc.return %y, %gh, %lc : !cgc.tensor<5x2x2x4x!f32>, !cgc.tensor<1x2x4x!f32>, !cgc.tensor<1x2x4x!f32>
  }
}
