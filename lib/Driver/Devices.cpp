//===- Devices.cpp - Choosing the devices a command runs on ---------------===//
#include "opencgc/Driver/Devices.h"

#include "opencgc/Device/ReferenceDevice.h"

namespace opencgc::driver {

std::vector<device::Device *> DeviceSet::all() const {
  std::vector<device::Device *> devices{primary};
  for (const auto &device : owned)
    if (device.get() != primary)
      devices.push_back(device.get());
  return devices;
}

std::vector<device::Device *> DeviceSet::targets() const {
  if (primary->getName() == device::kReferenceTargetName)
    return {};
  return {primary};
}

namespace {
llvm::Expected<const device::DeviceEntry *> findRunnable(llvm::StringRef name) {
  const device::DeviceEntry *entry = device::lookupDevice(name);
  if (entry && !entry->canRun())
    return llvm::createStringError(
        "device '" + name + "' only compiles (opencgc compile --target " +
        name + "); it runs nothing");
  if (!entry || entry->name != name)
    return llvm::createStringError(
        "unknown device '" + name + "' (known: " +
        device::joinDeviceNames(
            [](const device::DeviceEntry &e) { return e.canRun(); }) +
        ")");
  return entry;
}
} // namespace

llvm::Expected<DeviceSet> openDevices(llvm::StringRef name,
                                      mlir::MLIRContext &context,
                                      const DeviceOptions &options) {
  auto entry = findRunnable(name);
  if (!entry)
    return entry.takeError();
  bool capturing = !options.captureDirectory.empty();
  if (capturing && !(*entry)->canCapture())
    return llvm::createStringError(
        "--capture records the dispatches of a device that runs kernels (" +
        device::joinDeviceNames(
            [](const device::DeviceEntry &e) { return e.canCapture(); }) +
        "); device '" + name + "' has none to record");
  DeviceSet set;
  set.owned.push_back(device::createReferenceDevice(context));
  set.primary = set.owned.back().get();
  if (name == device::kReferenceTargetName)
    return set;
  auto opened = (*entry)->open(context, options);
  if (!opened) {
    // Asked for by name, a device without a fallback is an error when
    // absent; so is one that falls back when capturing, which needs it.
    if (!(*entry)->fallsBackToReference)
      return llvm::createStringError("--device " + name + ": " +
                                     llvm::toString(opened.takeError()));
    if (capturing)
      return opened.takeError();
    set.fallbackNote = llvm::toString(opened.takeError()) +
                       "; running on the reference device instead";
    return set;
  }
  set.owned.push_back(std::move(*opened));
  set.primary = set.owned.back().get();
  return set;
}

} // namespace opencgc::driver
