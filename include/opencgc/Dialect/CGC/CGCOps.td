//===- CGCOps.td - Ops of the cgc dialect ------------------*- tablegen -*-===//
//
// Structural ops of CGC Input IR (cgc.module, cgc.entry_point, cgc.constant,
// cgc.return) and CGC Output IR (cgc.subgraph, cgc.functional_definition,
// cgc.partition, cgc.program, cgc.invoke, cgc.view_memref), as shown in the
// D3D12 MLIR programs specification, sections "CGC Input IR" and
// "CGC Output IR".
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGC_CGCOPS_TD
#define OPENCGC_DIALECT_CGC_CGCOPS_TD

include "opencgc/Dialect/CGC/CGCTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// cgc.module
//===----------------------------------------------------------------------===//

def CGC_ModuleOp : CGC_Op<"module", [
    IsolatedFromAbove, NoRegionArguments, NoTerminator, SingleBlock,
    SymbolTable]> {
  let summary = "The top-level container of every CGC IR";
  let description = [{
    Holds entry points (Input IR) or subgraphs, partitions and one program
    (Output IR, Partition IR).
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins)>];
}

//===----------------------------------------------------------------------===//
// Function-like ops
//===----------------------------------------------------------------------===//

class CGC_FunctionLikeOp<string mnemonic, list<Trait> traits = []>
    : CGC_Op<mnemonic, traits # [
        FunctionOpInterface, IsolatedFromAbove, Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    /// FunctionOpInterface hooks.
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return parseFunctionLikeOp<$cppClass>(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      printFunctionLikeOp(*this, p);
    }
    void $cppClass::build(::mlir::OpBuilder &builder,
                          ::mlir::OperationState &state,
                          ::llvm::StringRef name, ::mlir::FunctionType type) {
      buildFunctionLikeOp<$cppClass>(builder, state, name, type);
    }
  }];
}

def CGC_EntryPointOp : CGC_FunctionLikeOp<"entry_point",
                                          [HasParent<"ModuleOp">]> {
  let summary = "An Input IR function: tensors in, tensors out";
}

def CGC_FunctionalDefinitionOp : CGC_FunctionLikeOp<"functional_definition",
                                                    [HasParent<"SubgraphOp">]> {
  let summary = "The DAG of Input IR ops a subgraph implements";
}

def CGC_PartitionOp : CGC_FunctionLikeOp<"partition", [HasParent<"ModuleOp">]> {
  let summary = "A unit of compilation and dispatch: memref bind points in, "
                "subgraph invocations inside";
}

def CGC_ProgramOp : CGC_FunctionLikeOp<"program", [HasParent<"ModuleOp">]> {
  let summary = "The Output IR entry point: invokes partitions in order";
}

//===----------------------------------------------------------------------===//
// cgc.subgraph
//===----------------------------------------------------------------------===//

def CGC_SubgraphOp : CGC_Op<"subgraph", [
    HasParent<"ModuleOp">, IsolatedFromAbove, NoRegionArguments,
    NoTerminator, SingleBlock, Symbol, SymbolTable]> {
  let summary = "A target-implemented fusion of Input IR ops";
  let description = [{
    `origin` names the target responsible for implementing the subgraph; the
    body holds exactly one `cgc.functional_definition`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$origin,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The single functional definition (null before verification).
    FunctionalDefinitionOp getFunctionalDefinition();
  }];
}

//===----------------------------------------------------------------------===//
// Body ops
//===----------------------------------------------------------------------===//

def CGC_ConstantOp : CGC_Op<"constant", [
    Pure, ParentOneOf<["EntryPointOp", "ProgramOp"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "An externally bound named constant (weights, biases, ...)";
  let arguments = (ins StrAttr:$name);
  let results = (outs CGC_AnyTensorOrMemRef:$result);
  let assemblyFormat = "`(` $name `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def CGC_ReturnOp : CGC_Op<"return", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["EntryPointOp", "FunctionalDefinitionOp", "PartitionOp",
                 "ProgramOp"]>]> {
  let summary = "Returns values from an entry point or functional definition";
  let arguments = (ins Variadic<CGC_AnyTensor>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` qualified(type($operands)))?";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

def CGC_InvokeOp : CGC_Op<"invoke", [
    ParentOneOf<["PartitionOp", "ProgramOp"]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Invokes a subgraph (in a partition) or a partition (in a "
                "program) on memrefs";
  let description = [{
    Operands are the callee's inputs followed by its outputs; outputs are
    written in place, so the op has no results.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<CGC_AnyMemRef>:$operands);
  let assemblyFormat =
      "$callee `(` $operands `)` attr-dict `:` `(` qualified(type($operands)) `)`";
}

def CGC_ViewMemRefOp : CGC_Op<"view_memref", [
    Pure, ParentOneOf<["PartitionOp", "ProgramOp"]>]> {
  let summary = "A typed view at a byte offset into a memref";
  let arguments = (ins CGC_AnyMemRef:$source,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$offset);
  let results = (outs CGC_AnyMemRef:$result);
  let assemblyFormat = [{
    $source `[` $offset `]` attr-dict `:` qualified(type($source)) `to`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // OPENCGC_DIALECT_CGC_CGCOPS_TD
