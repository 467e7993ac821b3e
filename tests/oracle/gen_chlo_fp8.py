#!/usr/bin/env python3
"""Writes tests/interpret/chlo_fp8.mlir: the chlo ops whose pattern at stablehlo
840c41ceb upcasts a float narrower than 32 bits to f32 (erf_inv, lgamma,
digamma, cosh, sinh, zeta, polygamma; docs/chlo.md), the ones that run in
the operand's type (tan, atan, atanh, acos, asin, acosh, asinh: Ops8 below
rounds each step to the FP8 format) and next_after (on the patterns as i8),
on the five FP8 formats of that commit. Expected bits: for the upcasting ops gen_chlo.py's f32 model of each decomposition
(every step rounded to f32 by exact rational arithmetic), rounded to the FP8
format here (to nearest, ties to even; the FNUZ formats have no -0). Never
from ir-run. Usage: python3 tests/oracle/gen_chlo_fp8.py"""
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_chlo as g  # noqa: E402

# name: (precision with the hidden bit, exponent bias, minimum normal exponent,
#        largest finite value, has infinities, has -0)
F8 = {'f8E5M2': (3, 15, -14, 57344.0, True, True),
      'f8E4M3FN': (4, 7, -6, 448.0, False, True),
      'f8E4M3FNUZ': (4, 8, -7, 240.0, False, False),
      'f8E5M2FNUZ': (3, 16, -15, 57344.0, False, False),
      'f8E4M3B11FNUZ': (4, 11, -10, 30.0, False, False)}
NAN = float('nan')


def rnd8(x, t):
    """x (an f32 result) in format t, or NaN where the format has no such value."""
    p, _, emin, mx, inf, _ = F8[t]
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return x if inf else NAN
    g.FMT['_f8'] = (p, emin, 64, 8)
    r = g.rnd(x, '_f8')
    if abs(r) > mx:
        # beyond the largest value: only far from it is the outcome clear
        assert abs(x) > 2 * mx, (x, t)
        return math.copysign(float('inf'), r) if inf else NAN
    return r


def bits8(x, t):
    p, bias, emin, _, _, negzero = F8[t]
    s = 0x80 if math.copysign(1.0, x) < 0 and (x != 0 or negzero) else 0
    a = abs(x)
    if math.isinf(a):
        return s | (0x7C if t == 'f8E5M2' else 0)
    if a == 0:
        return s
    fa = Fraction(a)
    e = fa.numerator.bit_length() - fa.denominator.bit_length()
    if Fraction(2) ** e > fa:
        e -= 1
    if e < emin:  # subnormal
        m = fa / Fraction(2) ** (emin - p + 1)
        assert m.denominator == 1
        return s | int(m)
    m = fa / Fraction(2) ** (e - p + 1) - 2 ** (p - 1)
    assert m.denominator == 1
    return s | ((e + bias) << (p - 1)) | int(m)


XS = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.0, -2.0, 3.0, 0.25, -0.75, 4.0, 0.125, 2.5, -3.5, 0.875]
NAN_BITS = {'f8E5M2': 0x7E, 'f8E4M3FN': 0x7F, 'f8E4M3FNUZ': 0x80, 'f8E5M2FNUZ': 0x80, 'f8E4M3B11FNUZ': 0x80}


def unary(op, fn):
    return lambda x: fn(g.Ops('f32'), x)


def chunk(name, t, call, args, ys, n):
    """args: one list of operand values per operand; ys: the results."""
    tt = 'tensor<%dx%s>' % (n, t)
    ut = 'tensor<%dxui8>' % n
    lines = ['func.func @%s_%s() {' % (name, t)]
    for i, a in enumerate(args):
        lines.append('  %%x%d = stablehlo.constant dense<[%s]> : %s' % (i, ', '.join('0x%02X' % bits8(v, t) for v in a),
                                                                    tt))
    lines.append('  %%r = %s' % call.replace('T', tt))
    lines.append('  %%b = stablehlo.bitcast_convert %%r : (%s) -> %s' % (tt, ut))
    lines.append('  check.expect_eq_const %%b, dense<[%s]> : %s' % (', '.join('0x%02X' % bits8(y, t) for y in ys), ut))
    lines += ['  func.return', '}']
    return '\n'.join(lines)


