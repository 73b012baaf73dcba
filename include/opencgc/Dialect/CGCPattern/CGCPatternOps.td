//===- CGCPatternOps.td - The cgc_pattern dialect ----------*- tablegen -*-===//
//
// The declarative language in which a target answers a
// CGC_SUBGRAPH_DECLARATION_REQUEST: the subgraph patterns it implements
// (docs/patterns.md). A pattern is a DAG of value, op and chain nodes
// yielding one value; the matcher (lib/Compiler/Patterns) walks it backward
// from the yielded value over CGC Input IR.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_TD
#define OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"

def CGCPattern_Dialect : Dialect {
  let name = "cgc_pattern";
  let cppNamespace = "::opencgc::cgc_pattern";
  let summary = "Subgraph patterns a compiler target declares";
  // Op names in patterns are checked against the registered cgc_op ops.
  let dependentDialects = ["::opencgc::cgc::CGCDialect",
                           "::opencgc::cgc_op::CGCOpDialect"];
  let useDefaultTypePrinterParser = 1;
  // Constraints are plain attributes so the custom parsers can read them
  // from the attribute dictionary.
  let usePropertiesForAttributes = 0;
}

def CGCPattern_ValueType : TypeDef<CGCPattern_Dialect, "Value"> {
  let mnemonic = "value";
  let summary = "A value of a pattern: stands for one SSA value of Input IR";
}

class CGCPattern_Op<string mnemonic, list<Trait> traits = []>
    : Op<CGCPattern_Dialect, mnemonic, traits>;

// Constraints on the matched value (or on every result of the matched op).
// Op and chain also take `attributes`, a dictionary the matched op's
// attributes must equal; it is not declared here because ODS reserves the
// accessor name, and the verifiers check it.
defvar ValueConstraints = (ins
    OptionalAttr<StrArrayAttr>:$dtypes,
    OptionalAttr<I64ArrayAttr>:$rank,
    OptionalAttr<I64ArrayAttr>:$shape,
    OptionalAttr<I64Attr>:$max_elements,
    OptionalAttr<I64Attr>:$alignment);

def CGCPattern_DeclarationOp : CGCPattern_Op<"declaration", [
    HasParent<"::opencgc::cgc::ModuleOp">, IsolatedFromAbove,
    NoRegionArguments, NoTerminator, SingleBlock, Symbol, SymbolTable]> {
  let summary = "The patterns one target implements; the symbol names it";
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def CGCPattern_PatternOp : CGCPattern_Op<"pattern", [
    HasParent<"DeclarationOp">, IsolatedFromAbove, NoRegionArguments,
    SingleBlock, Symbol]> {
  let summary = "One subgraph pattern: a DAG yielding its root value";
  let description = [{
    `benefit` ranks patterns matching at the same root (higher wins);
    `multi_output` lets values defined inside a match be used outside it.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       DefaultValuedAttr<I64Attr, "1">:$benefit,
                       UnitAttr:$multi_output);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def CGCPattern_ValueOp : CGCPattern_Op<"value"> {
  let summary = "Any SSA value (a subgraph input), optionally constrained";
  let arguments = !con((ins UnitAttr:$constant), ValueConstraints);
  let results = (outs CGCPattern_ValueType:$result);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def CGCPattern_OpOp : CGCPattern_Op<"op"> {
  let summary = "One cgc_op op, chosen by name or by class";
  let description = [{
    `cgc_pattern.op ["convolution", "matmul"](%a, %b)` or
    `cgc_pattern.op class "reduction" (%a)`. Without an operand list the op
    may have any operands, all of which become subgraph inputs.
  }];
  let arguments = !con((ins Variadic<CGCPattern_ValueType>:$operands,
                            OptionalAttr<StrArrayAttr>:$ops,
                            OptionalAttr<StrAttr>:$op_class,
                            UnitAttr:$any_operands,
                            UnitAttr:$commutative),
                       ValueConstraints);
  let results = (outs CGCPattern_ValueType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CGCPattern_ChainOp : CGCPattern_Op<"chain"> {
  let summary = "A chain of min..max ops of one class (or name list)";
  let description = [{
    Each op of the chain takes the previous one's result as one of its
    operands; its other operands become subgraph inputs. The chain starts
    at `start` (or at any value when it has none) and prefers the longest
    match.
  }];
  let arguments = !con((ins Optional<CGCPattern_ValueType>:$start,
                            OptionalAttr<StrArrayAttr>:$ops,
                            OptionalAttr<StrAttr>:$op_class,
                            DefaultValuedAttr<I64Attr, "0">:$min,
                            OptionalAttr<I64Attr>:$max),
                       ValueConstraints);
  let results = (outs CGCPattern_ValueType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CGCPattern_YieldOp : CGCPattern_Op<"yield", [
    HasParent<"PatternOp">, Terminator]> {
  let summary = "The root of a pattern: the one value the match computes";
  let arguments = (ins Variadic<CGCPattern_ValueType>:$values);
  let assemblyFormat = "attr-dict ($values^)?";
}

#endif // OPENCGC_DIALECT_CGCPATTERN_CGCPATTERNOPS_TD
