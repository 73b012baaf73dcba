//===- ConstantsBlock.h - The module's constants ----------------*- C++ -*-===//
//
// Numbers the module's global values and every constant the module uses,
// and writes them as the module-level CONSTANTS_BLOCK.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_CONSTANTSBLOCK_H
#define OPENCGC_LIB_BITCODE_CONSTANTSBLOCK_H

#include "ModuleValues.h"
#include "PointeeInference.h"

namespace llvm {
class BitstreamWriter;
class Module;
} // namespace llvm

namespace opencgc::bitcode {

/// Global variables, functions, then constants (operands first).
ModuleValues numberModuleValues(const llvm::Module &module,
                                const PointeeTypes &pointees,
                                WriterErrors &errors);

/// The legacy type of a module constant.
unsigned typeOfConstant(const ModuleConstant &constant,
                        PointeeInference &inference);

/// Interns the types of every module value (before the type block).
void planConstantTypes(const ModuleValues &values, PointeeInference &inference);

void writeConstantsBlock(llvm::BitstreamWriter &stream,
                         const ModuleValues &values,
                         PointeeInference &inference, LegacyTypeTable &types,
                         WriterErrors &errors);

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_CONSTANTSBLOCK_H
