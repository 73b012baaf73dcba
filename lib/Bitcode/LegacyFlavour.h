//===- LegacyFlavour.h - What differs between legacy formats ---*- C++ -*-===//
//
// The one place where the LLVM 7.0.1 (NVVM IR) and LLVM 3.7 (DXIL) bitcode
// the writer emits differ. Both use the same record layouts: the 3.7 era's
// explicit-type records (load, getelementptr, call), names in a module
// value symbol table before the function blocks (module version 1), no
// string table; libNVVM reads that era's bitcode (its own libdevice.10.bc
// is LLVM 3.8 bitcode, shared/reference/libnvvm.md). The LLVM 3.7 flavour
// adds what DXC writes and DXIL relies on (shared/reference/dxil-format.md
// section 2.2): function attributes, fast-math flags, explicit-type
// globals and allocas, and the metadata kinds.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H
#define OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace opencgc::bitcode {

struct FlavourTraits {
  /// The identification block's producer string; empty writes no block
  /// (LLVM 3.7 predates it).
  llvm::StringRef producer;
  /// MODULE_CODE_VERSION: 1 is relative value ids with names in the module
  /// value symbol table, which every reader from 3.3 on understands.
  unsigned moduleVersion;
  /// How errors name the format.
  llvm::StringRef displayName;
  /// Function attributes in PARAMATTR_GROUP and PARAMATTR blocks: DXIL
  /// declares every dx.op function nounwind plus readnone, readonly or
  /// noduplicate (reference section 2.2, "dx.op declarations").
  bool writesFunctionAttributes;
  /// Fast-math flags in the LLVM 3.7 encoding, where bit 0 ("unsafe
  /// algebra") is `fast`: DXIL marks every non-precise float operation
  /// fast (dxil-spec "Precise qualifier").
  bool writesFastMath;
  /// GLOBALVAR and ALLOCA records carry the value type with the
  /// explicit-type bit (GLOBALVAR's address space in its flags), and
  /// GLOBALVAR has DXC's six operands where the rest are defaults.
  bool explicitMemoryTypes;
  /// Operands of MODULE_CODE_FUNCTION records (DXC's 3.7 writer: 15).
  unsigned functionRecordSize;
  /// METADATA_KIND records, written in a metadata block of their own after
  /// the module metadata as the 3.7 writer does; empty writes none.
  llvm::ArrayRef<llvm::StringRef> metadataKinds;
};

const FlavourTraits &getFlavourTraits(LegacyFlavour flavour);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H
