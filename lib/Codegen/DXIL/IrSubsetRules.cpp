//===- IrSubsetRules.cpp - The LLVM IR subset DXIL allows -----------------===//
//
// DXIL.rst "Operations via instructions" (the allowed instructions), the
// type sections ("Primitive Types", "Vectors", "Arrays", "User-defined
// types") and the TYPES.*, INSTR.* and META.* rules on them; the list of
// instruction metadata and named metadata is DXC's (reference 2.2).
//
//===----------------------------------------------------------------------===//
#include "DxilCalls.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

constexpr const char *kTypes = "DXIL.rst Primitive Types, Vectors, Arrays";
constexpr const char *kInstructions = "DXIL.rst Operations via instructions";

bool isAllowedInstruction(unsigned opcode) {
  switch (opcode) {
  case Instruction::Ret:
  case Instruction::Br:
  case Instruction::Switch:
  case Instruction::Add:
  case Instruction::FAdd:
  case Instruction::Sub:
  case Instruction::FSub:
  case Instruction::Mul:
  case Instruction::FMul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::FDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::FRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Alloca:
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::GetElementPtr:
  case Instruction::AtomicCmpXchg:
  case Instruction::AtomicRMW:
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::ICmp:
  case Instruction::FCmp:
  case Instruction::PHI:
  case Instruction::Call:
  case Instruction::Select:
  case Instruction::ExtractValue:
    return true;
  default:
    return false;
  }
}

bool containsType(Type *type, function_ref<bool(Type *)> predicate) {
  if (predicate(type))
    return true;
  return llvm::any_of(type->subtypes(), [&](Type *element) {
    return containsType(element, predicate);
  });
}

bool isMultiDimensional(Type *type) {
  return containsType(type, [](Type *t) {
    return t->isArrayTy() && t->getArrayElementType()->isArrayTy();
  });
}

class InstructionChecker {
public:
  explicit InstructionChecker(DxilReport &report) : report(report) {}

  void check(const Function &function, const Instruction &instruction) {
    where =
        ("@" + function.getName() + ": " + instruction.getOpcodeName()).str();
    if (!isAllowedInstruction(instruction.getOpcode()))
      report.error("INSTR.ALLOWED", kInstructions,
                   where + " is not an instruction DXIL allows");
    checkValueType(instruction.getType());
    for (const Value *operand : instruction.operands())
      checkValueType(operand->getType());
    checkMemoryTypes(instruction);
    checkBytes(instruction);
    checkCall(instruction);
    checkStructs(instruction);
    checkDivision(instruction);
    checkAtomic(instruction);
    checkMetadata(instruction);
  }

private:
  void checkValueType(Type *type) {
    if (containsType(type, [](Type *t) { return t->isVectorTy(); }))
      report.error("TYPES.NOVECTOR", kTypes, where + " uses a vector type");
    if (containsType(type, [](Type *t) {
          unsigned width = t->isIntegerTy() ? t->getIntegerBitWidth() : 8;
          return width != 1 && width != 8 && width != 16 && width != 32 &&
                 width != 64;
        }))
      report.error("TYPES.INTWIDTH", kTypes,
                   where + " uses an integer of invalid width");
    if (containsType(type, [](Type *t) {
          return (t->isFloatingPointTy() && !t->isHalfTy() && !t->isFloatTy() &&
                  !t->isDoubleTy()) ||
                 t->isTokenTy() || t->isTargetExtTy() || t->isX86_AMXTy() ||
                 t->isFunctionTy();
        }))
      report.error("TYPES.DEFINED", kTypes,
                   where + " uses a type that is not a DXIL primitive");
    // The one structure holding a pointer is the handle (DXIL.rst "Resource
    // handles").
    auto *structure = dyn_cast<StructType>(type);
    if (structure && !isHandleType(structure) &&
        containsType(type, [](Type *t) { return t->isPointerTy(); }))
      report.error("TYPES.NOPTRTOPTR", kTypes,
                   where + " uses a structure that holds a pointer");
  }

  static bool isHandleType(const StructType *type) {
    return type->hasName() && type->getName().starts_with("dx.types.Handle");
  }

  /// Types of memory: allocas, loaded and stored values, GEP sources.
  void checkMemoryTypes(const Instruction &instruction) {
    Type *memory = nullptr;
    if (auto *alloca = dyn_cast<AllocaInst>(&instruction))
      memory = alloca->getAllocatedType();
    else if (auto *gep = dyn_cast<GetElementPtrInst>(&instruction))
      memory = gep->getSourceElementType();
    else if (isa<LoadInst>(instruction))
      memory = instruction.getType();
    else if (auto *store = dyn_cast<StoreInst>(&instruction))
      memory = store->getValueOperand()->getType();
    if (!memory)
      return;
    if (isMultiDimensional(memory))
      report.error("TYPES.NOMULTIDIM", kTypes,
                   where + " uses a multi-dimensional array");
    if (containsType(memory, [](Type *t) { return t->isPointerTy(); }))
      report.error("TYPES.NOPTRTOPTR", kTypes,
                   where + " stores pointers in memory");
  }

  /// i8 appears only as an immediate of a dx.op call (DXIL.rst "Primitive
  /// Types").
  void checkBytes(const Instruction &instruction) {
    if (isa<CallInst>(instruction))
      return;
    auto isByte = [](Type *type) {
      return containsType(type, [](Type *t) { return t->isIntegerTy(8); });
    };
    bool usesBytes = isByte(instruction.getType());
    for (const Value *operand : instruction.operands())
      usesBytes |= isByte(operand->getType());
    if (auto *alloca = dyn_cast<AllocaInst>(&instruction))
      usesBytes |= isByte(alloca->getAllocatedType());
    if (usesBytes)
      report.error("TYPES.I8", kTypes, where + " computes with i8");
  }

