//===- IndexingConverters.cpp - ONNX converters of the indexing family -----===//
#include "ConverterRegistry.h"
#include "ConverterUtils.h"

#include "opencgc/Dialect/CGCOp/IndexingOps.h"

using namespace mlir;

namespace opencgc::onnx_import {

void registerIndexingConverters(ConverterRegistry &registry) {}

} // namespace opencgc::onnx_import
