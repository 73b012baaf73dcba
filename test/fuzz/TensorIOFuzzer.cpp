//===- TensorIOFuzzer.cpp - Fuzz the tensor file readers ------------------===//
//
// libFuzzer entry point: every input goes to the .npy, weights and ONNX
// TensorProto readers. Each must reject hostile input with an error, never
// read out of bounds or crash, and whatever it accepts must write and read
// back to the same tensors.
//
//===----------------------------------------------------------------------===//

#include "opencgc/Frontend/ONNX/TensorProto.h"
#include "opencgc/Tensor/NpyFile.h"
#include "opencgc/Tensor/WeightsFile.h"

#include "onnx/onnx_pb.h"

#include <cstdlib>

using namespace opencgc;

/// Reads every byte of `tensor`, so that ASan catches short storage.
static void touch(const Tensor &tensor) {
  volatile uint8_t sink = 0;
  const uint8_t *bytes = tensor.getBytes();
  for (size_t i = 0; i < tensor.getByteSize(); ++i)
    sink ^= bytes[i];
  (void)sink;
}

static void fuzzNpy(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<Tensor> tensor = parseNpy(bytes, "fuzz.npy");
  if (!tensor) {
    llvm::consumeError(tensor.takeError());
    return;
  }
  touch(*tensor);
  llvm::Expected<Tensor> again = parseNpy(serializeNpy(*tensor), "again.npy");
  if (!again || !again->bitwiseEqual(*tensor))
    std::abort();
}

static void fuzzWeights(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<NamedTensors> tensors = parseWeights(bytes, "fuzz.cgcw");
  if (!tensors) {
    llvm::consumeError(tensors.takeError());
    return;
  }
  for (const auto &named : *tensors)
    touch(named.second);
  llvm::Expected<std::vector<uint8_t>> written = serializeWeights(*tensors);
  if (!written)
    std::abort(); // the reader accepted names or shapes the writer rejects
  llvm::Expected<NamedTensors> again = parseWeights(*written, "again.cgcw");
  if (!again || again->size() != tensors->size())
    std::abort();
  for (size_t i = 0; i < tensors->size(); ++i)
    if ((*again)[i].first != (*tensors)[i].first ||
        !(*again)[i].second.bitwiseEqual((*tensors)[i].second))
      std::abort();
}

static void fuzzTensorProto(llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<std::pair<std::string, Tensor>> read =
      parseTensorProto(bytes, "fuzz.pb");
  if (!read) {
    llvm::consumeError(read.takeError());
    return;
  }
  touch(read->second);
  llvm::Expected<Tensor> again =
      tensorFromProto(tensorToProto(read->second, read->first), "again.pb");
  if (!again || !again->bitwiseEqual(read->second))
    std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::ArrayRef<uint8_t> bytes(data, size);
  fuzzNpy(bytes);
  fuzzWeights(bytes);
  fuzzTensorProto(bytes);
  return 0;
}
