//===- PatternSet.cpp - Matching target-declared subgraph patterns --------===//
//
// A pattern compiles into a vector of nodes (value, op, chain) that refer to
// their operands by index. Matching starts at the yielded node with a result
// of the root op and walks operands backward, depth first, in continuation-
// passing style: every choice point (commutative operand order, chain length,
// which operand continues a chain) tries its alternatives in preference
// order and undoes its bindings before trying the next, so the filter can
// reject a complete candidate and the search resumes at the last choice.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Compiler/PatternSet.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Verifier.h"
#include "opencgc/Compiler/OpClasses.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/CGCPattern/CGCPatternOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
namespace pat = opencgc::cgc_pattern;

namespace opencgc::compiler {
namespace {

/// Complete candidates examined per pattern and root before the search
/// keeps the best found so far; node visits likewise. Both bound the
/// exponential corners (long chains through wide elementwise DAGs).
constexpr unsigned kMaxCandidates = 256;
constexpr unsigned kMaxSteps = 1u << 16;

struct ValueConstraints {
  llvm::SmallVector<std::string, 4> dtypes;
  llvm::SmallVector<int64_t, 4> ranks;
  std::optional<llvm::SmallVector<int64_t, 4>> shape;
  std::optional<int64_t> maxElements;
  std::optional<int64_t> alignment;
  bool constant = false;
};

enum class NodeKind { Value, Op, Chain };

struct Node {
  NodeKind kind = NodeKind::Value;
  /// Full op names ("cgc_op.relu"); empty when selecting by class.
  llvm::SmallVector<std::string, 2> opNames;
  std::optional<pat::OpClass> opClass;
  /// Operand nodes of an op node, in operand order.
  llvm::SmallVector<unsigned, 3> operands;
  bool anyOperands = false;
  bool commutative = false;
  int64_t minLength = 0;
  int64_t maxLength = std::numeric_limits<int64_t>::max();
  /// The node a chain starts at, if any.
  std::optional<unsigned> start;
  llvm::SmallVector<NamedAttribute, 2> attributes;
  ValueConstraints constraints;
};

struct CompiledPattern {
  std::string name;
  unsigned benefit = 1;
  bool multiOutput = false;
  std::vector<Node> nodes;
  unsigned root = 0;
};

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

ValueConstraints compileConstraints(Operation *op) {
  ValueConstraints c;
  if (auto dtypes = op->getAttrOfType<ArrayAttr>("dtypes"))
    for (auto name : dtypes.getAsValueRange<StringAttr>())
      c.dtypes.push_back(name.str());
  auto ints = [](ArrayAttr array) {
    llvm::SmallVector<int64_t, 4> values;
    for (Attribute a : array)
      values.push_back(cast<IntegerAttr>(a).getInt());
    return values;
  };
  if (auto rank = op->getAttrOfType<ArrayAttr>("rank"))
    c.ranks = ints(rank);
  if (auto shape = op->getAttrOfType<ArrayAttr>("shape"))
    c.shape = ints(shape);
  if (auto maxElements = op->getAttrOfType<IntegerAttr>("max_elements"))
    c.maxElements = maxElements.getInt();
  if (auto alignment = op->getAttrOfType<IntegerAttr>("alignment"))
    c.alignment = alignment.getInt();
  c.constant = op->hasAttr("constant");
  return c;
}

/// Fills the op selection (names or class, attribute constraints) shared by
/// op and chain nodes.
void compileSelector(Node &node, ArrayAttr names, StringAttr opClass,
                     Operation *op) {
  if (names)
    for (auto name : names.getAsValueRange<StringAttr>())
      node.opNames.push_back(("cgc_op." + name).str());
  else
    node.opClass = opClass ? *pat::parseOpClass(opClass.getValue())
                           : pat::OpClass::Elementwise;
  if (auto attributes = op->getAttrOfType<DictionaryAttr>("attributes"))
    node.attributes.assign(attributes.begin(), attributes.end());
  node.constraints = compileConstraints(op);
}

CompiledPattern compilePattern(pat::PatternOp pattern) {
  CompiledPattern compiled;
  compiled.name = pattern.getSymName().str();
  compiled.benefit = pattern.getBenefitAttr().getInt();
  compiled.multiOutput = pattern.getMultiOutput();
  llvm::DenseMap<Value, unsigned> nodeOf;
  // Operands are defined before their uses, so one pass in block order
  // sees every operand node first.
  for (Operation &op : pattern.getBody().front()) {
    Node node;
    if (auto value = dyn_cast<pat::ValueOp>(op)) {
      node.kind = NodeKind::Value;
      node.constraints = compileConstraints(value);
    } else if (auto opOp = dyn_cast<pat::OpOp>(op)) {
      node.kind = NodeKind::Op;
      compileSelector(node, opOp.getOpsAttr(), opOp.getOpClassAttr(), opOp);
      node.anyOperands = opOp.getAnyOperands();
      node.commutative = opOp.getCommutative();
      for (Value operand : opOp.getOperands())
        node.operands.push_back(nodeOf.lookup(operand));
    } else if (auto chain = dyn_cast<pat::ChainOp>(op)) {
      node.kind = NodeKind::Chain;
      compileSelector(node, chain.getOpsAttr(), chain.getOpClassAttr(), chain);
      node.minLength = chain.getMinAttr().getInt();
      if (IntegerAttr max = chain.getMaxAttr())
        node.maxLength = max.getInt();
      if (Value start = chain.getStart())
        node.start = nodeOf.lookup(start);
    } else if (auto yield = dyn_cast<pat::YieldOp>(op)) {
      compiled.root = nodeOf.lookup(yield.getValues().front());
      continue;
    }
    nodeOf[op.getResult(0)] = compiled.nodes.size();
    compiled.nodes.push_back(std::move(node));
  }
  return compiled;
}

//===----------------------------------------------------------------------===//
// Constraint checks
//===----------------------------------------------------------------------===//

/// The cgc spelling of an element type ("float32").
std::string elementTypeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  llvm::StringRef name(text);
  name.consume_front("!cgc.");
  return name.str();
}

bool isConstantValue(Value value) {
  if (isa_and_nonnull<cgc::ConstantOp>(value.getDefiningOp()))
    return true;
  auto type = dyn_cast<cgc::TensorType>(value.getType());
  return type && type.getIsConstant();
}

bool satisfies(const ValueConstraints &c, Value value) {
  if (c.constant && !isConstantValue(value))
    return false;
  bool constrainsType = !c.dtypes.empty() || !c.ranks.empty() || c.shape ||
                        c.maxElements || c.alignment;
  if (!constrainsType)
    return true;
  auto type = dyn_cast<cgc::TensorType>(value.getType());
  if (!type)
    return false;
  if (!c.dtypes.empty() &&
      !llvm::is_contained(c.dtypes, elementTypeName(type.getElementType())))
    return false;
  if (!c.ranks.empty() && !llvm::is_contained(c.ranks, type.getRank()))
    return false;
  if (c.shape) {
    if (c.shape->size() != type.getShape().size())
      return false;
    for (auto [want, have] : llvm::zip(*c.shape, type.getShape()))
      if (want != -1 && want != have)
        return false;
  }
  if (c.maxElements && type.getNumElements() > *c.maxElements)
    return false;
  if (c.alignment) {
    int64_t inner = type.getShape().empty() ? 1 : type.getShape().back();
    int64_t bytes = // packed sub-byte rows round up
        (inner * cgc::getElementBitWidth(type.getElementType()) + 7) / 8;
    if (bytes % *c.alignment != 0)
      return false;
  }
  return true;
}

std::optional<int64_t> asInteger(Attribute attr) {
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (!integer)
    return std::nullopt;
  // Booleans (i1) compare as 0/1, not as sign-extended -1.
  if (integer.getType().isInteger(1))
    return static_cast<int64_t>(integer.getValue().getZExtValue());
  return integer.getValue().getSExtValue();
}

/// Equality of a constraint and an op attribute, by value: integer widths,
/// int vs float spellings and arrays vs dense arrays do not matter.
bool attributesEqual(Attribute want, Attribute have) {
  if (want == have)
    return true;
  auto wantInt = asInteger(want), haveInt = asInteger(have);
  if (wantInt && haveInt)
    return *wantInt == *haveInt;
  auto asDouble = [](Attribute attr) -> std::optional<double> {
    if (auto f = dyn_cast<FloatAttr>(attr))
      return f.getValueAsDouble();
    if (auto i = asInteger(attr))
      return static_cast<double>(*i);
    return std::nullopt;
  };
  if (isa<FloatAttr>(want) || isa<FloatAttr>(have)) {
    auto a = asDouble(want), b = asDouble(have);
    return a && b && *a == *b;
  }
  auto elements = [](Attribute attr) -> std::optional<SmallVector<Attribute>> {
    if (auto array = dyn_cast<ArrayAttr>(attr))
      return llvm::to_vector(array.getValue());
    if (auto dense = dyn_cast<DenseI64ArrayAttr>(attr)) {
      Builder builder(attr.getContext());
      return llvm::to_vector(
          llvm::map_range(dense.asArrayRef(), [&](int64_t v) -> Attribute {
            return builder.getI64IntegerAttr(v);
          }));
    }
    return std::nullopt;
  };
  auto wantElems = elements(want), haveElems = elements(have);
  if (!wantElems || !haveElems || wantElems->size() != haveElems->size())
    return false;
  for (auto [w, h] : llvm::zip(*wantElems, *haveElems))
    if (!attributesEqual(w, h))
      return false;
  return true;
}

bool selects(const Node &node, Operation *op) {
  if (node.opClass)
    return isInClass(op, *node.opClass);
  llvm::StringRef name = op->getName().getStringRef();
  return llvm::is_contained(node.opNames, name);
}

bool satisfiesOp(const Node &node, Operation *op) {
  if (!selects(node, op))
    return false;
  if (!node.attributes.empty()) {
    // An attribute left out of the IR has its ODS default.
    NamedAttrList attrs(op->getAttrDictionary());
    op->getName().populateDefaultAttrs(attrs);
    for (NamedAttribute want : node.attributes) {
      Attribute have = attrs.get(want.getName());
      if (!have || !attributesEqual(want.getValue(), have))
        return false;
    }
  }
  return llvm::all_of(op->getResults(), [&](Value result) {
    return satisfies(node.constraints, result);
  });
}

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

bool isBetter(const PatternMatch &a, const PatternMatch &b) {
  if (a.benefit != b.benefit)
    return a.benefit > b.benefit;
  return a.ops.size() > b.ops.size();
}

/// One search of one pattern at one root value. Every match function
/// returns true to stop the whole search (budget spent), false to let the
/// caller try its next alternative.
class Matcher {
public:
  Matcher(const CompiledPattern &pattern, Operation *root, MatchFilter filter)
      : pattern(pattern), root(root), filter(filter),
        bindings(pattern.nodes.size()) {}

