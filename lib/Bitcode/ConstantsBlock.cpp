//===- ConstantsBlock.cpp - The module's constants ------------------------===//
//
// CONSTANTS_BLOCK records (LLVM bitcode format documentation): a SETTYPE
// before each run of constants of one type, aggregates and constant
// expressions naming their operands by absolute value id.
//
//===----------------------------------------------------------------------===//
#include "ConstantsBlock.h"
#include "RecordEncoding.h"

#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace opencgc::bitcode {
namespace {

std::string describe(const Value &value) {
  std::string text;
  raw_string_ostream os(text);
  value.print(os);
  return StringRef(text).trim().str();
}

class ConstantNumbering {
public:
  ConstantNumbering(ModuleValues &values, const PointeeTypes &pointees,
                    WriterErrors &errors)
      : values(values), pointees(pointees), errors(errors) {}

  void add(const Constant *constant) {
    if (values.ids.count(constant))
      return;
    if (isa<GlobalValue>(constant)) {
      errors.report("global " + constant->getName() +
                    " (an alias or ifunc) has no legacy bitcode form");
      return;
    }
    // A splat vector written as one ConstantInt/ConstantFP is an aggregate
    // of its element in the legacy format.
    if (constant->getType()->isVectorTy() &&
        (isa<ConstantInt>(constant) || isa<ConstantFP>(constant)))
      add(constant->getSplatValue());
    if (isa<ConstantExpr>(constant) || isa<ConstantAggregate>(constant))
      for (const Use &operand : constant->operands())
        add(cast<Constant>(operand.get()));
    values.add(constant);
    values.constants.push_back({constant});
  }

  void addOperands(const User &user) {
    for (const Use &operand : user.operands()) {
      if (const auto *constant = dyn_cast<Constant>(operand.get()))
        if (!isa<GlobalValue>(constant))
          add(constant);
      if (const auto *assembly = dyn_cast<InlineAsm>(operand.get()))
        addInlineAsm(assembly);
    }
    forEachImpliedConstant(&user, [&](const Constant *c) { add(c); });
  }

  void addMetadata(const MDNode *node) {
    if (!visitedNodes.insert(node).second)
      return;
    for (unsigned i = 0, e = node->getNumOperands(); i < e; ++i) {
      const Metadata *operand = node->getOperand(i);
      if (const auto *value = dyn_cast_or_null<ConstantAsMetadata>(operand)) {
        if (Type *pointee = pointees.getMetadataOperand(node, i))
          addTyped(i, value->getValue(), pointee);
        else if (!isa<GlobalValue>(value->getValue()))
          add(value->getValue());
      }
      if (const auto *child = dyn_cast_or_null<MDNode>(operand))
        addMetadata(child);
    }
  }

private:
  void addInlineAsm(const InlineAsm *assembly) {
    if (values.ids.count(assembly))
      return;
    values.add(assembly);
    values.constants.push_back({assembly});
  }

  /// A null or undef pointer with the pointee metadata gave it: one
  /// constant per (value, pointee), shared by the operands naming it.
  void addTyped(unsigned operand, const Constant *value, Type *pointee) {
    if (!value->getType()->isPointerTy() ||
        !(isa<UndefValue>(value) || isa<ConstantPointerNull>(value))) {
      errors.report("metadata operand " + Twine(operand) +
                    " was given a pointee type, but it is " + describe(*value) +
                    ", not a null or undef pointer");
      return;
    }
    auto [found, inserted] =
        values.typedConstants.try_emplace({value, pointee}, values.count);
    if (!inserted)
      return;
    ++values.count;
    values.constants.push_back({value, pointee});
  }

