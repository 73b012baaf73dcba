//===- Transformers.h - The benchmark transformers as ONNX models -*- C++ -*-=//
//
// Issue 29's models, as exporters write them: bert (BERT-base, 12 layers,
// hidden 768, one sequence of 128 tokens: input_ids, attention_mask and
// token_type_ids in, last_hidden_state out) and vit (ViT-B/16 at 224x224,
// 1000 classes), gpt2 (GPT-2 small's prefill of 128 tokens: input_ids in,
// logits out) and gpt2-decode (its decode step: one token after 128 cached,
// past keys and values in, present ones out), and bert-attention23 (BERT
// with each layer's attention one ONNX Attention node, opset 23).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_MODELS_TRANSFORMERS_H
#define OPENCGC_BENCH_MODELS_TRANSFORMERS_H

#include "Networks.h"

namespace opencgc::bench {

/// bert, bert-attention23, vit, gpt2, gpt2-decode.
std::vector<NetworkRecipe> getTransformerNetworks();

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_MODELS_TRANSFORMERS_H
