#!/usr/bin/env python3
"""Writes tests/interpret/chlo_*.mlir: the chlo ops (docs/chlo.md) on every
element type their decomposition accepts, expected bits from a model of each
decomposition written here from docs/chlo.md: every StableHLO step rounded to
its type by exact rational arithmetic (fractions), exp and log from the C
library as REF's are (glibc, through ctypes), nothing from ir-run.
Python standard library only. Usage: python3 tests/oracle/gen_chlo.py"""
import ctypes
import math
import os
import random
import struct
from fractions import Fraction

LIBM = ctypes.CDLL('libm.so.6')
for _f in ['exp', 'log', 'sin', 'cos', 'sqrt', 'log1p', 'expm1']:
    getattr(LIBM, _f).restype = ctypes.c_double
    getattr(LIBM, _f).argtypes = [ctypes.c_double]
LIBM.atan2.restype = ctypes.c_double
LIBM.atan2.argtypes = [ctypes.c_double, ctypes.c_double]

# name: (precision with the hidden bit, minimum normal exponent, maximum exponent, bits)
FMT = {'f16': (11, -14, 15, 16), 'bf16': (8, -126, 127, 16), 'f32': (24, -126, 127, 32), 'f64': (53, -1022, 1023, 64)}
INF = float('inf')
NAN = float('nan')


def rnd(x, t):
    """x (a double, or a Fraction) rounded to format t, to nearest, ties to even."""
    if t == 'f64' and isinstance(x, float):
        return x
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return x
    if x == 0:
        return math.copysign(0.0, x) if isinstance(x, float) else 0.0
    p, emin, emax, _ = FMT[t]
    neg = x < 0
    a = Fraction(abs(x))
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    # 2^e <= a < 2^(e+1); quantum 2^(e - p + 1), not below the subnormals'
    q = Fraction(2) ** max(e - p + 1, emin - p + 1)
    n = a / q
    fl = n.numerator // n.denominator
    rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    v = fl * q
    if v >= Fraction(2) ** (emax + 1):
        r = INF
    else:
        r = float(v)
    return -r if neg else r


def bits(x, t):
    if t == 'f64':
        return struct.unpack('<Q', struct.pack('<d', x))[0]
    if t == 'f32':
        return struct.unpack('<I', struct.pack('<f', x))[0]
    if t == 'f16':
        return struct.unpack('<H', struct.pack('<e', x))[0]
    b = struct.unpack('<I', struct.pack('<f', x))[0]
    assert b & 0xFFFF == 0 or math.isnan(x)
    return b >> 16


class Ops:
    """The StableHLO steps in type t, each result rounded to t."""

    def __init__(self, t):
        self.t = t

    def c(self, v):
        return rnd(v, self.t)

    def mul(self, a, b):
        if math.isnan(a) or math.isnan(b):
            return NAN
        if (math.isinf(a) and b == 0) or (math.isinf(b) and a == 0):
            return NAN
        if math.isinf(a) or math.isinf(b):
            return math.copysign(INF, a) * math.copysign(1, b)
        return rnd(Fraction(a) * Fraction(b), self.t) if a * b != 0 else a * b

    def add(self, a, b):
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
            return a + b
        s = Fraction(a) + Fraction(b)
        if s == 0:
            return a + b  # the sign of an exact zero sum as IEEE gives it
        return rnd(s, self.t)

    def sub(self, a, b):
        return self.add(a, -b)

    def div(self, a, b):
        if math.isnan(a) or math.isnan(b):
            return NAN
        if b == 0:
            if a == 0:
                return NAN
            return math.copysign(INF, a) * math.copysign(1, b)
        if math.isinf(a):
            return NAN if math.isinf(b) else math.copysign(INF, a) * math.copysign(1, b)
        if math.isinf(b) or a == 0:
            return math.copysign(0.0, a) * math.copysign(1, b)
        return rnd(Fraction(a) / Fraction(b), self.t)

    def neg(self, a):
        return -a

    def abs(self, a):
        return abs(a)

    def libm(self, name, *a):
        """A class-B op: glibc's binary64 function, rounded once to the type."""
        return rnd(getattr(LIBM, name)(*a), self.t)

    def exp(self, a):
        return self.libm('exp', a)

    def sign(self, a):
        if math.isnan(a) or a == 0:
            return a
        return math.copysign(1.0, a)

    def lt(self, a, b):
        return a < b

    def clamp(self, lo, x, hi):
        if math.isnan(x):
            return NAN
        return min(max(x, lo), hi)

    def poly(self, x, cs):
        p = self.c(cs[0])
        for k in cs[1:]:
            p = self.add(self.mul(p, x), self.c(k))
        return p


