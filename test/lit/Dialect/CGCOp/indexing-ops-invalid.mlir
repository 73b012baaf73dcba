// Shape, type and attribute errors of the indexing ops.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

!f32 = !cgc.float32
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!f32>) {
    // expected-error@+1 {{'cgc_op.slice' attribute 'steps' must not contain 0}}
    %r = cgc_op.slice(%x) {starts = [0], ends = [2], steps = [0]} : (!cgc.tensor<4x5x!f32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.slice' attribute 'axes' = 2 is out of range for rank 2}}
    %r = cgc_op.slice(%x) {starts = [0], ends = [2], axes = [2]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.split' split sizes sum to 4 but axis 1 of 4x5 has extent 5}}
    %r:2 = cgc_op.split(%x) {axis = 1, split = [2, 2]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>, %i: !cgc.tensor<3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.gather' operand 'indices' must have element type int32 or int64, got '!cgc.float32'}}
    %r = cgc_op.gather(%x, %i) : (!cgc.tensor<4x5x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>, %i: !cgc.tensor<3x!cgc.int64>) {
    // expected-error@+1 {{'cgc_op.gather_elements' operands 'data' and 'indices' must have the same rank >= 1, got 4x5 and 3}}
    %r = cgc_op.gather_elements(%x, %i) : (!cgc.tensor<4x5x!cgc.float32>, !cgc.tensor<3x!cgc.int64>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>, %i: !cgc.tensor<2x3x!cgc.int64>) {
    // expected-error@+1 {{'cgc_op.gather_nd' index tuples of length 3 do not fit data 4x5 with batch_dims 0}}
    %r = cgc_op.gather_nd(%x, %i) : (!cgc.tensor<4x5x!cgc.float32>, !cgc.tensor<2x3x!cgc.int64>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>, %i: !cgc.tensor<2x5x!cgc.int64>, %u: !cgc.tensor<2x4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.scatter_elements' operand 'updates' must have shape 2x5, got 2x4}}
    %r = cgc_op.scatter_elements(%x, %i, %u) : (!cgc.tensor<4x5x!cgc.float32>, !cgc.tensor<2x5x!cgc.int64>, !cgc.tensor<2x4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>, %i: !cgc.tensor<2x1x!cgc.int64>, %u: !cgc.tensor<2x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.scatter_nd' attribute 'reduction' must be "none", "add", "mul", "max" or "min", got "sub"}}
    %r = cgc_op.scatter_nd(%x, %i, %u) {reduction = "sub"} : (!cgc.tensor<4x5x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>, !cgc.tensor<2x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.pad' attribute 'pads' has 2 values, expected 4 (begin and end per dimension)}}
    %r = cgc_op.pad(%x) {pads = [1, 1]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.pad' reflect pads 0+4 must be smaller than dimension 0 of extent 4}}
    %r = cgc_op.pad(%x) {mode = "reflect", pads = [0, 0, 4, 0]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.expand' cannot broadcast shapes 4x5 and 3x1: dimension 0 is 4 vs 3}}
    %r = cgc_op.expand(%x) {shape = [3, 1]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.tile' attribute 'repeats' has 1 values, expected 2}}
    %r = cgc_op.tile(%x) {repeats = [2]} : (!cgc.tensor<4x5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%i: !cgc.tensor<3x!cgc.int64>, %v: !cgc.tensor<3x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.one_hot' operand 'values' must have shape 2 ([off, on]), got 3}}
    %r = cgc_op.one_hot(%i, %v) {depth = 4} : (!cgc.tensor<3x!cgc.int64>, !cgc.tensor<3x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<5x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.trilu' expects an input of rank >= 2, got 5}}
    %r = cgc_op.trilu(%x) : (!cgc.tensor<5x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x3x!cgc.float32>, %lens: !cgc.tensor<4x!cgc.int64>) {
    // expected-error@+1 {{'cgc_op.reverse_sequence' sequence_lens must be int64 with one entry per batch entry (3), got '!cgc.int64' 4}}
    %r = cgc_op.reverse_sequence(%x, %lens) : (!cgc.tensor<4x3x!cgc.float32>, !cgc.tensor<4x!cgc.int64>)
    cgc.return
  }
}
