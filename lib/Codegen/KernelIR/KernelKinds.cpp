//===- KernelKinds.cpp - The kinds of kernel the generator builds ---------===//
#include "KernelKinds.h"

#include "AttentionKernel.h"
#include "ConvTransposeKernel.h"
#include "ConvolutionKernel.h"
#include "DataMovementKernel.h"
#include "KernelSupport.h"
#include "NormalizationKernel.h"
#include "PoolingKernel.h"
#include "ReductionKernel.h"
#include "ResamplingKernel.h"

namespace opencgc::codegen {
namespace {
/// A builder that needs no options, as the table's entry.
template <KernelModule (*Build)(cgc::SubgraphOp)>
KernelModule ignoringOptions(cgc::SubgraphOp subgraph, const KernelOptions &) {
  return Build(subgraph);
}

bool matchesEverything(cgc::FunctionalDefinitionOp) { return true; }

/// Matched in this order: attention (which begins with a matmul or a
/// transpose) before matmul and data movement, copy movement before
/// data movement (whose epilogues compute on float32); a subgraph whose
/// first op is a pointwise convolution is a matmul before it is a
/// convolution.
const KernelKind kKernelKinds[] = {
    {"attention", isAttentionSubgraph, checkAttentionSupport, nullptr,
     buildAttentionKernel, describeAttentionConfig},
    {"matmul", isMatmulSubgraph, checkMatmulSupport, getMatmulInputLayouts,
     buildMatmulKernel, describeMatmulConfig},
    {"convolution", isConvolutionSubgraph, checkConvolutionSupport, nullptr,
     buildConvolutionKernel, describeConvolutionConfig},
    {"pooling", isPoolingSubgraph, checkPoolingSupport, nullptr,
     ignoringOptions<buildPoolingKernel>},
    {"resampling", isResamplingSubgraph, checkResamplingSupport, nullptr,
     ignoringOptions<buildResamplingKernel>},
    {"copy-movement", isCopyMovementSubgraph, checkCopyMovementSupport, nullptr,
     ignoringOptions<buildCopyMovementKernel>},
    {"data-movement", isDataMovementSubgraph, checkDataMovementSupport, nullptr,
     ignoringOptions<buildDataMovementKernel>},
    {"split", isSplitSubgraph, checkSplitSupport, nullptr,
     ignoringOptions<buildSplitKernel>},
    {"conv-transpose", isConvTransposeSubgraph, checkConvTransposeSupport,
     nullptr, ignoringOptions<buildConvTransposeKernel>},
    {"reduction", isReductionSubgraph, checkReductionSupport, nullptr,
     ignoringOptions<buildReductionKernel>},
    {"normalization", isNormalizationSubgraph, checkNormalizationSupport,
     nullptr, ignoringOptions<buildNormalizationKernel>},
    {"elementwise", matchesEverything, checkElementwiseSupport, nullptr,
     ignoringOptions<buildElementwiseKernel>},
};
} // namespace

std::string
describeChoices(llvm::ArrayRef<std::pair<bool, llvm::StringRef>> choices) {
  std::string text;
  for (auto [holds, what] : choices)
    if (holds)
      text += (text.empty() ? "; " : ", ") + what.str();
  return text;
}

llvm::ArrayRef<KernelKind> getKernelKinds() { return kKernelKinds; }

const KernelKind &getKernelKind(cgc::FunctionalDefinitionOp definition) {
  for (const KernelKind &kind : kKernelKinds)
    if (kind.matches(definition))
      return kind;
  llvm_unreachable("the elementwise kind matches every subgraph");
}

} // namespace opencgc::codegen
