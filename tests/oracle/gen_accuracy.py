#!/usr/bin/env python3
"""Accuracy of the class-B math ops (SPEC.md 4.0, 4.13-4.20; docs/semantics.md).

Usage:  python3 tests/oracle/gen_accuracy.py
            writes tests/interpret/random_math_accuracy.mlir
        python3 tests/oracle/gen_accuracy.py --measure build/ir-run
            runs the same operands through ir-run (results returned as bit
            patterns) and prints, per op and format, the histogram of ULP
            distances (SPEC.md 3.11) to the correctly rounded result; writes
            nothing.

ir-run computes sqrt, rsqrt, exponential, log, sine, cosine and tanh with
glibc's binary64 function and one rounding into the format (class B), and
logistic with three roundings (class C), so a result is not always the
correctly rounded one. Every chunk of the generated file checks, with
check.expect_close, that the ULP distance between ir-run's result and the
CORRECTLY ROUNDED exact result is within the documented bound (bound() and
logistic_bound() below; docs/semantics.md "Accuracy" has the derivations).
The one exception is f64 sine/cosine with |x| >= 105414350 and a result
below 2^-38, where glibc's argument reduction has an absolute error: those
elements are checked with expect_almost_eq and an absolute tolerance.

The reference values never touch libm (nor Python's math module): they are
computed with the decimal module at 60+ significant digits (sin/cos with a
Machin pi carrying enough digits to reduce arguments up to 1.8e308), and
rounded into the format by model.py's encoder from an exact Fraction. Each
reference is Ziv-checked: the value minus and plus its error bound must
round to the same pattern, else the precision is doubled.

Elements are skipped where the exact result is not finite in the format
(NaN, Inf, overflow; saturation in f4/f6; zero, negative or below 2^-127 in
f8E8M0FNU): tests/interpret/math.mlir and the vectors pin those.

Python 3 standard library only. Deterministic (fixed seed).
"""

import decimal
import math  # isqrt only: exact integer square roots
import os
import random
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from model import FMTS, FLOAT_NAMES, decode, encode, floor_log2  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret', 'random_math_accuracy.mlir')
SEED = 20261207
OPS = ['sqrt', 'rsqrt', 'exponential', 'log', 'sine', 'cosine', 'tanh']
WIDE_N = 200  # operands per chunk for bf16/f16/f32/f64
# the math ops of SPEC.md 9.5.1, in a file of their own
OUT_NEW = os.path.join(HERE, '..', 'interpret', 'random_math_accuracy_9_5.mlir')
SEED_NEW = SEED + 1
UNARY_NEW = ['tan', 'cbrt', 'exponential_minus_one', 'log_plus_one']
BINARY_NEW = ['power', 'atan2']
SMALL_PAIRS = 1024  # operand pairs per binary chunk of a format of 8 bits or fewer


def bound(op, t):
    """Documented max ULP distance to the correctly rounded result."""
    if op == 'sqrt':
        return 0
    if op in ('tanh', 'rsqrt') and t == 'f64':
        return 2
    if op == 'cbrt' and t == 'f64':
        return 3  # observed maximum; see docs/semantics.md
    return 1


# ------------------------------------------------------------ exact values

DEC = decimal.Context(prec=60, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                      traps=[decimal.InvalidOperation, decimal.DivisionByZero,
                             decimal.Overflow])


def dec_exact(x):
    """A dyadic Fraction as an exact Decimal (no rounding)."""
    n, d = x.numerator, x.denominator
    k = d.bit_length() - 1
    assert d == 1 << k
    return Decimal('%dE-%d' % (n * 5 ** k, k))


_PI = {}