  void checkCall(const Instruction &instruction) {
    auto *call = dyn_cast<CallInst>(&instruction);
    if (call && (call->isIndirectCall() || call->isInlineAsm()))
      report.error("INSTR.ALLOWED", kInstructions,
                   where + " is an indirect call or inline assembly");
    // DXIL calls use the C calling convention (reference 2.2: cc 0).
    if (call && call->getCallingConv() != CallingConv::C)
      report.error("INSTR.ALLOWED", kInstructions,
                   where + " uses calling convention " +
                       Twine(call->getCallingConv()));
  }

  /// dx.op helper structs (ResRet, CBufRet, ...) are only taken apart with
  /// extractvalue, and extractvalue only takes them and cmpxchg results.
  void checkStructs(const Instruction &instruction) {
    if (auto *extract = dyn_cast<ExtractValueInst>(&instruction)) {
      const Value *aggregate = extract->getAggregateOperand();
      auto *type = dyn_cast<StructType>(aggregate->getType());
      bool dxilStruct =
          type && type->hasName() && type->getName().starts_with("dx.types.");
      if (!dxilStruct && !isa<AtomicCmpXchgInst>(aggregate))
        report.error("INSTR.EXTRACTVALUE", section::Rules,
                     where + " is not on a dx.types struct or a cmpxchg");
      return;
    }
    auto *call = dyn_cast<CallInst>(&instruction);
    auto *type = dyn_cast<StructType>(instruction.getType());
    if (!call || !type || !call->getCalledFunction() ||
        !isDxilOpFunction(*call->getCalledFunction()) ||
        (type->hasName() && type->getName().starts_with("dx.types.Handle")))
      return;
    for (const User *user : instruction.users())
      if (!isa<ExtractValueInst>(user))
        report.error("INSTR.DXILSTRUCTUSER", section::Rules,
                     where + " result is used by something other than "
                             "extractvalue");
  }

  void checkDivision(const Instruction &instruction) {
    unsigned opcode = instruction.getOpcode();
    bool isSigned = opcode == Instruction::SDiv || opcode == Instruction::SRem;
    bool isUnsigned =
        opcode == Instruction::UDiv || opcode == Instruction::URem;
    if (!isSigned && !isUnsigned)
      return;
    auto *divisor = dyn_cast<ConstantInt>(instruction.getOperand(1));
    if (divisor && divisor->isZero())
      report.error(isSigned ? "INSTR.NOIDIVBYZERO" : "INSTR.NOUDIVBYZERO",
                   section::Rules, where + " divides by a constant zero");
  }

  /// LLVM atomics are for groupshared memory only (DXIL.rst "Atomic
  /// operations via pointer").
  void checkAtomic(const Instruction &instruction) {
    const Value *pointer = nullptr;
    if (auto *rmw = dyn_cast<AtomicRMWInst>(&instruction))
      pointer = rmw->getPointerOperand();
    else if (auto *exchange = dyn_cast<AtomicCmpXchgInst>(&instruction))
      pointer = exchange->getPointerOperand();
    if (pointer && pointer->getType()->getPointerAddressSpace() != 3)
      report.error("INSTR.ATOMICOPNONGROUPSHAREDORRECORD", section::Rules,
                   where + " is not on groupshared memory");
  }

  void checkMetadata(const Instruction &instruction) {
    static const StringSet<> allowed = {
        "dx.precise", "dx.nonuniform", "dx.controlflow.hints",
        "llvm.loop",  "tbaa",          "range",
        "noalias",    "alias.scope"};
    SmallVector<std::pair<unsigned, MDNode *>> attachments;
    instruction.getAllMetadataOtherThanDebugLoc(attachments);
    SmallVector<StringRef> names;
    instruction.getContext().getMDKindNames(names);
    for (const auto &[kind, node] : attachments) {
      StringRef name = kind < names.size() ? names[kind] : "";
      if (!allowed.contains(name))
        report.error("META.USED", section::Bitcode,
                     where + " carries metadata !" + name);
      else if (name == "dx.controlflow.hints" && !instruction.isTerminator())
        report.error("META.CONTROLFLOWHINTNOTONCONTROLFLOW", section::Rules,
                     where + " carries a control flow hint");
    }
  }

  DxilReport &report;
  std::string where;
};

void checkNamedMetadata(const Module &module, DxilReport &report) {
  static const StringSet<> known = {"dx.version",
                                    "dx.valver",
                                    "dx.shaderModel",
                                    "dx.resources",
                                    "dx.entryPoints",
                                    "dx.typeAnnotations",
                                    "dx.viewIdState",
                                    "dx.dxrPayloadAnnotations",
                                    "dx.source.contents",
                                    "dx.source.defines",
                                    "dx.source.mainFileName",
                                    "dx.source.args",
                                    "dx.intermediateOptions",
                                    "llvm.ident",
                                    "llvm.module.flags",
                                    "llvm.dbg.cu"};
  for (const NamedMDNode &node : module.named_metadata())
    if (!known.contains(node.getName()))
      report.error("META.KNOWN", section::Bitcode,
                   "named metadata !" + node.getName() + " is not known");
}

} // namespace

void checkIrSubset(const Module &module, DxilReport &report) {
  if (module.getTargetTriple().str() != "dxil-ms-dx")
    report.error("META.TARGET", section::Rules,
                 "target triple '" + module.getTargetTriple().str() +
                     "' is not 'dxil-ms-dx'");
  checkNamedMetadata(module, report);
  InstructionChecker checker(report);
  for (const Function &function : module)
    for (const Instruction &instruction : instructions(function))
      checker.check(function, instruction);
}

} // namespace opencgc::codegen
