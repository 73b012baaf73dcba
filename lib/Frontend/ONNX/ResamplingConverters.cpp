//===- ResamplingConverters.cpp - ONNX converters of the resampling family -===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/ResamplingOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerResamplingConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