  std::optional<PatternMatch> run(Value rootValue) {
    matchNode(pattern.root, rootValue, [&] { return complete(); });
    return std::move(best);
  }

private:
  using Next = llvm::function_ref<bool()>;

  bool matchNode(unsigned index, Value value, Next next) {
    if (++steps > kMaxSteps)
      return true;
    if (Value bound = bindings[index])
      return bound == value && next();
    const Node &node = pattern.nodes[index];
    switch (node.kind) {
    case NodeKind::Value:
      if (!satisfies(node.constraints, value))
        return false;
      return bind(index, value, next);
    case NodeKind::Op:
      return matchOp(index, node, value, next);
    case NodeKind::Chain:
      return bind(index, value,
                  [&] { return chainStep(node, value, 0, next); });
    }
    llvm_unreachable("unknown node kind");
  }

  bool matchOp(unsigned index, const Node &node, Value value, Next next) {
    Operation *op = claimable(node, value);
    if (!op)
      return false;
    return bind(index, value, [&] {
      return claim(op, [&] { return matchOperands(node, op, next); });
    });
  }

  bool matchOperands(const Node &node, Operation *op, Next next) {
    if (node.anyOperands)
      return next();
    if (op->getNumOperands() != node.operands.size())
      return false;
    llvm::SmallVector<Value, 3> values(op->getOperands());
    if (matchSequence(node.operands, values, next))
      return true;
    if (!node.commutative || values[0] == values[1])
      return false;
    std::swap(values[0], values[1]);
    return matchSequence(node.operands, values, next);
  }

