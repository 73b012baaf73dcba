//===- InputShapes.h - The --input-shape option -----------------*- C++ -*-===//
//
// `--input-shape NAME=1x3x640x640` (repeatable) on import, compile, run and
// bench: the shape of an ONNX graph input whose dimensions the model leaves
// symbolic (docs/onnx.md).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TOOLS_OPENCGC_INPUTSHAPES_H
#define OPENCGC_TOOLS_OPENCGC_INPUTSHAPES_H

#include "opencgc/Tensor/Tensor.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace opencgc::cli {

/// The help text of --input-shape, the same on every command.
extern const char *const kInputShapeHelp;

/// Parses `NAME=D0xD1x...` specs (a scalar is `NAME=`); a malformed spec or
/// a name given twice is an error.
llvm::Error parseInputShapes(const std::vector<std::string> &specs,
                             std::map<std::string, Shape> &shapes);

} // namespace opencgc::cli

#endif // OPENCGC_TOOLS_OPENCGC_INPUTSHAPES_H
