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
for _f in ['atan2', 'pow']:
    getattr(LIBM, _f).restype = ctypes.c_double
    getattr(LIBM, _f).argtypes = [ctypes.c_double, ctypes.c_double]

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


# ---- erf_inv -----------------------------------------------------------------

EI32_LT5 = [f32c(v) for v in ['2.81022636e-08', '3.43273939e-07', '-3.5233877e-06', '-4.39150654e-06',
                             '0.00021858087', '-0.00125372503', '-0.00417768164', '0.246640727', '1.50140941']]
EI32_GE5 = [f32c(v) for v in ['-0.000200214257', '0.000100950558', '0.00134934322', '-0.00367342844',
                             '0.00573950773', '-0.0076224613', '0.00943887047', '1.00167406', '2.83297682']]
EI64_A = [-3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
          1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
          6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
          2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
          1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
          4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
          0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
          0.24015818242558961693, 1.6536545626831027356]
EI64_M = [2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
          1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
          2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
          6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
          0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
          -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
          3.0838856104922207635]
EI64_G = [-2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
          -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
          2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
          -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
          7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
          1.0103004648645343977, 4.8499064014085844221]


def erf_inv32(o, x):
    w = o.neg(o.libm('log1p', o.mul(x, o.neg(x))))
    lt = w < 5.0
    w = o.sub(w, 2.5) if lt else o.sub(o.libm('sqrt', w), 3.0)
    cs = EI32_LT5 if lt else EI32_GE5
    p = cs[0]
    for c in cs[1:]:
        p = o.add(c, o.mul(p, w))
    return o.mul(x, INF) if abs(x) == 1.0 else o.mul(p, x)


def erf_inv64(o, x):
    w = o.neg(o.libm('log1p', o.mul(x, o.neg(x))))
    lt625, lt16 = w < 6.25, w < 16.0
    w = o.sub(w, 3.125) if lt625 else o.sub(o.libm('sqrt', w), 3.25 if lt16 else 5.0)
    cs = EI64_A if lt625 else EI64_M if lt16 else EI64_G
    p = cs[0]
    for c in cs[1:]:
        p = o.add(c, o.mul(p, w))
    return o.mul(x, INF) if abs(x) == 1.0 else o.mul(p, x)


# ---- lgamma, digamma ----------------------------------------------------------

LANCZOS_G = 7.0
LANCZOS_BASE = 0.99999999999980993227684700473478
LANCZOS = [676.520368121885098567009190444019, -1259.13921672240287047156078755283,
           771.3234287776530788486528258894, -176.61502916214059906584551354,
           12.507343278686904814458936853, -0.13857109526572011689554707,
           9.984369578019570859563e-6, 1.50563273514931155834e-7]


def floor_(x):
    return x if math.isnan(x) or math.isinf(x) else float(math.floor(x)) if x != 0 else x


def log_t(o, z):
    t = o.add(o.c(LANCZOS_G + 0.5), z)
    lt = o.add(o.c(LIBM.log(7.5)), o.libm('log1p', o.div(z, o.c(LANCZOS_G + 0.5))))
    return t, lt


def lgamma_(o, x):
    reflect = x < 0.5
    z = o.neg(x) if reflect else o.sub(x, 1.0)
    a = o.c(LANCZOS_BASE)
    for i, c in enumerate(LANCZOS):
        a = o.add(a, o.div(o.c(c), o.add(z, float(i + 1))))
    t, logt = log_t(o, z)
    r = o.mul(o.sub(o.add(z, 0.5), o.div(t, logt)), logt)
    lg = o.add(o.add(o.c((LIBM.log(2.0) + LIBM.log(math.pi)) / 2), r), o.libm('log', a))
    ax = abs(x)
    frac = o.sub(ax, floor_(ax))
    if 0.5 < frac:
        frac = o.sub(1.0, frac)
    den = o.libm('log', o.libm('sin', o.mul(o.c(math.pi), frac)))
    refl = o.sub(o.sub(o.c(LIBM.log(math.pi)), den), lg)
    if not (math.isfinite(den)):
        refl = o.neg(den)
    lg = refl if reflect else lg
    return INF if abs(x) == INF else lg


