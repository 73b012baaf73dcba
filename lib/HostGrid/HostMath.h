//===- HostMath.h - libdevice functions on the host -------------*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_HOSTMATH_H
#define OPENCGC_LIB_HOSTGRID_HOSTMATH_H

#include "llvm/ADT/StringRef.h"

namespace opencgc::hostgrid {

/// The host function that implements libdevice's `name` (__nv_expf ->
/// expf from libm, ...), or null when the grid has none.
void *findHostMath(llvm::StringRef name);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_HOSTMATH_H
