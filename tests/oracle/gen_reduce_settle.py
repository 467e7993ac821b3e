#!/usr/bin/env python3
"""Writes tests/interpret/reduce_nan_rows.mlir: stablehlo.reduce (add,
multiply, maximum, minimum) over rows of 200 elements that meet NaNs (quiet and signalling,
both signs, with payloads) and infinities of both signs, on f32, f64, bf16
and f16, with the accumulator as the body's left and as its right operand.

The expected bits come from a model of SPEC 3.7 applied step by step in
REF's order (init first, then the row's elements in order): the left
operand's NaN made quiet, else the right operand's, else the canonical NaN
for an invalid operation (+Inf + -Inf, 0 x Inf), else the exact value (the
rows hold 0, 1 and -1, so every sum and product is exact in all four
formats); maximum and minimum as SPEC 4.11 (a NaN first, +0 above -0). With the accumulator on the left its first NaN is final; on the
right every later NaN of the row replaces it. Eleven rows per case, so the
kernel's interleaved rows and its one-by-one tail both see NaN rows; the
"late" cases give every row an infinity early and its undoing (a NaN, the
opposite infinity, a zero factor) after the kernel's first check.
Python's standard library only.

    python3 tests/oracle/gen_reduce_settle.py
"""
import math
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "interpret", "reduce_nan_rows.mlir")
ROWS, R = 11, 200
INIT = {"add": 0.0, "mul": 1.0, "max": -math.inf, "min": math.inf}

# (name, total bits, exponent bits, mantissa bits, unsigned integer type)
FORMATS = [("f32", 32, 8, 23, "ui32"), ("f64", 64, 11, 52, "ui64"),
           ("bf16", 16, 8, 7, "ui16"), ("f16", 16, 5, 10, "ui16")]


def fields(fmt):
    _, bits, e, m, _ = fmt
    return bits, e, m


def encode(fmt, v):
    """bits of v (0, +-1, +-Inf, or an int pattern passed through)"""
    bits, e, m = fields(fmt)
    if isinstance(v, tuple):          # ("bits", pattern)
        return v[1]
    sign = 1 if (v < 0 or (v == 0 and math.copysign(1, v) < 0)) else 0
    a = abs(v)
    if a == 0:
        body = 0
    elif math.isinf(a):
        body = ((1 << e) - 1) << m
    else:                             # an integer, exact in the format
        assert a == int(a)
        n = int(a)
        k = n.bit_length() - 1
        assert k <= m and n & ((1 << k) - 1) << 0 == n - (1 << k)
        body = ((k + (1 << (e - 1)) - 1) << m) | ((n - (1 << k)) << (m - k))
    return (sign << (bits - 1)) | body


def is_nan(fmt, b):
    bits, e, m = fields(fmt)
    exp = (b >> m) & ((1 << e) - 1)
    return exp == (1 << e) - 1 and b & ((1 << m) - 1) != 0


def quiet(fmt, b):
    _, _, m = fields(fmt)
    return b | (1 << (m - 1))


def value(fmt, b):
    bits, e, m = fields(fmt)
    sign = -1 if b >> (bits - 1) else 1
    exp = (b >> m) & ((1 << e) - 1)
    if exp == (1 << e) - 1:
        return sign * math.inf
    if exp == 0 and b & ((1 << m) - 1) == 0:
        return math.copysign(0.0, sign)
    k = exp - ((1 << (e - 1)) - 1)
    frac = b & ((1 << m) - 1)
    assert 0 <= k <= m and frac % (1 << (m - k)) == 0, hex(b)
    return float(sign * ((1 << k) + (frac >> (m - k))))


def canonical_nan(fmt):
    bits, e, m = fields(fmt)
    return (((1 << e) - 1) << m) | (1 << (m - 1))


def step(fmt, op, left, right):
    """SPEC 3.7 on patterns"""
    if is_nan(fmt, left):
        return quiet(fmt, left)
    if is_nan(fmt, right):
        return quiet(fmt, right)
    x, y = value(fmt, left), value(fmt, right)
    if op in ("max", "min"):          # SPEC 4.11: +0 above -0, else the larger/smaller
        kx, ky = (x, math.copysign(1, x)), (y, math.copysign(1, y))
        pick = (ky > kx) if op == "max" else (ky < kx)
        return right if pick else left
    r = x + y if op == "add" else x * y
    if math.isnan(r):
        return canonical_nan(fmt)
    return encode(fmt, r)


def nan_pattern(fmt, rng, signalling, negative):
    bits, e, m = fields(fmt)
    payload = rng.randrange(1, 1 << (m - 1))
    b = (((1 << e) - 1) << m) | payload
    if not signalling:
        b |= 1 << (m - 1)
    if negative:
        b |= 1 << (bits - 1)
    return ("bits", b)


