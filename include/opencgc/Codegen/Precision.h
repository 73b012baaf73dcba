//===- Precision.h - How float32 products are computed ----------*- C++ -*-===//
//
// ONNX float32 models are float32 (exact float32 products by default); on
// GPUs with tensor cores a user may trade accuracy for speed (issue 27,
// --precision): tf32 rounds the factors to TF32 (10-bit mantissa, relative
// error about 2.6e-4 at K = 512, shared/reference/nvvm-tensor-cores.md),
// tf32x3 splits each factor into a TF32 big and small part and adds three
// products, keeping float32 accuracy at a third of tf32's speed.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_CODEGEN_PRECISION_H
#define OPENCGC_CODEGEN_PRECISION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace opencgc::codegen {

enum class Precision { Fp32, Tf32, Tf32x3 };

/// "fp32", "tf32" or "tf32x3", as --precision takes it.
llvm::StringRef getPrecisionName(Precision precision);

/// The precision `name` names; the error lists the names.
llvm::Expected<Precision> parsePrecision(llvm::StringRef name);

} // namespace opencgc::codegen

#endif // OPENCGC_CODEGEN_PRECISION_H
