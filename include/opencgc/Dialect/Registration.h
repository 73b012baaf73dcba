//===- Registration.h - Register the CGC dialects ---------------*- C++ -*-===//
#ifndef OPENCGC_DIALECT_REGISTRATION_H
#define OPENCGC_DIALECT_REGISTRATION_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace opencgc {
/// Adds the cgc, cgc_op and cgc_pattern dialects to `registry`.
void registerCGCDialects(mlir::DialectRegistry &registry);
/// Loads the cgc, cgc_op and cgc_pattern dialects into `context`.
void loadCGCDialects(mlir::MLIRContext &context);
} // namespace opencgc

#endif // OPENCGC_DIALECT_REGISTRATION_H
