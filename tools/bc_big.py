#!/usr/bin/env python3
"""Writes a large StableHLO portable artifact (VHLO 1.4.0, MLIR bytecode
version 6) for measuring the bytecode reader (docs/bytecode.md, "Large
tensors"): `main() -> tensor<4xf32>` returning the first four elements of one
f32 constant of N elements (element i is i mod 1024). Built byte by byte
from the format (the same layout as tests/unit/test_bytecode.c writes).

usage: bc_big.py OUT [N]        (N defaults to 25M: a 100 MB artifact)
       bc_big.py --measure BIN  (`make bytecode-large`: writes the artifact
       to a temporary file, runs `cat` and `BIN FILE` on it 7 times each and
       prints the least CPU time and the largest peak RSS of each; BIN must
       print elements 0 to 3)
"""
import os
import struct
import subprocess
import sys
import tempfile


def varint(v):
    """MLIR's PrefixVarInt: the low bits of the first byte say the length"""
    for n in range(1, 9):
        if v < 1 << (7 * n):
            return ((v << n | 1 << (n - 1)) & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
    return b"\0" + v.to_bytes(8, "little")


def svarint(v):
    return varint(((v << 1) ^ (v >> 63)) & ((1 << 64) - 1))


def section(sid, data):
    return bytes([sid]) + varint(len(data)) + data


def cost(argv):
    """CPU seconds (user + system) and peak RSS (KiB) of one run"""
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(argv, stdout=subprocess.PIPE if argv[0] != "cat" else null)
        out = p.stdout.read() if p.stdout else b""
        _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"bc_big: {' '.join(argv)} failed")
    if argv[0] != "cat" and b"[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]" not in out:
        sys.exit(f"bc_big: {' '.join(argv)} printed {out[:200]!r}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def measure(binary):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "big.mlirbc")
        # written by another process: a child's peak RSS starts at its
        # parent's, which must stay small
        subprocess.run([sys.executable, __file__, path], check=True)
        size = os.path.getsize(path)
        res = {}
        for name, argv in (("cat", ["cat", path]), ("ir-run", [binary, path])):
            runs = [cost(argv) for _ in range(7)]
            res[name] = (min(r[0] for r in runs), max(r[1] for r in runs))
        print(f"artifact: {size / 1e6:.0f} MB (one f32 constant of 25M elements, 4 of them returned)")
        for name, (cpu, rss) in res.items():
            print(f"{name}: {cpu * 1000:.0f} ms CPU, peak RSS {rss / 1024:.0f} MiB")
        print(f"ir-run / cat: {res['ir-run'][0] / max(res['cat'][0], 1e-3):.1f}x the CPU time")
        print("(a child's peak RSS counts from the size of the Python that forked it, about 14 MiB)")


def main():
    if sys.argv[1] == "--measure":
        measure(sys.argv[2])
        return
    write(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25_000_000)


def write(out, n):
    strs = ["builtin", "vhlo", "module", "func_v1", "constant_v1", "slice_v1", "return_v1", "main", ""]
    S = {s: i for i, s in enumerate(strs)}
    f = bytearray(b"ML\xefR") + varint(6) + b"big\0"
    # dialects: builtin, vhlo 1.4.0; ops: module | func, constant, slice, return
    d = varint(2) + varint(S["builtin"] << 1) + varint(S["vhlo"] << 1 | 1)
    d += section(7, varint(1) + varint(4) + varint(0))
    d += varint(5) + varint(0) + varint(1) + varint(S["module"] << 1 | 1)
    d += varint(1) + varint(4) + b"".join(varint(S[o] << 1 | 1) for o in strs[3:7])
    f += section(1, d)
    # attributes a0..a8, types t0..t5
    ents = []
    ents.append(varint(15))  # a0: builtin UnknownLoc
    ents.append(varint(14) + varint(S["main"]))  # a1: "main"
    ents.append(varint(17) + varint(2))  # a2: type attr of t2
    ents.append(varint(1) + varint(0))  # a3: []
    ents.append(varint(14) + varint(S[""]))  # a4: ""
    data = struct.pack("<1024f", *range(1024))
    big = data * (n // 1024) + data[: 4 * (n % 1024)]
    ents.append(varint(15) + varint(1) + varint(len(big)) + big)  # a5: the constant
    for v in (0, 4, 1):  # a6..a8: start, limit, strides
        ents.append(varint(15) + varint(3) + varint(8) + struct.pack("<q", v))
    ents.append(varint(4))  # t0: f32
    ents.append(varint(20) + varint(1) + svarint(n) + varint(0))  # t1: tensor<Nxf32>
    ents.append(varint(8) + varint(0) + varint(1) + varint(4))  # t2: () -> t4
    ents.append(varint(20) + varint(1) + svarint(1) + varint(5))  # t3: tensor<1xi64>
    ents.append(varint(20) + varint(1) + svarint(4) + varint(0))  # t4: tensor<4xf32>
    ents.append(varint(14))  # t5: i64
    f += section(2, b"".join(ents))
    o = varint(9) + varint(6) + varint(0) + varint(1) + varint(len(ents[0]) << 1 | 1)
    o += varint(1) + varint(8) + b"".join(varint(len(e) << 1 | 1) for e in ents[1:9])
    o += varint(1) + varint(6) + b"".join(varint(len(e) << 1 | 1) for e in ents[9:])
    f += section(3, o)
    # IR: module { func { c = constant a5; s = slice c; return s } }
    body = varint(1) + varint(2) + varint(3 << 1)
    body += varint(2) + b"\x42" + varint(0) + varint(1) + varint(1) + varint(1)
    body += varint(3) + b"\x46" + varint(0) + varint(2) + varint(1) + varint(4) + varint(1) + varint(0)
    body += varint(4) + b"\x04" + varint(0) + varint(1) + varint(1)
    m = varint(1) + varint(0) + varint(1 << 1)
    m += varint(1) + b"\x50" + varint(0) + varint(0) + varint(1 << 1 | 1) + section(4, body)
    ir = varint(1 << 1) + varint(0) + b"\x10" + varint(0) + varint(1 << 1 | 1) + section(4, m)
    f += section(4, ir)
    # properties: func (arg_attrs, function_type, res_attrs, sym_name,
    # sym_visibility), constant (value), slice (limit, start, strides)
    p = varint(3)
    for e in ([3, 2, 3, 1, 4], [5], [7, 6, 8]):
        p += varint(len(e)) + b"".join(varint(x) for x in e)
    f += section(8, p)
    s = varint(len(strs)) + b"".join(varint(len(x) + 1) for x in reversed(strs))
    s += b"".join(x.encode() + b"\0" for x in strs)
    f += section(0, s)
    with open(out, "wb") as fh:
        fh.write(f)


main()
