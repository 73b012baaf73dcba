//===- SpirvDialectLowering.cpp - Kernel IR to the SPIR-V dialect ---------===//
//
// Like upstream's convert-gpu-to-spirv, but with the math patterns in the
// same full conversion (upstream leaves math ops behind) and with erf,
// which has no GLSL.std.450 instruction, expanded to a polynomial first.
//
//===----------------------------------------------------------------------===//
#include "HalfStoreRounding.h"
#include "TargetEnvironment.h"
#include "TexelBufferInputs.h"

#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Codegen/SpirvDialect.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace opencgc::codegen {
namespace {

void loadSpirvDialect(MLIRContext &context) {
  if (context.getLoadedDialect<spirv::SPIRVDialect>())
    return;
  DialectRegistry registry;
  registry.insert<spirv::SPIRVDialect>();
  context.appendDialectRegistry(registry);
  context.loadDialect<spirv::SPIRVDialect>();
}

/// The target environment on the module, the workgroup size on each kernel.
void attachAbi(gpu::GPUModuleOp kernels, spirv::TargetEnvAttr targetEnv) {
  MLIRContext *context = kernels.getContext();
  kernels->setAttr(spirv::getTargetEnvAttrName(), targetEnv);
  kernels.walk([&](gpu::GPUFuncOp function) {
    if (!function.isKernel())
      return;
    SmallVector<int32_t> size = {1, 1, 1};
    if (std::optional<DenseI32ArrayAttr> known =
            function.getKnownBlockSizeAttr())
      size.assign(known->asArrayRef().begin(), known->asArrayRef().end());
    function->setAttr(spirv::getEntryPointABIAttrName(),
                      spirv::getEntryPointABIAttr(context, size));
  });
}

LogicalResult expandUnsupportedMath(gpu::GPUModuleOp kernels) {
  RewritePatternSet patterns(kernels.getContext());
  populatePolynomialApproximateErfPattern(patterns);
  return applyPatternsGreedily(kernels, std::move(patterns));
}

/// Upstream's scf.for -> spirv.mlir.loop conversion returns a loop's
/// results through Function variables that only the loop body stores, so a
/// loop that runs zero times yields uninitialized values (NaN on lavapipe,
/// e.g. ONNX's empty-set reductions). A loop with constant bounds and no
/// iteration is replaced by its init values; one whose bounds are not
/// constant runs under `lb < ub`, its init values otherwise.
void replaceZeroTripLoops(gpu::GPUModuleOp kernels) {
  SmallVector<scf::ForOp> loops;
  kernels.walk([&](scf::ForOp loop) {
    if (loop.getNumResults())
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    if (lower && upper) {
      if (*lower >= *upper) {
        loop.replaceAllUsesWith(loop.getInitArgs());
        loop.erase();
      }
      continue;
    }
    OpBuilder builder(loop);
    Location loc = loop.getLoc();
    Value runs =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    auto guard = scf::IfOp::create(builder, loc, loop.getResultTypes(), runs,
                                   /*withElseRegion=*/true);
    loop.replaceAllUsesWith(guard.getResults());
    builder.setInsertionPointToStart(guard.thenBlock());
    Operation *moved = builder.clone(*loop.getOperation());
    scf::YieldOp::create(builder, loc, moved->getResults());
    builder.setInsertionPointToStart(guard.elseBlock());
    scf::YieldOp::create(builder, loc, loop.getInitArgs());
    loop.erase();
  }
}

LogicalResult convertToSpirv(gpu::GPUModuleOp kernels) {
  MLIRContext *context = kernels.getContext();
  spirv::TargetEnvAttr targetEnv = spirv::lookupTargetEnvOrDefault(kernels);
  // Default memory space -> StorageBuffer, as Vulkan binds buffers.
  spirv::MemorySpaceToStorageClassConverter memorySpaces(
      spirv::mapMemorySpaceToVulkanStorageClass);
  spirv::convertMemRefTypesAndAttrs(kernels, memorySpaces);

  std::unique_ptr<ConversionTarget> target =
      SPIRVConversionTarget::get(targetEnv);
  SPIRVTypeConverter typeConverter(targetEnv);
  RewritePatternSet patterns(context);
  ScfToSPIRVContext scfContext;
  populateGPUToSPIRVPatterns(typeConverter, patterns);
  populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
  arith::populateArithToSPIRVPatterns(typeConverter, patterns);
  populateMathToSPIRVPatterns(typeConverter, patterns);
  populateMemRefToSPIRVPatterns(typeConverter, patterns);
  populateFuncToSPIRVPatterns(typeConverter, patterns);
  // Matmul kernels keep 4-wide accumulators and load/store vec4 elements.
  populateVectorToSPIRVPatterns(typeConverter, patterns);
  return applyFullConversion(kernels, *target, std::move(patterns));
}

/// spirv-update-vce deduces the lowest version the ops need, but the ABI
/// lowering listed storage buffers as entry point interfaces, which only
/// SPIR-V 1.4+ allows: declare the target's version.
void declareTargetVersion(spirv::ModuleOp module,
                          spirv::TargetEnvAttr targetEnv) {
  std::optional<spirv::VerCapExtAttr> deduced = module.getVceTriple();
  if (!deduced)
    return;
  module.setVceTripleAttr(spirv::VerCapExtAttr::get(
      IntegerAttr::get(IntegerType::get(module.getContext(), 32),
                       static_cast<uint32_t>(targetEnv.getVersion())),
      deduced->getCapabilitiesAttr(), deduced->getExtensionsAttr()));
}

std::string kernelNames(const KernelModule &kernels) {
  std::string names;
  for (const KernelLaunch &launch : kernels.launches)
    names += (names.empty() ? "@" : ", @") + launch.name;
  return names.empty() ? "(no kernels)" : names;
}

llvm::Error failure(const KernelModule &kernels, StringRef step,
                    const std::string &diagnostics) {
  return llvm::createStringError(
      "kernel " + kernelNames(kernels) + ": " + step + " failed" +
      (diagnostics.empty() ? "" : ": ") + diagnostics);
}

} // namespace

llvm::Expected<OwningOpRef<ModuleOp>>
lowerToSpirvDialect(const KernelModule &kernels, const SpirvOptions &options) {
  ModuleOp source = kernels.module.get();
  MLIRContext *context = source.getContext();
  loadSpirvDialect(*context);
  OwningOpRef<ModuleOp> module = source.clone();

  std::string diagnostics;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
      diagnostics += (diagnostics.empty() ? "" : "; ") + diagnostic.str();
    return success();
  });

  // Refused here rather than half converted.
  if (llvm::Error error = checkNoWorkgroupMemory(kernels, "SPIR-V"))
    return std::move(error);

  spirv::TargetEnvAttr targetEnv = getVulkanTargetEnv(context);
  SmallVector<gpu::GPUModuleOp> gpuModules(
      module->getBody()->getOps<gpu::GPUModuleOp>());
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    attachAbi(gpuModule, targetEnv);
    if (failed(expandUnsupportedMath(gpuModule)))
      return failure(kernels, "math expansion", diagnostics);
    replaceZeroTripLoops(gpuModule);
    if (failed(convertToSpirv(gpuModule)))
      return failure(kernels, "conversion to the SPIR-V dialect", diagnostics);
  }

  // Texel buffers replace storage buffers only once the ABI lowering has
  // made every kernel argument a global; update-vce then sees the images.
  PassManager abiPasses(context, ModuleOp::getOperationName());
  abiPasses.nest<spirv::ModuleOp>().addPass(
      spirv::createSPIRVLowerABIAttributesPass());
  if (failed(abiPasses.run(*module)))
    return failure(kernels, "SPIR-V ABI lowering", diagnostics);
  for (auto spirvModule : module->getBody()->getOps<spirv::ModuleOp>()) {
    useTexelBuffersForInputs(spirvModule, options.maxTexelBufferElements);
    roundHalfStoresToNearestEven(spirvModule);
  }
  PassManager vcePasses(context, ModuleOp::getOperationName());
  vcePasses.nest<spirv::ModuleOp>().addPass(spirv::createSPIRVUpdateVCEPass());
  if (failed(vcePasses.run(*module)))
    return failure(kernels, "SPIR-V capability deduction", diagnostics);
  for (auto spirvModule : module->getBody()->getOps<spirv::ModuleOp>())
    declareTargetVersion(spirvModule, targetEnv);
  return std::move(module);
}

void loadCodegenDialects(MLIRContext &context) {
  loadKernelIRDialects(context);
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  vector::VectorDialect, spirv::SPIRVDialect>();
  context.appendDialectRegistry(registry);
  context.loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                      math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                      vector::VectorDialect, spirv::SPIRVDialect>();
}

} // namespace opencgc::codegen
