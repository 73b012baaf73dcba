//===- MetadataBlock.cpp - Named metadata and its nodes -------------------===//
//
// Records of the LLVM 3.6-and-later metadata block: METADATA_STRING_OLD
// (one record per string, which every later reader still accepts),
// METADATA_VALUE [type, value], METADATA_NODE [metadata id + 1, 0 = null],
// METADATA_NAME then METADATA_NAMED_NODE [metadata ids]; METADATA_KIND
// [id, name] in a block of their own for LLVM 3.7.
//
//===----------------------------------------------------------------------===//
#include "MetadataBlock.h"
#include "ConstantsBlock.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::bitcode {

MetadataBlock::MetadataBlock(const Module &module, const PointeeTypes &pointees,
                             WriterErrors &errors)
    : module(module), pointees(pointees), errors(errors) {
  for (const NamedMDNode &named : module.named_metadata())
    for (const MDNode *node : named.operands())
      number(node);
}

void MetadataBlock::number(const Metadata *metadata) {
  if (!metadata || ids.count({metadata, nullptr}))
    return;
  if (const auto *node = dyn_cast<MDNode>(metadata)) {
    if (!isa<MDTuple>(node)) {
      errors.report("metadata other than tuples, strings and constants "
                    "(debug information) is not written");
      return;
    }
    for (unsigned i = 0, e = node->getNumOperands(); i < e; ++i) {
      const Metadata *operand = node->getOperand(i);
      Type *pointee = pointees.getMetadataOperand(node, i);
      if (pointee && isa_and_nonnull<ConstantAsMetadata>(operand)) {
        if (ids.try_emplace({operand, pointee}, order.size()).second)
          order.push_back({operand, pointee});
        continue;
      }
      number(operand);
    }
  } else if (!isa<MDString>(metadata) && !isa<ConstantAsMetadata>(metadata)) {
    errors.report("function-local metadata is not written");
    return;
  }
  ids[{metadata, nullptr}] = order.size();
  order.push_back({metadata});
}

unsigned MetadataBlock::idOfOperand(const MDNode *node,
                                    unsigned operand) const {
  const Metadata *metadata = node->getOperand(operand);
  Type *pointee = pointees.getMetadataOperand(node, operand);
  auto found = ids.find({metadata, pointee});
  if (found == ids.end())
    found = ids.find({metadata, nullptr});
  return found == ids.end() ? 0 : found->second;
}

void MetadataBlock::planTypes(PointeeInference &inference) const {
  for (const Item &item : order)
    if (const auto *value = dyn_cast<ConstantAsMetadata>(item.metadata))
      typeOfConstant({value->getValue(), item.pointee}, inference);
}

void MetadataBlock::write(BitstreamWriter &stream, const ModuleValues &values,
                          PointeeInference &inference) const {
  if (order.empty())
    return;
  stream.EnterSubblock(bitc::METADATA_BLOCK_ID, 3);
  SmallVector<uint64_t, 16> record;
  for (const Item &item : order) {
    record.clear();
    const Metadata *metadata = item.metadata;
    if (const auto *string = dyn_cast<MDString>(metadata)) {
      record.append(string->getString().bytes_begin(),
                    string->getString().bytes_end());
      stream.EmitRecord(bitc::METADATA_STRING_OLD, record);
    } else if (const auto *value = dyn_cast<ConstantAsMetadata>(metadata)) {
      unsigned id =
          item.pointee
              ? values.typedConstants.lookup({value->getValue(), item.pointee})
              : values.ids.lookup(value->getValue());
      record.append(
          {typeOfConstant({value->getValue(), item.pointee}, inference), id});
      stream.EmitRecord(bitc::METADATA_VALUE, record);
    } else {
      const auto *node = cast<MDNode>(metadata);
      for (unsigned i = 0, e = node->getNumOperands(); i < e; ++i)
        record.push_back(node->getOperand(i) ? idOfOperand(node, i) + 1 : 0);
      stream.EmitRecord(node->isDistinct() ? bitc::METADATA_DISTINCT_NODE
                                           : bitc::METADATA_NODE,
                        record);
    }
  }
  for (const NamedMDNode &named : module.named_metadata()) {
    record.assign(named.getName().bytes_begin(), named.getName().bytes_end());
    stream.EmitRecord(bitc::METADATA_NAME, record);
    record.clear();
    for (const MDNode *node : named.operands())
      record.push_back(ids.lookup({node, nullptr}));
    stream.EmitRecord(bitc::METADATA_NAMED_NODE, record);
  }
  stream.ExitBlock();
}

void writeMetadataKinds(BitstreamWriter &stream, ArrayRef<StringRef> kinds) {
  if (kinds.empty())
    return;
  stream.EnterSubblock(bitc::METADATA_BLOCK_ID, 3);
  SmallVector<uint64_t, 32> record;
  for (unsigned id = 0; id < kinds.size(); ++id) {
    record.assign(1, id);
    record.append(kinds[id].bytes_begin(), kinds[id].bytes_end());
    stream.EmitRecord(bitc::METADATA_KIND, record);
  }
  stream.ExitBlock();
}

} // namespace opencgc::bitcode
