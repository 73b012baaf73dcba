//===- Transformers.h - The benchmark transformers as ONNX models -*- C++ -*-=//
//
// Issue 29's models, as exporters write them: bert (BERT-base, 12 layers,
// hidden 768, one sequence of 128 tokens: input_ids, attention_mask and
// token_type_ids in, last_hidden_state out) and vit (ViT-B/16 at 224x224,
// 1000 classes), gpt2 (GPT-2 small's prefill of 128 tokens: input_ids in,
// logits out). Not yet written: GPT-2's decode step with past keys and
// values, and the variants with ONNX's Attention op.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_MODELS_TRANSFORMERS_H
#define OPENCGC_BENCH_MODELS_TRANSFORMERS_H

#include "Networks.h"

namespace opencgc::bench {

/// bert, vit, gpt2.
std::vector<NetworkRecipe> getTransformerNetworks();

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_TRANSFORMERS_H
