//===- Compiler.cpp - CGC Input IR to CGC Output IR -----------------------===//
#include "opencgc/Compiler/Compiler.h"

#include "ConcatPlacement.h"
#include "MemoryAssignment.h"
#include "OutputIRBuilder.h"
#include "Partitioning.h"
#include "PlanJson.h"
#include "ReshapeViews.h"
#include "Scheduling.h"
#include "SubgraphFormation.h"
#include "TargetQuery.h"

#include "mlir/IR/Builders.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
constexpr llvm::StringLiteral kNameAttr = "cgc.name";

/// Removes ops whose results nobody uses: they would compute nothing the
/// program returns.
void eraseDeadOps(cgc::EntryPointOp entry) {
  Block *body = entry.getBodyBlock();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (!op.hasTrait<OpTrait::IsTerminator>() && op.use_empty())
      op.erase();
}

/// Every returned value must be written by a subgraph into its own output
/// buffer: arguments, constants and values returned twice get a copy (a
/// reshape to the same shape).
void materializeReturns(cgc::EntryPointOp entry) {
  Operation *terminator = entry.getBodyBlock()->getTerminator();
  OpBuilder builder(terminator);
  llvm::SmallPtrSet<void *, 8> seen;
  for (OpOperand &operand : terminator->getOpOperands()) {
    Value value = operand.get();
    Operation *producer = value.getDefiningOp();
    bool needsCopy = !producer || isa<cgc::ConstantOp>(producer) ||
                     !seen.insert(value.getAsOpaquePointer()).second;
    if (!needsCopy)
      continue;
    auto type = cast<cgc::TensorType>(value.getType());
    OperationState state(
        value.getLoc(), "cgc_op.reshape", {value},
        {cgc::TensorType::get(builder.getContext(), type.getShape(),
                              type.getElementType(), false)},
        {builder.getNamedAttr("shape",
                              builder.getI64ArrayAttr(type.getShape()))});
    operand.set(builder.create(state)->getResult(0));
  }
  // A returned constant's copy is no constant: the entry point now returns
  // what its body does (the module verifies between passes).
  FunctionType type = entry.getFunctionType();
  SmallVector<Type> results(terminator->getOperandTypes());
  if (TypeRange(results) != type.getResults())
    entry.setFunctionType(
        FunctionType::get(entry.getContext(), type.getInputs(), results));
}

/// Entry arguments and results by their cgc.name, constants by name, other
/// values by the op that defines them ("relu", "relu_1", ...).
void nameValues(CompilationGraph &graph) {
  cgc::EntryPointOp entry = graph.entry;
  llvm::StringSet<> used;
  auto claim = [&](Value value, std::string base) {
    std::string name = base;
    for (unsigned suffix = 1; !used.insert(name).second; ++suffix)
      name = base + "_" + std::to_string(suffix);
    graph.names[value] = name;
  };
  for (BlockArgument argument : entry.getArguments()) {
    auto name =
        entry.getArgAttrOfType<StringAttr>(argument.getArgNumber(), kNameAttr);
    claim(argument, name ? name.str()
                         : "input" + std::to_string(argument.getArgNumber()));
  }
  Operation *terminator = entry.getBodyBlock()->getTerminator();
  for (OpOperand &operand : terminator->getOpOperands()) {
    auto name = entry.getResultAttrOfType<StringAttr>(
        operand.getOperandNumber(), kNameAttr);
    claim(operand.get(),
          name ? name.str()
               : "output" + std::to_string(operand.getOperandNumber()));
  }
  for (Operation &op : entry.getBodyBlock()->without_terminator())
    for (Value result : op.getResults())
      if (!graph.names.count(result))
        claim(result, isa<cgc::ConstantOp>(op)
                          ? cast<cgc::ConstantOp>(op).getName().str()
                          : op.getName().stripDialect().str());
}

llvm::Expected<cgc::EntryPointOp> getSingleEntryPoint(cgc::ModuleOp module) {
  auto entries = module.getBodyBlock()->getOps<cgc::EntryPointOp>();
  if (entries.empty())
    return llvm::createStringError(
        "the module holds no cgc.entry_point: only CGC Input IR compiles");
  if (!llvm::hasSingleElement(entries))
    return llvm::createStringError(
        "the module holds several cgc.entry_point ops; compile takes one");
  cgc::EntryPointOp entry = *entries.begin();
  if (entry.getBodyBlock()->getTerminator()->getNumOperands() == 0)
    return llvm::createStringError("@" + entry.getSymName() +
                                   " returns nothing");
  return entry;
}

llvm::Expected<std::vector<TargetDeclaration>>
collectDeclarations(llvm::ArrayRef<device::Device *> targets,
                    device::Device &fallback, MLIRContext &context) {
  std::vector<TargetDeclaration> declarations;
  for (device::Device *device : targets) {
    if (device->getName() == device::kReferenceTargetName)
      continue;
    auto declaration = requestDeclaration(*device, context);
    if (!declaration)
      return declaration.takeError();
    declarations.push_back(std::move(*declaration));
  }
  auto reference = requestDeclaration(fallback, context);
  if (!reference)
    return reference.takeError();
  declarations.push_back(std::move(*reference));
  return declarations;
}

/// `requested` with its alignment resolved: the targets' largest binding
/// alignment unless one was given.
CompileOptions resolveOptions(const CompileOptions &requested,
                              llvm::ArrayRef<device::Device *> targets) {
  CompileOptions options = requested;
  if (options.alignment == 0) {
    options.alignment = targets.empty() ? 256 : 1;
    for (device::Device *target : targets)
      options.alignment =
          std::max(options.alignment, target->getBindingAlignment());
  }
  return options;
}
} // namespace

llvm::Expected<cgc::EntryPointOp> prepareEntryPoint(cgc::ModuleOp input) {
  auto entry = getSingleEntryPoint(input);
  if (!entry)
    return entry.takeError();
  eraseDeadOps(*entry);
  materializeReturns(*entry);
  return entry;
}

llvm::Expected<CompileResult>
compileModule(cgc::ModuleOp input, llvm::ArrayRef<device::Device *> targets,
              const CompileOptions &requested) {
  CompileOptions options = resolveOptions(requested, targets);
  MLIRContext &context = *input.getContext();
  OwningOpRef<cgc::ModuleOp> work(cast<cgc::ModuleOp>(input->clone()));
  auto entry = prepareEntryPoint(*work);
  if (!entry)
    return entry.takeError();

  std::unique_ptr<device::Device> fallback =
      device::createReferenceDevice(context);
  auto declarations = collectDeclarations(targets, *fallback, context);
  if (!declarations)
    return declarations.takeError();

  CompilationGraph graph;
  graph.entry = *entry;
  nameValues(graph);
  if (options.reshapeViews)
    findReshapeViews(graph);
  if (options.placeConcatInputs)
    placeConcatInputs(graph, options.alignment);
  if (auto error = formSubgraphs(graph, *declarations, options.log))
    return std::move(error);
  partitionGraph(graph, options.partitioning, device::kReferenceTargetName);
  MemoryAssignment memory = assignMemory(graph, options);
  scheduleDependencies(graph);
  auto program = buildOutputIR(graph, memory, device::kReferenceTargetName);
  if (!program)
    return program.takeError();

  CompileResult result;
  result.memory = memory.figures;
  result.plan =
      buildPlan(graph, memory, *program, options, declarations->front().name);
  result.outputIR = std::move(program->module);
  return result;
}

} // namespace opencgc::compiler