def f32c(v):
    """A C float literal as the compiler rounds it."""
    return rnd(Fraction(v), 'f32') if isinstance(v, str) else rnd(v, 'f32')


# ---- erf, erfc (docs/chlo.md) ---------------------------------------------

ERFC64_P = [2.46196981473530512524E-10, 5.64189564831068821977E-1, 7.46321056442269912687E0,
            4.86371970985681366614E1, 1.96520832956077098242E2, 5.26445194995477358631E2,
            9.34528527171957607540E2, 1.02755188689515710272E3, 5.57535335369399327526E2]
ERFC64_Q = [1.00000000000000000000E0, 1.32281951154744992508E1, 8.67072140885989742329E1,
            3.54937778887819891062E2, 9.75708501743205489753E2, 1.82390916687909736289E3,
            2.24633760818710981792E3, 1.65666309194161350182E3, 5.57535340817727675546E2]
ERFC64_R = [5.64189583547755073984E-1, 1.27536670759978104416E0, 5.01905042251180477414E0,
            6.16021097993053585195E0, 7.40974269950448939160E0, 2.97886665372100240670E0]
ERFC64_S = [1.00000000000000000000E0, 2.26052863220117276590E0, 9.39603524938001434673E0,
            1.20489539808096656605E1, 1.70814450747565897222E1, 9.60896809063285878198E0,
            3.36907645100081516050E0]
ERF64_T = [9.60497373987051638749E0, 9.00260197203842689217E1, 2.23200534594684319226E3,
           7.00332514112805075473E3, 5.55923013010394962768E4]
ERF64_U = [1.00000000000000000000E0, 3.35617141647503099647E1, 5.21357949780152679795E2,
           4.59432382970980127987E3, 2.26290000613890934246E4, 4.92673942608635921086E4]
ERFC32_P = [f32c(s) for s in ['2.326819970068386E-2', '-1.387039388740657E-1', '3.687424674597105E-1',
                              '-5.824733027278666E-1', '6.210004621745983E-1', '-4.944515323274145E-1',
                              '3.404879937665872E-1', '-2.741127028184656E-1', '5.638259427386472E-1']]
ERFC32_R = [f32c(s) for s in ['-1.047766399936249E+1', '1.297719955372516E+1', '-7.495518717768503E+0',
                              '2.921019019210786E+0', '-1.015265279202700E+0', '4.218463358204948E-1',
                              '-2.820767439740514E-1', '5.641895067754075E-1']]
ERF32_T = [f32c(s) for s in ['7.853861353153693E-5', '-8.010193625184903E-4', '5.188327685732524E-3',
                             '-2.685381193529856E-2', '1.128358514861418E-1', '-3.761262582423300E-1',
                             '1.128379165726710E+0']]
ERF32_ALPHA = [f32c(s) for s in ['-2.72614225801306e-10', '2.77068142495902e-08', '-2.10102402082508e-06',
                                 '-5.69250639462346e-05', '-7.34990630326855e-04', '-2.95459980854025e-03',
                                 '-1.60960333262415e-02']]
ERF32_BETA = [f32c(s) for s in ['-1.45660718464996e-05', '-2.13374055278905e-04', '-1.68282697438203e-03',
                                '-7.37332916720468e-03', '-1.42647390514189e-02']]


def erfc64_ge1(o, x):
    z = o.neg(o.mul(x, x))
    ez = o.exp(z)
    ax = o.abs(x)
    a18 = o.div(o.mul(ez, o.poly(ax, ERFC64_P)), o.poly(ax, ERFC64_Q))
    a8 = o.div(o.mul(ez, o.poly(ax, ERFC64_R)), o.poly(ax, ERFC64_S))
    a = a18 if o.lt(ax, 8.0) else a8
    cl = 0.0 if o.lt(z, -7.09782712893383996843E2) else a
    return o.sub(2.0, cl) if o.lt(x, 0.0) else cl


def erf64_le1(o, x):
    x2 = o.mul(x, x)
    return o.div(o.mul(x, o.poly(x2, ERF64_T)), o.poly(x2, ERF64_U))


def erf64(o, x):
    small = erf64_le1(o, x)
    big = o.sub(1.0, erfc64_ge1(o, x))
    return small if o.lt(o.abs(x), 1.0) else big


def erfc64(o, x):
    big = erfc64_ge1(o, x)
    small = o.sub(1.0, erf64_le1(o, x))
    return small if o.lt(o.abs(x), 1.0) else big


def erfc32_ge1(o, x):
    x2 = o.mul(x, x)
    z = o.neg(x2)
    ax = o.abs(x)
    rx2 = o.div(1.0, x2)
    ezr = o.mul(o.exp(z), o.div(1.0, ax))
    poly = o.poly(rx2, ERFC32_P) if o.lt(ax, 2.0) else o.poly(rx2, ERFC32_R)
    a = o.mul(ezr, poly)
    cl = 0.0 if o.lt(z, o.c(-88.72283905206835)) else a
    return o.sub(2.0, cl) if o.lt(x, 0.0) else cl


