//===- SubgraphFormation.cpp - Input IR ops into subgraphs ----------------===//
//
// The specification's "Subgraph Transformations": declared patterns are
// matched against the Input IR, each match becomes a cgc.subgraph whose
// cgc.functional_definition holds the matched ops, and the owning target
// validates it through a CGC_SUBGRAPH_SPECIALIZATION_REQUEST. A match never
// creates a cycle among the subgraphs.
//
//===----------------------------------------------------------------------===//
#include "SubgraphFormation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "opencgc/Device/Device.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <queue>

using namespace mlir;

namespace opencgc::compiler {
namespace {

/// Inputs and outputs of a set of ops: operands defined outside, results
/// used outside (or returned).
void computeBoundary(SubgraphNode &node) {
  llvm::SmallPtrSet<Operation *, 8> inside(node.ops.begin(), node.ops.end());
  llvm::SetVector<Value> inputs;
  for (Operation *op : node.ops)
    for (Value operand : op->getOperands())
      if (!inside.contains(operand.getDefiningOp()))
        inputs.insert(operand);
  node.inputs.assign(inputs.begin(), inputs.end());
  node.outputs.clear();
  for (Operation *op : node.ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !inside.contains(user); }))
        node.outputs.push_back(result);
}

/// The specialization request: a cgc.module with one cgc.subgraph whose
/// functional definition holds clones of the node's ops.
OwningOpRef<cgc::ModuleOp> buildRequest(const SubgraphNode &node) {
  Location loc = node.ops.back()->getLoc();
  OpBuilder builder(loc.getContext());
  OwningOpRef<cgc::ModuleOp> module = cgc::ModuleOp::create(builder, loc);
  builder.setInsertionPointToEnd(module->getBodyBlock());
  auto subgraph = cgc::SubgraphOp::create(builder, loc, node.patternName,
                                          node.target, StringAttr());
  subgraph->setAttr(device::kPatternAttrName,
                    builder.getStringAttr(node.patternName));
  builder.setInsertionPointToEnd(&subgraph.getBody().emplaceBlock());
  SmallVector<Type> inputTypes, outputTypes;
  for (Value input : node.inputs)
    inputTypes.push_back(input.getType());
  for (Value output : node.outputs)
    outputTypes.push_back(output.getType());
  auto definition = cgc::FunctionalDefinitionOp::create(
      builder, loc, node.patternName + "Functional",
      builder.getFunctionType(inputTypes, outputTypes));
  definition.setPrivate();
  IRMapping mapping;
  mapping.map(node.inputs, definition.getBodyBlock()->getArguments());
  builder.setInsertionPointToEnd(definition.getBodyBlock());
  for (Operation *op : node.ops)
    builder.clone(*op, mapping);
  SmallVector<Value> results;
  for (Value output : node.outputs)
    results.push_back(mapping.lookup(output));
  cgc::ReturnOp::create(builder, loc, results);
  return module;
}

class Formation {
public:
  Formation(CompilationGraph &graph, llvm::raw_ostream *log,
            llvm::ArrayRef<std::string> excluded)
      : graph(graph), log(log) {
    for (const std::string &name : excluded)
      this->excluded.insert(name);
    for (auto [index, op] :
         llvm::enumerate(graph.entry.getBodyBlock()->getOperations()))
      position[&op] = index;
  }

  llvm::Error claimFor(TargetDeclaration &target, bool mustClaimAll);

private:
  /// Ops a node must claim: not constants, the return, or the reshapes
  /// and concats whose values were placed in one another's memory.
  bool isCompute(Operation *op) const {
    return !isa<cgc::ConstantOp, cgc::ReturnOp>(op) &&
           !graph.placedOps.contains(op);
  }
  bool acceptable(const PatternMatch &match) const;
  bool reachesBack(const llvm::SmallPtrSetImpl<Operation *> &inside,
                   unsigned lastPosition) const;
  /// Whether the target accepted the match (or must have: the fallback).
  llvm::Expected<bool> specialize(TargetDeclaration &target,
                                  PatternMatch &match, bool mustAccept);
  static std::string matchKey(const PatternMatch &match);

