#!/usr/bin/env python3
"""compare-reference.py MODEL [DEVICE [PRECISION...]]: how far a device's
output is from the reference device's, through the Python API: one seeded
input per model input (float: uniform in [0, 1); int64: token ids below
1000, and 0/1 for masks and token types, the last 16 positions of a mask
0), the model on the reference device and on DEVICE (default vulkan) at each
PRECISION (default fp32; tf32 and tf32x3 on cuda and nvvm-host:
docs/kernel-ir.md, "Tensor cores"), printing the largest difference absolute
and relative to the output's largest magnitude, whether the top-1 index
agrees, and a run's time (after one untimed run). Needs numpy and the
opencgc module (PYTHONPATH=build/python, or the build's .pth file)."""
import sys
import time

import numpy as np
import opencgc


def make_feed(session):
    rng = np.random.default_rng(0)
    feed = {}
    for declared in session.get_inputs():
        if declared.type == "tensor(int64)":
            binary = "mask" in declared.name or "type" in declared.name
            values = rng.integers(0, 2 if binary else 1000, declared.shape)
            if "mask" in declared.name:
                values[..., -16:] = 0
            feed[declared.name] = values.astype(np.int64)
        else:
            feed[declared.name] = rng.uniform(0, 1, declared.shape).astype(
                np.float32)
    return feed


def timed_run(session, feed):
    session.run(None, feed)
    start = time.time()
    result = session.run(None, feed)[0]
    return result, time.time() - start


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    model = sys.argv[1]
    device = sys.argv[2] if len(sys.argv) > 2 else "vulkan"
    precisions = sys.argv[3:] or ["fp32"]
    reference = opencgc.InferenceSession(model, device="reference")
    feed = make_feed(reference)
    expected, seconds = timed_run(reference, feed)
    largest = float(np.abs(expected).max())
    print(f"{model}: reference {seconds:.2f} s a run, output's largest "
          f"magnitude {largest:.4g}")
    for precision in precisions:
        session = opencgc.InferenceSession(model, device=device,
                                           precision=precision)
        got, seconds = timed_run(session, feed)
        difference = float(np.abs(got - expected).max())
        top1 = "same" if got.argmax() == expected.argmax() else "DIFFERENT"
        print(f"{session.device} {precision:6}: largest difference "
              f"{difference:.3g} ({difference / largest:.3g} relative), "
              f"top-1 {top1}, {seconds:.2f} s a run", flush=True)


if __name__ == "__main__":
    main()
