//===- DeclarationRules.cpp - Functions, globals and control flow ---------===//
//
// DXIL.rst "Functions", "Control-flow restrictions", "Identifiers" and
// "Groupshared memory", with the DECL.*, FLOW.* and SM.MAXTGSMSIZE rules;
// the allowed function attributes and the TGSM limit are DXC's (reference
// 2.2 and 5).
//
//===----------------------------------------------------------------------===//
#include "DxilCalls.h"
#include "DxilModuleFacts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

constexpr const char *kFunctions = "DXIL.rst Functions";
constexpr uint64_t kMaxGroupSharedBytes = 32768;

bool hasReservedPrefix(StringRef name) {
  return name.starts_with("dx.") || name.starts_with("dxil.") ||
         name.starts_with("llvm.dx.") || name.starts_with("llvm.dxil.");
}

/// LLVM intrinsics DXC lets through: lifetime markers and debug info.
bool isAllowedIntrinsic(StringRef name) {
  return name.starts_with("llvm.lifetime.") || name.starts_with("llvm.dbg.");
}

bool isOnlyCalled(const Function &function) {
  return llvm::all_of(function.uses(), [&](const Use &use) {
    auto *call = dyn_cast<CallInst>(use.getUser());
    return call && call->isCallee(&use);
  });
}

/// An attribute's name for a finding. Malformed bitcode can leave a type
/// attribute without its type, which Attribute::getAsString would print
/// through a null pointer (found by opencgc-dxil-validator-fuzzer).
std::string describeAttribute(const Attribute &attribute) {
  if (attribute.isTypeAttribute() && !attribute.getValueAsType())
    return Attribute::getNameFromAttrKind(attribute.getKindAsEnum()).str() +
           "(<no type>)";
  return attribute.getAsString();
}

/// dx.op declarations are nounwind, with readnone, readonly or
/// noduplicate (reference 2.2); LLVM 22 reads the first two as memory(...).
void checkDxilOpAttributes(const Function &function, DxilReport &report) {
  for (const Attribute &attribute : function.getAttributes().getFnAttrs()) {
    bool allowed = !attribute.isStringAttribute() &&
                   llvm::is_contained({Attribute::NoUnwind, Attribute::Memory,
                                       Attribute::NoDuplicate},
                                      attribute.getKindAsEnum());
    if (!allowed)
      report.error("DECL.FNATTRIBUTE", kFunctions,
                   "@" + function.getName() + " has attribute " +
                       describeAttribute(attribute));
  }
}

/// Features DXIL functions do not have: personality, GC, section, prefix
/// and prologue data, a calling convention other than C.
void checkFunctionFeatures(const Function &function, DxilReport &report) {
  if (function.hasPersonalityFn() || function.hasGC() ||
      function.hasSection() || function.hasPrefixData() ||
      function.hasPrologueData())
    report.error("DECL.FNATTRIBUTE", kFunctions,
                 "@" + function.getName() +
                     " has a personality, GC, section, prefix or prologue");
  if (function.getCallingConv() != CallingConv::C)
    report.error("DECL.FNATTRIBUTE", kFunctions,
                 "@" + function.getName() + " uses calling convention " +
                     Twine(function.getCallingConv()));
}

void checkDeclaration(const Function &function, DxilReport &report) {
  StringRef name = function.getName();
  if (isDxilOpFunction(function)) {
    checkDxilOpAttributes(function, report);
    // The reader's auto-upgrade can leave old intrinsic declarations unused,
    // so only dx.op declarations are held to being used.
    if (function.use_empty())
      report.error("DECL.USEDEXTERNALFUNCTION", kFunctions,
                   "@" + name + " is declared but never called");
  } else if (name.starts_with("llvm.")) {
    if (hasReservedPrefix(name) || !isAllowedIntrinsic(name))
      report.error("DECL.DXILFNEXTERN", kFunctions,
                   "@" + name + " is not an intrinsic DXIL allows");
  } else if (hasReservedPrefix(name)) {
    report.error("DECL.DXILNSRESERVED", kFunctions,
                 "@" + name + " uses a reserved prefix");
  } else {
    report.error("DECL.DXILFNEXTERN", kFunctions,
                 "external function @" + name + " is not a dx.op function");
  }
}

