//===- CGCBase.td - The cgc dialect ------------------------*- tablegen -*-===//
//
// The `cgc` dialect holds the foundational elements of the CGC IRs: data
// types, memory views, and the structural ops of Input IR (cgc.module,
// cgc.entry_point) and Output IR (cgc.program, cgc.partition, cgc.subgraph).
// Spelling follows the D3D12 MLIR programs specification, section "DXCGC".
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGC_CGCBASE_TD
#define OPENCGC_DIALECT_CGC_CGCBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def CGC_Dialect : Dialect {
  let name = "cgc";
  let cppNamespace = "::opencgc::cgc";
  let summary = "Foundational types and structure of the CGC IRs";
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class CGC_Op<string mnemonic, list<Trait> traits = []>
    : Op<CGC_Dialect, mnemonic, traits>;

#endif // OPENCGC_DIALECT_CGC_CGCBASE_TD