  ModuleValues &values;
  const PointeeTypes &pointees;
  WriterErrors &errors;
  DenseSet<const MDNode *> visitedNodes;
};

/// The record of a constant that is not a constant expression.
bool writeSimpleConstant(const Constant *constant, const ModuleValues &values,
                         SmallVectorImpl<uint64_t> &record, unsigned &code) {
  if (isa<UndefValue>(constant)) { // undef and poison (LLVM 12)
    code = bitc::CST_CODE_UNDEF;
    return true;
  }
  if (isa<ConstantPointerNull>(constant) ||
      isa<ConstantAggregateZero>(constant)) {
    code = bitc::CST_CODE_NULL;
    return true;
  }
  if (constant->getType()->isVectorTy() &&
      (isa<ConstantInt>(constant) || isa<ConstantFP>(constant))) {
    code = bitc::CST_CODE_AGGREGATE;
    unsigned element = values.ids.lookup(constant->getSplatValue());
    record.assign(cast<FixedVectorType>(constant->getType())->getNumElements(),
                  element);
    return true;
  }
  if (const auto *integer = dyn_cast<ConstantInt>(constant)) {
    if (integer->getBitWidth() > 64)
      return false;
    code = bitc::CST_CODE_INTEGER;
    record.push_back(encodeSignedInteger(integer->getSExtValue()));
    return true;
  }
  if (const auto *fp = dyn_cast<ConstantFP>(constant)) {
    Type *type = fp->getType();
    if (!type->isHalfTy() && !type->isFloatTy() && !type->isDoubleTy())
      return false;
    code = bitc::CST_CODE_FLOAT;
    record.push_back(fp->getValueAPF().bitcastToAPInt().getZExtValue());
    return true;
  }
  if (const auto *data = dyn_cast<ConstantDataSequential>(constant)) {
    code = bitc::CST_CODE_DATA;
    for (unsigned i = 0, e = data->getNumElements(); i < e; ++i)
      record.push_back(
          data->getElementType()->isIntegerTy()
              ? data->getElementAsInteger(i)
              : data->getElementAsAPFloat(i).bitcastToAPInt().getZExtValue());
    return true;
  }
  if (isa<ConstantAggregate>(constant)) {
    code = bitc::CST_CODE_AGGREGATE;
    for (const Use &operand : constant->operands())
      record.push_back(values.ids.lookup(operand.get()));
    return true;
  }
  return false;
}

bool writeConstantExpression(const ConstantExpr *expression,
                             const ModuleValues &values,
                             PointeeInference &inference,
                             LegacyTypeTable &types, WriterErrors &errors,
                             SmallVectorImpl<uint64_t> &record,
                             unsigned &code) {
  auto idOf = [&](const Value *value) { return values.ids.lookup(value); };
  if (std::optional<unsigned> cast = encodeCast(expression->getOpcode())) {
    code = bitc::CST_CODE_CE_CAST;
    const Value *operand = expression->getOperand(0);
    record.append({*cast, inference.typeOf(operand), idOf(operand)});
    return true;
  }
  if (std::optional<unsigned> binary =
          encodeBinaryOperator(expression->getOpcode())) {
    code = bitc::CST_CODE_CE_BINOP;
    record.append({*binary, idOf(expression->getOperand(0)),
                   idOf(expression->getOperand(1))});
    return true;
  }
  if (const auto *gep = dyn_cast<GEPOperator>(expression)) {
    unsigned source = types.get(gep->getSourceElementType());
    const Value *base = gep->getPointerOperand();
    if (inference.typeOf(base) !=
        types.getPointer(source, gep->getPointerAddressSpace()))
      errors.report("constant " + describe(*expression) +
                    ": its base does not point to its source element type");
    code = gep->isInBounds() ? bitc::CST_CODE_CE_INBOUNDS_GEP
                             : bitc::CST_CODE_CE_GEP_OLD;
    // [pointee type, (type, value) x N]: the odd length marks the type.
    record.push_back(source);
    for (const Use &operand : gep->operands())
      record.append({inference.typeOf(operand.get()), idOf(operand.get())});
    return true;
  }
  return false;
}

/// LLVM 7's INLINEASM record: [sideeffect | alignstack << 1 | dialect << 2,
/// assembly length, its characters, constraints length, their characters].
void writeInlineAsm(const InlineAsm &assembly,
                    SmallVectorImpl<uint64_t> &record, unsigned &code) {
  code = bitc::CST_CODE_INLINEASM_OLD2;
  record.push_back(unsigned(assembly.hasSideEffects()) |
                   unsigned(assembly.isAlignStack()) << 1 |
                   unsigned(assembly.getDialect() & 1) << 2);
  for (StringRef text : {StringRef(assembly.getAsmString()),
                         StringRef(assembly.getConstraintString())}) {
    record.push_back(text.size());
    record.append(text.begin(), text.end());
  }
}

} // namespace

