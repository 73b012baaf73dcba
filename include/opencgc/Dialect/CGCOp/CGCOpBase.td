//===- CGCOpBase.td - The cgc_op dialect -------------------*- tablegen -*-===//
//
// "The cgc_op dialect is a high-level dialect that contains abstract
// representations of ML layers, similar to ONNX" (D3D12 MLIR programs
// specification, "DXCGC"). Ops take and return !cgc.tensor values, follow
// ONNX semantics, and infer their result types so that IR may omit them.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_CGCOPBASE_TD
#define OPENCGC_DIALECT_CGCOP_CGCOPBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "opencgc/Dialect/CGC/CGCTypes.td"

def CGCOp_Dialect : Dialect {
  let name = "cgc_op";
  let cppNamespace = "::opencgc::cgc_op";
  let summary = "ML layers with ONNX semantics over !cgc.tensor values";
  let dependentDialects = ["::opencgc::cgc::CGCDialect"];
  // Attributes stay in the attribute dictionary so the custom parser can run
  // shape inference on them before the op exists.
  let usePropertiesForAttributes = 0;
}

// A layer op. Assembly: `cgc_op.name(%a, %b) {attrs} : (types) [-> types]`,
// where the result types may be left out and are then inferred.
class CGCOp_LayerOp<string mnemonic, list<Trait> traits = []>
    : Op<CGCOp_Dialect, mnemonic, traits # [
        Pure, InferTypeOpAdaptor,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return parseLayerOp<$cppClass>(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      printLayerOp<$cppClass>(*this, p);
    }
    // Results print as %convolution, %relu_0, ... like the specification's
    // %conv1, %relu1.
    void $cppClass::getAsmResultNames(::mlir::OpAsmSetValueNameFn setName) {
      for (::mlir::Value result : (*this)->getResults())
        setName(result, (*this)->getName().stripDialect());
    }
  }];
}

class CGCOp_UnaryOp<string mnemonic, list<Trait> traits = []>
    : CGCOp_LayerOp<mnemonic, traits> {
  let arguments = (ins CGC_AnyTensor:$input);
  let results = (outs CGC_AnyTensor:$output);
}

class CGCOp_BinaryOp<string mnemonic, list<Trait> traits = []>
    : CGCOp_LayerOp<mnemonic, traits> {
  let summary = "Elementwise " # mnemonic #
                " with multidirectional (numpy) broadcasting";
  let arguments = (ins CGC_AnyTensor:$lhs, CGC_AnyTensor:$rhs);
  let results = (outs CGC_AnyTensor:$output);
}

#endif // OPENCGC_DIALECT_CGCOP_CGCOPBASE_TD
