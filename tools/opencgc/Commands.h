//===- Commands.h - Subcommands of the opencgc CLI --------------*- C++ -*-===//
#ifndef OPENCGC_TOOLS_OPENCGC_COMMANDS_H
#define OPENCGC_TOOLS_OPENCGC_COMMANDS_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace opencgc {
namespace cgc {
class ModuleOp;
} // namespace cgc

namespace cli {
/// A subcommand: its llvm::cl registration and what runs when it is chosen.
struct Command {
  llvm::cl::SubCommand &subCommand;
  int (*run)(mlir::MLIRContext &context);
};

/// Every subcommand, built or not, in the order --help lists them.
llvm::ArrayRef<Command> getCommands();

int runConvert(mlir::MLIRContext &context);
int runInspect(mlir::MLIRContext &context);
int runImport(mlir::MLIRContext &context);
int runRun(mlir::MLIRContext &context);
int runConformance(mlir::MLIRContext &context);
int runCompile(mlir::MLIRContext &context);
int runBench(mlir::MLIRContext &context);
int runShow(mlir::MLIRContext &context);
int runValidate(mlir::MLIRContext &context);
int runDevices(mlir::MLIRContext &context);
extern llvm::cl::SubCommand convertCommand;
extern llvm::cl::SubCommand inspectCommand;
extern llvm::cl::SubCommand importCommand;
extern llvm::cl::SubCommand runCommand;
extern llvm::cl::SubCommand conformanceCommand;
extern llvm::cl::SubCommand compileCommand;
extern llvm::cl::SubCommand benchCommand;
extern llvm::cl::SubCommand showCommand;
extern llvm::cl::SubCommand validateCommand;
extern llvm::cl::SubCommand devicesCommand;

/// The path of the running opencgc executable (for child processes).
std::string getSelfExecutable();
void setArgv0(const char *argv0);

/// Prints the entry points, programs, partitions, subgraphs and bind points
/// of a module.
void printModuleSummary(cgc::ModuleOp module, llvm::raw_ostream &os);
} // namespace cli
} // namespace opencgc

#endif // OPENCGC_TOOLS_OPENCGC_COMMANDS_H
