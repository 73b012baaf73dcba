//===- ReductionConverters.cpp - ONNX converters of the reduction family -----===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/ReductionOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerReductionConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