void checkDefinition(const Function &function, const DxilModuleFacts &facts,
                     DxilReport &report) {
  StringRef name = function.getName();
  if (hasReservedPrefix(name))
    report.error("DECL.DXILNSRESERVED", kFunctions,
                 "@" + name + " is defined with a reserved prefix");
  if (&function != facts.entry && function.arg_size() != 0)
    report.error("FLOW.FUNCTIONCALL", kFunctions,
                 "@" + name + " has parameters (functions must be inlined)");
  for (const Attribute &attribute : function.getAttributes().getFnAttrs()) {
    if (!attribute.isStringAttribute())
      continue;
    StringRef kind = attribute.getKindAsString();
    StringRef value = attribute.getValueAsString();
    bool known = kind == "waveops-include-helper-lanes" ||
                 (kind == "fp32-denorm-mode" &&
                  (value == "any" || value == "preserve" || value == "ftz"));
    if (!known)
      report.error("DECL.FNATTRIBUTE", kFunctions,
                   "@" + name + " has attribute \"" + kind + "\"=\"" + value +
                       "\"");
  }
  if (function.hasMetadata())
    report.error("META.USED", section::Bitcode,
                 "@" + name + " carries function metadata");
}

void checkFunctions(const Module &module, const DxilModuleFacts &facts,
                    DxilReport &report) {
  for (const Function &function : module) {
    if (function.isDeclaration())
      checkDeclaration(function, report);
    else
      checkDefinition(function, facts, report);
    checkFunctionFeatures(function, report);
    if (!isOnlyCalled(function))
      report.error("DECL.FNISCALLED", kFunctions,
                   "@" + function.getName() + " is used other than by calls");
  }
}

void checkGlobals(const Module &module, DxilReport &report) {
  uint64_t groupShared = 0;
  const DataLayout &layout = module.getDataLayout();
  for (const GlobalVariable &global : module.globals()) {
    StringRef name = global.getName();
    bool isGroupShared = global.getAddressSpace() == 3;
    if (isGroupShared)
      groupShared += layout.getTypeAllocSize(global.getValueType());
    if (hasReservedPrefix(name))
      report.error("DECL.DXILNSRESERVED", kFunctions,
                   "@" + name + " uses a reserved prefix");
    // Groupshared globals count as internal even though DXC writes them
    // with external linkage (reference 2.2).
    if ((isGroupShared || global.hasLocalLinkage()) && global.use_empty())
      report.error("DECL.USEDINTERNAL", kFunctions,
                   "@" + name + " is never used");
  }
  if (groupShared > kMaxGroupSharedBytes)
    report.error("SM.MAXTGSMSIZE", section::Rules,
                 "Total Thread Group Shared Memory storage is " +
                     Twine(groupShared) + ", exceeded 32768");
}

/// Depth-first search for a call cycle among defined functions.
bool reachesItself(const Function *function,
                   SmallPtrSetImpl<const Function *> &onPath,
                   SmallPtrSetImpl<const Function *> &done) {
  if (done.contains(function))
    return false;
  if (!onPath.insert(function).second)
    return true;
  for (const BasicBlock &block : *function)
    for (const Instruction &instruction : block)
      if (auto *call = dyn_cast<CallInst>(&instruction))
        if (const Function *callee = call->getCalledFunction())
          if (!callee->isDeclaration() && reachesItself(callee, onPath, done))
            return true;
  onPath.erase(function);
  done.insert(function);
  return false;
}

void checkRecursion(const Module &module, DxilReport &report) {
  SmallPtrSet<const Function *, 8> onPath, done;
  for (const Function &function : module)
    if (!function.isDeclaration() && reachesItself(&function, onPath, done)) {
      report.error("FLOW.NORECURSION", section::Rules,
                   "@" + function.getName() + " is recursive");
      return;
    }
}

/// FLOW.REDUCIBLE and FLOW.DEADLOOP with LLVM's loop analysis.
void checkControlFlow(const Function &function, DxilReport &report) {
  // The analyses only read the function; their API takes it mutable.
  DominatorTree dominators(const_cast<Function &>(function));
  LoopInfo loops(dominators);
  ReversePostOrderTraversal<const Function *> order(&function);
  if (containsIrreducibleCFG<const BasicBlock *>(order, loops))
    report.error("FLOW.REDUCIBLE", section::Rules,
                 "@" + function.getName() + " has irreducible control flow");
  for (const Loop *loop : loops.getLoopsInPreorder())
    if (loop->hasNoExitBlocks())
      report.error("FLOW.DEADLOOP", section::Rules,
                   "@" + function.getName() + " has a loop with no break");
}

} // namespace

void checkDeclarations(const Module &module, const DxilModuleFacts &facts,
                       DxilReport &report) {
  checkFunctions(module, facts, report);
  checkGlobals(module, report);
  checkRecursion(module, report);
  for (const Function &function : module)
    if (!function.isDeclaration())
      checkControlFlow(function, report);
}

} // namespace opencgc::codegen
