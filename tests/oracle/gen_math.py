#!/usr/bin/env python3
"""Golden tests of the math ops of SPEC.md 9.5.1: power, atan2, tan, cbrt,
exponential_minus_one, log_plus_one and round_nearest_afz, on every element
type each accepts.

Usage:  python3 tests/oracle/gen_math.py
            writes tests/interpret/{power,atan2,tan,cbrt,exponential_minus_one,
            log_plus_one,round_nearest_afz}.mlir

Expected values come from this model, never from ir-run:

* Integer power: SPEC's definition (9.5.1) read as arithmetic modulo 2^N:
  b^e for e >= 0 (Python's three-argument pow), for a negative e of a
  signed type b^|e| when b is 1 or -1 and 0 otherwise.
* round_nearest_afz: exact rounding of the operand's Fraction, ties away
  from zero, encoded by model.py (E8M0 zero -> 0x00, decision 22; NaN made
  quiet by model.quiet).
* Float class-B ops: the special cases of C99 Annex F that glibc follows
  (pow(x, +-0) = 1 even for NaN x, pow(1, y) = 1, atan2's signed zeros and
  quadrants, expm1(-Inf) = -1, log1p(-1) = -Inf, ...) on the decoded
  operands, and for finite operands the exact value from gen_accuracy.py
  (decimal and integer arithmetic, no libm). A library result is then
  converted into the element type by SPEC 3.5/3.6 (model.py).

Every element lands in one of three checks of its chunk:

1. bit for bit (bitcast_convert to an unsigned integer, expect_eq_const):
   results that cannot depend on the library's rounding: the special
   cases, exactly representable results where glibc is exact (not cbrt:
   glibc's cbrt(27) is 3.0000000000000004), and, in the formats narrower
   than f64, every result whose rounding into the format is the same for
   any binary64 value within 2^-45 (relative) of the exact one -- far more
   than glibc's error of a few binary64 ULP;
2. NaN results (any NaN passes; in f4/f6 a NaN becomes a zero whose sign
   is the NaN's, section 8 item 5, so any zero passes): expect_close with
   max_ulp_difference = 0;
3. the rest: expect_close against the correctly rounded result with the
   op's documented bound (docs/semantics.md "Accuracy").

Complex operands (every op but round_nearest_afz): points with exact
answers (zeros, SPEC's vectors) bit for bit, others with expect_almost_eq
against the model: the exact function (decimal) for power (cpow) and tan
(ctan); SPEC's step-by-step formulas for atan2, cbrt,
exponential_minus_one and log_plus_one, each binary64 step correctly
rounded, each class-A step of atan2 exact in the part format by model.py.

Python 3 standard library only. Deterministic (fixed seed).
"""

import os
import random
import sys
from decimal import Decimal
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import model  # noqa: E402
from model import FMTS, FLOAT_NAMES, decode, encode, convert, quiet  # noqa: E402
import gen  # noqa: E402
from gen import ttype, dense, const, pin, specials, sample, CPLX, NONBOOL_INTS  # noqa: E402
import gen_accuracy as acc  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261208
F64 = FMTS['f64']
# x86-64's default NaN: what glibc returns for an invalid operation (SPEC 9.5.1)
DEFAULT_NAN = 0xFFF8000000000000
CLASS_B = ['power', 'atan2', 'tan', 'cbrt', 'exponential_minus_one', 'log_plus_one']
UNARY = ['tan', 'cbrt', 'exponential_minus_one', 'log_plus_one', 'round_nearest_afz']
BINARY = ['power', 'atan2']
STABLE = Fraction(1, 2 ** 45)


def bound(op, t):
    """docs/semantics.md "Accuracy": ULP bound against the correctly rounded
    result (f64 tan: for |x| < 105414350; larger arguments are not drawn
    here, tests/interpret/random_math_accuracy_9_5.mlir has them)."""
    if t == 'f64' and op == 'cbrt':
        return acc.bound(op, t)
    return 1


# ------------------------------------------------------------------ float model
# A library result is ('nan', f64 NaN pattern), ('inf', neg), ('zero', neg)
# or ('val', v, eps): the exact result lies in [v - eps, v + eps] (eps 0:
# exactly v, which glibc returns when it is representable in binary64).


def nan_in(t, p):
    """The NaN an operand becomes in binary64 (3.6), what glibc returns
    for a NaN operand (its x + y, or x - x)."""
    return ('nan', convert(t, 'f64', p))


def signaling_f64(t, p):
    """A signaling NaN reaches glibc only from f64: every other format's NaN
    is made quiet by the conversion to binary64 (3.6)."""
    return t == 'f64' and decode(F64, p).kind == 'nan' and not p >> 51 & 1


