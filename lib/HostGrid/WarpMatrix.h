//===- WarpMatrix.h - Tensor-core products on the host grid ------*- C++
//-*-===//
#ifndef OPENCGC_LIB_HOSTGRID_WARPMATRIX_H
#define OPENCGC_LIB_HOSTGRID_WARPMATRIX_H

#include <cstdint>

namespace opencgc::hostgrid {

struct GridContext;

/// kMmaTf32Function: this lane's part of its warp's
/// mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32.
void hostMmaM16n8k8Tf32(GridContext *context, uint32_t a0, uint32_t a1,
                        uint32_t a2, uint32_t a3, uint32_t b0, uint32_t b1,
                        float c0, float c1, float c2, float c3, float *d);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_WARPMATRIX_H
