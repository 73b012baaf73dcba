//===- AttentionKernel.h - softmax(Q K^T) V as one kernel -------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONKERNEL_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONKERNEL_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace opencgc::codegen {

struct KernelModule;
struct KernelOptions;

/// Whether the subgraph is attention as exporters write it: matmul(q, k),
/// elementwise ops on the scores (scale, mask), softmax, matmul with v,
/// optionally a transpose of the result; q, k and v subgraph inputs or
/// transposes of them, and nothing else.
bool isAttentionSubgraph(cgc::FunctionalDefinitionOp definition);

/// What the attention kernel accepts: float32 products, softmax over the
/// last axis, head sizes up to kMaxAttentionHeadSize, score operands that
/// broadcast to the scores, 32-bit indexing.
llvm::Error checkAttentionSupport(cgc::SubgraphOp subgraph);

/// The kernel of a subgraph that checkAttentionSupport accepts: each
/// invocation computes query rows (how many: the target's configuration)
/// with an online softmax over the keys.
KernelModule buildAttentionKernel(cgc::SubgraphOp subgraph,
                                  const KernelOptions &options);
/// That configuration in words.
std::string describeAttentionConfig(cgc::SubgraphOp subgraph,
                                    const KernelOptions &options);

/// The largest query/key and value head size the kernel takes: each
/// invocation holds a query row and its output row in registers.
inline constexpr int64_t kMaxAttentionHeadSize = 128;

/// The workgroup size on kernel targets where a lane computes several rows
/// (lavapipe, d3d12); the smallest the kernel uses, so the most row blocks
/// a grid can need is the rows over it.
inline constexpr int64_t kAttentionLaneWorkgroupSize = 32;

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONKERNEL_H