def nan_chunk(name, t, call, args, n):
    tt = 'tensor<%dx%s>' % (n, t)
    lines = ['func.func @%s_%s_nan() {' % (name, t)]
    for i, a in enumerate(args):
        lines.append('  %%x%d = stablehlo.constant dense<[%s]> : %s' % (i, ', '.join('0x%02X' % bits8(v, t) for v in a),
                                                                    tt))
    lines.append('  %%r = %s' % call.replace('T', tt))
    lines.append('  %%n = stablehlo.compare NE, %%r, %%r : (%s, %s) -> tensor<%dxi1>' % (tt, tt, n))
    lines.append('  check.expect_eq_const %%n, dense<true> : tensor<%dxi1>' % n)
    lines += ['  func.return', '}']
    return '\n'.join(lines)


class Ops8(g.Ops):
    """gen_chlo.py's steps in an FP8 format: each result rounded to it (no
    overflow in the rounding itself), then beyond the largest finite value
    an infinity (f8E5M2) or NaN (the formats without infinities), and no -0
    in the FNUZ formats. For the ops that run in the operand's type."""

    def __init__(self, t):
        p, _, emin, _, _, _ = F8[t]
        g.FMT['_' + t] = (p, emin, 64, 8)
        super().__init__('_' + t)
        self.f8 = t

    def fix(self, v):
        _, _, _, mx, inf, negzero = F8[self.f8]
        if math.isnan(v):
            return NAN
        if math.isinf(v) or abs(v) > mx:
            return math.copysign(float('inf'), v) if inf else NAN
        if v == 0 and not negzero:
            return 0.0
        return v

    def c(self, v):
        return self.fix(super().c(v))

    def mul(self, a, b):
        return self.fix(super().mul(a, b))

    def add(self, a, b):
        return self.fix(super().add(a, b))

    def div(self, a, b):
        return self.fix(super().div(a, b))

    def neg(self, a):
        return self.fix(-a)

    def libm(self, name, *a):
        return self.fix(super().libm(name, *a))


_maxf = g.maxf


def maxf8(t):
    """The largest finite value of an FP8 format (gen_chlo.maxf for the others)."""
    return F8[t[1:]][3] if t.startswith('_') else _maxf(t)


g.maxf = maxf8


def is_nan8(b, t):
    if t == 'f8E5M2':
        return (b & 0x7C) == 0x7C and (b & 3) != 0
    if t == 'f8E4M3FN':
        return (b & 0x7F) == 0x7F
    return b == 0x80


def value8(b, t):
    """The value of pattern b (not a NaN)."""
    p, bias, emin, _, inf, _ = F8[t]
    s = -1.0 if b & 0x80 else 1.0
    e, m = (b & 0x7F) >> (p - 1), b & ((1 << (p - 1)) - 1)
    if inf and e == 31:
        return s * float('inf')
    if e == 0:
        return s * m * 2.0 ** (emin - p + 1)
    return s * (1 + m / 2.0 ** (p - 1)) * 2.0 ** (e - bias)


def next_after8(xb, yb, t):
    """The pass's steps on the 8-bit patterns (as i8; docs/chlo.md)."""
    if is_nan8(xb, t) or is_nan8(yb, t):
        return None
    if value8(xb, t) == value8(yb, t):
        return yb
    xa, ya = xb & 0x7F, yb & 0x7F
    if xa == 0:
        return yb if ya == 0 else (yb & 0x80) | 1
    smaller = xa > ya or (xb & 0x80) != (yb & 0x80)
    return (xb + (-1 if smaller else 1)) & 0xFF


def next_after_chunks(t):
    pats = [0x00, 0x80, 0x01, 0x81, 0x38, 0xB8, 0x3F, 0x40, 0x7B, 0x7C, 0xFC, 0x7E, 0x7F, 0xFF, 0x10, 0x5A]
    xs, ys, rs, nx, ny = [], [], [], [], []
    for xb in pats:
        for yb in pats:
            r = next_after8(xb, yb, t)
            if r is None or is_nan8(r, t):
                nx.append(xb)
                ny.append(yb)
            else:
                xs.append(xb)
                ys.append(yb)
                rs.append(r)
    out = []
    for name, a, b, r in (('next_after', xs, ys, rs), ('next_after_nan', nx, ny, None)):
        n = len(a)
        tt = 'tensor<%dx%s>' % (n, t)
        lines = ['func.func @%s_%s() {' % (name, t),
                 '  %%x = stablehlo.constant dense<[%s]> : %s' % (', '.join('0x%02X' % v for v in a), tt),
                 '  %%y = stablehlo.constant dense<[%s]> : %s' % (', '.join('0x%02X' % v for v in b), tt),
                 '  %%r = chlo.next_after %%x, %%y : %s, %s -> %s' % (tt, tt, tt)]
        if r is not None:
            lines += ['  %%b = stablehlo.bitcast_convert %%r : (%s) -> tensor<%dxui8>' % (tt, n),
                      '  check.expect_eq_const %%b, dense<[%s]> : tensor<%dxui8>' % (
                          ', '.join('0x%02X' % v for v in r), n)]
        else:
            lines += ['  %%n = stablehlo.compare NE, %%r, %%r : (%s, %s) -> tensor<%dxi1>' % (tt, tt, n),
                      '  check.expect_eq_const %%n, dense<true> : tensor<%dxi1>' % n]
        out.append('\n'.join(lines + ['  func.return', '}']))
    return out


