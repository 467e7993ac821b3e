#!/usr/bin/env python3
"""Golden tests for the element-wise numerics of SPEC 9.5.1/9.5.2 that are
not arithmetic (issue 13): the shifts, popcnt and count_leading_zeros on
every integer type, is_finite, real, imag and complex, reduce_precision on
every float type.

Writes tests/interpret/{bits,complex_parts,reduce_precision}.mlir and
tests/interpret/fail/numerics.mlir. Expected values come from this file's
own reading of SPEC (the functions below, on Python integers and Fractions,
with model.py's decoder and encoder), never from ir-run.

    python3 tests/oracle/gen_numerics.py

reduce_precision is computed twice, independently, and the generator stops
if the two disagree on any case it writes: `rp_bits` follows SPEC 9.5.2's
bit algorithm step by step (which decision 36 makes the definition for
every format); `rp_value` follows SPEC's meaning in values (round to M
mantissa bits, then Inf above the reduced range and a signed zero below
its normals, or the source's own grid when the exponent is not reduced)
and applies to IEEE operand formats. One point where the two readings
must be reconciled: with M = 0 the last kept bit of the pattern is the
exponent's lowest bit, so a tie between 2^k and 2^(k+1) goes to the power
whose biased exponent is even, not always to the larger one as 3.5's p = 1
rule would say (f32 e8m0: 1.5 -> 2, 3 -> 2, 6 -> 8).

Python 3 standard library only.
"""

import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
from gen import const, dense, fname, pin, ttype  # noqa: E402
from model import FMTS, FLOAT_NAMES, decode, encode, floor_log2, round_half_even  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261301
INTS = [t for t in model.INT_NAMES if t != 'i1']
CPLX = gen.CPLX

# ------------------------------------------------------------ bit operations
# Element values are Python ints: the signed value for iN, the unsigned one
# for uiN (model.wrap gives the value of an N-bit pattern).


def width(t):
    return model.int_info(t)[0]


def pat(t, v):
    """The N-bit pattern of a value."""
    return v & ((1 << width(t)) - 1)


def shift_left(t, a, b):
    n, s = width(t), pat(t, b)  # the amount: the rhs pattern, unsigned
    return model.wrap(t, 0 if s >= n else pat(t, a) << s)


def shift_right_logical(t, a, b):
    n, s = width(t), pat(t, b)
    return model.wrap(t, 0 if s >= n else pat(t, a) >> s)


def shift_right_arithmetic(t, a, b):
    """The top bit acts as the sign also for uiN; amounts >= N fill every
    bit with it (Python's >> on a negative int rounds down: arithmetic)."""
    n, s = width(t), pat(t, b)
    p = pat(t, a)
    signed = p - (1 << n) if p >> (n - 1) else p
    return model.wrap(t, signed >> min(s, n - 1))


def popcnt(t, a):
    return model.wrap(t, bin(pat(t, a)).count('1'))  # i2: 2 wraps to -2


def count_leading_zeros(t, a):
    return model.wrap(t, width(t) - pat(t, a).bit_length())


SHIFTS = [('shift_left', shift_left), ('shift_right_arithmetic', shift_right_arithmetic),
          ('shift_right_logical', shift_right_logical)]
COUNTS = [('popcnt', popcnt), ('count_leading_zeros', count_leading_zeros)]


def amounts(t):
    """Shift amounts around N, negative ones (large unsigned patterns) and
    the type's extremes, as values of t."""
    n = width(t)
    lo, hi = model.int_range(t)
    raw = [0, 1, 2, n - 2, n - 1, n, n + 1, 2 * n, 63, 64, 65, -1, -2, -n, -56, lo, hi, hi - 1]
    return sorted(set(model.wrap(t, x) for x in raw))


