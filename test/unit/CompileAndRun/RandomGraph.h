//===- RandomGraph.h - Random Input IR for property tests --------*- C++ -*-===//
#ifndef OPENCGC_TEST_UNIT_COMPILEANDRUN_RANDOMGRAPH_H
#define OPENCGC_TEST_UNIT_COMPILEANDRUN_RANDOMGRAPH_H

#include "opencgc/Tensor/Tensor.h"

#include <random>
#include <string>

namespace opencgc::testgen {

/// Input IR text of a random DAG of relu/sigmoid/tanh/add/mul/sub (and,
/// unless `elementwiseOnly`, softmax) over two 4x8 float32 inputs and one
/// named constant "c", returning one to three values.
std::string randomGraph(std::mt19937 &random, int numOps,
                        bool elementwiseOnly = false);

/// A 4x8 float32 tensor uniform in [-2, 2].
Tensor randomTensor(std::mt19937 &random);

bool sameBits(const Tensor &a, const Tensor &b);

} // namespace opencgc::testgen

#endif // OPENCGC_TEST_UNIT_COMPILEANDRUN_RANDOMGRAPH_H