  bool matchSequence(llvm::ArrayRef<unsigned> nodes,
                     llvm::ArrayRef<Value> values, Next next) {
    if (nodes.empty())
      return next();
    return matchNode(nodes.front(), values.front(), [&] {
      return matchSequence(nodes.drop_front(), values.drop_front(), next);
    });
  }

  /// Matches the chain ops producing `value`, `depth` ops already matched:
  /// first by extending through each operand of its defining op (longest
  /// first), then by ending here.
  bool chainStep(const Node &node, Value value, int64_t depth, Next next) {
    if (depth < node.maxLength)
      if (Operation *op = claimable(node, value)) {
        bool stop = claim(op, [&] {
          llvm::SmallPtrSet<Value, 4> tried;
          for (Value operand : op->getOperands())
            if (tried.insert(operand).second &&
                chainStep(node, operand, depth + 1, next))
              return true;
          return false;
        });
        if (stop)
          return true;
      }
    if (depth < node.minLength)
      return false;
    if (node.start)
      return matchNode(*node.start, value, next);
    return next();
  }

  /// The op defining `value` if `node` may claim it: in the root's block,
  /// not claimed yet, not a constant (constants are inputs), selected and
  /// within the node's constraints.
  Operation *claimable(const Node &node, Value value) {
    Operation *op = value.getDefiningOp();
    if (!op || op->getBlock() != root->getBlock() || claimedSet.contains(op) ||
        isa<cgc::ConstantOp>(op) || !satisfiesOp(node, op))
      return nullptr;
    return op;
  }

