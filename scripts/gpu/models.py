"""Runs ONNX models on opencgc --device cuda and on ONNX Runtime (CPU) with
the same seeded input, and prints the largest difference of each output and
both timings (scripts/gpu/check.sh, docs/devices.md).

    python3 models.py BUNDLE MODEL.onnx[:DIMS]...

BUNDLE holds bin/opencgc. DIMS (e.g. 1x3x640x640) gives the shape of a model
whose single input has symbolic dimensions. Every input gets seeded values
by its type and name: float32 uniform in [-1, 1), int64 token ids below
30000 (under BERT's and GPT-2's vocabularies), ones for an int64 "mask"
(its last 16 zeros, as bench/compare-ort.sh), zeros for "token_type".
PRECISION=tf32 or tf32x3 runs and benches opencgc with that --precision
(tensor cores). DEVICE names another opencgc device than cuda (vulkan, to
try the script on a machine without a GPU)."""
import os
import subprocess
import sys
import time

import numpy as np
import onnxruntime as ort


def make_input(graph_input, shape, random):
    """Seeded values for one graph input (the module's docstring)."""
    name = graph_input.name
    if graph_input.type == "tensor(int64)":
        if "mask" in name:
            mask = np.ones(shape, np.int64)
            mask.reshape(-1)[-16:] = 0
            return mask
        if "token_type" in name:
            return np.zeros(shape, np.int64)
        return random.integers(0, 30000, shape, dtype=np.int64)
    return random.uniform(-1, 1, shape).astype(np.float32)


def check(opencgc, path, dims):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 8
    session = ort.InferenceSession(path, options,
                                   providers=["CPUExecutionProvider"])
    graph_inputs = session.get_inputs()
    if dims and len(graph_inputs) != 1:
        print(f"== {path}: DIMS given for a model with several inputs")
        return
    random = np.random.default_rng(7)
    stem = os.path.splitext(os.path.basename(path))[0]
    feeds, flags = {}, []
    for graph_input in graph_inputs:
        shape = ([int(d) for d in dims.split("x")] if dims else
                 [int(d) for d in graph_input.shape])
        feeds[graph_input.name] = make_input(graph_input, shape, random)
        np.save(f"{stem}-{graph_input.name}.npy", feeds[graph_input.name])
        flags += ["--input", f"{graph_input.name}={stem}-{graph_input.name}.npy"]
    expected = session.run(None, feeds)
    shape_flag = []
    if dims:
        shape_flag = ["--input-shape", f"{graph_inputs[0].name}={dims}"]
    shapes = ", ".join("x".join(map(str, x.shape)) for x in feeds.values())
    if len(feeds) > 3:
        shapes = f"{len(feeds)} inputs"
    precision = os.environ.get("PRECISION")
    if precision:
        shape_flag += ["--precision", precision]
    start = time.time()
    device = os.environ.get("DEVICE", "cuda")
    run = subprocess.run([opencgc, "run", path, "--device", device, *shape_flag,
                          *flags, "--output-dir", f"{stem}-out"],
                         capture_output=True, text=True)
    print(f"== {stem} {shapes}{' ' + precision if precision else ''}: "
          f"opencgc run exit {run.returncode}, "
          f"{time.time() - start:.1f} s (compile included)")
    if run.returncode:
        print(run.stderr[-2000:])
        return
    for output, want in zip(session.get_outputs(), expected):
        got = np.load(f"{stem}-out/{output.name}.npy")
        diff = np.abs(got.astype(np.float64) - want)
        print(f"  {output.name} {got.shape}: largest difference "
              f"{diff.max():.3g} where values reach {np.abs(want).max():.3g}, "
              f"NaN {int(np.isnan(got).sum())}")
    bench = subprocess.run([opencgc, "bench", path, "--device", device,
                            *shape_flag, "--iterations", "5", "--warmup", "1"],
                           capture_output=True, text=True)
    for line in bench.stdout.splitlines():
        if "partitions" in line or "run (" in line or "command list" in line:
            print("  " + line.strip())
    if bench.returncode:
        print(bench.stderr[-2000:])
    runs = 20
    start = time.time()
    for _ in range(runs):
        session.run(None, feeds)
    print(f"  ONNX Runtime CPU, 8 threads: {(time.time() - start) / runs * 1e3:.2f}"
          " ms mean")


def main():
    bundle = os.path.abspath(sys.argv[1])
    opencgc = os.path.join(bundle, "bin", "opencgc")
    for argument in sys.argv[2:]:
        path, _, dims = argument.partition(":")
        check(opencgc, os.path.abspath(path), dims)


if __name__ == "__main__":
    main()