def int_edges(t):
    n = width(t)
    lo, hi = model.int_range(t)
    raw = [0, 1, 2, 3, -1, -2, lo, lo + 1, hi, hi - 1, 0x5555555555555555, 0xAAAAAAAAAAAAAAAA,
           1 << (n - 1), (1 << (n - 1)) - 1, 1 << (n // 2), 0x0123456789ABCDEF]
    return sorted(set(model.wrap(t, x) for x in raw))


def bit_pairs(rng, t):
    n = width(t)
    vals = [model.wrap(t, x) for x in range(1 << n)] if n <= 8 else None
    A, B = [], []
    if n <= 4:  # every pair
        for a in vals:
            for b in vals:
                A.append(a)
                B.append(b)
        return A, B
    am = amounts(t)
    if n == 8:  # every value with a rotating amount, every amount on a few values
        for i, a in enumerate(vals):
            A.append(a)
            B.append(am[i % len(am)])
        for a in (1, -1, model.int_range(t)[0], model.int_range(t)[1], 0x55):
            for b in vals:
                A.append(model.wrap(t, a))
                B.append(b)
        return A, B
    for a in int_edges(t):
        for b in am:
            A.append(a)
            B.append(b)
    lo, hi = model.int_range(t)
    for i in range(96):
        A.append(rng.randint(lo, hi))
        B.append(model.wrap(t, rng.randrange(n + 2)) if i % 3 else rng.randint(lo, hi))
    return A, B


def gen_bits(rng):
    chunks = []
    for t in INTS:
        A, B = bit_pairs(rng, t)
        shape = [len(A)]
        T = ttype(shape, t)
        body = ['// %s: every shift and count on %d operand pairs' % (t, len(A)),
                'func.func @bits_%s() {' % t, const('a', t, shape, A), const('b', t, shape, B)]
        for op, fn in SHIFTS:
            body.append('  %%%s = stablehlo.%s %%a, %%b : %s' % (op, op, T))
            body.append('  check.expect_eq_const %%%s, %s' % (op, dense(t, shape, [fn(t, a, b) for a, b in zip(A, B)])))
        for op, fn in COUNTS:
            body.append('  %%%s = stablehlo.%s %%a : %s' % (op, op, T))
            body.append('  check.expect_eq_const %%%s, %s' % (op, dense(t, shape, [fn(t, a) for a in A])))
        body += ['  func.return', '}']
        chunks.append('\n'.join(body))
    # generic forms, rank 0 and 2, zero elements
    body = ['// generic forms; rank 0, rank 2 and zero-element operands',
            'func.func @bits_generic_forms() {']
    for k, (t, shape) in enumerate([('i16', []), ('ui32', [2, 3]), ('i64', [0, 4]), ('ui4', [3, 1])]):
        n = 1
        for d in shape:
            n *= d
        lo, hi = model.int_range(t)
        A = [rng.randint(lo, hi) for _ in range(n)]
        B = [model.wrap(t, rng.randrange(width(t) + 3)) for _ in range(n)]
        T = ttype(shape, t)
        body += [const('a%d' % k, t, shape, A), const('b%d' % k, t, shape, B)]
        for op, fn in SHIFTS:
            body.append('  %%%s%d = "stablehlo.%s"(%%a%d, %%b%d) : (%s, %s) -> %s' % (op, k, op, k, k, T, T, T))
            body.append('  check.expect_eq_const %%%s%d, %s' % (op, k, dense(t, shape, [fn(t, a, b) for a, b in zip(A, B)])))
        for op, fn in COUNTS:
            body.append('  %%%s%d = "stablehlo.%s"(%%a%d) : (%s) -> %s' % (op, k, op, k, T, T))
            body.append('  check.expect_eq_const %%%s%d, %s' % (op, k, dense(t, shape, [fn(t, a) for a in A])))
    body += ['  func.return', '}']
    chunks.append('\n'.join(body))
    # SPEC 9.A vectors 10 and 11, as SPEC states them
    chunks.append('\n'.join([
        '// SPEC 9.A vector 10 (9.5.1, i8): shift_left(1, 8) = 0, shift_left(-1, 7) = -128,',
        '// shift_right_logical(-1, 9) = 0, shift_right_arithmetic(-128, -56) = -1 (-56 is',
        '// the amount 200), shift_right_logical(-1, 1) = 127; ui8 200 >> 8 = 255; i4',
        '// popcnt(-1) = 4. Vector 11: count_leading_zeros i64 [[0, 1], [128, -1]].',
        'func.func @spec_vectors() {',
        '  %a = stablehlo.constant dense<[1, -1, -1, -128, -1]> : tensor<5xi8>',
        '  %b = stablehlo.constant dense<[8, 7, 9, -56, 1]> : tensor<5xi8>',
        '  %l = stablehlo.shift_left %a, %b : tensor<5xi8>',
        '  %r = stablehlo.shift_right_logical %a, %b : tensor<5xi8>',
        '  %s = stablehlo.shift_right_arithmetic %a, %b : tensor<5xi8>',
        '  %l2 = stablehlo.slice %l [0:2] : (tensor<5xi8>) -> tensor<2xi8>',
        '  check.expect_eq_const %l2, dense<[0, -128]> : tensor<2xi8>',
        '  %r2 = stablehlo.slice %r [2:5:2] : (tensor<5xi8>) -> tensor<2xi8>',
        '  check.expect_eq_const %r2, dense<[0, 127]> : tensor<2xi8>',
        '  %s1 = stablehlo.slice %s [3:4] : (tensor<5xi8>) -> tensor<1xi8>',
        '  check.expect_eq_const %s1, dense<[-1]> : tensor<1xi8>',
        '  %u = stablehlo.constant dense<200> : tensor<ui8>',
        '  %e = stablehlo.constant dense<8> : tensor<ui8>',
        '  %us = stablehlo.shift_right_arithmetic %u, %e : tensor<ui8>',
        '  check.expect_eq_const %us, dense<255> : tensor<ui8>',
        '  %m = stablehlo.constant dense<-1> : tensor<i4>',
        '  %p = stablehlo.popcnt %m : tensor<i4>',
        '  check.expect_eq_const %p, dense<4> : tensor<i4>',
        '  %c = stablehlo.constant dense<[[0, 1], [128, -1]]> : tensor<2x2xi64>',
        '  %z = stablehlo.count_leading_zeros %c : tensor<2x2xi64>',
        '  check.expect_eq_const %z, dense<[[64, 63], [56, 0]]> : tensor<2x2xi64>',
        '  func.return',
        '}']))
    # in a reduce body (the ops run in lanes there): r = (acc << 1) | x
    t = 'ui32'
    X = [rng.randrange(2) for _ in range(4 * 20)]
    R = []
    for row in range(4):
        acc = 0
        for x in X[row * 20:(row + 1) * 20]:
            acc = model.wrap(t, shift_left(t, acc, 1) | x)
        R.append(acc)
    chunks.append('\n'.join([
        '// a reduce body of shift_left and or: 20 bits packed per row (the body runs in lanes)',
        'func.func @bits_in_reduce() {',
        const('x', t, [4, 20], X),
        '  %z = stablehlo.constant dense<0> : tensor<ui32>',
        '  %one = stablehlo.constant dense<1> : tensor<ui32>',
        '  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x20xui32>, tensor<ui32>) -> tensor<4xui32>',
        '    reducer(%acc: tensor<ui32>, %e: tensor<ui32>) {',
        '    %s = stablehlo.shift_left %acc, %one : tensor<ui32>',
        '    %o = stablehlo.or %s, %e : tensor<ui32>',
        '    stablehlo.return %o : tensor<ui32>',
        '  }',
        '  check.expect_eq_const %%r, %s' % dense(t, [4], R),
        '  func.return',
        '}']))
    header = ('// shift_left, shift_right_arithmetic, shift_right_logical, popcnt, count_leading_zeros\n'
              '// (SPEC 9.5.1) on every integer type: amounts read as unsigned N-bit patterns, so\n'
              '// negative amounts are large; amounts >= N give 0 (left, logical) or the sign fill\n'
              '// (arithmetic, the top bit also for uiN); counts wrap modulo 2^N like any result.')
    return 'bits.mlir', header, chunks

# ------------------------------------------------------- is_finite and parts


def fvalues(rng, t, n):
    """Every pattern of a format of at most 8 bits, else its special
    patterns and random ones."""
    f = FMTS[t]
    if f.bits <= 8:
        return list(range(1 << f.bits))
    vals = list(gen.specials(t))
    q = 1 << (f.m - 1)
    e = ((1 << f.e) - 1) << f.m
    vals += [e | 1, e | q | 0x5, f.sign_bit | e | 3, f.sign_bit, 1, f.sign_bit | ((1 << f.m) - 1)]
    while len(vals) < n:
        vals.append(gen.fsample(rng, f))
    return vals


def is_finite(t, p):
    return 1 if decode(FMTS[t], p).kind == 'num' else 0


def gen_parts(rng):
    chunks = []
    for t in FLOAT_NAMES:
        X = fvalues(rng, t, 64)
        shape = [len(X)]
        T = ttype(shape, t)
        body = ['func.func @parts_%s() {' % t, const('a', t, shape, X),
                '  %%fin = stablehlo.is_finite %%a : (%s) -> %s' % (T, ttype(shape, 'i1')),
                '  check.expect_eq_const %%fin, %s' % dense('i1', shape, [is_finite(t, p) for p in X]),
                '  %%re = stablehlo.real %%a : %s' % T]
        body += pin('re', t, shape, X, tag='re_r')
        body.append('  %%im = stablehlo.imag %%a : %s' % T)
        body += pin('im', t, shape, [0] * len(X), tag='im_r')  # +0: the zero pattern in every format
        body += ['  func.return', '}']
        chunks.append('\n'.join(['// %s: is_finite on %s; real is the operand, imag +0 (E8M0: 0x00)' % (
            t, 'every pattern' if FMTS[t].bits <= 8 else 'special and random patterns')] + body))
    for c, p in CPLX.items():
        f = FMTS[p]
        S = fvalues(rng, p, 40)
        RE, IM = [], []
        for i, x in enumerate(S):  # specials as both parts, in rotation
            RE.append(x)
            IM.append(S[(i * 7 + 3) % len(S)])
        for _ in range(24):
            RE.append(gen.fsample(rng, f))
            IM.append(gen.fsample(rng, f))
        shape = [len(RE)]
        C, P = ttype(shape, c), ttype(shape, p)
        vals = list(zip(RE, IM))
        body = ['// %s: real and imag copy the parts bit for bit (NaN payloads, -0, signalling NaN);' % c,
                '// complex joins them again, in the pretty forms with one type and with a function type',
                'func.func @parts_%s() {' % fname(c),
                '  %%x = stablehlo.constant %s' % dense(c, shape, vals),
                '  %%re = stablehlo.real %%x : (%s) -> %s' % (C, P)]
        body += pin('re', p, shape, RE, tag='re_r')
        body.append('  %%im = stablehlo.imag %%x : (%s) -> %s' % (C, P))
        body += pin('im', p, shape, IM, tag='im_r')
        body.append('  %%c = stablehlo.complex %%re, %%im : %s' % C)
        body += pin('c', c, shape, vals, tag='c_r')
        body.append('  %%d = stablehlo.complex %%im, %%re : (%s, %s) -> %s' % (P, P, C))
        body += pin('d', c, shape, list(zip(IM, RE)), tag='d_r')
        body.append('  %%g = "stablehlo.complex"(%%re, %%re) : (%s, %s) -> %s' % (P, P, C))
        body += pin('g', c, shape, list(zip(RE, RE)), tag='g_r')
        body.append('  %%h = "stablehlo.imag"(%%g) : (%s) -> %s' % (C, P))
        body += pin('h', p, shape, RE, tag='h_r')
        body += ['  func.return', '}']
        chunks.append('\n'.join(body))
    # rank 0, rank 2, zero elements; is_finite in a map body (lanes)
    chunks.append('\n'.join([
        '// rank 0, rank 2 and zero-element operands',
        'func.func @parts_shapes() {',
        '  %a = stablehlo.constant dense<(1.5, -2.5)> : tensor<complex<f64>>',
        '  %re = stablehlo.real %a : (tensor<complex<f64>>) -> tensor<f64>',
        '  %im = stablehlo.imag %a : (tensor<complex<f64>>) -> tensor<f64>',
        '  check.expect_eq_const %re, dense<1.5> : tensor<f64>',
        '  check.expect_eq_const %im, dense<-2.5> : tensor<f64>',
        '  %b = stablehlo.constant dense<[[1.0, 0x7F800000, 3.0], [0xFF800000, 0x7FC00000, -0.0]]> : tensor<2x3xf32>',
        '  %f = stablehlo.is_finite %b : (tensor<2x3xf32>) -> tensor<2x3xi1>',
        '  check.expect_eq_const %f, dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>',
        '  %c = stablehlo.complex %b, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>',
        '  %cr = stablehlo.real %c : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>',
        '  %crb = stablehlo.bitcast_convert %cr : (tensor<2x3xf32>) -> tensor<2x3xui32>',
        '  check.expect_eq_const %crb, dense<[[0x3F800000, 0x7F800000, 0x40400000], [0xFF800000, 0x7FC00000, 0x80000000]]> : tensor<2x3xui32>',
        '  %e = stablehlo.constant dense<> : tensor<0x2xf16>',
        '  %ef = stablehlo.is_finite %e : (tensor<0x2xf16>) -> tensor<0x2xi1>',
        '  check.expect_eq_const %ef, dense<> : tensor<0x2xi1>',
        '  %z = stablehlo.constant dense<> : tensor<2x0xf32>',
        '  %zc = stablehlo.complex %z, %z : (tensor<2x0xf32>, tensor<2x0xf32>) -> tensor<2x0xcomplex<f32>>',
        '  %zi = stablehlo.imag %zc : (tensor<2x0xcomplex<f32>>) -> tensor<2x0xf32>',
        '  check.expect_eq_const %zi, dense<> : tensor<2x0xf32>',
        '  func.return',
        '}']))
    chunks.append('\n'.join([
        '// is_finite as a map body (it runs in lanes there)',
        'func.func @is_finite_in_map() {',
        '  %x = stablehlo.constant dense<[0x7C, 0x7E, 0x01, 0xFC, 0x80]> : tensor<5xf8E5M2>',
        '  %r = "stablehlo.map"(%x) ({',
        '  ^bb0(%e: tensor<f8E5M2>):',
        '    %f = stablehlo.is_finite %e : (tensor<f8E5M2>) -> tensor<i1>',
        '    stablehlo.return %f : tensor<i1>',
        '  }) {dimensions = array<i64: 0>} : (tensor<5xf8E5M2>) -> tensor<5xi1>',
        '  check.expect_eq_const %r, dense<[false, false, true, false, true]> : tensor<5xi1>',
        '  func.return',
        '}']))
    header = ('// is_finite (false only for NaN and Inf in the format\'s own terms: FN/FNUZ only their\n'
              '// NaN, E8M0 only 0xFF, f4/f6 never), real, imag and complex (SPEC 9.5.1), bits copied.')
    return 'complex_parts.mlir', header, chunks

# ----------------------------------------------------------- reduce_precision


def rp_bits(f, x, E, M):
    """SPEC 9.5.2's steps on the W-bit pattern, in 64-bit arithmetic."""
    W, m = f.bits, f.m
    e = W - m - 1  # E8M0: 7 (its top bit plays the sign)
    x &= f.mask
    inp = x
    if M < m:
        s = m - M
        x = (x + (1 << (s - 1)) - 1 + ((x >> s) & 1)) & ~((1 << s) - 1)
        x &= (1 << 64) - 1
    if E < e:
        B, b = (1 << (e - 1)) - 1, (1 << (E - 1)) - 1
        field = ((1 << e) - 1) << m
        X, sign = x & field, x & (1 << (W - 1))
        if X > (B + b) << m:
            x = sign | field
        elif X <= (B - b) << m:
            x = sign
    x &= f.mask
    if decode(f, inp).kind == 'nan':
        if M > 0:
            return inp
        return f.inf(False) if f.has_inf else f.canonical_nan()
    return x


def round_mantissa(f, mag, M):
    """mag (a normal of f) to M mantissa bits, ties to an even last kept
    bit: for M = 0 that bit is the exponent field's lowest."""
    k = floor_log2(mag)
    q = Fraction(2) ** (k - M)
    r = mag / q
    n = round_half_even(r)
    if M == 0 and r == Fraction(3, 2):
        n = 2 if (k + 1 + f.bias) % 2 == 0 else 1
    return n * q


def rp_value(f, x, E, M):
    """SPEC 9.5.2 in values, for an IEEE format f."""
    v = decode(f, x)
    if v.kind == 'nan':
        return x if M > 0 else f.inf(False)
    if v.kind == 'inf' or v.mag == 0 or (E >= f.e and M >= f.m):
        return x
    sign = f.sign_bit if v.neg else 0
    mag = v.mag
    if E < f.e:
        b = (1 << (E - 1)) - 1
        if mag < Fraction(2) ** f.emin:
            return sign
        r = mag if M >= f.m else round_mantissa(f, mag, M)
        if r >= Fraction(2) ** (b + 1):
            return sign | f.inf(False)
        if r < Fraction(2) ** (1 - b):
            return sign
    else:
        if mag >= Fraction(2) ** f.emin:
            r = round_mantissa(f, mag, M)
        else:  # the source's subnormal grid, quantum 2^(emin - M)
            q = Fraction(2) ** (f.emin - M)
            r = round_half_even(mag / q) * q
        if r > f.max:
            return sign | f.inf(False)
        if r == 0:
            return sign
    return encode(f, v.neg, r)


SMALL_WIDTHS = [(2, 1), (2, 3), (3, 2), (3, 4), (4, 3), (5, 2), (8, 0)]  # the small formats' (e, m)


def rp_widths(t):
    f = FMTS[t]
    e = f.bits - f.m - 1
    ws = SMALL_WIDTHS + [(1, 0), (1, 1), (5, 0), (e, f.m), (e - 1, f.m), (e, max(f.m - 1, 0)), (e + 1, f.m + 1)]
    if f.bits >= 16:
        ws += [(5, 10), (8, 7), (8, 23), (11, 52), (6, 9), (10, 20)]
    out = []
    for w in ws:
        if w[0] >= 1 and w[1] >= 0 and w not in out:
            out.append(w)
    return out


def rp_inputs(rng, t, widths):
    """Every pattern of a small format; for a wide one its specials, random
    patterns, and for each width the patterns where rounding ties, just
    misses a tie, carries into the exponent, and the exponents at the
    reduced range's two edges."""
    f = FMTS[t]
    if f.bits <= 8:
        return list(range(1 << f.bits))
    vals = fvalues(rng, t, 48)
    e = f.bits - f.m - 1
    B = (1 << (e - 1)) - 1
    for E, M in widths:
        if M < f.m:
            s = f.m - M
            half = 1 << (s - 1)
            for extra in (0, 1, -1):
                E_ = rng.randrange(1, (1 << e) - 1)
                top = rng.randrange(1 << M) if M else 0
                mant = (top << s) | ((half + extra) & ((1 << s) - 1))
                vals.append(rng.choice([0, f.sign_bit]) | E_ << f.m | mant)
            vals.append(rng.randrange(1, (1 << e) - 1) << f.m | (((1 << f.m) - 1) & ~(half - 1)))  # carries
        if E < e:
            b = (1 << (E - 1)) - 1
            for X in (B + b, B + b + 1, B - b, B - b + 1):
                if 0 <= X < (1 << e):
                    mant = rng.randrange(1 << f.m)
                    vals.append(rng.choice([0, f.sign_bit]) | X << f.m | mant)
                    vals.append(X << f.m | ((1 << f.m) - 1))
    return vals


def gen_rp(rng):
    chunks = []
    for t in FLOAT_NAMES:
        f = FMTS[t]
        widths = rp_widths(t)
        X = rp_inputs(rng, t, widths)
        shape = [len(X)]
        T = ttype(shape, t)
        body = ['// %s: %s; widths %s' % (t, 'every pattern' if f.bits <= 8 else 'specials, ties, range edges',
                                          ', '.join('e%dm%d' % w for w in widths)),
                'func.func @reduce_precision_%s() {' % t, const('a', t, shape, X)]
        for k, (E, M) in enumerate(widths):
            R = [rp_bits(f, x, E, M) for x in X]
            if f.family == 'ieee':
                for x, r in zip(X, R):
                    want = rp_value(f, x, E, M)
                    assert r == want, (t, E, M, hex(x), hex(r), hex(want))
            name = 'r%d' % k
            if k % 4 == 3:
                body.append('  %%%s = "stablehlo.reduce_precision"(%%a) {exponent_bits = %d : i32, mantissa_bits = %d : i32} : (%s) -> %s'
                            % (name, E, M, T, T))
            else:
                body.append('  %%%s = stablehlo.reduce_precision %%a, format = e%dm%d : %s' % (name, E, M, T))
            body += pin(name, t, shape, R, tag=name + '_r')
        body += ['  func.return', '}']
        chunks.append('\n'.join(body))
    # SPEC 9.5.2's table, inputs and results as SPEC writes them
    rows = [('0x3DCCCCCD', '0x3DD00000', '0x3DC00000'), ('1.0625', '1.0', '1.0'), ('1.1875', '1.25', '1.25'),
            ('-3.3', '-3.25', '-3.5'), ('240.0', '240.0', '256.0'), ('247.0', '240.0', '256.0'),
            ('248.0', '0x7F800000', '256.0'), ('300.0', '0x7F800000', '320.0'), ('448.0', '0x7F800000', '448.0'),
            ('57344.0', '0x7F800000', '57344.0'), ('61439.0', '0x7F800000', '57344.0'),
            ('61440.0', '0x7F800000', '0x7F800000'), ('0.015625', '0.015625', '0.015625'),
            ('0x3C780000', '0.015625', '0.015625'), ('0.0078125', '0.0', '0.0078125'),
            ('0.001953125', '0.0', '0.001953125'), ('3.0517578125E-5', '0.0', '0.0'),
            ('-0.0', '-0.0', '-0.0'), ('0x7F800000', '0x7F800000', '0x7F800000'),
            ('0xFF800000', '0xFF800000', '0xFF800000'), ('0xFFC00001', '0xFFC00001', '0xFFC00001'),
            ('0x00000001', '0.0', '0.0')]
    n = len(rows)
    T = ttype([n], 'f32')
    U = ttype([n], 'ui32')
    lst = lambda k: '[' + ', '.join(r[k] for r in rows) + ']'  # noqa: E731
    chunks.append('\n'.join([
        '// SPEC 9.A vector 13: the f32 table of 9.5.2 (e4m3 and e5m2), and e5m0 on an f64 NaN',
        'func.func @spec_table() {',
        '  %%x = stablehlo.constant dense<%s> : %s' % (lst(0), T),
        '  %%a = stablehlo.reduce_precision %%x, format = e4m3 : %s' % T,
        '  %%b = stablehlo.reduce_precision %%x, format = e5m2 : %s' % T,
        '  %%ea = stablehlo.constant dense<%s> : %s' % (lst(1), T),
        '  %%eb = stablehlo.constant dense<%s> : %s' % (lst(2), T),
        '  %%ab = stablehlo.bitcast_convert %%a : (%s) -> %s' % (T, U),
        '  %%bb = stablehlo.bitcast_convert %%b : (%s) -> %s' % (T, U),
        '  %%eab = stablehlo.bitcast_convert %%ea : (%s) -> %s' % (T, U),
        '  %%ebb = stablehlo.bitcast_convert %%eb : (%s) -> %s' % (T, U),
        '  check.expect_eq %%ab, %%eab : %s' % U,
        '  check.expect_eq %%bb, %%ebb : %s' % U,
        '  %n = stablehlo.constant dense<0x7FFFFFFFFFFFFFFF> : tensor<f64>',
        '  %ni = stablehlo.reduce_precision %n, format = e5m0 : tensor<f64>',
        '  %nib = stablehlo.bitcast_convert %ni : (tensor<f64>) -> tensor<ui64>',
        '  check.expect_eq_const %nib, dense<0x7FF0000000000000> : tensor<ui64>',
        '  func.return',
        '}']))
    # in a map body (lanes), rank 2
    X = [gen.fsample(rng, FMTS['bf16']) for _ in range(12)]
    R = [rp_bits(FMTS['bf16'], x, 4, 3) for x in X]
    body = ['// reduce_precision as a map body on a rank-2 operand (it runs in lanes there)',
            'func.func @reduce_precision_in_map() {', const('x', 'bf16', [3, 4], X),
            '  %r = "stablehlo.map"(%x) ({',
            '  ^bb0(%e: tensor<bf16>):',
            '    %f = stablehlo.reduce_precision %e, format = e4m3 : tensor<bf16>',
            '    stablehlo.return %f : tensor<bf16>',
            '  }) {dimensions = array<i64: 0, 1>} : (tensor<3x4xbf16>) -> tensor<3x4xbf16>']
    body += pin('r', 'bf16', [3, 4], R, tag='r_r')
    body += ['  func.return', '}']
    chunks.append('\n'.join(body))
    header = ('// reduce_precision (SPEC 9.5.2) on every float type: REF\'s bit algorithm (decision 36\n'
              '// for FN, FNUZ, E8M0, f4/f6 operands), NaN by the format\'s own rule: kept for M > 0,\n'
              '// +Inf (or the format\'s NaN) for M = 0. Widths of every small format, the operand\'s\n'
              '// own and one past it (the identity), e1m0 .. e11m52.')
    return 'reduce_precision.mlir', header, chunks

# ------------------------------------------------------------------ failures


def gen_fail():
    """One failing check per op, each in its own function."""
    cases = [
        ('shift_left_fails', 'i8', '%r = stablehlo.shift_left %a, %b : tensor<2xi8>', '[2, 3]', '[1, 7]',
         '[4, -128]', '[4, 0]', 'index [1]: expected 0 (0x00), actual -128 (0x80)'),
        ('shift_right_arithmetic_fails', 'i8', '%r = stablehlo.shift_right_arithmetic %a, %b : tensor<2xi8>',
         '[-128, 64]', '[-56, 1]', '[-1, 32]', '[0, 32]', 'index [0]: expected 0 (0x00), actual -1 (0xFF)'),
        ('shift_right_logical_fails', 'ui16', '%r = stablehlo.shift_right_logical %a, %b : tensor<2xui16>',
         '[65535, 8]', '[16, 3]', '[0, 1]', '[0, 2]', 'index [1]: expected 2 (0x0002), actual 1 (0x0001)'),
        ('popcnt_fails', 'i4', '%r = stablehlo.popcnt %a : tensor<2xi4>', '[-1, 5]', None,
         '[4, 2]', '[-4, 2]', 'index [0]: expected -4 (0x0C), actual 4 (0x04)'),
        ('count_leading_zeros_fails', 'i64', '%r = stablehlo.count_leading_zeros %a : tensor<2xi64>',
         '[128, 0]', None, '[56, 64]', '[56, 0]', 'index [1]: expected 0 (0x0000000000000000), actual 64 (0x0000000000000040)'),
    ]
    chunks = []
    errs = []
    for fn, t, op, a, b, good, bad, detail in cases:
        T = 'tensor<2x%s>' % t
        lines = ['func.func @%s() {' % fn, '  %%a = stablehlo.constant dense<%s> : %s' % (a, T)]
        if b:
            lines.append('  %%b = stablehlo.constant dense<%s> : %s' % (b, T))
        lines += ['  ' + op, '  check.expect_eq_const %%r, dense<%s> : %s' % (bad, T), '  func.return', '}']
        chunks.append('\n'.join(lines))
        errs += ['error: check.expect_eq_const failed in function @%s' % fn, detail]
    chunks.append('\n'.join([
        'func.func @is_finite_fails() {',
        '  %a = stablehlo.constant dense<[0x7F, 0x80]> : tensor<2xf8E4M3FNUZ>',
        '  %r = stablehlo.is_finite %a : (tensor<2xf8E4M3FNUZ>) -> tensor<2xi1>',
        '  check.expect_eq_const %r, dense<[true, true]> : tensor<2xi1>',
        '  func.return',
        '}']))
    errs += ['error: check.expect_eq_const failed in function @is_finite_fails', 'index [1]: expected true']
    chunks.append('\n'.join([
        'func.func @real_imag_fail() {',
        '  %a = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>',
        '  %re = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>',
        '  %im = stablehlo.imag %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>',
        '  check.expect_eq_const %re, dense<[1.0, 4.0]> : tensor<2xf32>',
        '  check.expect_eq_const %im, dense<[2.0, 4.0]> : tensor<2xf32>',
        '  func.return',
        '}']))
    errs += ['error: check.expect_eq_const failed in function @real_imag_fail',
             'index [1]: expected 4.000000e+00 (0x40800000), actual 3.000000e+00 (0x40400000)',
             'index [1]: expected 4.000000e+00 (0x40800000), actual -4.000000e+00 (0xC0800000)']
    chunks.append('\n'.join([
        'func.func @complex_fails() {',
        '  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>',
        '  %c = stablehlo.complex %a, %a : tensor<2xcomplex<f64>>',
        '  check.expect_eq_const %c, dense<[(1.0, 1.0), (2.0, 3.0)]> : tensor<2xcomplex<f64>>',
        '  func.return',
        '}']))
    errs += ['error: check.expect_eq_const failed in function @complex_fails']
    chunks.append('\n'.join([
        'func.func @reduce_precision_fails() {',
        '  %a = stablehlo.constant dense<[248.0, 0.0078125]> : tensor<2xf32>',
        '  %r = stablehlo.reduce_precision %a, format = e4m3 : tensor<2xf32>',
        '  check.expect_eq_const %r, dense<[240.0, 0.0078125]> : tensor<2xf32>',
        '  func.return',
        '}']))
    errs += ['error: check.expect_eq_const failed in function @reduce_precision_fails',
             'index [0]: expected 2.400000e+02 (0x43700000), actual 0x7F800000 (0x7F800000)',
             'index [1]: expected 7.812500e-03 (0x3C000000), actual 0.000000e+00 (0x00000000)']
    head = ['// RUN: ir-run --interpret -split-input-file %s   (must exit 1)',
            '// Generated by tests/oracle/gen_numerics.py; do not edit. A failing check per op of',
            '// SPEC 9.5.1/9.5.2 (the expected values are wrong on purpose); later chunks still run.']
    head += ['// EXPECT-ERR: ' + e for e in errs]
    head.append('// EXPECT-ERR: 0 passed, %d failed' % len(chunks))
    return '\n'.join(head) + '\n\n' + '\n\n// -----\n\n'.join(chunks) + '\n'


def write(path, text):
    with open(path, 'w') as fh:
        fh.write(text)
    print('%-40s %7d bytes' % (os.path.relpath(path), os.path.getsize(path)))


def main():
    rng = random.Random(SEED)
    for name, header, chunks in (gen_bits(rng), gen_parts(rng), gen_rp(rng)):
        head = ('// RUN: ir-run --interpret -split-input-file %s\n'
                '// Generated by tests/oracle/gen_numerics.py (expected values from SPEC, computed\n'
                '// in Python, never from ir-run); do not edit.\n' + header + '\n\n')
        write(os.path.join(OUT, name), head + '\n\n// -----\n\n'.join(chunks) + '\n')
    write(os.path.join(OUT, 'fail', 'numerics.mlir'), gen_fail())


if __name__ == '__main__':
    main()
