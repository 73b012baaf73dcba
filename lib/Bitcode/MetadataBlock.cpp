//===- MetadataBlock.cpp - Named metadata and its nodes -------------------===//
//
// Records of the LLVM 3.6-and-later metadata block: METADATA_STRING_OLD
// (one record per string, which every later reader still accepts),
// METADATA_VALUE [type, value], METADATA_NODE [metadata id + 1, 0 = null],
// METADATA_NAME then METADATA_NAMED_NODE [metadata ids].
//
//===----------------------------------------------------------------------===//
#include "MetadataBlock.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::bitcode {

MetadataBlock::MetadataBlock(const Module &module, WriterErrors &errors)
    : module(module), errors(errors) {
  for (const NamedMDNode &named : module.named_metadata())
    for (const MDNode *node : named.operands())
      number(node);
}

void MetadataBlock::number(const Metadata *metadata) {
  if (!metadata || ids.count(metadata))
    return;
  if (const auto *node = dyn_cast<MDNode>(metadata)) {
    if (!isa<MDTuple>(node)) {
      errors.report("metadata other than tuples, strings and constants "
                    "(debug information) is not written");
      return;
    }
    for (const MDOperand &operand : node->operands())
      number(operand.get());
  } else if (!isa<MDString>(metadata) && !isa<ConstantAsMetadata>(metadata)) {
    errors.report("function-local metadata is not written");
    return;
  }
  ids[metadata] = order.size();
  order.push_back(metadata);
}

void MetadataBlock::planTypes(PointeeInference &inference) const {
  for (const Metadata *metadata : order)
    if (const auto *value = dyn_cast<ConstantAsMetadata>(metadata))
      inference.typeOf(value->getValue());
}

void MetadataBlock::write(BitstreamWriter &stream, const ModuleValues &values,
                          PointeeInference &inference) const {
  if (order.empty())
    return;
  stream.EnterSubblock(bitc::METADATA_BLOCK_ID, 3);
  SmallVector<uint64_t, 16> record;
  for (const Metadata *metadata : order) {
    record.clear();
    if (const auto *string = dyn_cast<MDString>(metadata)) {
      record.append(string->getString().bytes_begin(),
                    string->getString().bytes_end());
      stream.EmitRecord(bitc::METADATA_STRING_OLD, record);
    } else if (const auto *value = dyn_cast<ConstantAsMetadata>(metadata)) {
      record.append({inference.typeOf(value->getValue()),
                     values.ids.lookup(value->getValue())});
      stream.EmitRecord(bitc::METADATA_VALUE, record);
    } else {
      const auto *node = cast<MDNode>(metadata);
      for (const MDOperand &operand : node->operands())
        record.push_back(operand ? ids.lookup(operand.get()) + 1 : 0);
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
      record.push_back(ids.lookup(node));
    stream.EmitRecord(bitc::METADATA_NAMED_NODE, record);
  }
  stream.ExitBlock();
}

} // namespace opencgc::bitcode
