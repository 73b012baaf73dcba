//===- HostGrid.h - GPU kernels of LLVM IR run on the CPU -------*- C++ -*-===//
//
// The host grid tests NVVM kernels for what they compute, not only for
// their form (docs/host-grid.md): the NVVM IR bitcode the backend wrote is
// read back with LLVM 22's reader, its special-register reads
// (llvm.nvvm.read.ptx.sreg.*) become loads from a per-invocation grid
// context, libdevice calls (__nv_*) bind to the host's libm, shared
// (addrspace(3)) variables live in a per-workgroup buffer the context
// points to, and ORC JITs it for the host. A launch runs the workgroups on
// all cores; the invocations of a workgroup run one after another, or, when
// the kernel has barriers, as fibers that switch at each barrier. DXIL
// compute shaders run on the same grid once their dx.op calls are lowered
// to host code (compileDxil).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_HOSTGRID_HOSTGRID_H
#define OPENCGC_HOSTGRID_HOSTGRID_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>

namespace opencgc::hostgrid {

/// What one invocation reads: llvm.nvvm.read.ptx.sreg.* (tid, ntid, ctaid
/// and nctaid, x/y/z each, in this order), its workgroup's shared memory and
/// the fibers its barriers switch between.
struct GridContext {
  std::array<uint32_t, 3> threadId;
  std::array<uint32_t, 3> blockSize;
  std::array<uint32_t, 3> blockId;
  std::array<uint32_t, 3> gridSize;
  /// The workgroup's addrspace(3) variables, each at a fixed offset.
  void *sharedMemory = nullptr;
  /// The workgroup's fibers while a kernel with barriers runs, else null.
  void *fibers = nullptr;
};

/// One compiled kernel: `launch` runs its grid to completion.
class HostKernel {
public:
  virtual ~HostKernel();
  /// Runs blocks x threads invocations with one pointer per kernel
  /// parameter, in parameter order.
  virtual llvm::Error launch(const std::array<uint32_t, 3> &blocks,
                             const std::array<uint32_t, 3> &threads,
                             llvm::ArrayRef<void *> parameters) const = 0;
  virtual unsigned getNumParameters() const = 0;
};

/// A raw buffer bound to a DXIL kernel. D3D12 reads 0 past the end of a raw
/// buffer and drops writes there, so the grid needs each binding's size.
struct RawBufferBinding {
  void *data = nullptr;
  uint64_t bytes = 0;
};

/// A DXIL compute shader compiled for the host (docs/host-grid.md, DXIL).
struct DxilHostKernel {
  /// Its parameters: one RawBufferBinding * per register, 0 to
  /// getNumParameters() - 1 (the lower bound of an SRV or UAV record is its
  /// register; an unused register may be null).
  std::unique_ptr<HostKernel> kernel;
  /// numthreads, the workgroup size every launch uses.
  std::array<uint32_t, 3> numThreads = {1, 1, 1};

  /// Runs `groups` workgroups of numThreads invocations.
  llvm::Error launch(const std::array<uint32_t, 3> &groups,
                     llvm::ArrayRef<RawBufferBinding *> bindings) const;
};

class HostGrid {
public:
  /// A JIT for the host. Fails when LLVM has no native target.
  static llvm::Expected<std::unique_ptr<HostGrid>> create();
  virtual ~HostGrid();

  /// Compiles kernel `name` of an NVVM IR bitcode module for the host. Safe
  /// to call from several threads.
  virtual llvm::Expected<std::unique_ptr<HostKernel>>
  compile(llvm::ArrayRef<char> nvvmBitcode, llvm::StringRef name) = 0;

  /// Compiles the compute entry of a DXIL module (the LLVM 3.7 bitcode of a
  /// container's DXIL part) for the host: its dx.op calls become host code.
  /// A dx.op the grid does not lower is an error naming it and its opcode.
  /// Safe to call from several threads.
  virtual llvm::Expected<DxilHostKernel>
  compileDxil(llvm::ArrayRef<char> dxilBitcode) = 0;
};

} // namespace opencgc::hostgrid

#endif // OPENCGC_HOSTGRID_HOSTGRID_H
