//===- ConverterRegistry.h - ONNX op converters by op type ------*- C++ -*-===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_CONVERTERREGISTRY_H
#define OPENCGC_LIB_FRONTEND_ONNX_CONVERTERREGISTRY_H

#include "ImportContext.h"

namespace opencgc::onnx_import {

/// Converts the context's current node into cgc_op ops and defines its
/// outputs. Returns an UnsupportedError for features we do not handle.
using ConverterFn = llvm::Error (*)(ImportContext &context);

/// A converter and the ONNX attributes it understands; the importer rejects
/// a node carrying any other attribute as unsupported, so no attribute is
/// silently ignored.
struct Converter {
  ConverterFn convert = nullptr;
  std::vector<std::string> attributes;
};

class ConverterRegistry {
public:
  void add(llvm::StringRef opType, ConverterFn converter,
           std::initializer_list<llvm::StringRef> attributes = {});
  const Converter *lookup(llvm::StringRef opType) const;
  static const ConverterRegistry &get();

private:
  llvm::StringMap<Converter> converters;
};

// One registration function per converter family (one file each).
void registerElementwiseConverters(ConverterRegistry &registry);
void registerLinalgConverters(ConverterRegistry &registry);
void registerPoolingConverters(ConverterRegistry &registry);
void registerDataMovementConverters(ConverterRegistry &registry);
void registerMathConverters(ConverterRegistry &registry);
void registerLogicConverters(ConverterRegistry &registry);
void registerReductionConverters(ConverterRegistry &registry);
void registerNormalizationConverters(ConverterRegistry &registry);
void registerIndexingConverters(ConverterRegistry &registry);
void registerResamplingConverters(ConverterRegistry &registry);
void registerQuantizationConverters(ConverterRegistry &registry);
void registerSignalConverters(ConverterRegistry &registry);
void registerRecurrentConverters(ConverterRegistry &registry);

} // namespace opencgc::onnx_import

#endif // OPENCGC_LIB_FRONTEND_ONNX_CONVERTERREGISTRY_H
