"""Small ONNX models for the opencgc Python tests, built with onnx.helper,
and numpy references for them."""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def conv_relu_model(batch="N", seed=0):
    """y = relu(conv(x, w, b)), 3x3 pads 1, 3 -> 4 channels on 8x8; and
    z = y + 1. `batch` is the first dimension (a name: symbolic)."""
    rng = np.random.default_rng(seed)
    w = rng.uniform(-1, 1, (4, 3, 3, 3)).astype(np.float32)
    b = rng.uniform(-1, 1, (4,)).astype(np.float32)
    one = np.array(1.0, dtype=np.float32)
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["y"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["y"], ["r"]),
        helper.make_node("Add", ["r", "one"], ["z"]),
    ]
    graph = helper.make_graph(
        nodes, "conv_relu",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, 3, 8, 8])],
        [helper.make_tensor_value_info("r", TensorProto.FLOAT, [batch, 4, 8, 8]),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, [batch, 4, 8, 8])],
        [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b"),
         numpy_helper.from_array(one, "one")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model, w, b


def conv_relu_reference(x, w, b):
    """relu(conv(x, w, b)) with 3x3 windows and padding 1, in numpy."""
    n, c, h, width = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((n, w.shape[0], h, width), dtype=np.float64)
    for kh in range(3):
        for kw in range(3):
            window = padded[:, :, kh:kh + h, kw:kw + width]
            out += np.einsum("nchw,mc->nmhw", window, w[:, :, kh, kw])
    out += b[None, :, None, None]
    return np.maximum(out, 0).astype(np.float32)


def save(model, path):
    onnx.save(model, str(path))
    return str(path)
