//===- LegacyFlavour.cpp - What differs between the legacy formats --------===//
#include "LegacyFlavour.h"

namespace opencgc::bitcode {

// LLVM 3.7's fixed metadata kinds, in their numbering; DXC writes these
// first (checked with llvm-bcanalyzer-22 on the DXIL corpus).
static const llvm::StringRef kLlvm37MetadataKinds[] = {
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
};

const FlavourTraits &getFlavourTraits(LegacyFlavour flavour) {
  // NVVM IR specification, "Bitcode": libNVVM reads LLVM 7.0.1 bitcode and
  // names itself "LLVM 7.0.1" in its errors; the identification block lets
  // a reader report the producer.
  static const FlavourTraits llvm7 = {
      /*producer=*/"LLVM7.0.1",
      /*moduleVersion=*/1,
      /*displayName=*/"LLVM 7.0.1",
      /*writesFunctionAttributes=*/false,
      /*writesFastMath=*/false,
      /*explicitMemoryTypes=*/false,
      /*functionRecordSize=*/10,
      /*metadataKinds=*/{},
  };
  // DXIL: "The LLVM bitcode version is currently fixed at LLVM 3.7"
  // (dxil-spec "LLVM Bitcode version"); the record shapes are DXC's.
  static const FlavourTraits llvm37 = {
      /*producer=*/"",
      /*moduleVersion=*/1,
      /*displayName=*/"LLVM 3.7",
      /*writesFunctionAttributes=*/true,
      /*writesFastMath=*/true,
      /*explicitMemoryTypes=*/true,
      /*functionRecordSize=*/15,
      /*metadataKinds=*/kLlvm37MetadataKinds,
  };
  switch (flavour) {
  case LegacyFlavour::Llvm7:
    return llvm7;
  case LegacyFlavour::Llvm37:
    return llvm37;
  }
  return llvm7;
}

} // namespace opencgc::bitcode
