//===- Importer.cpp - ONNX models to CGC Input IR -------------------------===//
#include "opencgc/Frontend/ONNX/Importer.h"

#include "ConverterRegistry.h"
#include "Functions.h"
#include "mlir/IR/Verifier.h"
#include "opencgc/Frontend/ONNX/OpVersions.h"
#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace opencgc::onnx_import {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

llvm::Expected<onnx::ModelProto> loadModel(llvm::StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  onnx::ModelProto model;
  if (!model.ParseFromArray((*file)->getBufferStart(),
                            static_cast<int>((*file)->getBufferSize())))
    return makeError(path + ": not a valid ONNX model (protobuf parse "
                            "failed)");
  return model;
}

/// The default-domain opset the model imports.
llvm::Expected<int64_t> defaultOpset(const onnx::ModelProto &model,
                                     llvm::StringRef path) {
  for (const onnx::OperatorSetIdProto &opset : model.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx")
      return opset.version();
  return llvm::make_error<UnsupportedError>(
      (path + ": the model imports no default-domain opset").str());
}

/// The static tensor type of a graph input, using a known value's shape for
/// dimensions the model leaves symbolic.
llvm::Expected<cgc::TensorType> inputType(MLIRContext &context,
                                          const onnx::ValueInfoProto &info,
                                          const ImportOptions &options) {
  if (!info.type().has_tensor_type())
    return llvm::make_error<UnsupportedError>("graph input '" + info.name() +
                                              "' is not a tensor");
  const onnx::TypeProto::Tensor &tensor = info.type().tensor_type();
  std::optional<DType> dtype = dtypeFromOnnx(tensor.elem_type());
  if (!dtype)
    return llvm::make_error<UnsupportedError>(
        "graph input '" + info.name() + "' has unsupported element type " +
        onnx::TensorProto::DataType_Name(
            static_cast<onnx::TensorProto::DataType>(tensor.elem_type())));
  // Declared dimensions win; a shape given with --input-shape, or else a
  // known value, fills in the symbolic ones and must agree with the rest.
  auto known = options.knownInputs.find(info.name());
  const Tensor *value =
      known == options.knownInputs.end() ? nullptr : &known->second;
  auto givenIt = options.inputShapes.find(info.name());
  const Shape *given =
      givenIt == options.inputShapes.end() ? nullptr : &givenIt->second;
  Type elementType = getElementType(&context, *dtype);
  if (!tensor.has_shape()) {
    if (given)
      return cgc::TensorType::get(&context, *given, elementType, false);
    if (!value)
      return llvm::make_error<UnsupportedError>(
          "graph input '" + info.name() +
          "' has no declared shape; give it with --input-shape " + info.name() +
          "=DIMS or bind the input's value (--input " + info.name() + "=FILE)");
    return cgc::TensorType::get(&context, value->getShape(), elementType,
                                false);
  }
  const auto &dims = tensor.shape().dim();
  if (given && given->size() != static_cast<size_t>(dims.size()))
    return makeError(
        "--input-shape " + info.name() + "=" + formatShape(*given) +
        " has rank " + std::to_string(given->size()) +
        " but the model declares rank " + std::to_string(dims.size()));
  if (value && (value->getRank() != dims.size() || value->getDType() != *dtype))
    return makeError("input '" + info.name() + "' is " +
                     getDTypeName(value->getDType()).str() + " " +
                     formatShape(value->getShape()) +
                     " but the model declares " + getDTypeName(*dtype).str() +
                     " of rank " + std::to_string(dims.size()));
  Shape shape;
  for (auto [index, dim] : llvm::enumerate(dims)) {
    std::string dimName = "dimension " + std::to_string(index);
    int64_t size;
    if (dim.has_dim_value()) {
      size = dim.dim_value();
      if (given && (*given)[index] != size)
        return makeError("--input-shape " + info.name() + "=" +
                         formatShape(*given) + " gives " + dimName + " as " +
                         std::to_string((*given)[index]) +
                         " but the model declares " + std::to_string(size));
    } else if (given) {
      size = (*given)[index];
    } else if (value) {
      size = value->getShape()[index];
    } else {
      // Nothing fixes this dimension: name it and say how to give it.
      return llvm::make_error<UnsupportedError>(
          "graph input '" + info.name() + "' has an unknown " + dimName +
          (dim.dim_param().empty() ? std::string()
                                   : " ('" + dim.dim_param() + "')") +
          "; give its shape with --input-shape " + info.name() +
          "=DIMS (e.g. 1x3x224x224) or bind its value (--input " + info.name() +
          "=FILE)");
    }
    if (value && value->getShape()[index] != size)
      return makeError("input '" + info.name() + "' is " +
                       formatShape(value->getShape()) +
                       " but the model expects " + dimName + " to be " +
                       std::to_string(size));
    shape.push_back(size);
  }
  return cgc::TensorType::get(&context, shape, elementType, false);
}

/// Every --input-shape must name a graph input that is not an initializer.
llvm::Error checkInputShapeNames(const onnx::ModelProto &model,
                                 llvm::StringRef path,
                                 const ImportOptions &options) {
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : model.graph().initializer())
    initializers.insert(init.name());
  std::vector<std::string> inputs;
  for (const onnx::ValueInfoProto &input : model.graph().input())
    if (!initializers.contains(input.name()))
      inputs.push_back(input.name());
  for (const auto &entry : options.inputShapes)
    if (!llvm::is_contained(inputs, entry.first))
      return makeError(path + ": --input-shape names '" + entry.first +
                       "', which is not a graph input (inputs: " +
                       llvm::join(inputs, ", ") + ")");
  return llvm::Error::success();
}

