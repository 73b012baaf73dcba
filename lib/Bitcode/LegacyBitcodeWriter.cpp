//===- LegacyBitcodeWriter.cpp - LLVM 22 modules as typed-pointer bitcode -===//
//
// Plans everything first (value ids, metadata ids, every legacy type
// including the bitcasts typed pointers need), then writes the blocks in
// the order the 3.7-era writer did: identification (not in 3.7), then the
// module block with its attribute groups and lists (3.7), types, triple,
// data layout, globals, function prototypes, constants, metadata, the
// metadata kinds (3.7), the value symbol table and the function bodies.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Bitcode/LegacyBitcodeWriter.h"

#include "AttributeTable.h"
#include "ConstantsBlock.h"
#include "FunctionWriter.h"
#include "LegacyFlavour.h"
#include "MetadataBlock.h"
#include "RecordEncoding.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Module.h"

#include <memory>

using namespace llvm;

namespace opencgc::bitcode {
namespace {

template <typename Range> SmallVector<uint64_t> characters(const Range &text) {
  return SmallVector<uint64_t>(text.begin(), text.end());
}

unsigned encodeVisibility(const GlobalValue &global) {
  switch (global.getVisibility()) {
  case GlobalValue::DefaultVisibility:
    return 0;
  case GlobalValue::HiddenVisibility:
    return 1;
  case GlobalValue::ProtectedVisibility:
    return 2;
  }
  return 0;
}

class ModuleWriter {
public:
  ModuleWriter(const Module &module, const PointeeTypes &pointees,
               LegacyFlavour flavour, const LegacyBitcodeOptions &options)
      : module(module), pointees(pointees), flavour(getFlavourTraits(flavour)),
        options(options), inference(types, pointees, errors),
        attributes(module) {}

  Error write(SmallVectorImpl<char> &out);

private:
  void plan();
  void writeIdentification(BitstreamWriter &stream) const;
  void writeGlobalVariable(BitstreamWriter &stream,
                           const GlobalVariable &global);
  void writeGlobals(BitstreamWriter &stream);
  void writeValueSymbolTable(BitstreamWriter &stream) const;

