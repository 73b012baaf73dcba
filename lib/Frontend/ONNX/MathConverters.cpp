//===- MathConverters.cpp - ONNX converters of the math family -----===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/MathOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerMathConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
