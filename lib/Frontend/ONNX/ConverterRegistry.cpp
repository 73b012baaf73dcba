//===- ConverterRegistry.cpp - ONNX op converters by op type --------------===//
#include "ConverterRegistry.h"

#include "llvm/Support/ErrorHandling.h"

namespace opencgc::onnx_import {
namespace {

/// The default of a converter registered without versions: its op's
/// versions up to opset 17, or its first one if it is newer.
int64_t defaultNewestVersion(llvm::StringRef opType) {
  const OpHistory *history = findOpHistory(opType);
  if (!history)
    return kLibonnxOpset;
  if (int64_t version = history->versionAt(kLibonnxOpset))
    return version;
  return history->sinceVersions.front();
}

} // namespace

void ConverterRegistry::add(llvm::StringRef opType, ConverterFn converter,
                            std::initializer_list<llvm::StringRef> attributes) {
  add(opType, converter, attributes, upTo(defaultNewestVersion(opType)));
}

void ConverterRegistry::add(llvm::StringRef opType, ConverterFn converter,
                            std::initializer_list<llvm::StringRef> attributes,
                            OpVersions versions) {
  // A version that is no since-version of the op is a typo in a
  // registration; every import would reach it, so fail at once.
  const OpHistory *history = findOpHistory(opType);
  if (history && !history->isSinceVersion(versions.newest))
    llvm::report_fatal_error(llvm::Twine("ONNX converter for ") + opType +
                             ": " + llvm::Twine(versions.newest) +
                             " is not a version of the op");
  Converter &entry = converters[opType];
  entry.convert = converter;
  entry.newestVersion = versions.newest;
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
