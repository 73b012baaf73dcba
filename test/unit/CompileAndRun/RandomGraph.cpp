//===- RandomGraph.cpp - Random Input IR for property tests ---------------===//
#include "RandomGraph.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace opencgc::testgen {
namespace {
constexpr const char *kType = "!cgc.tensor<4x8x!cgc.float32>";
constexpr const char *kConstantType = "!cgc.tensor<constant 4x8x!cgc.float32>";

} // namespace

/// Input IR text of a random DAG over two inputs and one named constant.
std::string randomGraph(std::mt19937 &random, int numOps,
                        bool elementwiseOnly) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "cgc.module {\n  cgc.entry_point @main(%v0: " << kType
     << ", %v1: " << kType << ") -> (";
  int numResults = 1 + random() % 3;
  for (int i = 0; i < numResults; ++i)
    os << (i ? ", " : "") << kType;
  os << ") {\n    %v2 = cgc.constant(\"c\") : " << kConstantType << "\n";
  const char *unary[] = {"relu", "sigmoid", "tanh"};
  const char *binary[] = {"add", "mul", "sub"};
  int next = 3;
  auto pick = [&] { return random() % next; };
  for (int i = 0; i < numOps; ++i, ++next) {
    int kind = random() % (elementwiseOnly ? 9 : 10);
    int a = pick();
    os << "    %v" << next << " = cgc_op.";
    if (kind < 4) {
      os << unary[kind % 3] << "(%v" << a << ") : ("
         << (a == 2 ? kConstantType : kType) << ")\n";
    } else if (kind < 9) {
      int b = pick();
      os << binary[kind % 3] << "(%v" << a << ", %v" << b << ") : ("
         << (a == 2 ? kConstantType : kType) << ", "
         << (b == 2 ? kConstantType : kType) << ")\n";
    } else {
      os << "softmax(%v" << a << ") {axis = 1} : ("
         << (a == 2 ? kConstantType : kType) << ")\n";
    }
  }
  os << "    cgc.return ";
  for (int i = 0; i < numResults; ++i) {
    // Mostly late values; sometimes an input or a repeated value.
    // (The named constant %v2 has another type; it is never returned.)
    int value = random() % 5 == 0 ? random() % next : next - 1 - i;
    if (value < 0 || value == 2)
      value = next - 1;
    os << (i ? ", " : "") << "%v" << value;
  }
  os << " : ";
  for (int i = 0; i < numResults; ++i)
    os << (i ? ", " : "") << kType;
  os << "\n  }\n}\n";
  return text;
}

Tensor randomTensor(std::mt19937 &random) {
  Tensor tensor(DType::Float32, {4, 8});
  std::uniform_real_distribution<float> uniform(-2.0f, 2.0f);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.getData<float>()[i] = uniform(random);
  return tensor;
}

bool sameBits(const Tensor &a, const Tensor &b) {
  return a.getDType() == b.getDType() && a.getShape() == b.getShape() &&
         std::memcmp(a.getBytes(), b.getBytes(), a.getByteSize()) == 0;
}

} // namespace opencgc::testgen