def pi_dec(digits):
    """pi to about `digits` significant digits (Machin's formula, integers)."""
    if digits not in _PI:
        g = digits + 20
        one = 10 ** g

        def atan_inv(n):  # atan(1/n) * 10^g, error < number of terms
            s, term, k, sign = 0, one // n, 1, 1
            while term:
                s += sign * (term // k)
                term //= n * n
                k += 2
                sign = -sign
            return s
        p = 16 * atan_inv(5) - 4 * atan_inv(239)
        _PI[digits] = Decimal('%dE-%d' % (p, g))
    return _PI[digits]


def sin_cos_series(r, ctx):
    """(sin r, cos r) for |r| <= ~0.8, relative error a few ulps of ctx."""
    r2 = ctx.multiply(r, r)
    s, term, n = r, r, 1
    while True:
        term = ctx.divide(ctx.multiply(-term, r2), (n + 1) * (n + 2))
        n += 2
        if term == 0 or abs(term) < abs(s) * Decimal(10) ** (-ctx.prec - 5):
            break
        s = ctx.add(s, term)
    c, term, n = Decimal(1), Decimal(1), 0
    while True:
        term = ctx.divide(ctx.multiply(-term, r2), (n + 1) * (n + 2))
        n += 2
        if term == 0 or abs(term) < Decimal(10) ** (-ctx.prec - 5):
            break
        c = ctx.add(c, term)
    return s, c


def exact(op, x, P):
    """(v, eps): the exact op(x) lies within [v - eps, v + eps] (Fractions),
    computed with about P significant digits; None if outside the domain or
    too large to matter (overflow in every format)."""
    ctx = DEC.copy()
    ctx.prec = P
    tiny = Fraction(1, 10 ** (P - 6))  # relative error allowance
    if op in ('sqrt', 'rsqrt'):
        if x < 0 or (op == 'rsqrt' and x == 0):
            return None
        if x == 0:
            return Fraction(0), Fraction(0)
        s = ctx.sqrt(dec_exact(x))
        v = Fraction(s) if op == 'sqrt' else Fraction(ctx.divide(1, s))
        return v, abs(v) * tiny
    if op == 'exponential':
        if x > 800:
            return None  # overflows every format
        if x < -800:
            return Fraction(1, 2 ** 1160), Fraction(1, 2 ** 1160)  # rounds to +0
        v = Fraction(ctx.exp(dec_exact(x)))
        return v, v * tiny
    if op == 'log':
        if x <= 0:
            return None
        if x == 1:
            return Fraction(0), Fraction(0)
        v = Fraction(ctx.ln(dec_exact(x)))
        return v, abs(v) * tiny
    if op == 'tanh':
        if x == 0:
            return Fraction(0), Fraction(0)
        a = abs(x)
        if a > 50:  # 1 - tanh < 1e-43: rounds to 1 in every format
            v, eps = 1 - Fraction(1, 10 ** 42), Fraction(1, 10 ** 43)
        elif a < 1:  # tanh = expm1(2a) / (expm1(2a) + 2), expm1 by series
            ctx.prec = P + 10
            y = ctx.multiply(2, dec_exact(a))
            t, term, n = y, y, 1
            while True:
                n += 1
                term = ctx.divide(ctx.multiply(term, y), n)
                if term < t * Decimal(10) ** (-ctx.prec - 5):
                    break
                t = ctx.add(t, term)
            v = Fraction(ctx.divide(t, ctx.add(t, 2)))
            eps = v * tiny
        else:
            e = ctx.exp(ctx.multiply(2, dec_exact(a)))
            v = Fraction(ctx.divide(ctx.subtract(e, 1), ctx.add(e, 1)))
            eps = v * tiny
        return (v if x > 0 else -v), eps
    if op == 'logistic':
        if x > 800:  # 1 - logistic < 1e-347: rounds to 1 in every format
            return 1 - Fraction(1, 10 ** 340), Fraction(1, 10 ** 341)
        if x < -800:  # < 2^-1154: rounds to +0 in every format
            return Fraction(1, 2 ** 1160), Fraction(1, 2 ** 1160)
        e = ctx.exp(dec_exact(-x))
        v = Fraction(ctx.divide(1, ctx.add(1, e)))
        return v, v * tiny
    if op == 'cbrt':
        return exact_cbrt(x, P)
    if op == 'exponential_minus_one':
        return exact_expm1(x, P, ctx, tiny)
    if op == 'log_plus_one':
        return exact_log1p(x, P, ctx, tiny)
    if op in ('sine', 'cosine', 'tan'):
        if x == 0:
            return (Fraction(1), Fraction(0)) if op == 'cosine' else (Fraction(0), Fraction(0))
        a = abs(x)
        L = max(1, len(str(int(a))))  # decimal digits of the integer part
        W = P + L + 20
        ctx.prec = W
        if a < Fraction(3, 4):
            k, r, delta = 0, ctx.plus(dec_exact(x)), Fraction(0)
        else:
            half = ctx.divide(pi_dec(W + 10), 2)
            xd = ctx.plus(dec_exact(x))  # abs error <= 10^(L - W)
            k = int(ctx.divide(xd, half).to_integral_value(decimal.ROUND_HALF_EVEN))
            r = ctx.subtract(xd, ctx.multiply(k, half))
            # errors: x rounded (10^(L-W)), pi (k * 10^-(W+10)), k*half and
            # the subtraction (10^(L-W) each): far below 10^(L-W+2)
            delta = Fraction(10) ** (L - W + 2)
        s, c = sin_cos_series(r, ctx)
        q = k % 4
        if op == 'tan':
            # tan(r + k pi/2) is tan r or -cot r; both move by (1 + v^2)
            # times an error in r
            v = Fraction(ctx.divide(s, c)) if k % 2 == 0 else -Fraction(ctx.divide(c, s))
            return v, (1 + v * v) * delta + abs(v) * Fraction(1, 10 ** (W - 10))
        if op == 'sine':
            v = [s, c, -s, -c][q]
        else:
            v = [c, -s, -c, s][q]
        v = Fraction(v)
        return v, delta + abs(v) * Fraction(1, 10 ** (W - 8))
    raise ValueError(op)


def icbrt(n):
    """floor(n ** (1/3)) for an integer n >= 0 (Newton on integers)."""
    if n < 2:
        return n
    r = 1 << ((n.bit_length() + 2) // 3)  # >= the root
    while True:
        s = (2 * r + n // (r * r)) // 3
        if s >= r:
            return r
        r = s


def exact_cbrt(x, P):
    """cbrt(x) within an interval of relative width about 2^-(4P) from an
    integer cube root: exact (eps 0) for perfect cubes."""
    if x == 0:
        return Fraction(0), Fraction(0)
    a = abs(x)
    n, d = a.numerator, a.denominator  # d is a power of two
    S = d.bit_length() - 1
    K = 4 * P + 3 * ((S + 2) // 3) - S  # scale to a multiple of 3 bits, 4P more
    K += (3 - (S + K) % 3) % 3
    N = n << K
    r = icbrt(N)
    scale = Fraction(1, 1 << ((S + K) // 3))
    if r ** 3 == N:
        v, eps = Fraction(r) * scale, Fraction(0)
    else:
        v, eps = (Fraction(r) + Fraction(1, 2)) * scale, scale / 2
    return (v if x > 0 else -v), eps


def exact_expm1(x, P, ctx, tiny):
    if x > 800:
        return None  # overflows every format
    if x == 0:
        return Fraction(0), Fraction(0)
    if x < -800:  # -1 + e^-800: rounds to -1 in every format
        return Fraction(-1) + Fraction(1, 10 ** 340), Fraction(1, 10 ** 341)
    if abs(x) < 1:  # series: no cancellation
        ctx.prec = P + 10
        y = dec_exact(x)
        t, term, n = y, y, 1
        while True:
            n += 1
            term = ctx.divide(ctx.multiply(term, y), n)
            if term == 0 or abs(term) < abs(t) * Decimal(10) ** (-ctx.prec - 5):
                break
            t = ctx.add(t, term)
        v = Fraction(t)
        return v, abs(v) * tiny
    v = Fraction(ctx.subtract(ctx.exp(dec_exact(x)), 1))  # |v| >= 1 - 1/e
    return v, abs(v) * tiny


def exact_log1p(x, P, ctx, tiny):
    if x <= -1:
        return None  # -Inf or NaN
    if x == 0:
        return Fraction(0), Fraction(0)
    if abs(x) < Fraction(1, 2):
        # log(1 + x) = 2 atanh(u), u = x / (2 + x): no cancellation
        ctx.prec = P + 10
        u = ctx.divide(dec_exact(x), ctx.add(2, dec_exact(x)))
        u2 = ctx.multiply(u, u)
        t, term, n = u, u, 1
        while True:
            n += 2
            term = ctx.multiply(term, u2)
            add = ctx.divide(term, n)
            if add == 0 or abs(add) < abs(t) * Decimal(10) ** (-ctx.prec - 5):
                break
            t = ctx.add(t, add)
        v = 2 * Fraction(t)
        return v, abs(v) * tiny
    v = Fraction(ctx.ln(ctx.add(1, dec_exact(x))))  # |v| >= log(3/2)
    return v, abs(v) * tiny


def exact_root2k(x, k):
    """x ** (1 / 2^k) if it is rational, else None (x > 0 a Fraction)."""
    for _ in range(k):
        n, d = x.numerator, x.denominator
        rn, rd = math.isqrt(n), math.isqrt(d)
        if rn * rn != n or rd * rd != d:
            return None
        x = Fraction(rn, rd)
    return x


def exact_pow(x, y, P):
    """(v, eps) for x ** y, x and y finite Fractions; None where the result
    is NaN or infinite. Exact results (rational powers) have eps 0: they can
    be representable or midpoints, where no interval would settle."""
    if y == 0 or x == 1:
        return Fraction(1), Fraction(0)
    odd = y.denominator == 1 and y.numerator % 2 == 1
    if x == 0:
        return None if y < 0 else (Fraction(0), Fraction(0))
    if x < 0 and y.denominator != 1:
        return None  # NaN
    sign = -1 if (x < 0 and odd) else 1
    a = abs(x)
    ctx = DEC.copy()
    ctx.prec = 30
    est = ctx.multiply(ctx.ln(dec_exact(a)), dec_exact(y)) if a != 1 else Decimal(0)
    if est > 800:
        return None  # overflows every format
    if est < -850:  # below 2^-1226: rounds to zero in every format
        return sign * Fraction(1, 2 ** 1300), Fraction(1, 2 ** 1300)
    k = y.denominator.bit_length() - 1  # y = m / 2^k
    m = y.numerator
    z = exact_root2k(a, k)
    if z is not None:
        odd = z.numerator  # z is dyadic: its denominator is a power of two
        while odd % 2 == 0:
            odd //= 2
        # z^m is dyadic (so possibly representable or a midpoint) only if
        # z is a power of two or m > 0, and then has a significand of at
        # most 54 bits only for m <= 64 (3^35 > 2^54); any other rational
        # or irrational result lets the interval below settle
        if odd == 1 or 0 < m <= 64:
            return sign * z ** m, Fraction(0)
    ctx.prec = P + 10
    v = Fraction(ctx.exp(ctx.multiply(ctx.ln(dec_exact(a)), dec_exact(y))))
    tiny = Fraction(1, 10 ** (P - 6))
    return sign * v, v * tiny * (abs(Fraction(est)) + 2)


def atan_pos(t, ctx):
    """atan(t) for a Decimal 0 < t <= 1: halving, then the series."""
    h = 0
    while t > Decimal('0.05'):
        t = ctx.divide(t, ctx.add(1, ctx.sqrt(ctx.add(1, ctx.multiply(t, t)))))
        h += 1
    t2 = ctx.multiply(t, t)
    s, term, n = t, t, 1
    while True:
        n += 2
        term = ctx.multiply(-term, t2)
        add = ctx.divide(term, n)
        if add == 0 or abs(add) < abs(s) * Decimal(10) ** (-ctx.prec - 5):
            break
        s = ctx.add(s, add)
    return ctx.multiply(s, 2 ** h)


def exact_atan2(y, x, yneg, xneg, P):
    """atan2(y, x) for finite y, x (Fractions; yneg/xneg the signs, for the
    zeros)."""
    ctx = DEC.copy()
    ctx.prec = P + 20
    pi = pi_dec(P + 30)
    tiny = Fraction(1, 10 ** (P - 6))
    if y == 0:
        if x > 0 or (x == 0 and not xneg):
            return Fraction(0), Fraction(0)
        v = Fraction(pi)
        return (-v if yneg else v), v * tiny
    if x == 0:
        v = Fraction(pi) / 2
        return (-v if y < 0 else v), v * tiny
    t = abs(y) / abs(x)
    if t <= 1:
        a = Fraction(atan_pos(ctx.divide(dec_exact(t.numerator), dec_exact(t.denominator)), ctx))
    else:
        a = Fraction(pi) / 2 - Fraction(atan_pos(ctx.divide(dec_exact(t.denominator),
                                                             dec_exact(t.numerator)), ctx))
    v = a if x > 0 else Fraction(pi) - a
    return (-v if y < 0 else v), abs(v) * tiny


def exact2(op, f, p, q, P):
    """exact() of the binary ops on the patterns p (lhs), q (rhs) of f."""
    x, y = val(f, p), val(f, q)
    if op == 'power':
        return exact_pow(x, y, P)
    if op == 'atan2':  # lhs is y, rhs is x (SPEC.md 9.5.1)
        return exact_atan2(x, y, decode(f, p).neg, decode(f, q).neg, P)
    raise ValueError(op)


def reference(op, t, p, q=None):
    """(correctly rounded pattern of op(x) in format t, approximate exact
    value) for the operand pattern p (and q, the rhs of a binary op), or
    None when the element is skipped."""
    f = FMTS[t]
    x = val(f, p)
    P = 60
    while True:
        r = exact(op, x, P) if q is None else exact2(op, f, p, q, P)
        if r is None:
            return None
        v, eps = r
        lo, hi = v - eps, v + eps
        plo = encode(f, lo < 0 or (lo == 0 and v < 0), abs(lo))
        phi = encode(f, hi < 0 or (hi == 0 and v < 0), abs(hi))
        if plo == phi:
            break
        P *= 2
        assert P < 5000, (op, t, x)
    if x == 0 and op in ('sqrt', 'sine', 'tanh', 'tan', 'cbrt', 'exponential_minus_one',
                         'log_plus_one'):
        plo = p  # the sign of zero is kept
    d = decode(f, plo)
    if d.kind != 'num':
        return None  # overflow to Inf / NaN
    if f.family == 'finite' and abs(v) > f.max:
        return None  # saturates (finite-only rule)
    if f.family == 'e8m0' and (v <= 0 or abs(v) < Fraction(2) ** -127):
        return None  # E8M0: no zero, no sign (section 8 item 6)
    if op == 'logistic':
        if f.family == 'e8m0':
            return None  # negate gives NaN in E8M0, so logistic is NaN
        if x < 0 and (-x > 800 or exact('exponential', -x, 30)[0] > f.max / 2):
            return None  # exp(-x) (nearly) overflows: no bound (docs)
    return plo, v


# ------------------------------------------------------------ operands

def val(f, p):
    d = decode(f, p)
    return d.value if d.kind == 'num' else None


def num_patterns(f):
    return [p for p in range(1 << f.bits) if decode(f, p).kind == 'num']


def pat_of(f, x):
    """Nearest pattern of the real x (Fraction) in f (None if not finite)."""
    p = encode(f, x < 0, abs(Fraction(x)))
    return p if decode(f, p).kind == 'num' else None


def convergents(a, limit):
    """Continued-fraction convergents (h, k) of the Fraction a, h < limit."""
    h0, h1, k0, k1 = 0, 1, 1, 0
    out = []
    while True:
        q = a.numerator // a.denominator
        h0, h1 = h1, q * h1 + h0
        k0, k1 = k1, q * k1 + k0
        if h1 >= limit:
            return out
        out.append((h1, k1))
        a -= q
        if a == 0:
            return out
        a = 1 / a


_HARD = {}


def hard_reduction(t):
    """Patterns of t closest to a multiple of pi/2, one per binade (the best
    rational approximations M/k of (pi/2)/2^e with a p-bit M): the arguments
    for which sine/cosine are hardest to reduce. Sorted by |x mod pi/2|."""
    if t in _HARD:
        return _HARD[t]
    f = FMTS[t]
    pi = Fraction(pi_dec(700))
    res = []
    top = f.bias + 1 if f.family != 'ieee' else f.bias
    for e in range(f.emin - f.m, top - f.m):
        best = None
        for M, k in convergents(pi / 2 / Fraction(2) ** e, 1 << f.p)[-4:]:
            if M == 0:
                continue
            for c in {1, ((1 << f.p) - 1) // M}:
                MM = M * c
                if MM < 1 << f.m or MM >= 1 << f.p:
                    continue
                x = Fraction(MM) * Fraction(2) ** e
                r = abs(x - k * c * pi / 2)
                p = encode(f, False, x)
                if decode(f, p).kind == 'num' and decode(f, p).mag == x and (best is None or r < best[0]):
                    best = (r, p)
        if best:
            res.append(best)
    res.sort()
    _HARD[t] = [p for _, p in res]
    return _HARD[t]


def wide_candidates(rng, op, t):
    """Operands for bf16/f16/f32/f64: edge values first, then random ones."""
    f = FMTS[t]
    sb = f.sign_bit
    minN = 1 << f.m
    maxp = f.max_pat
    one = encode(f, False, Fraction(1))
    edge = [0, sb, 1, 2, minN - 1, minN, minN + 1, maxp, maxp - 1, one, one + 1, one - 1,
            one + 2, one - 2]
    edge += [p | sb for p in edge]
    if op in ('sine', 'cosine', 'tan'):
        # nearest values to k*pi/2 (reduction matters), big arguments
        pi_big = Fraction(pi_dec(400))
        for k in (1, 2, 3, 4, 5, 6, 7, 8, 10, 16, 100, 1000, 12345, 10 ** 6, 10 ** 9):
            for s in (1, -1):
                p = pat_of(f, s * k * pi_big / 2)
                if p is not None:
                    edge += [p, (p + 1) & f.mask, (p - 1) & f.mask]
        big = [Fraction(10) ** 22, Fraction(10) ** 300, Fraction(10) ** 38, Fraction(10) ** 15,
               Fraction(2) ** 1023, Fraction(2) ** 127, Fraction(2) ** 64, Fraction(65504),
               Fraction(6381956970095103) * Fraction(2) ** 797]  # f64 closest to k*pi/2
        for b in big:
            for s in (1, -1):
                p = pat_of(f, s * b)
                if p is not None:
                    edge.append(p)
    if op == 'exponential':
        for xv in ('0.5', '-0.5', '1', '-1', '10', '-10', '88.7', '-87.3', '-103.9', '709.78',
                   '-708.39', '-745.1', '11.09', '-9.7', '-16.6', '88.72', '-745.13'):
            p = pat_of(f, Fraction(xv))
            if p is not None:
                edge += [p, p + 1, p - 1]
    if op == 'tanh':
        for xv in ('0.5', '0.25', '1', '2', '3', '5', '8', '9.01', '10', '18.3', '19.06',
                   '20', '22', '40', '0.0001', '1e-8'):
            for s in (1, -1):
                p = pat_of(f, s * Fraction(xv))
                if p is not None:
                    edge += [p, p + 1]
    if op == 'log':
        for xv in ('2', '0.5', '10', '0.1', '2.718281828459045', '3', '1e-30', '1e30'):
            p = pat_of(f, Fraction(xv))
            if p is not None:
                edge += [p, p + 1, p - 1]
    if op in ('sqrt', 'rsqrt'):
        for k in (2, 3, 4, 9, 16, 25, 1000):
            edge.append(encode(f, False, Fraction(k)))
    if op == 'cbrt':
        for k in (8, 27, 1000, Fraction(1, 8), Fraction(27, 64), 2, 3, 10, Fraction(1, 10), 7 ** 3):
            for s in (1, -1):
                p = pat_of(f, s * Fraction(k))
                if p is not None:
                    edge += [p, p + 1, p - 1]
    if op in ('exponential_minus_one', 'log_plus_one'):
        # around 0 (the reason for the op), -1 and the overflow edge
        for xv in ('1e-3', '1e-5', '1e-8', '1e-20', '0.5', '1', '2', '-0.25', '-0.5', '-0.75',
                   '-0.999', '-0.9999999', '88.7', '709.7', '11.08', '-20', '-40', '-800'):
            for s in (1, -1):
                p = pat_of(f, s * Fraction(xv))
                if p is not None:
                    edge += [p, p + 1, p - 1]
        m1 = encode(f, True, Fraction(1))
        edge += [m1 - 1, m1 - 2, m1 - 1000]  # just above -1
    if op in ('sine', 'cosine', 'tan'):
        hard = hard_reduction(t)
        k = 100 if t == 'f64' else 20  # f64: also feeds the near-zero chunk
        edge += hard[:20] + rng.sample(hard[20:], max(0, min(k, len(hard) - 20)))
    for p in edge:
        yield p & f.mask
    ebits = (1 << f.e) - 1
    while True:
        r = rng.random()
        if r < 0.35:  # uniform over patterns
            p = rng.randrange(1 << f.bits)
        elif r < 0.7:  # moderate magnitudes
            lo, hi = {'exponential': (-8, 6), 'tanh': (-8, 5), 'sine': (-6, 8),
                      'cosine': (-6, 8), 'tan': (-6, 8), 'exponential_minus_one': (-12, 6),
                      'log_plus_one': (-12, 20)}.get(op, (-20, 20))
            E = f.bias + rng.randint(lo, hi)
            p = E << f.m | rng.randrange(1 << f.m)
            if rng.random() < 0.5:
                p |= sb
        elif r < 0.8:  # subnormals
            p = rng.randrange(1, minN) | (sb if rng.random() < 0.5 else 0)
        elif r < 0.9 and op in ('sine', 'cosine', 'tan'):  # huge arguments
            E = rng.randint(max(f.bias + f.p, ebits - 40), ebits - 1)
            p = E << f.m | rng.randrange(1 << f.m) | (sb if rng.random() < 0.5 else 0)
        else:  # near 1 (log), near overflow/underflow edges (exp)
            if op in ('exponential', 'exponential_minus_one'):
                hi = 1
                while Fraction(2) ** hi < f.max:
                    hi += 1
                lim = Fraction(hi * 693147, 1000000)  # ~ ln(max)
                lim2 = Fraction((1 - f.bias - f.m) * 693147, 1000000)  # ~ ln(minS)
                c = rng.choice([lim, lim2, -lim])
                x = c * (1 + Fraction(rng.randint(-2000, 2000), 100000))
                p = pat_of(f, x)
                if p is None:
                    continue
            elif op == 'log_plus_one':  # just above -1
                p = encode(f, True, Fraction(1)) - rng.randint(1, 1 << min(f.m, 20))
            else:
                p = (one + rng.randint(-50, 50)) & f.mask
        yield p


def wide_pairs(rng, op, t):
    """Operand pairs (lhs, rhs) for power and atan2 on bf16/f16/f32/f64:
    edge pairs first, then random ones."""
    f = FMTS[t]
    sb = f.sign_bit
    minN = 1 << f.m
    fr = lambda s: pat_of(f, Fraction(s))  # noqa: E731
    if op == 'power':
        xs = ['2', '0.5', '10', '3', '0.1', '2.718281828459045', '1.0001', '0.9999', '-2', '-0.5',
              '-3', '1e-3', '1e4', '7']
        ys = ['2', '3', '0.5', '-1', '-2', '1.5', '0.3333333333333333', '10', '-0.5', '0.25',
              '7', '31', '-3', '2.5', '1e-6', '-40']
        edge = [(fr(a), fr(b)) for a in xs for b in ys]
        one = fr('1')
        edge += [(one + 1, fr('1e6')), (one - 1, fr('1e6')), (one + 1, fr('-1e6')),
                 (f.max_pat, fr('0.5')), (f.max_pat, fr('-0.5')), (1, fr('0.5')), (minN, fr('0.5')),
                 (1, fr('0.125')), (fr('4'), fr('0.5')), (fr('2.25'), fr('1.5')), (fr('5'), fr('2')),
                 (fr('0.0625'), fr('0.25')), (fr('-5'), fr('3'))]
    else:
        vals = ['1', '2', '0.5', '3', '1e-3', '1e3', '1e-30', '1e30']
        edge = []
        pats = [fr(v) for v in vals if fr(v) is not None]
        for a in pats:
            for b in pats:
                for sa in (0, sb):
                    for sx in (0, sb):
                        edge.append((a | sa, b | sx))
        edge += [(1, 1), (1, f.max_pat), (f.max_pat, 1), (f.max_pat, f.max_pat | sb),
                 (1 | sb, f.max_pat | sb), (minN, minN), (1, fr('1') | sb)]
    for p, q in edge:
        if p is not None and q is not None:
            yield p & f.mask, q & f.mask
    while True:
        r = rng.random()
        if op == 'power':
            # bases of moderate exponent, exponents that keep most results
            # finite: small integers, halves, random patterns
            E = f.bias + rng.randint(-12, 12)
            p = E << f.m | rng.randrange(1 << f.m)
            if r < 0.3:
                q = fr(str(rng.randint(-12, 12)))
                if rng.random() < 0.4:
                    p |= sb
            elif r < 0.45:
                q = fr(str(Fraction(rng.randint(-24, 24), 2)))
            elif r < 0.9:
                q = (f.bias + rng.randint(-10, 4)) << f.m | rng.randrange(1 << f.m)
                q |= sb if rng.random() < 0.5 else 0
            else:
                p, q = rng.randrange(1 << f.bits), rng.randrange(1 << f.bits)
        else:
            if r < 0.7:  # exponents a little apart: results anywhere
                Ea = rng.randint(1, (1 << f.e) - 2)
                Eb = min(max(Ea + rng.randint(-f.p - 4, f.p + 4), 1), (1 << f.e) - 2)
                p = Ea << f.m | rng.randrange(1 << f.m)
                q = Eb << f.m | rng.randrange(1 << f.m)
            elif r < 0.85:  # subnormal operands
                p = rng.randrange(1, minN)
                q = rng.randrange(1, 1 << f.bits - 1)
                if rng.random() < 0.5:
                    p, q = q, p
            else:
                p, q = rng.randrange(1 << f.bits), rng.randrange(1 << f.bits)
            p |= sb if rng.random() < 0.5 else 0
            q |= sb if rng.random() < 0.5 else 0
        if q is not None:
            yield p & f.mask, q & f.mask


# ------------------------------------------------------------ emitting


def hexpat(bits, v):
    return '0x%0*X' % (max(2, (bits + 3) // 4), v)


def ttype(n, t):
    return 'tensor<%dx%s>' % (n, t)


def dense(t, vals):
    return 'dense<[%s]> : %s' % (', '.join(hexpat(FMTS[t].bits, v) for v in vals),
                                 ttype(len(vals), t))


# glibc's sin/cos reduce |x| >= 105414350 with __branred, whose result has an
# absolute error up to about 2^-92: beyond 1 ULP once |result| < 2^-38
# (docs/semantics.md). Those f64 elements get an absolute tolerance instead.
BRANRED = 105414350
NEAR_ZERO = Fraction(1, 2 ** 38)
NEAR_TOL = '1.0e-27'


def f64_tan_near_pole(t, op, x, v):
    return t == 'f64' and op == 'tan' and abs(x) >= BRANRED and abs(v) > 1 / NEAR_ZERO


def tan_pole_bound(v):
    """ULP bound of f64 tan near a pole after __branred: an absolute error
    of at most 1e-27 in the reduced argument moves tan by (1 + tan^2) times
    as much (docs/semantics.md), plus the final rounding."""
    ulp = Fraction(2) ** (floor_log2(abs(v)) - 52)
    err = Fraction(1, 10 ** 27) * (1 + v * v)
    return 1 + -(-err // ulp)


def f64_sincos_near_zero(t, op, x, v):
    return (t == 'f64' and op in ('sine', 'cosine', 'tan') and abs(x) >= BRANRED
            and abs(v) < NEAR_ZERO)


class Chunk:
    def __init__(self, name, op, t, check, note):
        self.name, self.op, self.t, self.check, self.note = name, op, t, check, note
        self.A, self.B, self.R = [], [], []  # B: rhs operands of a binary op


def build():
    """All chunks, in a fixed order (deterministic)."""
    rng = random.Random(SEED)
    chunks = []
    for op in OPS + ['logistic']:
        for t in FLOAT_NAMES:
            f = FMTS[t]
            if op == 'logistic':
                pos = Chunk('logistic_pos_' + t, op, t, ('close', logistic_bound(t, False)),
                            'logistic, x >= 0')
                neg = Chunk('logistic_neg_' + t, op, t, ('close', logistic_bound(t, True)),
                            'logistic, x < 0 with exp(-x) <= max/2')
                parts = [pos, neg]
            else:
                main = Chunk('%s_%s' % (op, t), op, t, ('close', bound(op, t)), op)
                near = Chunk('%s_%s_branred_near_zero' % (op, t), op, t, ('almost', NEAR_TOL),
                             '%s, |x| >= 105414350 and |result| < 2^-38 (absolute tolerance)' % op)
                parts = [main, near]
            if f.bits <= 8:
                source = num_patterns(f)
            else:
                source = wide_candidates(rng, op, t)
            seen = set()
            for p in source:
                if f.bits > 8 and len(parts[0].A) >= WIDE_N:
                    break
                if p in seen or val(f, p) is None:
                    continue
                seen.add(p)
                ref = reference(op, t, p)
                if ref is None:
                    continue
                e, v = ref
                x = val(f, p)
                if op == 'logistic':
                    c = neg if x < 0 else pos
                elif f64_sincos_near_zero(t, op, x, v):
                    c = near
                else:
                    c = main
                if f.bits > 8 and len(c.A) >= (WIDE_N if c is parts[0] else 60):
                    continue
                c.A.append(p)
                c.R.append(e)
            chunks += [c for c in parts if c.A]
    return chunks


def build_new(all_pairs=False, all16=False):
    """The chunks of OUT_NEW: the math ops of SPEC.md 9.5.1. Binary ops on
    the formats of 8 bits or fewer take SMALL_PAIRS random pairs of finite
    operands (every pair with all_pairs, for --measure); with all16 the
    unary ops take every pattern of bf16 and f16 (--measure)."""
    rng = random.Random(SEED_NEW)
    chunks = []
    for op in UNARY_NEW + BINARY_NEW:
        binary = op in BINARY_NEW
        for t in FLOAT_NAMES:
            f = FMTS[t]
            main = Chunk('%s_%s' % (op, t), op, t, ('close', bound(op, t)), op)
            near = Chunk('%s_%s_branred_near_zero' % (op, t), op, t, ('almost', NEAR_TOL),
                         '%s, |x| >= 105414350 and |result| < 2^-38 (absolute tolerance)' % op)
            poles = {}  # near-pole elements by the bit length of their bound
            parts = [main, near]
            every = f.bits <= 8 or (all16 and f.bits == 16 and not binary)
            if every:
                nums = num_patterns(f)
                if binary:
                    source = [(a, b) for a in nums for b in nums]
                    if not all_pairs and len(source) > SMALL_PAIRS:
                        source = rng.sample(source, SMALL_PAIRS)
                else:
                    source = nums
            else:
                source = wide_pairs(rng, op, t) if binary else wide_candidates(rng, op, t)
            seen = set()
            for p in source:
                if not every and len(main.A) >= WIDE_N:
                    break
                pq = (p[0] & f.mask, p[1] & f.mask) if binary else (p & f.mask, None)
                if pq in seen or val(f, pq[0]) is None or (binary and val(f, pq[1]) is None):
                    continue
                seen.add(pq)
                ref = reference(op, t, pq[0], pq[1])
                if ref is None:
                    continue
                e, v = ref
                c = main
                if f64_sincos_near_zero(t, op, val(f, pq[0]), v):
                    c = near
                elif f64_tan_near_pole(t, op, val(f, pq[0]), v):
                    k = tan_pole_bound(v).bit_length()
                    if k not in poles:
                        poles[k] = Chunk(
                            '%s_%s_branred_near_pole_%d' % (op, t, k), op, t, ('close', 2 ** k),
                            '%s, |x| >= 105414350 and |result| > 2^38, where 1 + 1e-27 tan^2 / ulp'
                            ' < 2^%d' % (op, k))
                    c = poles[k]
                if not every and len(c.A) >= (WIDE_N if c is main else 60):
                    continue
                c.A.append(pq[0])
                if binary:
                    c.B.append(pq[1])
                c.R.append(e)
            chunks += [c for c in parts if c.A] + [poles[k] for k in sorted(poles)]
    return chunks


def logistic_bound(t, neg):
    """Three roundings (SPEC.md 4.18); derivation in docs/semantics.md."""
    if FMTS[t].p == 53:
        return 4 if neg else 3
    return 3 if neg else 2


def operands(c):
    lines = ['  %%a = stablehlo.constant %s' % dense(c.t, c.A)]
    if c.B:
        lines.append('  %%b = stablehlo.constant %s' % dense(c.t, c.B))
    return lines


def args(c):
    return '%a, %b' if c.B else '%a'


def chunk_text(c, measure=False):
    n = len(c.A)
    t = c.t
    T = ttype(n, t)
    if measure:
        f = FMTS[t]
        if f.bits == 6:
            Tw, Tu = ttype(n, 'f32'), ttype(n, 'ui32')
            tail = ['  %%w = stablehlo.convert %%r : (%s) -> %s' % (T, Tw),
                    '  %%u = stablehlo.bitcast_convert %%w : (%s) -> %s' % (Tw, Tu)]
        else:
            Tu = ttype(n, 'ui%d' % f.bits)
            tail = ['  %%u = stablehlo.bitcast_convert %%r : (%s) -> %s' % (T, Tu)]
        return '\n'.join(['func.func @main() -> %s {' % Tu] + operands(c) + [
                          '  %%r = stablehlo.%s %s : %s' % (c.op, args(c), T)] + tail +
                         ['  func.return %%u : %s' % Tu, '}'])
    if c.check[0] == 'close':
        check = '  check.expect_close %%r, %%e, max_ulp_difference = %d : %s, %s' % (c.check[1], T, T)
        what = 'bound %d ULP' % c.check[1]
    else:
        check = '  check.expect_almost_eq %%r, %%e, tolerance = %s : %s' % (c.check[1], T)
        what = 'absolute tolerance %s' % c.check[1]
    return '\n'.join([
        '// %s on %d %s operand%s; %s' % (c.note, n, t, ' pairs' if c.B else 's', what),
        'func.func @%s() {' % c.name] + operands(c) + [
        '  %%r = stablehlo.%s %s : %s' % (c.op, args(c), T),
        '  %%e = stablehlo.constant %s' % dense(t, c.R),
        check,
        '  func.return',
        '}'])


HEADER = """// RUN: ir-run --interpret -split-input-file %s
// Generated by tests/oracle/gen_accuracy.py; do not edit.
// Accuracy of the class-B math ops and logistic (docs/semantics.md,
// "Accuracy"): per element, the ULP distance (SPEC.md 3.11) between ir-run's
// result and the correctly rounded exact result (decimal arithmetic at 60+
// digits, no libm) is at most: sqrt 0; rsqrt 1 (f64: 2); exponential, log 1;
// sine, cosine 1, except f64 with |x| >= 105414350 and |result| < 2^-38
// (glibc's large-argument reduction; absolute tolerance 1e-27 there); tanh 1
// (f64: 2); logistic 2 for x >= 0 (f64: 3) and 3 for x < 0 while
// exp(-x) <= max/2 (f64: 4). Formats of 8 bits or fewer: every finite
// operand whose exact result is finite in the format (E8M0: positive);
// bf16/f16/f32/f64: 200 operands each, with the arguments closest to
// multiples of pi/2 for sine and cosine.
"""


HEADER_NEW = """// RUN: ir-run --interpret -split-input-file %s
// Generated by tests/oracle/gen_accuracy.py; do not edit.
// Accuracy of the class-B math ops of SPEC.md 9.5.1 (docs/semantics.md,
// "Accuracy"): per element, the ULP distance (SPEC.md 3.11) between ir-run's
// result and the correctly rounded exact result (decimal and integer
// arithmetic, no libm) is at most the bound in each chunk's comment.
// tan, cbrt, exponential_minus_one, log_plus_one: every finite operand of
// the formats of 8 bits or fewer whose exact result is finite in the format
// (E8M0: positive, at least 2^-127); power and atan2: 1024 random pairs of
// finite operands there (every pair of f4E2M1FN); bf16/f16/f32/f64: 200
// operands or pairs each, edge cases first.
"""


def ulp_distance(f, a, b):
    """SPEC.md 3.11."""
    if a == b:
        return 0
    da, db = decode(f, a), decode(f, b)
    if da.kind == 'num' and db.kind == 'num':
        x, y = a & ~f.sign_bit & f.mask, b & ~f.sign_bit & f.mask
        if f.sign_bit and (a & f.sign_bit) != (b & f.sign_bit):
            return x + y
        return abs(x - y)
    if da.kind == 'nan' and db.kind == 'nan':
        return 0
    return 2 ** 64 - 1


def measure(irrun, chunks):
    text = '\n\n// -----\n\n'.join(chunk_text(c, measure=True) for c in chunks) + '\n'
    with tempfile.NamedTemporaryFile('w', suffix='.mlir', delete=False) as fh:
        fh.write(text)
        path = fh.name
    try:
        out = subprocess.run([irrun, '--interpret', '-split-input-file', path],
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    blocks = re.findall(r'\{\s*\[([^\]]*)\]\s*\}', out)
    assert len(blocks) == len(chunks), (len(blocks), len(chunks))
    for c, blk in zip(chunks, blocks):
        f = FMTS[c.t]
        got = [int(s) for s in blk.split(',')]
        if f.bits == 6:
            f32 = FMTS['f32']
            got = [encode(f, decode(f32, g).neg, decode(f32, g).mag) for g in got]
        hist = {}
        worst = (-1,)
        for i, (a, g, e) in enumerate(zip(c.A, got, c.R)):
            d = ulp_distance(f, g, e)
            hist[d] = hist.get(d, 0) + 1
            if d > worst[0]:
                worst = (d, a, g, e, c.B[i] if c.B else None)
        extra = ''
        if c.check[0] == 'almost':
            err = max(abs(decode(f, g).value - decode(f, e).value)
                      for g, e in zip(got, c.R))
            extra = '  max |actual - expected| %.3g' % float(err)
        print('%-40s n=%4d %-10s max d=%-6d %s%s' % (
            c.name, len(c.A), '%s %s' % c.check, worst[0],
            ' '.join('%d:%d' % (k, hist[k]) for k in sorted(hist)), extra))
        if worst[0] > 0:
            h = lambda v: hexpat(f.bits, v)  # noqa: E731
            print('    worst: x=%s%s got=%s want=%s' % (
                h(worst[1]), '' if worst[4] is None else ' y=%s' % h(worst[4]), h(worst[2]),
                h(worst[3])))


def write(path, header, chunks):
    text = header + '\n' + '\n\n// -----\n\n'.join(chunk_text(c) for c in chunks) + '\n'
    with open(path, 'w') as fh:
        fh.write(text)
    print('%s: %d chunks, %d elements, %d bytes' % (
        os.path.relpath(path), len(chunks), sum(len(c.A) for c in chunks), len(text)))


def main(argv):
    new_only = '--new' in argv
    if '--measure' in argv:
        irrun = argv[argv.index('--measure') + 1]
        chunks = build_new('--all-pairs' in argv, '--all16' in argv)
        if not new_only:
            chunks = build() + chunks
        measure(irrun, chunks)
        return
    if not new_only:
        write(OUT, HEADER, build())
    write(OUT_NEW, HEADER_NEW, build_new())


if __name__ == '__main__':
    main(sys.argv[1:])
