//===- DeviceReplay.h - Runs one captured dispatch on a device --*- C++ -*-===//
//
// The device side of a replay, behind one interface so the manifest, the
// comparison and the report are shared by Vulkan and CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_DEVICEREPLAY_H
#define OPENCGC_REPLAY_DEVICEREPLAY_H

#include "Capture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace replay {

/// The bytes of each region of a dispatch, in region order.
using RegionBytes = std::vector<std::vector<uint8_t>>;

class DeviceReplay {
public:
  virtual ~DeviceReplay() = default;

  /// The device the dispatches run on, for the report.
  virtual std::string getDeviceName() const = 0;

  /// Runs `dispatch` alone on fresh buffers holding `regions` (its BEFORE
  /// bytes) and waits; `regions` then holds what the device left there.
  /// Throws ReplayError naming the failing call.
  virtual void run(const Capture &capture, const Dispatch &dispatch,
                   RegionBytes &regions) = 0;
};

} // namespace replay

#endif // OPENCGC_REPLAY_DEVICEREPLAY_H
