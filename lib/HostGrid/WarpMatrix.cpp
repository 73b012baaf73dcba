//===- WarpMatrix.cpp - Tensor-core products on the host grid -------------===//
//
// mma.sync is executed by a warp together: each lane holds a fragment of A,
// B and C, and receives one of D. On the host grid a lane leaves its
// fragments in the workgroup's warp exchange and waits at a barrier of its
// own (so a lane at a workgroup barrier meanwhile is reported as barriers
// that differ); the first lane of the warp resumed computes the warp's D
// for all 32, and each takes its part. Fragment layouts: PTX ISA, "Matrix
// Fragments for mma.m16n8k8", .tf32:
//
//   lane = 4 group + thread;  a0..a3 = A[group (+8 for a1, a3)][thread
//   (+4 for a2, a3)];  b0, b1 = B[thread (+4 for b1)][group];
//   c0..c3 = C[group (+8 for c2, c3)][2 thread (+1 for c1, c3)].
//
// The factors are TF32: the 13 low mantissa bits are ignored, as the
// tensor cores ignore them; products of two TF32 values are exact in
// float, and the sum is accumulated in float in k order (the hardware's
// adder truncates, so a GPU's D may differ from this in the last bits).
// Every lane of each warp, and every warp of the workgroup, must execute
// the same mma.sync instructions (opencgc's kernels do); a workgroup whose
// size is not a multiple of 32 gets zeros for its missing lanes.
//
//===----------------------------------------------------------------------===//
#include "WarpMatrix.h"
#include "WorkgroupFibers.h"

#include "opencgc/HostGrid/HostGrid.h"

#include <cstring>

namespace opencgc::hostgrid {
namespace {

/// Not an NVVM barrier number (those are 0 to 15).
constexpr uint32_t kWarpInstructionBarrier = 0xffff0001u;
/// Slot words: a0..a3, b0, b1, c0..c3 (float bits), then d0..d3.
constexpr unsigned kFirstB = 4, kFirstC = 6, kFirstD = 10;

float asFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

uint32_t asBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

float tf32(uint32_t bits) { return asFloat(bits & 0xffffe000u); }

void computeWarp(WorkgroupFibers::WarpExchange &exchange, unsigned warp) {
  auto slot = [&](unsigned lane) -> std::array<uint32_t, 16> & {
    return exchange.lanes[warp * 32 + lane];
  };
  auto a = [&](unsigned row, unsigned k) {
    return tf32(slot(row % 8 * 4 + k % 4)[(row >= 8) + 2 * (k >= 4)]);
  };
  auto b = [&](unsigned k, unsigned column) {
    return tf32(slot(column * 4 + k % 4)[kFirstB + (k >= 4)]);
  };
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned group = lane / 4, thread = lane % 4;
    for (unsigned e = 0; e < 4; ++e) {
      unsigned row = group + (e >= 2 ? 8 : 0);
      unsigned column = 2 * thread + e % 2;
      float sum = asFloat(slot(lane)[kFirstC + e]);
      for (unsigned k = 0; k < 8; ++k)
        sum += a(row, k) * b(k, column);
      slot(lane)[kFirstD + e] = asBits(sum);
    }
  }
}

} // namespace

void hostMmaM16n8k8Tf32(GridContext *context, uint32_t a0, uint32_t a1,
                        uint32_t a2, uint32_t a3, uint32_t b0, uint32_t b1,
                        float c0, float c1, float c2, float c3, float *d) {
  auto &fibers = *static_cast<WorkgroupFibers *>(context->fibers);
  WorkgroupFibers::WarpExchange &exchange = fibers.getWarpExchange();
  unsigned self = fibers.getCurrent();
  exchange.lanes[self] = {
      a0,         a1,         a2, a3, b0, b1, asBits(c0), asBits(c1),
      asBits(c2), asBits(c3), 0,  0,  0,  0,  0,          0};
  uint64_t round = ++exchange.rounds[self];
  fibers.arrive(kWarpInstructionBarrier, BarrierReduction::Count, 0);
  unsigned warp = self / 32;
  if (exchange.computed[warp] != round) {
    computeWarp(exchange, warp);
    exchange.computed[warp] = round;
  }
  for (unsigned e = 0; e < 4; ++e)
    d[e] = asFloat(exchange.lanes[self][kFirstD + e]);
}

} // namespace opencgc::hostgrid
