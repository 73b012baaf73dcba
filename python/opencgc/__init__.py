"""opencgc from Python: load a model once, run it on numpy arrays.

    import opencgc
    session = opencgc.InferenceSession("resnet50.onnx", device="vulkan")
    outputs = session.run(None, {"input": x})

InferenceSession has onnxruntime's shape of use (get_inputs, get_outputs,
run); docs/api.md describes every function.
"""
from ._opencgc import (Error, InferenceSession, NodeArg, compile, device_status,
                       devices, import_onnx)

__all__ = ["Error", "InferenceSession", "NodeArg", "compile", "device_status",
           "devices", "import_onnx"]

for _public in (Error, InferenceSession, NodeArg):
    _public.__module__ = __name__