def erf32_le1(o, x):
    return o.mul(x, o.poly(o.mul(x, x), ERF32_T))


def erf32(o, x):
    x = o.clamp(-4.0, x, 4.0)
    x2 = o.mul(x, x)
    e = o.div(o.mul(x, o.poly(x2, ERF32_ALPHA)), o.poly(x2, ERF32_BETA))
    return o.clamp(-1.0, e, 1.0)


def erfc32(o, x):
    big = erfc32_ge1(o, x)
    small = o.sub(1.0, erf32_le1(o, x))
    return small if o.lt(o.abs(x), 1.0) else big


def upcast(f64fn, f32fn):
    """f64 computes in f64; f32, f16 and bf16 in f32, rounded back."""
    def run(t, x):
        if t == 'f64':
            return f64fn(Ops('f64'), x)
        return rnd(f32fn(Ops('f32'), x), t)
    return run


# ---- trig and hyperbolic (docs/chlo.md) -----------------------------------

def in_type(fn):
    """The pattern ops: computed in the operand's own type."""
    def run(t, x):
        return fn(Ops(t), x)
    return run


def tan_(o, x):
    return o.div(o.libm('sin', x), o.libm('cos', x))


def atan_(o, x):
    return o.libm('atan2', x, 1.0)


def atanh_(o, x):
    r = o.mul(o.sub(o.libm('log1p', x), o.libm('log1p', -x)), 0.5)
    return NAN if o.abs(x) > 1.0 else r


def acos_(o, x):
    s = o.libm('sqrt', o.sub(1.0, o.mul(x, x)))
    r = o.mul(2.0, o.libm('atan2', s, o.add(1.0, x)))
    return r if x != -1.0 else o.c(math.pi)


def asin_(o, x):
    s = o.libm('sqrt', o.mul(o.sub(1.0, x), o.add(1.0, x)))
    return o.mul(2.0, o.libm('atan2', x, o.add(1.0, s)))


