//===- Transformers.h - The benchmark transformers as ONNX models -*- C++ -*-=//
//
// Issue 29's models, as exporters write them: bert (BERT-base, 12 layers,
// hidden 768, one sequence of 128 tokens: input_ids, attention_mask and
// token_type_ids in, last_hidden_state out) and vit (ViT-B/16 at 224x224,
// 1000 classes). Not yet written: GPT-2's prefill and decode, and the
// variants with ONNX's Attention op.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_MODELS_TRANSFORMERS_H
#define OPENCGC_BENCH_MODELS_TRANSFORMERS_H

#include "Networks.h"

namespace opencgc::bench {

/// bert, vit.
std::vector<NetworkRecipe> getTransformerNetworks();

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_TRANSFORMERS_H
