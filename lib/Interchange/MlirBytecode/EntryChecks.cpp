//===- EntryChecks.cpp - Attribute and type entries of MLIR bytecode ------===//
//
// Each entry of the AttrType section is read by MLIR's reader when the IR
// first refers to it, through its dialect's decoder. Assembly-text entries
// go to MLIR's text parser; builtin entries are decoded field by field
// here (mlir/IR/BuiltinDialectBytecode.td), since their decoders allocate
// for list counts and integer widths before reading them and build dense
// elements from blobs of any size. The cgc dialects encode no attributes
// or types of their own. Entries that refer to themselves, directly or
// through others, are refused: MLIR's reader retries them forever.
//
//===----------------------------------------------------------------------===//
#include "Tables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace opencgc::mlirbc {

namespace {
/// IntegerType::kMaxWidth.
constexpr uint64_t kMaxIntegerWidth = (1u << 24) - 1;
/// ShapedType::kDynamic.
constexpr int64_t kDynamic = INT64_MIN;

/// What the numeric checks need to know of a builtin type entry.
struct TypeFacts {
  enum Kind { Integer, Float, Complex, Shaped, Other } kind = Other;
  /// Integer and float: bits.
  uint64_t width = 0;
  /// Complex and shaped: the element type's index.
  uint64_t element = 0;
  /// Shaped: static dimensions only (else not set).
  std::optional<uint64_t> numElements;
};

class EntryChecker {
public:
  EntryChecker(Cursor anchor, const Tables &tables)
      : anchor(anchor), tables(tables),
        edges(tables.attributes.size() + tables.types.size()) {}

  void run() {
    for (size_t i = 0; i < tables.attributes.size() && !anchor.failed(); ++i)
      checkEntry(tables.attributes[i], i, /*isType=*/false);
    for (size_t i = 0; i < tables.types.size() && !anchor.failed(); ++i)
      checkEntry(tables.types[i], i, /*isType=*/true);
    if (!anchor.failed())
      checkAcyclic();
  }

private:
  void checkEntry(const Entry &entry, uint64_t index, bool isType) {
    node = isType ? tables.attributes.size() + index : index;
    llvm::StringRef kind = isType ? "type" : "attribute";
    Cursor cursor = anchor.sub(entry.data, kind + " " + llvm::Twine(index));
    llvm::StringRef dialect = tables.dialects[entry.dialect];
    if (!entry.customEncoding)
      cursor.readNullTerminated("the assembly text");
    else if (dialect != "builtin")
      cursor.fail("dialect '" + dialect + "' encodes no " + kind +
                  "s in bytecode");
    else if (isType)
      checkBuiltinType(cursor);
    else
      checkBuiltinAttribute(cursor);
    if (!cursor.empty())
      cursor.fail("bytes follow the end of the " + kind);
  }

  uint64_t readAttribute(Cursor &c) {
    uint64_t index =
        c.readIndex("an attribute", tables.attributes.size(), "attributes");
    if (!c.failed())
      edges[node].push_back(index);
    return index;
  }
  uint64_t readType(Cursor &c) {
    uint64_t index = c.readIndex("a type", tables.types.size(), "types");
    if (!c.failed())
      edges[node].push_back(tables.attributes.size() + index);
    return index;
  }
  template <typename ReadOne> void readList(Cursor &c, ReadOne readOne) {
    uint64_t count = c.readCount("the number of list elements");
    for (uint64_t i = 0; i < count && !c.failed(); ++i)
      readOne();
  }
  /// A shape; the number of elements when every dimension is static.
  std::optional<uint64_t> readShape(Cursor &c, bool allowDynamic) {
    std::optional<uint64_t> elements = 1;
    readList(c, [&] {
      int64_t dim = c.readSignedVarInt("a dimension");
      if (dim == kDynamic && allowDynamic) {
        elements.reset();
        return;
      }
      if (dim < 0)
        return c.fail("dimension " + llvm::Twine(dim) + " is negative");
      bool overflow = false;
      if (elements)
        elements = llvm::SaturatingMultiply(*elements, uint64_t(dim),
                                            &overflow);
      if (overflow)
        c.fail("the dimensions' product overflows 64 bits");
    });
    return elements;
  }

  void checkBuiltinAttribute(Cursor &c);
  void checkBuiltinType(Cursor &c);
  void checkInteger(Cursor &c, uint64_t width);
  void checkDenseArray(Cursor &c);
  void checkDenseElements(Cursor &c);
  void checkAcyclic();
  /// The facts of builtin type `index`, decoded from its entry's head.
  TypeFacts factsOf(uint64_t index) const;

