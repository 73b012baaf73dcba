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

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: opencgc-make-models OUTDIR [NAME...]\n");
    return 2;
  }
  std::filesystem::path directory = argv[1];
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    std::fprintf(stderr, "error: cannot create %s: %s\n", argv[1],
                 error.message().c_str());
    return 1;
  }
  std::vector<std::string> wanted(argv + 2, argv + argc);
  int written = 0;
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
    ++written;
  }
  if (written == 0) {
    std::fprintf(stderr, "error: no network named so (resnet50, mobilenetv2, "
                         "squeezenet, densenet121)\n");
    return 1;
  }
  return 0;
}
