//===- SpirvInspection.cpp - What a pipeline needs from a module ----------===//

#include "SpirvInspection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

using namespace opencgc::vulkan;

namespace {
// The SPIR-V numbers used below (SPIR-V specification, section 3).
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t kOpEntryPoint = 15, kOpExecutionMode = 16, kOpTypeImage = 25,
                   kOpTypePointer = 32, kOpConstant = 43,
                   kOpConstantComposite = 44, kOpVariable = 59,
                   kOpDecorate = 71, kOpExecutionModeId = 331;
constexpr uint32_t kStorageUniformConstant = 0, kStorageUniform = 2,
                   kStorageStorageBuffer = 12;
constexpr uint32_t kDimBuffer = 5, kSampledWithSampler = 1;
constexpr uint32_t kFormatRgba32f = 1, kFormatR32f = 3;
constexpr uint32_t kModelGLCompute = 5;
constexpr uint32_t kModeLocalSize = 17, kModeLocalSizeId = 38;
constexpr uint32_t kDecorationBuiltIn = 11, kDecorationBinding = 33,
                   kDecorationDescriptorSet = 34;
constexpr uint32_t kBuiltInWorkgroupSize = 25;

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid SPIR-V: " + message);
}

/// A literal string operand: UTF-8 packed little-endian, nul-terminated.
std::string readString(llvm::ArrayRef<uint32_t> operands) {
  std::string text;
  for (uint32_t word : operands)
    for (int byte = 0; byte < 4; ++byte) {
      char c = static_cast<char>((word >> (8 * byte)) & 0xff);
      if (c == 0)
        return text;
      text.push_back(c);
    }
  return text;
}

/// Facts collected in one pass over the instructions.
struct ModuleFacts {
  std::optional<uint32_t> entryId;
  bool entryIsCompute = false;
  llvm::DenseMap<uint32_t, std::array<uint32_t, 3>> localSizes;
  llvm::DenseSet<uint32_t> localSizeIds;
  llvm::DenseMap<uint32_t, uint32_t> constants;
  llvm::DenseMap<uint32_t, llvm::SmallVector<uint32_t, 3>> composites;
  std::optional<uint32_t> workgroupSizeId;
  llvm::DenseMap<uint32_t, DescriptorBinding> bindings;
  /// Pointer type -> (storage class, pointee); image type -> its operands.
  llvm::DenseMap<uint32_t, std::pair<uint32_t, uint32_t>> pointers;
  llvm::DenseMap<uint32_t, llvm::SmallVector<uint32_t, 8>> images;
  /// Variable -> its pointer type.
  llvm::DenseMap<uint32_t, uint32_t> variables;
};

void collect(ModuleFacts &facts, uint32_t opcode, llvm::ArrayRef<uint32_t> ops,
             llvm::StringRef entryPoint) {
  switch (opcode) {
  case kOpEntryPoint:
    if (ops.size() >= 3 && readString(ops.drop_front(2)) == entryPoint &&
        !facts.entryIsCompute) {
      facts.entryId = ops[1];
      facts.entryIsCompute = ops[0] == kModelGLCompute;
    }
    break;
  case kOpExecutionMode:
    if (ops.size() >= 5 && ops[1] == kModeLocalSize)
      facts.localSizes[ops[0]] = {ops[2], ops[3], ops[4]};
    break;
  case kOpExecutionModeId:
    if (ops.size() >= 2 && ops[1] == kModeLocalSizeId)
      facts.localSizeIds.insert(ops[0]);
    break;
  case kOpTypeImage:
    if (ops.size() >= 8)
      facts.images[ops[0]].assign(ops.begin() + 1, ops.end());
    break;
  case kOpTypePointer:
    if (ops.size() >= 3)
      facts.pointers[ops[0]] = {ops[1], ops[2]};
    break;
  case kOpVariable:
    if (ops.size() >= 3)
      facts.variables[ops[1]] = ops[0];
    break;
  case kOpConstant:
    if (ops.size() >= 3)
      facts.constants[ops[1]] = ops[2];
    break;
  case kOpConstantComposite:
    if (ops.size() >= 5)
      facts.composites[ops[1]].assign(ops.begin() + 2, ops.end());
    break;
  case kOpDecorate:
    if (ops.size() < 3)
      break;
    if (ops[1] == kDecorationBuiltIn && ops[2] == kBuiltInWorkgroupSize)
      facts.workgroupSizeId = ops[0];
    if (ops[1] == kDecorationDescriptorSet)
      facts.bindings[ops[0]].set = ops[2];
    if (ops[1] == kDecorationBinding)
      facts.bindings[ops[0]].binding = ops[2];
    break;
  default:
    break;
  }
}