ModuleValues numberModuleValues(const Module &module,
                                const PointeeTypes &pointees,
                                WriterErrors &errors) {
  ModuleValues values;
  for (const GlobalVariable &global : module.globals())
    values.add(&global);
  for (const Function &function : module)
    values.add(&function);
  if (!module.alias_empty() || !module.ifunc_empty())
    errors.report("aliases and ifuncs have no legacy bitcode form here");
  ConstantNumbering numbering(values, pointees, errors);
  for (const GlobalVariable &global : module.globals())
    if (global.hasInitializer())
      numbering.add(global.getInitializer());
  for (const Function &function : module)
    for (const BasicBlock &block : function)
      for (const Instruction &instruction : block)
        numbering.addOperands(instruction);
  for (const NamedMDNode &named : module.named_metadata())
    for (const MDNode *node : named.operands())
      numbering.addMetadata(node);
  return values;
}

unsigned typeOfConstant(const ModuleConstant &constant,
                        PointeeInference &inference) {
  if (!constant.pointee)
    return inference.typeOf(constant.constant);
  return inference.pointerTo(
      constant.pointee, constant.constant->getType()->getPointerAddressSpace());
}

void planConstantTypes(const ModuleValues &values,
                       PointeeInference &inference) {
  for (const Value *value : values.inOrder)
    inference.typeOf(value);
  for (const ModuleConstant &entry : values.constants) {
    typeOfConstant(entry, inference);
    const auto *constant = dyn_cast<Constant>(entry.constant);
    if (!constant)
      continue;
    for (const Use &operand : constant->operands())
      inference.typeOf(operand.get());
    if (const auto *gep = dyn_cast<GEPOperator>(constant))
      inference.pointeeOf(gep); // interns the source element type's pointer
  }
}

void writeConstantsBlock(BitstreamWriter &stream, const ModuleValues &values,
                         PointeeInference &inference, LegacyTypeTable &types,
                         WriterErrors &errors) {
  if (values.constants.empty())
    return;
  stream.EnterSubblock(bitc::CONSTANTS_BLOCK_ID, 4);
  std::optional<unsigned> currentType;
  for (const ModuleConstant &entry : values.constants) {
    const Value *value = entry.constant;
    unsigned type = typeOfConstant(entry, inference);
    if (type != currentType) {
      SmallVector<uint64_t, 1> setType = {type};
      stream.EmitRecord(bitc::CST_CODE_SETTYPE, setType);
      currentType = type;
    }
    SmallVector<uint64_t, 8> record;
    unsigned code = 0;
    bool written = true;
    if (const auto *assembly = dyn_cast<InlineAsm>(value))
      writeInlineAsm(*assembly, record, code);
    else if (const auto *expression = dyn_cast<ConstantExpr>(value))
      written = writeConstantExpression(expression, values, inference, types,
                                        errors, record, code);
    else
      written =
          writeSimpleConstant(cast<Constant>(value), values, record, code);
    if (!written) {
      errors.report("constant " + describe(*value) +
                    " has no legacy bitcode form");
      code = bitc::CST_CODE_UNDEF;
      record.clear();
    }
    stream.EmitRecord(code, record);
  }
  stream.ExitBlock();
}

} // namespace opencgc::bitcode
