"""Runs an ONNX model with opencgc.InferenceSession on random inputs, as one
would with onnxruntime.InferenceSession (docs/api.md).

    PYTHONPATH=build/python python3 examples/python-session.py MODEL.onnx [DEVICE]
"""
import sys

import numpy as np

import opencgc

model = sys.argv[1]
device = sys.argv[2] if len(sys.argv) > 2 else ""
session = opencgc.InferenceSession(model, device=device)
print("device:", session.device, session.fallback_note)
rng = np.random.default_rng(0)
feed = {}
for arg in session.get_inputs():
    print("input: ", arg)
    dtype = np.float32 if arg.type == "tensor(float)" else np.dtype(arg.type[7:-1])
    feed[arg.name] = rng.uniform(-1, 1, arg.shape).astype(dtype)
outputs, seconds = session.run_with_timing(None, feed)
for arg, value in zip(session.get_outputs(), outputs):
    print("output:", arg.name, value.dtype, value.shape, "mean", float(value.mean()))
print(f"ran in {seconds * 1000:.2f} ms")