  CompilationGraph &graph;
  llvm::raw_ostream *log;
  /// Patterns of the targets before the fallback that are never matched.
  llvm::StringSet<> excluded;
  llvm::DenseMap<Operation *, unsigned> position;
  /// The node that claimed each op.
  llvm::DenseMap<Operation *, unsigned> claimedBy;
  /// Matches the current target rejected (matchKey), never offered again,
  /// so the matcher falls back to the next-best match at the same root.
  llvm::StringSet<> rejected;
};

/// The pattern and the ops of a match, as a key.
std::string Formation::matchKey(const PatternMatch &match) {
  std::string key = match.patternName;
  for (Operation *op : match.ops)
    key += ":" + std::to_string(reinterpret_cast<uintptr_t>(op));
  return key;
}

/// Whether a path leaves `inside` and comes back, with every claimed node
/// contracted to one vertex (so that no two subgraphs depend on each
/// other). Ops after `lastPosition` cannot lead back, except through a
/// node that also holds earlier ops.
bool Formation::reachesBack(const llvm::SmallPtrSetImpl<Operation *> &inside,
                            unsigned lastPosition) const {
  SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Operation *, 32> visited;
  llvm::DenseSet<unsigned> visitedNodes;
  auto pushUsers = [&](Operation *op) {
    for (Operation *user : op->getUsers())
      if (!isa<cgc::ReturnOp>(user) && visited.insert(user).second)
        worklist.push_back(user);
  };
  for (Operation *op : inside)
    for (Operation *user : op->getUsers())
      if (!inside.contains(user) && !isa<cgc::ReturnOp>(user) &&
          visited.insert(user).second)
        worklist.push_back(user);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (inside.contains(op))
      return true;
    auto claimed = claimedBy.find(op);
    if (claimed == claimedBy.end()) {
      if (position.lookup(op) <= lastPosition)
        pushUsers(op);
      continue;
    }
    if (!visitedNodes.insert(claimed->second).second)
      continue;
    for (Operation *member : graph.nodes[claimed->second].ops)
      pushUsers(member);
  }
  return false;
}

bool Formation::acceptable(const PatternMatch &match) const {
  if (rejected.contains(matchKey(match)))
    return false;
  llvm::SmallPtrSet<Operation *, 16> inside;
  unsigned lastPosition = 0;
  for (Operation *op : match.ops) {
    if (!isCompute(op) || op->getBlock() != graph.entry.getBodyBlock() ||
        claimedBy.count(op))
      return false;
    inside.insert(op);
    lastPosition = std::max(lastPosition, position.lookup(op));
  }
  return !reachesBack(inside, lastPosition);
}

llvm::Expected<bool> Formation::specialize(TargetDeclaration &target,
                                           PatternMatch &match,
                                           bool mustAccept) {
  SubgraphNode node;
  node.target = target.name;
  node.patternName = match.patternName;
  node.ops.assign(match.ops.begin(), match.ops.end());
  llvm::sort(node.ops, [&](Operation *a, Operation *b) {
    return position.lookup(a) < position.lookup(b);
  });
  computeBoundary(node);
  if (node.outputs.empty())
    return true; // Dead code: nothing to compute.
  OwningOpRef<cgc::ModuleOp> request = buildRequest(node);
  auto answer = requestSpecialization(*target.device, *request);
  if (!answer)
    return answer.takeError();
  if (!answer->accepted) {
    if (log)
      *log << "target '" << target.name << "' rejected @" << match.patternName
           << " at " << node.ops.back()->getLoc() << ": " << answer->reason
           << "\n";
    if (mustAccept)
      return llvm::createStringError(
          "fallback target '" + target.name + "' rejected '" +
          node.ops.back()->getName().getStringRef() + "': " + answer->reason);
    rejected.insert(matchKey(match));
    return false;
  }
  node.subgraph = std::move(answer->subgraph);
  unsigned index = graph.nodes.size();
  for (Operation *op : node.ops)
    claimedBy[op] = index;
  graph.nodes.push_back(std::move(node));
  return true;
}

