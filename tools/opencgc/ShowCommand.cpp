//===- ShowCommand.cpp - opencgc show -------------------------------------===//
//
// Draws what the specification draws: the dataflow graph of Input IR, the
// partitions of Output IR, and (for a compiled output directory) the memory
// plan. Graphs are written as Mermaid and Graphviz DOT text; SVG comes from
// Graphviz when it is installed, except the memory plan, drawn here.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "mlir/IR/MLIRContext.h"
#include "opencgc/Driver/Model.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "opencgc/Visualize/Graph.h"
#include "opencgc/Visualize/GraphWriters.h"
#include "opencgc/Visualize/MemoryPlanSvg.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace opencgc::visualize;

namespace opencgc::cli {
cl::SubCommand
    showCommand("show",
                "Draw Input IR, Output IR partitions and the memory plan");

namespace {
enum class ShowFormat { Mermaid, Dot, Svg, All };

cl::opt<std::string>
    showInput(cl::Positional, cl::Required,
              cl::desc("<model .mlir|.mlirbc|.cgc|.onnx, or a directory "
                       "written by 'opencgc compile'>"),
              cl::sub(showCommand));
cl::opt<std::string> showOutputDir("o", cl::desc("Directory to write to"),
                                   cl::value_desc("dir"), cl::init("."),
                                   cl::sub(showCommand));
cl::opt<ShowFormat> showFormat(
    "format", cl::desc("What to write"), cl::init(ShowFormat::All),
    cl::values(clEnumValN(ShowFormat::Mermaid, "mermaid", "Mermaid (.mmd)"),
               clEnumValN(ShowFormat::Dot, "dot", "Graphviz DOT (.dot)"),
               clEnumValN(ShowFormat::Svg, "svg",
                          "SVG (graphs through Graphviz 'dot', with the "
                          ".dot beside them)"),
               clEnumValN(ShowFormat::All, "all", "All of the above")),
    cl::sub(showCommand));
cl::opt<std::string> showGraphviz(
    "graphviz",
    cl::desc("Graphviz program that renders .dot as SVG: a name looked up "
             "on PATH, or a path"),
    cl::value_desc("program"), cl::init("dot"), cl::sub(showCommand));

raw_ostream &error() { return WithColor::error(errs(), "opencgc show"); }

/// Writes one file and says so; false (after saying why) when it cannot.
bool writeFile(StringRef path, function_ref<void(raw_ostream &)> write) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_Text);
  if (!ec) {
    write(os);
    os.close();
    ec = os.error();
  }
  if (ec) {
    error() << "cannot write '" << path << "': " << ec.message() << "\n";
    return false;
  }
  outs() << "wrote " << path << "\n";
  return true;
}

std::string outputPath(StringRef fileName) {
  SmallString<256> path(showOutputDir);
  sys::path::append(path, fileName);
  return path.str().str();
}

ErrorOr<std::string> findGraphviz() {
  if (sys::path::has_parent_path(showGraphviz)) {
    if (sys::fs::can_execute(showGraphviz))
      return showGraphviz.getValue();
    return std::make_error_code(std::errc::no_such_file_or_directory);
  }
  return sys::findProgramByName(showGraphviz);
}

/// Renders `dotPath` to SVG with Graphviz. Its absence is only a warning:
/// the .dot and .mmd files are the drawing; the SVG is a convenience.
void renderWithGraphviz(StringRef dotPath, StringRef svgPath,
                        StringRef mermaidPath) {
  ErrorOr<std::string> dot = findGraphviz();
  if (!dot) {
    WithColor::warning(errs(), "opencgc show")
        << "Graphviz '" << showGraphviz << "' is not found, so " << svgPath
        << " was not drawn; " << dotPath << " and " << mermaidPath
        << " hold the graph\n";
    return;
  }
  std::string message;
  StringRef args[] = {"dot", "-Tsvg", dotPath, "-o", svgPath};
  int status =
      sys::ExecuteAndWait(*dot, args, std::nullopt, {}, 0, 0, &message);
  if (status != 0) {
    WithColor::warning(errs(), "opencgc show")
        << "Graphviz failed on " << dotPath << " (status " << status
        << (message.empty() ? "" : ": " + message) << "); no " << svgPath
        << "\n";
    return;
  }
  outs() << "wrote " << svgPath << "\n";
}

/// Writes `graph` as <stem>.mmd, <stem>.dot and <stem>.svg as asked.
bool writeGraph(const Graph &graph, StringRef stem) {
  std::string mermaid = outputPath((stem + ".mmd").str());
  std::string dot = outputPath((stem + ".dot").str());
  bool all = showFormat == ShowFormat::All, svg = showFormat == ShowFormat::Svg;
  bool graphvizMissing = (svg || all) && !findGraphviz();
  // Without Graphviz an SVG request still leaves a drawable text form.
  if ((all || showFormat == ShowFormat::Mermaid || (svg && graphvizMissing)) &&
      !writeFile(mermaid, [&](raw_ostream &os) { writeMermaid(graph, os); }))
    return false;
  if (showFormat == ShowFormat::Mermaid)
    return true;
  if (!writeFile(dot, [&](raw_ostream &os) { writeDot(graph, os); }))
    return false;
  if (svg || all)
    renderWithGraphviz(dot, outputPath((stem + ".svg").str()), mermaid);
  return true;
}

