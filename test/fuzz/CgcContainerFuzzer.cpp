//===- CgcContainerFuzzer.cpp - Fuzz the container readers ----------------===//
//
// libFuzzer entry point: both readers must reject hostile input with an
// error, never read out of bounds or crash.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Interchange/CgcContainer.h"

#include <cstdlib>

using namespace opencgc;

/// Touches every byte a successful parse claims is in range, so that ASan
/// catches a view that points outside the input.
static void touchParts(const DxContainerView &view) {
  volatile uint8_t sink = 0;
  for (const DxPart &part : view.parts)
    for (uint8_t byte : part.data)
      sink ^= byte;
  (void)sink;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::ArrayRef<uint8_t> bytes(data, size);

  llvm::Expected<DxContainerView> view = parseDxContainer(bytes);
  if (view) {
    touchParts(*view);
    (void)getDigestStatus(*view);
  } else {
    llvm::consumeError(view.takeError());
  }

  llvm::Expected<CgcContainerInfo> info = inspectCgcContainer(bytes);
  if (info)
    touchParts(info->container);
  else
    llvm::consumeError(info.takeError());

  llvm::Expected<CgcPayload> payload = readCgcContainer(bytes);
  if (!payload) {
    llvm::consumeError(payload.takeError());
    return 0;
  }
  // Whatever reads back must write and read back to the same payload.
  llvm::Expected<CgcPayload> again =
      readCgcContainer(writeCgcContainer(*payload));
  if (!again || again->bytecode != payload->bytecode ||
      again->interface != payload->interface ||
      !(again->version == payload->version))
    std::abort();
  return 0;
}