  bool bind(unsigned index, Value value, Next next) {
    bindings[index] = value;
    bool stop = next();
    bindings[index] = Value();
    return stop;
  }

  bool claim(Operation *op, Next next) {
    claimed.push_back(op);
    claimedSet.insert(op);
    bool stop = next();
    claimedSet.erase(op);
    claimed.pop_back();
    return stop;
  }

  bool escapes() const {
    for (Operation *op : claimed)
      if (op != root)
        for (Operation *user : op->getUsers())
          if (!claimedSet.contains(user))
            return true;
    return false;
  }

  /// Called with a complete candidate; records it if acceptable and best.
  bool complete() {
    if (!claimedSet.contains(root))
      return false;
    if (pattern.multiOutput || !escapes()) {
      PatternMatch match;
      match.patternName = pattern.name;
      match.benefit = pattern.benefit;
      match.multiOutput = pattern.multiOutput;
      match.ops.assign(claimed.begin(), claimed.end());
      llvm::sort(match.ops, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      if (filter(match) && (!best || isBetter(match, *best)))
        best = std::move(match);
    }
    return ++candidates >= kMaxCandidates;
  }

  const CompiledPattern &pattern;
  Operation *root;
  MatchFilter filter;
  llvm::SmallVector<Value> bindings;
  llvm::SmallVector<Operation *, 8> claimed;
  llvm::SmallPtrSet<Operation *, 8> claimedSet;
  std::optional<PatternMatch> best;
  unsigned candidates = 0;
  unsigned steps = 0;
};

/// Prints a location as file:line:col when it has one.
void printLocation(llvm::raw_ostream &os, Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    os << file.getFilename().getValue() << ':' << file.getLine() << ':'
       << file.getColumn();
  else
    os << loc;
}

/// Formats `diag` as "location: message" (with its notes).
std::string formatDiagnostic(Diagnostic &diag) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printLocation(os, diag.getLocation());
  os << ": " << diag;
  for (Diagnostic &note : diag.getNotes()) {
    os << "\n  ";
    printLocation(os, note.getLocation());
    os << ": note: " << note;
  }
  return text;
}

} // namespace

//===----------------------------------------------------------------------===//
// PatternSet
//===----------------------------------------------------------------------===//

struct PatternSet::Impl {
  std::string targetName;
  std::vector<CompiledPattern> patterns;
};

PatternSet::PatternSet() : impl(std::make_unique<Impl>()) {}
PatternSet::PatternSet(PatternSet &&) = default;
PatternSet &PatternSet::operator=(PatternSet &&) = default;
PatternSet::~PatternSet() = default;

llvm::Expected<PatternSet> PatternSet::compile(Operation *declaration) {
  auto decl = dyn_cast_or_null<pat::DeclarationOp>(declaration);
  if (!decl)
    return llvm::createStringError(
        "expected a cgc_pattern.declaration, got '" +
        (declaration ? declaration->getName().getStringRef().str()
                     : std::string("null")) +
        "'");
  // The verifiers name the pattern and the node; collect their messages.
  std::string errors;
  {
    ScopedDiagnosticHandler handler(decl.getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        errors += (errors.empty() ? "" : "\n") + formatDiagnostic(diag);
      return success();
    });
    if (failed(verify(decl)))
      return llvm::createStringError("invalid subgraph declaration @" +
                                     decl.getSymName().str() + ":\n" + errors);
  }
  PatternSet set;
  set.impl->targetName = decl.getSymName().str();
  for (auto pattern : decl.getBody().front().getOps<pat::PatternOp>())
    set.impl->patterns.push_back(compilePattern(pattern));
  return std::move(set);
}

llvm::StringRef PatternSet::getTargetName() const { return impl->targetName; }

size_t PatternSet::size() const { return impl->patterns.size(); }

std::optional<PatternMatch> PatternSet::matchAt(Operation *root,
                                                MatchFilter filter) const {
  std::optional<PatternMatch> best;
  for (const CompiledPattern &pattern : impl->patterns) {
    for (Value result : root->getResults()) {
      std::optional<PatternMatch> match =
          Matcher(pattern, root, filter).run(result);
      if (match && (!best || isBetter(*match, *best)))
        best = std::move(match);
    }
  }
  return best;
}

} // namespace opencgc::compiler
