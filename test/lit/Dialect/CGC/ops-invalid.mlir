// Structural verifiers of the cgc dialect: each error names the op, the
// value and the expected form.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics

cgc.module {
  // expected-error@+1 {{'cgc.module' op is not allowed at the top level of a cgc.module}}
  cgc.module {}
}

// -----

cgc.module {
  cgc.entry_point @main() {
    cgc.return
  }
  // expected-error@+1 {{'cgc.program' op cannot share a cgc.module with a cgc.entry_point}}
  cgc.program @prog() {
    cgc.return
  }
}

// -----

// expected-error@+1 {{'cgc.module' op has 2 cgc.program ops; Output IR has exactly one}}
cgc.module {
  cgc.program @a() {
    cgc.return
  }
  cgc.program @b() {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{'cgc.entry_point' op argument #0 must be a !cgc.tensor, got '!cgc.memref<4x!cgc.float32>'}}
  cgc.entry_point @main(%a: !cgc.memref<4x!cgc.float32>) {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{'cgc.partition' op bind point #1 must be a !cgc.memref, got '!cgc.tensor<4x!cgc.float32>'}}
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.tensor<4x!cgc.float32>) {
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{'cgc.partition' op must not have results: outputs are bind points (memref arguments) written in place}}
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    // expected-error@+1 {{'cgc.return' op returns 0 values but the enclosing cgc.entry_point @main declares 1 results}}
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x2x!cgc.float32> {
    // expected-error@+1 {{'cgc.return' op result #0 has type '!cgc.tensor<4x!cgc.float32>' but @main declares '!cgc.tensor<2x2x!cgc.float32>'}}
    cgc.return %a : !cgc.tensor<4x!cgc.float32>
  }
}

// -----

cgc.module {
  cgc.entry_point @main() {
    // expected-error@+1 {{'cgc.constant' op "w" must have a constant-qualified type, e.g. !cgc.tensor<constant 1x!cgc.float32>; got '!cgc.tensor<4x!cgc.float32>'}}
    %w = cgc.constant("w") : !cgc.tensor<4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main() {
    // expected-error@+1 {{'cgc.constant' op in a cgc.entry_point must produce a !cgc.tensor, got '!cgc.memref<constant 4x!cgc.float32>'}}
    %w = cgc.constant("w") : !cgc.memref<constant 4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.program @main() {
    // expected-error@+1 {{'cgc.constant' op in a cgc.program must produce a !cgc.memref, got '!cgc.tensor<constant 4x!cgc.float32>'}}
    %w = cgc.constant("w") : !cgc.tensor<constant 4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.entry_point @main() {
    %w = cgc.constant("w") : !cgc.tensor<constant 4x!cgc.float32>
    // expected-error@+1 {{'cgc.constant' op named constant "w" has type '!cgc.tensor<constant 8x!cgc.float32>' but an earlier use has type '!cgc.tensor<constant 4x!cgc.float32>'}}
    %w2 = cgc.constant("w") : !cgc.tensor<constant 8x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.partition @p() {
    // expected-error@+1 {{'cgc.constant' op expects parent op to be one of 'cgc.entry_point, cgc.program'}}
    %w = cgc.constant("w") : !cgc.memref<constant 4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  // expected-error@+1 {{'cgc.subgraph' op must contain exactly one cgc.functional_definition and nothing else}}
  cgc.subgraph @s attributes {origin = "t"} {
  }
}

// -----

cgc.module {
  // expected-error@+1 {{'cgc.subgraph' op needs a non-empty 'origin' naming its target}}
  cgc.subgraph @s attributes {origin = ""} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      cgc.return %a : !cgc.tensor<4x!cgc.float32>
    }
  }
}

// -----

cgc.module {
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op references unknown symbol @nowhere}}
    cgc.invoke @nowhere(%a) : (!cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.partition @q(%a: !cgc.memref<4x!cgc.float32>) {
    cgc.return
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op in a cgc.partition must call a cgc.subgraph, but @q is a cgc.partition}}
    cgc.invoke @q(%a) : (!cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %r = cgc_op.relu(%a) : (!cgc.tensor<4x!cgc.float32>)
      cgc.return %r : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op passes 1 memrefs but subgraph @s takes 1 inputs and 1 outputs (2 memrefs)}}
    cgc.invoke @s(%a) : (!cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      cgc.return %a : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<2x2x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op operand #1 '!cgc.memref<2x2x!cgc.float32>' does not match result type '!cgc.tensor<4x!cgc.float32>' of @s}}
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<2x2x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      cgc.return %a : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<constant 4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op operand #1 receives an output of @s but is a constant memref}}
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<constant 4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%w: !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      %r = cgc_op.relu(%w) : (!cgc.tensor<constant 4x!cgc.float32>)
      cgc.return %r : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op operand #0 feeds constant argument '!cgc.tensor<constant 4x!cgc.float32>' of @s and must be a constant memref}}
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.subgraph @s attributes {origin = "t"} {
    cgc.functional_definition private @f(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
      cgc.return %a : !cgc.tensor<4x!cgc.float32>
    }
  }
  cgc.program @main(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op in a cgc.program must call a cgc.partition, but @s is a cgc.subgraph}}
    cgc.invoke @s(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<4x!cgc.float32>) {
    cgc.return
  }
  cgc.program @main(%a: !cgc.memref<4x!cgc.float32>, %b: !cgc.memref<4x!cgc.int32>) {
    // expected-error@+1 {{'cgc.invoke' op operand #1 has type '!cgc.memref<4x!cgc.int32>' but bind point #1 of @p is '!cgc.memref<4x!cgc.float32>'}}
    cgc.invoke @p(%a, %b) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.int32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) {
    cgc.return
  }
  cgc.program @main(%a: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc.invoke' op passes 2 memrefs but partition @p has 1 bind points}}
    cgc.invoke @p(%a, %a) : (!cgc.memref<4x!cgc.float32>, !cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}

// -----

cgc.module {
  cgc.program @main(%scratch: !cgc.memref<64x!cgc.int8>) {
    // expected-error@+1 {{'cgc.view_memref' op view of 64 bytes at offset 16 does not fit in the 64-byte source '!cgc.memref<64x!cgc.int8>'}}
    %v = cgc.view_memref %scratch[16] : !cgc.memref<64x!cgc.int8> to !cgc.memref<1x1x4x4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.program @main(%scratch: !cgc.memref<64x!cgc.int8>) {
    // expected-error@+1 {{'cgc.view_memref' op offset 2 is not a multiple of the 4-byte element size of '!cgc.memref<4x!cgc.float32>'}}
    %v = cgc.view_memref %scratch[2] : !cgc.memref<64x!cgc.int8> to !cgc.memref<4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.program @main(%scratch: !cgc.memref<64x!cgc.int8>) {
    // expected-error@+1 {{'cgc.view_memref' op view '!cgc.memref<constant 4x!cgc.float32>' and source '!cgc.memref<64x!cgc.int8>' must agree on the constant qualifier}}
    %v = cgc.view_memref %scratch[0] : !cgc.memref<64x!cgc.int8> to !cgc.memref<constant 4x!cgc.float32>
    cgc.return
  }
}

// -----

cgc.module {
  cgc.partition @p(%a: !cgc.memref<4x!cgc.float32>) {
    // expected-error@+1 {{'cgc_op.relu' operand 'input' must be a !cgc.tensor, got '!cgc.memref<4x!cgc.float32>'}}
    %r = cgc_op.relu(%a) : (!cgc.memref<4x!cgc.float32>)
    cgc.return
  }
}
