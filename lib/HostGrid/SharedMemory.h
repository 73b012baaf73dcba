//===- SharedMemory.h - Shared variables in a workgroup buffer --*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_SHAREDMEMORY_H
#define OPENCGC_LIB_HOSTGRID_SHAREDMEMORY_H

#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class Function;
} // namespace llvm

namespace opencgc::hostgrid {

struct SharedLayout {
  uint64_t bytes = 0;
  uint64_t alignment = 1;
};

/// Lays the module's addrspace(3) variables out one after another and makes
/// `body` (whose first parameter is the GridContext) address each at its
/// offset from GridContext::sharedMemory, erasing the variables. Refuses
/// initialized and extern (dynamically sized) ones and uses outside `body`.
llvm::Expected<SharedLayout> placeSharedMemory(llvm::Function &body);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_SHAREDMEMORY_H
