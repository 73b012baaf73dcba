//===- NvvmChecker.cpp - The NVVM IR specification's module rules ---------===//
//
// Section numbers and titles are those of shared/seeds/nvvm-ir-spec.txt.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/NvvmChecker.h"

#include "NvvmModule.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace opencgc::codegen {

std::string NvvmFinding::str() const {
  return std::string(severity == Severity::Error ? "error" : "warning") +
         ": [" + rule + "] (NVVM IR " + section + "): " + message;
}

bool hasNvvmErrors(const std::vector<NvvmFinding> &findings) {
  return llvm::any_of(findings, [](const NvvmFinding &finding) {
    return finding.severity == NvvmFinding::Severity::Error;
  });
}

namespace {

class Checker {
public:
  explicit Checker(const Module &module) : module(module) {}

  std::vector<NvvmFinding> run() {
    checkTarget();
    checkVersion();
    checkKernels();
    checkGlobals();
    for (const Function &function : module)
      checkFunction(function);
    return std::move(findings);
  }

private:
  void error(StringRef rule, StringRef section, const Twine &message) {
    findings.push_back({NvvmFinding::Severity::Error, rule.str(), section.str(),
                        message.str()});
  }
  void warning(StringRef rule, StringRef section, const Twine &message) {
    findings.push_back({NvvmFinding::Severity::Warning, rule.str(),
                        section.str(), message.str()});
  }

  void checkTarget() {
    std::string triple = module.getTargetTriple().str();
    if (!Regex("^nvptx64-[^-]*-cuda$").match(triple))
      error("target-triple", "3.26 Target Triple",
            "triple '" + triple + "' is not nvptx64-*-cuda");
    if (module.getDataLayoutStr() != nvvmDataLayout)
      error("data-layout", "3.25 Data Layout",
            "data layout '" + module.getDataLayoutStr() +
                "' is not the supported 64-bit layout");
  }

  void checkVersion() {
    const NamedMDNode *version = module.getNamedMetadata("nvvmir.version");
    if (!version || version->getNumOperands() == 0) {
      error("nvvmir-version", "3.15 Named Metadata",
            "no !nvvmir.version: the version is taken as 1.0, which 2.0 "
            "libNVVM rejects");
      return;
    }
    for (const MDNode *node : version->operands()) {
      bool shaped = node->getNumOperands() == 2 || node->getNumOperands() == 4;
      auto *major =
          shaped
              ? mdconst::dyn_extract_or_null<ConstantInt>(node->getOperand(0))
              : nullptr;
      if (!major)
        error("nvvmir-version", "3.15 Named Metadata",
              "a version node must be {i32 major, i32 minor[, i32 debug "
              "major, i32 debug minor]}");
      else if (major->getZExtValue() != 2)
        error("nvvmir-version", "3.15 Named Metadata",
              "IR version " + Twine(major->getZExtValue()) +
                  " is not 2 (this document's version)");
    }
  }

  void checkAnnotation(const MDNode *node) {
    static const StringSet<> properties = {
        "maxntidx",      "maxntidy",
        "maxntidz",      "reqntidx",
        "reqntidy",      "reqntidz",
        "cluster_dim_x", "cluster_dim_y",
        "cluster_dim_z", "cluster_max_blocks",
        "minctasm",      "grid_constant",
        "maxnreg",       "kernel",
        "align",         "texture",
        "surface",       "managed"};
    const StringRef section = "13.2 Representation of Properties";
    if (node->getNumOperands() % 2 == 0 ||
        !mdconst::dyn_extract_or_null<GlobalValue>(node->getOperand(0))) {
      error("annotation-shape", section,
            "an annotation is {entity, name, value, ...}: an odd count with "
            "a function or global first");
      return;
    }
    for (unsigned i = 1; i + 1 < node->getNumOperands(); i += 2) {
      auto *name = dyn_cast_or_null<MDString>(node->getOperand(i));
      if (!name) {
        error("annotation-shape", section, "a property name is not a string");
        continue;
      }
      if (!properties.contains(name->getString()))
        error("annotation-property", "13.3 Supported Properties",
              "unknown property '" + name->getString() + "'");
      else if (name->getString() == "kernel")
        kernels.insert(
            mdconst::extract<GlobalValue>(node->getOperand(0))->getName());
      if (name->getString() != "grid_constant" &&
          !mdconst::dyn_extract_or_null<ConstantInt>(node->getOperand(i + 1)))
        error("annotation-shape", section,
              "property '" + name->getString() + "' needs an i32 value");
    }
  }

  void checkKernels() {
    if (const NamedMDNode *annotations =
            module.getNamedMetadata("nvvm.annotations"))
      for (const MDNode *node : annotations->operands())
        checkAnnotation(node);
    // LLVM 22's reader upgrades kernel annotations to this convention.
    for (const Function &function : module)
      if (function.getCallingConv() == CallingConv::PTX_Kernel)
        kernels.insert(function.getName());
    if (kernels.empty())
      error("kernel", "13.3 Supported Properties",
            "no function is annotated as a kernel");
    for (const StringRef name : kernels.keys()) {
      const Function *kernel = module.getFunction(name);
      if (kernel && !kernel->getReturnType()->isVoidTy())
        error("kernel", "13.3 Supported Properties",
              "kernel @" + name + " must return void");
    }
  }

