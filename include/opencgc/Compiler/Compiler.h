//===- Compiler.h - CGC Input IR to CGC Output IR ---------------*- C++ -*-===//
//
// The DXCGC compiler of the D3D12 MLIR programs specification: asks each
// target (through its device's MLIR exchange) for subgraph declarations,
// forms cgc.subgraph ops, asks the owning target to specialize each one,
// falls back to the reference target for the rest, groups subgraphs into
// partitions, schedules them, plans intermediate memory into one scratch
// buffer and emits Output IR (module > program > partitions > subgraphs).
// docs/compiler.md describes each step. Each step is a pass, and
// compileModule runs them all (opencgc/Compiler/Passes.h).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_COMPILER_H
#define OPENCGC_COMPILER_COMPILER_H

#include "mlir/IR/OwningOpRef.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opencgc::device {
class Device;
} // namespace opencgc::device

namespace opencgc::compiler {

enum class Partitioning {
  /// One subgraph per partition.
  Fine,
  /// The largest partitions per target that keep the partition graph
  /// acyclic.
  Coarse,
};

struct CompileOptions {
  Partitioning partitioning = Partitioning::Coarse;
  /// Byte alignment of every view into the scratch buffer; 0: the largest
  /// binding alignment of the targets (Device::getBindingAlignment), 256
  /// without targets.
  uint64_t alignment = 0;
  /// Let elementwise subgraphs write over an input that dies with them.
  bool inPlace = true;
  /// Let intermediates live in a program output buffer before that output
  /// is written (the specification's Output IR keeps a 64-byte scratch
  /// this way).
  bool borrowOutputs = true;
  /// Give a reshape of an intermediate no subgraph: its result is a view of
  /// its source's memory (no kernel, no copy).
  bool reshapeViews = true;
  /// Let the producers of a concat's inputs write their slices of its
  /// result (no copy), where the slices are contiguous and aligned.
  bool placeConcatInputs = true;
  /// Patterns of the targets, by name, never matched (the fallback's are
  /// always): a fused kernel is then compared with the kernels it
  /// replaces (`--exclude-pattern attention`). A name no target declares
  /// is an error.
  std::vector<std::string> excludedPatterns;
  /// Where to report rejected specializations and progress (none: quiet).
  llvm::raw_ostream *log = nullptr;
};

/// The three figures every plan reports, in bytes.
struct MemoryFigures {
  /// Size of the program's scratch buffer.
  uint64_t scratchBytes = 0;
  /// Sum of all intermediates, each in its own allocation.
  uint64_t naiveBytes = 0;
  /// Maximum over the schedule of simultaneously live bytes of the
  /// intermediates placed in scratch.
  uint64_t lowerBoundBytes = 0;
};

struct CompileResult {
  mlir::OwningOpRef<cgc::ModuleOp> outputIR;
  /// plan.json: partitions, bind points, schedule and memory plan.
  llvm::json::Value plan = nullptr;
  MemoryFigures memory;
};

/// The first stage (cgc-prepare-entry-point), on `input` in place: erases ops whose
/// results nobody uses and gives every returned value a producer of its own
/// (a copy of an argument, a constant or a value returned twice). The
/// module must hold one cgc.entry_point that returns something; it is
/// returned.
llvm::Expected<cgc::EntryPointOp> prepareEntryPoint(cgc::ModuleOp input);

} // namespace opencgc::compiler

#endif // OPENCGC_COMPILER_COMPILER_H
