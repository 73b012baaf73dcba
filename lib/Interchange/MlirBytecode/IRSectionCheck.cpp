//===- IRSectionCheck.cpp - The IR section of MLIR bytecode ---------------===//
//
// Walks the IR section in the order MLIR 22's reader parses it: the module
// body's block header, then each operation's header followed by its
// regions (inline, or for isolated regions from version 2 in a nested IR
// section). It keeps the reader's value numbering: the values of every
// open region in one scope per isolated-from-above region, forward
// references resolved by definitions, so that it can count each value's
// uses and check the use-list orders against them, which the reader
// indexes with before validating (docs/mlir-bytecode-check.md).
//
//===----------------------------------------------------------------------===//
#include "Tables.h"

#include "llvm/ADT/DenseMap.h"

namespace opencgc::mlirbc {

namespace {
/// OpEncodingMask (mlir/Bytecode/Encoding.h).
enum : uint8_t {
  kHasAttrs = 1 << 0,
  kHasResults = 1 << 1,
  kHasOperands = 1 << 2,
  kHasSuccessors = 1 << 3,
  kHasInlineRegions = 1 << 4,
  kHasUseListOrders = 1 << 5,
  kHasProperties = 1 << 6,
};

/// Regions nested deeper than this are refused; CGC modules nest a few.
constexpr unsigned kMaxRegionDepth = 256;

/// A use-list order given as (old, new) index pairs, checked once every
/// use of its value is known.
struct PairOrder {
  uint64_t value;
  uint64_t largestIndex;
  uint64_t fileOffset;
};

class IRChecker {
public:
  IRChecker(const Tables &tables) : tables(tables) {}

  void run(Cursor &ir);

private:
  /// The values of the regions open in one isolated-from-above region:
  /// each slot holds a value id (0: none yet).
  struct Scope {
    std::vector<uint64_t> slots;
    std::vector<uint64_t> nextSlot;
  };
  /// What an operation sees of its region.
  struct RegionContext {
    uint64_t numValues = 0;
    uint64_t numBlocks = 0;
  };

  uint64_t newValue(bool forward) {
    uses.push_back(0);
    isForward.push_back(forward);
    return uses.size() - 1;
  }
  void openRegion(uint64_t numValues) {
    Scope &scope = scopes.back();
    scope.nextSlot.push_back(scope.slots.size());
    scope.slots.resize(scope.slots.size() + numValues, 0);
  }
  void closeRegion(Cursor &c, uint64_t numValues);
  std::vector<uint64_t> defineValues(Cursor &c, uint64_t count);
  void readOperand(Cursor &c);
  uint64_t readAttribute(Cursor &c) {
    return c.readIndex("an attribute", tables.attributes.size(),
                       "attributes");
  }
  uint64_t readType(Cursor &c) {
    return c.readIndex("a type", tables.types.size(), "types");
  }
  /// parseUseListOrderForRange: orders for some of `count` values. Returns
  /// the pair-encoded ones, `value` being the index in the range.
  std::vector<PairOrder> readUseListOrders(Cursor &c, uint64_t count,
                                           bool requireOne);
  /// Keeps `orders` for checking, for the values with ids `values`.
  void keepOrders(std::vector<PairOrder> orders,
                  llvm::ArrayRef<uint64_t> values);
  /// Returns the number of operations.
  uint64_t readBlockHeader(Cursor &c, bool topLevel);
  void checkRegion(Cursor &c, unsigned depth);
  void checkOperation(Cursor &c, const RegionContext &region,
                      unsigned depth);
  void checkOperationRegions(Cursor &c, uint64_t numRegions, bool isolated,
                             unsigned depth);

