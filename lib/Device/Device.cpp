//===- Device.cpp - The MLIR-program device API ---------------------------===//
#include "opencgc/Device/Device.h"

namespace opencgc::device {
// Anchor the vtables here.
CompiledPartition::~CompiledPartition() = default;
Device::~Device() = default;
} // namespace opencgc::device