  void checkAddressSpace(Type *type, const Twine &where) {
    if (auto *pointer = dyn_cast<PointerType>(type)) {
      unsigned space = pointer->getAddressSpace();
      if (space != 0 && space != 1 && space != 3 && space != 4 && space != 5)
        error("address-space", "12.1 Address Spaces",
              where + " uses address space " + Twine(space) +
                  ", which is reserved or unlisted");
    }
  }

  void checkName(const GlobalValue &global) {
    if (global.getName().starts_with("llvm."))
      return;
    if (global.getName().starts_with("nvvm."))
      error("identifier", "2 Identifiers",
            "@" + global.getName() + " uses the reserved prefix nvvm.");
    else if (!Regex("^[a-zA-Z$_][a-zA-Z$_0-9]*$").match(global.getName()))
      error("identifier", "2 Identifiers",
            "@" + global.getName() + " is not a valid NVVM identifier");
  }

  void checkLinkage(const GlobalValue &global) {
    if (global.hasAppendingLinkage() || global.hasExternalWeakLinkage())
      error("linkage", "3.1 Linkage Types",
            "@" + global.getName() +
                ": appending and extern_weak linkage are not supported");
  }

  void checkGlobals() {
    if (!module.ifunc_empty())
      error("ifunc", "3.14 Ifuncs", "ifuncs are not supported");
    for (const GlobalAlias &alias : module.aliases())
      if (!isa<Function>(alias.getAliasee()->stripPointerCasts()) ||
          kernels.contains(alias.getAliasee()->getName()))
        error("alias", "3.13 Aliases",
              "@" + alias.getName() +
                  ": aliases are supported only of non-kernel functions");
    for (const GlobalVariable &global : module.globals()) {
      checkName(global);
      checkLinkage(global);
      StringRef name = global.getName();
      unsigned space = global.getAddressSpace();
      if (global.isThreadLocal())
        error("thread-local", "3.5 Thread Local Storage Models",
              "@" + name + " is thread_local");
      if (space != 0 && space != 1 && space != 3 && space != 4)
        error("global-address-space", "3.11 Global Variables",
              "@" + name + " is in address space " + Twine(space) +
                  "; globals live in 0 (global), 1, 3 or 4");
      if (space == 3 && global.hasInitializer() &&
          !isa<UndefValue>(global.getInitializer()))
        error("shared-initializer", "3.11 Global Variables",
              "shared variable @" + name + " must be initialized with undef");
      if (name == "llvm.global_ctors" || name == "llvm.global_dtors")
        error("intrinsic-global", "9 Intrinsic Global Variables",
              "@" + name + " is not supported");
    }
  }

  void checkType(Type *type, const Twine &where) {
    if (type->isFP128Ty() || type->isX86_FP80Ty() || type->isPPC_FP128Ty() ||
        type->isTokenTy() || type->isBFloatTy())
      error("type", "4 Type System", where + " uses an unsupported type");
    else if (type->isHalfTy())
      warning("type", "4 Type System",
              where + " uses half, which the specification lists as not "
                      "supported (libNVVM 2.0 accepts it)");
  }

  void checkFunction(const Function &function) {
    checkName(function);
    checkLinkage(function);
    if (function.hasSection() || function.hasGC() || function.hasPrefixData() ||
        function.hasPrologueData() || function.hasPersonalityFn())
      error("function-feature", "3.12 Functions",
            "@" + function.getName() +
                ": section, gc, prefix, prologue and personality are not "
                "supported");
    for (const Argument &argument : function.args())
      checkAddressSpace(argument.getType(), "@" + function.getName() +
                                                " parameter " +
                                                Twine(argument.getArgNo()));
    if (function.isIntrinsic())
      checkIntrinsic(function);
    for (const Instruction &instruction : instructions(function))
      checkInstruction(function, instruction);
  }

