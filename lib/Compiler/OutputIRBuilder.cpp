//===- OutputIRBuilder.cpp - Emitting CGC Output IR -----------------------===//
//
// The specification's "CGC Output IR": cgc.module (1) > cgc.program (1) >
// cgc.partition (1+) > cgc.subgraph (1+). Partitions take memrefs only; a
// partition's bind points are, in order, what it reads from outside, what
// it writes for others, and its internal intermediates (the numbering of
// the specification's @driverPartition: in, w1, b1, w2, b2, output,
// scratch).
//
//===----------------------------------------------------------------------===//
#include "OutputIRBuilder.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {

class OutputIRBuilder {
public:
  OutputIRBuilder(const CompilationGraph &graph, const MemoryAssignment &memory,
                  llvm::StringRef fallbackTarget)
      : graph(graph), memory(memory), fallbackTarget(fallbackTarget),
        builder(graph.entry.getContext()), loc(graph.entry.getLoc()) {}

  llvm::Expected<OutputProgram> build();

private:
  void emitSubgraphs();
  std::string subgraphBaseName(const SubgraphNode &node) const;
  llvm::SmallVector<Value, 8> computeBindPoints(const PartitionGroup &group);
  void emitPartition(const PartitionGroup &group,
                     llvm::ArrayRef<Value> bindPoints);
  void emitProgram();
  void emitProgramValues(cgc::ProgramOp program);

  const CompilationGraph &graph;
  const MemoryAssignment &memory;
  llvm::StringRef fallbackTarget;
  OpBuilder builder;
  Location loc;
  OutputProgram result;
  /// Program-level memref for every Input IR value.
  llvm::DenseMap<Value, Value> programValues;
};

std::string OutputIRBuilder::subgraphBaseName(const SubgraphNode &node) const {
  if (node.target == fallbackTarget && node.ops.size() == 1)
    return node.ops.front()->getName().stripDialect().str();
  return node.patternName;
}

/// One cgc.subgraph per distinct (target, functional definition): the two
/// conv+relu+add nodes of the specification's example share @convReluAdd.
void OutputIRBuilder::emitSubgraphs() {
  llvm::StringMap<std::string> symbolOfBody;
  llvm::StringSet<> usedNames;
  for (const SubgraphNode &node : graph.nodes) {
    auto source =
        *node.subgraph.get().getBodyBlock()->getOps<cgc::SubgraphOp>().begin();
    std::string key;
    llvm::raw_string_ostream os(key);
    os << node.target << "\n";
    source.getFunctionalDefinition()->print(
        os, OpPrintingFlags().printGenericOpForm().useLocalScope());
    auto [entry, inserted] = symbolOfBody.try_emplace(key, "");
    if (inserted) {
      std::string base = subgraphBaseName(node), name = base;
      for (unsigned suffix = 1; !usedNames.insert(name).second; ++suffix)
        name = base + "_" + std::to_string(suffix);
      entry->second = name;
      builder.setInsertionPointToEnd(result.module->getBodyBlock());
      auto subgraph = cast<cgc::SubgraphOp>(builder.clone(*source));
      subgraph.setSymName(name);
      subgraph->removeAttr("cgc.pattern");
      subgraph.getFunctionalDefinition().setSymName(name + "Functional");
    }
    result.subgraphNames.push_back(entry->second);
  }
}

llvm::SmallVector<Value, 8>
OutputIRBuilder::computeBindPoints(const PartitionGroup &group) {
  llvm::SetVector<Value> produced, reads, writes, internal;
  for (unsigned index : group.nodes)
    produced.insert(graph.nodes[index].outputs.begin(),
                    graph.nodes[index].outputs.end());
  for (unsigned index : group.nodes)
    for (Value input : graph.nodes[index].inputs)
      if (!produced.contains(input))
        reads.insert(input);
  unsigned partition = graph.nodes[group.nodes.front()].partition;
  for (Value value : produced) {
    bool escapes = graph.homes.lookup(value).kind == ValueHome::Output ||
                   llvm::any_of(graph.nodes, [&](const SubgraphNode &node) {
                     return node.partition != partition &&
                            llvm::is_contained(node.inputs, value);
                   });
    (escapes ? writes : internal).insert(value);
  }
  llvm::SmallVector<Value, 8> bindPoints(reads.begin(), reads.end());
  bindPoints.append(writes.begin(), writes.end());
  bindPoints.append(internal.begin(), internal.end());
  return bindPoints;
}

void OutputIRBuilder::emitPartition(const PartitionGroup &group,
                                    llvm::ArrayRef<Value> bindPoints) {
  SmallVector<Type> types;
  for (Value value : bindPoints)
    types.push_back(toMemRefType(value.getType()));
  builder.setInsertionPointToEnd(result.module->getBodyBlock());
  auto partition = cgc::PartitionOp::create(builder, loc, group.name,
                                            builder.getFunctionType(types, {}));
  llvm::DenseMap<Value, Value> local;
  for (auto [value, argument] :
       llvm::zip_equal(bindPoints, partition.getBodyBlock()->getArguments()))
    local[value] = argument;
  builder.setInsertionPointToEnd(partition.getBodyBlock());
  unsigned first = group.nodes.front();
  for (unsigned index : group.nodes) {
    const SubgraphNode &node = graph.nodes[index];
    SmallVector<Value> operands;
    for (Value value : node.inputs)
      operands.push_back(local.lookup(value));
    for (Value value : node.outputs)
      operands.push_back(local.lookup(value));
    auto invoke = cgc::InvokeOp::create(builder, loc,
                                        result.subgraphNames[index], operands);
    SmallVector<int64_t> depends;
    for (unsigned dep : node.depends)
      if (graph.nodes[dep].partition == node.partition)
        depends.push_back(dep - first);
    invoke->setAttr(kDependsAttrName, builder.getDenseI64ArrayAttr(depends));
  }
  cgc::ReturnOp::create(builder, loc);
}