def digamma_(o, x):
    reflect = x < 0.5
    z = o.neg(x) if reflect else o.sub(x, 1.0)
    a = o.c(LANCZOS_BASE)
    ap = 0.0
    for i, c in enumerate(LANCZOS):
        zk = o.add(z, float(i + 1))
        ap = o.sub(ap, o.div(o.c(c), o.mul(zk, zk)))
        a = o.add(a, o.div(o.c(c), zk))
    t, logt = log_t(o, z)
    dg = o.sub(o.add(logt, o.div(ap, a)), o.div(LANCZOS_G, t))
    rx = o.add(x, abs(floor_(o.add(x, 0.5))))
    pi = o.c(math.pi)
    pr = o.mul(pi, rx)
    refl = o.sub(dg, o.div(o.mul(pi, o.libm('cos', pr)), o.libm('sin', pr)))
    dg = refl if reflect else dg
    return NAN if (x <= 0 and x == floor_(x)) else dg


# ---- bessel_i1e -------------------------------------------------------------

I1E_A64 = [2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
           -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
           3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
           -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
           9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
           -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
           4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
           -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
           2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
           -1.76416518357834055153E-1, 2.52587186443633654823E-1]
I1E_B64 = [7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17,
           -3.20952592199342395980E-17, 2.96262899764595013876E-16, 3.30820231092092828324E-16,
           -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
           4.27244001671195135429E-14, -2.10154184277266431302E-14, -4.08355111109219731823E-13,
           -7.19855177624590851209E-13, 2.03562854414708950722E-12, 1.41258074366137813316E-11,
           3.25260358301548823856E-11, -1.89749581235054123450E-11, -5.58974346219658380687E-10,
           -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
           -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
           7.78576235018280120474E-1]
I1E_A32 = [f32c(repr(v)) for v in I1E_A64[12:]]
I1E_B32 = [f32c(repr(v)) for v in I1E_B64[18:]]


def cheb(o, x, cs):
    b0 = b1 = b2 = 0.0
    for c in cs:
        b2, b1 = b1, b0
        b0 = o.add(o.sub(o.mul(x, b1), b2), o.c(c))
    return o.mul(o.sub(b0, b2), 0.5)


def i1e_(o, x, a, b):
    z = abs(x)
    le8 = o.mul(z, cheb(o, o.sub(o.mul(0.5, z), 2.0), a))
    gt8 = o.div(cheb(o, o.sub(o.div(32.0, z), 2.0), b), o.libm('sqrt', z))
    return o.mul(o.sign(x), le8 if z <= 8.0 else gt8)


def bessel_i1e(t, x):
    if t == 'f64':
        return i1e_(Ops('f64'), x, I1E_A64, I1E_B64)
    return rnd(i1e_(Ops('f32'), x, I1E_A32, I1E_B32), t)


# ---- the files -------------------------------------------------------------

MLIR_T = {'f16': 'f16', 'bf16': 'bf16', 'f32': 'f32', 'f64': 'f64'}
UINT = {16: 'ui16', 32: 'ui32', 64: 'ui64'}


def specials(t):
    p, emin, emax, _ = FMT[t]
    big = float((2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax)
    tiny = float(Fraction(2) ** (emin - p + 1))
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 4.0, -4.0, 8.0, -8.0, 0.25, 3.9, -3.9,
            9.0, -9.0, 10.5, 27.0, -27.0, 1e-3, tiny, -tiny, big, -big, INF, -INF,
            0.99, -0.999, 0.9999999, -2.5, -3.0, -0.75, 1.5, 3.0, 100.0, 1e10, -1e10, 0.1]
    rng = random.Random(hash(t) & 0 or {'f16': 1, 'bf16': 2, 'f32': 3, 'f64': 4}[t])
    for _ in range(24):
        vals.append(rng.uniform(-6, 6))
    for _ in range(8):
        vals.append(rng.uniform(-0.02, 0.02))
    for _ in range(8):
        vals.append(rng.uniform(-1, 1))
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


# The complex asin, acos, acosh, asinh (docs/chlo.md): the modified Hull et al.
# algorithm on the parts, in the part type (f32 or f64).
def fmax(a, b):
    return NAN if math.isnan(a) or math.isnan(b) else max(a, b)


