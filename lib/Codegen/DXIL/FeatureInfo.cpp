//===- FeatureInfo.cpp - The SFI0 part ------------------------------------===//
//
// SFI0 is one u64 of D3D feature bits, which DXC derives from the module's
// shader flags (dx.entryPoints tag 0; reference sections 1.3 and 3.7). The
// table pairs each feature bit with the shader-flag bit behind it, as
// LLVM's BinaryFormat/DXContainerConstants.def lists them; minimum and
// native low precision both come from "low precision present" (bit 5),
// told apart by "native low precision mode" (bit 23).
//
//===----------------------------------------------------------------------===//
#include "PartWriter.h"

#include "opencgc/Codegen/DxilContainer.h"

namespace opencgc::dxil {
namespace {

struct FeatureBit {
  unsigned feature;
  unsigned shaderFlag;
};

constexpr FeatureBit kFeatureBits[] = {
    {0, 2},   // Doubles
    {1, 17},  // ComputeShadersPlusRawAndStructuredBuffers
    {2, 16},  // UAVsAtEveryStage
    {3, 15},  // Max64UAVs
    {5, 6},   // DX11_1_DoubleExtensions
    {6, 7},   // DX11_1_ShaderExtensions
    {7, 14},  // LEVEL9ComparisonFiltering
    {8, 12},  // TiledResources
    {9, 11},  // StencilRef
    {10, 10}, // InnerCoverage
    {11, 13}, // TypedUAVLoadAdditionalFormats
    {12, 18}, // ROVs
    {13, 9},  // ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer
    {14, 19}, // WaveOps
    {15, 20}, // Int64Ops
    {16, 21}, // ViewID
    {17, 22}, // Barycentrics
    {19, 24}, // ShadingRate
    {20, 25}, // Raytracing_Tier_1_1
    {21, 26}, // SamplerFeedback
    {22, 27}, // AtomicInt64OnTypedResource
    {23, 28}, // AtomicInt64OnGroupShared
    {24, 29}, // DerivativesInMeshAndAmpShaders
    {25, 30}, // ResourceDescriptorHeapIndexing
    {26, 31}, // SamplerDescriptorHeapIndexing
    {27, 36}, // (reserved)
    {28, 32}, // AtomicInt64OnHeapResource
    {29, 34}, // AdvancedTextureOps
    {30, 35}, // WriteableMSAATextures
    {31, 37}, // SampleCmpWithGradientOrBias
    {32, 38}, // ExtendedCommandInfo
};

constexpr unsigned kLowPrecisionPresent = 5;
constexpr unsigned kNativeLowPrecisionMode = 23;
constexpr unsigned kMinimumPrecision = 4;
constexpr unsigned kNativeLowPrecision = 18;

bool hasBit(uint64_t flags, unsigned bit) { return (flags >> bit) & 1; }

} // namespace

uint64_t getFeatureInfo(uint64_t shaderFlags) {
  uint64_t features = 0;
  for (const FeatureBit &bit : kFeatureBits)
    if (hasBit(shaderFlags, bit.shaderFlag))
      features |= uint64_t(1) << bit.feature;
  if (hasBit(shaderFlags, kLowPrecisionPresent))
    features |= uint64_t(1) << (hasBit(shaderFlags, kNativeLowPrecisionMode)
                                    ? kNativeLowPrecision
                                    : kMinimumPrecision);
  return features;
}

std::vector<uint8_t> writeFeatureInfoPart(uint64_t shaderFlags) {
  PartWriter part;
  part.u64(getFeatureInfo(shaderFlags));
  return part.take();
}

} // namespace opencgc::dxil
