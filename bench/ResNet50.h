//===- ResNet50.h - A ResNet-50-shaped network for benchmarks ---*- C++ -*-===//
//
// 53 convolutions with folded batch norm, ReLU, residual adds, max pooling,
// global average pooling and a final Gemm at 1x3x224x224, in CGC Input IR
// with random weights: the CNN the benchmarks run and compile.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_BENCH_RESNET50_H
#define OPENCGC_BENCH_RESNET50_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Tensor/Tensor.h"
#include "llvm/ADT/StringMap.h"

namespace opencgc::bench {

struct Network {
  mlir::OwningOpRef<cgc::ModuleOp> module;
  cgc::EntryPointOp entry;
  llvm::StringMap<Tensor> weights;
  double flops = 0;
  int convolutions = 0;
};

Network buildResNet50(mlir::MLIRContext &context);

} // namespace opencgc::bench

#endif // OPENCGC_BENCH_RESNET50_H