def fmin(a, b):
    return NAN if math.isnan(a) or math.isnan(b) else min(a, b)


def hypot_(o, p, y):
    ap = abs(p)
    mx, mn = fmax(ap, y), fmin(ap, y)
    q = o.div(mn, mx)
    r = o.mul(q, q)
    sqa = o.libm('sqrt', o.add(1.0, r))
    if mx == mn:
        return o.mul(o.libm('sqrt', 2.0), mx)
    if sqa == 1.0 and r > 0:
        return o.add(mx, o.div(o.mul(mx, r), 2.0))
    return o.mul(mx, sqa)


def hull_(o, sx, sy):
    """(q, imag): real(asin) = atan2(sx, q), real(acos) = atan2(q, sx), imag unsigned."""
    x, y = abs(sx), abs(sy)
    p, emin, _, _ = FMT[o.t]
    safe_max = o.div(o.libm('sqrt', maxf(o.t)), 8.0)
    xp1, xm1 = o.add(x, 1.0), o.sub(x, 1.0)
    r, s = hypot_(o, xp1, y), hypot_(o, xm1, y)
    a = o.mul(0.5, o.add(r, s))
    half_apx = o.mul(0.5, o.add(a, x))
    yy = o.mul(y, y)
    rpxp1, smxm1, spxm1 = o.add(r, xp1), o.sub(s, xm1), o.add(s, xm1)
    if fmax(x, y) >= safe_max:
        q = y
    elif x <= 1.0:
        q = o.libm('sqrt', o.mul(half_apx, o.add(o.div(yy, rpxp1), smxm1)))
    else:
        q = o.mul(y, o.libm('sqrt', o.add(o.div(half_apx, rpxp1), o.div(half_apx, spxm1))))
    if x < o.mul(safe_max, o.c(1e12)):
        safe_max_opt = o.mul(safe_max, o.c(1e-06))
    else:
        safe_max_opt = o.mul(safe_max, o.c(100.0))
    ygt = y >= safe_max_opt
    mx = y if ygt else x
    if mx >= (safe_max_opt if ygt else safe_max):
        xoy = o.div(x, y) if ygt and y != INF else 0.0
        return q, o.add(o.add(o.libm('log', 2.0), o.libm('log', mx)),
                        o.mul(0.5, o.libm('log1p', o.mul(xoy, xoy))))
    tiny = y < o.mul(o.libm('sqrt', float(Fraction(2) ** emin)), 4.0) and x < 1.0
    ap1 = o.add(a, 1.0)
    half_yy = o.mul(0.5, yy)
    d = o.div(half_yy, rpxp1)
    if tiny:
        am1 = -o.div(o.mul(xp1, xm1), ap1)
    elif x >= 1.0:
        am1 = o.add(d, o.mul(0.5, spxm1))
    elif a <= 1.5:
        am1 = o.add(d, o.div(half_yy, smxm1))
    else:
        am1 = o.sub(a, 1.0)
    sq = o.libm('sqrt', o.mul(am1, ap1))
    return q, (o.div(y, sq) if tiny else o.libm('log1p', o.add(am1, sq)))


def casin_(o, sx, sy):
    q, im = hull_(o, sx, sy)
    return o.libm('atan2', sx, q), (-im if sy < 0 else im)


def cacos_(o, sx, sy):
    q, im = hull_(o, sx, sy)
    return o.libm('atan2', q, sx), (im if sy < 0 else -im)


def cacosh_(o, sx, sy):
    re, im = cacos_(o, sx, sy)
    w = (-im, re)
    return (-w[0], -w[1]) if sy < 0 else w


def casinh_(o, sx, sy):
    re, im = casin_(o, -sy, sx)
    return im, -re


def cspecials(t):
    """Pairs: a grid of special parts (zeros, ±1, the regions' boundaries,
    huge, Inf, NaN) and random points."""
    p, emin, emax, _ = FMT[t]
    big = maxf(t)
    parts = [0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 1e-3, float(Fraction(2) ** (emin - p + 1)), 1e-20, 3.0,
             -1e15, 1e30, big, INF, -INF, NAN]
    out = [(rnd(a, t), rnd(b, t)) for a in parts for b in parts]
    rng = random.Random({'f32': 5, 'f64': 6}[t])
    for _ in range(24):
        out.append((rnd(rng.uniform(-3, 3), t), rnd(rng.uniform(-3, 3), t)))
    for _ in range(8):
        out.append((rnd(rng.uniform(-1, 1), t), rnd(rng.uniform(-1e-3, 1e-3), t)))
    return out