  void checkInstruction(const Function &function,
                        const Instruction &instruction) {
    std::string where =
        ("@" + function.getName() + ": " + instruction.getOpcodeName()).str();
    checkType(instruction.getType(), where);
    checkAddressSpace(instruction.getType(), where);
    switch (instruction.getOpcode()) {
    case Instruction::IndirectBr:
    case Instruction::Invoke:
    case Instruction::Resume:
    case Instruction::CatchSwitch:
    case Instruction::CatchRet:
    case Instruction::CleanupRet:
    case Instruction::CallBr:
      error("terminator", "10.1 Terminator Instructions",
            where + " is not supported");
      break;
    case Instruction::LandingPad:
    case Instruction::CatchPad:
    case Instruction::CleanupPad:
      error("instruction", "10.8 Other Operations",
            where + " is not supported");
      break;
    case Instruction::Fence:
      error("fence", "10.6.4 fence Instruction",
            where + " is not supported; use NVVM intrinsics");
      break;
    case Instruction::Freeze:
      error("instruction", "10 Instructions",
            where + " does not exist in NVVM IR (LLVM 7)");
      break;
    default:
      break;
    }
    if (const auto *load = dyn_cast<LoadInst>(&instruction);
        load && load->isAtomic())
      error("atomic", "10.6.2 load Instruction",
            where + " atomic is not supported");
    if (const auto *store = dyn_cast<StoreInst>(&instruction);
        store && store->isAtomic())
      error("atomic", "10.6.3 store Instruction",
            where + " atomic is not supported");
    if (const auto *rmw = dyn_cast<AtomicRMWInst>(&instruction);
        rmw && rmw->getOperation() == AtomicRMWInst::Nand)
      error("atomic", "10.6.6 atomicrmw Instruction",
            where + " nand is not supported");
    if (const auto *alloca = dyn_cast<AllocaInst>(&instruction);
        alloca && alloca->getAddressSpace() != 0)
      error("alloca", "12.3 The alloca Instruction",
            where + " must be in address space 0");
    if (const auto *cast = dyn_cast<AddrSpaceCastInst>(&instruction);
        cast && cast->getSrcAddressSpace() != 0 &&
        cast->getDestAddressSpace() != 0)
      error("address-space-cast", "12.2.2 Conversion",
            where + " casts between two non-generic address spaces");
    if (const auto *call = dyn_cast<CallBase>(&instruction);
        call && call->hasOperandBundles())
      error("operand-bundle", "3.23 Operand Bundles",
            where + " has operand bundles, which are not supported");
  }

  void checkIntrinsic(const Function &function) {
    StringRef name = function.getName();
    // Section 11 (LLVM intrinsics NVVM IR supports) and 15 (NVVM's own).
    static const char *const supported[] = {"llvm.va_start",
                                            "llvm.va_end",
                                            "llvm.va_copy",
                                            "llvm.memcpy.",
                                            "llvm.memmove.",
                                            "llvm.memset.",
                                            "llvm.sqrt.",
                                            "llvm.fma.",
                                            "llvm.bitreverse.",
                                            "llvm.bswap.",
                                            "llvm.ctpop.",
                                            "llvm.ctlz.",
                                            "llvm.cttz.",
                                            "llvm.fshl.",
                                            "llvm.fshr.",
                                            "llvm.fmuladd.",
                                            "llvm.sadd.with.overflow.",
                                            "llvm.uadd.with.overflow.",
                                            "llvm.ssub.with.overflow.",
                                            "llvm.usub.with.overflow.",
                                            "llvm.smul.with.overflow.",
                                            "llvm.umul.with.overflow.",
                                            "llvm.convert.to.fp16.",
                                            "llvm.convert.from.fp16.",
                                            "llvm.dbg.",
                                            "llvm.lifetime.",
                                            "llvm.invariant.start.",
                                            "llvm.invariant.end.",
                                            "llvm.trap",
                                            "llvm.expect.",
                                            "llvm.assume",
                                            "llvm.donothing",
                                            "llvm.sideeffect",
                                            "llvm.var.annotation",
                                            "llvm.ptr.annotation",
                                            "llvm.annotation.",
                                            "llvm.nvvm.atomic.load.",
                                            "llvm.nvvm.barrier0",
                                            "llvm.nvvm.cluster.barrier",
                                            "llvm.nvvm.membar",
                                            "llvm.nvvm.read.ptx.sreg.tid.",
                                            "llvm.nvvm.read.ptx.sreg.ntid.",
                                            "llvm.nvvm.read.ptx.sreg.ctaid.",
                                            "llvm.nvvm.read.ptx.sreg.nctaid.",
                                            "llvm.nvvm.read.ptx.sreg.warpsize",
                                            "llvm.nvvm.texsurf.handle.",
                                            "llvm.nvvm.tex.unified.",
                                            "llvm.nvvm.tld4.unified.",
                                            "llvm.nvvm.suld.",
                                            "llvm.nvvm.sust.",
                                            "llvm.nvvm.bar.warp.sync",
                                            "llvm.nvvm.shfl.sync.",
                                            "llvm.nvvm.vote.sync",
                                            "llvm.nvvm.match.any.sync.",
                                            "llvm.nvvm.match.all.sync.",
                                            "llvm.nvvm.hmma.",
                                            "llvm.nvvm.isspacep."};
    for (const char *prefix : supported)
      if (name.starts_with(prefix))
        return;
    error("intrinsic",
          name.starts_with("llvm.nvvm.")
              ? "15 NVVM Specific Intrinsic Functions"
              : "11 Intrinsic Functions",
          "@" + name + " is not a supported intrinsic");
  }

  const Module &module;
  std::vector<NvvmFinding> findings;
  StringSet<> kernels;
};

} // namespace

std::vector<NvvmFinding> checkNvvmModule(const Module &module) {
  return Checker(module).run();
}

} // namespace opencgc::codegen
