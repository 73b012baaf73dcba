//===- DxilBackend.cpp - Kernel IR to DXIL compute shaders ----------------===//
//
// The target-neutral lowering (KernelToLlvm.h, with upstream's gpu-to-nvvm
// as DXIL's gpu lowering: the rewrite maps its forms) gives one LLVM 22 module; per
// launch a copy holding only that kernel has its libdevice math, memory
// accesses and ids made dx.op calls, is scalarized (DXIL has no vectors
// before SM 6.9, reference 2.2) and gets the dx.* metadata. Written as LLVM
// 3.7 bitcode in a signed container, it is then held to the DXIL validator:
// nothing leaves here that the validator rejects.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilBackend.h"

#include "DxilLowering.h"
#include "DxilMath.h"
#include "DxilModuleMetadata.h"
#include "opencgc/Codegen/DxilContainer.h"
#include "opencgc/Codegen/DxilValidator.h"
#include "opencgc/Codegen/KernelToLlvm.h"
#include "opencgc/Codegen/MathIntrinsicCalls.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace opencgc::codegen {
namespace {

Error kernelError(const KernelLaunch &launch, const Twine &message) {
  return createStringError("kernel @" + launch.name + ": " + message.str());
}

/// A copy of the Kernel IR with erf expanded to upstream's polynomial (as
/// the SPIR-V backend does): DXIL has no erf (reference 4.5).
Expected<KernelModule> prepareKernelIR(KernelModule &kernels) {
  KernelModule prepared;
  prepared.module = kernels.module->clone();
  prepared.launches = kernels.launches;
  mlir::RewritePatternSet patterns(prepared.module->getContext());
  mlir::populatePolynomialApproximateErfPattern(patterns);
  if (mlir::failed(
          mlir::applyPatternsGreedily(*prepared.module, std::move(patterns))))
    return createStringError("DXIL: expanding erf did not converge");
  return prepared;
}

/// Only the launch's kernel and the declarations it calls stay.
void keepOnlyKernel(Module &module, const KernelLaunch &launch) {
  for (Function &function : make_early_inc_range(module))
    if (!function.isDeclaration() && function.getName() != launch.name)
      function.deleteBody();
  for (Function &function : make_early_inc_range(module))
    if (function.getName() != launch.name && function.use_empty())
      function.eraseFromParent();
}

/// Runs function passes that only split, fold or delete instructions, so
/// they bring in no intrinsic DXIL lacks.
void runFunctionPasses(Function &function, FunctionPassManager pipeline) {
  PassBuilder passes;
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager sccs;
  ModuleAnalysisManager modules;
  passes.registerModuleAnalyses(modules);
  passes.registerCGSCCAnalyses(sccs);
  passes.registerFunctionAnalyses(functions);
  passes.registerLoopAnalyses(loops);
  passes.crossRegisterProxies(loops, functions, sccs, modules);
  pipeline.run(function, functions);
}

/// DXIL before SM 6.9 has no vector instructions (TYPES.NOVECTOR,
/// reference 2.2): every vector operation is split.
void scalarize(Function &kernel) {
  FunctionPassManager pipeline;
  ScalarizerPassOptions options;
  options.ScalarizeLoadStore = true;
  pipeline.addPass(ScalarizerPass(options));
  pipeline.addPass(DCEPass());
  runFunctionPasses(kernel, std::move(pipeline));
}

/// Folds what the rewrite leaves (launch constants, zero offsets) and
/// shares repeated offsets and ids.
void simplify(Function &entry) {
  FunctionPassManager pipeline;
  pipeline.addPass(InstSimplifyPass());
  pipeline.addPass(EarlyCSEPass());
  pipeline.addPass(DCEPass());
  runFunctionPasses(entry, std::move(pipeline));
}

bool isVectorUse(const Instruction &instruction) {
  return instruction.getType()->isVectorTy() ||
         any_of(instruction.operands(), [](const Use &operand) {
           return operand->getType()->isVectorTy();
         });
}

/// What the rewrite must not leave: vectors, calls other than dx.op,
/// unused declarations (DECL.USEDEXTERNALFUNCTION).
Error checkLowered(Module &module, const KernelLaunch &launch) {
  for (Function &function : make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty())
      function.eraseFromParent();
  for (Instruction &instruction : instructions(*module.getFunction("main"))) {
    std::string text;
    raw_string_ostream os(text);
    instruction.print(os);
    if (isVectorUse(instruction))
      return kernelError(launch, "vector instruction left after "
                                 "scalarization:" +
                                     text);
    auto *call = dyn_cast<CallInst>(&instruction);
    Function *callee = call ? call->getCalledFunction() : nullptr;
    if (call && (!callee || !callee->getName().starts_with("dx.op.")))
      return kernelError(launch, "no DXIL form for the call" + text);
  }
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(module, &problemStream))
    return kernelError(launch, "invalid LLVM IR: " + problems);
  return Error::success();
}

Expected<std::vector<uint8_t>> writeContainer(const Module &module,
                                              ArrayRef<char> bitcode) {
  Expected<dxil::DxilShaderDescription> shader =
      dxil::describeDxilShader(module);
  if (!shader)
    return shader.takeError();
  shader->bitcode = ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(bitcode.data()), bitcode.size());
  return dxil::writeDxilContainer(*shader);
}

Error validate(ArrayRef<uint8_t> container, const KernelLaunch &launch) {
  // Our own writer made this bitcode: no child process to read it first.
  std::vector<DxilFinding> findings =
      validateDxilContainer(container, /*trustedBitcode=*/true);
  if (!hasDxilErrors(findings))
    return Error::success();
  if (Error failure = dxilFindingsToError(findings, launch.name + ".dxil"))
    return kernelError(launch,
                       "not valid DXIL: " + toString(std::move(failure)));
  return Error::success();
}

