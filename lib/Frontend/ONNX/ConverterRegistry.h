//===- ConverterRegistry.h - ONNX op converters by op type ------*- C++ -*-===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_CONVERTERREGISTRY_H
#define OPENCGC_LIB_FRONTEND_ONNX_CONVERTERREGISTRY_H

#include "ImportContext.h"
#include "opencgc/Frontend/ONNX/OpVersions.h"

namespace opencgc::onnx_import {

/// Converts the context's current node into cgc_op ops and defines its
/// outputs. Returns an UnsupportedError for features we do not handle.
using ConverterFn = llvm::Error (*)(ImportContext &context);

/// The versions of its op a converter implements: every since-version of
/// the op up to and including `newest` (a since-version of the op, checked
/// when the converter is registered). Older versions' semantics are the
/// converter's to handle (ImportContext::getOpVersion).
struct OpVersions {
  int64_t newest = 0;
};
inline OpVersions upTo(int64_t newest) { return OpVersions{newest}; }

/// A converter, the ONNX attributes it understands and the newest version
/// of its op it implements. The importer rejects a node carrying any other
/// attribute, or whose op version at the model's opset is newer, as
/// unsupported: no attribute and no newer semantics is silently ignored.
struct Converter {
  ConverterFn convert = nullptr;
  std::vector<std::string> attributes;
  int64_t newestVersion = 0;
};

class ConverterRegistry {
public:
  /// A converter registered without versions implements the versions its
  /// op has up to opset 17 (kLibonnxOpset, what converters were written
  /// against), or the op's first version for an op added after opset 17.
  void add(llvm::StringRef opType, ConverterFn converter,
           std::initializer_list<llvm::StringRef> attributes = {});
  void add(llvm::StringRef opType, ConverterFn converter,
           std::initializer_list<llvm::StringRef> attributes,
           OpVersions versions);
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