bool writeMemoryPlan(const MemoryPlan &plan) {
  if (showFormat != ShowFormat::Svg && showFormat != ShowFormat::All)
    return true;
  return writeFile(outputPath("memory-plan.svg"),
                   [&](raw_ostream &os) { writeMemoryPlanSvg(plan, os); });
}

/// The SSA names of the text a module was parsed from; other forms have
/// none.
ValueNames namesFor(const LoadedModule &loaded, StringRef path) {
  if (loaded.format != ModuleFormat::Text || path == "-")
    return ValueNames();
  auto text = MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!text)
    return ValueNames();
  return readSourceNames((*text)->getBuffer(), loaded.module.get());
}

int drawEntryPoint(cgc::ModuleOp module, StringRef path,
                   const ValueNames &names) {
  auto entries = module.getBodyBlock()->getOps<cgc::EntryPointOp>();
  if (!llvm::hasSingleElement(entries)) {
    error() << path << ": holds "
            << std::distance(entries.begin(), entries.end())
            << " cgc.entry_point ops; show draws a module with exactly one\n";
    return 1;
  }
  return writeGraph(buildInputGraph(*entries.begin(), names), "input-graph")
             ? 0
             : 1;
}

int drawProgram(cgc::ModuleOp module, StringRef path, const ValueNames &names) {
  auto programs = module.getBodyBlock()->getOps<cgc::ProgramOp>();
  if (!llvm::hasSingleElement(programs)) {
    error() << path << ": holds "
            << std::distance(programs.begin(), programs.end())
            << " cgc.program ops; Output IR has exactly one\n";
    return 1;
  }
  return writeGraph(buildOutputGraph(*programs.begin(), names), "output-ir")
             ? 0
             : 1;
}

int drawModule(const LoadedModule &loaded, StringRef path) {
  cgc::ModuleOp module = loaded.module.get();
  ValueNames names = namesFor(loaded, path);
  switch (classifyModule(module)) {
  case MlirInterface::CgcInput:
    return drawEntryPoint(module, path, names);
  case MlirInterface::CgcOutput:
    return drawProgram(module, path, names);
  default:
    error() << path << ": is " << getInterfaceName(classifyModule(module))
            << ", not CGC Input IR or Output IR; show draws those\n";
    return 1;
  }
}

int drawOnnx(StringRef path, mlir::MLIRContext &context) {
  Expected<driver::Model> model = driver::loadModel(path, context, {});
  if (!model) {
    error() << toString(model.takeError()) << "\n";
    return 1;
  }
  return writeGraph(buildInputGraph(model->entry, ValueNames()), "input-graph")
             ? 0
             : 1;
}

/// A directory written by `opencgc compile`: its plan.json names the
/// Output IR beside it.
int drawCompiled(StringRef dir, mlir::MLIRContext &context) {
  SmallString<256> planPath(dir);
  sys::path::append(planPath, kPlanFileName);
  auto text = MemoryBuffer::getFile(planPath, /*IsText=*/true);
  if (!text) {
    error() << dir << ": not a compiled output directory (cannot read "
            << planPath << ": " << text.getError().message() << ")\n";
    return 1;
  }
  Expected<MemoryPlan> plan = parseMemoryPlan((*text)->getBuffer());
  if (!plan) {
    error() << planPath << ": " << toString(plan.takeError()) << "\n";
    return 1;
  }
  SmallString<256> irPath(dir);
  sys::path::append(irPath,
                    plan->outputIr.empty() ? "output.cgc" : plan->outputIr);
  mlir::FailureOr<LoadedModule> loaded = loadModule(irPath, context);
  if (failed(loaded))
    return 1;
  if (classifyModule(loaded->module.get()) != MlirInterface::CgcOutput) {
    error() << irPath << ": expected CGC Output IR\n";
    return 1;
  }
  if (int status = drawModule(*loaded, irPath))
    return status;
  return writeMemoryPlan(*plan) ? 0 : 1;
}
} // namespace

int runShow(mlir::MLIRContext &context) {
  if (std::error_code ec = sys::fs::create_directories(showOutputDir)) {
    error() << "cannot create '" << showOutputDir << "': " << ec.message()
            << "\n";
    return 1;
  }
  // Checked here so the message names the path without an IR location.
  if (showInput != "-" && !sys::fs::exists(showInput)) {
    error() << "cannot read '" << showInput << "': no such file or directory\n";
    return 1;
  }
  if (sys::fs::is_directory(showInput))
    return drawCompiled(showInput, context);
  if (sys::path::extension(showInput).equals_insensitive(".onnx"))
    return drawOnnx(showInput, context);
  mlir::FailureOr<LoadedModule> loaded = loadModule(showInput, context);
  if (failed(loaded))
    return 1;
  return drawModule(*loaded, showInput);
}
} // namespace opencgc::cli
