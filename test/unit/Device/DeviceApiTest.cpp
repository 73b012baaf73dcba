//===- DeviceApiTest.cpp - The device API, on any device ------------------===//
#include "DeviceApiFixture.h"

#include "opencgc/Device/ReferenceDevice.h"

#include <cstring>

using namespace opencgc;
using device::ProgramBinding;

namespace opencgc::testdevice {

TEST_P(DeviceApiTest, StateObjectNamesItsPrograms) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  EXPECT_FALSE(stateObject->getProgramIdentifier("driver").isNull());
  EXPECT_TRUE(stateObject->getProgramIdentifier("other").isNull());
  ASSERT_EQ(stateObject->getPrograms().size(), 1u);
  const device::CompiledPartition *program = stateObject->getProgram("driver");
  ASSERT_TRUE(program);
  EXPECT_EQ(program->getName(), "driverPartition");
  ASSERT_EQ(program->getBindPoints().size(), 7u);
  EXPECT_FALSE(program->getBindPoints()[0].written);
  EXPECT_TRUE(program->getBindPoints()[5].written);
  EXPECT_EQ(program->getBindPoints()[1].sizeInBytes, 36u);
}

TEST_P(DeviceApiTest, CreateStateObjectRejectsBadDescriptions) {
  std::vector<uint8_t> container = driverPartition();
  device::StateObjectDesc desc;
  auto expectError = [&](llvm::StringRef expected) {
    auto created = device->createStateObject(desc);
    ASSERT_FALSE(bool(created));
    std::string message = llvm::toString(created.takeError());
    EXPECT_NE(message.find(expected.str()), std::string::npos) << message;
  };
  expectError("holds no MLIR program");
  desc.mlirPrograms = {{"", container}};
  expectError("an MLIR program has no name");
  desc.mlirPrograms = {{"a", container}, {"a", container}};
  expectError("MLIR program 'a' is described twice");
  std::vector<uint8_t> garbage = {1, 2, 3};
  desc.mlirPrograms = {{"a", container}, {"broken", garbage}};
  expectError("CreateStateObject: MLIR program 'broken': ");
}

TEST_P(DeviceApiTest, AddToStateObjectMakesTheUnion) {
  stateObject = createDriverStateObject(/*allowAdditions=*/true);
  ASSERT_TRUE(stateObject);
  std::vector<uint8_t> container = driverPartition();
  device::StateObjectDesc addition;
  addition.mlirPrograms = {{"driver", container}, {"second", container}};
  auto grown = device->addToStateObject(addition, *stateObject);
  ASSERT_TRUE(bool(grown)) << llvm::toString(grown.takeError());
  EXPECT_EQ((*grown)->getPrograms().size(), 2u);
  // The program both hold is shared, not compiled again.
  EXPECT_EQ((*grown)->getProgramIdentifier("driver").opaqueData,
            stateObject->getProgramIdentifier("driver").opaqueData);
  EXPECT_FALSE((*grown)->getProgramIdentifier("second").isNull());
  EXPECT_FALSE((*grown)->allowsAdditions());

  // The same name with other bytecode conflicts.
  container.push_back(0);
  addition.mlirPrograms = {{"driver", container}};
  auto conflicting = device->addToStateObject(addition, *stateObject);
  ASSERT_FALSE(bool(conflicting));
  EXPECT_NE(llvm::toString(conflicting.takeError())
                .find("'driver' is already in the state object with "
                      "different bytecode"),
            std::string::npos);

  // A state object created without the flag cannot grow.
  addition.mlirPrograms.clear();
  auto refused = device->addToStateObject(addition, **grown);
  ASSERT_FALSE(bool(refused));
  EXPECT_NE(llvm::toString(refused.takeError())
                .find("D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS"),
            std::string::npos);
}

TEST_P(DeviceApiTest, DispatchGraphRunsOverGpuRanges) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  run(driverBindings());
  // Each convReluAdd with zero weights adds its 0.5 bias.
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(bindPoint(6)[i], 1.5f) << i;
    EXPECT_EQ(bindPoint(5)[i], 2.0f) << i;
  }
}

