"""Writes a small .npy file without numpy, for kernel tests.

usage: npy.py OUT.npy DESCR SHAPE VALUES
DESCR is a numpy type string (<f4, <i8, |u1, <i2, ...), SHAPE "2x3" (or
"scalar"), VALUES comma-separated numbers in row-major order, or
"range:N[:START[:STEP]]" for N evenly spaced values.
"""
import struct
import sys

FORMATS = {"<f4": "f", "<f8": "d", "<i8": "q", "<i4": "i", "<i2": "h",
           "|i1": "b", "|u1": "B", "<u2": "H", "<u4": "I", "<u8": "Q",
           "|b1": "?"}

path, descr, shape_text, values_text = sys.argv[1:5]
shape = [] if shape_text == "scalar" else [int(d) for d in shape_text.split("x")]
if values_text.startswith("range:"):
    parts = [float(p) for p in values_text.split(":")[1:]]
    count, start, step = int(parts[0]), (parts + [0, 1])[1], (parts + [0, 1, 1])[2]
    values = [start + i * step for i in range(count)]
else:
    values = [float(v) for v in values_text.split(",")]
code = FORMATS[descr]
if code not in "fd":
    values = [int(v) for v in values]
header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
    descr, "".join("%d, " % d for d in shape))
header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode("ascii"))
    f.write(struct.pack("<%d%s" % (len(values), code), *values))
