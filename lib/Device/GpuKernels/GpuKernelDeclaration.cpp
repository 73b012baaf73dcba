//===- GpuKernelDeclaration.cpp - What the GPU targets declare ------------===//
//
// The Vulkan and NVVM targets lower subgraphs through the same Kernel IR, so
// they declare the same subgraph patterns.
//
//===----------------------------------------------------------------------===//
#include "GpuKernelDeclaration.h"

namespace opencgc::device {
namespace {
/// What the kernel generator fuses today: a matmul, gemm or convolution
/// with the elementwise chain after it as its epilogue (preferred, so
/// products absorb their epilogues), and elementwise chains (with every
/// escaping value as a result). Specialization rejects what it cannot lower,
/// which then runs on the fallback target. A float32 reduce_* op takes
/// up to four elementwise ops before it as its prologue (preferred over the
/// elementwise chain, which would otherwise write the reduced tensor);
/// softmax and log_softmax run alone. A float32 max, average or Lp pooling
/// takes the elementwise chain after it as its epilogue, like a product;
/// so do float32 upsample, upsample2d, depth_to_space, space_to_depth and
/// resize (nearest by integer factors; specialization refuses the rest),
/// and the float32 data movements reshape, transpose, concat, slice,
/// gather, gather_elements (int64 or int32 indices), gather_nd and expand,
/// and float32 conv_transpose;
/// a float32 split runs alone (one kernel writing every part), as does an
/// int64, int32 or float16 reshape, transpose, slice, expand, where, concat
/// or gather of any kind (copying words); elementwise chains compute on
/// int64 and int32 values (but divide them on the fallback target).
/// batch_normalization (inference) is per channel affine: it joins an
/// elementwise chain or a product's or conv_transpose's epilogue (conv +
/// batchnorm + relu is one kernel), elementwise ops before and after it
/// included. The float32
/// layer, instance, mean-variance and Lp normalizations and lrn take the
/// elementwise chain after them as their epilogue.
/// Attention, matmul(q, k) -> up to three elementwise ops on the scores
/// (scale, mask) -> softmax -> matmul with v, with the transposes that
/// split q, k and v into heads and the one that merges the result, is one
/// kernel (AttentionKernel.cpp); preferred over every other pattern, so
/// its products are not claimed first as matmuls with epilogues. ONNX's
/// Attention op (float32 or float16, its scores output included) is the
/// same kernel.
constexpr llvm::StringLiteral kDeclaration = R"mlir(
cgc.module {
  cgc_pattern.declaration @TARGET {
    cgc_pattern.pattern @attention attributes {benefit = 4 : i64} {
      %q = cgc_pattern.value
      %k = cgc_pattern.value
      %v = cgc_pattern.value
      %qh = cgc_pattern.chain ["transpose"](%q) {max = 1}
      %kh = cgc_pattern.chain ["transpose"](%k) {max = 1}
      %vh = cgc_pattern.chain ["transpose"](%v) {max = 1}
      %s = cgc_pattern.op ["matmul"](%qh, %kh)
      %e = cgc_pattern.chain class "elementwise"(%s) {max = 3}
      %p = cgc_pattern.op ["softmax"](%e) {dtypes = ["float32"]}
      %o = cgc_pattern.op ["matmul"](%p, %vh)
      %m = cgc_pattern.chain ["transpose"](%o) {max = 1}
      cgc_pattern.yield %m
    }
    cgc_pattern.pattern @attentionOp attributes {benefit = 4 : i64} {
      %a = cgc_pattern.op ["attention"] {dtypes = ["float32", "float16"]}
      cgc_pattern.yield %a
    }
    cgc_pattern.pattern @matmul attributes {benefit = 2 : i64} {
      %m = cgc_pattern.op ["matmul", "gemm", "convolution"]
      %e = cgc_pattern.chain class "elementwise"(%m)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @pooling attributes {benefit = 2 : i64} {
      %p = cgc_pattern.op ["max_pooling", "average_pooling", "lp_pooling"]
          {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%p)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @resampling attributes {benefit = 2 : i64} {
      %r = cgc_pattern.op ["upsample", "upsample2d", "depth_to_space",
                           "space_to_depth", "resize"] {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%r)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @convTranspose attributes {benefit = 2 : i64} {
      %c = cgc_pattern.op ["conv_transpose"] {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%c)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @dataMovement attributes {benefit = 2 : i64} {
      %m = cgc_pattern.op ["reshape", "transpose", "concat", "slice",
                           "gather", "gather_elements", "gather_nd", "expand"]
          {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%m)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @elementwise attributes {multi_output} {
      %0 = cgc_pattern.chain {class = "elementwise", min = 1}
      cgc_pattern.yield %0
    }
    cgc_pattern.pattern @reduction attributes {benefit = 3 : i64} {
      %p = cgc_pattern.chain {class = "elementwise", max = 4}
      %r = cgc_pattern.op ["reduce_sum", "reduce_mean", "reduce_max",
                           "reduce_min", "reduce_prod", "reduce_l1",
                           "reduce_l2", "reduce_log_sum", "reduce_log_sum_exp",
                           "reduce_sum_square"](%p) {dtypes = ["float32"]}
      cgc_pattern.yield %r
    }
    cgc_pattern.pattern @copyMovement {
      %m = cgc_pattern.op ["reshape", "transpose", "slice", "expand",
                           "where", "concat", "gather", "gather_elements",
                           "gather_nd"] {dtypes = ["int64", "int32", "float16"]}
      cgc_pattern.yield %m
    }
    cgc_pattern.pattern @split {
      %s = cgc_pattern.op ["split"] {dtypes = ["float32"]}
      cgc_pattern.yield %s
    }
    cgc_pattern.pattern @softmax {
      %s = cgc_pattern.op ["softmax", "log_softmax"] {dtypes = ["float32"]}
      cgc_pattern.yield %s
    }
    cgc_pattern.pattern @matmulBatchNormalization attributes {benefit = 2 : i64} {
      %m = cgc_pattern.op ["matmul", "gemm", "convolution"]
      %p = cgc_pattern.chain class "elementwise"(%m)
      %scale = cgc_pattern.value
      %bias = cgc_pattern.value
      %mean = cgc_pattern.value
      %variance = cgc_pattern.value
      %n = cgc_pattern.op ["batch_normalization"](%p, %scale, %bias, %mean,
                                                  %variance)
          {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%n)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @convTransposeBatchNormalization
        attributes {benefit = 2 : i64} {
      %c = cgc_pattern.op ["conv_transpose"] {dtypes = ["float32"]}
      %p = cgc_pattern.chain class "elementwise"(%c)
      %scale = cgc_pattern.value
      %bias = cgc_pattern.value
      %mean = cgc_pattern.value
      %variance = cgc_pattern.value
      %n = cgc_pattern.op ["batch_normalization"](%p, %scale, %bias, %mean,
                                                  %variance)
          {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%n)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @batchNormalization attributes {benefit = 2 : i64} {
      %p = cgc_pattern.chain class "elementwise"
      %scale = cgc_pattern.value
      %bias = cgc_pattern.value
      %mean = cgc_pattern.value
      %variance = cgc_pattern.value
      %n = cgc_pattern.op ["batch_normalization"](%p, %scale, %bias, %mean,
                                                  %variance)
          {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%n)
      cgc_pattern.yield %e
    }
    cgc_pattern.pattern @normalization attributes {benefit = 2 : i64} {
      %n = cgc_pattern.op ["layer_normalization", "instance_normalization",
                           "mean_variance_normalization", "lp_normalization",
                           "lrn"] {dtypes = ["float32"]}
      %e = cgc_pattern.chain class "elementwise"(%n)
      cgc_pattern.yield %e
    }
  }
}
)mlir";
} // namespace

std::string getGpuKernelDeclaration(llvm::StringRef targetName) {
  std::string text = kDeclaration.str();
  llvm::StringRef placeholder = "@TARGET";
  // Quoted, so "nvvm-host" is a symbol too: the compiler names partitions'
  // origin after it and the executor finds the device by that name.
  text.replace(text.find(placeholder.str()), placeholder.size(),
               "@\"" + targetName.str() + "\"");
  return text;
}

} // namespace opencgc::device
