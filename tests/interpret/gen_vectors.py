#!/usr/bin/env python3
"""Generates the vector-driven golden tests (arith_*.mlir, convert_small.mlir)
from ../vectors: every expected bit pattern comes from the exact model that
produced the vectors (cross-checked against APFloat), never from ir-run.

Results are pinned bit for bit by bitcast_convert to an unsigned integer of
the same width (f6 formats, which have no integer twin, are first converted
exactly to f32, whose patterns come from vectors/convert), so NaN payloads and
zero signs are checked although expect_eq uses IEEE equality.

Run from the repository root: python3 tests/interpret/gen_vectors.py
"""
import os
import random

ROOT = os.path.dirname(os.path.abspath(__file__))
VEC = os.path.join(ROOT, "..", "vectors")
SMALL = ["f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN",
         "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU"]
BITS = {f: int(f[1]) for f in SMALL}


def load_arith(op, fmt):
    rows = []
    with open(os.path.join(VEC, "arith", op, fmt + ".txt")) as fh:
        for line in fh:
            rows.append([int(x, 16) for x in line.split()])
    return rows


def load_convert(src):
    with open(os.path.join(VEC, "convert", src + ".tsv")) as fh:
        header = fh.readline().split()[1:]
        table = {}
        for line in fh:
            cols = line.split()
            pat = int(cols[0], 16)
            table[pat] = {header[i]: int(c, 16) for i, c in enumerate(cols[1:])}
    return table


CONV = {f: load_convert(f) for f in SMALL}


def hexp(v, bits):
    return "0x%0*X" % (max(2, (bits + 3) // 4), v)


def pin(lines, var, fmt, pats, tag):
    """Appends ops checking that %var (tensor<Nxfmt>) has exactly `pats`."""
    n = len(pats)
    bits = BITS[fmt]
    if bits == 6:
        lines.append("  %%%s_w = stablehlo.convert %%%s : (tensor<%dx%s>) -> tensor<%dxf32>" % (tag, var, n, fmt, n))
        lines.append("  %%%s_b = stablehlo.bitcast_convert %%%s_w : (tensor<%dxf32>) -> tensor<%dxui32>" % (tag, tag, n, n))
        exp = [CONV[fmt][p]["f32"] for p in pats]
        lines.append("  check.expect_eq_const %%%s_b, dense<[%s]> : tensor<%dxui32>" % (tag, ", ".join(str(e) for e in exp), n))
        return
    it = "ui4" if bits == 4 else "ui8"
    lines.append("  %%%s_b = stablehlo.bitcast_convert %%%s : (tensor<%dx%s>) -> tensor<%dx%s>" % (tag, var, n, fmt, n, it))
    lines.append("  check.expect_eq_const %%%s_b, dense<[%s]> : tensor<%dx%s>" % (tag, ", ".join(str(p) for p in pats), n, it))


def interesting(fmt, rng):
    """Specials of the format plus random patterns."""
    bits = BITS[fmt]
    top = 1 << bits
    s = {0, 1, top - 1, top // 2, top // 2 + 1, top // 2 - 1, (top // 2) - 2, top - 2}
    while len(s) < min(top, 24):
        s.add(rng.randrange(top))
    return sorted(s)


OPS = {"add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide"}


def gen_arith(op):
    rng = random.Random(hash(op) & 0xFFFF)
    chunks = []
    for fmt in SMALL:
        table = load_arith(op, fmt)
        pats = interesting(fmt, rng)
        a = [x for x in pats for _ in pats]
        b = [y for _ in pats for y in pats]
        res = [table[x][y] for x, y in zip(a, b)]
        n = len(a)
        bits = BITS[fmt]
        lines = ["// %s in %s: %d operand pairs, results from vectors/arith/%s/%s.txt" % (op, fmt, n, op, fmt),
                 "func.func @%s_%s() {" % (op, fmt),
                 "  %%a = stablehlo.constant dense<[%s]> : tensor<%dx%s>" % (", ".join(hexp(x, bits) for x in a), n, fmt),
                 "  %%b = stablehlo.constant dense<[%s]> : tensor<%dx%s>" % (", ".join(hexp(x, bits) for x in b), n, fmt),
                 "  %%r = stablehlo.%s %%a, %%b : tensor<%dx%s>" % (OPS[op], n, fmt)]
        pin(lines, "r", fmt, res, "r")
        lines.append("  func.return")
        lines.append("}")
        chunks.append("\n".join(lines))
    return chunks


def gen_convert():
    chunks = []
    for src in SMALL:
        pats = list(range(1 << BITS[src]))
        n = len(pats)
        for dst in SMALL + ["bf16", "f16", "f32", "f64"]:
            if dst == src:
                continue
            res = [CONV[src][p][dst] for p in pats]
            lines = ["// every %s pattern converted to %s (vectors/convert/%s.tsv)" % (src, dst, src),
                     "func.func @convert_%s_%s() {" % (src, dst),
                     "  %%x = stablehlo.constant dense<[%s]> : tensor<%dx%s>" % (", ".join(hexp(p, BITS[src]) for p in pats), n, src),
                     "  %%r = stablehlo.convert %%x : (tensor<%dx%s>) -> tensor<%dx%s>" % (n, src, n, dst)]
            if dst in SMALL:
                pin(lines, "r", dst, res, "r")
            else:
                w = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64}[dst]
                lines.append("  %%b = stablehlo.bitcast_convert %%r : (tensor<%dx%s>) -> tensor<%dxui%d>" % (n, dst, n, w))
                lines.append("  check.expect_eq_const %%b, dense<[%s]> : tensor<%dxui%d>" % (", ".join(str(v) for v in res), n, w))
            lines.append("  func.return")
            lines.append("}")
            chunks.append("\n".join(lines))
    return chunks


def write(name, chunks):
    with open(os.path.join(ROOT, name), "w") as fh:
        fh.write("// RUN: ir-run --interpret -split-input-file %s\n")
        fh.write("// Generated by gen_vectors.py from tests/vectors; do not edit.\n\n")
        fh.write("\n\n// -----\n\n".join(chunks))
        fh.write("\n")


if __name__ == "__main__":
    for op in OPS:
        write("arith_%s_small.mlir" % op, gen_arith(op))
    write("convert_small.mlir", gen_convert())
