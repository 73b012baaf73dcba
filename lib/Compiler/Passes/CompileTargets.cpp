//===- CompileTargets.cpp - The devices one compilation asks --------------===//
#include "CompileTargets.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "opencgc/Device/DeviceRegistry.h"

namespace opencgc::compiler {

CompileTargets::CompileTargets(std::string target, std::string declarationsPath)
    : target(std::move(target)), declarationsPath(std::move(declarationsPath)) {
}

CompileTargets::CompileTargets(llvm::ArrayRef<device::Device *> devices)
    : opened(true), devices(devices) {}

CompileTargets::~CompileTargets() = default;

llvm::Error CompileTargets::open(mlir::Operation *anchor) {
  mlir::MLIRContext &context = *anchor->getContext();
  if (!fallback) {
    auto reference = device::createFallbackTarget(context);
    if (!reference)
      return reference.takeError();
    fallback = std::move(*reference);
  }
  if (opened)
    return llvm::Error::success();
  device::DeviceOptions options;
  options.declarationsPath = declarationsPath;
  bool named = !target.empty();
  auto targets = device::createCompileTargets(
      named ? llvm::StringRef(target) : llvm::StringRef(device::kDefaultDeviceName),
      options,
      context);
  if (!targets) {
    // As `run` does: without a named target, the reference device alone.
    if (named || !declarationsPath.empty())
      return targets.takeError();
    anchor->emitWarning(llvm::toString(targets.takeError()) +
                        "; compiling for the reference device instead");
    targets = std::vector<std::unique_ptr<device::Device>>();
  }
  owned = std::move(*targets);
  for (auto &device : owned)
    devices.push_back(device.get());
  opened = true;
  return llvm::Error::success();
}

uint64_t CompileTargets::getBindingAlignment() const {
  if (devices.empty())
    return 256;
  uint64_t alignment = 1;
  for (device::Device *device : devices)
    alignment = std::max(alignment, device->getBindingAlignment());
  return alignment;
}

llvm::Expected<llvm::MutableArrayRef<TargetDeclaration>>
CompileTargets::getDeclarations(mlir::MLIRContext &context) {
  if (declarations)
    return llvm::MutableArrayRef<TargetDeclaration>(*declarations);
  std::vector<TargetDeclaration> asked;
  for (device::Device *device : devices) {
    if (device->getName() == fallback->getName())
      continue; // It comes last, as the fallback.
    auto declaration = requestDeclaration(*device, context);
    if (!declaration)
      return declaration.takeError();
    asked.push_back(std::move(*declaration));
  }
  auto reference = requestDeclaration(*fallback, context);
  if (!reference)
    return reference.takeError();
  asked.push_back(std::move(*reference));
  declarations = std::move(asked);
  return llvm::MutableArrayRef<TargetDeclaration>(*declarations);
}

} // namespace opencgc::compiler