  Cursor anchor;
  const Tables &tables;
  /// Entry -> entries it refers to (attributes first, then types).
  std::vector<std::vector<uint64_t>> edges;
  uint64_t node = 0;
};

TypeFacts EntryChecker::factsOf(uint64_t index) const {
  TypeFacts facts;
  const Entry &entry = tables.types[index];
  if (!entry.customEncoding ||
      tables.dialects[entry.dialect] != "builtin")
    return facts;
  // A private state: a malformed head only means "not a known type" here;
  // checkEntry reports it.
  CheckState scratch;
  scratch.bufferStart = entry.data.data();
  Cursor c(scratch, entry.data, "type");
  uint64_t code = c.readVarInt("the type code");
  static constexpr uint64_t floatWidths[] = {16, 16, 32, 64, 80, 128};
  if (code == 0) {
    facts.kind = TypeFacts::Integer;
    facts.width = c.readVarInt("the width") >> 2;
  } else if (code == 1) {
    facts.kind = TypeFacts::Integer; // index: 64-bit storage
    facts.width = 64;
  } else if (code >= 3 && code <= 8) {
    facts.kind = TypeFacts::Float;
    facts.width = floatWidths[code - 3];
  } else if (code == 9) {
    facts.kind = TypeFacts::Complex;
    facts.element = c.readVarInt("the element type");
  } else if (code == 13 || code == 19) {
    facts.kind = TypeFacts::Shaped;
    std::optional<uint64_t> elements = 1;
    uint64_t rank = c.readVarInt("the rank");
    for (uint64_t i = 0; i < rank && !c.failed(); ++i) {
      int64_t dim = c.readSignedVarInt("a dimension");
      bool overflow = false;
      if (dim < 0)
        elements.reset();
      else if (elements)
        elements = llvm::SaturatingMultiply(*elements, uint64_t(dim),
                                            &overflow);
      if (overflow)
        elements.reset();
    }
    facts.numElements = elements;
    facts.element = c.readVarInt("the element type");
  }
  if (c.failed() || (facts.kind != TypeFacts::Other &&
                     facts.element >= tables.types.size()))
    return TypeFacts{};
  return facts;
}

void EntryChecker::checkInteger(Cursor &c, uint64_t width) {
  // readAPIntWithKnownWidth: a byte, a signed varint, or words.
  if (width <= 8) {
    c.readByte("the value");
    return;
  }
  if (width <= 64) {
    c.readVarInt("the value");
    return;
  }
  uint64_t words = c.readCount("the number of value words");
  if (!c.failed() && words > llvm::divideCeil(width, 64))
    return c.fail(llvm::Twine(words) + " words are more than a " +
                  llvm::Twine(width) + "-bit value has");
  for (uint64_t i = 0; i < words && !c.failed(); ++i)
    c.readVarInt("a value word");
}

void EntryChecker::checkDenseArray(Cursor &c) {
  TypeFacts element = factsOf(readType(c));
  uint64_t size = c.readVarInt("the number of elements");
  uint64_t blob = c.readVarInt("the data size");
  if (c.failed())
    return;
  bool known = (element.kind == TypeFacts::Integer &&
                llvm::is_contained({1, 8, 16, 32, 64}, element.width)) ||
               (element.kind == TypeFacts::Float &&
                (element.width == 32 || element.width == 64));
  if (!known)
    return c.fail("a dense array's elements must be i1, i8, i16, i32, i64, "
                  "f32 or f64");
  uint64_t bytesEach = std::max<uint64_t>(1, element.width / 8);
  if (size > blob / bytesEach || size * bytesEach != blob)
    return c.fail("a dense array of " + llvm::Twine(size) + " " +
                  llvm::Twine(element.width) + "-bit elements holds " +
                  llvm::Twine(blob) + " bytes");
  (void)c.readBytes(blob, "the dense array data");
}

void EntryChecker::checkDenseElements(Cursor &c) {
  TypeFacts shaped = factsOf(readType(c));
  uint64_t blob = c.readVarInt("the data size");
  llvm::ArrayRef<uint8_t> data = c.readBytes(blob, "the elements' data");
  if (c.failed())
    return;
  TypeFacts element = factsOf(shaped.element);
  uint64_t lanes = 1;
  if (element.kind == TypeFacts::Complex) {
    element = factsOf(element.element);
    lanes = 2;
  }
  bool scalar = element.kind == TypeFacts::Integer ||
                element.kind == TypeFacts::Float;
  if (shaped.kind != TypeFacts::Shaped || !shaped.numElements || !scalar ||
      element.width == 0 || element.width > kMaxIntegerWidth)
    return c.fail("dense elements need a static tensor or vector of "
                  "integers, floats or complex numbers");
  uint64_t count = *shaped.numElements;
  if (element.width == 1 && lanes == 1) {
    // Bits packed 8 to a byte; one byte of all 0s or all 1s is a splat.
    bool splat = blob == 1 && (data[0] == 0 || data[0] == 0xff);
    if (!splat && blob != llvm::divideCeil(count, 8))
      c.fail("dense i1 elements hold " + llvm::Twine(blob) + " bytes for " +
             llvm::Twine(count) + " elements");
    return;
  }
  uint64_t bytesEach = lanes * llvm::divideCeil(element.width, 8);
  bool splat = blob == bytesEach;
  bool whole = count <= blob / bytesEach && count * bytesEach == blob;
  if (!splat && !whole)
    c.fail("dense elements hold " + llvm::Twine(blob) + " bytes for " +
           llvm::Twine(count) + " elements of " + llvm::Twine(bytesEach) +
           " bytes");
}

void EntryChecker::checkBuiltinAttribute(Cursor &c) {
  uint64_t code = c.readVarInt("the attribute code");
  auto attribute = [&] { readAttribute(c); };
  switch (code) {
  case 0: // ArrayAttr
  case 12: // FusedLoc
    return readList(c, attribute);
  case 1: // DictionaryAttr
    return readList(c, [&] {
      readAttribute(c);
      readAttribute(c);
    });
  case 2: // StringAttr
    c.readIndex("the string", tables.strings.size(), "strings");
    return;
  case 3: // StringAttr with a type
    c.readIndex("the string", tables.strings.size(), "strings");
    readType(c);
    return;
  case 4: // FlatSymbolRefAttr
    readAttribute(c);
    return;
  case 5: // SymbolRefAttr
    readAttribute(c);
    return readList(c, attribute);
  case 6: // TypeAttr
    readType(c);
    return;
  case 7:  // UnitAttr
  case 15: // UnknownLoc
    return;
  case 8: // IntegerAttr
  case 9: { // FloatAttr
    TypeFacts type = factsOf(readType(c));
    auto wanted = code == 8 ? TypeFacts::Integer : TypeFacts::Float;
    if (c.failed())
      return;
    if (type.kind != wanted || type.width == 0 ||
        type.width > kMaxIntegerWidth)
      return c.fail(code == 8 ? "an integer attribute's type is not an "
                                "integer type"
                              : "a float attribute's type is not a float "
                                "type");
    return checkInteger(c, type.width);
  }
  case 10: // CallSiteLoc
  case 14: // NameLoc
    readAttribute(c);
    readAttribute(c);
    return;
  case 11: // FileLineColLoc
    readAttribute(c);
    c.readVarInt("the line");
    c.readVarInt("the column");
    return;
  case 13: // FusedLoc with metadata
    readList(c, attribute);
    readAttribute(c);
    return;
  case 17:
    return checkDenseArray(c);
  case 18:
    return checkDenseElements(c);
  default:
    c.fail("builtin attribute code " + llvm::Twine(code) +
           " is not one a CGC module uses");
  }
}

void EntryChecker::checkBuiltinType(Cursor &c) {
  uint64_t code = c.readVarInt("the type code");
  auto type = [&] { readType(c); };
  switch (code) {
  case 0: { // IntegerType: (width << 2) | signedness
    uint64_t encoded = c.readVarInt("the width and signedness");
    if (!c.failed() && (encoded >> 2 > kMaxIntegerWidth || (encoded & 3) > 2))
      c.fail("integer width " + llvm::Twine(encoded >> 2) +
             " or signedness " + llvm::Twine(encoded & 3) + " is invalid");
    return;
  }
  case 1: // IndexType
  case 3: case 4: case 5: case 6: case 7: case 8: // floats
  case 12: // NoneType
    return;
  case 2: // FunctionType
    readList(c, type);
    return readList(c, type);
  case 9:  // ComplexType
  case 16: // UnrankedMemRefType
  case 18: // UnrankedTensorType
    return type();
  case 10: // MemRefType
    readShape(c, true);
    readType(c);
    readAttribute(c);
    return;
  case 11: // MemRefType with a memory space
    readAttribute(c);
    readShape(c, true);
    readType(c);
    readAttribute(c);
    return;
  case 13: // RankedTensorType
    readShape(c, true);
    return type();
  case 14: // RankedTensorType with an encoding
    readAttribute(c);
    readShape(c, true);
    return type();
  case 15: // TupleType
    return readList(c, type);
  case 17: // UnrankedMemRefType with a memory space
    readAttribute(c);
    return type();
  case 19: // VectorType
    readShape(c, false);
    return type();
  default:
    c.fail("builtin type code " + llvm::Twine(code) +
           " is not one a CGC module uses");
  }
}

void EntryChecker::checkAcyclic() {
  // Iterative depth-first search: 0 unvisited, 1 on the stack, 2 done.
  std::vector<uint8_t> state(edges.size(), 0);
  for (uint64_t root = 0; root < edges.size(); ++root) {
    if (state[root])
      continue;
    std::vector<std::pair<uint64_t, size_t>> stack = {{root, 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto &[current, next] = stack.back();
      if (next == edges[current].size()) {
        state[current] = 2;
        stack.pop_back();
        continue;
      }
      uint64_t target = edges[current][next++];
      if (state[target] == 1) {
        bool isType = target >= tables.attributes.size();
        uint64_t index =
            isType ? target - tables.attributes.size() : target;
        return anchor.fail((isType ? "type " : "attribute ") +
                           llvm::Twine(index) + " refers to itself");
      }
      if (state[target] == 0) {
        state[target] = 1;
        stack.push_back({target, 0});
      }
    }
  }
}
} // namespace

void checkAttrTypeEntries(Cursor anchor, const Tables &tables) {
  EntryChecker(anchor, tables).run();
}

} // namespace opencgc::mlirbc
