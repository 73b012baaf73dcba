//===- CompilationState.cpp - The compiler's state kept in the IR ---------===//
//
// The cgc.compilation dictionary names values by their plan names (unique,
// computed from the IR alone) and ops by their position in the entry
// point's body, which no stage after preparation changes.
//
//===----------------------------------------------------------------------===//
#include "CompilationState.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace opencgc::compiler {
namespace {
constexpr llvm::StringLiteral kNameAttr = "cgc.name";
/// On a formed subgraph: its symbol as the target answered it (the module
/// holds one subgraph per node, so they are renamed apart).
constexpr llvm::StringLiteral kSymbolAttr = "cgc.symbol";
/// On a formed subgraph: the index of its node. The module verifier lets
/// such subgraphs share a module with the entry point (CGCOps.cpp).
constexpr llvm::StringLiteral kNodeAttr = "cgc.node";

constexpr std::pair<Stage, llvm::StringLiteral> kStageNames[] = {
    {Stage::Input, "input"},
    {Stage::Prepared, "prepared"},
    {Stage::ViewsPlaced, "views placed"},
    {Stage::SubgraphsFormed, "subgraphs formed"},
    {Stage::Partitioned, "partitioned"},
    {Stage::MemoryPlanned, "memory planned"},
    {Stage::Scheduled, "scheduled"},
};
/// The pass that takes the entry point to each stage.
constexpr llvm::StringLiteral kStagePasses[] = {
    "",                   "cgc-prepare-entry-point", "cgc-place-views",
    "cgc-form-subgraphs", "cgc-partition",           "cgc-plan-memory",
    "cgc-schedule",
};
constexpr llvm::StringLiteral kHomeKinds[] = {"input", "output", "constant",
                                              "scratch", "borrowed_output"};

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

/// Builds the cgc.compilation dictionary.
class StateWriter {
public:
  StateWriter(const CompilationState &state)
      : state(state), graph(state.graph),
        builder(state.graph.entry.getContext()) {
    for (auto [index, op] :
         llvm::enumerate(graph.entry.getBodyBlock()->getOperations()))
      position[&op] = index;
  }

  DictionaryAttr write();

private:
  StringAttr name(Value value) {
    return builder.getStringAttr(graph.names.lookup(value));
  }
  ArrayAttr names(llvm::ArrayRef<Value> values) {
    SmallVector<Attribute> result;
    for (Value value : values)
      result.push_back(name(value));
    return builder.getArrayAttr(result);
  }
  DenseI64ArrayAttr indices(llvm::ArrayRef<unsigned> values) {
    SmallVector<int64_t> result(values.begin(), values.end());
    return builder.getDenseI64ArrayAttr(result);
  }
  IntegerAttr integer(uint64_t value) {
    return builder.getI64IntegerAttr(int64_t(value));
  }
  /// Entries of a map keyed by value, sorted by name so that the printed
  /// IR does not depend on where values live in memory.
  ArrayAttr sortedByName(SmallVector<std::pair<std::string, Attribute>> rows);
  ArrayAttr writeViews();
  ArrayAttr writeNodes();
  ArrayAttr writePartitions();
  ArrayAttr writeHomes();
  DictionaryAttr writeMemory();

