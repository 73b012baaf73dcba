//===- CaptureReader.h - Reads and checks a capture directory ---*- C++ -*-===//
//
// Parses DIR/capture.txt strictly against docs/capture.md and checks what a
// replay relies on (bindings inside their regions, buffer files of exactly
// their size, kernels defined before use) before any dispatch runs, so a
// malformed capture is reported by file and line rather than as a device
// fault.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_CAPTUREREADER_H
#define OPENCGC_REPLAY_CAPTUREREADER_H

#include "Capture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace replay {

/// Reads DIR/capture.txt; throws ReplayError naming the file and line.
Capture readCapture(const std::string &directory);

/// Reads a whole file that must hold exactly `size` bytes.
std::vector<uint8_t> readBytes(const std::string &path, uint64_t size);

} // namespace replay

#endif // OPENCGC_REPLAY_CAPTUREREADER_H
