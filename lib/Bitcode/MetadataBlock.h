//===- MetadataBlock.h - Named metadata and its nodes -----------*- C++ -*-===//
//
// The module-level METADATA_BLOCK: strings, constants and tuples reachable
// from named metadata (nvvm.annotations, nvvmir.version, dx.* in DXIL),
// numbered operands first. Instruction attachments and debug information
// are not written.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_METADATABLOCK_H
#define OPENCGC_LIB_BITCODE_METADATABLOCK_H

#include "ModuleValues.h"
#include "PointeeInference.h"

#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace llvm {
class BitstreamWriter;
class Metadata;
class Module;
} // namespace llvm

namespace opencgc::bitcode {

class MetadataBlock {
public:
  MetadataBlock(const llvm::Module &module, WriterErrors &errors);
  /// Interns the types of the values metadata names.
  void planTypes(PointeeInference &inference) const;
  void write(llvm::BitstreamWriter &stream, const ModuleValues &values,
             PointeeInference &inference) const;

private:
  void number(const llvm::Metadata *metadata);

  const llvm::Module &module;
  WriterErrors &errors;
  llvm::DenseMap<const llvm::Metadata *, unsigned> ids;
  std::vector<const llvm::Metadata *> order;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_METADATABLOCK_H