TexelFormat toTexelFormat(uint32_t format) {
  switch (format) {
  case 0:
    return TexelFormat::Unknown;
  case kFormatRgba32f:
    return TexelFormat::Rgba32f;
  case kFormatR32f:
    return TexelFormat::R32f;
  default:
    return TexelFormat::Other;
  }
}

/// Classifies the variable `id` by its type: buffer blocks, uniform texel
/// buffers (image operands: sampled type, Dim, Depth, Arrayed, MS, Sampled,
/// Format), or anything else.
void classify(const ModuleFacts &facts, uint32_t id,
              DescriptorBinding &binding) {
  auto variable = facts.variables.find(id);
  if (variable == facts.variables.end())
    return;
  auto pointer = facts.pointers.find(variable->second);
  if (pointer == facts.pointers.end())
    return;
  auto [storageClass, pointee] = pointer->second;
  if (storageClass == kStorageStorageBuffer || storageClass == kStorageUniform)
    return;
  binding.kind = DescriptorKind::Other;
  auto image = facts.images.find(pointee);
  if (storageClass != kStorageUniformConstant || image == facts.images.end())
    return;
  const llvm::SmallVector<uint32_t, 8> &operands = image->second;
  if (operands[1] == kDimBuffer && operands[5] == kSampledWithSampler) {
    binding.kind = DescriptorKind::UniformTexelBuffer;
    binding.format = toTexelFormat(operands[6]);
  }
}

/// The WorkgroupSize built-in overrides LocalSize when a module has both.
std::optional<std::array<uint32_t, 3>>
readWorkgroupSizeBuiltIn(const ModuleFacts &facts) {
  if (!facts.workgroupSizeId)
    return std::nullopt;
  auto composite = facts.composites.find(*facts.workgroupSizeId);
  if (composite == facts.composites.end() || composite->second.size() != 3)
    return std::nullopt;
  std::array<uint32_t, 3> size;
  for (int i = 0; i < 3; ++i) {
    auto constant = facts.constants.find(composite->second[i]);
    if (constant == facts.constants.end())
      return std::nullopt; // a specialization constant: not supported
    size[i] = constant->second;
  }
  return size;
}
} // namespace

llvm::Expected<SpirvKernelInfo>
opencgc::vulkan::inspectSpirv(llvm::ArrayRef<uint32_t> words,
                              llvm::StringRef entryPoint) {
  if (words.size() < 5 || words[0] != kMagic)
    return fail("not a SPIR-V binary (" + llvm::Twine(words.size()) +
                " words, no magic number)");
  ModuleFacts facts;
  for (size_t at = 5; at < words.size();) {
    uint32_t wordCount = words[at] >> 16, opcode = words[at] & 0xffff;
    if (wordCount == 0 || at + wordCount > words.size())
      return fail("instruction at word " + llvm::Twine(at) +
                  " overruns the module");
    collect(facts, opcode, words.slice(at + 1, wordCount - 1), entryPoint);
    at += wordCount;
  }
  if (!facts.entryId)
    return fail("no entry point named '" + entryPoint + "'");
  if (!facts.entryIsCompute)
    return fail("entry point '" + entryPoint + "' is not a GLCompute shader");

  SpirvKernelInfo info;
  if (auto builtIn = readWorkgroupSizeBuiltIn(facts)) {
    info.workgroupSize = *builtIn;
  } else if (auto it = facts.localSizes.find(*facts.entryId);
             it != facts.localSizes.end()) {
    info.workgroupSize = it->second;
  } else {
    return fail("entry point '" + entryPoint +
                "' has no LocalSize execution mode" +
                (facts.localSizeIds.count(*facts.entryId)
                     ? " (LocalSizeId is not supported)"
                     : ""));
  }
  for (auto &[id, binding] : facts.bindings) {
    classify(facts, id, binding);
    info.bindings.push_back(binding);
  }
  return info;
}
