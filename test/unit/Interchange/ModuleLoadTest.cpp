//===- ModuleLoadTest.cpp - Loading modules of every form -----------------===//
//
// MLIR's bytecode reader builds an op's attribute dictionary from what is
// written, and op accessors find attributes by binary search over it: a
// dictionary that names an attribute twice made shape inference read the
// wrong attribute (the module-load fuzzer's crash,
// test/regression/mlirbc/verifier-duplicate-attribute.mlirbc). Loading
// refuses such ops with an error naming the op and the attribute; a
// dictionary that leaves out a default-valued attribute gets the default.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "opencgc/Dialect/CGCOp/CGCOpOps.h"
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Interchange/ModuleFile.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace opencgc;

namespace {
constexpr const char *kConvolution = R"mlir(
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x5x5x!cgc.float32>, %w: !cgc.tensor<4x2x3x3x!cgc.float32>) -> !cgc.tensor<1x4x3x3x!cgc.float32> {
    %c = cgc_op.convolution(%x, %w) : (!cgc.tensor<1x2x5x5x!cgc.float32>, !cgc.tensor<4x2x3x3x!cgc.float32>)
    cgc.return %c : !cgc.tensor<1x4x3x3x!cgc.float32>
  }
}
)mlir";

class ModuleLoadTest : public ::testing::Test {
protected:
  ModuleLoadTest() { loadCGCDialects(context); }

  /// The convolution module with the convolution's attributes replaced by
  /// `attributes` (as given, not checked), as bytecode, loaded back; what
  /// the loader reports goes to `errors`.
  FailureOr<LoadedModule>
  reloadWithAttributes(llvm::ArrayRef<NamedAttribute> attributes) {
    auto text = loadModuleFromMemory(kConvolution, "conv.mlir", context);
    EXPECT_TRUE(succeeded(text));
    text->module->walk([&](cgc_op::ConvolutionOp conv) {
      conv->setAttrs(DictionaryAttr::getWithSorted(&context, attributes));
    });
    std::vector<uint8_t> bytes = writeModuleBytecode(*text->module);
    ::testing::internal::CaptureStderr();
    auto loaded = loadModuleFromMemory(
        llvm::StringRef(reinterpret_cast<const char *>(bytes.data()),
                        bytes.size()),
        "conv.mlirbc", context);
    errors = ::testing::internal::GetCapturedStderr();
    return loaded;
  }

  MLIRContext context;
  std::string errors;
};

TEST_F(ModuleLoadTest, AnAttributeNamedTwiceIsAnError) {
  Builder b(&context);
  auto loaded =
      reloadWithAttributes({b.getNamedAttr("group", b.getI64ArrayAttr({1, 1})),
                            b.getNamedAttr("group", b.getI64IntegerAttr(1))});
  EXPECT_TRUE(failed(loaded));
  EXPECT_NE(errors.find("'cgc_op.convolution' op has the attribute 'group' "
                        "twice"),
            std::string::npos)
      << errors;
}

TEST_F(ModuleLoadTest, ALeftOutDefaultValuedAttributeGetsItsDefault) {
  auto loaded = reloadWithAttributes({});
  ASSERT_TRUE(succeeded(loaded)) << errors;
  unsigned convolutions = 0;
  loaded->module->walk([&](cgc_op::ConvolutionOp conv) {
    ++convolutions;
    EXPECT_EQ(conv.getGroup(), 1u);
  });
  EXPECT_EQ(convolutions, 1u);
}

} // namespace
