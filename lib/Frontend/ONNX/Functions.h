//===- Functions.h - Model-local ONNX functions, inlined --------*- C++ -*-===//
//
// A node whose (domain, op_type, overload) names a FunctionProto of the
// model calls that function (IR.md "Functions"). The importer inlines every
// call: the body's nodes, renamed for the call, take the call's inputs and
// outputs, their attribute references are resolved from the call (or the
// function's defaults), and they use the function's own opset.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_FRONTEND_ONNX_FUNCTIONS_H
#define OPENCGC_LIB_FRONTEND_ONNX_FUNCTIONS_H

#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace opencgc::onnx_import {

/// One node to convert, with the default-domain opset it is read at.
struct FlatNode {
  const onnx::NodeProto *node;
  int64_t opset;
};

class FunctionInliner {
public:
  explicit FunctionInliner(const onnx::ModelProto &model);

  /// True when `node` calls a model-local function.
  bool isCall(const onnx::NodeProto &node) const;

  /// Appends the nodes of the call `node` (made at default-domain opset
  /// `opset`) to `out`, nested calls inlined too. A recursive call or a
  /// function importing an opset we do not know is an error.
  llvm::Error inlineCall(const onnx::NodeProto &node, int64_t opset,
                         std::vector<FlatNode> &out);

private:
  const onnx::FunctionProto *lookup(const onnx::NodeProto &node) const;
  llvm::Error inlineBody(const onnx::NodeProto &call,
                         const onnx::FunctionProto &function, int64_t opset,
                         std::vector<FlatNode> &out);

  llvm::StringMap<const onnx::FunctionProto *> functions;
  /// The functions being inlined, outermost first (to refuse recursion).
  std::vector<const onnx::FunctionProto *> active;
  /// The renamed nodes; a deque so that FlatNode pointers stay valid.
  std::deque<onnx::NodeProto> storage;
  unsigned callCount = 0;
};

} // namespace opencgc::onnx_import

#endif // OPENCGC_LIB_FRONTEND_ONNX_FUNCTIONS_H
