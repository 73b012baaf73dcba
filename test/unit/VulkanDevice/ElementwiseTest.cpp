//===- ElementwiseTest.cpp - Elementwise kernels of four elements ---------===//
//
// An elementwise subgraph of at least 256 float32 elements computes four
// consecutive elements per invocation and stores each output as a vec4
// (KernelBuilding.h, elementsPerInvocation). Each element must read every
// operand at its own position: full-shape, broadcast along the last
// dimension, per channel and scalar operands, against the reference
// executor.
//
//===----------------------------------------------------------------------===//
#include "FusedKernelFixture.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace opencgc;

namespace {
using testgen::tensorType;

class ElementwiseKernelTest : public testgen::FusedKernelTest {};

TEST_P(ElementwiseKernelTest, FourElementsPerInvocationMatchTheReference) {
  std::string full = tensorType({2, 3, 8, 12}), row = tensorType({2, 3, 8, 1}),
              channel = tensorType({1, 3, 1, 1}), scalar = tensorType({1});
  expectOneDeviceSubgraph(llvm::formatv(R"mlir(
cgc.module {{
  cgc.entry_point @main(%a: {0}, %b: {1}, %c: {2}, %d: {3}) -> {0} {{
    %0 = cgc_op.mul(%a, %b) : ({0}, {1})
    %1 = cgc_op.add(%0, %c) : ({0}, {2})
    %2 = cgc_op.sub(%1, %d) : ({0}, {3})
    %3 = cgc_op.sigmoid(%2) : ({0})
    %4 = cgc_op.mul(%3, %a) : ({0}, {0})
    cgc.return %4 : {0}
  }
})mlir",
                                        full, row, channel, scalar)
                              .str(),
                          /*seed=*/53);
}

INSTANTIATE_TEST_SUITE_P(Vulkan, ElementwiseKernelTest,
                         ::testing::Values("vulkan"));
INSTANTIATE_TEST_SUITE_P(NvvmHost, ElementwiseKernelTest,
                         ::testing::Values("nvvm-host"));
INSTANTIATE_TEST_SUITE_P(DxilHost, ElementwiseKernelTest,
                         ::testing::Values("dxil-host"));

} // namespace
