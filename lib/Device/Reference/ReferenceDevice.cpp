//===- ReferenceDevice.cpp - The host reference device --------------------===//
#include "opencgc/Device/ReferenceDevice.h"

#include "ExchangeResponder.h"

#include "mlir/IR/Builders.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace opencgc::device {
namespace {
/// The fallback target claims any single op; ops with several results
/// produce all of them.
constexpr llvm::StringLiteral kReferenceDeclaration = R"mlir(
cgc.module {
  cgc_pattern.declaration @reference {
    cgc_pattern.pattern @op attributes {multi_output} {
      %0 = cgc_pattern.op class "any"
      cgc_pattern.yield %0
    }
  }
}
)mlir";

/// The reference kernels implement every op; rank-4 upsample is legalized
/// to upsample2d, as the specification's fallback subgraph shows.
std::optional<std::string> specializeForReference(cgc::SubgraphOp subgraph) {
  subgraph.getFunctionalDefinition().walk([](Operation *op) {
    if (op->getName().getStringRef() != "cgc_op.upsample" ||
        cast<cgc::TensorType>(op->getOperand(0).getType()).getRank() != 4)
      return;
    OpBuilder builder(op);
    OperationState state(op->getLoc(), "cgc_op.upsample2d", op->getOperands(),
                         op->getResultTypes(), op->getAttrs());
    Operation *replacement = builder.create(state);
    op->replaceAllUsesWith(replacement);
    op->erase();
  });
  return std::nullopt;
}

class ReferenceDevice final : public ReferenceKernelTarget {
public:
  using ReferenceKernelTarget::ReferenceKernelTarget;
  llvm::StringRef getName() const override { return kReferenceTargetName; }
  llvm::Expected<std::vector<uint8_t>>
  exchange(const MlirExchange &request) override {
    if (!declaration) {
      declaration =
          parseSourceString<cgc::ModuleOp>(kReferenceDeclaration, &context);
      if (!declaration)
        return llvm::createStringError(
            "internal error: the reference declaration does not parse");
    }
    return answerExchange(request, *declaration, specializeForReference);
  }

private:
  OwningOpRef<cgc::ModuleOp> declaration;
};
} // namespace

std::unique_ptr<Device> createReferenceDevice(MLIRContext &context) {
  return std::make_unique<ReferenceDevice>(context);
}
} // namespace opencgc::device
