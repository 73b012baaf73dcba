//===- DeviceApiFixture.cpp - The device API, on any device ---------------===//
#include "DeviceApiFixture.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "opencgc/Compiler/PartitionIsolation.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/ModuleFile.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace opencgc::testdevice {

/// Bind point sizes of the driver partition: in, w1, b1, w2, b2, output,
/// scratch.
static const uint64_t kSizes[] = {64, 36, 4, 36, 4, 64, 64};
static constexpr uint64_t kStride = 256;

static constexpr llvm::StringLiteral kUnavailable = "device unavailable: ";

llvm::Error deviceUnavailable(const llvm::Twine &why) {
  return llvm::createStringError(kUnavailable + why);
}

void DeviceApiTest::SetUp() {
  loadCGCDialects(context);
  auto created = GetParam()(context);
  if (!created) {
    std::string message = llvm::toString(created.takeError());
    if (llvm::StringRef(message).starts_with(kUnavailable))
      GTEST_SKIP() << message;
    FAIL() << message;
  }
  device = std::move(*created);
}

std::vector<uint8_t> DeviceApiTest::driverPartition() {
  auto file = llvm::MemoryBuffer::getFile(std::string(OPENCGC_EXAMPLES_DIR) +
                                          "/spec-output-ir.mlir");
  EXPECT_TRUE(bool(file));
  if (!file)
    return {};
  auto output =
      parseSourceString<cgc::ModuleOp>((*file)->getBuffer(), &context);
  EXPECT_TRUE(output);
  auto partition = SymbolTable::lookupNearestSymbolFrom<cgc::PartitionOp>(
      *output, StringAttr::get(&context, "driverPartition"));
  OwningOpRef<cgc::ModuleOp> isolated =
      compiler::isolatePartition(*output, partition);
  EXPECT_TRUE(isolated);
  return writeModuleContainer(*isolated, MlirInterface::CgcSubgraphPartition);
}

std::shared_ptr<device::StateObject>
DeviceApiTest::createDriverStateObject(bool allowAdditions) {
  std::vector<uint8_t> container = driverPartition();
  device::StateObjectDesc desc;
  desc.mlirPrograms.push_back({"driver", container});
  desc.allowStateObjectAdditions = allowAdditions;
  auto created = device->createStateObject(desc);
  EXPECT_TRUE(bool(created)) << llvm::toString(created.takeError());
  return created ? *created : nullptr;
}

void DeviceApiTest::allocateBindPoints() {
  auto created = device->createBuffer(7 * kStride);
  ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
  memory = *created;
  for (int i = 0; i < 16; ++i)
    bindPoint(0)[i] = 1.0f;
  bindPoint(2)[0] = 0.5f;
  bindPoint(4)[0] = 0.5f;
}

float *DeviceApiTest::bindPoint(unsigned index) const {
  return reinterpret_cast<float *>(memory->getMappedData() + index * kStride);
}

std::vector<device::ProgramBinding> DeviceApiTest::driverBindings() const {
  std::vector<device::ProgramBinding> bindings;
  for (uint32_t i = 0; i < 7; ++i)
    bindings.push_back(device::ProgramBinding::gpu(
        i, memory->getRange(i * kStride, kSizes[i])));
  return bindings;
}

void DeviceApiTest::expectDispatchError(
    llvm::ArrayRef<device::ProgramBinding> bindings, llvm::StringRef expected) {
  auto list = device->createCommandList();
  ASSERT_TRUE(bool(list)) << llvm::toString(list.takeError());
  (*list)->setProgram(stateObject->getProgramIdentifier("driver"));
  llvm::Error error = (*list)->dispatchGraph(bindings);
  ASSERT_TRUE(bool(error)) << "DispatchGraph succeeded";
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find(expected.str()), std::string::npos) << message;
  EXPECT_EQ((*list)->getNumDispatches(), 0u);
}

void DeviceApiTest::run(llvm::ArrayRef<device::ProgramBinding> bindings) {
  auto list = device->createCommandList();
  ASSERT_TRUE(bool(list)) << llvm::toString(list.takeError());
  (*list)->setProgram(stateObject->getProgramIdentifier("driver"));
  ASSERT_FALSE(bool((*list)->dispatchGraph(bindings)));
  ASSERT_FALSE(bool((*list)->close()));
  ASSERT_FALSE(bool(device->executeCommandList(**list)));
  ASSERT_FALSE(bool(device->waitForIdle()));
}

} // namespace opencgc::testdevice
