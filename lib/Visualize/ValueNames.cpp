//===- ValueNames.cpp - Names to draw values under ------------------------===//
#include "opencgc/Visualize/ValueNames.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace opencgc::visualize {
namespace {
// The attribute the ONNX importer puts on entry-point arguments and results
// (not included from the importer, which the drawing code must not need).
constexpr llvm::StringLiteral kNameAttr = "cgc.name";

std::string nameFromLocation(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string name = nameFromLocation(inner); !name.empty())
        return name;
  return "";
}

/// "%conv1" -> "conv1"; numbered names say nothing and are dropped.
std::string ssaName(llvm::SMRange range) {
  llvm::StringRef text(range.Start.getPointer(),
                       range.End.getPointer() - range.Start.getPointer());
  text.consume_front("%");
  text = text.split(':').first;
  if (text.empty() || llvm::all_of(text, llvm::isDigit))
    return "";
  return text.str();
}

std::vector<Operation *> preOrder(Operation *root) {
  std::vector<Operation *> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
  return ops;
}

void nameResults(Operation *parsed, Operation *loaded,
                 const AsmParserState &state, ValueNames &names) {
  const AsmParserState::OperationDefinition *def = state.getOpDef(parsed);
  if (!def)
    return;
  for (auto [index, group] : llvm::enumerate(def->resultGroups)) {
    unsigned end = index + 1 < def->resultGroups.size()
                       ? def->resultGroups[index + 1].startIndex
                       : loaded->getNumResults();
    std::string name = ssaName(group.definition.loc);
    if (name.empty())
      continue;
    for (unsigned i = group.startIndex; i < end && i < loaded->getNumResults();
         ++i)
      names.set(loaded->getResult(i), end - group.startIndex == 1
                                          ? name
                                          : name + "#" + std::to_string(i));
  }
}

void nameBlockArguments(Operation *parsed, Operation *loaded,
                        const AsmParserState &state, ValueNames &names) {
  for (auto [parsedRegion, loadedRegion] :
       llvm::zip(parsed->getRegions(), loaded->getRegions()))
    for (auto [parsedBlock, loadedBlock] :
         llvm::zip(parsedRegion.getBlocks(), loadedRegion.getBlocks())) {
      const AsmParserState::BlockDefinition *def =
          state.getBlockDef(&parsedBlock);
      if (!def)
        continue;
      for (auto [arg, argDef] :
           llvm::zip(loadedBlock.getArguments(), def->arguments))
        if (std::string name = ssaName(argDef.loc); !name.empty())
          names.set(arg, name);
    }
}
} // namespace

void ValueNames::set(Value value, llvm::StringRef name) {
  names[value] = name.str();
}

std::string ValueNames::get(Value value) const {
  if (auto it = names.find(value); it != names.end())
    return it->second;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto function =
        dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (function && arg.getOwner()->isEntryBlock())
      if (auto name = function.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                            kNameAttr))
        return name.str();
    return "";
  }
  return nameFromLocation(value.getDefiningOp()->getLoc());
}

ValueNames readSourceNames(llvm::StringRef source, cgc::ModuleOp module) {
  ValueNames names;
  MLIRContext *context = module.getContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source),
                               llvm::SMLoc());
  // The text was parsed (and any problem reported) once already.
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  Block block;
  AsmParserState state;
  ParserConfig config(context, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)) ||
      !llvm::hasSingleElement(block))
    return names;
  std::vector<Operation *> parsed = preOrder(&block.front());
  std::vector<Operation *> loaded = preOrder(module);
  // Same text, same parser: the walks line up unless the module was changed.
  if (parsed.size() != loaded.size())
    return names;
  for (auto [parsedOp, loadedOp] : llvm::zip(parsed, loaded)) {
    if (parsedOp->getName() != loadedOp->getName())
      return ValueNames();
    nameResults(parsedOp, loadedOp, state, names);
    nameBlockArguments(parsedOp, loadedOp, state, names);
  }
  return names;
}

} // namespace opencgc::visualize
