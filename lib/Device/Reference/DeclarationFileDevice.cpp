//===- DeclarationFileDevice.cpp - A target declared by a file ------------===//
//
// The test target: what it fuses comes from a declaration file, so tests
// drive pattern matching without hardware. A pattern with the attribute
// `reject = "reason"` is declared but every specialization of it is
// rejected (the specification's "optimistic" declarations). Partitions run
// on the reference kernels.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Device/ReferenceDevice.h"

#include "ExchangeResponder.h"

#include "mlir/IR/SymbolTable.h"
#include "opencgc/Interchange/ModuleFile.h"

using namespace mlir;

namespace opencgc::device {
namespace {
class DeclarationFileDevice final : public ReferenceKernelTarget {
public:
  DeclarationFileDevice(MLIRContext &context,
                        OwningOpRef<cgc::ModuleOp> declarationModule,
                        Operation *declaration)
      : ReferenceKernelTarget(context), module(std::move(declarationModule)),
        declaration(declaration),
        name(SymbolTable::getSymbolName(declaration).str()) {}

  llvm::StringRef getName() const override { return name; }
  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    return answerExchange(request, *module, [&](cgc::SubgraphOp subgraph) {
      return rejectionFor(subgraph);
    });
  }

private:
  std::optional<std::string> rejectionFor(cgc::SubgraphOp subgraph) {
    auto pattern = subgraph->getAttrOfType<StringAttr>(kPatternAttrName);
    if (!pattern)
      return std::string("the subgraph names no declared pattern");
    Operation *declared = SymbolTable::lookupSymbolIn(declaration, pattern);
    if (!declared)
      return "pattern @" + pattern.str() + " is not declared by target '" +
             name + "'";
    if (auto reason = declared->getAttrOfType<StringAttr>("reject"))
      return reason.str();
    return std::nullopt;
  }

  OwningOpRef<cgc::ModuleOp> module;
  Operation *declaration;
  std::string name;
};
} // namespace

llvm::Expected<std::unique_ptr<Device>>
createDeclarationFileDevice(MLIRContext &context,
                            llvm::StringRef declarationPath) {
  FailureOr<LoadedModule> loaded = loadModule(declarationPath, context);
  if (failed(loaded))
    return llvm::createStringError("cannot load target declarations from '" +
                                   declarationPath + "'");
  Operation *declaration = nullptr;
  for (Operation &op : loaded->module->getBodyBlock()->getOperations())
    if (op.getName().getStringRef() == "cgc_pattern.declaration") {
      if (declaration)
        return llvm::createStringError(
            declarationPath + ": holds more than one cgc_pattern.declaration");
      declaration = &op;
    }
  if (!declaration)
    return llvm::createStringError(declarationPath +
                                   ": holds no cgc_pattern.declaration");
  return std::make_unique<DeclarationFileDevice>(
      context, std::move(loaded->module), declaration);
}
} // namespace opencgc::device
