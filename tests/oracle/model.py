"""Exact model of ir-run's element semantics (SPEC.md 3.3-3.7, 4.2-4.41).

Independent of ir-run's C code: written from SPEC.md and validated against
tests/vectors (see validate.py). Python 3 standard library only.

Values are handled as bit patterns (ints) of a format; decode() gives an
exact Val (Fraction magnitude, sign, kind), encode() rounds an exact value
once (RNE) into a format, with the overflow rule of the format's family.
"""

from fractions import Fraction
import math

# ---------------------------------------------------------------- formats


class Fmt:
    def __init__(self, name, e, m, bias, family):
        self.name, self.e, self.m, self.bias, self.family = name, e, m, bias, family
        self.p = m + 1
        if family == 'e8m0':
            self.bits = 8
            self.emin = -127
        else:
            self.bits = 1 + e + m
            self.emin = 1 - bias
        self.mask = (1 << self.bits) - 1
        self.sign_bit = 0 if family == 'e8m0' else 1 << (self.bits - 1)
        self.max_pat = {'ieee': ((1 << e) - 2) << m | ((1 << m) - 1),
                        'fn': ((1 << e) - 1) << m | ((1 << m) - 2),
                        'fnuz': ((1 << e) - 1) << m | ((1 << m) - 1),
                        'finite': ((1 << e) - 1) << m | ((1 << m) - 1),
                        'e8m0': 0xFE}[family]
        self.max = decode(self, self.max_pat).mag

    def __repr__(self):
        return self.name

    @property
    def has_nan(self):
        return self.family != 'finite'

    @property
    def has_inf(self):
        return self.family == 'ieee'

    @property
    def has_negzero(self):
        return self.family in ('ieee', 'fn', 'finite')

    def canonical_nan(self):
        return {'ieee': ((1 << self.e) - 1) << self.m | 1 << (self.m - 1) if self.m else 0,
                'fn': 0x7F, 'fnuz': 0x80, 'e8m0': 0xFF}[self.family]

    def inf(self, neg):
        assert self.has_inf
        return (self.sign_bit if neg else 0) | ((1 << self.e) - 1) << self.m


class Val:
    """kind: 'num' (mag Fraction, neg bool), 'inf' (neg), 'nan' (neg, pattern)."""
    __slots__ = ('kind', 'neg', 'mag', 'fmt', 'pat')

    def __init__(self, kind, neg, mag=Fraction(0), fmt=None, pat=None):
        self.kind, self.neg, self.mag, self.fmt, self.pat = kind, neg, mag, fmt, pat

    @property
    def value(self):
        return -self.mag if self.neg else self.mag

    def __repr__(self):
        if self.kind == 'num':
            return ('-' if self.neg else '') + str(self.mag)
        return ('-' if self.neg else '') + self.kind


FMTS = {}

FLOAT_NAMES = ['f4E2M1FN', 'f6E2M3FN', 'f6E3M2FN', 'f8E3M4', 'f8E4M3',
               'f8E4M3FN', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'f8E5M2',
               'f8E5M2FNUZ', 'f8E8M0FNU', 'bf16', 'f16', 'f32', 'f64']

# ---------------------------------------------------------------- decode


def decode(f, b):
    b &= f.mask
    if f.family == 'e8m0':
        if b == 0xFF:
            return Val('nan', False, fmt=f, pat=b)
        return Val('num', False, Fraction(2) ** (b - 127), f, b)
    neg = bool(b & f.sign_bit)
    E = (b >> f.m) & ((1 << f.e) - 1)
    M = b & ((1 << f.m) - 1)
    emax_field = (1 << f.e) - 1
    if f.family == 'ieee' and E == emax_field:
        return Val('inf' if M == 0 else 'nan', neg, fmt=f, pat=b)
    if f.family == 'fn' and E == emax_field and M == (1 << f.m) - 1:
        return Val('nan', neg, fmt=f, pat=b)
    if f.family == 'fnuz' and b == f.sign_bit:
        return Val('nan', True, fmt=f, pat=b)
    if E == 0:
        mag = Fraction(M) * Fraction(2) ** (f.emin - f.m)
    else:
        mag = Fraction((1 << f.m) + M) * Fraction(2) ** (E - f.bias - f.m)
    return Val('num', neg, mag, f, b)


