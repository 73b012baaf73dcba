//===- ModuleSummary.cpp - A readable outline of a cgc.module -------------===//
#include "Commands.h"

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Interchange/ModuleFile.h"

using namespace mlir;

namespace opencgc::cli {
namespace {
void printTypes(llvm::StringRef label, TypeRange types, raw_ostream &os) {
  for (auto [index, type] : llvm::enumerate(types))
    os << "    " << label << " #" << index << ": " << type << "\n";
}

/// "convolution x2, relu x2" in first-seen order.
std::string countOps(Block &body, function_ref<bool(Operation &)> filter,
                     function_ref<std::string(Operation &)> key) {
  std::vector<std::pair<std::string, unsigned>> counts;
  for (Operation &op : body) {
    if (!filter(op))
      continue;
    std::string name = key(op);
    auto it = llvm::find_if(counts, [&](auto &c) { return c.first == name; });
    if (it == counts.end())
      counts.emplace_back(name, 1);
    else
      ++it->second;
  }
  std::string text;
  for (auto &[name, count] : counts)
    text += (text.empty() ? "" : ", ") + name + " x" + std::to_string(count);
  return text.empty() ? "none" : text;
}

void printConstants(Block &body, raw_ostream &os) {
  std::string names;
  for (auto constant : body.getOps<cgc::ConstantOp>())
    names += (names.empty() ? "" : ", ") + constant.getName().str();
  if (!names.empty())
    os << "    named constants: " << names << "\n";
}

void printInvokes(Block &body, raw_ostream &os) {
  os << "    invokes (in order): "
     << countOps(
            body, [](Operation &op) { return isa<cgc::InvokeOp>(op); },
            [](Operation &op) {
              return "@" + cast<cgc::InvokeOp>(op).getCallee().str();
            })
     << "\n";
}

std::string layerName(Operation &op) {
  return op.getName().stripDialect().str();
}

/// The specification's name for what classifyModule found.
llvm::StringRef describeContents(MlirInterface interface) {
  switch (interface) {
  case MlirInterface::CgcInput:
    return "Input IR";
  case MlirInterface::CgcOutput:
    return "Output IR";
  case MlirInterface::CgcSubgraphPartition:
    return "Partition IR";
  default:
    return "other";
  }
}

bool isLayer(Operation &op) {
  return op.getDialect() && op.getDialect()->getNamespace() == "cgc_op";
}
} // namespace

void printModuleSummary(cgc::ModuleOp module, raw_ostream &os) {
  MlirInterface interface = classifyModule(module);
  os << "module: " << describeContents(interface) << " ("
     << getInterfaceName(interface) << ")\n";
  for (Operation &op : *module.getBodyBlock()) {
    if (auto entry = dyn_cast<cgc::EntryPointOp>(op)) {
      os << "  entry_point @" << entry.getName() << "\n";
      printTypes("input", entry.getArgumentTypes(), os);
      printTypes("result", entry.getResultTypes(), os);
      printConstants(*entry.getBodyBlock(), os);
      os << "    layers: "
         << countOps(*entry.getBodyBlock(), isLayer, layerName) << "\n";
    } else if (auto program = dyn_cast<cgc::ProgramOp>(op)) {
      os << "  program @" << program.getName() << ": "
         << program.getNumArguments() << " bind points\n";
      printTypes("bind point", program.getArgumentTypes(), os);
      printConstants(*program.getBodyBlock(), os);
      printInvokes(*program.getBodyBlock(), os);
    } else if (auto partition = dyn_cast<cgc::PartitionOp>(op)) {
      os << "  partition @" << partition.getName() << ": "
         << partition.getNumArguments() << " bind points\n";
      printTypes("bind point", partition.getArgumentTypes(), os);
      printInvokes(*partition.getBodyBlock(), os);
    } else if (auto subgraph = dyn_cast<cgc::SubgraphOp>(op)) {
      cgc::FunctionalDefinitionOp definition =
          subgraph.getFunctionalDefinition();
      os << "  subgraph @" << subgraph.getSymName() << " (origin \""
         << subgraph.getOrigin()
         << "\"): " << countOps(*definition.getBodyBlock(), isLayer, layerName)
         << "\n";
    }
  }
}
} // namespace opencgc::cli
