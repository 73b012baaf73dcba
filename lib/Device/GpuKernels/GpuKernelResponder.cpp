//===- GpuKernelResponder.cpp - What a GPU kernel target answers ----------===//
#include "GpuKernelResponder.h"

#include "../Reference/ExchangeResponder.h"
#include "GpuKernelDeclaration.h"

#include "mlir/Parser/Parser.h"
#include "opencgc/Codegen/KernelIR.h"

namespace opencgc::device {

std::optional<std::string>
GpuKernelResponder::check(cgc::SubgraphOp subgraph) const {
  if (llvm::Error error = codegen::checkKernelSupport(subgraph))
    return llvm::toString(std::move(error));
  if (deviceCheck)
    return deviceCheck(subgraph);
  return std::nullopt;
}

llvm::Expected<std::vector<uint8_t>>
GpuKernelResponder::answer(const MlirExchange &request) {
  if (!declaration) {
    declaration = mlir::parseSourceString<cgc::ModuleOp>(
        getGpuKernelDeclaration(targetName), &context);
    if (!declaration)
      return llvm::createStringError("internal error: the " + targetName +
                                     " declaration does not parse");
  }
  return answerExchange(request, *declaration, [&](cgc::SubgraphOp subgraph) {
    return check(subgraph);
  });
}

} // namespace opencgc::device