for _n, _e, _m, _b, _f in [
        ('f4E2M1FN', 2, 1, 1, 'finite'), ('f6E2M3FN', 2, 3, 1, 'finite'),
        ('f6E3M2FN', 3, 2, 3, 'finite'), ('f8E3M4', 3, 4, 3, 'ieee'),
        ('f8E4M3', 4, 3, 7, 'ieee'), ('f8E4M3FN', 4, 3, 7, 'fn'),
        ('f8E4M3FNUZ', 4, 3, 8, 'fnuz'), ('f8E4M3B11FNUZ', 4, 3, 11, 'fnuz'),
        ('f8E5M2', 5, 2, 15, 'ieee'), ('f8E5M2FNUZ', 5, 2, 16, 'fnuz'),
        ('f8E8M0FNU', 8, 0, 127, 'e8m0'), ('bf16', 8, 7, 127, 'ieee'),
        ('f16', 5, 10, 15, 'ieee'), ('f32', 8, 23, 127, 'ieee'),
        ('f64', 11, 52, 1023, 'ieee')]:
    FMTS[_n] = Fmt(_n, _e, _m, _b, _f)

# ---------------------------------------------------------------- encode


def floor_log2(x):
    """floor(log2 x) for a positive Fraction, exactly."""
    n, d = x.numerator, x.denominator
    k = n.bit_length() - d.bit_length()
    # 2^k <= n/d < 2^(k+1) ?
    if k >= 0:
        if n < d << k:
            k -= 1
    else:
        if n << -k < d:
            k -= 1
    return k


def round_half_even(x):
    """Round a non-negative Fraction to an integer, ties to even."""
    q, r = divmod(x.numerator, x.denominator)
    twice = 2 * r
    if twice > x.denominator or (twice == x.denominator and q & 1):
        q += 1
    return q


def encode_zero(f, neg):
    if f.family in ('fnuz', 'e8m0'):
        return 0
    return f.sign_bit if neg else 0


def encode_overflow(f, neg):
    fam = f.family
    if fam == 'ieee':
        return f.inf(neg)
    if fam == 'fn':
        return 0xFF if neg else 0x7F
    if fam == 'fnuz':
        return 0x80
    if fam == 'e8m0':
        return 0xFF
    return (f.sign_bit if neg else 0) | f.max_pat  # finite-only saturates


def encode_exact_repr(f, neg, v):
    """Pattern of a representable positive value v."""
    if f.family == 'e8m0':
        return floor_log2(v) + 127
    if v < Fraction(2) ** f.emin:
        M = v / Fraction(2) ** (f.emin - f.m)
        assert M.denominator == 1
        b = int(M)
    else:
        e = floor_log2(v)
        M = v / Fraction(2) ** (e - f.m) - (1 << f.m)
        assert M.denominator == 1
        b = (e + f.bias) << f.m | int(M)
    return (f.sign_bit if neg else 0) | b


def encode(f, neg, mag):
    """One RNE rounding of the exact value (-1)^neg * mag into f (3.5/3.6)."""
    mag = Fraction(mag)
    if f.family == 'e8m0' and neg and mag != 0:
        return 0xFF  # negative finite -> NaN (section 8 item 6)
    if mag == 0:
        return encode_zero(f, neg)
    k = max(floor_log2(mag), f.emin)
    q = Fraction(2) ** (k - (f.p - 1))
    n = round_half_even(mag / q)
    if n == 0:
        return encode_zero(f, neg)
    v = n * q
    if v > f.max:
        return encode_overflow(f, neg)
    return encode_exact_repr(f, neg, v)


def encode_val(f, v):
    """Encode a Val (number/inf) into f; NaN handled by convert_nan."""
    if v.kind == 'num':
        return encode(f, v.neg, v.mag)
    if v.kind == 'inf':
        if f.family == 'ieee':
            return f.inf(v.neg)
        if f.family == 'finite':
            return (f.sign_bit if v.neg else 0) | f.max_pat
        if f.family == 'e8m0':
            return 0xFF
        return encode_overflow(f, v.neg)
    raise ValueError('nan')


