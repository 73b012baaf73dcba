//===- ProgramBinding.h - Bind point bindings of a DispatchGraph -*- C++
//-*-===//
//
// D3D12_MLIR_PROGRAM_BINDING (D3D12 MLIR programs specification, "API"):
// one bind point of an MLIR program, fed either with a GPU virtual-address
// range (D3D12_MLIR_PROGRAM_BINDING_TYPE_GPU) or with CPU data that the
// command list copies at record time (D3D12_MLIR_PROGRAM_BINDING_TYPE_CPU).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DEVICE_PROGRAMBINDING_H
#define OPENCGC_DEVICE_PROGRAMBINDING_H

#include <cstdint>

namespace opencgc::device {

/// D3D12_GPU_VIRTUAL_ADDRESS.
using GpuVirtualAddress = uint64_t;

/// D3D12_GPU_VIRTUAL_ADDRESS_RANGE.
struct GpuVirtualAddressRange {
  GpuVirtualAddress startAddress = 0;
  uint64_t sizeInBytes = 0;
};

/// D3D12_MLIR_PROGRAM_CPU_BINDING. The data is copied when the dispatch is
/// recorded; the caller may free it as soon as DispatchGraph returns.
struct CpuBinding {
  const void *data = nullptr;
  uint64_t dataSizeInBytes = 0;
};

/// D3D12_MLIR_PROGRAM_BINDING_TYPE.
enum class BindingType : uint32_t { Gpu = 0, Cpu = 1 };

/// D3D12_MLIR_PROGRAM_BINDING (its Flags are reserved and left out).
struct ProgramBinding {
  uint32_t bindPointIndex = 0;
  BindingType type = BindingType::Gpu;
  GpuVirtualAddressRange gpuBinding;
  CpuBinding cpuBinding;

  static ProgramBinding gpu(uint32_t index, GpuVirtualAddressRange range) {
    ProgramBinding binding;
    binding.bindPointIndex = index;
    binding.gpuBinding = range;
    return binding;
  }
  static ProgramBinding cpu(uint32_t index, const void *data, uint64_t size) {
    ProgramBinding binding;
    binding.bindPointIndex = index;
    binding.type = BindingType::Cpu;
    binding.cpuBinding = {data, size};
    return binding;
  }
};

} // namespace opencgc::device

#endif // OPENCGC_DEVICE_PROGRAMBINDING_H
