// Nested modules that cgc-kernel-to-spirv and cgc-kernel-to-llvm refuse:
// launches missing or malformed, or no gpu.module left to lower.
module {
  // expected-error @+1 {{cgc.launches must list the kernels}}
  module @noKernels attributes {cgc.launches = []} {
  }
}

// -----

module {
  // expected-error @+1 {{cgc.launches must list the kernels}}
  module @noCount attributes {cgc.launches = [{name = "k", workgroup_size = array<i32: 64, 1, 1>}]} {
  }
}

// -----

module {
  // expected-error @+1 {{needs Kernel IR; this module holds no gpu.module}}
  module @lowered attributes {cgc.launches = [{name = "k", workgroup_count = array<i32: 1, 1, 1>, workgroup_size = array<i32: 64, 1, 1>}]} {
  }
}