def nan_frac(v):
    """(sign, fraction bits, width) of a NaN Val as APFloat carries it."""
    f = v.fmt
    if f.family == 'ieee':
        return v.neg, v.pat & ((1 << f.m) - 1), f.m
    if f.family == 'fn':
        return v.neg, (1 << f.m) - 1, f.m
    return None  # FNUZ / E8M0: payload-free


def convert_nan(src_val, t):
    f = src_val.fmt
    if t.family == 'ieee':
        info = nan_frac(src_val)
        if info is None:
            return t.canonical_nan()
        neg, frac, w = info
        if t.m >= w:
            frac <<= t.m - w
        else:
            frac >>= w - t.m
        frac |= 1 << (t.m - 1)
        return (t.sign_bit if neg else 0) | ((1 << t.e) - 1) << t.m | frac
    # sign as APFloat sees it: FNUZ NaN is negative (0x80), E8M0 NaN positive
    neg = src_val.neg if f.family != 'e8m0' else False
    if t.family == 'fn':
        return 0xFF if neg else 0x7F
    if t.family == 'fnuz':
        return 0x80
    if t.family == 'e8m0':
        return 0xFF
    # finite-only: ml_dtypes, zero with the opposite sign (section 8 item 5)
    return 0 if neg else t.sign_bit


def quiet(v):
    """A NaN operand returned by an op, made quiet, in its own format."""
    f = v.fmt
    if f.family == 'ieee':
        return v.pat | 1 << (f.m - 1)
    return v.pat


# ---------------------------------------------------------------- types

INT_NAMES = ['i1', 'i2', 'i4', 'i8', 'i16', 'i32', 'i64',
             'ui2', 'ui4', 'ui8', 'ui16', 'ui32', 'ui64']


def int_info(t):
    """(width, signed) for an integer type name (i1 -> (1, 'bool'))."""
    if t == 'i1':
        return 1, 'bool'
    if t.startswith('ui'):
        return int(t[2:]), False
    return int(t[1:]), True


def is_float(t):
    return t in FMTS


def wrap(t, x):
    w, s = int_info(t)
    if s == 'bool':
        return 1 if x else 0
    x &= (1 << w) - 1
    if s and x >= 1 << (w - 1):
        x -= 1 << w
    return x


def int_range(t):
    w, s = int_info(t)
    if s == 'bool':
        return 0, 1
    if s:
        return -(1 << (w - 1)), (1 << (w - 1)) - 1
    return 0, (1 << w) - 1


# Element values in the generator: floats are patterns (int), ints are
# Python ints (signed value for iN, unsigned for uiN, 0/1 for i1).


def convert(src, dst, x):
    """Convert element x of type src into type dst (SPEC 3.6)."""
    if src == dst:
        return x  # the identity: APFloat returns at once, sNaN included (3.6)
    if is_float(src):
        v = decode(FMTS[src], x)
        if is_float(dst):
            t = FMTS[dst]
            if v.kind == 'nan':
                return convert_nan(v, t)
            return encode_val(t, v)
        if dst == 'i1':
            return 0 if (v.kind == 'num' and v.mag == 0) else 1
        lo, hi = int_range(dst)
        if v.kind == 'nan':
            return 0
        if v.kind == 'inf':
            return lo if v.neg else hi
        tr = math.floor(v.mag)
        if v.neg:
            tr = -tr
        return min(max(tr, lo), hi)
    # integer source
    if is_float(dst):
        t = FMTS[dst]
        return encode(t, x < 0, abs(x))
    if dst == 'i1':
        return 1 if x != 0 else 0
    return wrap(dst, x)


# ---------------------------------------------------------------- float ops


def _num(neg, mag):
    return (neg, Fraction(mag))


