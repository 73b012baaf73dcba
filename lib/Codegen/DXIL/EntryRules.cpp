//===- EntryRules.cpp - The compute entry point and its properties --------===//
//
// DXIL.rst "Entry points" and "Compute Shader"; the thread-group and wave
// size limits behind the rule names are DXC's (reference 3.3 and 5).
//
//===----------------------------------------------------------------------===//
#include "DxilModuleFacts.h"
#include "DxilReport.h"
#include "DxilRules.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace opencgc::codegen {

namespace {

constexpr uint32_t kMaxThreadsPerGroup = 1024;
constexpr uint32_t kMaxThreadGroupSize[3] = {1024, 1024, 64};
constexpr uint32_t kMinWaveSize = 4, kMaxWaveSize = 128;

void checkEntryFunction(const DxilModuleFacts &facts, DxilReport &report) {
  const Function *entry = facts.entry;
  if (!entry)
    return;
  if (!entry->getReturnType()->isVoidTy())
    report.error("DECL.SHADERRETURNVOID", section::Rules,
                 "entry @" + entry->getName() + " must return void");
  if (entry->arg_size() != 0)
    report.error("FLOW.FUNCTIONCALL", section::Rules,
                 "entry @" + entry->getName() + " must take no parameters");
}

void checkNumThreads(const DxilModuleFacts &facts, DxilReport &report) {
  static const char axes[] = {'X', 'Y', 'Z'};
  uint64_t total = 1;
  for (unsigned i = 0; i < 3; ++i) {
    uint32_t size = facts.numThreads[i];
    total *= size;
    if (size < 1 || size > kMaxThreadGroupSize[i])
      report.error("SM.THREADGROUPCHANNELRANGE", section::Rules,
                   "Declared Thread Group " + Twine(axes[i]) + " size " +
                       Twine(size) + " outside valid range [1.." +
                       Twine(kMaxThreadGroupSize[i]) + "]");
  }
  if (total > kMaxThreadsPerGroup)
    report.error("SM.MAXTHEADGROUP", section::Rules,
                 "Declared Thread Group Count " + Twine(total) +
                     " (X*Y*Z) is beyond the valid maximum of " +
                     Twine(kMaxThreadsPerGroup));
}

bool isValidWaveSize(uint32_t size) {
  return isPowerOf2_32(size) && size >= kMinWaveSize && size <= kMaxWaveSize;
}

void checkWaveSizeValue(uint32_t size, DxilReport &report) {
  if (!isValidWaveSize(size))
    report.error("SM.WAVESIZEVALUE", section::Rules,
                 "wave size " + Twine(size) +
                     " is not a power of 2 in range [4..128]");
}

/// Tag 23: {min, max, preferred}; max 0 encodes min == max, min 0 means
/// undefined (DXIL.rst rule texts of the SM.WAVESIZE* rules).
void checkWaveSizeRange(const std::array<uint32_t, 3> &range,
                        DxilReport &report) {
  auto [min, max, preferred] = range;
  if (min == 0) {
    if (max != 0 || preferred != 0)
      report.error("SM.WAVESIZEALLZEROWHENUNDEFINED", section::Rules,
                   "wave size max and preferred must be 0 when min is 0");
    return;
  }
  checkWaveSizeValue(min, report);
  if (max == 0) {
    if (preferred != 0)
      report.error("SM.WAVESIZEMAXANDPREFERREDZEROWHENNORANGE", section::Rules,
                   "wave size preferred must be 0 when max is 0");
    return;
  }
  checkWaveSizeValue(max, report);
  if (max <= min)
    report.error("SM.WAVESIZEMAXGREATERTHANMIN", section::Rules,
                 "wave size max " + Twine(max) + " is not greater than min " +
                     Twine(min));
  if (preferred != 0) {
    checkWaveSizeValue(preferred, report);
    if (preferred < min || preferred > max)
      report.error("SM.WAVESIZEPREFERREDINRANGE", section::Rules,
                   "preferred wave size " + Twine(preferred) + " is outside " +
                       Twine(min) + ".." + Twine(max));
  }
}

} // namespace

void checkEntryPoint(const DxilModuleFacts &facts, DxilReport &report) {
  checkEntryFunction(facts, report);
  if (facts.entry)
    checkNumThreads(facts, report);
  if (!facts.waveSize)
    return;
  if (facts.waveSizeRanged)
    checkWaveSizeRange(*facts.waveSize, report);
  else
    checkWaveSizeValue((*facts.waveSize)[0], report);
}

} // namespace opencgc::codegen