  const CompilationState &state;
  const CompilationGraph &graph;
  Builder builder;
  llvm::DenseMap<Operation *, unsigned> position;
};

ArrayAttr StateWriter::sortedByName(
    SmallVector<std::pair<std::string, Attribute>> rows) {
  llvm::sort(rows, llvm::less_first());
  SmallVector<Attribute> result;
  for (auto &row : rows)
    result.push_back(row.second);
  return builder.getArrayAttr(result);
}

ArrayAttr StateWriter::writeViews() {
  SmallVector<std::pair<std::string, Attribute>> rows;
  for (const auto &[value, alias] : graph.aliases)
    rows.push_back({graph.names.lookup(value),
                    builder.getArrayAttr({name(value), name(alias.base),
                                          integer(alias.offset)})});
  return sortedByName(std::move(rows));
}

ArrayAttr StateWriter::writeNodes() {
  SmallVector<Attribute> nodes;
  for (const SubgraphNode &node : graph.nodes) {
    SmallVector<unsigned> ops;
    for (Operation *op : node.ops)
      ops.push_back(position.lookup(op));
    SmallVector<NamedAttribute> fields = {
        builder.getNamedAttr("target", builder.getStringAttr(node.target)),
        builder.getNamedAttr("pattern",
                             builder.getStringAttr(node.patternName)),
        builder.getNamedAttr("ops", indices(ops)),
        builder.getNamedAttr("inputs", names(node.inputs)),
        builder.getNamedAttr("outputs", names(node.outputs))};
    if (state.stage >= Stage::Partitioned)
      fields.push_back(
          builder.getNamedAttr("partition", integer(node.partition)));
    if (state.stage >= Stage::Scheduled)
      fields.push_back(builder.getNamedAttr("depends", indices(node.depends)));
    nodes.push_back(builder.getDictionaryAttr(fields));
  }
  return builder.getArrayAttr(nodes);
}

ArrayAttr StateWriter::writePartitions() {
  SmallVector<Attribute> partitions;
  for (const PartitionGroup &group : graph.partitions) {
    SmallVector<NamedAttribute> fields = {
        builder.getNamedAttr("target", builder.getStringAttr(group.target)),
        builder.getNamedAttr("name", builder.getStringAttr(group.name)),
        builder.getNamedAttr("nodes", indices(group.nodes))};
    if (state.stage >= Stage::Scheduled)
      fields.push_back(builder.getNamedAttr("depends", indices(group.depends)));
    partitions.push_back(builder.getDictionaryAttr(fields));
  }
  return builder.getArrayAttr(partitions);
}

ArrayAttr StateWriter::writeHomes() {
  SmallVector<std::pair<std::string, Attribute>> rows;
  for (const auto &[value, home] : graph.homes)
    rows.push_back(
        {graph.names.lookup(value),
         builder.getArrayAttr({name(value),
                               builder.getStringAttr(kHomeKinds[home.kind]),
                               integer(home.index), integer(home.offset)})});
  return sortedByName(std::move(rows));
}

DictionaryAttr StateWriter::writeMemory() {
  SmallVector<Attribute> buffers;
  for (const PlannedBuffer &buffer : state.memory.buffers)
    buffers.push_back(builder.getDictionaryAttr(
        {builder.getNamedAttr("values", names(buffer.values)),
         builder.getNamedAttr("bytes", integer(buffer.bytes)),
         builder.getNamedAttr("first_step", integer(buffer.firstStep)),
         builder.getNamedAttr("last_step", integer(buffer.lastStep))}));
  const MemoryFigures &figures = state.memory.figures;
  return builder.getDictionaryAttr(
      {builder.getNamedAttr("scratch_bytes", integer(figures.scratchBytes)),
       builder.getNamedAttr("naive_bytes", integer(figures.naiveBytes)),
       builder.getNamedAttr("lower_bound_bytes",
                            integer(figures.lowerBoundBytes)),
       builder.getNamedAttr("peak_live_bytes",
                            integer(state.memory.peakLiveBytes)),
       builder.getNamedAttr("buffers", builder.getArrayAttr(buffers))});
}

DictionaryAttr StateWriter::write() {
  SmallVector<NamedAttribute> fields = {builder.getNamedAttr(
      "stage", builder.getStringAttr(describeStage(state.stage)))};
  auto add = [&](llvm::StringRef key, Attribute value) {
    fields.push_back(builder.getNamedAttr(key, value));
  };
  if (state.stage >= Stage::ViewsPlaced) {
    add("alignment", integer(state.alignment));
    add("views", writeViews());
    SmallVector<Attribute> placed;
    for (Operation &op : graph.entry.getBodyBlock()->getOperations())
      if (graph.placedOps.contains(&op))
        placed.push_back(builder.getI64IntegerAttr(position.lookup(&op)));
    add("placed", builder.getArrayAttr(placed));
  }
  if (state.stage >= Stage::SubgraphsFormed) {
    SmallVector<Attribute> targets;
    for (const std::string &target : state.targetNames)
      targets.push_back(builder.getStringAttr(target));
    add("targets", builder.getArrayAttr(targets));
    add("nodes", writeNodes());
  }
  if (state.stage >= Stage::Partitioned) {
    add("partitioning", builder.getStringAttr(state.partitioning ==
                                                      Partitioning::Fine
                                                  ? "fine"
                                                  : "coarse"));
    add("partitions", writePartitions());
  }
  if (state.stage >= Stage::MemoryPlanned) {
    add("homes", writeHomes());
    add("memory", writeMemory());
  }
  return builder.getDictionaryAttr(fields);
}

/// Reads the cgc.compilation dictionary back. Each get* returns false on a
/// malformed field, and the first such field is the error.
class StateReader {
public:
  StateReader(CompilationState &state, DictionaryAttr dictionary)
      : state(state), graph(state.graph), dictionary(dictionary) {
    for (Operation &op : graph.entry.getBodyBlock()->getOperations())
      ops.push_back(&op);
    for (const auto &[value, name] : graph.names)
      values[name] = value;
  }