def lib_pow(t, p, q):
    f = FMTS[t]
    vx, vy = decode(f, p), decode(f, q)
    # glibc (IEEE 754-2008): pow(x, +-0) and pow(1, y) are 1 for a quiet
    # NaN only; a signaling one gives NaN (x + y)
    if signaling_f64(t, p) or signaling_f64(t, q):
        return nan_in(t, p if vx.kind == 'nan' else q)
    if vy.kind == 'num' and vy.mag == 0:
        return ('val', Fraction(1), Fraction(0))  # even for a NaN base
    if vx.kind == 'num' and vx.value == 1:
        return ('val', Fraction(1), Fraction(0))  # even for a NaN exponent
    if vx.kind == 'nan':
        return nan_in(t, p)
    if vy.kind == 'nan':
        return nan_in(t, q)
    y_int = vy.kind == 'inf' or vy.mag.denominator == 1
    y_odd = vy.kind == 'num' and y_int and vy.mag.numerator % 2 == 1
    if vy.kind == 'inf':
        if vx.kind == 'num' and vx.mag == 1:
            return ('val', Fraction(1), Fraction(0))  # (-1)^(+-Inf) = 1
        big = vx.kind == 'inf' or vx.mag > 1
        return ('inf', False) if big != vy.neg else ('zero', False)
    if vx.kind == 'inf':
        neg = vx.neg and y_odd
        return ('inf', neg) if not vy.neg else ('zero', neg)
    if vx.mag == 0:
        neg = vx.neg and y_odd
        return ('inf', neg) if vy.neg else ('zero', neg)
    if vx.neg and not y_int:
        return ('nan', DEFAULT_NAN)
    return from_exact(acc.exact_pow(vx.value, vy.value, 60), neg=vx.neg and y_odd)


def lib_atan2(t, p, q):
    """atan2(y = p, x = q) (SPEC.md 9.5.1: lhs is y)."""
    f = FMTS[t]
    vy, vx = decode(f, p), decode(f, q)
    if vy.kind == 'nan':
        return nan_in(t, p)
    if vx.kind == 'nan':
        return nan_in(t, q)
    pi = Fraction(acc.pi_dec(80))
    tiny = Fraction(1, 10 ** 70)

    def ang(a):  # +-a for the sign of y
        return ('val', -a if vy.neg else a, a * tiny)
    if vy.kind == 'num' and vy.mag == 0:
        if vx.neg:
            return ang(pi)
        return ('zero', vy.neg)
    if vy.kind == 'inf':
        if vx.kind == 'inf':
            return ang(3 * pi / 4 if vx.neg else pi / 4)
        return ang(pi / 2)
    if vx.kind == 'inf':
        return ang(pi) if vx.neg else ('zero', vy.neg)
    if vx.mag == 0:
        return ang(pi / 2)
    return from_exact(acc.exact_atan2(vy.value, vx.value, vy.neg, vx.neg, 60))


def lib_unary(op, t, p):
    f = FMTS[t]
    v = decode(f, p)
    if v.kind == 'nan':
        return nan_in(t, p)
    if v.kind == 'num' and v.mag == 0:
        return ('zero', v.neg)  # every one of these keeps the zero's sign
    if v.kind == 'inf':
        if op == 'tan':
            return ('nan', DEFAULT_NAN)
        if op == 'exponential_minus_one' and v.neg:
            return ('val', Fraction(-1), Fraction(0))
        if op == 'log_plus_one' and v.neg:
            return ('nan', DEFAULT_NAN)
        return ('inf', v.neg)
    x = v.value
    if op == 'log_plus_one':
        if x == -1:
            return ('inf', True)
        if x < -1:
            return ('nan', DEFAULT_NAN)
    if op == 'exponential_minus_one' and x > 710:
        return ('inf', False)
    r = acc.exact(op, x, 60)
    assert r is not None, (op, t, p)
    return from_exact(r)


def from_exact(r, neg=False):
    """An exact result (v, eps) of gen_accuracy as a library result; None
    (overflow in every format) becomes an infinity, negative if neg. The
    interval is narrowed by Ziv's rule in settle()."""
    if r is None:
        return ('inf', neg)
    v, eps = r
    if v == 0 and eps == 0:
        return ('zero', neg)
    return ('val', v, eps)


def encode_lib(t, res):
    """A library result (binary64) converted into t (3.5/3.6)."""
    f = FMTS[t]
    kind = res[0]
    if kind == 'nan':
        return convert('f64', t, res[1])
    if kind == 'inf':
        return model.encode_val(f, model.Val('inf', res[1]))
    if kind == 'zero':
        return encode(f, res[1], 0)
    v = res[1]
    return encode(f, v < 0, abs(v))


def settle(op, t, res, args):
    """Refine ('val', v, eps) until [v - eps, v + eps] rounds to one pattern
    of t (Ziv), recomputing with more digits; returns (pattern, lo, hi)."""
    f = FMTS[t]
    P = 60
    while True:
        v, eps = res[1], res[2]
        lo, hi = v - eps, v + eps
        plo = encode(f, lo < 0 or (lo == 0 and v < 0), abs(lo))
        phi = encode(f, hi < 0 or (hi == 0 and v < 0), abs(hi))
        if plo == phi:
            return plo, lo, hi
        P *= 2
        assert P < 5000, (op, t, args)
        if op == 'power':
            r = acc.exact2('power', f, args[0], args[1], P)
        elif op == 'atan2':
            r = acc.exact2('atan2', f, args[0], args[1], P)
        else:
            r = acc.exact(op, decode(f, args[0]).value, P)
        res = ('val',) + tuple(r)


