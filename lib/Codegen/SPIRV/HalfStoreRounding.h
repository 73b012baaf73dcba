//===- HalfStoreRounding.h - float16 stores round to nearest -*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_SPIRV_HALFSTOREROUNDING_H
#define OPENCGC_LIB_CODEGEN_SPIRV_HALFSTOREROUNDING_H

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace opencgc::codegen {

/// Decorates each OpFConvert to float16 whose result is only stored to a
/// storage buffer with FPRoundingMode RTE. Without it the rounding is the
/// driver's choice: replayed on an NVIDIA H200, ONNX's float-to-float16
/// cast tests came out one float16 ULP off where lavapipe matched ONNX,
/// whose float16 results round to nearest even. SPV_KHR_16bit_storage
/// allows the decoration exactly there: on a conversion whose result an
/// OpStore writes through a 16-bit storage buffer pointer.
void roundHalfStoresToNearestEven(mlir::spirv::ModuleOp module);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_SPIRV_HALFSTOREROUNDING_H