def float_binop(op, f, a, b):
    """Class-A binary op on patterns a, b of format f; returns a pattern."""
    va, vb = decode(f, a), decode(f, b)
    if op in ('maximum', 'minimum'):
        return float_maxmin(op, f, va, vb)
    if va.kind == 'nan':
        return quiet(va)
    if vb.kind == 'nan':
        return quiet(vb)
    invalid = False
    res = None  # (kind, neg, mag)
    if op in ('add', 'subtract'):
        bneg = vb.neg if op == 'add' else not vb.neg
        if va.kind == 'inf' or vb.kind == 'inf':
            if va.kind == 'inf' and vb.kind == 'inf' and va.neg != bneg:
                invalid = True
            else:
                res = ('inf', va.neg if va.kind == 'inf' else bneg, 0)
        else:
            s = va.value + (-vb.mag if bneg else vb.mag)
            if s == 0:
                if va.mag == 0 and vb.mag == 0:
                    neg = va.neg and bneg
                else:
                    neg = False
                res = ('num', neg, Fraction(0))
            else:
                res = ('num', s < 0, abs(s))
    elif op == 'multiply':
        neg = va.neg != vb.neg
        if va.kind == 'inf' or vb.kind == 'inf':
            if (va.kind == 'num' and va.mag == 0) or (vb.kind == 'num' and vb.mag == 0):
                invalid = True
            else:
                res = ('inf', neg, 0)
        else:
            res = ('num', neg, va.mag * vb.mag)
    elif op == 'divide':
        neg = va.neg != vb.neg
        if va.kind == 'inf':
            if vb.kind == 'inf':
                invalid = True
            else:
                res = ('inf', neg, 0)
        elif vb.kind == 'inf':
            res = ('num', neg, Fraction(0))
        elif vb.mag == 0:
            if va.mag == 0:
                invalid = True
            else:
                res = ('inf', neg, 0)
        else:
            res = ('num', neg, va.mag / vb.mag)
    elif op == 'remainder':
        if va.kind == 'inf' or (vb.kind == 'num' and vb.mag == 0):
            invalid = True
        elif vb.kind == 'inf':
            return encode(f, va.neg, va.mag)  # x rem Inf = x
        else:
            q = math.floor(va.mag / vb.mag)
            r = va.mag - q * vb.mag
            res = ('num', va.neg, r)
    else:
        raise ValueError(op)
    if invalid:
        if f.family == 'finite':
            # section 8 item 20: 0/0 -> +0 (x rem 0: see FINDINGS / not generated)
            return 0
        return f.canonical_nan()
    kind, neg, mag = res
    if kind == 'inf':
        if f.family == 'finite':
            return (f.sign_bit if neg else 0) | f.max_pat  # item 20: x/0 -> +-max
        return encode_overflow(f, neg)
    return encode(f, neg, mag)


def float_maxmin(op, f, va, vb):
    if va.kind == 'nan':
        return quiet(va)
    if vb.kind == 'nan':
        return quiet(vb)

    def key(v):
        if v.kind == 'inf':
            return (-1 if v.neg else 1, 0)
        return (0, v.value)
    ka, kb = key(va), key(vb)
    if ka == kb:
        # equal values: zeros of different sign, or identical
        if va.kind == 'num' and va.mag == 0 and va.neg != vb.neg:
            want_neg = op == 'minimum'
            return va.pat if va.neg == want_neg else vb.pat
        return va.pat
    if op == 'maximum':
        return va.pat if ka > kb else vb.pat
    return va.pat if ka < kb else vb.pat


def float_unop(op, f, a):
    v = decode(f, a)
    if op == 'negate':
        if f.family == 'e8m0':
            return 0xFF
        if f.family == 'fnuz' and (a & 0x7F) == 0:
            return a
        return a ^ f.sign_bit
    if op == 'abs':
        if f.family == 'e8m0':
            return a
        if f.family == 'fnuz' and a == 0x80:
            return a
        return a & ~f.sign_bit & f.mask
    if op in ('floor', 'ceil', 'round_nearest_even'):
        if v.kind == 'nan':
            return quiet(v)
        if v.kind == 'inf':
            return a
        x = v.value
        if op == 'floor':
            r = math.floor(x)
        elif op == 'ceil':
            r = math.ceil(x)
        else:
            r = round_half_even(abs(x))
            r = -r if x < 0 else r
        return encode(f, v.neg, abs(Fraction(r)))
    raise ValueError(op)


