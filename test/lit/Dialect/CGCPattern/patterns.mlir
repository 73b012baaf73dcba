// The cgc_pattern language round-trips through the parser and printer.
// RUN: opencgc-opt %s --split-input-file | FileCheck %s
// RUN: opencgc-opt %s --split-input-file | opencgc-opt --split-input-file | FileCheck %s

// CHECK-LABEL: cgc.module
// CHECK: cgc_pattern.declaration @driver {
cgc.module {
  cgc_pattern.declaration @driver {
    // CHECK: cgc_pattern.pattern @convReluAdd attributes {benefit = 2 : i64} {
    // CHECK-NEXT: %[[X:.*]] = cgc_pattern.value
    // CHECK-NEXT: %[[W:.*]] = cgc_pattern.value {constant}
    // CHECK-NEXT: %[[B:.*]] = cgc_pattern.value
    // CHECK-NEXT: %[[C:.*]] = cgc_pattern.op ["convolution"](%[[X]], %[[W]], %[[B]]) {attributes = {group = 1 : i64}, dtypes = ["float32", "float16"], rank = [4]}
    // CHECK-NEXT: %[[R:.*]] = cgc_pattern.op ["relu"](%[[C]])
    // CHECK-NEXT: %[[A:.*]] = cgc_pattern.op ["add"](%[[R]], %[[X]]) {commutative}
    // CHECK-NEXT: cgc_pattern.yield %[[A]]
    cgc_pattern.pattern @convReluAdd attributes {benefit = 2 : i64} {
      %x = cgc_pattern.value
      %w = cgc_pattern.value {constant}
      %b = cgc_pattern.value
      %c = cgc_pattern.op ["convolution"](%x, %w, %b) {attributes = {group = 1 : i64}, dtypes = ["float32", "float16"], rank = [4]}
      %r = cgc_pattern.op ["relu"](%c)
      %a = cgc_pattern.op ["add"](%r, %x) {commutative}
      cgc_pattern.yield %a
    }
    // An op without an operand list takes any operands; the chain's
    // `class` may be written in the attribute dictionary too.
    // CHECK: cgc_pattern.pattern @epilogue {
    // CHECK-NEXT: %[[M:.*]] = cgc_pattern.op ["convolution", "matmul", "gemm"]{{$}}
    // CHECK-NEXT: %[[E:.*]] = cgc_pattern.chain class "elementwise"(%[[M]]) {max = 4 : i64, min = 1 : i64}
    // CHECK-NEXT: cgc_pattern.yield %[[E]]
    cgc_pattern.pattern @epilogue {
      %m = cgc_pattern.op ["convolution", "matmul", "gemm"]
      %e = cgc_pattern.chain(%m) {class = "elementwise", min = 1, max = 4}
      cgc_pattern.yield %e
    }
    // CHECK: cgc_pattern.pattern @reduce attributes {multi_output} {
    // CHECK-NEXT: %[[P:.*]] = cgc_pattern.chain class "elementwise"{{$}}
    // CHECK-NEXT: %[[RED:.*]] = cgc_pattern.op class "reduction"(%[[P]]) {alignment = 16 : i64, max_elements = 65536 : i64, shape = [-1, 1]}
    // CHECK-NEXT: cgc_pattern.yield %[[RED]]
    cgc_pattern.pattern @reduce attributes {multi_output} {
      %p = cgc_pattern.chain class "elementwise"
      %r = cgc_pattern.op class "reduction" (%p) {shape = [-1, 1], max_elements = 65536, alignment = 16}
      cgc_pattern.yield %r
    }
    // A chain of named ops, an op with no operands, and the class "any".
    // CHECK: cgc_pattern.pattern @named {
    // CHECK-NEXT: %[[S:.*]] = cgc_pattern.op class "any"()
    // CHECK-NEXT: %[[N:.*]] = cgc_pattern.chain ["add", "mul"](%[[S]]) {max = 2 : i64}
    cgc_pattern.pattern @named {
      %s = cgc_pattern.op class "any" ()
      %n = cgc_pattern.chain ["add", "mul"](%s) {max = 2}
      cgc_pattern.yield %n
    }
  }
}

// -----

// An empty declaration: the target implements no pattern.
// CHECK-LABEL: cgc.module
// CHECK-NEXT: cgc_pattern.declaration @none {
cgc.module {
  cgc_pattern.declaration @none {
  }
}
