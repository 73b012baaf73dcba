//===- DxilOpBuilder.h - Calls to dx.op functions ---------------*- C++ -*-===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_DXILOPBUILDER_H
#define OPENCGC_LIB_CODEGEN_DXIL_DXILOPBUILDER_H

#include "opencgc/Codegen/DxilOpcodes.h"

#include "llvm/IR/IRBuilder.h"

namespace opencgc::codegen {

/// AtomicBinOp operation codes (reference section 0 item 3).
enum class DxilAtomicOp : unsigned { And = 1, Or = 2 };

/// Declares dx.op functions as DXC does (reference 2.2: external, nounwind
/// plus readnone or readonly by class) and calls them.
class DxilOpBuilder {
public:
  explicit DxilOpBuilder(llvm::IRBuilder<> &builder);

  /// %dx.types.Handle = type { i8* } (reference section 4).
  llvm::StructType *handleType();
  /// %dx.types.ResRet.<f32|i32> = { T, T, T, T, i32 }.
  llvm::StructType *resRetType(llvm::Type *element);

  llvm::Value *createHandle(uint8_t resourceClass, unsigned rangeId,
                            unsigned index);
  /// SM 6.6's handle for a one-register raw buffer at `index` (space 0):
  /// createHandleFromBinding (217) annotated (216) with its kind and class
  /// (reference section 0 item 5).
  llvm::Value *createAnnotatedHandle(uint8_t resourceClass, unsigned index);
  /// Up to four consecutive elements of a raw buffer from a byte offset:
  /// the %dx.types.ResRet whose first components hold them. bufferLoad (68)
  /// before SM 6.2, rawBufferLoad (139) from SM 6.2 on, as DXC chooses
  /// (reference section 0 item 4); 16-bit elements need the latter.
  llvm::Value *loadRaw(llvm::Value *handle, llvm::Value *byteOffset,
                       llvm::Type *element, unsigned count);
  /// bufferStore (69) or rawBufferStore (140) of one to four consecutive
  /// elements; the write mask covers them.
  void storeRaw(llvm::Value *handle, llvm::Value *byteOffset,
                llvm::ArrayRef<llvm::Value *> values);
  /// atomicBinOp (78) on the i32 at a raw buffer's byte offset; returns
  /// the word it held before.
  llvm::Value *atomicBinOp(llvm::Value *handle, DxilAtomicOp operation,
                           llvm::Value *byteOffset, llvm::Value *operand);
  /// Whether loads and stores use the SM 6.2 raw-buffer operations.
  void useRawBufferOps(bool use) { rawBufferOps = use; }
  /// threadIdInGroup / groupId component.
  llvm::Value *threadId(unsigned opcode, unsigned component);
  /// dx.op.unary, .binary, .tertiary on float.
  llvm::Value *unary(unsigned opcode, llvm::Value *x);
  llvm::Value *binary(unsigned opcode, llvm::Value *a, llvm::Value *b);
  llvm::Value *tertiary(unsigned opcode, llvm::Value *a, llvm::Value *b,
                        llvm::Value *c);

private:
  enum class Memory { None, Read, Write };
  llvm::Value *call(llvm::StringRef name, llvm::Type *result, unsigned opcode,
                    llvm::ArrayRef<llvm::Value *> args, Memory memory);
  static llvm::StringRef overloadName(llvm::Type *type);

  llvm::IRBuilder<> &b;
  llvm::Module &module;
  bool rawBufferOps = false;
};

} // namespace opencgc::codegen

#endif // OPENCGC_LIB_CODEGEN_DXIL_DXILOPBUILDER_H