/// 16-bit types need SM 6.2 and DXC's -enable-16bit-types (reference
/// section 0 item 4, 3.5); otherwise the shader model asked for.
DxilShaderTarget chooseTarget(const Function &kernel,
                              const DxilOptions &options) {
  DxilShaderTarget target;
  target.native16Bit = usesSixteenBitTypes(kernel);
  target.minor = options.shaderModelMinor;
  if (target.native16Bit)
    target.minor = std::max(target.minor, 2u);
  return target;
}

Expected<DxilKernel> emitKernel(const Module &lowered,
                                const KernelLaunch &launch,
                                const DxilOptions &options) {
  std::unique_ptr<Module> module = CloneModule(lowered);
  keepOnlyKernel(*module, launch);
  Function *kernel = module->getFunction(launch.name);
  if (!kernel || kernel->isDeclaration())
    return kernelError(launch, "no kernel function was generated");
  module->setDataLayout(bitcode::kDxilNativeLowPrecisionDataLayout);
  unsigned numBindings = kernel->arg_size();
  if (Error failure = lowerLibdeviceCalls(*module))
    return kernelError(launch, toString(std::move(failure)));
  DxilShaderTarget target = chooseTarget(*kernel, options);
  Expected<std::vector<DxilBinding>> bindings =
      lowerKernelToDxilEntry(*module, launch, target);
  if (!bindings)
    return bindings.takeError();
  // Vector buffer accesses are whole loads and stores by now; the
  // arithmetic between them is split here.
  Function &entry = *module->getFunction(kDxilEntryName);
  scalarize(entry);
  if (Error failure = promoteBytesToWords(entry, launch))
    return std::move(failure);
  narrowIndexArithmetic(entry);
  simplify(entry);
  bitcode::PointeeTypes pointees;
  emitDxilModuleMetadata(*module, *bindings, launch, target, pointees);
  if (Error failure = checkLowered(*module, launch))
    return std::move(failure);
  DxilKernel result;
  result.launch = launch;
  result.entryPoint = kDxilEntryName;
  result.shaderModelMinor = target.minor;
  result.numBindings = numBindings;
  SmallVector<char, 0> bitcode;
  bitcode::LegacyBitcodeOptions writerOptions;
  writerOptions.dataLayout = target.native16Bit
                                 ? bitcode::kDxilNativeLowPrecisionDataLayout
                                 : bitcode::kDxilLegacyDataLayout;
  if (Error failure = bitcode::writeLegacyBitcode(
          *module, pointees, bitcode::LegacyFlavour::Llvm37, bitcode,
          writerOptions))
    return kernelError(launch, toString(std::move(failure)));
  result.bitcode.assign(bitcode.begin(), bitcode.end());
  Expected<std::vector<uint8_t>> container =
      writeContainer(*module, result.bitcode);
  if (!container)
    return kernelError(launch, toString(container.takeError()));
  if (Error failure = validate(*container, launch))
    return std::move(failure);
  result.container = std::move(*container);
  raw_string_ostream text(result.text);
  module->print(text, nullptr);
  return result;
}

const KernelLlvmTarget &getDxilLowering() {
  static const KernelLlvmTarget target = getGpuToNvvmLowering("DXIL");
  return target;
}

} // namespace

void loadDxilCodegenDialects(mlir::MLIRContext &context) {
  loadKernelToLlvmDialects(context, getDxilLowering());
}

Expected<unsigned> parseDxilShaderModel(StringRef text) {
  unsigned minor = 0;
  StringRef rest = text;
  if (!rest.consume_front("6.") || rest.getAsInteger(10, minor) ||
      minor > kNewestDxilShaderModelMinor)
    return createStringError("--shader-model '" + text + "': give 6.0 to 6." +
                             Twine(kNewestDxilShaderModelMinor));
  return minor;
}

Expected<std::vector<DxilKernel>> compileToDxil(KernelModule &kernels,
                                                const DxilOptions &options) {
  if (options.shaderModelMinor > kNewestDxilShaderModelMinor)
    return createStringError("DXIL: shader model 6." +
                             Twine(options.shaderModelMinor) +
                             " is not supported (6.0 to 6." +
                             Twine(kNewestDxilShaderModelMinor) + ")");
  mlir::MLIRContext *context = kernels.module->getContext();
  // NVVM is the last dialect DXIL's gpu lowering loads.
  if (!context->getLoadedDialect<mlir::NVVM::NVVMDialect>())
    loadDxilCodegenDialects(*context);
  if (Error error = checkNoWorkgroupMemory(kernels, "DXIL"))
    return std::move(error);
  Expected<KernelModule> prepared = prepareKernelIR(kernels);
  if (!prepared)
    return prepared.takeError();
  LLVMContext llvmContext;
  bitcode::PointeeTypes parameterPointees;
  Expected<std::unique_ptr<Module>> lowered = lowerKernelsToLlvm(
      *prepared, llvmContext, parameterPointees, getDxilLowering());
  if (!lowered)
    return lowered.takeError();
  // LLVM intrinsics become libdevice calls or selects, the one form the
  // math rewrite reads.
  expandMathIntrinsics(**lowered, kLibdevicePrefix);
  std::vector<DxilKernel> result;
  for (const KernelLaunch &launch : kernels.launches) {
    Expected<DxilKernel> kernel = emitKernel(**lowered, launch, options);
    if (!kernel)
      return kernel.takeError();
    result.push_back(std::move(*kernel));
  }
  return result;
}

} // namespace opencgc::codegen
