//===- AttentionAnalysis.h - What an attention subgraph computes -*- C++
//-*-===//
//
// The attention kernel takes two forms of subgraph: attention as exporters
// write it (matmul, score ops, softmax, matmul, with the transposes that
// split and merge heads) and ONNX's Attention op (cgc_op.attention: scale,
// softcap, mask, causality, grouped-query heads). Both come down to one
// description: q, k, v and the result as strided views of the kernel's
// buffers, the scores' shape, and how a score is finished.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONANALYSIS_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONANALYSIS_H

#include "IterationSpace.h"

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/CGCOp/TransformerOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace opencgc::codegen {

/// An operand or a result as the kernel addresses it: its logical shape
/// (the matmul's view) and, per dimension, the stride of its elements in
/// the subgraph buffer (`argument`: an input's argument number, or a
/// result's index among the subgraph's results).
struct StridedTensor {
  unsigned argument = 0;
  Shape shape;
  Shape strides;

  int64_t rank() const { return int64_t(shape.size()); }
  /// The strides of the second-to-last and last dimensions.
  int64_t rowStride() const { return strides[rank() - 2]; }
  int64_t columnStride() const { return strides.back(); }
};

/// The exporters' form: matmul(q, k) -> score ops -> softmax -> matmul(., v)
/// [-> transpose].
struct UnfusedAttention {
  cgc_op::MatMulOp scores;
  /// The elementwise ops from the scores to the softmax, in order.
  llvm::SmallVector<mlir::Operation *> scoreOps;
  cgc_op::SoftmaxOp softmax;
  cgc_op::MatMulOp context;
  /// The transpose of the result (the heads merged back), if any.
  cgc_op::TransposeOp merge;
};

struct AttentionForm {
  /// [batch..., M, D], [batch..., D, N] (the op's [.., N, D] read
  /// transposed), [batch..., N, Dv] and [batch..., M, Dv]. The key and value
  /// batch dimensions may be 1 (broadcast) or divide the scores' (grouped
  /// heads: consecutive query heads share one).
  StridedTensor query, key, value, result;
  /// [batch..., M, N].
  Shape scoresShape;
  /// The ONNX op's qk_matmul_output when the subgraph returns it: the
  /// scores at the stage its mode names, dense as scoresShape.
  std::optional<StridedTensor> scoresOutput;
  /// Exactly one of the two is set.
  std::optional<UnfusedAttention> unfused;
  cgc_op::AttentionOp op;

  int64_t rows() const { return scoresShape[scoresShape.size() - 2]; }
  int64_t keys() const { return scoresShape.back(); }
  llvm::ArrayRef<int64_t> batch() const {
    return llvm::ArrayRef(scoresShape).drop_back(2);
  }
};

/// The subgraph's attention form; nullopt when it is neither form, or has
/// ops besides.
std::optional<AttentionForm>
analyzeAttention(cgc::FunctionalDefinitionOp definition);

/// What the kernel accepts of a form: float32 products (bool or float32
/// masks; the ONNX op also float16), softmax over the keys, head sizes up to
/// kMaxAttentionHeadSize, score operands that broadcast to the scores, grid
/// limits.
llvm::Error checkAttentionForm(cgc::SubgraphOp subgraph,
                               const AttentionForm &form);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_ATTENTIONANALYSIS_H