def cchunk(op, ct, fn, generic):
    """Both parts pinned bit for bit; a NaN part checked as NaN."""
    t = {'c64': 'f32', 'c128': 'f64'}[ct]
    mt = {'c64': 'complex<f32>', 'c128': 'complex<f64>'}[ct]
    o = Ops(t)
    xs = cspecials(t)
    ys = [fn(o, a, b) for a, b in xs]
    n = len(xs)
    rt = 'tensor<%dx%s>' % (n, MLIR_T[t])
    ct_ = 'tensor<%dx%s>' % (n, mt)
    ut = 'tensor<%dx%s>' % (n, UINT[FMT[t][3]])
    bt = 'tensor<%dxi1>' % n
    call = ('"chlo.%s"(%%z) : (%s) -> %s' % (op, ct_, ct_)) if generic else ('chlo.%s %%z : %s -> %s' % (op, ct_, ct_))
    nz = lambda v: 0.0 if math.isnan(v) else v
    lines = ['// chlo.%s on %s: %d values (a grid of special parts, random), bit for bit; NaN parts as NaN' % (op, mt, n),
             'func.func @%s_%s() {' % (op, ct),
             '  %%a = stablehlo.constant dense<[%s]> : %s' % (hexs([a for a, _ in xs], t), rt),
             '  %%b = stablehlo.constant dense<[%s]> : %s' % (hexs([b for _, b in xs], t), rt),
             '  %%z = stablehlo.complex %%a, %%b : %s' % ct_,
             '  %%r = %s' % call]
    for part, k in (('real', 0), ('imag', 1)):
        nanmask = [math.isnan(y[k]) for y in ys]
        lines += ['  %%%s = stablehlo.%s %%r : (%s) -> %s' % (part, part, ct_, rt),
                  '  %%%s_nan = stablehlo.compare NE, %%%s, %%%s : (%s, %s) -> %s' % (part, part, part, rt, rt, bt),
                  '  check.expect_eq_const %%%s_nan, dense<[%s]> : %s' % (part, ', '.join('true' if m else 'false' for m in nanmask), bt),
                  '  %%%s_0 = stablehlo.constant dense<0.0> : %s' % (part, rt),
                  '  %%%s_s = stablehlo.select %%%s_nan, %%%s_0, %%%s : %s, %s' % (part, part, part, part, bt, rt),
                  '  %%%s_b = stablehlo.bitcast_convert %%%s_s : (%s) -> %s' % (part, part, rt, ut),
                  '  check.expect_eq_const %%%s_b, dense<[%s]> : %s' % (part, hexs([nz(y[k]) for y in ys], t), ut)]
    lines += ['  func.return', '}']
    return '\n'.join(lines)


def write_complex(name, header, ops):
    parts = []
    for op, fn in ops:
        for i, ct in enumerate(['c64', 'c128']):
            parts.append(cchunk(op, ct, fn, generic=(i == 1)))
    text = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_chlo.py (a model of the decomposition,\n'
            '// never ir-run\'s output); do not edit.\n' + header + '\n\n' +
            '\n\n// -----\n\n'.join(parts) + '\n')
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'interpret', name)
    with open(path, 'w') as f:
        f.write(text)


# zeta and polygamma (docs/chlo.md), in f32 or f64 (f16 and bf16 through f32).
ZETA_C = [-7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
          1.1646782814350067249e14, -2.950130727918164224e12, 7.47242496e10,
          -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0, 12.0]


