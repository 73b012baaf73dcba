//===- FuzzContext.h - An MLIR context for fuzz targets ---------*- C++ -*-===//
//
// A context as the opencgc tool makes one (the CGC dialects loaded),
// renewed every 2000 inputs: it keeps every attribute and type any input
// named, which would otherwise grow without end over a campaign.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_TEST_FUZZ_FUZZCONTEXT_H
#define OPENCGC_TEST_FUZZ_FUZZCONTEXT_H

#include "opencgc/Dialect/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace opencgc::fuzz {

inline mlir::MLIRContext &getFuzzContext() {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 2000 == 0) {
    mlir::DialectRegistry registry;
    registerCGCDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    loadCGCDialects(*context);
  }
  return *context;
}

} // namespace opencgc::fuzz

#endif // OPENCGC_TEST_FUZZ_FUZZCONTEXT_H