def float_case(op, t, args):
    """(check group, expected pattern) of one element: 'bits', 'nan' or
    'close' (see the module comment)."""
    f = FMTS[t]
    if op == 'round_nearest_afz':
        return 'bits', round_afz(f, args[0])
    if op == 'power':
        res = lib_pow(t, *args)
    elif op == 'atan2':
        res = lib_atan2(t, *args)
    else:
        res = lib_unary(op, t, args[0])
    if res[0] == 'nan':
        return 'nan', encode_lib(t, res)
    if res[0] != 'val':
        return 'bits', encode_lib(t, res)
    v, eps = res[1], res[2]
    if eps == 0 and (t != 'f64' or op != 'cbrt'):
        # exact: representable in binary64 (glibc returns it), then one
        # rounding into t
        d = encode(F64, v < 0, abs(v))
        if decode(F64, d).value == v:
            return 'bits', encode(f, v < 0, abs(v))
    pat, lo, hi = settle(op, t, res, args)
    if t == 'f64' and op == 'tan' and abs(decode(f, args[0]).value) >= acc.BRANRED and not (
            acc.NEAR_ZERO <= abs(v) <= 1 / acc.NEAR_ZERO):
        return None  # glibc's large-argument reduction: random_math_accuracy_9_5.mlir
    if t != 'f64':
        lo2, hi2 = lo - abs(lo) * STABLE, hi + abs(hi) * STABLE
        neg = v < 0
        a = encode(f, lo2 < 0 or (lo2 == 0 and neg), abs(lo2))
        b = encode(f, hi2 < 0 or (hi2 == 0 and neg), abs(hi2))
        # a zero is not certain: glibc's tiny result may carry either sign
        if a == b and decode(f, a).kind == 'num' and decode(f, a).mag != 0:
            return 'bits', a
        if a == b and decode(f, a).kind != 'num':
            return 'bits', a
    return 'close', pat


def round_afz(f, p):
    v = decode(f, p)
    if v.kind == 'nan':
        return quiet(v)
    if v.kind == 'inf':
        return p
    q, r = divmod(v.mag.numerator, v.mag.denominator)
    if 2 * r >= v.mag.denominator:
        q += 1  # ties away from zero
    return encode(f, v.neg, Fraction(q))


# ------------------------------------------------------------------ operands


def extra_values(op, t):
    """Values that matter for op, as patterns of t (where finite)."""
    f = FMTS[t]
    vals = {'power': ['2', '0.5', '3', '-2', '-0.5', '-3', '1.5', '0.25', '4', '10', '-1'],
            'atan2': ['1', '-1', '2', '0.5', '3', '-3', '100', '1e-3'],
            'tan': ['0.5', '1', '1.5', '1.5707963267948966', '3', '3.14159265358979', '-1', '100'],
            'cbrt': ['8', '27', '-27', '0.125', '3', '-1', '64', '1000', '0.001'],
            'exponential_minus_one': ['1e-3', '-1e-3', '0.5', '1', '-1', '3', '-3', '10', '-20',
                                      '88.7', '709.7', '11.08'],
            'log_plus_one': ['1e-3', '-1e-3', '0.5', '-0.5', '-0.75', '1', '3', '-1', '-2', '10'],
            'round_nearest_afz': ['0.5', '-0.5', '1.5', '-1.5', '2.5', '-2.5', '0.4', '-0.4',
                                  '0.6', '3.5', '100.5', '-7.25']}[op]
    out = []
    for s in vals:
        x = Fraction(s)
        p = encode(f, x < 0, abs(x))
        if decode(f, p).kind == 'num' and p not in out:
            out.append(p)
    return out


def float_operands(rng, op, t, n):
    f = FMTS[t]
    base = list(dict.fromkeys(specials(t) + extra_values(op, t)))
    if op in BINARY:
        A, B = [], []
        for x in base:
            for y in base:
                A.append(x)
                B.append(y)
        while len(A) < len(base) ** 2 + n:
            x, y = sample(rng, t), sample(rng, t)
            if op == 'power' and rng.random() < 0.5:
                y = rng.choice(base)
            A.append(x & f.mask)
            B.append(y & f.mask)
        return A, B
    X = list(base)
    if f.bits <= 8:
        X += [p for p in range(1 << f.bits) if p not in X]  # every pattern
    while len(X) < len(base) + n:
        X.append(sample(rng, t) & f.mask)
    return X, None


def int_operands(rng, t, n):
    sp = specials(t) + [v for v in (2, 3, -2, -3, 5, 7, 8, 16, 31, 32, 63, 64)
                        if model.int_range(t)[0] <= v <= model.int_range(t)[1]]
    sp = list(dict.fromkeys(sp))
    A, B = [], []
    for x in sp:
        for y in sp:
            A.append(x)
            B.append(y)
    lo, hi = model.int_range(t)
    while len(A) < len(sp) ** 2 + n:
        A.append(sample(rng, t))
        B.append(rng.choice([sample(rng, t), max(lo, min(hi, rng.randint(-3, 70)))]))
    return A, B


