//===- SessionTest.cpp - opencgc::Session loads once, runs many times -----===//
//
// A libonnx-testdata model (pytorch-converted test_Conv2d_padding) through
// the C++ API on the reference device and on nvvm-host (which needs no
// GPU), against the test's recorded output; and each error the API names.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Session/Session.h"

#include "opencgc/Driver/Model.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

using namespace opencgc;

namespace {
const std::string kModelDir = std::string(OPENCGC_ONNX_TESTDATA_DIR) +
                              "/pytorch-converted/test_Conv2d_padding";

Tensor readTestTensor(const std::string &name) {
  auto tensor =
      driver::readTensorFile(kModelDir + "/test_data_set_0/" + name + ".pb");
  EXPECT_TRUE(bool(tensor)) << llvm::toString(tensor.takeError());
  return *tensor;
}

::testing::AssertionResult closeTo(const Tensor &actual,
                                   const Tensor &expected) {
  if (actual.getShape() != expected.getShape())
    return ::testing::AssertionFailure() << "shapes differ";
  for (int64_t i = 0; i < actual.getNumElements(); ++i)
    if (std::fabs(actual.getAsDouble(i) - expected.getAsDouble(i)) >
        1e-4 * (1 + std::fabs(expected.getAsDouble(i))))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << actual.getAsDouble(i) << " vs "
             << expected.getAsDouble(i);
  return ::testing::AssertionSuccess();
}

std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "(no error)";
}

class SessionTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SessionTest, RunsTheModelAsRecorded) {
  SessionOptions options;
  options.device = GetParam();
  auto session = Session::load(kModelDir + "/model.onnx", options);
  ASSERT_TRUE(bool(session)) << llvm::toString(session.takeError());
  EXPECT_EQ((*session)->getDeviceName(), GetParam());
  ASSERT_EQ((*session)->getInputs().size(), 1u);
  const TensorInfo &input = (*session)->getInputs()[0];
  EXPECT_EQ(input.elementType, "float");
  Tensor x = readTestTensor("input_0");
  EXPECT_EQ(input.shape,
            std::vector<int64_t>(x.getShape().begin(), x.getShape().end()));
  RunTimes times;
  // Twice: a prepared session runs again without compiling.
  for (int run = 0; run < 2; ++run) {
    auto outputs = (*session)->run({}, {{input.name, x}}, &times);
    ASSERT_TRUE(bool(outputs)) << llvm::toString(outputs.takeError());
    ASSERT_EQ(outputs->size(), 1u);
    EXPECT_TRUE(closeTo((*outputs)[0], readTestTensor("output_0")));
    EXPECT_GT(times.total, 0);
  }
}

TEST_P(SessionTest, RunsFromSeveralThreads) {
  SessionOptions options;
  options.device = GetParam();
  auto session = Session::load(kModelDir + "/model.onnx", options);
  ASSERT_TRUE(bool(session)) << llvm::toString(session.takeError());
  std::string name = (*session)->getInputs()[0].name;
  Tensor x = readTestTensor("input_0");
  Tensor expected = readTestTensor("output_0");
  std::vector<std::string> failures(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      auto outputs = (*session)->run({}, {{name, x}});
      if (!outputs)
        failures[t] = llvm::toString(outputs.takeError());
      else if (!closeTo((*outputs)[0], expected))
        failures[t] = "wrong values";
    });
  for (std::thread &thread : threads)
    thread.join();
  for (const std::string &failure : failures)
    EXPECT_EQ(failure, "");
}

INSTANTIATE_TEST_SUITE_P(Devices, SessionTest,
                         ::testing::Values("reference", "nvvm-host"));

TEST(SessionErrorsTest, NameWhatIsWrong) {
  SessionOptions options;
  options.device = "gpu";
  EXPECT_NE(
      errorOf(Session::load(kModelDir + "/model.onnx", options).takeError())
          .find("unknown device 'gpu'"),
      std::string::npos);
  options.device = "vulkan";
  options.kernelTarget = "lavapipe";
  EXPECT_NE(
      errorOf(Session::load(kModelDir + "/model.onnx", options).takeError())
          .find("kernel_target configures the kernels of cuda and "
                "nvvm-host, not of device 'vulkan'"),
      std::string::npos);

  options = {};
  options.device = "reference";
  auto session = Session::load(kModelDir + "/model.onnx", options);
  ASSERT_TRUE(bool(session)) << llvm::toString(session.takeError());
  std::string name = (*session)->getInputs()[0].name;
  Tensor x = readTestTensor("input_0");
  EXPECT_EQ(errorOf((*session)->run({}, {}).takeError()),
            "input '" + name + "' is missing");
  EXPECT_EQ(errorOf((*session)->run({}, {{name, x}, {"y", x}}).takeError()),
            "the model has no input named 'y'");
  EXPECT_EQ(errorOf((*session)->run({"q"}, {{name, x}}).takeError()),
            "the model has no output named 'q'");
}

TEST(SessionErrorsTest, BytesThatAreNoModel) {
  std::vector<uint8_t> bytes = {'n', 'o', 't', ' ', 'o', 'n', 'n', 'x'};
  SessionOptions options;
  options.device = "reference";
  auto session = Session::loadOnnxBytes(bytes, options);
  ASSERT_FALSE(bool(session));
  EXPECT_NE(llvm::toString(session.takeError()), "");
}

TEST(SessionErrorsTest, ModelBytesLoadAsTheFileDoes) {
  auto file = llvm::MemoryBuffer::getFile(kModelDir + "/model.onnx");
  ASSERT_TRUE(bool(file));
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>((*file)->getBufferStart()),
      (*file)->getBufferSize());
  SessionOptions options;
  options.device = "reference";
  auto session = Session::loadOnnxBytes(bytes, options);
  ASSERT_TRUE(bool(session)) << llvm::toString(session.takeError());
  auto outputs = (*session)->run(
      {}, {{(*session)->getInputs()[0].name, readTestTensor("input_0")}});
  ASSERT_TRUE(bool(outputs)) << llvm::toString(outputs.takeError());
  EXPECT_TRUE(closeTo((*outputs)[0], readTestTensor("output_0")));
}

TEST(SessionDevicesTest, ListsTheRunnableDevices) {
  std::vector<std::string> devices = getSessionDevices();
  for (const char *name : {"vulkan", "nvvm-host", "dxil-host", "reference"})
    EXPECT_NE(std::find(devices.begin(), devices.end(), name), devices.end())
        << name;
  EXPECT_EQ(std::find(devices.begin(), devices.end(), "test"), devices.end());
}

} // namespace