  const Module &module;
  const PointeeTypes &pointees;
  const FlavourTraits &flavour;
  const LegacyBitcodeOptions &options;
  WriterErrors errors;
  LegacyTypeTable types{errors};
  PointeeInference inference;
  AttributeTable attributes;
  ModuleValues values;
  std::unique_ptr<MetadataBlock> metadata;
  std::vector<std::unique_ptr<FunctionWriter>> functions;
};

void ModuleWriter::plan() {
  values = numberModuleValues(module, pointees, errors);
  metadata = std::make_unique<MetadataBlock>(module, pointees, errors);
  planConstantTypes(values, inference);
  metadata->planTypes(inference);
  for (const Function &function : module) {
    inference.signatureOf(&function);
    if (function.isDeclaration())
      continue;
    functions.push_back(std::make_unique<FunctionWriter>(
        function, values, inference, types, flavour, errors));
    functions.back()->plan();
  }
}

void ModuleWriter::writeIdentification(BitstreamWriter &stream) const {
  if (flavour.producer.empty())
    return;
  stream.EnterSubblock(bitc::IDENTIFICATION_BLOCK_ID, 5);
  stream.EmitRecord(bitc::IDENTIFICATION_CODE_STRING,
                    characters(flavour.producer));
  SmallVector<uint64_t, 1> epoch = {bitc::BITCODE_CURRENT_EPOCH};
  stream.EmitRecord(bitc::IDENTIFICATION_CODE_EPOCH, epoch);
  stream.ExitBlock();
}

void ModuleWriter::writeGlobalVariable(BitstreamWriter &stream,
                                       const GlobalVariable &global) {
  if (global.isThreadLocal())
    errors.report("global @" + global.getName() +
                  ": thread-local globals are not written");
  unsigned initializer = global.hasInitializer()
                             ? values.ids.lookup(global.getInitializer()) + 1
                             : 0;
  // GLOBALVAR: [type, flags, initid, linkage, alignment, section,
  // visibility, threadlocal, unnamed_addr, ext_init]. The type is the
  // pointer type (no explicit-type bit), which every reader accepts, or,
  // as DXC writes it, the value type with explicit-type bit 1 and the
  // address space above it in the flags; DXC leaves the last four out when
  // they are defaults.
  uint64_t type = inference.typeOf(&global);
  uint64_t flags = global.isConstant();
  if (flavour.explicitMemoryTypes) {
    type = types.get(global.getValueType());
    flags |= 2 | uint64_t(global.getAddressSpace()) << 2;
  }
  SmallVector<uint64_t, 10> record = {type,
                                      flags,
                                      initializer,
                                      encodeLinkage(global),
                                      encodeAlignment(global.getAlign()),
                                      0,
                                      encodeVisibility(global),
                                      0,
                                      0,
                                      global.isExternallyInitialized()};
  if (flavour.explicitMemoryTypes &&
      llvm::all_of(llvm::drop_begin(record, 6),
                   [](uint64_t operand) { return operand == 0; }))
    record.resize(6);
  stream.EmitRecord(bitc::MODULE_CODE_GLOBALVAR, record);
}

void ModuleWriter::writeGlobals(BitstreamWriter &stream) {
  for (const GlobalVariable &global : module.globals())
    writeGlobalVariable(stream, global);
  for (const Function &function : module) {
    unsigned attributeList = flavour.writesFunctionAttributes
                                 ? attributes.getListOperand(function)
                                 : 0;
    // FUNCTION: [type, callingconv, isproto, linkage, paramattr,
    // alignment, section, visibility, gc, unnamed_addr], then zeros up to
    // the flavour's size (prologue data, DLL storage, comdat, prefix data,
    // personality in 3.7).
    SmallVector<uint64_t, 15> record = {inference.signatureOf(&function),
                                        function.getCallingConv(),
                                        function.isDeclaration(),
                                        encodeLinkage(function),
                                        attributeList,
                                        encodeAlignment(function.getAlign()),
                                        0,
                                        encodeVisibility(function),
                                        0,
                                        0};
    record.resize(std::max<size_t>(record.size(), flavour.functionRecordSize));
    stream.EmitRecord(bitc::MODULE_CODE_FUNCTION, record);
  }
}

void ModuleWriter::writeValueSymbolTable(BitstreamWriter &stream) const {
  stream.EnterSubblock(bitc::VALUE_SYMTAB_BLOCK_ID, 4);
  auto writeName = [&](const GlobalValue &global) {
    if (!global.hasName())
      return;
    SmallVector<uint64_t> record = {values.ids.lookup(&global)};
    record.append(global.getName().bytes_begin(), global.getName().bytes_end());
    stream.EmitRecord(bitc::VST_CODE_ENTRY, record);
  };
  for (const GlobalVariable &global : module.globals())
    writeName(global);
  for (const Function &function : module)
    writeName(function);
  stream.ExitBlock();
}

Error ModuleWriter::write(SmallVectorImpl<char> &out) {
  plan();
  if (errors.failed())
    return errors.take();
  size_t plannedTypes = types.size();
  BitstreamWriter stream(out);
  for (unsigned byte : {0x42u, 0x43u, 0xC0u, 0xDEu}) // 'B' 'C' 0xC0DE
    stream.Emit(byte, 8);
  writeIdentification(stream);
  stream.EnterSubblock(bitc::MODULE_BLOCK_ID, 3);
  SmallVector<uint64_t, 1> version = {flavour.moduleVersion};
  stream.EmitRecord(bitc::MODULE_CODE_VERSION, version);
  if (flavour.writesFunctionAttributes)
    attributes.write(stream);
  types.emit(stream);
  stream.EmitRecord(bitc::MODULE_CODE_TRIPLE,
                    characters(module.getTargetTriple().str()));
  stream.EmitRecord(bitc::MODULE_CODE_DATALAYOUT,
                    characters(options.dataLayout.empty()
                                   ? module.getDataLayoutStr()
                                   : options.dataLayout));
  writeGlobals(stream);
  writeConstantsBlock(stream, values, inference, types, errors);
  metadata->write(stream, values, inference);
  writeMetadataKinds(stream, flavour.metadataKinds);
  writeValueSymbolTable(stream);
  for (const std::unique_ptr<FunctionWriter> &function : functions)
    function->write(stream);
  stream.ExitBlock();
  if (types.size() != plannedTypes)
    errors.report("internal error: a type was needed after the type table "
                  "was written");
  return errors.take();
}

} // namespace

Error writeLegacyBitcode(const Module &module, const PointeeTypes &pointees,
                         LegacyFlavour flavour, SmallVectorImpl<char> &out,
                         const LegacyBitcodeOptions &options) {
  ModuleWriter writer(module, pointees, flavour, options);
  return writer.write(out);
}

} // namespace opencgc::bitcode