def int_power(t, b, e):
    """SPEC.md 9.5.1 on N-bit integers, as arithmetic modulo 2^N."""
    w, signed = model.int_info(t)
    m = 1 << w
    if e < 0:  # only signed types have negative exponents
        if b not in (1, -1):
            return 0  # INT_MIN is not -1 (its magnitude wraps to itself)
        e = -e
    return model.wrap(t, pow(b, e, m))


# ------------------------------------------------------------------ complex model


def dec(x):
    return acc.dec_exact(Fraction(x))


class C:
    """Complex decimal arithmetic at a fixed precision."""

    def __init__(self, prec=60):
        self.ctx = acc.DEC.copy()
        self.ctx.prec = prec

    def exp(self, a, b):
        c = self.ctx
        e = c.exp(a)
        s, co = self.sincos(b)
        return c.multiply(e, co), c.multiply(e, s)

    def sincos(self, x):
        """(sin x, cos x) for a Decimal x of moderate size."""
        c = self.ctx
        half = c.divide(acc.pi_dec(c.prec + 20), 2)
        k = int(c.divide(x, half).to_integral_value())
        r = c.subtract(x, c.multiply(k, half))
        s, co = acc.sin_cos_series(r, c)
        return [(s, co), (co, -s), (-s, -co), (-co, s)][k % 4]

    def log(self, a, b):
        c = self.ctx
        m2 = c.add(c.multiply(a, a), c.multiply(b, b))
        re = c.divide(c.ln(m2), 2)
        return re, self.atan2(b, a)

    def atan2(self, y, x):
        c = self.ctx
        v = acc.exact_atan2(Fraction(y), Fraction(x), y.is_signed(), x.is_signed(), c.prec)[0]
        return c.divide(Decimal(v.numerator), Decimal(v.denominator))

    def mul(self, a, b, x, y):
        c = self.ctx
        return (c.subtract(c.multiply(a, x), c.multiply(b, y)),
                c.add(c.multiply(a, y), c.multiply(b, x)))

    def div(self, a, b, x, y):
        c = self.ctx
        d = c.add(c.multiply(x, x), c.multiply(y, y))
        re, im = self.mul(a, b, x, -y)
        return c.divide(re, d), c.divide(im, d)

    def sqrt(self, a, b):
        c = self.ctx
        m = c.sqrt(c.add(c.multiply(a, a), c.multiply(b, b)))
        re = c.sqrt(c.divide(c.add(m, abs(a)), 2))
        if re == 0:
            return Decimal(0), b
        im = c.divide(b, c.multiply(2, re))
        if a >= 0:
            return re, im
        return abs(im), (re if b >= 0 else -re)


def r64(x):
    """A real rounded correctly into binary64 (pattern -> value)."""
    fx = Fraction(x)
    return decode(F64, encode(F64, fx < 0, abs(fx))).value


def complex_model(op, part, z, w=None):
    """The expected (re, im) Fractions of op on complex operands z (and w),
    parts of format `part` (f32 or f64) given as Fractions."""
    K = C(60)
    c = K.ctx
    a, b = dec(z[0]), dec(z[1])
    if op == 'tan':
        # tan(a + ib) = (sin 2a + i sinh 2b) / (cos 2a + cosh 2b)
        s2, c2 = K.sincos(c.multiply(2, a))
        e = c.exp(c.multiply(2, b))
        sh = c.divide(c.subtract(e, c.divide(1, e)), 2)
        ch = c.divide(c.add(e, c.divide(1, e)), 2)
        d = c.add(c2, ch)
        return Fraction(c.divide(s2, d)), Fraction(c.divide(sh, d))
    if op == 'power':
        lr, li = K.log(a, b)
        er, ei = K.mul(dec(w[0]), dec(w[1]), lr, li)
        re, im = K.exp(er, ei)
        return Fraction(re), Fraction(im)
    if op == 'exponential_minus_one':
        re, im = K.exp(a, b)
        return r64(r64(Fraction(re)) - 1), r64(Fraction(im))
    if op == 'log_plus_one':
        x = r64(z[0] + 1)
        re, im = K.log(dec(x), b)
        return Fraction(re), Fraction(im)
    if op == 'cbrt':
        # SPEC 9.5.1 in binary64, every step correctly rounded
        th = r64(r64(Fraction(K.atan2(b, a))) / 3)
        m = r64(r64(z[0] * z[0]) + r64(z[1] * z[1]))
        sixth = r64(Fraction(1, 6))
        rho = r64(Fraction(c.exp(c.multiply(c.ln(dec(m)), dec(sixth))))) if m else Fraction(0)
        s, co = K.sincos(dec(th))
        return r64(rho * r64(Fraction(co))), r64(rho * r64(Fraction(s)))
    if op == 'atan2':
        return complex_atan2(part, z, w)
    raise ValueError(op)


