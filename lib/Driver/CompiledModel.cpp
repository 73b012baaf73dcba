//===- CompiledModel.cpp - A compiled model on disk -----------------------===//
#include "opencgc/Driver/CompiledModel.h"

#include "mlir/Pass/PassManager.h"
#include "opencgc/Compiler/PartitionIsolation.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace opencgc::driver {
namespace {
llvm::Error writeBytes(llvm::StringRef path, llvm::ArrayRef<uint8_t> bytes) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (error)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + error.message());
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return llvm::Error::success();
}

std::string joinPath(llvm::StringRef directory, llvm::StringRef name) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, name);
  return path.str().str();
}
} // namespace

llvm::Error runCompilePipeline(cgc::ModuleOp module,
                               const compiler::CompilePipelineOptions &options,
                               compiler::CompileReport &report,
                               llvm::function_ref<void(llvm::StringRef)> warn) {
  mlir::PassManager pm(module.getContext(), cgc::ModuleOp::getOperationName());
  compiler::buildCompilePipeline(pm, options, &report);
  return compiler::runReportingFirstError(pm, module, warn);
}

llvm::Error writeCompiledModel(compiler::CompileResult &result,
                               const NamedTensors &weights,
                               llvm::StringRef directory) {
  std::string partitions = joinPath(directory, "partitions");
  if (std::error_code error = llvm::sys::fs::create_directories(partitions))
    return llvm::createStringError("cannot create '" + partitions +
                                   "': " + error.message());
  cgc::ModuleOp module = *result.outputIR;
  if (auto error =
          writeBytes(joinPath(directory, kOutputIRFile),
                     writeModuleContainer(module, MlirInterface::CgcOutput)))
    return error;
  for (auto partition : module.getBodyBlock()->getOps<cgc::PartitionOp>()) {
    OwningOpRef<cgc::ModuleOp> isolated =
        compiler::isolatePartition(module, partition);
    if (auto error = writeBytes(
            joinPath(partitions, (partition.getSymName() + ".cgc").str()),
            writeModuleContainer(*isolated,
                                 MlirInterface::CgcSubgraphPartition)))
      return error;
  }
  llvm::json::Object *plan = result.plan.getAsObject();
  if (!weights.empty()) {
    if (auto error =
            writeWeights(weights, joinPath(directory, kCompiledWeightsFile)))
      return error;
    (*plan)["weights"] = kCompiledWeightsFile;
  }
  std::string planPath = joinPath(directory, kPlanFile);
  std::error_code error;
  llvm::raw_fd_ostream os(planPath, error, llvm::sys::fs::OF_Text);
  if (error)
    return llvm::createStringError("cannot write '" + planPath +
                                   "': " + error.message());
  os << llvm::formatv("{0:2}", result.plan) << "\n";
  return llvm::Error::success();
}

} // namespace opencgc::driver
