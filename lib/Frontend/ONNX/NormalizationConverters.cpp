//===- NormalizationConverters.cpp - ONNX converters of the normalization family -----===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/NormalizationOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerNormalizationConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