def complex_atan2(part, y, x):
    """SPEC 9.5.1's formula with lhs y, rhs x: class-A steps exact in the
    part format (model.py), csqrt, division and clog correctly rounded in
    binary64 then rounded into the part format."""
    f = FMTS[part]
    P = lambda v: encode(f, v < 0, abs(v))  # noqa: E731
    V = lambda p: decode(f, p).value  # noqa: E731
    mul = lambda p, q: model.float_binop('multiply', f, p, q)  # noqa: E731
    add = lambda p, q: model.float_binop('add', f, p, q)  # noqa: E731
    sub = lambda p, q: model.float_binop('subtract', f, p, q)  # noqa: E731

    def cmul(ar, ai, br, bi):
        return sub(mul(ar, br), mul(ai, bi)), add(mul(ar, bi), mul(ai, br))

    def rnd(v):  # binary64 result rounded into the part format
        return P(r64(Fraction(v)))
    yr, yi, xr, xi = P(y[0]), P(y[1]), P(x[0]), P(x[1])
    one = P(Fraction(1))
    iyr, iyi = cmul(0, one, yr, yi)
    nr, ni = add(xr, iyr), add(xi, iyi)
    xxr, xxi = cmul(xr, xi, xr, xi)
    yyr, yyi = cmul(yr, yi, yr, yi)
    K = C(60)
    dr, di = K.sqrt(dec(V(add(xxr, yyr))), dec(V(add(xxi, yyi))))
    dr, di = rnd(dr), rnd(di)
    qr, qi = K.div(dec(V(nr)), dec(V(ni)), dec(V(dr)), dec(V(di)))
    qr, qi = rnd(qr), rnd(qi)
    lr, li = K.log(dec(V(qr)), dec(V(qi)))
    lr, li = rnd(lr), rnd(li)
    rr, ri = cmul(f.sign_bit, f.sign_bit | one, lr, li)
    return V(rr), V(ri)


COMPLEX_POINTS = {
    'power': [((2, 0), (2, 0)), ((1, 1), (2, 0)), ((1, 1), (0.5, 0.25)), ((3, -4), (0.5, 0)),
              ((-1, 0), (0.5, 0)), ((0.5, 2), (1.5, -1)), ((2, 3), (-1, 0.5)),
              ((10, 0), (0, 1)), ((-2, -1), (3, 0))],
    'atan2': [((1, 0), (1, 0)), ((1, 1), (2, -1)), ((0.5, -2), (3, 1)), ((-1, 0.25), (-2, 0.5)),
              ((2, 0), (-1, 0)), ((3, 4), (1, 2)), ((-0.5, -0.5), (0.25, 1))],
    'tan': [(1, 0), (0, 1), (1, 1), (-0.5, 2), (2, -0.25), (0.75, -1.5), (-3, 0.5)],
    'cbrt': [(8, 0), (-8, 0), (3, 4), (0, 1), (-1, 1), (0.5, -2), (27, 27), (-0.125, -1)],
    'exponential_minus_one': [(1, 0), (0.5, 1), (-1, 2), (1e-3, 1e-3), (2, -0.5), (-0.25, -3)],
    'log_plus_one': [(1, 0), (0.5, 1), (-0.5, 0.5), (1e-3, -1e-3), (3, -4), (-2, 1), (-1.5, -0.5)],
}


def complex_chunk(op, t):
    """One chunk of complex operands: exact points bit for bit (with
    pin_complex), the others within an absolute tolerance of the model."""
    part = CPLX[t]
    f = FMTS[part]
    P = lambda v: encode(f, Fraction(v) < 0, abs(Fraction(v)))  # noqa: E731
    neg0 = f.sign_bit
    lines = ['func.func @%s_%s() {' % (op, gen.fname(t))]
    # exact points: op(0) (and SPEC's vectors)
    exact = {
        'tan': [((0, 0), (0, 0)), ((neg0, 0), (neg0, 0))],
        'cbrt': [((0, 0), (0, 0))],
        'exponential_minus_one': [((0, 0), (0, 0))],
        'log_plus_one': [((0, 0), (0, 0))],
    }.get(op)
    if op == 'atan2':
        # SPEC 9.A vector 14 (lhs y = (1, 0), rhs x = (0, 0)): (pi/2, -0)
        hp = P(r64(Fraction(acc.pi_dec(60)) / 2))
        A, B, R = [(P(1), 0)], [(0, 0)], [(hp, neg0)]
    elif op == 'log_plus_one':
        # SPEC 9.A vector 15: (-2, -0) -> clog((-1, +0)) = (0, +pi)
        pi = P(r64(Fraction(acc.pi_dec(60))))
        A, B, R = [(0, 0), (P(-2), neg0)], None, [(0, 0), (0, pi)]
    elif op == 'power':
        # z^(0, 0) = cexp((0, 0) * clog z) = (1, 0) for finite nonzero z
        A, B = [(P(2), P(3)), (P(-1), P(0.5))], [(0, 0), (0, 0)]
        R = [(P(1), 0), (P(1), 0)]
    else:
        A, B, R = [e[0] for e in exact], None, [e[1] for e in exact]
    T = ttype([len(A)], t)
    lines.append(const('a', t, [len(A)], A))
    if B is not None:
        lines.append(const('b', t, [len(B)], B))
        lines.append('  %%r = stablehlo.%s %%a, %%b : %s' % (op, T))
    else:
        lines.append('  %%r = stablehlo.%s %%a : %s' % (op, T))
    lines += pin('r', t, [len(A)], R)
    pts = COMPLEX_POINTS[op]
    Z, W, E = [], [], []
    for pt in pts:
        if op in BINARY:
            z, w = pt
        else:
            z, w = pt, None
        z = tuple(decode(f, P(v)).value for v in z)
        w = tuple(decode(f, P(v)).value for v in w) if w else None
        e = complex_model(op, part, z, w)
        Z.append(tuple(P(v) for v in z))
        if w:
            W.append(tuple(P(v) for v in w))
        E.append(tuple(P(v) for v in e))
    n = len(Z)
    T = ttype([n], t)
    lines.append(const('z', t, [n], Z))
    if W:
        lines.append(const('w', t, [n], W))
        lines.append('  %%s = stablehlo.%s %%z, %%w : %s' % (op, T))
    else:
        lines.append('  %%s = stablehlo.%s %%z : %s' % (op, T))
    lines.append(const('e', t, [n], E))
    tol = '1.0e-5' if part == 'f32' else '1.0e-13'
    lines.append('  check.expect_almost_eq %%s, %%e, tolerance = %s : %s' % (tol, T))
    lines += ['  func.return', '}']
    return '\n'.join(lines), len(A) + n