  llvm::Error read();

private:
  bool fail(const llvm::Twine &what) {
    if (problem.empty())
      problem = what.str();
    return false;
  }
  template <typename T>
  bool get(DictionaryAttr from, llvm::StringRef key, T &out) {
    out = from.getAs<T>(key);
    return out || fail("'" + key + "' is missing or of the wrong kind");
  }
  bool getInteger(DictionaryAttr from, llvm::StringRef key, uint64_t &out);
  template <typename T>
  bool getIndices(DictionaryAttr from, llvm::StringRef key, T &out);
  bool getValue(Attribute name, Value &out);
  template <typename T> bool getValues(ArrayAttr names, T &out);
  bool getOp(int64_t position, Operation *&out);
  bool readStage();
  bool readViews();
  bool readNode(DictionaryAttr fields, SubgraphNode &node);
  bool readNodes();
  bool readPartitions();
  bool readHomes();
  bool readMemory();

  CompilationState &state;
  CompilationGraph &graph;
  DictionaryAttr dictionary;
  std::vector<Operation *> ops;
  llvm::StringMap<Value> values;
  std::string problem;
};

bool StateReader::getInteger(DictionaryAttr from, llvm::StringRef key,
                             uint64_t &out) {
  IntegerAttr value;
  if (!get(from, key, value))
    return false;
  out = value.getValue().getZExtValue();
  return true;
}

template <typename T>
bool StateReader::getIndices(DictionaryAttr from, llvm::StringRef key,
                             T &out) {
  DenseI64ArrayAttr list;
  if (!get(from, key, list))
    return false;
  out.assign(list.asArrayRef().begin(), list.asArrayRef().end());
  return true;
}

bool StateReader::getValue(Attribute name, Value &out) {
  auto string = dyn_cast<StringAttr>(name);
  if (!string)
    return fail("a value name is not a string");
  out = values.lookup(string.getValue());
  return out || fail("no value is named '" + string.getValue() + "'");
}

template <typename T> bool StateReader::getValues(ArrayAttr names, T &out) {
  for (Attribute name : names)
    if (!getValue(name, out.emplace_back()))
      return false;
  return true;
}

bool StateReader::getOp(int64_t position, Operation *&out) {
  if (position < 0 || uint64_t(position) >= ops.size())
    return fail("op position " + llvm::Twine(position) +
                " is outside the entry point");
  out = ops[position];
  return true;
}

bool StateReader::readStage() {
  StringAttr stage;
  if (!get(dictionary, "stage", stage))
    return false;
  for (auto [known, name] : kStageNames)
    if (stage.getValue() == name) {
      state.stage = known;
      return true;
    }
  return fail("unknown stage '" + stage.getValue() + "'");
}

bool StateReader::readViews() {
  ArrayAttr views, placed;
  if (!getInteger(dictionary, "alignment", state.alignment) ||
      !get(dictionary, "views", views) || !get(dictionary, "placed", placed))
    return false;
  for (Attribute row : views) {
    auto entry = dyn_cast<ArrayAttr>(row);
    if (!entry || entry.size() != 3 || !isa<IntegerAttr>(entry[2]))
      return fail("a view is not [value, base, offset]");
    Value aliased, base;
    if (!getValue(entry[0], aliased) || !getValue(entry[1], base))
      return false;
    graph.addAlias(aliased, base, cast<IntegerAttr>(entry[2]).getInt());
  }
  for (Attribute position : placed) {
    auto index = dyn_cast<IntegerAttr>(position);
    Operation *op;
    if (!getOp(index ? index.getInt() : -1, op))
      return false;
    graph.placedOps.insert(op);
  }
  return true;
}

bool StateReader::readNode(DictionaryAttr fields, SubgraphNode &node) {
  StringAttr target, pattern;
  DenseI64ArrayAttr positions;
  ArrayAttr inputs, outputs;
  if (!get(fields, "target", target) || !get(fields, "pattern", pattern) ||
      !get(fields, "ops", positions) || !get(fields, "inputs", inputs) ||
      !get(fields, "outputs", outputs))
    return false;
  node.target = target.str();
  node.patternName = pattern.str();
  for (int64_t position : positions.asArrayRef())
    if (!getOp(position, node.ops.emplace_back()))
      return false;
  if (!getValues(inputs, node.inputs) || !getValues(outputs, node.outputs))
    return false;
  uint64_t partition = 0;
  if (state.stage >= Stage::Partitioned &&
      !getInteger(fields, "partition", partition))
    return false;
  node.partition = partition;
  return state.stage < Stage::Scheduled ||
         getIndices(fields, "depends", node.depends);
}

bool StateReader::readNodes() {
  ArrayAttr targets, nodes;
  if (!get(dictionary, "targets", targets) || !get(dictionary, "nodes", nodes))
    return false;
  for (auto target : targets.getAsValueRange<StringAttr>())
    state.targetNames.push_back(target.str());
  for (Attribute entry : nodes) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    if (!fields)
      return fail("a node is not a dictionary");
    if (!readNode(fields, graph.nodes.emplace_back()))
      return false;
  }
  graph.indexProducers();
  return true;
}

