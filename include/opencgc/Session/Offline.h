//===- Offline.h - Import and compile models ahead of time ------*- C++ -*-===//
//
// What `opencgc import` and `opencgc compile -o DIR` do, as functions
// (docs/api.md): a compiled directory then loads into a Session without
// compiling the graph again.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_SESSION_OFFLINE_H
#define OPENCGC_SESSION_OFFLINE_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opencgc {

struct CompileModelOptions {
  /// The compile target (`opencgc compile --target`); empty: the default
  /// device's (vulkan).
  std::string target;
  /// Shapes of ONNX inputs with symbolic dimensions, by input name.
  std::map<std::string, std::vector<int64_t>> inputShapes;
  /// Weights of an IR model (default: the .cgcw beside it).
  std::string weightsPath;
};

/// Compiles the model at `path` into `outputDirectory` (Output IR,
/// partitions, plan.json, weights), as `opencgc compile -o` does.
llvm::Error compileModel(const std::string &path,
                         const std::string &outputDirectory,
                         const CompileModelOptions &options = {});

/// Imports the ONNX model at `path` into CGC Input IR at `output` (.mlir,
/// .mlirbc or .cgc) with its weights beside it (.cgcw), as `opencgc import`
/// does.
llvm::Error
importOnnx(const std::string &path, const std::string &output,
           const std::map<std::string, std::vector<int64_t>> &inputShapes = {});

} // namespace opencgc

#endif // OPENCGC_SESSION_OFFLINE_H