def rows_for(fmt, op, rng, late):
    """eleven rows: NaNs early and late, two NaNs, an infinity meeting its
    opposite, ordinary rows, a NaN only in the last element"""
    ordinary = {"add": [0, 1], "mul": [1, -1], "max": [0, 1, -1, -0.0], "min": [0, 1, -1, -0.0]}[op]
    rows = []
    for r in range(ROWS):
        row = [rng.choice(ordinary) for _ in range(R)]
        kind = 6 if late else r % 6
        if kind == 0:      # two NaNs: the first early, the second after the check
            p, q = rng.randrange(0, 60), rng.randrange(70, R)
            row[p] = nan_pattern(fmt, rng, rng.random() < 0.5, rng.random() < 0.5)
            row[q] = nan_pattern(fmt, rng, rng.random() < 0.5, rng.random() < 0.5)
        elif kind == 1:    # +Inf then -Inf (or 0 x Inf): the canonical NaN, then a NaN
            p, q = rng.randrange(0, 40), rng.randrange(40, 100)
            if op == "mul":
                row[p], row[q] = math.inf, 0.0
            else:
                row[p], row[q] = math.inf, -math.inf
            row[rng.randrange(130, R)] = nan_pattern(fmt, rng, True, rng.random() < 0.5)
        elif kind == 2:    # a NaN in the last element only
            row[R - 1] = nan_pattern(fmt, rng, rng.random() < 0.5, True)
        elif kind == 3:    # NaN everywhere, each its own payload
            row = [nan_pattern(fmt, rng, rng.random() < 0.5, rng.random() < 0.5) for _ in range(R)]
        elif kind == 4:    # an infinity that stays
            row[rng.randrange(0, R)] = -math.inf if rng.random() < 0.5 else math.inf
            if op == "add":
                row = [x if x != 0 else 1 for x in row]
        elif kind == 6:    # an infinity early in every row, its undoing after the check
            row[rng.randrange(0, 50)] = math.inf
            if rng.random() < 0.5:
                row[rng.randrange(70, R)] = nan_pattern(fmt, rng, rng.random() < 0.5, rng.random() < 0.5)
            else:
                row[rng.randrange(70, R)] = 0.0 if op == "mul" else -math.inf
        # kind 5: ordinary
        rows.append([encode(fmt, v) for v in row])
    return rows


def fold(fmt, op, acc_left, row):
    acc = encode(fmt, INIT[op])
    for x in row:
        acc = step(fmt, op, acc, x) if acc_left else step(fmt, op, x, acc)
    return acc


def hexs(fmt, b):
    return "0x%0*X" % (fmt[1] // 4, b)


def chunk(fmt, op, acc_left, rng, late=False):
    name, bits, _, _, ut = fmt
    rows = rows_for(fmt, op, rng, late)
    want = [fold(fmt, op, acc_left, row) for row in rows]
    init = hexs(fmt, encode(fmt, INIT[op]))
    data = ", ".join("[" + ", ".join(hexs(fmt, b) for b in row) + "]" for row in rows)
    body = "stablehlo.%s %%a, %%b" % op if acc_left else "stablehlo.%s %%b, %%a" % op
    opname = {"add": "add", "mul": "multiply", "max": "maximum", "min": "minimum"}[op]
    body = body.replace("stablehlo.%s " % op, "stablehlo.%s " % opname)
    side = ("left" if acc_left else "right") + ("_late" if late else "")
    return f"""func.func @reduce_{opname}_{name}_acc_{side}() {{
  %x = stablehlo.constant dense<[{data}]> : tensor<{ROWS}x{R}x{name}>
  %init = stablehlo.constant dense<{init}> : tensor<{name}>
  %r = stablehlo.reduce(%x init: %init) across dimensions = [1] : (tensor<{ROWS}x{R}x{name}>, tensor<{name}>) -> tensor<{ROWS}x{name}>
    reducer(%a: tensor<{name}>, %b: tensor<{name}>) {{
      %s = {body} : tensor<{name}>
      stablehlo.return %s : tensor<{name}>
    }}
  %bits = stablehlo.bitcast_convert %r : (tensor<{ROWS}x{name}>) -> tensor<{ROWS}x{ut}>
  check.expect_eq_const %bits, dense<[{", ".join(hexs(fmt, b) for b in want)}]> : tensor<{ROWS}x{ut}>
  func.return
}}
"""


def main():
    rng = random.Random(38)
    chunks = []
    for fmt in FORMATS:
        for op in ("add", "mul", "max", "min"):
            for acc_left in (True, False):
                chunks.append(chunk(fmt, op, acc_left, rng))
            chunks.append(chunk(fmt, op, True, rng, late=True))
    head = ("// RUN: ir-run --interpret -split-input-file %s\n"
            "// Generated by tests/oracle/gen_reduce_settle.py (SPEC 3.7 step by step in\n"
            "// REF's order; never ir-run's output); do not edit.\n"
            "// reduce add/multiply/maximum/minimum over rows that meet NaNs and opposite infinities, the\n"
            "// accumulator on either side of the body's op.\n\n")
    with open(OUT, "w") as f:
        f.write(head + "\n// -----\n\n".join(chunks))
    print("wrote", os.path.relpath(OUT), len(chunks), "chunks")


if __name__ == "__main__":
    main()
