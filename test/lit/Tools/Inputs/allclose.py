"""Compares two float32 .npy files within ONNX's tolerance, without numpy.

usage: allclose.py ACTUAL.npy EXPECTED.npy
Exits 1, naming the first element out of tolerance, when the shapes differ
or |actual - expected| > 1e-3 + 1e-3 |expected| for some element.
"""
import ast
import math
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit("%s: not a .npy file" % path)
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode("ascii"))
    if header["descr"] != "<f4":
        sys.exit("%s: not float32 (%s)" % (path, header["descr"]))
    body = data[10 + length:]
    return header["shape"], struct.unpack("<%df" % (len(body) // 4), body)


actual_shape, actual = read(sys.argv[1])
expected_shape, expected = read(sys.argv[2])
if actual_shape != expected_shape:
    sys.exit("shape %s != %s" % (actual_shape, expected_shape))
for index, (a, e) in enumerate(zip(actual, expected)):
    if math.isnan(a) and math.isnan(e):
        continue
    if not abs(a - e) <= 1e-3 + 1e-3 * abs(e):
        sys.exit("element %d: %r != %r" % (index, a, e))
print("%d elements within tolerance" % len(actual))
