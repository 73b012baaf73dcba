//===- ExchangeResponder.cpp - A target's side of the MLIR exchange -------===//
#include "ExchangeResponder.h"

#include "mlir/IR/Builders.h"
#include "opencgc/Interchange/MlirInterface.h"
#include "opencgc/Interchange/ModuleFile.h"

using namespace mlir;

namespace opencgc::device {
namespace {
llvm::Expected<std::vector<uint8_t>>
answerSpecialization(llvm::ArrayRef<uint8_t> input, MLIRContext &context,
                     SpecializationPolicy policy) {
  auto request = readModuleContainer(
      input, context, MlirInterface::CgcSubgraphSpecializationRequest,
      "specialization request");
  if (!request)
    return request.takeError();
  auto subgraphs = (*request)->getBodyBlock()->getOps<cgc::SubgraphOp>();
  if (!llvm::hasSingleElement(subgraphs))
    return llvm::createStringError(
        "specialization request: expected exactly one cgc.subgraph");
  cgc::ModuleOp response = request->get();
  Builder builder(&context);
  if (std::optional<std::string> reason = policy(*subgraphs.begin())) {
    // A rejection carries no subgraph.
    OpBuilder opBuilder(&context);
    OwningOpRef<cgc::ModuleOp> rejected =
        cgc::ModuleOp::create(opBuilder, response.getLoc());
    rejected.get()->setAttr(kSpecializationAttrName,
                            builder.getStringAttr("rejected"));
    rejected.get()->setAttr(kReasonAttrName, builder.getStringAttr(*reason));
    return writeModuleContainer(*rejected,
                                MlirInterface::CgcSubgraphSpecialization);
  }
  response->setAttr(kSpecializationAttrName, builder.getStringAttr("accepted"));
  return writeModuleContainer(response,
                              MlirInterface::CgcSubgraphSpecialization);
}
} // namespace

bool isExchangeInterface(const Guid &mlirInterface) {
  std::optional<MlirInterface> known = lookupInterface(mlirInterface);
  return known && (*known == MlirInterface::CgcSubgraphDeclarationRequest ||
                   *known == MlirInterface::CgcSubgraphDeclaration ||
                   *known == MlirInterface::CgcSubgraphSpecializationRequest ||
                   *known == MlirInterface::CgcSubgraphSpecialization ||
                   *known == MlirInterface::CgcSubgraphPartition);
}

llvm::Expected<std::vector<uint8_t>>
answerExchange(const MlirExchange &request, cgc::ModuleOp declaration,
               SpecializationPolicy policy) {
  std::optional<MlirInterface> known = lookupInterface(request.mlirInterface);
  if (known == MlirInterface::CgcSubgraphDeclarationRequest)
    return writeModuleContainer(declaration,
                                MlirInterface::CgcSubgraphDeclaration);
  if (known == MlirInterface::CgcSubgraphSpecializationRequest)
    return answerSpecialization(request.inputData, *declaration.getContext(),
                                policy);
  return llvm::createStringError(
      "the MLIR exchange answers CGC_SUBGRAPH_DECLARATION_REQUEST and "
      "CGC_SUBGRAPH_SPECIALIZATION_REQUEST, not " +
      (known ? getInterfaceName(*known).str() : request.mlirInterface.str()));
}

} // namespace opencgc::device
