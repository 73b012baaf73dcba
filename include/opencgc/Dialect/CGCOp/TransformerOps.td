//===- TransformerOps.td - cgc_op transformer family -------*- tablegen -*-===//
//
// The ops transformer models are built from that ONNX added in opsets 23
// to 27: RMS normalization, rotary embeddings, scaled dot-product
// attention, key/value cache updates, stateful causal convolution and
// linear attention.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/TransformerInference.cpp), a reference kernel
// (lib/ReferenceKernels/TransformerKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/NormalizationConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_TD
#define OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

def CGCOp_RmsNormalizationOp : CGCOp_LayerOp<"rms_normalization"> {
  let summary = "x / sqrt(mean(x^2 over axis..rank-1) + epsilon) * scale";
  let description = [{
    ONNX RMSNormalization (opset 23). scale broadcasts (unidirectionally)
    to input.shape[axis:]. The mean of squares is taken in the precision
    stash_type names (ONNX TensorProto data type, 1 = float32); the
    reference computes it in double.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon,
                       DefaultValuedAttr<I64Attr, "1">:$stash_type);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_RotaryEmbeddingOp : CGCOp_LayerOp<"rotary_embedding"> {
  let summary = "Rotary positional embedding (ONNX RotaryEmbedding, opset 23)";
  let description = [{
    input is B x heads x S x head_size, or B x S x hidden with num_heads
    set (hidden = num_heads x head_size). The first rotary_embedding_dim
    (0: all) values of each head are rotated, as halves or (interleaved)
    as even/odd pairs, by the angles whose cosines and sines cos_cache and
    sin_cache hold: P x rot/2 tables indexed by position_ids (B x S, int64)
    when given, B x S x rot/2 otherwise.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$cos_cache,
                       CGC_AnyTensor:$sin_cache,
                       Optional<CGC_AnyTensor>:$position_ids,
                       DefaultValuedAttr<BoolAttr, "false">:$interleaved,
                       DefaultValuedAttr<I64Attr, "0">:$num_heads,
                       DefaultValuedAttr<I64Attr, "0">:$rotary_embedding_dim);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_AttentionOp : CGCOp_LayerOp<"attention"> {
  let summary = "Scaled dot-product attention over 4-D heads (ONNX Attention)";
  let description = [{
    query B x Hq x Sq x D, key B x Hkv x T x D, value B x Hkv x T x Dv with
    Hq a multiple of Hkv (grouped-query attention). scores = query . key^T
    * scale (default 1/sqrt(D)); with softcap > 0, softcap * tanh(scores /
    softcap); plus the mask (bool: false adds -inf; float: added), which
    broadcasts to B x Hq x Sq x T and whose last dimension may be shorter
    (missing columns are -inf); with is_causal, key j is masked for query
    i unless j <= i + causal_offset. Softmax over keys, then times value:
    output B x Hq x Sq x Dv. A row with every key masked gives zeros. The
    second result is qk_matmul_output, B x Hq x Sq x T: the scaled scores
    (mode 0), after softcap (1), after the mask (2) or after softmax (3).
    ONNX's 3-D forms and key/value caches are reshapes, transposes and
    concatenations the importer adds around this op.
  }];
  let arguments = (ins CGC_AnyTensor:$query, CGC_AnyTensor:$key,
                       CGC_AnyTensor:$value,
                       Optional<CGC_AnyTensor>:$mask,
                       DefaultValuedAttr<BoolAttr, "false">:$is_causal,
                       DefaultValuedAttr<I64Attr, "0">:$causal_offset,
                       OptionalAttr<F32Attr>:$scale,
                       DefaultValuedAttr<F32Attr, "0.0f">:$softcap,
                       DefaultValuedAttr<I64Attr, "0">:$qk_matmul_output_mode);
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$qk_matmul_output);
}

def CGCOp_TensorScatterOp : CGCOp_LayerOp<"tensor_scatter"> {
  let summary = "Writes an update into a key/value cache (ONNX TensorScatter, "
                "opset 24)";
  let description = [{
    past_cache B x ... x M x ... and update B x ... x S x ... differ only
    along axis (not 0), the sequence. For every batch b the update's S
    positions are written from write_indices[b] (int64, B; 0 when absent)
    on; mode "circular" wraps them modulo M, "linear" requires them to fit.
  }];
  let arguments = (ins CGC_AnyTensor:$past_cache, CGC_AnyTensor:$update,
                       Optional<CGC_AnyTensor>:$write_indices,
                       DefaultValuedAttr<I64Attr, "-2">:$axis,
                       DefaultValuedAttr<StrAttr, "\"linear\"">:$mode);
  let results = (outs CGC_AnyTensor:$present_cache);
}

def CGCOp_CausalConvWithStateOp : CGCOp_LayerOp<"causal_conv_with_state"> {
  let summary = "Stateful causal depthwise 1-D convolution (ONNX "
                "CausalConvWithState, opset 27)";
  let description = [{
    input B x C x L, weight C x 1 x K, bias C, past_state B x C x (K - 1).
    Over past_state followed by input, output[b, c, t] = bias[c] + sum_k
    weight[c, 0, k] * padded[b, c, t + k], then activation ("none", "silu"
    or "swish": x * sigmoid(x)); present_state is the last K - 1 positions
    of the padded sequence.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
                       CGC_AnyTensor:$bias, CGC_AnyTensor:$past_state,
                       DefaultValuedAttr<StrAttr, "\"none\"">:$activation);
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$present_state);
}

def CGCOp_LinearAttentionOp : CGCOp_LayerOp<"linear_attention"> {
  let summary = "Recurrent linear attention (ONNX LinearAttention, opset 27)";
  let description = [{
    query B x T x (Hq * dk), key B x T x (Hkv * dk), value B x T x (Hkv *
    dv), past_state B x Hkv x dk x dv, decay B x T x (Hkv * dk or Hkv),
    beta B x T x (Hkv or 1). Per step t and kv head the state S (dk x dv)
    is decayed by exp(decay) row-wise ("gated", "gated_delta"), the value
    replaced by beta * (v - S^T k) ("delta", "gated_delta"), then S += k v^T;
    query head h reads scale * q^T S of kv head h / (Hq / Hkv). Results:
    output B x T x (Hq * dv) and the final state. decay and beta are read
    only by the update rules that use them.
  }];
  let arguments = (ins CGC_AnyTensor:$query, CGC_AnyTensor:$key,
                       CGC_AnyTensor:$value, CGC_AnyTensor:$past_state,
                       CGC_AnyTensor:$decay, CGC_AnyTensor:$beta,
                       I64Attr:$q_num_heads, I64Attr:$kv_num_heads,
                       DefaultValuedAttr<F32Attr, "0.0f">:$scale,
                       DefaultValuedAttr<StrAttr, "\"gated_delta\"">:$update_rule);
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$present_state);
}

#endif // OPENCGC_DIALECT_CGCOP_TRANSFORMEROPS_TD
