//===- ConverterRegistry.cpp - ONNX op converters by op type --------------===//
#include "ConverterRegistry.h"

namespace opencgc::onnx_import {

void ConverterRegistry::add(llvm::StringRef opType, ConverterFn converter,
                            std::initializer_list<llvm::StringRef> attributes) {
  Converter &entry = converters[opType];
  entry.convert = converter;
  for (llvm::StringRef attribute : attributes)
    entry.attributes.push_back(attribute.str());
}

const Converter *ConverterRegistry::lookup(llvm::StringRef opType) const {
  auto it = converters.find(opType);
  return it == converters.end() ? nullptr : &it->second;
}

const ConverterRegistry &ConverterRegistry::get() {
  static const ConverterRegistry registry = [] {
    ConverterRegistry r;
    registerElementwiseConverters(r);
    registerLinalgConverters(r);
    registerPoolingConverters(r);
    registerDataMovementConverters(r);
    registerMathConverters(r);
    registerLogicConverters(r);
    registerReductionConverters(r);
    registerNormalizationConverters(r);
    registerIndexingConverters(r);
    registerResamplingConverters(r);
    registerQuantizationConverters(r);
    registerSignalConverters(r);
    registerRecurrentConverters(r);
    return r;
  }();
  return registry;
}

} // namespace opencgc::onnx_import
