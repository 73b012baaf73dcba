//===- Precision.cpp - How float32 products are computed ------------------===//
#include "opencgc/Codegen/Precision.h"

namespace opencgc::codegen {

llvm::StringRef getPrecisionName(Precision precision) {
  switch (precision) {
  case Precision::Fp32:
    return "fp32";
  case Precision::Tf32:
    return "tf32";
  case Precision::Tf32x3:
    return "tf32x3";
  }
  return "fp32";
}

llvm::Expected<Precision> parsePrecision(llvm::StringRef name) {
  for (Precision precision :
       {Precision::Fp32, Precision::Tf32, Precision::Tf32x3})
    if (name == getPrecisionName(precision))
      return precision;
  return llvm::createStringError("unknown precision '" + name.str() +
                                 "' (known: fp32, tf32, tf32x3)");
}

} // namespace opencgc::codegen
