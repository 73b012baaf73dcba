//===- ConstantLayout.h - Constants re-laid out for a target's kernels -*- C++
//-*-===//
//
// Constant preprocessing (D3D12 MLIR programs specification, "Constant
// preprocessing": "transforming model parameters into hardware-optimal
// layouts"; issue 13 item 6). A kernel generator may read a constant
// subgraph input in another layout than the plain row-major one; the device
// then reports that layout on the partition's bind point, and the program
// executor binds a copy of the constant laid out so, made once when the
// constant is first bound and kept with the compiled program, never per run
// (docs/compiler.md, "Constant layouts").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TENSOR_CONSTANTLAYOUT_H
#define OPENCGC_TENSOR_CONSTANTLAYOUT_H

#include "opencgc/Tensor/Tensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace opencgc {

enum class ConstantLayout : uint8_t {
  /// Row-major, as the tensor is given.
  Plain,
  /// Float32, each row of the last dimension padded with zeros to a
  /// multiple of 4 elements, so that a kernel reads it as whole vec4s.
  RowsPaddedToVec4,
};

/// "plain", "rows-padded-to-vec4".
llvm::StringRef getConstantLayoutName(ConstantLayout layout);

/// The shape a constant of `shape` has in `layout`.
std::vector<int64_t> getLaidOutShape(ConstantLayout layout,
                                     llvm::ArrayRef<int64_t> shape);

/// The bytes a constant of `shape` that takes `plainBytes` takes in
/// `layout`.
uint64_t getLaidOutByteSize(ConstantLayout layout,
                            llvm::ArrayRef<int64_t> shape, uint64_t plainBytes);

/// `value` in `layout`: a new tensor (the same one for Plain). An error when
/// the layout does not apply to the tensor's type or rank.
llvm::Expected<Tensor> layOutConstant(ConstantLayout layout,
                                      const Tensor &value);

} // namespace opencgc

#endif // OPENCGC_TENSOR_CONSTANTLAYOUT_H