/// Removes ops whose results nobody uses (folded shape computations, ...)
/// and the weights only they referred to.
void eraseDeadOps(cgc::EntryPointOp entry,
                  std::vector<std::pair<std::string, Tensor>> &weights) {
  Block *body = entry.getBodyBlock();
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
      if (!op.hasTrait<OpTrait::IsTerminator>() && op.use_empty()) {
        op.erase();
        changed = true;
      }
  }
  llvm::StringSet<> used;
  for (auto constant : body->getOps<cgc::ConstantOp>())
    used.insert(constant.getName());
  llvm::erase_if(weights,
                 [&](auto &entry) { return !used.contains(entry.first); });
}

/// The first attribute of `node` its converter does not understand.
/// `consumed_inputs` (opsets 1-5) is an optimization hint and is ignored.
std::optional<std::string> unknownAttribute(const onnx::NodeProto &node,
                                            const Converter &converter) {
  for (const onnx::AttributeProto &attr : node.attribute())
    if (attr.name() != "consumed_inputs" &&
        !llvm::is_contained(converter.attributes, attr.name()))
      return attr.name();
  return std::nullopt;
}

/// Puts the model path in front of an error, keeping its kind.
llvm::Error prefixError(llvm::StringRef path, llvm::Error error) {
  bool unsupported = error.isA<UnsupportedError>();
  std::string message = (path + ": " + llvm::toString(std::move(error))).str();
  if (unsupported)
    return llvm::make_error<UnsupportedError>(message);
  return makeError(message);
}

class GraphImporter {
public:
  GraphImporter(MLIRContext &context, const onnx::ModelProto &model,
                llvm::StringRef path, int64_t opset,
                const ImportOptions &options)
      : context(context), model(model), path(path), opset(opset),
        options(options), builder(&context),
        state(context, builder, opset, options.knownInputs), functions(model) {}

  llvm::Expected<ImportedModel> run();

private:
  llvm::Error createEntryPoint(ImportedModel &result);
  void convertNodes();
  /// Converts `node` read at `nodeOpset`, or records why it cannot be.
  void convertOne(const onnx::NodeProto &node, int index, int64_t nodeOpset,
                  llvm::StringSet<> &poisoned);
  /// Converts one node of the default domain at its op's version.
  llvm::Error convertNode(const onnx::NodeProto &node, int index,
                          int64_t nodeOpset, const Converter &converter);
  llvm::Error finishEntryPoint(ImportedModel &result);
  Location nodeLoc(const onnx::NodeProto &node, int index);

  MLIRContext &context;
  const onnx::ModelProto &model;
  llvm::StringRef path;
  int64_t opset;
  const ImportOptions &options;
  OpBuilder builder;
  ImportContext state;
  FunctionInliner functions;
  cgc::EntryPointOp entry;
  std::vector<std::string> problems;
  /// False once a problem is a malformed model rather than a gap in our
  /// coverage.
  bool onlyUnsupported = true;
};

Location GraphImporter::nodeLoc(const onnx::NodeProto &node, int index) {
  std::string name = node.name().empty()
                         ? node.op_type() + "#" + std::to_string(index)
                         : node.name();
  return NameLoc::get(builder.getStringAttr(name),
                      FileLineColLoc::get(&context, path, 0, 0));
}

