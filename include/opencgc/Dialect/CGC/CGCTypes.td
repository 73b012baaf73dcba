//===- CGCTypes.td - Types of the cgc dialect --------------*- tablegen -*-===//
//
// Element types (!cgc.float32, ...) and the two shaped types the
// specification uses: !cgc.tensor<...> for abstract values (Input IR,
// functional definitions) and !cgc.memref<...> for concrete memory (bind
// points of partitions and programs). Both take an optional `constant`
// qualifier marking externally bound, read-only data.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGC_CGCTYPES_TD
#define OPENCGC_DIALECT_CGC_CGCTYPES_TD

include "opencgc/Dialect/CGC/CGCBase.td"

class CGC_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CGC_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// An element type with its storage width in bits.
class CGC_ElementType<string name, string typeMnemonic, int bitWidth,
                      string kind>
    : CGC_Type<name, typeMnemonic> {
  let summary = "CGC element type " # typeMnemonic;
  let extraClassDeclaration = [{
    static constexpr unsigned kBitWidth = }] # bitWidth # [{;
    static constexpr ::opencgc::cgc::ElementKind kKind =
        ::opencgc::cgc::ElementKind::}] # kind # [{;
  }];
}

def CGC_Float16 : CGC_ElementType<"Float16", "float16", 16, "Float">;
def CGC_BFloat16 : CGC_ElementType<"BFloat16", "bfloat16", 16, "Float">;
def CGC_Float32 : CGC_ElementType<"Float32", "float32", 32, "Float">;
def CGC_Float64 : CGC_ElementType<"Float64", "float64", 64, "Float">;
def CGC_Int8 : CGC_ElementType<"Int8", "int8", 8, "SignedInt">;
def CGC_Int16 : CGC_ElementType<"Int16", "int16", 16, "SignedInt">;
def CGC_Int32 : CGC_ElementType<"Int32", "int32", 32, "SignedInt">;
def CGC_Int64 : CGC_ElementType<"Int64", "int64", 64, "SignedInt">;
def CGC_UInt8 : CGC_ElementType<"UInt8", "uint8", 8, "UnsignedInt">;
def CGC_UInt16 : CGC_ElementType<"UInt16", "uint16", 16, "UnsignedInt">;
def CGC_UInt32 : CGC_ElementType<"UInt32", "uint32", 32, "UnsignedInt">;
def CGC_UInt64 : CGC_ElementType<"UInt64", "uint64", 64, "UnsignedInt">;
def CGC_Bool : CGC_ElementType<"Bool", "bool", 8, "Bool">;
// ONNX's narrow types (IR.md "Elemental types"): float8 in one byte each;
// 4- and 2-bit types packed low bits first, so tensors of them take
// ceil(n * bits / 8) bytes.
def CGC_Float8E4M3FN
    : CGC_ElementType<"Float8E4M3FN", "float8e4m3fn", 8, "Float">;
def CGC_Float8E4M3FNUZ
    : CGC_ElementType<"Float8E4M3FNUZ", "float8e4m3fnuz", 8, "Float">;
def CGC_Float8E5M2 : CGC_ElementType<"Float8E5M2", "float8e5m2", 8, "Float">;
def CGC_Float8E5M2FNUZ
    : CGC_ElementType<"Float8E5M2FNUZ", "float8e5m2fnuz", 8, "Float">;
def CGC_Float8E8M0 : CGC_ElementType<"Float8E8M0", "float8e8m0", 8, "Float">;
def CGC_Float4E2M1 : CGC_ElementType<"Float4E2M1", "float4e2m1", 4, "Float">;
def CGC_Int4 : CGC_ElementType<"Int4", "int4", 4, "SignedInt">;
def CGC_UInt4 : CGC_ElementType<"UInt4", "uint4", 4, "UnsignedInt">;
def CGC_Int2 : CGC_ElementType<"Int2", "int2", 2, "SignedInt">;
def CGC_UInt2 : CGC_ElementType<"UInt2", "uint2", 2, "UnsignedInt">;

// Shared parameters of !cgc.tensor and !cgc.memref.
class CGC_ShapedType<string name, string typeMnemonic>
    : CGC_Type<name, typeMnemonic> {
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "bool":$isConstant);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  // Tensor and memref share their syntax and rules; CGCTypes.cpp has the
  // helpers.
  let extraClassDefinition = [{
    ::mlir::Type $cppClass::parse(::mlir::AsmParser &parser) {
      return parseShaped<$cppClass>(parser);
    }
    void $cppClass::print(::mlir::AsmPrinter &printer) const {
      printShaped(printer, getShape(), getElementType(), getIsConstant());
    }
    ::llvm::LogicalResult $cppClass::verify(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        ::llvm::ArrayRef<int64_t> shape, ::mlir::Type elementType, bool) {
      return verifyShaped(emitError, "}] # typeMnemonic # [{", shape,
                          elementType);
    }
    int64_t $cppClass::getNumElements() const {
      return countElements(getShape());
    }
    int64_t $cppClass::getByteSize() const {
      // Sub-byte elements are packed: round up to whole bytes.
      return (getNumElements() * getElementBitWidth(getElementType()) + 7) / 8;
    }
  }];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    int64_t getNumElements() const;
    /// Bytes the elements occupy when densely packed (rounded up).
    int64_t getByteSize() const;
    /// The same shape and element type with the given qualifier.
    }] # name # [{Type withConstant(bool isConstant) const {
      return get(getContext(), getShape(), getElementType(), isConstant);
    }
  }];
}

def CGC_TensorType : CGC_ShapedType<"Tensor", "tensor"> {
  let summary = "Abstract n-dimensional value: !cgc.tensor<[constant] NxMx!elt>";
}

def CGC_MemRefType : CGC_ShapedType<"MemRef", "memref"> {
  let summary = "View of concrete memory: !cgc.memref<[constant] NxMx!elt>";
}

def CGC_AnyTensor : Type<CPred<"::llvm::isa<::opencgc::cgc::TensorType>($_self)">,
                         "!cgc.tensor", "::opencgc::cgc::TensorType">;
def CGC_AnyMemRef : Type<CPred<"::llvm::isa<::opencgc::cgc::MemRefType>($_self)">,
                         "!cgc.memref", "::opencgc::cgc::MemRefType">;
def CGC_AnyTensorOrMemRef : AnyTypeOf<[CGC_AnyTensor, CGC_AnyMemRef]>;

#endif // OPENCGC_DIALECT_CGC_CGCTYPES_TD
