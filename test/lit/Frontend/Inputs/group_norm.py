"""Writes a one-node GroupNormalization model, its input and the expected
output, without the onnx or numpy packages (ONNX 1.22's backend tests have
no GroupNormalization test).

usage: group_norm.py DIR OPSET
DIR/gn.onnx holds GroupNormalization(x, scale, bias) with num_groups = 2,
epsilon = 0.01 on x of shape 2x4x3 (per-channel scale and bias from opset
21, per-group before); DIR/x.npy, scale.npy, bias.npy its inputs and
DIR/expected.npy the result computed here in double.
"""
import math
import struct
import sys

out_dir, opset = sys.argv[1], int(sys.argv[2])
N, C, L, G, EPS = 2, 4, 3, 2, 0.01
P = C if opset >= 21 else G


def varint(n):
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def field(number, wire, payload):
    key = varint(number << 3 | wire)
    if wire == 0:
        return key + varint(payload)
    if wire == 5:
        return key + struct.pack("<f", payload)
    return key + varint(len(payload)) + payload


def text(number, value):
    return field(number, 2, value.encode())


def value_info(name, shape):
    dims = b"".join(field(1, 2, field(1, 0, d)) for d in shape)
    tensor = field(1, 0, 1) + field(2, 2, dims)  # elem_type FLOAT, shape
    return text(1, name) + field(2, 2, field(1, 2, tensor))


def attribute_int(name, value):
    return text(1, name) + field(3, 0, value) + field(20, 0, 2)


def attribute_float(name, value):
    return text(1, name) + field(2, 5, value) + field(20, 0, 1)


node = (text(1, "x") + text(1, "scale") + text(1, "bias") + text(2, "y") +
        text(4, "GroupNormalization") +
        field(5, 2, attribute_int("num_groups", G)) +
        field(5, 2, attribute_float("epsilon", EPS)))
graph = (field(1, 2, node) + text(2, "gn") +
         field(11, 2, value_info("x", [N, C, L])) +
         field(11, 2, value_info("scale", [P])) +
         field(11, 2, value_info("bias", [P])) +
         field(12, 2, value_info("y", [N, C, L])))
model = (field(1, 0, 8) + field(7, 2, graph) +
         field(8, 2, text(1, "") + field(2, 0, opset)))
with open(out_dir + "/gn.onnx", "wb") as f:
    f.write(model)


def npy(name, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape))
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    with open(out_dir + "/" + name, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("ascii"))
        f.write(struct.pack("<%df" % len(values), *values))


# Values exact in float32, so the expected result needs no rounding care.
x = [((i * 7) % 11) - 5 + 0.25 * (i % 3) for i in range(N * C * L)]
scale = [1.0 + 0.5 * p for p in range(P)]
bias = [0.25 * p - 0.5 for p in range(P)]
y = [0.0] * len(x)
per_group = C // G * L
for n in range(N):
    for g in range(G):
        start = (n * G + g) * per_group
        group = x[start:start + per_group]
        mean = sum(group) / per_group
        var = sum((v - mean) ** 2 for v in group) / per_group
        for k in range(per_group):
            channel = g * (C // G) + k // L
            p = channel if opset >= 21 else g
            y[start + k] = ((group[k] - mean) / math.sqrt(var + EPS) *
                            scale[p] + bias[p])
npy("x.npy", [N, C, L], x)
npy("scale.npy", [P], scale)
npy("bias.npy", [P], bias)
npy("expected.npy", [N, C, L], y)