  const Tables &tables;
  std::vector<Scope> scopes;
  /// Per value id: its uses, and whether it stands for a value not yet
  /// defined.
  std::vector<uint64_t> uses = {0};
  std::vector<bool> isForward = {false};
  std::vector<PairOrder> pairOrders;
};

void IRChecker::closeRegion(Cursor &c, uint64_t numValues) {
  Scope &scope = scopes.back();
  for (size_t i = scope.slots.size() - numValues; i < scope.slots.size(); ++i)
    if (scope.slots[i] && isForward[scope.slots[i]])
      return c.fail("value " + llvm::Twine(i) +
                    " is used but never defined in its region");
  scope.slots.resize(scope.slots.size() - numValues);
  scope.nextSlot.pop_back();
}

std::vector<uint64_t> IRChecker::defineValues(Cursor &c, uint64_t count) {
  Scope &scope = scopes.back();
  uint64_t &next = scope.nextSlot.back();
  if (count > scope.slots.size() - next) {
    c.fail("values " + llvm::Twine(next) + " to " + llvm::Twine(next + count) +
           " are outside the " + llvm::Twine(scope.slots.size()) +
           " the region declares");
    return {};
  }
  std::vector<uint64_t> defined;
  for (uint64_t i = 0; i < count; ++i, ++next) {
    uint64_t value = newValue(false);
    // A definition takes over the uses of the forward reference.
    if (uint64_t old = scope.slots[next])
      uses[value] += uses[old];
    scope.slots[next] = value;
    defined.push_back(value);
  }
  return defined;
}

void IRChecker::readOperand(Cursor &c) {
  std::vector<uint64_t> &slots = scopes.back().slots;
  uint64_t index = c.readIndex("an operand", slots.size(), "values in scope");
  if (c.failed())
    return;
  if (!slots[index])
    slots[index] = newValue(true);
  ++uses[slots[index]];
}

std::vector<PairOrder> IRChecker::readUseListOrders(Cursor &c, uint64_t count,
                                                    bool requireOne) {
  std::vector<PairOrder> orders;
  uint64_t entries = count > 1 ? c.readCount("the number of use-list orders")
                               : 1;
  if (requireOne && entries == 0 && !c.failed())
    c.fail("a block's use-list orders are empty");
  llvm::DenseMap<uint64_t, bool> seen;
  for (uint64_t e = 0; e < entries && !c.failed(); ++e) {
    uint64_t which = count > 1 ? c.readVarInt("a use-list value") : 0;
    uint64_t offset = c.fileOffset();
    bool pairs = false;
    uint64_t size = c.readVarIntWithFlag("the use-list size", pairs);
    if (!c.failed() && size > c.remaining())
      c.fail("a use-list of " + llvm::Twine(size) +
             " indices is longer than the bytes that follow");
    uint64_t largest = 0;
    for (uint64_t i = 0; i < size && !c.failed(); ++i) {
      // The reader keeps indices as `unsigned`.
      uint64_t index = uint32_t(c.readVarInt("a use-list index"));
      if (i % 2 == 0)
        largest = std::max(largest, index);
    }
    // The first order for a value counts; an odd pair list is refused by
    // the reader before it indexes.
    if (which < count && seen.try_emplace(which, true).second && pairs &&
        size % 2 == 0 && size > 0)
      orders.push_back({which, largest, offset});
  }
  return orders;
}

void IRChecker::keepOrders(std::vector<PairOrder> orders,
                           llvm::ArrayRef<uint64_t> values) {
  for (PairOrder &order : orders)
    if (order.value < values.size())
      pairOrders.push_back({values[order.value], order.largestIndex,
                            order.fileOffset});
}

uint64_t IRChecker::readBlockHeader(Cursor &c, bool topLevel) {
  bool hasArguments = false;
  uint64_t numOps =
      c.readVarIntWithFlag("the block's operation count", hasArguments);
  if (!hasArguments || c.failed())
    return numOps;
  // The reader defines the module body's arguments before it opens a value
  // scope for them.
  if (topLevel) {
    c.fail("the top-level block has arguments");
    return 0;
  }
  uint64_t numArguments = c.readCount("the number of block arguments");
  for (uint64_t i = 0; i < numArguments && !c.failed(); ++i) {
    bool hasLocation = true;
    if (tables.version >= kElideUnknownBlockArgLocation) {
      uint64_t type = c.readVarIntWithFlag("an argument type", hasLocation);
      if (!c.failed() && type >= tables.types.size())
        c.fail("argument type " + llvm::Twine(type) +
               " is out of range: there are " +
               llvm::Twine(tables.types.size()) + " types");
    } else {
      readType(c);
    }
    if (hasLocation)
      readAttribute(c);
  }
  std::vector<uint64_t> arguments = defineValues(c, numArguments);
  if (tables.version >= kUseListOrdering &&
      c.readByte("the block's use-list flag") && !c.failed())
    keepOrders(readUseListOrders(c, numArguments, /*requireOne=*/true),
               arguments);
  return numOps;
}

void IRChecker::checkOperation(Cursor &c, const RegionContext &region,
                               unsigned depth) {
  uint64_t name = c.readIndex("an operation name", tables.opNames.size(),
                              "operation names");
  uint8_t mask = c.readByte("the operation's encoding mask");
  readAttribute(c); // location
  if (mask & kHasAttrs)
    readAttribute(c);
  if ((mask & kHasProperties) && !c.failed()) {
    if (tables.version < kNativePropertiesEncoding)
      return c.fail("properties before bytecode version 5");
    if (tables.opNames[name].wasRegistered)
      c.readIndex("a property", tables.numProperties, "properties");
    else
      readAttribute(c);
  }
  uint64_t numResults = 0;
  if (mask & kHasResults) {
    numResults = c.readCount("the number of results");
    for (uint64_t i = 0; i < numResults && !c.failed(); ++i)
      readType(c);
  }
  if (mask & kHasOperands) {
    uint64_t numOperands = c.readCount("the number of operands");
    for (uint64_t i = 0; i < numOperands && !c.failed(); ++i)
      readOperand(c);
  }
  if (mask & kHasSuccessors) {
    uint64_t numSuccessors = c.readCount("the number of successors");
    for (uint64_t i = 0; i < numSuccessors && !c.failed(); ++i)
      c.readIndex("a successor", region.numBlocks, "blocks in the region");
  }
  std::vector<PairOrder> orders;
  if (tables.version >= kUseListOrdering && (mask & kHasUseListOrders))
    orders = readUseListOrders(c, numResults, /*requireOne=*/false);
  uint64_t numRegions = 0;
  bool isolated = false;
  if (mask & kHasInlineRegions)
    numRegions = c.readVarIntWithFlag("the number of regions", isolated);
  if (!c.failed() && numRegions > c.remaining())
    return c.fail(llvm::Twine(numRegions) +
                  " regions need more bytes than follow");
  // Results are numbered only where the region has values; others can
  // have no uses, so their orders are never applied.
  if (region.numValues && numResults && !c.failed())
    keepOrders(std::move(orders), defineValues(c, numResults));
  if (numRegions && !c.failed())
    checkOperationRegions(c, numRegions, isolated, depth);
}

void IRChecker::checkOperationRegions(Cursor &c, uint64_t numRegions,
                                      bool isolated, unsigned depth) {
  if (depth >= kMaxRegionDepth)
    return c.fail("regions are nested more than " +
                  llvm::Twine(kMaxRegionDepth) + " deep");
  if (isolated)
    scopes.emplace_back();
  if (isolated && tables.version >= kLazyLoading) {
    uint8_t id = 0;
    llvm::ArrayRef<uint8_t> data = c.readSection(id);
    if (!c.failed() && id != kIR)
      return c.fail("an isolated region must be an IR (4) section, found "
                    "section " +
                    llvm::Twine(unsigned(id)));
    Cursor nested = c.sub(data, "IR section of an isolated region");
    for (uint64_t i = 0; i < numRegions && !nested.failed(); ++i)
      checkRegion(nested, depth + 1);
  } else {
    for (uint64_t i = 0; i < numRegions && !c.failed(); ++i)
      checkRegion(c, depth + 1);
  }
  if (isolated && !c.failed())
    scopes.pop_back();
}

void IRChecker::checkRegion(Cursor &c, unsigned depth) {
  uint64_t numBlocks = c.readCount("the number of blocks");
  if (numBlocks == 0 || c.failed())
    return;
  RegionContext region;
  region.numBlocks = numBlocks;
  region.numValues = c.readCount("the number of values");
  if (c.failed())
    return;
  openRegion(region.numValues);
  for (uint64_t b = 0; b < numBlocks && !c.failed(); ++b) {
    uint64_t numOps = readBlockHeader(c, /*topLevel=*/false);
    for (uint64_t i = 0; i < numOps && !c.failed(); ++i)
      checkOperation(c, region, depth);
  }
  if (!c.failed())
    closeRegion(c, region.numValues);
}

void IRChecker::run(Cursor &ir) {
  uint64_t numOps = readBlockHeader(ir, /*topLevel=*/true);
  scopes.emplace_back();
  openRegion(0);
  RegionContext body{/*numValues=*/0, /*numBlocks=*/1};
  for (uint64_t i = 0; i < numOps && !ir.failed(); ++i)
    checkOperation(ir, body, 0);
  if (ir.failed())
    return;
  // The reader leaves values with fewer than two uses alone, and indexes
  // a vector of one slot per use with the first of each pair.
  for (const PairOrder &order : pairOrders) {
    uint64_t count = uses[order.value];
    if (count >= 2 && order.largestIndex >= count)
      return ir.failAt(order.fileOffset,
                       "use-list index " + llvm::Twine(order.largestIndex) +
                           " is out of range for a value with " +
                           llvm::Twine(count) + " uses");
  }
}
} // namespace

void checkIRSection(Cursor section, const Tables &tables) {
  IRChecker(tables).run(section);
}

} // namespace opencgc::mlirbc
