//===- ProgramSignature.cpp - What each program argument is ---------------===//
#include "opencgc/Executor/ProgramExecutor.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace opencgc::runtime {
namespace {
/// The block argument a memref value views, through any cgc.view_memref.
BlockArgument rootArgument(Value value) {
  while (auto view = value.getDefiningOp<cgc::ViewMemRefOp>())
    value = view.getSource();
  return dyn_cast<BlockArgument>(value);
}

enum class Access { Read, Write };

/// How each bind point of `partition` is first accessed, in body order: the
/// invoked subgraphs read their inputs before writing their outputs.
llvm::DenseMap<unsigned, Access> firstAccesses(cgc::PartitionOp partition) {
  llvm::DenseMap<unsigned, Access> first;
  for (auto invoke : partition.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto subgraph = SymbolTable::lookupNearestSymbolFrom<cgc::SubgraphOp>(
        invoke, invoke.getCalleeAttr());
    if (!subgraph || !subgraph.getFunctionalDefinition())
      continue;
    unsigned numInputs = subgraph.getFunctionalDefinition().getNumArguments();
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands()))
      if (BlockArgument arg = rootArgument(operand))
        first.try_emplace(arg.getArgNumber(),
                          index < numInputs ? Access::Read : Access::Write);
  }
  return first;
}

/// The last rank-1 int8 argument that the program views, if any.
std::optional<unsigned> findScratch(cgc::ProgramOp program) {
  for (BlockArgument arg : llvm::reverse(program.getArguments())) {
    auto type = cast<cgc::MemRefType>(arg.getType());
    bool viewed = llvm::any_of(arg.getUsers(), [&](Operation *user) {
      return isa<cgc::ViewMemRefOp>(user);
    });
    if (type.getRank() == 1 && isa<cgc::Int8Type>(type.getElementType()) &&
        !type.getIsConstant() && viewed)
      return arg.getArgNumber();
  }
  return std::nullopt;
}

/// Roles for Output IR without cgc.role attributes (see the header).
std::vector<ArgumentRole> inferRoles(cgc::ProgramOp program) {
  unsigned numArgs = program.getNumArguments();
  std::vector<std::optional<ArgumentRole>> roles(numArgs);
  if (std::optional<unsigned> scratch = findScratch(program))
    roles[*scratch] = ArgumentRole::Scratch;
  for (auto invoke : program.getBodyBlock()->getOps<cgc::InvokeOp>()) {
    auto partition = SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
        invoke, invoke.getCalleeAttr());
    if (!partition)
      continue;
    llvm::DenseMap<unsigned, Access> accesses = firstAccesses(partition);
    // An argument read anywhere in its first invoke is an input.
    llvm::DenseMap<unsigned, ArgumentRole> decided;
    for (auto [index, operand] : llvm::enumerate(invoke.getOperands())) {
      BlockArgument arg = rootArgument(operand);
      if (!arg || roles[arg.getArgNumber()])
        continue;
      auto access = accesses.find(index);
      bool written =
          access != accesses.end() && access->second == Access::Write;
      auto [it, inserted] = decided.try_emplace(arg.getArgNumber(),
                                                written ? ArgumentRole::Output
                                                        : ArgumentRole::Input);
      if (!inserted && !written)
        it->second = ArgumentRole::Input;
    }
    for (auto [argNumber, role] : decided)
      roles[argNumber] = role;
  }
  std::vector<ArgumentRole> result;
  for (std::optional<ArgumentRole> role : roles)
    result.push_back(role.value_or(ArgumentRole::Input));
  return result;
}

llvm::Expected<std::vector<ArgumentRole>> readRoles(cgc::ProgramOp program) {
  std::vector<ArgumentRole> roles;
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i) {
    auto role = program.getArgAttrOfType<StringAttr>(i, kRoleAttr);
    std::string where = "program @" + program.getSymName().str() +
                        " argument #" + std::to_string(i);
    if (!role)
      return llvm::createStringError(
          where + " has no " + kRoleAttr +
          " attribute, but other arguments have one");
    if (role.getValue() == kInputRole)
      roles.push_back(ArgumentRole::Input);
    else if (role.getValue() == kOutputRole)
      roles.push_back(ArgumentRole::Output);
    else if (role.getValue() == kScratchRole)
      roles.push_back(ArgumentRole::Scratch);
    else
      return llvm::createStringError(where + " has unknown " + kRoleAttr +
                                     " \"" + role.getValue() +
                                     "\" (expected input, output or scratch)");
  }
  return roles;
}

} // namespace

llvm::Expected<ProgramSignature> getProgramSignature(cgc::ProgramOp program) {
  bool anyRole = false;
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
    anyRole |= program.getArgAttr(i, kRoleAttr) != nullptr;
  ProgramSignature signature;
  if (anyRole) {
    auto roles = readRoles(program);
    if (!roles)
      return roles.takeError();
    signature.roles = std::move(*roles);
  } else {
    signature.roles = inferRoles(program);
  }
  for (auto [index, role] : llvm::enumerate(signature.roles)) {
    if (role == ArgumentRole::Input)
      signature.inputs.push_back(index);
    else if (role == ArgumentRole::Output)
      signature.outputs.push_back(index);
  }
  return signature;
}

} // namespace opencgc::runtime