TEST_P(DeviceApiTest, AResubmittedListReadsTheCurrentMemory) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  auto list = device->createCommandList();
  ASSERT_TRUE(bool(list));
  (*list)->setProgram(stateObject->getProgramIdentifier("driver"));
  ASSERT_FALSE(bool((*list)->dispatchGraph(driverBindings())));
  // A second dispatch reading the first one's output needs a barrier.
  std::vector<ProgramBinding> chained = driverBindings();
  chained[0] = ProgramBinding::gpu(0, memory->getRange(5 * 256, 64));
  chained[5] = ProgramBinding::gpu(5, memory->getRange(0, 64));
  ASSERT_FALSE(bool((*list)->barrier()));
  ASSERT_FALSE(bool((*list)->dispatchGraph(chained)));
  ASSERT_FALSE(bool((*list)->close()));
  EXPECT_EQ((*list)->getNumDispatches(), 2u);
  ASSERT_FALSE(bool(device->executeCommandList(**list)));
  ASSERT_FALSE(bool(device->waitForIdle()));
  // 1 -> 2 (bind point 5) -> 3 (written over the input).
  EXPECT_EQ(bindPoint(0)[0], 3.0f);
  for (int i = 0; i < 16; ++i)
    bindPoint(0)[i] = 10.0f;
  ASSERT_FALSE(bool(device->executeCommandList(**list)));
  ASSERT_FALSE(bool(device->waitForIdle()));
  EXPECT_EQ(bindPoint(5)[3], 11.0f);
  EXPECT_EQ(bindPoint(0)[3], 12.0f);
}

TEST_P(DeviceApiTest, WaitForIdleWaitsForEverySubmittedList) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  // Two lists writing disjoint memory, both submitted before one wait; a
  // third is destroyed right after its submission.
  auto other = device->createBuffer(512);
  ASSERT_TRUE(bool(other));
  std::vector<ProgramBinding> second = driverBindings();
  second[5] = ProgramBinding::gpu(5, (*other)->getRange(0, 64));
  second[6] = ProgramBinding::gpu(6, (*other)->getRange(256, 64));
  std::vector<std::unique_ptr<device::CommandList>> lists;
  for (const auto &bindings : {driverBindings(), second, second}) {
    auto list = device->createCommandList();
    ASSERT_TRUE(bool(list));
    (*list)->setProgram(stateObject->getProgramIdentifier("driver"));
    ASSERT_FALSE(bool((*list)->dispatchGraph(bindings)));
    ASSERT_FALSE(bool((*list)->close()));
    ASSERT_FALSE(bool(device->executeCommandList(**list)));
    lists.push_back(std::move(*list));
  }
  lists.pop_back();
  ASSERT_FALSE(bool(device->waitForIdle()));
  EXPECT_EQ(bindPoint(5)[15], 2.0f);
  EXPECT_EQ(reinterpret_cast<float *>((*other)->getMappedData())[15], 2.0f);
}

TEST_P(DeviceApiTest, CpuBindingsAreCopiedWhenRecorded) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  ASSERT_EQ(device->getMlirProgramsTier(), device::MlirProgramsTier::Tier2_0);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  std::vector<float> weights(9, 0.0f), bias = {0.25f};
  bindings[1] = ProgramBinding::cpu(1, weights.data(), 36);
  bindings[2] = ProgramBinding::cpu(2, bias.data(), 4);
  auto list = device->createCommandList();
  ASSERT_TRUE(bool(list));
  (*list)->setProgram(stateObject->getProgramIdentifier("driver"));
  ASSERT_FALSE(bool((*list)->dispatchGraph(bindings)));
  bias[0] = 100.0f; // Too late: the list holds its own copy.
  ASSERT_FALSE(bool((*list)->close()));
  ASSERT_FALSE(bool(device->executeCommandList(**list)));
  ASSERT_FALSE(bool(device->waitForIdle()));
  EXPECT_EQ(bindPoint(6)[0], 1.25f);
  EXPECT_EQ(bindPoint(5)[0], 1.75f);
}

