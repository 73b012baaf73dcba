// An application of opencgc's C++ API (docs/api.md): runs MODEL on the
// device named, with every input read from FILE (.npy or .pb), and prints
// each output's shape and the largest difference from EXPECTED.
//
//   consumer MODEL DEVICE INPUT=FILE EXPECTED_OUTPUT
#include "opencgc/Driver/Model.h"
#include "opencgc/Session/Session.h"

#include <cmath>
#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: consumer MODEL DEVICE NAME=FILE EXPECTED\n");
    return 2;
  }
  opencgc::SessionOptions options;
  options.device = argv[2];
  auto session = opencgc::Session::load(argv[1], options);
  if (!session) {
    std::fprintf(stderr, "error: %s\n",
                 llvm::toString(session.takeError()).c_str());
    return 1;
  }
  std::string binding = argv[3];
  size_t equals = binding.find('=');
  auto input = opencgc::driver::readTensorFile(binding.substr(equals + 1));
  auto expected = opencgc::driver::readTensorFile(argv[4]);
  if (!input || !expected) {
    std::fprintf(stderr, "error: cannot read the tensors\n");
    return 1;
  }
  auto outputs =
      (*session)->run({}, {{binding.substr(0, equals), std::move(*input)}});
  if (!outputs) {
    std::fprintf(stderr, "error: %s\n",
                 llvm::toString(outputs.takeError()).c_str());
    return 1;
  }
  const opencgc::Tensor &output = outputs->front();
  double largest = 0;
  for (int64_t i = 0; i < output.getNumElements(); ++i)
    largest = std::fmax(
        largest, std::fabs(output.getAsDouble(i) - expected->getAsDouble(i)));
  std::printf("ran on %s: output %s, largest difference %g\n",
              (*session)->getDeviceName().c_str(),
              opencgc::formatShape(output.getShape()).c_str(), largest);
  return largest <= 1e-4 ? 0 : 1;
}
