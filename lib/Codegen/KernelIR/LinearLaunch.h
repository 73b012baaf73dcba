//===- LinearLaunch.h - One invocation per work item, in a line -*- C++ -*-===//
//
// The launch shape the elementwise, reduction and convolution kernels
// share: 64-wide workgroups over a flat range of invocations, spilling into
// y past the 65535-workgroup limit of x.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_LINEARLAUNCH_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_LINEARLAUNCH_H

#include <algorithm>
#include <array>
#include <cstdint>

namespace opencgc::codegen {

inline constexpr uint32_t kWorkgroupSize = 64;
inline constexpr uint32_t kMaxWorkgroupCount = 65535;

/// ceil(invocations / 64) workgroups (at least one), spread over y beyond
/// the x limit.
inline std::array<uint32_t, 3> linearWorkgroupCount(int64_t invocations) {
  int64_t groups =
      std::max<int64_t>(1, (invocations + kWorkgroupSize - 1) / kWorkgroupSize);
  if (groups <= kMaxWorkgroupCount)
    return {uint32_t(groups), 1, 1};
  return {kMaxWorkgroupCount,
          uint32_t((groups + kMaxWorkgroupCount - 1) / kMaxWorkgroupCount), 1};
}

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_LINEARLAUNCH_H
