//===- InputShapes.cpp - The --input-shape option -------------------------===//
#include "InputShapes.h"

#include "llvm/ADT/StringExtras.h"

namespace opencgc::cli {

const char *const kInputShapeHelp =
    "Shape of an ONNX graph input with symbolic dimensions: NAME=DIMS, "
    "e.g. images=1x3x640x640 (repeatable); it must agree with the "
    "dimensions the model declares";

namespace {
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

llvm::Expected<Shape> parseDims(llvm::StringRef spec, llvm::StringRef dims) {
  Shape shape;
  if (dims.empty())
    return shape;
  llvm::SmallVector<llvm::StringRef> parts;
  dims.split(parts, 'x');
  for (llvm::StringRef part : parts) {
    int64_t size;
    if (part.getAsInteger(10, size) || size < 0)
      return makeError("--input-shape " + spec + ": '" + part +
                       "' is not a dimension (expected NAME=D0xD1x..., e.g. "
                       "images=1x3x640x640)");
    shape.push_back(size);
  }
  return shape;
}
} // namespace

llvm::Error parseInputShapes(const std::vector<std::string> &specs,
                             std::map<std::string, Shape> &shapes) {
  for (llvm::StringRef spec : specs) {
    auto [name, dims] = spec.split('=');
    if (name.empty() || !spec.contains('='))
      return makeError("--input-shape " + spec +
                       ": expected NAME=D0xD1x..., e.g. images=1x3x640x640");
    llvm::Expected<Shape> shape = parseDims(spec, dims);
    if (!shape)
      return shape.takeError();
    if (!shapes.emplace(name.str(), std::move(*shape)).second)
      return makeError("--input-shape gives input '" + name + "' twice");
  }
  return llvm::Error::success();
}

} // namespace opencgc::cli
