//===- KernelSupport.h - What the kernel generator accepts ------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H
#define OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H

#include "IterationSpace.h"

#include "mlir/IR/Types.h"
#include "opencgc/Dialect/CGC/CGCOps.h"

namespace opencgc::codegen {

/// How a tensor of cgc element type `element` is stored in a kernel buffer
/// (f32, f16, or i8 for bool); null when kernels do not handle it.
mlir::Type getStorageType(mlir::Type element);

/// The broadcast of every value's shape in `definition`: the elements an
/// elementwise kernel iterates over. Nullopt when shapes do not broadcast.
std::optional<Shape> getIterationShape(cgc::FunctionalDefinitionOp definition);

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_KERNELIR_KERNELSUPPORT_H
