//===- make-models.cpp - Writes the benchmark CNNs as ONNX files ----------===//
//
// opencgc-make-models OUTDIR [NAME...]: writes OUTDIR/NAME.onnx for each
// benchmark network (all by default) and prints its size and work. The
// weights come from a fixed seed: the same files on every machine.
//
//===----------------------------------------------------------------------===//
#include "Networks.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {
/// "resnet50, mobilenetv2, ...": the networks, as getBenchmarkNetworks
/// lists them.
std::string networkNames() {
  std::string names;
  for (const opencgc::bench::NetworkRecipe &recipe :
       opencgc::bench::getBenchmarkNetworks())
    names += (names.empty() ? "" : ", ") + recipe.name;
  return names;
}

void printUsage(FILE *stream) {
  std::fprintf(stream,
               "usage: opencgc-make-models OUTDIR [NAME...]\n"
               "Writes OUTDIR/NAME.onnx for each benchmark network named (all "
               "by default):\n%s.\n",
               networkNames().c_str());
}

bool isNetwork(const std::string &name) {
  for (const opencgc::bench::NetworkRecipe &recipe :
       opencgc::bench::getBenchmarkNetworks())
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
                   networkNames().c_str());
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
  for (const opencgc::bench::NetworkRecipe &recipe :
       opencgc::bench::getBenchmarkNetworks()) {
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
