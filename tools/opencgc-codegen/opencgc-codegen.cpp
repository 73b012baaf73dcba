//===- opencgc-codegen.cpp - Show the code generation stages --------------===//
//
// Reads Output IR or Partition IR and, for every subgraph, prints its Kernel
// IR, its SPIR-V dialect module, a summary of its validated SPIR-V binaries
// (written to DIR/<kernel>.spv with -o DIR), its NVVM IR as LLVM 22 prints
// it, a summary of its NVVM IR bitcode (DIR/<kernel>.bc) or of its PTX from
// libNVVM (DIR/<kernel>.ptx), or its validated DXIL compute shaders as
// LLVM 22 prints them (DIR/<kernel>.dxil containers with -o). Subgraphs that
// cannot be generated are reported and skipped; the exit code is then 1.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/DxilBackend.h"
#include "opencgc/Codegen/KernelIR.h"
#include "opencgc/Codegen/LibNvvm.h"
#include "opencgc/Codegen/NvvmBackend.h"
#include "opencgc/Codegen/SpirvBackend.h"
#include "opencgc/Codegen/SpirvDialect.h"
#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/ModuleFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace opencgc;

namespace {

enum class Stage {
  KernelIR,
  SpirvMlir,
  Spirv,
  NvvmText,
  NvvmBitcode,
  Ptx,
  Dxil
};

llvm::cl::OptionCategory options("opencgc-codegen options");

llvm::cl::opt<std::string> inputPath(llvm::cl::Positional,
                                     llvm::cl::desc("<Output or Partition IR>"),
                                     llvm::cl::Required,
                                     llvm::cl::cat(options));
llvm::cl::opt<Stage> emit(
    "emit", llvm::cl::desc("Stage to show"), llvm::cl::init(Stage::KernelIR),
    llvm::cl::values(
        clEnumValN(Stage::KernelIR, "kernel-ir", "Kernel IR (gpu dialect)"),
        clEnumValN(Stage::SpirvMlir, "spirv-mlir", "the SPIR-V dialect module"),
        clEnumValN(Stage::Spirv, "spirv",
                   "validated binaries: a summary, and .spv files with -o"),
        clEnumValN(Stage::NvvmText, "nvvm",
                   "NVVM IR as LLVM 22 prints it (opaque pointers)"),
        clEnumValN(Stage::NvvmBitcode, "nvvm-bc",
                   "NVVM IR bitcode (LLVM 7.0.1): a summary, and .bc files "
                   "with -o"),
        clEnumValN(Stage::Ptx, "ptx",
                   "PTX from libNVVM: a summary, and .ptx files with -o"),
        clEnumValN(Stage::Dxil, "dxil",
                   "validated DXIL compute shaders: the modules as LLVM 22 "
                   "prints them, or a summary, .dxil containers and .ll "
                   "modules with -o")),
    llvm::cl::cat(options));
llvm::cl::opt<std::string>
    outputDir("o", llvm::cl::desc("Directory for .spv, .bc or .ptx files"),
              llvm::cl::value_desc("dir"), llvm::cl::cat(options));
llvm::cl::opt<std::string>
    onlySubgraph("subgraph", llvm::cl::desc("Only the subgraph with this name"),
                 llvm::cl::value_desc("name"), llvm::cl::cat(options));
llvm::cl::opt<std::string>
    ptxArch("arch", llvm::cl::desc("libNVVM target for --emit=ptx"),
            llvm::cl::init("compute_75"), llvm::cl::value_desc("compute_NN"),
            llvm::cl::cat(options));

llvm::cl::opt<std::string> kernelTargetName(
    "kernel-target",
    llvm::cl::desc("Target the kernels are configured for (lavapipe, d3d12, "
                   "nvidia-sm70, nvidia-sm80 or nvidia-sm90); by default the "
                   "one its device uses: lavapipe for Kernel IR and SPIR-V, "
                   "the NVIDIA target of --arch for NVVM and PTX, d3d12 for "
                   "DXIL"),
    llvm::cl::value_desc("name"), llvm::cl::cat(options));

llvm::cl::opt<std::string> precisionName(
    "precision",
    llvm::cl::desc("How float32 products are computed: fp32 (default, exact "
                   "float32), tf32 (TF32 factors on tensor cores, about 1e-3 "
                   "relative error) or tf32x3 (three TF32 products, float32 "
                   "accuracy); tensor cores only where the kernel target has "
                   "TF32 mma.sync (nvidia-sm80, nvidia-sm90), fp32 elsewhere"),
    llvm::cl::init("fp32"), llvm::cl::value_desc("fp32|tf32|tf32x3"),
    llvm::cl::cat(options));

llvm::cl::opt<bool> relayoutConstants(
    "relayout-constants",
    llvm::cl::desc("Let kernels read constant inputs re-laid out, as the "
                   "Vulkan device does for constants only they read (layouts "
                   "printed per subgraph)"),
    llvm::cl::cat(options));

llvm::cl::opt<std::string> shaderModel(
    "shader-model",
    llvm::cl::desc("Compute shader model for --emit=dxil, 6.0 to 6.6 "
                   "(kernels with 16-bit types are at least 6.2)"),
    llvm::cl::init("6.0"), llvm::cl::value_desc("6.N"), llvm::cl::cat(options));

llvm::Error writeFile(llvm::StringRef name, llvm::StringRef bytes) {
  llvm::SmallString<128> path(outputDir);
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (error)
    return llvm::createStringError("cannot write " + path.str().str() + ": " +
                                   error.message());
  os << bytes;
  return llvm::Error::success();
}

llvm::Error writeBinary(const codegen::SpirvKernel &kernel) {
  return writeFile(
      kernel.entryPoint + ".spv",
      llvm::StringRef(reinterpret_cast<const char *>(kernel.binary.data()),
                      kernel.binary.size() * sizeof(uint32_t)));
}

void printLaunch(const codegen::KernelLaunch &launch) {
  llvm::outs() << "workgroup " << launch.workgroupSize[0] << "x"
               << launch.workgroupSize[1] << "x" << launch.workgroupSize[2]
               << ", workgroups " << launch.workgroupCount[0] << "x"
               << launch.workgroupCount[1] << "x" << launch.workgroupCount[2]
               << "\n";
}

/// NVVM IR text, bitcode files, or PTX files from libNVVM.
llvm::Error emitNvvm(codegen::KernelModule &kernels) {
  llvm::Expected<std::vector<codegen::NvvmKernel>> compiled =
      codegen::compileToNvvm(kernels);
  if (!compiled)
    return compiled.takeError();
  for (const codegen::NvvmKernel &kernel : *compiled) {
    if (emit == Stage::NvvmText) {
      llvm::outs() << kernel.text;
      continue;
    }
    llvm::StringRef bitcode(kernel.bitcode.data(), kernel.bitcode.size());
    if (emit == Stage::NvvmBitcode) {
      llvm::outs() << "kernel @" << kernel.entryPoint << ": NVVM IR, "
                   << bitcode.size() << " bytes of LLVM 7.0.1 bitcode, "
                   << kernel.numBindings << " parameters, ";
      printLaunch(kernel.launch);
      if (!outputDir.empty())
        if (llvm::Error error = writeFile(kernel.entryPoint + ".bc", bitcode))
          return error;
      continue;
    }
    llvm::Expected<codegen::LibNvvm &> libNvvm = codegen::LibNvvm::get();
    if (!libNvvm)
      return libNvvm.takeError();
    llvm::Expected<std::string> ptx =
        libNvvm->compileToPtx(kernel.bitcode, kernel.entryPoint, ptxArch);
    if (!ptx)
      return ptx.takeError();
    llvm::outs() << "kernel @" << kernel.entryPoint << ": PTX for " << ptxArch
                 << ", " << ptx->size() << " bytes, ";
    printLaunch(kernel.launch);
    if (!outputDir.empty())
      if (llvm::Error error = writeFile(kernel.entryPoint + ".ptx", *ptx))
        return error;
  }
  return llvm::Error::success();
}

/// DXIL modules as text, or with -o a summary and one container per kernel.
llvm::Error emitDxil(codegen::KernelModule &kernels) {
  llvm::Expected<unsigned> minor = codegen::parseDxilShaderModel(shaderModel);
  if (!minor)
    return minor.takeError();
  codegen::DxilOptions dxilOptions;
  dxilOptions.shaderModelMinor = *minor;
  llvm::Expected<std::vector<codegen::DxilKernel>> compiled =
      codegen::compileToDxil(kernels, dxilOptions);
  if (!compiled)
    return compiled.takeError();
  for (const codegen::DxilKernel &kernel : *compiled) {
    if (outputDir.empty()) {
      llvm::outs() << kernel.text;
      continue;
    }
    llvm::outs() << "kernel @" << kernel.launch.name << ": valid DXIL cs_6_"
                 << kernel.shaderModelMinor << ", " << kernel.container.size()
                 << " bytes, " << kernel.numBindings << " bindings, ";
    printLaunch(kernel.launch);
    llvm::StringRef bytes(
        reinterpret_cast<const char *>(kernel.container.data()),
        kernel.container.size());
    if (llvm::Error error = writeFile(kernel.launch.name + ".dxil", bytes))
      return error;
    // The readable form next to it, as LLVM 22 prints the module.
    if (llvm::Error error = writeFile(kernel.launch.name + ".ll", kernel.text))
      return error;
  }
  return llvm::Error::success();
}

void printSummary(const codegen::SpirvKernel &kernel) {
  llvm::outs() << "kernel @" << kernel.entryPoint << ": valid SPIR-V, "
               << kernel.binary.size() << " words, " << kernel.numBindings
               << " bindings, ";
  printLaunch(kernel.launch);
}

llvm::Error emitSpirv(codegen::KernelModule &kernels) {
  llvm::Expected<std::vector<codegen::SpirvKernel>> compiled =
      codegen::compileToSpirv(kernels);
  if (!compiled)
    return compiled.takeError();
  for (const codegen::SpirvKernel &kernel : *compiled) {
    printSummary(kernel);
    if (!outputDir.empty())
      if (llvm::Error error = writeBinary(kernel))
        return error;
  }
  return llvm::Error::success();
}

/// The compute capability --arch names (compute_90a: 90).
int archCapability() {
  llvm::StringRef digits = llvm::StringRef(ptxArch).drop_front(
      llvm::StringRef(ptxArch).starts_with("compute_") ? 8 : 0);
  int capability = 0;
  digits.take_while(llvm::isDigit).getAsInteger(10, capability);
  return capability;
}

/// --kernel-target, or the target of the device that runs --emit's code.
llvm::Expected<const codegen::KernelTarget &> chooseKernelTarget() {
  if (!kernelTargetName.empty())
    return codegen::getKernelTarget(kernelTargetName);
  switch (emit) {
  case Stage::NvvmText:
  case Stage::NvvmBitcode:
  case Stage::Ptx:
    return codegen::getNvidiaKernelTarget(archCapability());
  case Stage::Dxil:
    return codegen::getKernelTarget("d3d12");
  default:
    return codegen::getDefaultKernelTarget();
  }
}

/// Every constant input may be re-laid out with --relayout-constants.
codegen::KernelOptions kernelOptions(cgc::SubgraphOp subgraph,
                                     const codegen::KernelTarget &target) {
  codegen::KernelOptions options;
  options.target = &target;
  // Checked in main before any subgraph.
  options.precision = llvm::cantFail(codegen::parsePrecision(precisionName));
  if (relayoutConstants)
    options.relayoutableInputs = codegen::findConstantInputs(subgraph);
  return options;
}

llvm::Error emitSubgraph(cgc::SubgraphOp subgraph,
                         const codegen::KernelTarget &target) {
  codegen::KernelOptions options = kernelOptions(subgraph, target);
  llvm::Expected<codegen::KernelModule> kernels =
      codegen::lowerToKernelIR(subgraph, options);
  if (!kernels)
    return kernels.takeError();
  llvm::outs() << "// subgraph @" << subgraph.getSymName() << "\n";
  if (relayoutConstants)
    for (auto [number, layout] :
         llvm::enumerate(codegen::getInputLayouts(subgraph, options)))
      if (layout != ConstantLayout::Plain)
        llvm::outs() << "// input #" << number << " laid out "
                     << getConstantLayoutName(layout) << "\n";
  llvm::outs() << "// configured for " << target.name << ": "
               << codegen::describeKernelConfig(subgraph, options) << "\n";
  switch (emit) {
  case Stage::KernelIR:
    kernels->module->print(llvm::outs());
    llvm::outs() << "\n";
    return llvm::Error::success();
  case Stage::SpirvMlir: {
    auto lowered = codegen::lowerToSpirvDialect(*kernels);
    if (!lowered)
      return lowered.takeError();
    (*lowered)->print(llvm::outs());
    llvm::outs() << "\n";
    return llvm::Error::success();
  }
  case Stage::Spirv:
    return emitSpirv(*kernels);
  case Stage::NvvmText:
  case Stage::NvvmBitcode:
  case Stage::Ptx:
    return emitNvvm(*kernels);
  case Stage::Dxil:
    return emitDxil(*kernels);
  }
  llvm_unreachable("unknown stage");
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(options);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "opencgc code generation stages, per subgraph\n");
  bool writesFiles = emit == Stage::Spirv || emit == Stage::NvvmBitcode ||
                     emit == Stage::Ptx || emit == Stage::Dxil;
  if (!outputDir.empty() && !writesFiles) {
    llvm::WithColor::error()
        << "-o needs --emit=spirv, nvvm-bc or ptx (or dxil)\n";
    return 2;
  }
  if (!outputDir.empty())
    if (std::error_code error = llvm::sys::fs::create_directories(outputDir)) {
      llvm::WithColor::error()
          << "cannot create " << outputDir << ": " << error.message() << "\n";
      return 1;
    }