# ------------------------------------------------------------------ chunks


def float_chunk(rng, op, t):
    f = FMTS[t]
    n = 48 if f.bits > 8 else 16
    A, B = float_operands(rng, op, t, n)
    groups = {'bits': ([], [], []), 'nan': ([], [], []), 'close': ([], [], [])}
    for i, x in enumerate(A):
        args = (x, B[i]) if B else (x,)
        case = float_case(op, t, args)
        if case is None:
            continue
        g, e = case
        ga, gb, gr = groups[g]
        ga.append(x)
        if B:
            gb.append(B[i])
        gr.append(e)
    lines = ['func.func @%s_%s() {' % (op, t)]
    total = 0
    for g in ('bits', 'nan', 'close'):
        ga, gb, gr = groups[g]
        if not ga:
            continue
        k = len(ga)
        total += k
        T = ttype([k], t)
        lines.append(const('%s_a' % g, t, [k], ga))
        if B:
            lines.append(const('%s_b' % g, t, [k], gb))
            lines.append('  %%%s = stablehlo.%s %%%s_a, %%%s_b : %s' % (g, op, g, g, T))
        else:
            lines.append('  %%%s = stablehlo.%s %%%s_a : %s' % (g, op, g, T))
        if g == 'bits':
            lines += pin(g, t, [k], gr, tag=g + '_r')
        else:
            lines.append(const('%s_e' % g, t, [k], gr))
            m = 0 if g == 'nan' else bound(op, t)
            lines.append('  check.expect_close %%%s, %%%s_e, max_ulp_difference = %d : %s, %s'
                         % (g, g, m, T, T))
    lines += ['  func.return', '}']
    counts = {g: len(groups[g][0]) for g in groups}
    if op == 'round_nearest_afz':
        note = '// %s on %s: %d operands, bit for bit' % (op, t, counts['bits'])
    else:
        note = ('// %s on %s: %d bit for bit, %d NaN, %d within %d ULP of the correctly rounded'
                % (op, t, counts['bits'], counts['nan'], counts['close'], bound(op, t)))
    return note + '\n' + '\n'.join(lines), total


def int_chunk(rng, t):
    A, B = int_operands(rng, t, 64)
    R = [int_power(t, a, b) for a, b in zip(A, B)]
    n = len(A)
    T = ttype([n], t)
    lines = ['func.func @power_%s() {' % t, const('a', t, [n], A), const('b', t, [n], B),
             '  %%r = stablehlo.power %%a, %%b : %s' % T]
    lines += pin('r', t, [n], R)
    lines += ['  func.return', '}']
    return '\n'.join(lines), n


HEADER = """// RUN: ir-run --interpret -split-input-file %s
// Generated by tests/oracle/gen_math.py (model: that file, model.py and
// gen_accuracy.py; never ir-run's output); do not edit.
"""

NOTES = {
    'power': ['Integers: REF\'s algorithm modulo 2^N (negative exponents, |b| = 1, 0^0 = 1).',
              'Floats: class B (glibc pow) with C99 Annex F\'s special cases; in f64 a',
              'signaling NaN x or y gives NaN even where a quiet one gives 1. Complex: cpow.'],
    'atan2': ['lhs is y, rhs is x. Floats: class B (glibc atan2), signed zeros and',
              'quadrants of C99 Annex F. Complex: SPEC\'s step-by-step formula.'],
    'tan': ['Floats: class B (glibc tan); tan(+-Inf) is NaN. Complex: ctan.'],
    'cbrt': ['Floats: class B (glibc cbrt). Complex: SPEC\'s formula (not cpow(z, 1/3)).'],
    'exponential_minus_one': ['Floats: class B (glibc expm1), expm1(-Inf) = -1.',
                              'Complex: cexp(z) - (1, 0) part-wise in binary64.'],
    'log_plus_one': ['Floats: class B (glibc log1p): log1p(-1) = -Inf, NaN below -1.',
                     'Complex: clog((re + 1, im + 0)) in binary64.'],
    'round_nearest_afz': ['Exact, ties away from zero; NaN made quiet with sign and payload kept;',
                          'E8M0 results that would be 0 are 0x00 (decision 22).'],
}