bool StateReader::readPartitions() {
  StringAttr partitioning;
  ArrayAttr partitions;
  if (!get(dictionary, "partitioning", partitioning) ||
      !get(dictionary, "partitions", partitions))
    return false;
  state.partitioning = partitioning.getValue() == "fine"
                           ? Partitioning::Fine
                           : Partitioning::Coarse;
  for (Attribute entry : partitions) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    if (!fields)
      return fail("a partition is not a dictionary");
    PartitionGroup &group = graph.partitions.emplace_back();
    StringAttr target, name;
    if (!get(fields, "target", target) || !get(fields, "name", name) ||
        !getIndices(fields, "nodes", group.nodes))
      return false;
    group.target = target.str();
    group.name = name.str();
    if (state.stage >= Stage::Scheduled &&
        !getIndices(fields, "depends", group.depends))
      return false;
  }
  return true;
}

bool StateReader::readHomes() {
  ArrayAttr homes;
  if (!get(dictionary, "homes", homes))
    return false;
  for (Attribute row : homes) {
    auto entry = dyn_cast<ArrayAttr>(row);
    if (!entry || entry.size() != 4 || !isa<StringAttr>(entry[1]) ||
        !isa<IntegerAttr>(entry[2]) || !isa<IntegerAttr>(entry[3]))
      return fail("a home is not [value, kind, index, offset]");
    Value value;
    if (!getValue(entry[0], value))
      return false;
    const auto *kind = llvm::find(kHomeKinds, cast<StringAttr>(entry[1]));
    if (kind == std::end(kHomeKinds))
      return fail("unknown home kind " + cast<StringAttr>(entry[1]).str());
    graph.homes[value] = {ValueHome::Kind(kind - std::begin(kHomeKinds)),
                          unsigned(cast<IntegerAttr>(entry[2]).getInt()),
                          uint64_t(cast<IntegerAttr>(entry[3]).getInt())};
  }
  return true;
}

bool StateReader::readMemory() {
  DictionaryAttr memory;
  ArrayAttr buffers;
  MemoryFigures &figures = state.memory.figures;
  if (!get(dictionary, "memory", memory) ||
      !getInteger(memory, "scratch_bytes", figures.scratchBytes) ||
      !getInteger(memory, "naive_bytes", figures.naiveBytes) ||
      !getInteger(memory, "lower_bound_bytes", figures.lowerBoundBytes) ||
      !getInteger(memory, "peak_live_bytes", state.memory.peakLiveBytes) ||
      !get(memory, "buffers", buffers))
    return false;
  for (Attribute entry : buffers) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    if (!fields)
      return fail("a buffer is not a dictionary");
    PlannedBuffer &buffer = state.memory.buffers.emplace_back();
    ArrayAttr names;
    uint64_t first = 0, last = 0;
    if (!get(fields, "values", names) || !getValues(names, buffer.values) ||
        !getInteger(fields, "bytes", buffer.bytes) ||
        !getInteger(fields, "first_step", first) ||
        !getInteger(fields, "last_step", last))
      return false;
    buffer.firstStep = first;
    buffer.lastStep = last;
  }
  return true;
}

