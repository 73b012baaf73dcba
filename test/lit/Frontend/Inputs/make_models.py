#!/usr/bin/python3
"""Regenerates the small ONNX models the importer tests read.

Needs Debian's python3-onnx (not a project dependency): the .onnx files are
committed, and the tests only read them.
"""
import onnx
from onnx import TensorProto, helper


def unsupported_model():
    """One graph with four different reasons to be rejected."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    nodes = [
        helper.make_node("Relu", ["x"], ["a"], name="relu_with_bogus_attr",
                         bogus=1),
        helper.make_node("Foo", ["x"], ["b"], name="custom_foo",
                         domain="com.example"),
        helper.make_node("NonZero", ["x"], ["c"], name="nonzero"),
        helper.make_node("Add", ["x", "x"], ["y"], name="fine_add"),
    ]
    graph = helper.make_graph(nodes, "unsupported", [x], [y])
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 13), helper.make_opsetid("com.example", 1)])


def symbolic_model():
    """An input with a symbolic batch dimension."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])],
                              "symbolic", [x], [y])
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 13)])


if __name__ == "__main__":
    onnx.save(unsupported_model(), "unsupported.onnx")
    onnx.save(symbolic_model(), "symbolic.onnx")
