//===- PartitionIsolation.cpp - Output IR to Partition IR -----------------===//
#include "opencgc/Compiler/PartitionIsolation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
/// The top-level ops of `module` that `root` reaches through symbol uses,
/// `root` included. References that do not name a top-level symbol (nested
/// or unknown ones) are left for the verifier.
llvm::SmallPtrSet<Operation *, 8> collectReachable(cgc::ModuleOp module,
                                                   Operation *root) {
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 8> reached;
  llvm::SmallVector<Operation *> worklist = {root};
  reached.insert(root);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      continue;
    for (const SymbolTable::SymbolUse &use : *uses) {
      Operation *symbol = symbols.lookup(use.getSymbolRef().getRootReference());
      if (symbol && reached.insert(symbol).second)
        worklist.push_back(symbol);
    }
  }
  return reached;
}
} // namespace

OwningOpRef<cgc::ModuleOp> isolatePartition(cgc::ModuleOp outputIR,
                                            cgc::PartitionOp partition) {
  if (partition->getParentOp() != outputIR.getOperation()) {
    emitError(partition.getLoc())
        << "cannot isolate partition @" << partition.getSymName()
        << ": it is not a top-level op of the given module";
    return nullptr;
  }
  llvm::SmallPtrSet<Operation *, 8> reached =
      collectReachable(outputIR, partition);
  OpBuilder builder(outputIR.getContext());
  OwningOpRef<cgc::ModuleOp> isolated =
      cgc::ModuleOp::create(builder, outputIR.getLoc());
  builder.setInsertionPointToEnd(isolated->getBodyBlock());
  // Keep the Output IR order so isolation is deterministic and readable.
  for (Operation &op : outputIR.getBodyBlock()->getOperations())
    if (reached.contains(&op))
      builder.clone(op);
  if (failed(verify(*isolated)))
    return nullptr;
  return isolated;
}

} // namespace opencgc::compiler