  DialectRegistry registry;
  registerCGCDialects(registry);
  MLIRContext context(registry);
  loadCGCDialects(context);
  llvm::SourceMgr noSources;
  SourceMgrDiagnosticHandler diagnostics(noSources, &context);

  llvm::Expected<const codegen::KernelTarget &> target = chooseKernelTarget();
  if (!target) {
    llvm::WithColor::error() << llvm::toString(target.takeError()) << "\n";
    return 2;
  }
  if (llvm::Expected<codegen::Precision> precision =
          codegen::parsePrecision(precisionName);
      !precision) {
    llvm::WithColor::error()
        << "--precision: " << llvm::toString(precision.takeError()) << "\n";
    return 2;
  }
  FailureOr<LoadedModule> loaded = loadModule(inputPath, context);
  if (failed(loaded))
    return 1;
  int status = 0;
  bool found = false;
  for (auto subgraph : loaded->module->getOps<cgc::SubgraphOp>()) {
    if (!onlySubgraph.empty() && subgraph.getSymName() != onlySubgraph)
      continue;
    found = true;
    if (llvm::Error error = emitSubgraph(subgraph, *target)) {
      llvm::outs().flush();
      llvm::WithColor::error() << llvm::toString(std::move(error)) << "\n";
      status = 1;
    }
  }
  if (!found) {
    llvm::WithColor::error()
        << "no subgraph"
        << (onlySubgraph.empty() ? std::string()
                                 : " named @" + onlySubgraph.getValue())
        << " in " << inputPath << "\n";
    return 1;
  }
  return status;
}
