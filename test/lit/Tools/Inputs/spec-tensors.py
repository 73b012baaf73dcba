"""Writes tensors for the specification's examples without numpy.

usage: spec-tensors.py DIR [--omit NAME]
Writes DIR/weights.cgcw (w1, b1, w2, b2 as in docs/weights-format.md),
DIR/in.npy (1x1x4x4) and DIR/small.npy (1x1x3x3), all float32, with values
chosen so that relu clips some elements and the bias matters.
"""
import struct
import sys


def npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape))
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("ascii"))
        f.write(struct.pack("<%df" % len(values), *values))


def weights(path, tensors):
    def entry_size(name, shape):
        return 4 + len(name) + 4 + 8 * len(shape) + 16

    table_end = 24 + sum(entry_size(n, s) for n, s, _ in tensors)
    offsets, offset = [], (table_end + 63) // 64 * 64
    for _, _, values in tensors:
        offsets.append(offset)
        offset = (offset + 4 * len(values) + 63) // 64 * 64
    size = offsets[-1] + 4 * len(tensors[-1][2])
    out = bytearray(size)
    out[0:24] = b"CGCWGHTS" + struct.pack("<IIQ", 1, len(tensors), size)
    pos = 24
    for (name, shape, values), data in zip(tensors, offsets):
        record = struct.pack("<I", len(name)) + name.encode()
        record += struct.pack("<BBH", 1, len(shape), 0)
        record += struct.pack("<%dQ" % len(shape), *shape)
        record += struct.pack("<QQ", data, 4 * len(values))
        out[pos:pos + len(record)] = record
        pos += len(record)
        out[data:data + 4 * len(values)] = struct.pack("<%df" % len(values),
                                                       *values)
    with open(path, "wb") as f:
        f.write(out)


def main():
    directory = sys.argv[1]
    omit = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--omit" else None
    tensors = [
        ("w1", [1, 1, 3, 3], [0.5, -1.0, 0.25, 2.0, -0.5, 1.0, -0.75, 0.125, 1.5]),
        ("b1", [1], [-0.5]),
        ("w2", [1, 1, 3, 3], [-0.25, 0.5, 1.0, 0.75, 1.25, -1.5, 0.5, -0.125, 0.25]),
        ("b2", [1], [0.375]),
    ]
    weights(directory + "/weights.cgcw",
            [t for t in tensors if t[0] != omit])
    npy(directory + "/in.npy", [1, 1, 4, 4],
        [((i * 7) % 11 - 5) / 4.0 for i in range(16)])
    npy(directory + "/small.npy", [1, 1, 3, 3], [1.0] * 9)


main()
