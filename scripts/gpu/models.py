"""Runs ONNX models on opencgc --device cuda and on ONNX Runtime (CPU) with
the same seeded input, and prints the largest difference of each output and
both timings (scripts/gpu/check.sh, docs/devices.md).

    python3 models.py BUNDLE MODEL.onnx[:DIMS]...

BUNDLE holds bin/opencgc. DIMS (e.g. 1x3x640x640) gives the shape of a model
whose single input has symbolic dimensions. PRECISION=tf32 or tf32x3 runs
and benches opencgc with that --precision (tensor cores)."""
import os
import subprocess
import sys
import time

import numpy as np
import onnxruntime as ort


def check(opencgc, path, dims):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 8
    session = ort.InferenceSession(path, options,
                                   providers=["CPUExecutionProvider"])
    (graph_input,) = session.get_inputs()
    name = graph_input.name
    shape = ([int(d) for d in dims.split("x")] if dims else
             [int(d) for d in graph_input.shape])
    dims = "x".join(map(str, shape))
    x = np.random.default_rng(7).uniform(-1, 1, shape).astype(np.float32)
    stem = os.path.splitext(os.path.basename(path))[0]
    np.save(f"{stem}-input.npy", x)
    expected = session.run(None, {name: x})
    shape_flag = ["--input-shape", f"{name}={dims}"]
    precision = os.environ.get("PRECISION")
    if precision:
        shape_flag += ["--precision", precision]
    start = time.time()
    run = subprocess.run([opencgc, "run", path, "--device", "cuda", *shape_flag,
                          "--input", f"{name}={stem}-input.npy",
                          "--output-dir", f"{stem}-out"],
                         capture_output=True, text=True)
    print(f"== {stem} {dims}{' ' + precision if precision else ''}: "
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
    bench = subprocess.run([opencgc, "bench", path, "--device", "cuda",
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
        session.run(None, {name: x})
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
