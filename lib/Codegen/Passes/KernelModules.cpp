//===- KernelModules.cpp - Kernel IR modules nested by the passes ---------===//
#include "KernelModules.h"

#include "opencgc/Dialect/CGC/CGCOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

DenseI32ArrayAttr getSizeAttr(Builder &builder,
                              const std::array<uint32_t, 3> &size) {
  return builder.getDenseI32ArrayAttr({static_cast<int32_t>(size[0]),
                                       static_cast<int32_t>(size[1]),
                                       static_cast<int32_t>(size[2])});
}

/// A size of three positive numbers, if `attribute` is one.
std::optional<std::array<uint32_t, 3>> readSize(Attribute attribute) {
  auto size = dyn_cast_or_null<DenseI32ArrayAttr>(attribute);
  if (!size || size.size() != 3 ||
      llvm::any_of(size.asArrayRef(), [](int32_t n) { return n <= 0; }))
    return std::nullopt;
  return std::array<uint32_t, 3>{static_cast<uint32_t>(size[0]),
                                 static_cast<uint32_t>(size[1]),
                                 static_cast<uint32_t>(size[2])};
}

} // namespace

ArrayAttr getLaunchesAttr(MLIRContext *context,
                          llvm::ArrayRef<KernelLaunch> launches) {
  Builder builder(context);
  SmallVector<Attribute> entries;
  for (const KernelLaunch &launch : launches)
    entries.push_back(builder.getDictionaryAttr(
        {builder.getNamedAttr("name", builder.getStringAttr(launch.name)),
         builder.getNamedAttr("workgroup_size",
                              getSizeAttr(builder, launch.workgroupSize)),
         builder.getNamedAttr("workgroup_count",
                              getSizeAttr(builder, launch.workgroupCount))}));
  return builder.getArrayAttr(entries);
}

FailureOr<std::vector<KernelLaunch>> readLaunches(ModuleOp kernels) {
  auto malformed = [&] {
    return kernels.emitError()
           << kLaunchesAttrName
           << " must list the kernels as [{name = \"...\", workgroup_size = "
              "array<i32: x, y, z>, workgroup_count = array<i32: x, y, z>}]";
  };
  auto entries = kernels->getAttrOfType<ArrayAttr>(kLaunchesAttrName);
  if (!entries || entries.empty())
    return malformed();
  std::vector<KernelLaunch> launches;
  for (Attribute entry : entries) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    if (!fields)
      return malformed();
    auto name = fields.getAs<StringAttr>("name");
    std::optional<std::array<uint32_t, 3>> size =
        readSize(fields.get("workgroup_size"));
    std::optional<std::array<uint32_t, 3>> count =
        readSize(fields.get("workgroup_count"));
    if (!name || !size || !count)
      return malformed();
    launches.push_back({name.str(), *size, *count});
  }
  return launches;
}

FailureOr<SmallVector<ModuleOp>> getKernelModules(ModuleOp top,
                                                  llvm::StringRef pass) {
  auto sources = top.getBody()->getOps<cgc::ModuleOp>();
  if (!sources.empty())
    return (*sources.begin()).emitError()
           << pass
           << " needs Kernel IR (run cgc-lower-to-kernel-ir first); this is "
              "CGC IR";
  SmallVector<ModuleOp> modules;
  for (ModuleOp nested : top.getBody()->getOps<ModuleOp>())
    if (nested->hasAttr(kLaunchesAttrName))
      modules.push_back(nested);
  return modules;
}

LogicalResult checkHoldsGpuModule(ModuleOp kernels, llvm::StringRef pass) {
  if (!kernels.getBody()->getOps<gpu::GPUModuleOp>().empty())
    return success();
  return kernels.emitError()
         << pass
         << " needs Kernel IR; this module holds no gpu.module (was "
            "it lowered already?)";
}

} // namespace opencgc::codegen
