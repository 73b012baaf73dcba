//===- ReductionOps.td - cgc_op reduction family ---------------*- tablegen -*-===//
//
// The reductions, arg_max/arg_min, log_softmax, hardmax, cum_sum and top_k.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/ReductionInference.cpp), a reference kernel
// (lib/ReferenceKernels/ReductionKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/ReductionConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD
#define OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

//===----------------------------------------------------------------------===//
// Reductions over a set of axes (ONNX Reduce*)
//===----------------------------------------------------------------------===//

// axes absent or empty reduces every axis, unless noop_with_empty_axes, in
// which case no axis is reduced (each element is its own group, so e.g.
// reduce_sum_square squares elementwise). keepdims keeps reduced axes as 1.
class CGCOp_ReduceOp<string mnemonic, string what>
    : CGCOp_LayerOp<mnemonic> {
  let summary = what # " over the given axes (ONNX opset 18 semantics)";
  let arguments = (ins
      CGC_AnyTensor:$input,
      OptionalAttr<I64ArrayAttr>:$axes,
      DefaultValuedAttr<BoolAttr, "true">:$keepdims,
      DefaultValuedAttr<BoolAttr, "false">:$noop_with_empty_axes);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ReduceSumOp : CGCOp_ReduceOp<"reduce_sum", "Sum">;
def CGCOp_ReduceMeanOp : CGCOp_ReduceOp<"reduce_mean", "Arithmetic mean">;
def CGCOp_ReduceMaxOp : CGCOp_ReduceOp<"reduce_max", "Maximum">;
def CGCOp_ReduceMinOp : CGCOp_ReduceOp<"reduce_min", "Minimum">;
def CGCOp_ReduceProdOp : CGCOp_ReduceOp<"reduce_prod", "Product">;
def CGCOp_ReduceL1Op : CGCOp_ReduceOp<"reduce_l1", "Sum of absolute values">;
def CGCOp_ReduceL2Op : CGCOp_ReduceOp<"reduce_l2", "Euclidean norm">;
def CGCOp_ReduceLogSumOp : CGCOp_ReduceOp<"reduce_log_sum", "log of the sum">;
def CGCOp_ReduceLogSumExpOp
    : CGCOp_ReduceOp<"reduce_log_sum_exp", "log of the sum of exponentials">;
def CGCOp_ReduceSumSquareOp
    : CGCOp_ReduceOp<"reduce_sum_square", "Sum of squares">;

//===----------------------------------------------------------------------===//
// Index of the extreme value (ONNX ArgMax/ArgMin)
//===----------------------------------------------------------------------===//

class CGCOp_ArgReduceOp<string mnemonic, string what>
    : CGCOp_LayerOp<mnemonic> {
  let summary = "int64 index of the " # what # " along one axis";
  let description = [{
    Ties go to the first index, or the last one with select_last_index.
  }];
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<BoolAttr, "true">:$keepdims,
                       DefaultValuedAttr<BoolAttr, "false">:$select_last_index);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_ArgMaxOp : CGCOp_ArgReduceOp<"arg_max", "maximum">;
def CGCOp_ArgMinOp : CGCOp_ArgReduceOp<"arg_min", "minimum">;

//===----------------------------------------------------------------------===//
// Along one axis
//===----------------------------------------------------------------------===//

def CGCOp_LogSoftmaxOp : CGCOp_LayerOp<"log_softmax"> {
  let summary = "log(softmax(x)) along one axis (ONNX opset 13 semantics)";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_HardmaxOp : CGCOp_LayerOp<"hardmax"> {
  let summary = "1 at the first maximum along one axis, 0 elsewhere "
                "(ONNX opset 13 semantics)";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_CumSumOp : CGCOp_LayerOp<"cum_sum"> {
  let summary = "Cumulative sum along one axis";
  let description = [{
    exclusive leaves the current element out of its sum; reverse sums from
    the end of the axis.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_CumProdOp : CGCOp_LayerOp<"cum_prod"> {
  let summary = "Cumulative product along one axis (ONNX CumProd, opset 26)";
  let description = [{
    exclusive leaves the current element out of its product (the first
    is 1); reverse multiplies from the end of the axis.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_DftOp : CGCOp_LayerOp<"dft"> {
  let summary = "Discrete Fourier transform along one axis (ONNX DFT)";
  let description = [{
    The last dimension holds real (1) or complex (2: real, imaginary)
    values; axis (>= 0) is another dimension. Its first dft_length values
    (zero-padded beyond it) are transformed: forward, inverse (divided by
    dft_length), one-sided forward (RFFT of real input: dft_length / 2 + 1
    outputs) or one-sided inverse (IRFFT of the first half of a Hermitian
    spectrum: dft_length real outputs).
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$axis,
                       I64Attr:$dft_length,
                       DefaultValuedAttr<BoolAttr, "false">:$inverse,
                       DefaultValuedAttr<BoolAttr, "false">:$onesided);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_StftOp : CGCOp_LayerOp<"stft"> {
  let summary = "Short-time Fourier transform (ONNX STFT, opset 17)";
  let description = [{
    signal B x L x 1 (real) or x 2 (complex); window of frame_length
    values. Frame f is signal[f * frame_step + n] * window[n], n <
    frame_length, and its DFT of length frame_length makes output[b, f]:
    B x frames x bins x 2, bins = frame_length / 2 + 1 when onesided
    (real signal and window), frame_length otherwise.
  }];
  let arguments = (ins CGC_AnyTensor:$signal, CGC_AnyTensor:$window,
                       I64Attr:$frame_step,
                       DefaultValuedAttr<BoolAttr, "true">:$onesided);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_TopKOp : CGCOp_LayerOp<"top_k"> {
  let summary = "The k largest (or smallest) values along one axis and "
                "their int64 indices";
  let description = [{
    Equal values are ordered by increasing index, as ONNX specifies. The
    reference implementation always sorts, which is also a valid result
    for sorted = false.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$k,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<BoolAttr, "true">:$largest,
                       DefaultValuedAttr<BoolAttr, "true">:$sorted);
  let results = (outs CGC_AnyTensor:$values, CGC_AnyTensor:$indices);
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

// input N x C x d1..dk (log-probabilities for the NLL loss, scores for the
// softmax cross entropy), target N x d1..dk of class indices, optional
// weight C. reduction is "none" (loss shaped like target), "sum" or "mean"
// (weighted mean over the non-ignored targets). Targets equal to
// ignore_index contribute nothing.
class CGCOp_LossOp<string mnemonic, dag extraResults>
    : CGCOp_LayerOp<mnemonic> {
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$target,
                       Optional<CGC_AnyTensor>:$weight,
                       DefaultValuedAttr<StrAttr, "\"mean\"">:$reduction,
                       OptionalAttr<I64Attr>:$ignore_index);
  let results = !con((outs CGC_AnyTensor:$loss), extraResults);
}

def CGCOp_NegativeLogLikelihoodLossOp
    : CGCOp_LossOp<"negative_log_likelihood_loss", (outs)> {
  let summary = "-input[n, target[n, d], d] * weight[target[n, d]], reduced";
}

def CGCOp_SoftmaxCrossEntropyLossOp
    : CGCOp_LossOp<"softmax_cross_entropy_loss",
                   (outs CGC_AnyTensor:$log_prob)> {
  let summary = "The NLL loss of log_softmax(input) along axis 1, which is "
                "also returned as log_prob";
}

#endif // OPENCGC_DIALECT_CGCOP_REDUCTIONOPS_TD
