//===- CGCTypes.cpp - Types of the cgc dialect ----------------------------===//
#include "opencgc/Dialect/CGC/CGCTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "opencgc/Dialect/CGC/CGCDialect.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace opencgc::cgc;

namespace opencgc::cgc {
//===----------------------------------------------------------------------===//
// !cgc.tensor and !cgc.memref
//===----------------------------------------------------------------------===//

// `<` [`constant`] (dim `x`)* element-type `>`
template <typename ShapedT> static Type parseShaped(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  bool isConstant = succeeded(parser.parseOptionalKeyword("constant"));
  SmallVector<int64_t> shape;
  SMLoc dimsLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true))
    return {};
  if (llvm::any_of(shape, ShapedType::isDynamic)) {
    parser.emitError(dimsLoc, "dynamic dimensions ('?') are not supported "
                              "yet; give every dimension a static size");
    return {};
  }
  Type elementType;
  if (parser.parseType(elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<ShapedT>(parser.getContext(), shape, elementType,
                                    isConstant);
}

static void printShaped(AsmPrinter &printer, ArrayRef<int64_t> shape,
                        Type elementType, bool isConstant) {
  printer << "<";
  if (isConstant)
    printer << "constant ";
  for (int64_t dim : shape)
    printer << dim << "x";
  printer << elementType << ">";
}

static LogicalResult verifyShaped(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef what, ArrayRef<int64_t> shape,
                                  Type elementType) {
  for (int64_t dim : shape)
    if (dim < 0)
      return emitError() << "!cgc." << what << " dimensions must be static "
                         << "and non-negative, got " << dim;
  if (!isElementType(elementType))
    return emitError() << "!cgc." << what
                       << " element type must be a CGC element type "
                          "(!cgc.float32, !cgc.int8, !cgc.bool, ...), got "
                       << elementType;
  // Sizes are int64_t byte counts from here on, offsets added to them: a
  // shape whose bytes could overflow one is refused (2^59 elements of 8
  // bytes are 2^62 bytes).
  constexpr uint64_t kMaxElements = uint64_t(1) << 59;
  uint64_t elements = 1;
  bool overflow = false;
  for (int64_t dim : shape)
    elements = llvm::SaturatingMultiply(elements, uint64_t(dim), &overflow);
  if (overflow || elements > kMaxElements)
    return emitError() << "!cgc." << what << " has more than 2^59 elements";
  return success();
}

static int64_t countElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t dim : shape)
    n *= dim;
  return n;
}
} // namespace opencgc::cgc

#define GET_TYPEDEF_CLASSES
#include "opencgc/Dialect/CGC/CGCTypes.cpp.inc"

void CGCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "opencgc/Dialect/CGC/CGCTypes.cpp.inc"
      >();
}

namespace opencgc::cgc {

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

namespace detail {
struct ElementInfo {
  unsigned bits = 0;
  ElementKind kind = ElementKind::Float;
};
} // namespace detail
using detail::ElementInfo;

static ElementInfo getElementInfo(Type type) {
  return llvm::TypeSwitch<Type, ElementInfo>(type)
      .Case<Float16Type, BFloat16Type, Float32Type, Float64Type, Int8Type,
            Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type,
            UInt64Type, BoolType, Float8E4M3FNType, Float8E4M3FNUZType,
            Float8E5M2Type, Float8E5M2FNUZType, Float8E8M0Type, Float4E2M1Type,
            Int4Type, UInt4Type, Int2Type, UInt2Type>([](auto t) {
        using T = decltype(t);
        return ElementInfo{T::kBitWidth, T::kKind};
      })
      .Default([](Type) { return ElementInfo{}; });
}

bool isElementType(Type type) { return getElementInfo(type).bits != 0; }

unsigned getElementBitWidth(Type type) { return getElementInfo(type).bits; }

ElementKind getElementKind(Type type) { return getElementInfo(type).kind; }

bool isNarrowElement(Type type) {
  return isa<Float8E4M3FNType, Float8E4M3FNUZType, Float8E5M2Type,
             Float8E5M2FNUZType, Float8E8M0Type, Float4E2M1Type, Int4Type,
             UInt4Type, Int2Type, UInt2Type>(type);
}

} // namespace opencgc::cgc