llvm::Error GraphImporter::createEntryPoint(ImportedModel &result) {
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::TensorProto &init : graph.initializer()) {
    llvm::Expected<Tensor> value =
        tensorFromProto(init, "initializer '" + init.name() + "'");
    if (!value)
      return value.takeError();
    state.defineConstant(init.name(), *value);
  }
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (state.isDefined(input.name()))
      continue; // An initializer listed as an input (IR version < 4).
    llvm::Expected<cgc::TensorType> type = inputType(context, input, options);
    if (!type)
      return prefixError(path, type.takeError());
    argTypes.push_back(*type);
    argAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(kNameAttr, builder.getStringAttr(input.name()))));
    result.inputNames.push_back(input.name());
  }
  result.module =
      cgc::ModuleOp::create(builder, FileLineColLoc::get(&context, path, 0, 0));
  builder.setInsertionPointToEnd(result.module->getBodyBlock());
  entry = cgc::EntryPointOp::create(builder, result.module->getLoc(), "main",
                                    builder.getFunctionType(argTypes, {}));
  entry.setArgAttrsAttr(builder.getArrayAttr(argAttrs));
  Block *body = entry.getBodyBlock();
  for (auto [name, arg] : llvm::zip(result.inputNames, body->getArguments()))
    state.defineValue(name, arg);
  builder.setInsertionPointToEnd(body);
  return llvm::Error::success();
}

llvm::Error GraphImporter::convertNode(const onnx::NodeProto &node, int index,
                                       int64_t nodeOpset,
                                       const Converter &converter) {
  llvm::Expected<int64_t> version =
      resolveOpVersion(node.op_type(), nodeOpset, converter.newestVersion);
  if (!version)
    return version.takeError();
  if (std::optional<std::string> attr = unknownAttribute(node, converter))
    return llvm::make_error<UnsupportedError>("unsupported attribute '" +
                                              *attr + "'");
  state.setNode(&node, nodeLoc(node, index), *version);
  state.setOpset(nodeOpset);
  return converter.convert(state);
}

void GraphImporter::convertOne(const onnx::NodeProto &node, int index,
                               int64_t nodeOpset, llvm::StringSet<> &poisoned) {
  std::string where =
      "node '" +
      (node.name().empty() ? std::string("#") + std::to_string(index)
                           : node.name()) +
      "' (" + node.op_type() + ", opset " + std::to_string(nodeOpset) + ")";
  auto poison = [&] {
    for (const std::string &output : node.output())
      poisoned.insert(output);
  };
  bool foreignDomain = !node.domain().empty() && node.domain() != "ai.onnx";
  const Converter *converter =
      foreignDomain ? nullptr : ConverterRegistry::get().lookup(node.op_type());
  if (!converter) {
    problems.push_back(
        where + ": unsupported op" +
        (foreignDomain ? " in domain '" + node.domain() + "'" : std::string()));
    poison();
    return;
  }
  // A node fed by a node we could not convert cannot be converted either,
  // but its op type was checked above.
  if (llvm::any_of(node.input(), [&](const std::string &input) {
        return poisoned.contains(input);
      })) {
    poison();
    return;
  }
  if (llvm::Error error = convertNode(node, index, nodeOpset, *converter)) {
    onlyUnsupported &= error.isA<UnsupportedError>();
    problems.push_back(where + ": " + llvm::toString(std::move(error)));
    poison();
  }
}

void GraphImporter::convertNodes() {
  llvm::StringSet<> poisoned;
  for (auto [index, node] : llvm::enumerate(model.graph().node())) {
    if (!functions.isCall(node)) {
      convertOne(node, index, opset, poisoned);
      continue;
    }
    // A call of a model-local function: its body, inlined (IR.md
    // "Functions"), each node at the function's opset.
    std::vector<FlatNode> body;
    if (llvm::Error error = functions.inlineCall(node, opset, body)) {
      onlyUnsupported = false;
      problems.push_back(
          "node '" +
          (node.name().empty() ? "#" + std::to_string(index) : node.name()) +
          "' (" + node.op_type() + " in domain '" + node.domain() +
          "'): " + llvm::toString(std::move(error)));
      for (const std::string &output : node.output())
        poisoned.insert(output);
      continue;
    }
    for (const FlatNode &inner : body)
      convertOne(*inner.node, index, inner.opset, poisoned);
  }
}

