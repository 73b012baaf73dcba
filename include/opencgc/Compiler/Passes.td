//===- Passes.td - The compiler's stages as MLIR passes ------*- tablegen -*-===//
//
// `opencgc compile` runs these passes, in this order, through a pass
// manager; `opencgc-opt --pass-pipeline=...` runs any prefix of them
// (docs/compiler.md, "The pipeline").
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_COMPILER_PASSES
#define OPENCGC_COMPILER_PASSES

include "mlir/Pass/PassBase.td"

def PrepareEntryPoint
    : Pass<"cgc-prepare-entry-point", "::opencgc::cgc::ModuleOp"> {
  let summary = "Erase unused layers and give every returned value a "
                "producer of its own";
  let description = [{
    The first stage of compiling CGC Input IR. The module must hold exactly
    one `cgc.entry_point` that returns something. Layers whose results
    nobody uses are erased (they compute nothing the program returns), and
    every returned value that is an argument, a constant, or returned twice
    gets a copy (a `cgc_op.reshape` to its own shape), because every
    program output is written by a subgraph into its own output buffer.
  }];
  let dependentDialects = ["::opencgc::cgc_op::CGCOpDialect"];
}

def CompileToOutputIR
    : Pass<"cgc-compile-to-output-ir", "::opencgc::cgc::ModuleOp"> {
  let summary = "CGC Input IR to CGC Output IR: subgraph formation, "
                "partitioning, memory planning and scheduling";
  let description = [{
    Replaces the module's Input IR by Output IR (`cgc.program` >
    `cgc.partition` > `cgc.subgraph`). The target named by `target` (a
    device of the registry, `opencgc devices`) is asked for its subgraph
    patterns through the device API's MLIR exchange and for a verdict on
    each subgraph; the reference device takes the rest. Subgraphs are
    grouped into partitions, intermediates are placed in one scratch buffer
    and the schedule's dependencies are recorded on each `cgc.invoke`
    (docs/compiler.md). The four steps share one in-memory graph, so they
    are one pass until each has an IR form of its own.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Device whose patterns are asked for (default: vulkan, or the "
           "reference device alone where Vulkan cannot be opened)">,
    Option<"declarations", "declarations", "std::string", /*default=*/"\"\"",
           "The test target's cgc_pattern declaration file">,
    Option<"partitioning", "partition", "std::string",
           /*default=*/"\"coarse\"",
           "fine (one subgraph per partition) or coarse (the largest "
           "acyclic partitions per target)">,
    Option<"alignment", "alignment", "uint64_t", /*default=*/"0",
           "Byte alignment of scratch views, a power of two (0: the "
           "largest binding alignment of the targets)">,
    Option<"inPlace", "in-place", "bool", /*default=*/"true",
           "Let an elementwise subgraph write over an input that dies "
           "with it">,
    Option<"borrowOutputs", "borrow-outputs", "bool", /*default=*/"true",
           "Let intermediates live in an output buffer before that "
           "output is written">,
    Option<"reshapeViews", "reshape-views", "bool", /*default=*/"true",
           "Make a reshape of an intermediate a view of its source">,
    Option<"placeConcatInputs", "place-concat-inputs", "bool",
           /*default=*/"true",
           "Let a concat's producers write their slices of its result">,
    Option<"reportRejections", "report-rejections", "bool",
           /*default=*/"false",
           "Print each specialization a target rejected, and why">,
  ];
}

#endif // OPENCGC_COMPILER_PASSES
