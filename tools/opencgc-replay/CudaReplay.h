//===- CudaReplay.h - Replays PTX dispatches through the driver -*- C++ -*-===//
//
// Runs captured PTX kernels through the CUDA driver API, loaded at run time
// with dlopen so the replayer builds and runs without the CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_CUDAREPLAY_H
#define OPENCGC_REPLAY_CUDAREPLAY_H

#include "DeviceReplay.h"

#include <memory>

namespace replay {

/// Loads libcuda.so.1 and opens device 0's primary context; throws
/// ReplayError when the driver is missing or a call fails.
std::unique_ptr<DeviceReplay> createCudaReplay();

} // namespace replay

#endif // OPENCGC_REPLAY_CUDAREPLAY_H