def maxf(t):
    p, _, emax, _ = FMT[t]
    return float((2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax)


def acosh_(o, x):
    lg = o.add(o.libm('log', 2.0), o.libm('log', x))
    sm = o.libm('sqrt', o.sub(x, 1.0))
    sp = o.libm('sqrt', o.add(x, 1.0))
    l1 = o.libm('log1p', o.mul(sm, o.add(sp, sm)))
    return lg if x >= o.div(maxf(o.t), 2.0) else l1


def asinh_(o, x):
    ax = o.abs(x)
    lg = o.add(o.libm('log', 2.0), o.libm('log', ax))
    ax2 = o.mul(ax, ax)
    den = o.add(1.0, o.libm('sqrt', o.add(1.0, ax2)))
    l1 = o.libm('log1p', o.add(ax, o.div(ax2, den)))
    return o.mul(o.sign(x), lg if ax >= o.libm('sqrt', maxf(o.t)) else l1)


def exp_pair(o, x, plus):
    lh = o.libm('log', 0.5)
    ea = o.exp(o.add(x, lh))
    es = o.exp(o.sub(lh, x))
    return o.add(ea, es) if plus else o.sub(ea, es)


def cosh_(o, x):
    return exp_pair(o, x, True)


def sinh_(o, x):
    large = exp_pair(o, x, False)
    em = o.libm('expm1', x)
    small = o.mul(0.5, o.add(em, o.div(em, o.add(em, 1.0))))
    return small if o.abs(x) < 1.0 else large


def through_f32(fn):
    """f16 and bf16 computed in f32, rounded back; f32 and f64 in their own type."""
    def run(t, x):
        if t in ('f32', 'f64'):
            return fn(Ops(t), x)
        return rnd(fn(Ops('f32'), x), t)
    return run


# ---- the files -------------------------------------------------------------

MLIR_T = {'f16': 'f16', 'bf16': 'bf16', 'f32': 'f32', 'f64': 'f64'}
UINT = {16: 'ui16', 32: 'ui32', 64: 'ui64'}


def specials(t):
    p, emin, emax, _ = FMT[t]
    big = float((2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax)
    tiny = float(Fraction(2) ** (emin - p + 1))
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 4.0, -4.0, 8.0, -8.0, 0.25, 3.9, -3.9,
            9.0, -9.0, 10.5, 27.0, -27.0, 1e-3, tiny, -tiny, big, -big, INF, -INF]
    rng = random.Random(hash(t) & 0 or {'f16': 1, 'bf16': 2, 'f32': 3, 'f64': 4}[t])
    for _ in range(24):
        vals.append(rng.uniform(-6, 6))
    for _ in range(8):
        vals.append(rng.uniform(-0.02, 0.02))
    out = []
    for v in vals:
        r = rnd(v, t)
        if r not in out or (r == 0 and math.copysign(1, r) not in [math.copysign(1, q) for q in out if q == 0]):
            out.append(r)
    return out


def hexs(xs, t):
    w = FMT[t][3] // 4
    return ', '.join('0x%0*X' % (w, bits(x, t)) for x in xs)


def chunk(op, t, fn, generic):
    """Results pinned bit for bit; NaN results (any NaN: their sign and
    payload are glibc's and the IEEE operations', not the decomposition's)
    checked as NaN."""
    qnan = {'f16': 0x7E00, 'bf16': 0x7FC0, 'f32': 0x7FC00000, 'f64': 0x7FF8000000000000}[t]
    xs, ys, nans = [], [], [NAN]
    for x in specials(t):
        y = fn(t, x)
        if math.isnan(y):
            nans.append(x)
        else:
            xs.append(x)
            ys.append(y)
    n = len(xs)
    tt = 'tensor<%dx%s>' % (n, MLIR_T[t])
    ut = 'tensor<%dx%s>' % (n, UINT[FMT[t][3]])
    call = ('"chlo.%s"(%%x) : (%s) -> %s' % (op, tt, tt)) if generic else ('chlo.%s %%x : %s -> %s' % (op, tt, tt))
    lines = ['// chlo.%s on %s: %d values (specials, boundaries of the decomposition, random), bit for bit' % (op, t, n),
             'func.func @%s_%s() {' % (op, t),
             '  %%x = stablehlo.constant dense<[%s]> : %s' % (hexs(xs, t), tt),
             '  %%r = %s' % call,
             '  %%b = stablehlo.bitcast_convert %%r : (%s) -> %s' % (tt, ut),
             '  check.expect_eq_const %%b, dense<[%s]> : %s' % (hexs(ys, t), ut),
             '  func.return',
             '}']
    w = FMT[t][3] // 4
    for x in nans[1:]:
        assert math.isnan(fn(t, x))
    k = len(nans)
    nt = 'tensor<%dx%s>' % (k, MLIR_T[t])
    lines += ['', '// -----', '',
              '// chlo.%s on %s: the NaN results (NaN, operands outside the domain)' % (op, t),
              'func.func @%s_%s_nan() {' % (op, t),
              '  %%x = stablehlo.constant dense<[%s]> : %s' % (', '.join(['0x%0*X' % (w, qnan)] + [
                  '0x%0*X' % (w, bits(x, t)) for x in nans[1:]]), nt),
              '  %%r = chlo.%s %%x : %s -> %s' % (op, nt, nt),
              '  %%n = stablehlo.compare NE, %%r, %%r : (%s, %s) -> tensor<%dxi1>' % (nt, nt, k),
              '  check.expect_eq_const %%n, dense<true> : tensor<%dxi1>' % k,
              '  func.return',
              '}']
    return '\n'.join(lines)


def write(name, header, ops):
    parts = []
    for op, fn, types in ops:
        for i, t in enumerate(types):
            parts.append(chunk(op, t, fn, generic=(i == 1)))
    text = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_chlo.py (a model of the decomposition,\n'
            '// never ir-run\'s output); do not edit.\n' + header + '\n\n' +
            '\n\n// -----\n\n'.join(parts) + '\n')
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'interpret', name)
    with open(path, 'w') as f:
        f.write(text)


def main():
    four = ['f32', 'f16', 'bf16', 'f64']
    write('chlo_trig.mlir',
          '// chlo.tan, atan, atanh, acos, asin, acosh, asinh (in the operand\'s type),\n'
          '// sinh and cosh (f16 and bf16 through f32) on real types (docs/chlo.md).',
          [('tan', in_type(tan_), four), ('atan', in_type(atan_), four), ('atanh', in_type(atanh_), four),
           ('acos', in_type(acos_), four), ('asin', in_type(asin_), four), ('acosh', in_type(acosh_), four),
           ('asinh', in_type(asinh_), four), ('sinh', through_f32(sinh_), four),
           ('cosh', through_f32(cosh_), four)])
    write('chlo_erf.mlir',
          '// chlo.erf and chlo.erfc (docs/chlo.md): f64 by Cephes\' rational\n'
          '// approximations, f32 by Eigen\'s (erf) and Cephes\' (erfc), f16 and bf16\n'
          '// computed in f32.',
          [('erf', upcast(erf64, erf32), four), ('erfc', upcast(erfc64, erfc32), four)])


if __name__ == '__main__':
    main()