TEST_P(DeviceApiTest, DebugLayerRejectsBadBindPointIndices) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  bindings.pop_back();
  expectDispatchError(bindings, "DispatchGraph of program 'driverPartition': "
                                "bind point 6 "
                                "(!cgc.memref<1x1x4x4x!cgc.float32>) is not "
                                "bound");
  bindings = driverBindings();
  bindings[6].bindPointIndex = 2;
  expectDispatchError(bindings, "bind point 2 is bound more than once");
  bindings = driverBindings();
  bindings.push_back(ProgramBinding::gpu(7, memory->getRange(0, 64)));
  expectDispatchError(bindings,
                      "binding names bind point 7, but the program has 7 "
                      "bind points");
  bindings = driverBindings();
  bindings[3].type = static_cast<device::BindingType>(5);
  expectDispatchError(bindings, "bind point 3 has binding type 5");
}

TEST_P(DeviceApiTest, DebugLayerRejectsBadRanges) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<ProgramBinding> bindings = driverBindings();
  bindings[1].gpuBinding.sizeInBytes = 35;
  expectDispatchError(bindings, "bind point 1 (!cgc.memref<constant "
                                "1x1x3x3x!cgc.float32>) needs 36 bytes but "
                                "is bound to a 35-byte range");
  bindings = driverBindings();
  bindings[0].gpuBinding.startAddress += 2;
  expectDispatchError(bindings, "not a multiple of its element's 4-byte "
                                "alignment");
  bindings = driverBindings();
  bindings[4].gpuBinding.startAddress = 0;
  expectDispatchError(bindings, "bind point 4 "
                                "(!cgc.memref<constant 1x!cgc.float32>) is "
                                "bound to a null address");
}

TEST_P(DeviceApiTest, DebugLayerRejectsBadCpuData) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  std::vector<float> data(16, 0.0f);
  std::vector<ProgramBinding> bindings = driverBindings();
  bindings[1] = ProgramBinding::cpu(1, data.data(), 32);
  expectDispatchError(bindings, "bind point 1 (!cgc.memref<constant "
                                "1x1x3x3x!cgc.float32>) is 36 bytes but is "
                                "bound to 32 bytes of CPU data");
  bindings = driverBindings();
  bindings[5] = ProgramBinding::cpu(5, data.data(), 64);
  expectDispatchError(bindings, "bind point 5 "
                                "(!cgc.memref<1x1x4x4x!cgc.float32>) is "
                                "written by the program, so it cannot be "
                                "bound to CPU data");
  bindings = driverBindings();
  bindings[2] = ProgramBinding::cpu(2, nullptr, 4);
  expectDispatchError(bindings, "is bound to null CPU data");
}

TEST_P(DeviceApiTest, CommandListsCheckTheirState) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  auto list = device->createCommandList();
  ASSERT_TRUE(bool(list));
  llvm::Error error = (*list)->dispatchGraph(driverBindings());
  EXPECT_NE(llvm::toString(std::move(error)).find("call SetProgram first"),
            std::string::npos);
  device::ProgramIdentifier forged;
  forged.opaqueData = {12345, 1, 2, 3};
  (*list)->setProgram(forged);
  error = (*list)->dispatchGraph(driverBindings());
  EXPECT_NE(llvm::toString(std::move(error))
                .find("names no live MLIR program of device"),
            std::string::npos);
  error = device->executeCommandList(**list);
  EXPECT_NE(llvm::toString(std::move(error)).find("still open"),
            std::string::npos);
  ASSERT_FALSE(bool((*list)->close()));
  error = (*list)->dispatchGraph(driverBindings());
  EXPECT_NE(llvm::toString(std::move(error)).find("closed command list"),
            std::string::npos);
}

TEST_P(DeviceApiTest, IdentifiersDieWithTheirStateObject) {
  stateObject = createDriverStateObject();
  ASSERT_TRUE(stateObject);
  allocateBindPoints();
  device::ProgramIdentifier identifier =
      stateObject->getProgramIdentifier("driver");
  ASSERT_TRUE(device->lookupProgram(identifier));
  stateObject.reset();
  EXPECT_FALSE(device->lookupProgram(identifier));
}

INSTANTIATE_TEST_SUITE_P(
    Reference, DeviceApiTest,
    ::testing::Values(
        DeviceFactory([](mlir::MLIRContext &context)
                          -> llvm::Expected<std::unique_ptr<device::Device>> {
          return device::createReferenceDevice(context);
        })));

} // namespace opencgc::testdevice
