//===- DeviceRegistryTest.cpp - The one table of devices ------------------===//
#include "opencgc/Device/DeviceRegistry.h"
#include "opencgc/Device/ReferenceDevice.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Driver/Devices.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSet.h"

#include <gtest/gtest.h>

using namespace opencgc;
using device::DeviceEntry;

namespace {
class DeviceRegistryTest : public ::testing::Test {
protected:
  DeviceRegistryTest() {
    registerCGCDialects(registry);
    context.appendDialectRegistry(registry);
    loadCGCDialects(context);
  }
  mlir::DialectRegistry registry;
  mlir::MLIRContext context;
};

TEST_F(DeviceRegistryTest, NamesAndAliasesAreUniqueAndFound) {
  llvm::StringSet<> seen;
  for (const DeviceEntry &entry : device::getDeviceRegistry()) {
    EXPECT_TRUE(seen.insert(entry.name).second) << entry.name.str();
    EXPECT_EQ(device::lookupDevice(entry.name), &entry);
    if (!entry.alias.empty()) {
      EXPECT_TRUE(seen.insert(entry.alias).second) << entry.alias.str();
      EXPECT_EQ(device::lookupDevice(entry.alias), &entry);
    }
  }
  EXPECT_EQ(device::lookupDevice("gpu"), nullptr);
}

TEST_F(DeviceRegistryTest, DefaultAndReferenceAreRunnable) {
  const DeviceEntry *byDefault =
      device::lookupDevice(device::kDefaultDeviceName);
  ASSERT_NE(byDefault, nullptr);
  EXPECT_TRUE(byDefault->canRun());
  const DeviceEntry *reference =
      device::lookupDevice(device::kReferenceTargetName);
  ASSERT_NE(reference, nullptr);
  EXPECT_TRUE(reference->canRun());
  // The fallback of every compilation is never asked as a target.
  EXPECT_EQ(reference->compileTarget, nullptr);
}

// Each compile target carries its entry's name (partitions are named after
// it and run on the device of that name). Targets that need hardware this
// machine lacks are left out, said so.
TEST_F(DeviceRegistryTest, CompileTargetsAreNamedAfterTheirEntries) {
  for (const DeviceEntry &entry : device::getDeviceRegistry()) {
    if (!entry.compileTarget || entry.reads(device::kUsesDeclarations))
      continue;
    auto target = entry.compileTarget(context, {});
    if (!target) {
      std::string why = llvm::toString(target.takeError());
      EXPECT_TRUE(entry.fallsBackToReference)
          << entry.name.str() << ": " << why;
      std::cerr << "note: no " << entry.name.str() << " target here: " << why
                << "\n";
      continue;
    }
    EXPECT_EQ((*target)->getName(), entry.name);
  }
}

TEST_F(DeviceRegistryTest, OpenDevicesNamesWhatItKnows) {
  auto unknown = driver::openDevices("gpu", context);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(llvm::toString(unknown.takeError()),
            "unknown device 'gpu' (known: vulkan, cuda, nvvm-host, "
            "dxil-host, reference)");
  auto compileOnly = driver::openDevices("test", context);
  ASSERT_FALSE(compileOnly);
  EXPECT_NE(llvm::toString(compileOnly.takeError()).find("only compiles"),
            std::string::npos);
  auto reference = driver::openDevices("reference", context);
  ASSERT_TRUE(static_cast<bool>(reference));
  EXPECT_EQ(reference->primary->getName(), device::kReferenceTargetName);
  EXPECT_TRUE(reference->targets().empty());
}

TEST_F(DeviceRegistryTest, NvvmHostOpensWithItsName) {
  auto devices = driver::openDevices("nvvm-host", context);
  ASSERT_TRUE(static_cast<bool>(devices))
      << llvm::toString(devices.takeError());
  EXPECT_EQ(devices->primary->getName(), "nvvm-host");
  EXPECT_EQ(devices->all().size(), 2u); // and the reference fallback
}

TEST_F(DeviceRegistryTest, TargetsByAliasAndDeclarations) {
  auto d3d12 = device::createCompileTargets("d3d12", {}, context);
  ASSERT_TRUE(static_cast<bool>(d3d12)) << llvm::toString(d3d12.takeError());
  ASSERT_EQ(d3d12->size(), 1u);
  EXPECT_EQ(d3d12->front()->getName(), "dxil-host");
  device::DeviceOptions withDeclarations;
  withDeclarations.declarationsPath = "decl.mlir";
  auto misplaced =
      device::createCompileTargets("cuda", withDeclarations, context);
  ASSERT_FALSE(misplaced);
  EXPECT_EQ(llvm::toString(misplaced.takeError()),
            "--declarations belongs to --target test, not --target cuda");
  auto none = device::createCompileTargets("reference", {}, context);
  ASSERT_TRUE(static_cast<bool>(none));
  EXPECT_TRUE(none->empty());
}
} // namespace
