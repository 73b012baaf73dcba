//===- ImportSizeLimitTest.cpp - Constants no machine holds ---------------===//
//
// A model may ask for import-time constants of terabytes (issue 14): the
// importer must say so before allocating, never be killed for trying.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Dialect/Registration.h"
#include "opencgc/Frontend/ONNX/Importer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <fstream>

using namespace opencgc::onnx_import;

namespace {

/// A model whose one output is `op` applied to int64 initializers `inputs`.
onnx::ModelProto
makeModel(const std::string &op,
          const std::vector<std::pair<std::string, std::vector<int64_t>>>
              &inputs) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(21);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("g");
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type(op);
  for (const auto &[name, values] : inputs) {
    onnx::TensorProto *tensor = graph->add_initializer();
    tensor->set_name(name);
    tensor->set_data_type(onnx::TensorProto::INT64);
    if (values.size() != 1)
      tensor->add_dims(values.size());
    for (int64_t value : values)
      tensor->add_int64_data(value);
    node->add_input(name);
  }
  node->add_output("y");
  onnx::ValueInfoProto *output = graph->add_output();
  output->set_name("y");
  output->mutable_type()->mutable_tensor_type()->set_elem_type(
      op == "Range" ? onnx::TensorProto::INT64 : onnx::TensorProto::FLOAT);
  return model;
}

std::string importError(const onnx::ModelProto &model) {
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("opencgc-size-limit", "onnx", path))
    return "cannot create a temporary file";
  {
    std::ofstream out(path.c_str(), std::ios::binary);
    model.SerializeToOstream(&out);
  }
  mlir::DialectRegistry registry;
  opencgc::registerCGCDialects(registry);
  mlir::MLIRContext context(registry);
  opencgc::loadCGCDialects(context);
  context.getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::Expected<ImportedModel> imported =
      importOnnxModel(path, context, ImportOptions{});
  llvm::sys::fs::remove(path);
  return imported ? "" : llvm::toString(imported.takeError());
}

TEST(ImportSizeLimit, ConstantOfShapeOfTerabytesIsAnError) {
  std::string error = importError(
      makeModel("ConstantOfShape", {{"shape", {1 << 20, 1 << 20}}}));
  EXPECT_NE(error.find("ConstantOfShape of shape 1048576x1048576 would be "
                       "4398046511104 bytes made at import time"),
            std::string::npos)
      << error;
}

TEST(ImportSizeLimit, RangeOfTerabytesIsAnError) {
  std::string error = importError(makeModel(
      "Range", {{"start", {0}}, {"limit", {int64_t(1) << 40}}, {"delta", {1}}}));
  EXPECT_NE(error.find("Range of shape 1099511627776 would be 8796093022208 "
                       "bytes made at import time"),
            std::string::npos)
      << error;
}

TEST(ImportSizeLimit, SmallConstantsStillImport) {
  EXPECT_EQ(importError(makeModel("ConstantOfShape", {{"shape", {2, 3}}})),
            "");
}

} // namespace