llvm::Error GraphImporter::finishEntryPoint(ImportedModel &result) {
  SmallVector<Value> outputs;
  SmallVector<Attribute> resAttrs;
  onnx::NodeProto returnNode;
  state.setNode(&returnNode, entry.getLoc());
  for (const onnx::ValueInfoProto &output : model.graph().output()) {
    returnNode.add_input(output.name());
    llvm::Expected<Value> value = state.input(returnNode.input_size() - 1);
    if (!value)
      return makeError("graph output '" + output.name() +
                       "': " + llvm::toString(value.takeError()));
    outputs.push_back(*value);
    resAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(kNameAttr, builder.getStringAttr(output.name()))));
    result.outputNames.push_back(output.name());
  }
  cgc::ReturnOp::create(builder, entry.getLoc(), outputs);
  entry.setFunctionTypeAttr(TypeAttr::get(builder.getFunctionType(
      entry.getArgumentTypes(), ValueRange(outputs).getTypes())));
  entry.setResAttrsAttr(builder.getArrayAttr(resAttrs));
  result.weights = state.takeWeights();
  eraseDeadOps(entry, result.weights);
  std::string diagnostics;
  ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  if (failed(verify(result.module.get())))
    return makeError(path + ": the imported IR does not verify:\n" +
                     diagnostics);
  return llvm::Error::success();
}

llvm::Expected<ImportedModel> GraphImporter::run() {
  ImportedModel result;
  result.opsetVersion = opset;
  if (auto error = createEntryPoint(result))
    return std::move(error);
  convertNodes();
  if (!problems.empty()) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << path << ": cannot import " << problems.size() << " node"
       << (problems.size() == 1 ? "" : "s") << ":";
    for (const std::string &problem : problems)
      os << "\n  " << problem;
    if (onlyUnsupported)
      return llvm::make_error<UnsupportedError>(message);
    return makeError(message);
  }
  if (auto error = finishEntryPoint(result))
    return std::move(error);
  return result;
}
} // namespace

llvm::Expected<ModelSignature> readModelSignature(llvm::StringRef path) {
  llvm::Expected<onnx::ModelProto> model = loadModel(path);
  if (!model)
    return model.takeError();
  auto dtypeOf = [&](const onnx::ValueInfoProto &info,
                     llvm::StringRef kind) -> llvm::Expected<DType> {
    if (!info.type().has_tensor_type())
      return llvm::make_error<UnsupportedError>(
          (path + ": graph " + kind + " '" + info.name() +
           "' is not a tensor (sequences, maps and optionals are not "
           "supported)")
              .str());
    int32_t elementType = info.type().tensor_type().elem_type();
    if (std::optional<DType> dtype = dtypeFromOnnx(elementType))
      return *dtype;
    return llvm::make_error<UnsupportedError>(
        (path + ": graph " + kind + " '" + info.name() +
         "' has unsupported element type " +
         onnx::TensorProto::DataType_Name(
             static_cast<onnx::TensorProto::DataType>(elementType)))
            .str());
  };
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : model->graph().initializer())
    initializers.insert(init.name());
  ModelSignature signature;
  for (const onnx::ValueInfoProto &input : model->graph().input()) {
    if (initializers.contains(input.name()))
      continue;
    llvm::Expected<DType> dtype = dtypeOf(input, "input");
    if (!dtype)
      return dtype.takeError();
    signature.inputs.emplace_back(input.name(), *dtype);
  }
  for (const onnx::ValueInfoProto &output : model->graph().output()) {
    llvm::Expected<DType> dtype = dtypeOf(output, "output");
    if (!dtype)
      return dtype.takeError();
    signature.outputs.emplace_back(output.name(), *dtype);
  }
  return signature;
}

llvm::Expected<ImportedModel> importOnnxModel(llvm::StringRef path,
                                              MLIRContext &context,
                                              const ImportOptions &options) {
  llvm::Expected<onnx::ModelProto> model = loadModel(path);
  if (!model)
    return model.takeError();
  llvm::Expected<int64_t> opset = defaultOpset(*model, path);
  if (!opset)
    return opset.takeError();
  int64_t newest = getNewestKnownOpset();
  if (*opset < 1 || *opset > newest)
    return makeError(path + ": opset " + llvm::Twine(*opset) +
                     " is not supported (supported: 1 to " +
                     llvm::Twine(newest) + ")");
  if (llvm::Error error = checkInputShapeNames(*model, path, options))
    return std::move(error);
  GraphImporter importer(context, *model, path, *opset, options);
  return importer.run();
}

} // namespace opencgc::onnx_import