def header(op):
    lines = ['stablehlo.%s (SPEC.md 9.5.1) on every element type it accepts.' % op] + NOTES[op]
    if op != 'round_nearest_afz':
        lines += ['Each float chunk: results that cannot depend on glibc\'s last bit are pinned',
                  'bit for bit; NaN results (any NaN) with max_ulp_difference = 0; the rest',
                  'within the bound of docs/semantics.md "Accuracy" of the correctly rounded',
                  'result (decimal arithmetic, no libm).']
    return HEADER + ''.join('// %s\n' % l for l in lines)


def build(op, seed):
    rng = random.Random(seed)
    chunks, checks = [], 0
    for t in FLOAT_NAMES:
        text, k = float_chunk(rng, op, t)
        chunks.append(text)
        checks += k
    if op == 'power':
        for t in NONBOOL_INTS:
            text, k = int_chunk(rng, t)
            chunks.append(text)
            checks += k
    if op != 'round_nearest_afz':
        for t in CPLX:
            text, k = complex_chunk(op, t)
            chunks.append(text)
            checks += k
    path = os.path.join(OUT, op + '.mlir')
    with open(path, 'w') as fh:
        fh.write(header(op) + '\n' + '\n\n// -----\n\n'.join(chunks) + '\n')
    print('%-28s %3d chunks %6d element checks %7d bytes' % (
        os.path.relpath(path), len(chunks), checks, os.path.getsize(path)))


