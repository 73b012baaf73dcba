//===- Functions.cpp - Model-local ONNX functions, inlined ----------------===//
#include "Functions.h"

#include "opencgc/Frontend/ONNX/OpVersions.h"
#include "llvm/ADT/STLExtras.h"

#include <google/protobuf/unknown_field_set.h>
#include <optional>

namespace opencgc::onnx_import {
namespace {

// Fields newer than libonnx 1.12's onnx.proto, read from the unknown
// fields protobuf keeps: FunctionProto.attribute_proto (IR version 9) and
// the overloads of IR version 10.
constexpr int kFunctionAttributeProto = 11;
constexpr int kFunctionOverload = 13;
constexpr int kNodeOverload = 8;

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// The length-delimited unknown fields numbered `number` of `message`.
std::vector<std::string> unknownBytes(const google::protobuf::Message &message,
                                      int number) {
  std::vector<std::string> result;
  const google::protobuf::UnknownFieldSet &fields =
      message.GetReflection()->GetUnknownFields(message);
  for (int i = 0; i < fields.field_count(); ++i) {
    const google::protobuf::UnknownField &field = fields.field(i);
    if (field.number() == number &&
        field.type() == google::protobuf::UnknownField::TYPE_LENGTH_DELIMITED)
      result.push_back(field.length_delimited());
  }
  return result;
}

std::string unknownString(const google::protobuf::Message &message,
                          int number) {
  std::vector<std::string> values = unknownBytes(message, number);
  return values.empty() ? std::string() : values.back();
}

/// "ai.onnx" and "" both name the default domain.
std::string functionKey(llvm::StringRef domain, llvm::StringRef name,
                        llvm::StringRef overload) {
  if (domain == "ai.onnx")
    domain = "";
  return (domain + "\n" + name + "\n" + overload).str();
}

/// The default-domain opset the function's body uses: its own import, or
/// the caller's when the function imports none (IR.md "Functions").
llvm::Expected<int64_t> functionOpset(const onnx::FunctionProto &function,
                                      int64_t callerOpset) {
  for (const onnx::OperatorSetIdProto &opset : function.opset_import()) {
    if (!opset.domain().empty() && opset.domain() != "ai.onnx")
      continue;
    if (opset.version() < 1 || opset.version() > getNewestKnownOpset())
      return makeError("function '" + function.name() + "' imports opset " +
                       llvm::Twine(opset.version()) +
                       ", which is not supported (supported: 1 to " +
                       llvm::Twine(getNewestKnownOpset()) + ")");
    return opset.version();
  }
  return callerOpset;
}

/// The value an attribute reference `refName` takes in a call: the call's
/// attribute of that name, else the function's default, else none (the
/// referring attribute is then omitted).
std::optional<onnx::AttributeProto>
resolveReference(const onnx::NodeProto &call,
                 const onnx::FunctionProto &function, llvm::StringRef refName) {
  for (const onnx::AttributeProto &attr : call.attribute())
    if (attr.name() == refName)
      return attr;
  for (const std::string &bytes :
       unknownBytes(function, kFunctionAttributeProto)) {
    onnx::AttributeProto attr;
    if (attr.ParseFromString(bytes) && attr.name() == refName)
      return attr;
  }
  return std::nullopt;
}
} // namespace

FunctionInliner::FunctionInliner(const onnx::ModelProto &model) {
  for (const onnx::FunctionProto &function : model.functions())
    functions[functionKey(function.domain(), function.name(),
                          unknownString(function, kFunctionOverload))] =
        &function;
}

const onnx::FunctionProto *
FunctionInliner::lookup(const onnx::NodeProto &node) const {
  if (functions.empty())
    return nullptr;
  auto it = functions.find(functionKey(node.domain(), node.op_type(),
                                       unknownString(node, kNodeOverload)));
  return it == functions.end() ? nullptr : it->second;
}

bool FunctionInliner::isCall(const onnx::NodeProto &node) const {
  return lookup(node) != nullptr;
}

llvm::Error FunctionInliner::inlineCall(const onnx::NodeProto &node,
                                        int64_t opset,
                                        std::vector<FlatNode> &out) {
  const onnx::FunctionProto *function = lookup(node);
  if (!function)
    return makeError("'" + node.op_type() + "' is no model-local function");
  if (llvm::is_contained(active, function))
    return makeError("function '" + function->name() +
                     "' calls itself (recursion is not allowed)");
  llvm::Expected<int64_t> bodyOpset = functionOpset(*function, opset);
  if (!bodyOpset)
    return bodyOpset.takeError();
  active.push_back(function);
  llvm::Error error = inlineBody(node, *function, *bodyOpset, out);
  active.pop_back();
  return error;
}

llvm::Error FunctionInliner::inlineBody(const onnx::NodeProto &call,
                                        const onnx::FunctionProto &function,
                                        int64_t opset,
                                        std::vector<FlatNode> &out) {
  // Formal parameters take the call's names (an omitted optional input is
  // ""); every other name gets a prefix unique to this call.
  std::string label = call.name().empty() ? function.name() : call.name();
  std::string prefix = label + "#" + std::to_string(callCount++) + "/";
  llvm::StringMap<std::string> names;
  for (auto [index, formal] : llvm::enumerate(function.input()))
    names[formal] = static_cast<int>(index) < call.input_size()
                        ? call.input(index)
                        : std::string();
  for (auto [index, formal] : llvm::enumerate(function.output()))
    if (static_cast<int>(index) < call.output_size() &&
        !call.output(index).empty())
      names[formal] = call.output(index);
  auto rename = [&](const std::string &name) {
    if (name.empty())
      return name;
    auto it = names.find(name);
    return it == names.end() ? prefix + name : it->second;
  };

  for (const onnx::NodeProto &inner : function.node()) {
    onnx::NodeProto &node = storage.emplace_back(inner);
    node.set_name(label + "/" +
                  (inner.name().empty() ? inner.op_type() : inner.name()));
    for (std::string &input : *node.mutable_input())
      input = rename(input);
    for (std::string &output : *node.mutable_output())
      output = rename(output);
    // Attribute references take the call's value or the default; without
    // either the attribute is omitted (IR.md "Functions").
    google::protobuf::RepeatedPtrField<onnx::AttributeProto> attributes;
    for (const onnx::AttributeProto &attr : inner.attribute()) {
      if (attr.ref_attr_name().empty()) {
        *attributes.Add() = attr;
        continue;
      }
      if (std::optional<onnx::AttributeProto> value =
              resolveReference(call, function, attr.ref_attr_name())) {
        value->set_name(attr.name());
        *attributes.Add() = std::move(*value);
      }
    }
    node.mutable_attribute()->Swap(&attributes);
    if (isCall(node)) {
      if (llvm::Error error = inlineCall(node, opset, out))
        return error;
      continue;
    }
    out.push_back({&node, opset});
  }
  return llvm::Error::success();
}

} // namespace opencgc::onnx_import