def main():
    parts = []
    unaries = [('erf_inv', g.erf_inv32), ('lgamma', g.lgamma_), ('digamma', g.digamma_),
               ('cosh', g.cosh_), ('sinh', g.sinh_)]
    for k, t in enumerate(F8):
        for op, fn in unaries:
            xs, ys, nx = [], [], []
            for x in XS:
                y = rnd8(fn(g.Ops('f32'), x), t)
                if math.isnan(y):
                    nx.append(x)
                else:
                    xs.append(x)
                    ys.append(y)
            generic = k % 2 == 1
            call = ('"chlo.%s"(%%x0) : (T) -> T' if generic else 'chlo.%s %%x0 : T -> T') % op
            parts.append(chunk(op, t, call, [xs], ys, len(xs)))
            if nx:
                parts.append(nan_chunk(op, t, call, [nx], len(nx)))
        for op, fn in (('zeta', g.zeta_), ('polygamma', g.polygamma_)):
            if op == 'zeta':
                pts = [(a, q) for a in (1.5, 2.0, 3.0, 4.0) for q in (0.5, 1.0, 2.0, 3.0)]
            else:
                pts = [(n, x) for n in (0.0, 1.0, 2.0) for x in (0.5, 1.0, 2.0, 3.0)]
            a0, a1, ys, n0, n1 = [], [], [], [], []
            for a, q in pts:
                y = rnd8(fn(g.Ops('f32'), a, q), t)
                if math.isnan(y):
                    n0.append(a)
                    n1.append(q)
                else:
                    a0.append(a)
                    a1.append(q)
                    ys.append(y)
            call = 'chlo.%s %%x0, %%x1 : T, T -> T' % op
            parts.append(chunk(op, t, call, [a0, a1], ys, len(ys)))
            if n0:
                parts.append(nan_chunk(op, t, call, [n0, n1], len(n0)))
        parts += next_after_chunks(t)
        for op, fn in (('tan', g.tan_), ('atan', g.atan_), ('atanh', g.atanh_), ('acos', g.acos_),
                       ('asin', g.asin_), ('acosh', g.acosh_), ('asinh', g.asinh_)):
            xs, ys, nx = [], [], []
            for x in XS + [8.0, -16.0, 0.0625, 0.9375, 0.75]:
                x = rnd8(x, t)
                if x in xs + nx and x != 0:
                    continue
                if x == 0 and math.copysign(1, x) < 0 and not F8[t][5]:
                    continue
                y = fn(Ops8(t), x)
                if math.isnan(y):
                    nx.append(x)
                else:
                    xs.append(x)
                    ys.append(y)
            call = 'chlo.%s %%x0 : T -> T' % op
            parts.append(chunk(op + '_in_type', t, call, [xs], ys, len(xs)))
            if nx:
                parts.append(nan_chunk(op + '_in_type', t, call, [nx], len(nx)))
    text = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_chlo_fp8.py (gen_chlo.py\'s f32 model of each\n'
            '// decomposition, rounded to the FP8 format; never ir-run\'s output); do not\n'
            '// edit. chlo.erf_inv, lgamma, digamma, cosh, sinh, zeta and polygamma on the\n'
            '// FP8 formats of stablehlo 840c41ceb, computed in f32; tan, atan, atanh,\n'
            '// acos, asin, acosh, asinh in the FP8 type; next_after on the patterns\n'
            '// (docs/chlo.md).\n\n' +
            '\n\n// -----\n\n'.join(parts) + '\n')
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'interpret', 'chlo_fp8.mlir')
    with open(path, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