/// Best first over the whole graph: every op's best match is queued, the
/// highest benefit (then the largest, then the latest root) is claimed
/// first, and a candidate that lost ops to an earlier claim is matched
/// again at its root.
llvm::Error Formation::claimFor(TargetDeclaration &target, bool mustClaimAll) {
  rejected.clear(); // A rejection is one target's.
  struct Candidate {
    PatternMatch match;
    unsigned rootPosition;
  };
  auto lowerPriority = [](const Candidate &a, const Candidate &b) {
    if (a.match.benefit != b.match.benefit)
      return a.match.benefit < b.match.benefit;
    if (a.match.ops.size() != b.match.ops.size())
      return a.match.ops.size() < b.match.ops.size();
    return a.rootPosition < b.rootPosition;
  };
  std::priority_queue<Candidate, std::vector<Candidate>,
                      decltype(lowerPriority)>
      queue(lowerPriority);
  auto filter = [&](const PatternMatch &match) {
    if (!mustClaimAll && excluded.contains(match.patternName))
      return false;
    return acceptable(match);
  };
  auto enqueue = [&](Operation *root) {
    if (std::optional<PatternMatch> match =
            target.patterns.matchAt(root, filter))
      queue.push({std::move(*match), position.lookup(root)});
  };
  Block *body = graph.entry.getBodyBlock();
  for (Operation &op : llvm::reverse(body->getOperations()))
    if (isCompute(&op))
      enqueue(&op);
  while (!queue.empty()) {
    Candidate candidate = queue.top();
    queue.pop();
    Operation *root = candidate.match.ops.back();
    if (claimedBy.count(root))
      continue;
    if (!acceptable(candidate.match)) {
      enqueue(root); // Stale: some of its ops were claimed meanwhile.
      continue;
    }
    llvm::Expected<bool> accepted =
        specialize(target, candidate.match, mustClaimAll);
    if (!accepted)
      return accepted.takeError();
    // Rejected: the next-best match at the same root, a smaller one or
    // another pattern's (a convolution whose epilogue broadcasts beyond
    // its output leaves that epilogue to an elementwise subgraph).
    if (!*accepted)
      enqueue(root);
  }
  if (!mustClaimAll)
    return llvm::Error::success();
  for (Operation &op : body->getOperations())
    if (isCompute(&op) && !claimedBy.count(&op))
      return llvm::createStringError(
          "no target implements '" + op.getName().getStringRef() +
          "' (not even the fallback target '" + target.name + "')");
  return llvm::Error::success();
}

/// Every name in `excluded` is a pattern of a target before the fallback.
llvm::Error checkExcludedPatterns(llvm::ArrayRef<TargetDeclaration> targets,
                                  llvm::ArrayRef<std::string> excluded) {
  llvm::StringSet<> declared;
  for (const TargetDeclaration &target : targets.drop_back())
    target.module.get()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "cgc_pattern.pattern")
        if (auto name = op->getAttrOfType<StringAttr>("sym_name"))
          declared.insert(name.getValue());
    });
  for (const std::string &name : excluded)
    if (!declared.contains(name)) {
      std::vector<std::string> names;
      for (const auto &entry : declared)
        names.push_back(entry.getKey().str());
      llvm::sort(names);
      return llvm::createStringError(
          "cannot exclude pattern '" + name + "': no target declares it" +
          (names.empty() ? std::string(" (no target but the fallback)")
                         : " (declared: " + llvm::join(names, ", ") + ")"));
    }
  return llvm::Error::success();
}
} // namespace

llvm::Error formSubgraphs(CompilationGraph &graph,
                          llvm::MutableArrayRef<TargetDeclaration> targets,
                          llvm::raw_ostream *log,
                          llvm::ArrayRef<std::string> excluded) {
  if (llvm::Error error = checkExcludedPatterns(targets, excluded))
    return error;
  Formation formation(graph, log, excluded);
  for (auto [index, target] : llvm::enumerate(targets))
    if (auto error = formation.claimFor(target, index + 1 == targets.size()))
      return error;
  return llvm::Error::success();
}

} // namespace opencgc::compiler
