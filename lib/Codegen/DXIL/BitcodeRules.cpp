//===- BitcodeRules.cpp - Reading DXIL bitcode with LLVM 22 ---------------===//
//
// DXIL is LLVM 3.7 bitcode (DXIL.rst "LLVM Bitcode version"). LLVM 22 reads
// it, with one exception: DXIL's legacy data layout gives i8 a 32-bit ABI
// alignment, which LLVM 22's DataLayout parser rejects ("i8 must be 8-bit
// aligned"; reference section 0, item 1, 121 of the 141 corpus files). The
// reader is therefore handed the same layout with "i8:8". Pointers come back
// opaque and readnone/readonly as memory(...) attributes; no rule here
// depends on a pointee type.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilValidator.h"

#include "DxilParts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

// The two layouts DXC writes (reference 2.2).
constexpr const char *kLegacyDataLayout =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-"
    "n8:16:32:64";
constexpr const char *kNativeDataLayout =
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-"
    "n8:16:32:64";

/// The written layout with every "i8:<n>" made "i8:8".
std::string makeReadable(StringRef layout) {
  SmallVector<StringRef> specs;
  layout.split(specs, '-');
  std::string readable;
  for (StringRef spec : specs) {
    if (!readable.empty())
      readable += '-';
    readable += spec.starts_with("i8:") ? "i8:8" : spec.str();
  }
  return readable;
}

/// LLVM 22's reader accepts a struct type with a void (or other invalid)
/// element from malformed bitcode, and LLVM's constant folding traps on it
/// (found by the dxil-validator fuzzer: a zeroinitializer of such a
/// %dx.types.ResBind), so no rule may see such a module. The types are
/// walked here rather than with llvm::TypeFinder, which follows the null
/// type of a malformed sret attribute.
class StructElementCheck {
public:
  Error run(const Module &module) {
    for (const GlobalVariable &global : module.globals())
      visit(global.getValueType());
    for (const Function &function : module) {
      visit(function.getFunctionType());
      for (const Instruction &instruction : instructions(function)) {
        visit(instruction.getType());
        for (const Use &operand : instruction.operands())
          visit(operand->getType());
      }
    }
    return problem.empty() ? Error::success() : createStringError(problem);
  }

private:
  void visit(Type *type) {
    if (!type || !problem.empty() || !seen.insert(type).second)
      return;
    if (auto *structType = dyn_cast<StructType>(type))
      for (auto [index, element] : llvm::enumerate(structType->elements()))
        if (!element || !StructType::isValidElementType(element))
          return describe(structType, index, element);
    for (Type *inner : type->subtypes())
      visit(inner);
  }
  void describe(StructType *type, size_t index, Type *element) {
    raw_string_ostream stream(problem);
    stream << "struct type "
           << (type->hasName() ? "%" + type->getName().str() : "(literal)")
           << " has element " << index << " of type ";
    if (element)
      stream << *element;
    else
      stream << "<none>";
    stream << ", which LLVM IR does not allow";
  }

  DenseSet<Type *> seen;
  std::string problem;
};

} // namespace

Expected<ArrayRef<uint8_t>> getDxilPartBitcode(ArrayRef<uint8_t> container) {
  Expected<DxContainerView> view = parseDxContainer(container);
  if (!view)
    return view.takeError();
  const DxPart *part = view->findPart(kPartDxil);
  if (!part)
    return createStringError("the container has no DXIL part");
  Expected<DxilProgramHeader> header = parseDxilProgramHeader(part->data);
  if (!header)
    return header.takeError();
  return header->bitcode;
}

Expected<DxilBitcodeModule> readDxilBitcode(ArrayRef<uint8_t> bitcode,
                                            LLVMContext &context) {
  DxilBitcodeModule result;
  ParserCallbacks callbacks(
      [&](StringRef, StringRef layout) -> std::optional<std::string> {
        result.writtenDataLayout = layout.str();
        return makeReadable(layout);
      });
  MemoryBufferRef buffer(
      StringRef(reinterpret_cast<const char *>(bitcode.data()), bitcode.size()),
      "DXIL");
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(buffer, context, callbacks);
  if (!module)
    return module.takeError();
  if (Error error = StructElementCheck().run(**module))
    return std::move(error);
  result.module = std::move(*module);
  return result;
}

void checkDataLayout(StringRef written, DxilReport &report) {
  // No DXC rule checks the string, but drivers may depend on it.
  if (written != kLegacyDataLayout && written != kNativeDataLayout)
    report.warning("BITCODE.VALID", section::Bitcode,
                   "data layout '" + written +
                       "' is neither of the two layouts DXC writes");
}

} // namespace opencgc::codegen
