// Verifier errors of the cgc_pattern dialect: each names the pattern and
// the problem, at the offending node.
// RUN: opencgc-opt %s --split-input-file --verify-diagnostics \
// RUN:   --allow-unregistered-dialect

// expected-error@+1 {{'cgc_pattern.declaration' op expects parent op 'cgc.module'}}
cgc_pattern.declaration @top {
}

// -----

cgc.module {
  cgc.entry_point @main() {
    cgc.return
  }
  // expected-error@-3 {{'cgc.entry_point' op cannot share a cgc.module with a cgc_pattern.declaration}}
  cgc_pattern.declaration @driver {
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    // expected-error@+1 {{'cgc.module' op is not allowed in a cgc_pattern.declaration}}
    cgc.module {}
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    // expected-note@+1 {{see existing symbol definition here}}
    cgc_pattern.pattern @p {
      %m = cgc_pattern.op ["relu"]
      cgc_pattern.yield %m
    }
    // expected-error@+1 {{redefinition of symbol named 'p'}}
    cgc_pattern.pattern @p {
      %m = cgc_pattern.op ["relu"]
      cgc_pattern.yield %m
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    // expected-error@+1 {{'cgc_pattern.pattern' op @p has negative benefit -1}}
    cgc_pattern.pattern @p attributes {benefit = -1} {
      %m = cgc_pattern.op ["relu"]
      cgc_pattern.yield %m
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{block with no terminator}}
      %m = cgc_pattern.op ["relu"]
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    // expected-error@+1 {{'cgc_pattern.pattern' op expects a non-empty block}}
    cgc_pattern.pattern @p {
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    // expected-error@+1 {{'cgc_pattern.pattern' op @p must end with a cgc_pattern.yield}}
    cgc_pattern.pattern @p {
      %m = cgc_pattern.op ["relu"]
      "test.terminator"(%m) : (!cgc_pattern.value) -> ()
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %m = cgc_pattern.op ["relu"]
      %n = cgc_pattern.op ["sigmoid"]
      // expected-error@+1 {{'cgc_pattern.yield' op in pattern @p: yields 2 values; a pattern yields exactly one (its root)}}
      cgc_pattern.yield %m, %n
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %v = cgc_pattern.value
      // expected-error@+1 {{'cgc_pattern.yield' op in pattern @p: the root must be a cgc_pattern.op or cgc_pattern.chain, not a cgc_pattern.value}}
      cgc_pattern.yield %v
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.value' op in pattern @p: result is never used; every node must lead to the yielded root}}
      %v = cgc_pattern.value
      %m = cgc_pattern.op ["relu"]
      cgc_pattern.yield %m
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc.module' op in pattern @p: only cgc_pattern.value, cgc_pattern.op and cgc_pattern.chain may appear in a pattern}}
      cgc.module {}
      %m = cgc_pattern.op ["relu"]
      cgc_pattern.yield %m
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %x = cgc_pattern.value
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'convolutio' is not a cgc_op op}}
      %c = cgc_pattern.op ["convolution", "convolutio"](%x)
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'cgc_op.relu' is not a cgc_op op (write op names without the 'cgc_op.' prefix)}}
      %c = cgc_pattern.op ["cgc_op.relu"]
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: op name list must not be empty}}
      %c = cgc_pattern.op []
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: needs op names or an op class}}
      %c = cgc_pattern.op
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: has both op names and an op class}}
      %c = cgc_pattern.op ["relu"] {class = "elementwise"}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: unknown op class 'pointwise' (expected elementwise, reduction, normalization or any)}}
      %c = cgc_pattern.op class "pointwise"
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %x = cgc_pattern.value
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'commutative' needs exactly two operands in the pattern}}
      %c = cgc_pattern.op ["relu"](%x) {commutative}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'commutative' needs exactly two operands in the pattern}}
      %c = cgc_pattern.op ["add"] {commutative}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'relu' has no attribute 'group'}}
      %c = cgc_pattern.op ["convolution", "relu"] {attributes = {group = 1}}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'attributes' must be a dictionary}}
      %c = cgc_pattern.op ["convolution"] {attributes = [1]}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: unknown dtype 'fp32' (expected a cgc element type name such as "float32")}}
      %c = cgc_pattern.op ["relu"] {dtypes = ["float32", "fp32"]}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'dtypes' must not be empty}}
      %c = cgc_pattern.op ["relu"] {dtypes = []}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'rank' must not be empty}}
      %c = cgc_pattern.op ["relu"] {rank = []}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'rank' values must be non-negative}}
      %c = cgc_pattern.op ["relu"] {rank = [2, -1]}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'shape' dimensions must be non-negative or -1 (any)}}
      %c = cgc_pattern.op ["relu"] {shape = [2, -2]}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: 'shape' has rank 2, which 'rank' does not allow}}
      %c = cgc_pattern.op ["relu"] {shape = [2, 3], rank = [4]}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.value' op in pattern @p: 'max_elements' must be positive, got 0}}
      %x = cgc_pattern.value {max_elements = 0}
      %c = cgc_pattern.op ["relu"](%x)
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.chain' op in pattern @p: 'alignment' must be positive, got -4}}
      %c = cgc_pattern.chain {alignment = -4, min = 1}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.chain' op in pattern @p: 'min' must be non-negative, got -1}}
      %c = cgc_pattern.chain {min = -1}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.chain' op in pattern @p: 'max' must be at least 1, got 0}}
      %c = cgc_pattern.chain {max = 0}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.chain' op in pattern @p: 'max' (2) is less than 'min' (3)}}
      %c = cgc_pattern.chain {min = 3, max = 2}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'cgc_pattern.chain' op in pattern @p: 'gelu_fast' is not a cgc_op op}}
      %c = cgc_pattern.chain ["relu", "gelu_fast"] {min = 1}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %x = cgc_pattern.value
      %y = cgc_pattern.value
      // expected-error@+1 {{a chain has at most one start value}}
      %c = cgc_pattern.chain (%x, %y)
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      // expected-error@+1 {{'class' must be a string}}
      %c = cgc_pattern.chain {class = 1}
      cgc_pattern.yield %c
    }
  }
}

// -----

cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @p {
      %x = cgc_pattern.value
      // expected-error@+1 {{'cgc_pattern.op' op in pattern @p: has operands but also 'any_operands'}}
      %c = cgc_pattern.op ["relu"](%x) {any_operands}
      cgc_pattern.yield %c
    }
  }
}
