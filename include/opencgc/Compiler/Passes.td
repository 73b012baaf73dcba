//===- Passes.td - The compiler's stages as MLIR passes ------*- tablegen -*-===//
//
// `opencgc compile` runs these passes, in this order, through a pass
// manager (the pipeline `cgc-compile`); `opencgc-opt` runs any prefix of
// them (docs/compiler.md, "The pipeline"). Each stage leaves its decisions
// in the entry point's `cgc.compilation` attribute for the next.
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

// The options of the passes that ask targets: both must name the same
// ones (the pipeline `cgc-compile` opens them once for both).
defvar TargetOptions = [
  Option<"target", "target", "std::string", /*default=*/"\"\"",
         "Device whose patterns are asked for (default: vulkan, or the "
         "reference device alone where Vulkan cannot be opened)">,
  Option<"declarations", "declarations", "std::string", /*default=*/"\"\"",
         "The test target's cgc_pattern declaration file">,
];

def PlaceViews : Pass<"cgc-place-views", "::opencgc::cgc::ModuleOp"> {
  let summary = "Place reshapes and concat inputs in the memory of another "
                "value, so that no kernel moves their bytes";
  let description = [{
    A reshape of an intermediate becomes a view of its source; the
    producers of a concat's inputs write their slices of its result where
    the slices are contiguous and start at a multiple of the alignment.
    Records the views and the resolved alignment in the entry point's
    `cgc.compilation` attribute (docs/compiler.md, "The pipeline").
  }];
  let options = TargetOptions # [
    Option<"alignment", "alignment", "uint64_t", /*default=*/"0",
           "Byte alignment of scratch views, a power of two (0: the "
           "largest binding alignment of the targets)">,
    Option<"reshapeViews", "reshape-views", "bool", /*default=*/"true",
           "Make a reshape of an intermediate a view of its source">,
    Option<"placeConcatInputs", "place-concat-inputs", "bool",
           /*default=*/"true",
           "Let a concat's producers write their slices of its result">,
  ];
}

def FormSubgraphs : Pass<"cgc-form-subgraphs", "::opencgc::cgc::ModuleOp"> {
  let summary = "Match the targets' subgraph patterns and ask each target "
                "to specialize its matches";
  let description = [{
    The specification's subgraph transformations: each target is asked for
    its declared patterns through the device API's MLIR exchange, matches
    become subgraph requests, and the subgraphs a target accepts are kept
    beside the entry point (`cgc.subgraph` ops marked `cgc.node`); the
    reference device takes the rest. Records the nodes in
    `cgc.compilation`.
  }];
  let options = TargetOptions # [
    Option<"reportRejections", "report-rejections", "bool",
           /*default=*/"false",
           "Print each specialization a target rejected, and why">,
    ListOption<"excludedPatterns", "exclude-patterns", "std::string",
               "Target patterns never matched, by name (the fallback's "
               "always are)">,
  ];
}

def Partition : Pass<"cgc-partition", "::opencgc::cgc::ModuleOp"> {
  let summary = "Group the subgraph nodes into partitions of one target "
                "each, in execution order";
  let options = [
    Option<"partitioning", "partition", "std::string",
           /*default=*/"\"coarse\"",
           "fine (one subgraph per partition) or coarse (the largest "
           "acyclic partitions per target)">,
  ];
}

def PlanMemory : Pass<"cgc-plan-memory", "::opencgc::cgc::ModuleOp"> {
  let summary = "Give every value a home: an application buffer or an "
                "offset in one scratch buffer";
  let options = [
    Option<"inPlace", "in-place", "bool", /*default=*/"true",
           "Let an elementwise subgraph write over an input that dies "
           "with it">,
    Option<"borrowOutputs", "borrow-outputs", "bool", /*default=*/"true",
           "Let intermediates live in an output buffer before that "
           "output is written">,
  ];
}

def Schedule : Pass<"cgc-schedule", "::opencgc::cgc::ModuleOp"> {
  let summary = "Record which earlier invocations and partitions each must "
                "wait for";
  let description = [{
    Data dependencies plus the write-after-read and write-after-write
    dependencies that memory reuse creates, transitively reduced.
  }];
}

def BuildOutputIR : Pass<"cgc-build-output-ir", "::opencgc::cgc::ModuleOp"> {
  let summary = "Replace the scheduled Input IR by CGC Output IR";
  let description = [{
    Emits `cgc.subgraph`, `cgc.partition` and `cgc.program` ops in the
    specification's hierarchy from the state the earlier passes recorded,
    and verifies them. The Input IR is gone afterwards.
  }];
}

#endif // OPENCGC_COMPILER_PASSES
