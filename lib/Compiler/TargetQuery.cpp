//===- TargetQuery.cpp - Asking targets through the MLIR exchange ---------===//
//
// The specification's CheckFeatureSupport(D3D12_FEATURE_MLIR_EXCHANGE)
// examples: the compiler sends a request container and reads the target's
// response container; it never calls target code directly.
//
//===----------------------------------------------------------------------===//
#include "TargetQuery.h"

#include "opencgc/Device/Device.h"
#include "opencgc/Interchange/MlirInterface.h"
#include "opencgc/Interchange/ModuleFile.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
llvm::Error targetError(device::Device &device, const llvm::Twine &message) {
  return llvm::createStringError("target '" + device.getName() +
                                 "': " + message);
}

Operation *findDeclaration(cgc::ModuleOp module) {
  for (Operation &op : module.getBodyBlock()->getOperations())
    if (op.getName().getStringRef() == "cgc_pattern.declaration")
      return &op;
  return nullptr;
}

FunctionType getSignature(cgc::ModuleOp module) {
  for (auto subgraph : module.getBodyBlock()->getOps<cgc::SubgraphOp>())
    if (cgc::FunctionalDefinitionOp definition =
            subgraph.getFunctionalDefinition())
      return definition.getFunctionType();
  return nullptr;
}
} // namespace

llvm::Expected<TargetDeclaration> requestDeclaration(device::Device &device,
                                                     MLIRContext &context) {
  // The specification's order: MLIR programs at all, then the interface.
  if (device.getMlirProgramsTier() == device::MlirProgramsTier::NotSupported)
    return targetError(device, "does not support MLIR programs");
  const Guid &requestGuid =
      getInterfaceGuid(MlirInterface::CgcSubgraphDeclarationRequest);
  if (!device.supportsMlirInterface(requestGuid))
    return targetError(device, "does not answer "
                               "CGC_SUBGRAPH_DECLARATION_REQUEST");
  auto response = device.exchange({requestGuid, {}});
  if (!response)
    return targetError(device, llvm::toString(response.takeError()));
  auto module = readModuleContainer(
      *response, context, MlirInterface::CgcSubgraphDeclaration,
      ("declaration of target '" + device.getName() + "'").str());
  if (!module)
    return module.takeError();
  Operation *declaration = findDeclaration(module->get());
  if (!declaration)
    return targetError(device, "its CGC_SUBGRAPH_DECLARATION holds no "
                               "cgc_pattern.declaration");
  auto patterns = PatternSet::compile(declaration);
  if (!patterns)
    return targetError(device, llvm::toString(patterns.takeError()));
  TargetDeclaration result;
  result.device = &device;
  result.name = patterns->getTargetName().str();
  result.module = std::move(*module);
  result.patterns = std::move(*patterns);
  return result;
}

llvm::Expected<Specialization> requestSpecialization(device::Device &device,
                                                     cgc::ModuleOp request) {
  std::vector<uint8_t> bytes = writeModuleContainer(
      request, MlirInterface::CgcSubgraphSpecializationRequest);
  auto response = device.exchange(
      {getInterfaceGuid(MlirInterface::CgcSubgraphSpecializationRequest),
       bytes});
  if (!response)
    return targetError(device, llvm::toString(response.takeError()));
  auto module = readModuleContainer(
      *response, *request.getContext(),
      MlirInterface::CgcSubgraphSpecialization,
      ("specialization from target '" + device.getName() + "'").str());
  if (!module)
    return module.takeError();
  Specialization result;
  auto verdict =
      module->get()->getAttrOfType<StringAttr>(device::kSpecializationAttrName);
  if (!verdict || (verdict != "accepted" && verdict != "rejected"))
    return targetError(device, "its CGC_SUBGRAPH_SPECIALIZATION lacks " +
                                   device::kSpecializationAttrName +
                                   " = \"accepted\" or \"rejected\"");
  if (verdict == "rejected") {
    auto reason =
        module->get()->getAttrOfType<StringAttr>(device::kReasonAttrName);
    result.reason = reason ? reason.str() : "no reason given";
    return result;
  }
  FunctionType expected = getSignature(request);
  FunctionType actual = getSignature(module->get());
  if (!actual || actual != expected)
    return targetError(device, "accepted a subgraph but answered one whose "
                               "signature differs from the request");
  result.accepted = true;
  result.subgraph = std::move(*module);
  return result;
}

} // namespace opencgc::compiler