def zeta_(o, x, q):
    pw = lambda a, b: o.libm('pow', a, b)
    acc = q
    psum = pw(q, -x)
    for _ in range(9):
        acc = o.add(acc, 1.0)
        psum = o.add(psum, pw(acc, -x))
    acc = o.add(acc, 1.0)
    qnp = pw(acc, -x)
    corr = o.div(o.mul(qnp, acc), o.sub(x, 1.0))
    rsq = o.div(1.0, o.mul(acc, acc))
    h = 0.0
    for i in range(11):
        hp = o.mul(o.add(x, float(22 - 2 * i)), o.add(x, float(21 - 2 * i)))
        h = o.mul(hp, o.mul(rsq, o.add(h, o.c(1.0 / ZETA_C[i]))))
    tail = o.mul(qnp, o.add(0.5, o.mul(o.div(x, acc), o.add(o.c(1.0 / ZETA_C[11]), h))))
    accurate = o.add(o.add(psum, corr), tail)
    p, emin, _, _ = FMT[o.t]
    tiny = float(Fraction(2) ** (emin - p + 1))
    out = psum if abs(qnp) < o.mul(abs(psum), tiny) else accurate
    if x < 1.0:
        out = NAN
    fx, fq = math.floor(x) if math.isfinite(x) else x, math.floor(q) if math.isfinite(q) else q
    if q <= 0 and x != fx:
        out = NAN
    if q <= 0 and q == fq:
        out = INF if (x == fx and math.fmod(x, 2.0) == 0 if math.isfinite(x) else False) else NAN
    if x == 1.0:
        out = INF
    return out


def polygamma_(o, n, x):
    sign = o.sub(o.mul(2.0, math.fmod(n, 2.0) if math.isfinite(n) else NAN), 1.0)
    np1 = o.add(n, 1.0)
    res = o.mul(o.mul(sign, o.exp(lgamma_(o, np1))), zeta_(o, np1, x))
    if n == 0:
        res = digamma_(o, x)
    fn = math.floor(n) if math.isfinite(n) else n
    if n != fn or n < 0:
        res = NAN
    return res


def pairs(t, xs, qs):
    return [(rnd(a, t), rnd(b, t)) for a in xs for b in qs]


def bchunk(op, t, fn, pts, generic):
    """fn(o, a, b) per pair, through f32 for f16 and bf16; results pinned bit
    for bit, NaN results checked as NaN."""
    def run(a, b):
        if t in ('f32', 'f64'):
            return fn(Ops(t), a, b)
        return rnd(fn(Ops('f32'), a, b), t)
    ys = [run(a, b) for a, b in pts]
    n = len(pts)
    tt = 'tensor<%dx%s>' % (n, MLIR_T[t])
    ut = 'tensor<%dx%s>' % (n, UINT[FMT[t][3]])
    bt = 'tensor<%dxi1>' % n
    call = ('"chlo.%s"(%%a, %%b) : (%s, %s) -> %s' % (op, tt, tt, tt)) if generic else (
        'chlo.%s %%a, %%b : %s, %s -> %s' % (op, tt, tt, tt))
    nanmask = [math.isnan(y) for y in ys]
    lines = ['// chlo.%s on %s: %d pairs (the domain\'s edges, poles, random), bit for bit; NaN results as NaN' % (op, t, n),
             'func.func @%s_%s() {' % (op, t),
             '  %%a = stablehlo.constant dense<[%s]> : %s' % (hexs([a for a, _ in pts], t), tt),
             '  %%b = stablehlo.constant dense<[%s]> : %s' % (hexs([b for _, b in pts], t), tt),
             '  %%r = %s' % call,
             '  %%nan = stablehlo.compare NE, %%r, %%r : (%s, %s) -> %s' % (tt, tt, bt),
             '  check.expect_eq_const %%nan, dense<[%s]> : %s' % (', '.join('true' if m else 'false' for m in nanmask), bt),
             '  %%zero = stablehlo.constant dense<0.0> : %s' % tt,
             '  %%s = stablehlo.select %%nan, %%zero, %%r : %s, %s' % (bt, tt),
             '  %%u = stablehlo.bitcast_convert %%s : (%s) -> %s' % (tt, ut),
             '  check.expect_eq_const %%u, dense<[%s]> : %s' % (hexs([0.0 if m else y for m, y in zip(nanmask, ys)], t), ut),
             '  func.return', '}']
    return '\n'.join(lines)