void OutputIRBuilder::emitProgram() {
  cgc::EntryPointOp entry = graph.entry;
  SmallVector<Type> types;
  SmallVector<Attribute> argAttrs;
  auto addArgument = [&](Type type, StringRef role, StringRef name) {
    types.push_back(type);
    argAttrs.push_back(builder.getDictionaryAttr(
        {builder.getNamedAttr(kRoleAttrName, builder.getStringAttr(role)),
         builder.getNamedAttr(kNameAttrName, builder.getStringAttr(name))}));
  };
  for (BlockArgument argument : entry.getArguments())
    addArgument(toMemRefType(argument.getType()), "input",
                graph.names.lookup(argument));
  for (Value result : entry.getBodyBlock()->getTerminator()->getOperands())
    addArgument(toMemRefType(result.getType()), "output",
                graph.names.lookup(result));
  if (memory.figures.scratchBytes > 0)
    addArgument(cgc::MemRefType::get(builder.getContext(),
                                     {int64_t(memory.figures.scratchBytes)},
                                     cgc::Int8Type::get(builder.getContext()),
                                     false),
                "scratch", "scratch");
  builder.setInsertionPointToEnd(result.module->getBodyBlock());
  auto program = cgc::ProgramOp::create(builder, loc, entry.getSymName(),
                                        builder.getFunctionType(types, {}));
  program.setAllArgAttrs(argAttrs);
  emitProgramValues(program);
  builder.setInsertionPointToEnd(program.getBodyBlock());
  for (auto [index, group] : llvm::enumerate(graph.partitions)) {
    SmallVector<Value> operands;
    for (Value value : result.bindPoints[index])
      operands.push_back(programValues.lookup(value));
    auto invoke = cgc::InvokeOp::create(builder, loc, group.name, operands);
    invoke->setAttr(kDependsAttrName,
                    builder.getDenseI64ArrayAttr(SmallVector<int64_t>(
                        group.depends.begin(), group.depends.end())));
  }
  cgc::ReturnOp::create(builder, loc);
}

/// Program arguments, named constants and views for the intermediates.
void OutputIRBuilder::emitProgramValues(cgc::ProgramOp program) {
  Block *body = program.getBodyBlock();
  cgc::EntryPointOp entry = graph.entry;
  unsigned numInputs = entry.getNumArguments();
  for (BlockArgument argument : entry.getArguments())
    programValues[argument] = body->getArgument(argument.getArgNumber());
  auto results = entry.getBodyBlock()->getTerminator()->getOperands();
  for (auto [index, value] : llvm::enumerate(results))
    programValues[value] = body->getArgument(numInputs + index);
  builder.setInsertionPointToEnd(body);
  for (auto constant : entry.getBodyBlock()->getOps<cgc::ConstantOp>())
    programValues[constant.getResult()] = cgc::ConstantOp::create(
        builder, constant.getLoc(), toMemRefType(constant.getType()),
        constant.getName());
  auto emitView = [&](Value value) {
    ValueHome home = graph.homes.lookup(value);
    Value source = home.kind == ValueHome::Scratch
                       ? body->getArgument(body->getNumArguments() - 1)
                       : body->getArgument(numInputs + home.index);
    programValues[value] = cgc::ViewMemRefOp::create(
        builder, value.getLoc(), toMemRefType(value.getType()), source,
        int64_t(home.offset));
  };
  for (const PlannedBuffer &buffer : memory.buffers)
    llvm::for_each(buffer.values, emitView);
  // Values placed in others' memory (reshape views, concat inputs), in
  // Input IR order: views of those bytes with their own types.
  for (Operation &op : entry.getBodyBlock()->without_terminator())
    for (Value result : op.getResults())
      if (graph.aliases.count(result))
        emitView(result);
}

llvm::Expected<OutputProgram> OutputIRBuilder::build() {
  result.module = cgc::ModuleOp::create(builder, loc);
  emitSubgraphs();
  for (const PartitionGroup &group : graph.partitions)
    result.bindPoints.push_back(computeBindPoints(group));
  for (auto [group, bindPoints] :
       llvm::zip_equal(graph.partitions, result.bindPoints))
    emitPartition(group, bindPoints);
  emitProgram();
  std::string messages;
  ScopedDiagnosticHandler capture(builder.getContext(), [&](Diagnostic &d) {
    messages += (messages.empty() ? "" : "; ") + d.str();
    return success();
  });
  if (failed(verify(*result.module)))
    return llvm::createStringError(
        "internal compiler error: the Output IR does not verify: " + messages);
  return std::move(result);
}
} // namespace

llvm::Expected<OutputProgram> buildOutputIR(const CompilationGraph &graph,
                                            const MemoryAssignment &memory,
                                            llvm::StringRef fallbackTarget) {
  return OutputIRBuilder(graph, memory, fallbackTarget).build();
}

} // namespace opencgc::compiler
