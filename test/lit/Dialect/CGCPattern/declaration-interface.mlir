// A module holding a cgc_pattern.declaration is classified as a subgraph
// declaration, in text and through a container round trip.
// RUN: rm -rf %t && mkdir -p %t
// RUN: opencgc inspect %s | FileCheck %s --check-prefix=TEXT
// RUN: opencgc convert %s -o %t/decl.cgc
// RUN: opencgc inspect %t/decl.cgc | FileCheck %s --check-prefix=CONTAINER
// RUN: opencgc convert %t/decl.cgc -o %t/decl.mlir
// RUN: opencgc-opt %t/decl.mlir | FileCheck %s --check-prefix=ROUNDTRIP

// TEXT: module: {{.*}}(CGC_SUBGRAPH_DECLARATION)
// CONTAINER: interface: CGC_SUBGRAPH_DECLARATION
// ROUNDTRIP: cgc_pattern.declaration @driver
// ROUNDTRIP: cgc_pattern.chain(%{{.*}}) {min = 1 : i64}
cgc.module {
  cgc_pattern.declaration @driver {
    cgc_pattern.pattern @epilogue {
      %m = cgc_pattern.op ["convolution", "matmul", "gemm"]
      %e = cgc_pattern.chain(%m) {min = 1}
      cgc_pattern.yield %e
    }
  }
}
