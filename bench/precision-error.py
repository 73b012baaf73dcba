#!/usr/bin/env python3
"""precision-error.py MODEL [DEVICE]: how far each --precision moves a
model's output from the reference device's (docs/kernel-ir.md, "Tensor
cores"), through the Python API: one input uniform in [0, 1) (seed 0) of the
model's declared shape, every precision on DEVICE (default nvvm-host, which
runs the tensor-core kernels on the CPU; cuda on a GPU), the largest
difference absolute and relative to the output's largest magnitude, whether
the top-1 index agrees, and the run's time. Needs numpy and the opencgc
module (PYTHONPATH=build/python, or the build's .pth file)."""
import sys
import time

import numpy as np
import opencgc


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    model = sys.argv[1]
    device = sys.argv[2] if len(sys.argv) == 3 else "nvvm-host"
    reference = opencgc.InferenceSession(model, device="reference")
    declared = reference.get_inputs()[0]
    x = np.random.default_rng(0).uniform(0, 1, declared.shape).astype(
        np.float32)
    expected = reference.run(None, {declared.name: x})[0]
    largest = float(np.abs(expected).max())
    print(f"{model}: reference output's largest magnitude {largest:.4g}")
    for precision in ["fp32", "tf32x3", "tf32"]:
        session = opencgc.InferenceSession(model, device=device,
                                           precision=precision)
        start = time.time()
        got = session.run(None, {declared.name: x})[0]
        seconds = time.time() - start
        difference = float(np.abs(got - expected).max())
        top1 = "same" if got.argmax() == expected.argmax() else "DIFFERENT"
        print(f"{device} {precision:6}: largest difference {difference:.3g} "
              f"({difference / largest:.3g} relative), top-1 {top1}, "
              f"run {seconds:.1f} s", flush=True)


if __name__ == "__main__":
    main()
