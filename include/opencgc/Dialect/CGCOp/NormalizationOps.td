//===- NormalizationOps.td - cgc_op normalization family ---*- tablegen -*-===//
//
// The batch/layer/instance normalization, LRN, mean-variance normalization,
// Lp normalization, Lp pooling and einsum ops.
// Each op has ONNX semantics, a verifier through shape inference
// (lib/Dialect/CGCOp/NormalizationInference.cpp), a reference kernel
// (lib/ReferenceKernels/NormalizationKernels.cpp) and an ONNX converter
// (lib/Frontend/ONNX/NormalizationConverters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD
#define OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

def CGCOp_BatchNormalizationOp : CGCOp_LayerOp<"batch_normalization"> {
  let summary = "Inference-mode batch normalization (ONNX BatchNormalization)";
  let description = [{
    input N x C x D1..Dn (n >= 0); scale, bias, mean and variance have shape
    C. output = (input - mean) / sqrt(variance + epsilon) * scale + bias,
    per channel.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       CGC_AnyTensor:$bias, CGC_AnyTensor:$mean,
                       CGC_AnyTensor:$variance,
                       DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_LayerNormalizationOp : CGCOp_LayerOp<"layer_normalization"> {
  let summary = "Layer normalization over the dimensions from `axis` on";
  let description = [{
    ONNX LayerNormalization (opset 17). scale and the optional bias
    broadcast (unidirectionally) to input.shape[axis:]. Besides the output,
    returns the mean and the inverse standard deviation, shaped like the
    input with the normalized dimensions set to 1; their element type is
    the one stash_type names (ONNX TensorProto data type, 1 = float32).
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       Optional<CGC_AnyTensor>:$bias,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon,
                       DefaultValuedAttr<I64Attr, "1">:$stash_type);
  let results = (outs CGC_AnyTensor:$output, CGC_AnyTensor:$mean,
                      CGC_AnyTensor:$inv_std_dev);
}

def CGCOp_InstanceNormalizationOp : CGCOp_LayerOp<"instance_normalization"> {
  let summary = "Normalizes each (N, C) plane over its spatial dimensions";
  let description = [{
    input N x C x D1..Dn (n >= 1); scale and bias have shape C.
    output = scale * (input - mean) / sqrt(variance + epsilon) + bias.
  }];
  let arguments = (ins CGC_AnyTensor:$input, CGC_AnyTensor:$scale,
                       CGC_AnyTensor:$bias,
                       DefaultValuedAttr<F32Attr, "1e-5f">:$epsilon);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_LrnOp : CGCOp_LayerOp<"lrn"> {
  let summary = "Local response normalization across channels (ONNX LRN)";
  let description = [{
    output = input / (bias + alpha / size * square_sum)^beta, where
    square_sum sums input^2 over the channels
    [c - floor((size-1)/2), c + ceil((size-1)/2)] that exist.
  }];
  let arguments = (ins CGC_AnyTensor:$input, I64Attr:$size,
                       DefaultValuedAttr<F32Attr, "1e-4f">:$alpha,
                       DefaultValuedAttr<F32Attr, "0.75f">:$beta,
                       DefaultValuedAttr<F32Attr, "1.0f">:$bias);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_MeanVarianceNormalizationOp
    : CGCOp_LayerOp<"mean_variance_normalization"> {
  let summary = "(X - E[X]) / (sqrt(E[(X - E[X])^2]) + 1e-9) over `axes`";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64ArrayAttr, "{0, 2, 3}">:$axes);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_LpNormalizationOp : CGCOp_LayerOp<"lp_normalization"> {
  let summary = "Divides by the Lp norm (p = 1 or 2) along one axis";
  let arguments = (ins CGC_AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<I64Attr, "2">:$p);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_LpPoolingOp : CGCOp_LayerOp<"lp_pooling"> {
  let summary = "(sum of |x|^p over each window)^(1/p) (ONNX LpPool)";
  let arguments = (ins CGC_AnyTensor:$input,
                       I64ArrayAttr:$window_size,
                       OptionalAttr<I64ArrayAttr>:$strides,
                       OptionalAttr<I64ArrayAttr>:$dilations,
                       OptionalAttr<I64ArrayAttr>:$start_padding,
                       OptionalAttr<I64ArrayAttr>:$end_padding,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                       DefaultValuedAttr<I64Attr, "2">:$p);
  let results = (outs CGC_AnyTensor:$output);
}

def CGCOp_EinsumOp : CGCOp_LayerOp<"einsum"> {
  let summary = "Einstein summation (ONNX Einsum)";
  let description = [{
    equation: comma-separated lowercase/uppercase index labels per input,
    optionally "->" and the output labels; "..." stands for broadcast
    leading dimensions. Without "->" the output holds the ellipsis
    dimensions, then the labels seen exactly once in alphabetical order.
  }];
  let arguments = (ins Variadic<CGC_AnyTensor>:$inputs, StrAttr:$equation);
  let results = (outs CGC_AnyTensor:$output);
  let extraClassDeclaration = [{
    /// The equation resolved against operand shapes. Labels are numbered
    /// 'A'..'Z' = 0..25, 'a'..'z' = 26..51, and the k-th "..." dimension
    /// (of the broadcast ellipsis shape) is 52 + k.
    struct Spec {
      ::llvm::SmallVector<int64_t> labelSizes; // -1 for unused labels
      ::llvm::SmallVector<::llvm::SmallVector<int64_t>> inputLabels;
      ::llvm::SmallVector<int64_t> outputLabels;
    };
    /// Parses `equation` for operands of `shapes`; on failure sets `error`.
    static ::mlir::FailureOr<Spec>
    resolveEquation(::llvm::StringRef equation,
                    ::llvm::ArrayRef<::llvm::ArrayRef<int64_t>> shapes,
                    std::string &error);
  }];
}

#endif // OPENCGC_DIALECT_CGCOP_NORMALIZATIONOPS_TD
