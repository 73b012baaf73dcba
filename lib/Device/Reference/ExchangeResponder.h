//===- ExchangeResponder.h - A target's side of the MLIR exchange -*- C++
//-*-===//
//
// What a target answers through D3D12_FEATURE_MLIR_EXCHANGE: its
// declaration for CGC_SUBGRAPH_DECLARATION_REQUEST, and a verdict on a
// concrete subgraph for CGC_SUBGRAPH_SPECIALIZATION_REQUEST.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_DEVICE_REFERENCE_EXCHANGERESPONDER_H
#define OPENCGC_LIB_DEVICE_REFERENCE_EXCHANGERESPONDER_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Device/Device.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace opencgc::device {

/// Decides on one requested subgraph: a rejection reason, or none to
/// accept (after rewriting the subgraph in place if the target wants to).
using SpecializationPolicy =
    llvm::function_ref<std::optional<std::string>(cgc::SubgraphOp)>;

/// The interfaces a target built on this responder answers.
bool isExchangeInterface(const Guid &mlirInterface);

llvm::Expected<std::vector<uint8_t>>
answerExchange(const MlirExchange &request, cgc::ModuleOp declaration,
               SpecializationPolicy policy);

/// A target that runs its partitions with the reference kernels (the
/// reference device itself, and test targets without hardware). Subclasses
/// give the name and the exchange answers.
class ReferenceKernelTarget : public Device {
public:
  explicit ReferenceKernelTarget(mlir::MLIRContext &context)
      : context(context) {}
  MlirProgramsTier getMlirProgramsTier() const override {
    return MlirProgramsTier::Tier2_0;
  }
  bool supportsMlirInterface(const Guid &guid) const override {
    return isExchangeInterface(guid);
  }
  llvm::Expected<std::shared_ptr<Resource>>
  createBuffer(uint64_t sizeInBytes) override;
  llvm::Expected<std::unique_ptr<CommandList>> createCommandList() override;
  /// Runs the list's dispatches before returning.
  llvm::Error executeCommandList(CommandList &list) override;
  llvm::Error waitForIdle() override { return llvm::Error::success(); }

protected:
  llvm::Expected<std::shared_ptr<CompiledPartition>>
  compileProgram(llvm::ArrayRef<uint8_t> partitionContainer) override;

  mlir::MLIRContext &context;
};

} // namespace opencgc::device

#endif // OPENCGC_LIB_DEVICE_REFERENCE_EXCHANGERESPONDER_H
