//===- MemoryAssignment.h - Where every value lives -------------*- C++ -*-===//
#ifndef OPENCGC_LIB_COMPILER_MEMORYASSIGNMENT_H
#define OPENCGC_LIB_COMPILER_MEMORYASSIGNMENT_H

#include "CompilationGraph.h"
#include "opencgc/Compiler/Compiler.h"

namespace opencgc::compiler {

/// One planned buffer: intermediates that share memory in place, with the
/// union of their lifetimes.
struct PlannedBuffer {
  llvm::SmallVector<mlir::Value, 2> values;
  uint64_t bytes = 0;
  unsigned firstStep = 0, lastStep = 0;
};

struct MemoryAssignment {
  MemoryFigures figures;
  uint64_t peakLiveBytes = 0;
  std::vector<PlannedBuffer> buffers;
};

/// Gives every value a home (graph.homes): entry arguments, results and
/// named constants are bound by the caller; intermediates go to scratch
/// offsets or into output buffers not yet written.
MemoryAssignment assignMemory(CompilationGraph &graph,
                              const CompileOptions &options);

/// The memref that holds a value of tensor type `type`.
cgc::MemRefType toMemRefType(mlir::Type type);

/// Dense byte size of a tensor or memref value.
uint64_t getByteSize(mlir::Value value);

} // namespace opencgc::compiler

#endif // OPENCGC_LIB_COMPILER_MEMORYASSIGNMENT_H