llvm::Error StateReader::read() {
  bool read = readStage() &&
              (state.stage < Stage::ViewsPlaced || readViews()) &&
              (state.stage < Stage::SubgraphsFormed || readNodes()) &&
              (state.stage < Stage::Partitioned || readPartitions()) &&
              (state.stage < Stage::MemoryPlanned ||
               (readHomes() && readMemory()));
  if (read)
    return llvm::Error::success();
  return llvm::createStringError(kCompilationAttrName + ": " + problem);
}

/// Moves the formed subgraphs out of `module` into their nodes, each in a
/// cgc.module of its own as the target answered it.
llvm::Error takeSubgraphs(cgc::ModuleOp module, CompilationGraph &graph) {
  for (auto subgraph : llvm::make_early_inc_range(
           module.getBodyBlock()->getOps<cgc::SubgraphOp>())) {
    auto node = subgraph->getAttrOfType<IntegerAttr>(kNodeAttr);
    auto symbol = subgraph->getAttrOfType<StringAttr>(kSymbolAttr);
    if (!node || !symbol)
      continue;
    if (node.getInt() < 0 || uint64_t(node.getInt()) >= graph.nodes.size() ||
        graph.nodes[node.getInt()].subgraph)
      return llvm::createStringError(
          "@" + subgraph.getSymName() +
          " names no node of the entry point, or one another names too");
    OpBuilder builder(module.getContext());
    auto holder = cgc::ModuleOp::create(builder, subgraph.getLoc());
    subgraph->moveBefore(holder.getBodyBlock(), holder.getBodyBlock()->end());
    subgraph.setSymName(symbol.getValue());
    subgraph->removeAttr(kNodeAttr);
    subgraph->removeAttr(kSymbolAttr);
    graph.nodes[node.getInt()].subgraph = holder;
  }
  for (auto [index, node] : llvm::enumerate(graph.nodes))
    if (!node.subgraph)
      return llvm::createStringError("node " + llvm::Twine(index) +
                                     " has no formed cgc.subgraph");
  return llvm::Error::success();
}
} // namespace

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

llvm::Expected<CompilationState> readCompilationState(cgc::ModuleOp module) {
  auto entry = getSingleEntryPoint(module);
  if (!entry)
    return entry.takeError();
  CompilationState state;
  state.graph.entry = *entry;
  nameValues(state.graph);
  auto dictionary = (*entry)->getAttrOfType<DictionaryAttr>(
      kCompilationAttrName);
  if (!dictionary) {
    state.stage = Stage::Input;
    return state;
  }
  StateReader reader(state, dictionary);
  if (llvm::Error error = reader.read())
    return std::move(error);
  if (state.stage >= Stage::SubgraphsFormed)
    if (llvm::Error error = takeSubgraphs(module, state.graph))
      return std::move(error);
  return state;
}

void writeCompilationState(cgc::ModuleOp module,
                           const CompilationState &state) {
  cgc::EntryPointOp entry = state.graph.entry;
  entry->setAttr(kCompilationAttrName, StateWriter(state).write());
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToEnd(module.getBodyBlock());
  for (auto [index, node] : llvm::enumerate(state.graph.nodes)) {
    auto source =
        *node.subgraph.get().getBodyBlock()->getOps<cgc::SubgraphOp>().begin();
    auto copy = cast<cgc::SubgraphOp>(builder.clone(*source));
    copy->setAttr(kSymbolAttr, copy.getSymNameAttr());
    copy->setAttr(kNodeAttr, builder.getI64IntegerAttr(index));
    copy.setSymName(("node" + llvm::Twine(index) + "." + copy.getSymName()).str());
  }
}

llvm::StringRef describeStage(Stage stage) {
  return kStageNames[unsigned(stage)].second;
}

llvm::Error requireStage(const CompilationState &state, Stage needed,
                         llvm::StringRef pass) {
  if (state.stage == needed)
    return llvm::Error::success();
  if (state.stage > needed)
    return llvm::createStringError(
        pass + " ran already: the entry point's state is '" +
        describeStage(state.stage) + "'");
  return llvm::createStringError(
      pass + " needs the entry point " + describeStage(needed) + " (run " +
      kStagePasses[unsigned(needed)] + " first); it is " +
      describeStage(state.stage));
}

} // namespace opencgc::compiler
