//===- BindingChecks.cpp - DispatchGraph argument checks ------------------===//
#include "opencgc/Device/BindingChecks.h"

#include "opencgc/Dialect/TypeString.h"

namespace opencgc::device {

llvm::Expected<std::vector<const Binding *>>
checkBindings(cgc::PartitionOp partition, llvm::ArrayRef<Binding> bindings) {
  std::string prefix =
      "dispatch of partition @" + partition.getSymName().str() + ": ";
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(prefix + message.str());
  };
  unsigned count = partition.getNumArguments();
  std::vector<const Binding *> bound(count, nullptr);
  for (const Binding &binding : bindings) {
    if (binding.bindPointIndex >= count)
      return fail("binding names bind point " +
                  llvm::Twine(binding.bindPointIndex) +
                  ", but the partition has " + llvm::Twine(count) +
                  " bind points");
    if (bound[binding.bindPointIndex])
      return fail("bind point " + llvm::Twine(binding.bindPointIndex) +
                  " is bound more than once");
    bound[binding.bindPointIndex] = &binding;
  }
  for (auto [index, type] : llvm::enumerate(partition.getArgumentTypes())) {
    uint64_t needed = llvm::cast<cgc::MemRefType>(type).getByteSize();
    std::string what =
        "bind point " + std::to_string(index) + " (" + typeString(type) + ")";
    const Binding *binding = bound[index];
    if (!binding)
      return fail(what + " is not bound");
    if (binding->sizeInBytes < needed)
      return fail(what + " needs " + llvm::Twine(needed) +
                  " bytes but is bound to " +
                  llvm::Twine(binding->sizeInBytes));
    if (!binding->data && needed)
      return fail(what + " is bound to a null address");
  }
  return bound;
}

} // namespace opencgc::device
