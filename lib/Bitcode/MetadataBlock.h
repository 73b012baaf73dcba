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

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace llvm {
class BitstreamWriter;
class MDNode;
class Metadata;
class Module;
class Type;
} // namespace llvm

namespace opencgc::bitcode {

class MetadataBlock {
public:
  MetadataBlock(const llvm::Module &module, const PointeeTypes &pointees,
                WriterErrors &errors);
  /// Interns the types of the values metadata names.
  void planTypes(PointeeInference &inference) const;
  void write(llvm::BitstreamWriter &stream, const ModuleValues &values,
             PointeeInference &inference) const;

private:
  /// A metadata item: a string, constant or tuple, or a null or undef
  /// pointer with the pointee the code generator gave (`pointee` set).
  struct Item {
    const llvm::Metadata *metadata;
    llvm::Type *pointee = nullptr;
  };

  void number(const llvm::Metadata *metadata);
  unsigned idOfOperand(const llvm::MDNode *node, unsigned operand) const;

  const llvm::Module &module;
  const PointeeTypes &pointees;
  WriterErrors &errors;
  llvm::DenseMap<std::pair<const llvm::Metadata *, llvm::Type *>, unsigned> ids;
  std::vector<Item> order;
};

/// A METADATA_BLOCK of METADATA_KIND records, as LLVM 3.7 writes the kinds
/// (later formats have a block of their own).
void writeMetadataKinds(llvm::BitstreamWriter &stream,
                        llvm::ArrayRef<llvm::StringRef> kinds);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_METADATABLOCK_H