def bcast_chunk(op, fn):
    """chlo.broadcast_<op> of a 2x1 and a 3 (numpy's rule) on f32: the 2x3
    results of the model, bit for bit."""
    a, b = [2.0, 3.0], [1.0, 2.5, 0.5]
    o = Ops('f32')
    ys = [fn(o, x, y) for x in a for y in b]
    return '\n'.join([
        '// chlo.broadcast_%s: a 2x1 and a 3 broadcast to 2x3 (numpy\'s rule), f32' % op,
        'func.func @broadcast_%s() {' % op,
        '  %%a = stablehlo.constant dense<[[%s], [%s]]> : tensor<2x1xf32>' % tuple(hexs([x], 'f32') for x in a),
        '  %%b = stablehlo.constant dense<[%s]> : tensor<3xf32>' % hexs(b, 'f32'),
        '  %%r = chlo.broadcast_%s %%a, %%b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>' % op,
        '  %u = stablehlo.bitcast_convert %r : (tensor<2x3xf32>) -> tensor<2x3xui32>',
        '  check.expect_eq_const %%u, dense<[[%s], [%s]]> : tensor<2x3xui32>' % (hexs(ys[:3], 'f32'), hexs(ys[3:], 'f32')),
        '  func.return', '}'])


def write_binary(name, header, ops):
    parts = []
    for op, fn, grid in ops:
        for i, t in enumerate(['f32', 'f16', 'bf16', 'f64']):
            rng = random.Random({'f16': 11, 'bf16': 12, 'f32': 13, 'f64': 14}[t])
            pts = grid(t, rng)
            parts.append(bchunk(op, t, fn, pts, generic=(i == 1)))
        parts.append(bcast_chunk(op, fn))
    text = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_chlo.py (a model of the decomposition,\n'
            '// never ir-run\'s output); do not edit.\n' + header + '\n\n' +
            '\n\n// -----\n\n'.join(parts) + '\n')
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'interpret', name)
    with open(path, 'w') as f:
        f.write(text)


def zeta_grid(t, rng):
    pts = pairs(t, [1.0, 2.0, 3.0, 4.5, 0.5, -2.0, 2.5, 10.0, 60.0, INF, NAN],
                [1.0, 2.0, 0.5, 0.0, -1.0, -2.5, 3.0, 100.0, 1e-3, 1e10, INF])
    for _ in range(16):
        pts.append((rnd(rng.uniform(1, 12), t), rnd(rng.uniform(-4, 20), t)))
    return pts


def polygamma_grid(t, rng):
    pts = pairs(t, [0.0, 1.0, 2.0, 3.0, 4.0, -1.0, 1.5, 10.0, INF],
                [0.5, 1.0, 2.0, -1.5, 3.7, 0.0, -2.0, 100.0, 1e-3])
    for _ in range(16):
        pts.append((rnd(float(rng.randint(0, 6)), t), rnd(rng.uniform(-5, 30), t)))
    return pts


def main():
    four = ['f32', 'f16', 'bf16', 'f64']
    write('chlo_special.mlir',
          '// chlo.erf_inv (Giles), lgamma and digamma (Lanczos), bessel_i1e (Cephes\'\n'
          '// Chebyshev series) on f16, bf16 (computed in f32), f32 and f64 (docs/chlo.md).',
          [('erf_inv', upcast(erf_inv64, erf_inv32), four), ('lgamma', through_f32(lgamma_), four),
           ('digamma', through_f32(digamma_), four), ('bessel_i1e', bessel_i1e, four)])
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
    write_binary('chlo_zeta.mlir',
                 '// chlo.zeta (Hurwitz, Euler-Maclaurin) and chlo.polygamma on f16, bf16\n'
                 '// (computed in f32), f32 and f64 (docs/chlo.md).',
                 [('zeta', zeta_, zeta_grid), ('polygamma', polygamma_, polygamma_grid)])
    write_complex('chlo_trig_complex.mlir',
                  '// chlo.asin, acos, acosh, asinh on complex<f32> and complex<f64>: the\n'
                  '// modified Hull et al. algorithm of the pass (docs/chlo.md).',
                  [('asin', casin_), ('acos', cacos_), ('acosh', cacosh_), ('asinh', casinh_)])


if __name__ == '__main__':
    main()
