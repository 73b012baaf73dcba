//===- NodeStyle.cpp - How each kind of node is drawn ---------------------===//
#include "NodeStyle.h"

#include "opencgc/Visualize/GraphWriters.h"

namespace opencgc::visualize {
namespace {
// The classDef lines of the specification's two kinds of diagram.
constexpr NodeClass kInputClasses[] = {
    {"layer", "#66bbff"}, {"const", "#bbff66"}, {"io", "#ffff66"}};
constexpr NodeClass kOutputClasses[] = {{"op", "#66bbff"},
                                        {"buffer", "#ffff66"},
                                        {"intermediate", "#66ffff"},
                                        {"constant", "#bbff66"},
                                        {"memview", "#ffffff"}};
} // namespace

bool isInputKind(NodeKind kind) {
  switch (kind) {
  case NodeKind::Argument:
  case NodeKind::Constant:
  case NodeKind::Layer:
  case NodeKind::Result:
    return true;
  case NodeKind::ProgramArgument:
  case NodeKind::ProgramConstant:
  case NodeKind::Invoke:
    return false;
  }
  return false;
}

const NodeClass &getNodeClass(NodeKind kind) {
  switch (kind) {
  case NodeKind::Layer:
    return kInputClasses[0];
  case NodeKind::Constant:
    return kInputClasses[1];
  case NodeKind::Argument:
  case NodeKind::Result:
    return kInputClasses[2];
  case NodeKind::Invoke:
    return kOutputClasses[0];
  case NodeKind::ProgramArgument:
    return kOutputClasses[1];
  case NodeKind::ProgramConstant:
    return kOutputClasses[3];
  }
  return kOutputClasses[4];
}

llvm::ArrayRef<NodeClass> getDiagramClasses(bool input) {
  if (input)
    return kInputClasses;
  return kOutputClasses;
}

bool isRounded(NodeKind kind) {
  return kind == NodeKind::ProgramArgument || kind == NodeKind::ProgramConstant;
}

} // namespace opencgc::visualize
