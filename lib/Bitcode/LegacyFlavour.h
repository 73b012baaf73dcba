//===- LegacyFlavour.h - What differs between the legacy formats -*- C++
//-*-===//
//
// The one place where the LLVM 7.0.1 (NVVM IR) and LLVM 3.7 (DXIL) bitcode
// the writer emits differ. Both use the same record layouts: the 3.7 era's
// explicit-type records (load, getelementptr, call), names in a module
// value symbol table before the function blocks (module version 1), no
// string table; libNVVM reads that era's bitcode (its own libdevice.10.bc
// is LLVM 3.8 bitcode, shared/reference/libnvvm.md).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H
#define OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H

#include "opencgc/Bitcode/LegacyBitcodeWriter.h"
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
};

const FlavourTraits &getFlavourTraits(LegacyFlavour flavour);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_LEGACYFLAVOUR_H