def float_compare(direction, f, a, b, totalorder=False):
    if totalorder:
        def key(x):
            if f.family == 'e8m0':
                return x
            if f.family == 'fnuz' and x == 0x80:
                return 1 << 20  # section 8 item 7: FNUZ NaN above +Inf
            mag = x & ~f.sign_bit & f.mask
            return -1 - mag if x & f.sign_bit else mag
        ka, kb = key(a), key(b)
        return {'EQ': ka == kb, 'NE': ka != kb, 'LT': ka < kb, 'LE': ka <= kb,
                'GT': ka > kb, 'GE': ka >= kb}[direction]
    va, vb = decode(f, a), decode(f, b)
    if va.kind == 'nan' or vb.kind == 'nan':
        return direction == 'NE'

    def key(v):
        if v.kind == 'inf':
            return (-1 if v.neg else 1, 0)
        return (0, v.value)
    ka, kb = key(va), key(vb)
    return {'EQ': ka == kb, 'NE': ka != kb, 'LT': ka < kb, 'LE': ka <= kb,
            'GT': ka > kb, 'GE': ka >= kb}[direction]


# ---------------------------------------------------------------- int ops


def int_binop(op, t, a, b):
    w, s = int_info(t)
    if s == 'bool':
        return {'add': a | b, 'multiply': a & b, 'maximum': a | b,
                'minimum': a & b}[op]
    lo, hi = int_range(t)
    if op == 'add':
        return wrap(t, a + b)
    if op == 'subtract':
        return wrap(t, a - b)
    if op == 'multiply':
        return wrap(t, a * b)
    if op == 'maximum':
        return max(a, b)
    if op == 'minimum':
        return min(a, b)
    if op == 'divide':
        if b == 0:
            return -1 if s else hi
        if s and a == lo and b == -1:
            return lo
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q
    if op == 'remainder':
        if b == 0:
            return a
        if s and a == lo and b == -1:
            return 0
        r = abs(a) % abs(b)
        return -r if a < 0 else r
    raise ValueError(op)


def int_unop(op, t, a):
    if op == 'negate':
        return wrap(t, -a)
    if op == 'abs':
        return wrap(t, abs(a))
    raise ValueError(op)


def int_compare(direction, a, b):
    return {'EQ': a == b, 'NE': a != b, 'LT': a < b, 'LE': a <= b,
            'GT': a > b, 'GE': a >= b}[direction]


# ---------------------------------------------------------------- generic


def binop(op, t, a, b):
    if is_float(t):
        return float_binop(op, FMTS[t], a, b)
    return int_binop(op, t, a, b)


def zero_of(t):
    return 0  # +0.0 pattern is 0 for every float format; 0/false for ints


def dot_general(ta, tb, tr, A, B, sa, sb, lb, rb, lc, rc):
    """REF dot_general. A, B: flat row-major lists; sa, sb: shapes.
    Returns (result shape, flat result list) in type tr."""
    lf = [d for d in range(len(sa)) if d not in lb and d not in lc]
    rf = [d for d in range(len(sb)) if d not in rb and d not in rc]
    rshape = [sa[d] for d in lb] + [sa[d] for d in lf] + [sb[d] for d in rf]

    def strides(s):
        st = [1] * len(s)
        for i in range(len(s) - 2, -1, -1):
            st[i] = st[i + 1] * s[i + 1]
        return st
    sta, stb = strides(sa), strides(sb)
    out = []
    import itertools
    cext = [sa[d] for d in lc]
    for idx in itertools.product(*[range(n) for n in rshape]):
        u = [0] * len(sa)
        v = [0] * len(sb)
        nb = len(lb)
        for k in range(nb):
            u[lb[k]] = v[rb[k]] = idx[k]
        for k, d in enumerate(lf):
            u[d] = idx[nb + k]
        for k, d in enumerate(rf):
            v[d] = idx[nb + len(lf) + k]
        acc = zero_of(tr)
        for c in itertools.product(*[range(n) for n in cext]):
            for k in range(len(lc)):
                u[lc[k]] = v[rc[k]] = c[k]
            x = convert(ta, tr, A[sum(i * s for i, s in zip(u, sta))]) if ta != tr else A[sum(i * s for i, s in zip(u, sta))]
            y = convert(tb, tr, B[sum(i * s for i, s in zip(v, stb))]) if tb != tr else B[sum(i * s for i, s in zip(v, stb))]
            acc = binop('add', tr, acc, binop('multiply', tr, x, y))
        out.append(acc)
    return rshape, out
