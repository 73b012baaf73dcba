//===- LogicConverters.cpp - ONNX converters of the logic family -----===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/LogicOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerLogicConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
