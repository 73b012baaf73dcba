//===- LegacyFlavour.cpp - What differs between the legacy formats --------===//
#include "LegacyFlavour.h"

namespace opencgc::bitcode {

const FlavourTraits &getFlavourTraits(LegacyFlavour flavour) {
  // NVVM IR specification, "Bitcode": libNVVM reads LLVM 7.0.1 bitcode and
  // names itself "LLVM 7.0.1" in its errors; the identification block lets
  // a reader report the producer.
  static const FlavourTraits llvm7 = {"LLVM7.0.1", 1, "LLVM 7.0.1"};
  static const FlavourTraits llvm37 = {"", 1, "LLVM 3.7"};
  switch (flavour) {
  case LegacyFlavour::Llvm7:
    return llvm7;
  case LegacyFlavour::Llvm37:
    return llvm37;
  }
  return llvm7;
}

} // namespace opencgc::bitcode