def spec_vectors():
    """tests/interpret/math_9_5_1.mlir: the examples of SPEC.md 9.5.1 and the
    vectors 8, 9, 12, 14, 15 of 9.A, with SPEC's numbers written out."""
    c64, c128 = 'complex<f64>', 'complex<f32>'
    del c128
    chunks = []

    def chunk(name, comment, body):
        chunks.append('\n'.join(['// ' + l for l in comment] + ['func.func @%s() {' % name] + body
                                 + ['  func.return', '}']))

    def run(op, t, n, a, b=None):
        T = ttype([n], t)
        lines = [const('a', t, [n], a)]
        if b is None:
            return lines + ['  %%r = stablehlo.%s %%a : %s' % (op, T)]
        return lines + [const('b', t, [n], b), '  %%r = stablehlo.%s %%a, %%b : %s' % (op, T)]
    chunk('power_integers', ['9.A vector 8 (i64) and vector 9 (i8: 3^5 wraps, 2^-1 = 0, 0^-1 = 0)'],
          run('power', 'i64', 6, [-1, -1, -3, 1, -3, 0], [1, 0, -3, -3, 3, 2])
          + pin('r', 'i64', [6], [-1, 1, 0, 1, -27, 0])
          + [l.replace('%a', '%c').replace('%b', '%d').replace('%r', '%s')
             for l in run('power', 'i8', 3, [3, 2, 0], [5, -1, -1])]
          + pin('s', 'i8', [3], [-13, 0, 0], tag='s'))
    chunk('round_nearest_afz', ['9.A vector 12 and 9.5.1: -0.4 -> -0, -0 -> -0, NaN made quiet with',
                                'sign and payload kept (0xFF800001 -> 0xFFC00001)'],
          run('round_nearest_afz', 'f64', 7,
              [0xC004000000000000, 0x3FD999999999999A, 0x3FE0000000000000, 0x3FE3333333333333,
               0x4004000000000000, 0xBFD999999999999A, 0x8000000000000000])
          + pin('r', 'f64', [7], [0xC008000000000000, 0, 0x3FF0000000000000, 0x3FF0000000000000,
                                  0x4008000000000000, 0x8000000000000000, 0x8000000000000000])
          + [const('n', 'f32', [1], [0xFF800001]),
             '  %m = stablehlo.round_nearest_afz %n : tensor<1xf32>']
          + pin('m', 'f32', [1], [0xFFC00001], tag='m'))
    chunk('power_glibc_special_cases',
          ['9.5.1: pow(x, +-0) = 1 even for a (quiet) NaN x, pow(1, y) = 1 even for NaN y,',
           'pow(-0, -1) = -Inf, pow(-2, 0.5) = the x86-64 default NaN 0xFFF8000000000000',
           '(f32 result 0xFFC00000)'],
          run('power', 'f64', 5, [0x7FF8000000000000, 0xFFF8000000000001, 0x3FF0000000000000,
                                  0x8000000000000000, 0xC000000000000000],
              [0, 0x8000000000000000, 0x7FF8000000000000, 0xBFF0000000000000, 0x3FE0000000000000])
          + pin('r', 'f64', [5], [0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000,
                                  0xFFF0000000000000, 0xFFF8000000000000])
          + [const('x', 'f32', [1], [0xC0000000]), const('y', 'f32', [1], [0x3F000000]),
             '  %s = stablehlo.power %x, %y : tensor<1xf32>']
          + pin('s', 'f32', [1], [0xFFC00000], tag='s'))
    chunk('atan2_glibc_special_cases',
          ['9.5.1: atan2(+0, -0) = pi, atan2(-0, -0) = -pi (f64); f32 atan2(1, 0) is',
           '0x3FC90FDB (1.57079637)'],
          run('atan2', 'f64', 2, [0, 0x8000000000000000], [0x8000000000000000, 0x8000000000000000])
          + pin('r', 'f64', [2], [0x400921FB54442D18, 0xC00921FB54442D18])
          + [const('y', 'f32', [1], [0x3F800000]), const('x', 'f32', [1], [0]),
             '  %s = stablehlo.atan2 %y, %x : tensor<1xf32>']
          + pin('s', 'f32', [1], [0x3FC90FDB], tag='s'))
    unary = []
    for op, x, r in [('log_plus_one', 0xBFF0000000000000, 0xFFF0000000000000),
                     ('exponential_minus_one', 0x8000000000000000, 0x8000000000000000),
                     ('tan', 0x8000000000000000, 0x8000000000000000),
                     ('cbrt', 0x8000000000000000, 0x8000000000000000)]:
        unary += [const(op + '_a', 'f64', [1], [x]),
                  '  %%%s = stablehlo.%s %%%s_a : tensor<1xf64>' % (op, op, op)]
        unary += pin(op, 'f64', [1], [r], tag=op + '_r')
    chunk('unary_glibc_special_cases',
          ['9.5.1: log1p(-1) = -Inf, expm1(-0) = -0, tan(-0) = -0, cbrt(-0) = -0;',
           'f32 tan(0x3FC90FDB) = 0xCBAE8A4A (-22877332)'],
          unary + [const('t', 'f32', [1], [0x3FC90FDB]), '  %s = stablehlo.tan %t : tensor<1xf32>']
          + pin('s', 'f32', [1], [0xCBAE8A4A], tag='s'))
    # cbrt(3 + 4i): SPEC prints (1.6289371459221759, 0.5201745023045458); its
    # formula in binary64 (each step correctly rounded here, and glibc agrees)
    # gives a real part 1 ULP lower, 0x3FFA1020658F9AEE (FINDINGS.md)
    re_, im_ = complex_model('cbrt', 'f64', (Fraction(3), Fraction(4)))
    cb = (encode(F64, False, re_), encode(F64, False, im_))
    assert cb == (0x3FFA1020658F9AEE, 0x3FE0A544FF738E23), [hex(v) for v in cb]
    chunk('complex_vectors',
          ['9.A vector 14: atan2((1, 0), (0, 0)) = (1.5707963267948966, -0);',
           'vector 15: log_plus_one((-2, -0)) = (0, +pi);',
           '9.5.1: cbrt(3 + 4i) = (1.6289371459221759, 0.5201745023045458) within 1 ULP',
           '(the formula evaluated in binary64 gives the real part 0x3FFA1020658F9AEE,',
           'pinned bit for bit; SPEC\'s text is the correctly rounded cube root)'],
          [const('y', c64, [1], [(0x3FF0000000000000, 0)]), const('x', c64, [1], [(0, 0)]),
           '  %a = stablehlo.atan2 %y, %x : tensor<1xcomplex<f64>>']
          + pin('a', c64, [1], [(0x3FF921FB54442D18, 0x8000000000000000)], tag='a')
          + [const('z', c64, [1], [(0xC000000000000000, 0x8000000000000000)]),
             '  %l = stablehlo.log_plus_one %z : tensor<1xcomplex<f64>>']
          + pin('l', c64, [1], [(0, 0x400921FB54442D18)], tag='l')
          + ['  %w = stablehlo.constant dense<(3.0, 4.0)> : tensor<1xcomplex<f64>>',
             '  %c = stablehlo.cbrt %w : tensor<1xcomplex<f64>>',
             '  %ce = stablehlo.constant dense<(1.6289371459221759, 0.5201745023045458)>'
             ' : tensor<1xcomplex<f64>>',
             '  check.expect_close %c, %ce, max_ulp_difference = 1 : tensor<1xcomplex<f64>>,'
             ' tensor<1xcomplex<f64>>']
          + pin('c', c64, [1], [cb], tag='c'))
    path = os.path.join(OUT, 'math_9_5_1.mlir')
    with open(path, 'w') as fh:
        fh.write(HEADER + '// The examples of SPEC.md 9.5.1 for power, atan2, tan, cbrt,\n'
                 '// exponential_minus_one, log_plus_one and round_nearest_afz, and the vectors\n'
                 '// 8, 9, 12, 14 and 15 of SPEC.md 9.A, as SPEC writes them. The NaN signs are\n'
                 '// x86-64 glibc\'s (section 8 item 11).\n\n'
                 + '\n\n// -----\n\n'.join(chunks) + '\n')
    print('%-28s %3d chunks' % (os.path.relpath(path), len(chunks)))


def main(argv):
    ops = argv or BINARY + UNARY + ['spec']
    for i, op in enumerate(BINARY + UNARY):
        if op in ops:
            build(op, SEED + i)
    if 'spec' in ops:
        spec_vectors()


if __name__ == '__main__':
    main(sys.argv[1:])
