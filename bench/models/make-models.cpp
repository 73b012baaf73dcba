//===- make-models.cpp - Writes the benchmark CNNs as ONNX files ----------===//
//
// opencgc-make-models OUTDIR [NAME...]: writes OUTDIR/NAME.onnx for each
// benchmark network named (the CNNs by default; the transformers, whose
// files are hundreds of megabytes, by name) and prints its size and work.
// The weights come from a fixed seed: the same files on every machine.
//
//===----------------------------------------------------------------------===//
#include "Networks.h"
#include "Transformers.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {
using opencgc::bench::NetworkRecipe;

/// The CNNs, then the transformers.
std::vector<NetworkRecipe> allNetworks() {
  std::vector<NetworkRecipe> all = opencgc::bench::getBenchmarkNetworks();
  for (NetworkRecipe &recipe : opencgc::bench::getTransformerNetworks())
    all.push_back(std::move(recipe));
  return all;
}

/// "resnet50, mobilenetv2, ...": the networks' names.
std::string networkNames(const std::vector<NetworkRecipe> &networks) {
  std::string names;
  for (const NetworkRecipe &recipe : networks)
    names += (names.empty() ? "" : ", ") + recipe.name;
  return names;
}

void printUsage(FILE *stream) {
  std::fprintf(stream,
               "usage: opencgc-make-models OUTDIR [NAME...]\n"
               "Writes OUTDIR/NAME.onnx for each benchmark network named: "
               "%s\n(by default the CNNs: %s).\n",
               networkNames(allNetworks()).c_str(),
               networkNames(opencgc::bench::getBenchmarkNetworks()).c_str());
}

bool isNetwork(const std::string &name) {
  for (const NetworkRecipe &recipe : allNetworks())
    if (recipe.name == name)
      return true;
  return false;
}
} // namespace

int main(int argc, char **argv) {
  std::string first = argc < 2 ? "" : argv[1];
  if (first == "--help" || first == "-h") {
    printUsage(stdout);
    return 0;
  }
  // An option is not a directory to create.
  if (first.empty() || first[0] == '-') {
    printUsage(stderr);
    return 2;
  }
  std::vector<std::string> wanted(argv + 2, argv + argc);
  for (const std::string &name : wanted)
    if (!isNetwork(name)) {
      std::fprintf(stderr, "error: no network named '%s' (%s)\n", name.c_str(),
                   networkNames(allNetworks()).c_str());
      return 1;
    }
  std::filesystem::path directory = argv[1];
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    std::fprintf(stderr, "error: cannot create %s: %s\n", argv[1],
                 error.message().c_str());
    return 1;
  }
  for (const NetworkRecipe &recipe :
       wanted.empty() ? opencgc::bench::getBenchmarkNetworks()
                      : allNetworks()) {
    if (!wanted.empty() &&
        std::find(wanted.begin(), wanted.end(), recipe.name) == wanted.end())
      continue;
    opencgc::bench::GeneratedModel generated = recipe.build();
    std::filesystem::path path = directory / (recipe.name + ".onnx");
    std::ofstream file(path, std::ios::binary);
    if (!generated.model.SerializeToOstream(&file)) {
      std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
      return 1;
    }
    std::printf("%s: %d nodes, %.2f GMAC\n", path.c_str(),
                generated.model.graph().node_size(),
                double(generated.multiplyAdds) / 1e9);
  }
  return 0;
}
