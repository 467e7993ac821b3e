#!/usr/bin/env python3
"""Generate tests/interpret/random_*.mlir from the exact model (model.py).

Usage:  python3 tests/oracle/gen.py            (writes all files)
        python3 tests/oracle/gen.py add convert (only those groups)
Every file has its own fixed seed, so regeneration is reproducible and one
group can be regenerated without changing the others. Cases the model flags
as blocked by a known ir-run bug (see FINDINGS.md / PENDING below) go to
tests/oracle/pending_<group>.mlir instead, which `make check` does not run.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import model  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES, decode, encode, convert  # noqa: E402
import gen_bitcast  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
DEFAULT_OUT = OUT
SEED = 20261122
REPS = 1  # --reps K multiplies the random chunks (fuzzing; not for committed files)

ALL_TYPES = FLOAT_NAMES + INT_NAMES
NONBOOL_INTS = [t for t in INT_NAMES if t != 'i1']
SINTS = [t for t in NONBOOL_INTS if not t.startswith('ui')]
CPLX = {'complex<f32>': 'f32', 'complex<f64>': 'f64'}  # complex type -> part format

# ------------------------------------------------------------ known ir-run bugs
# predicate(group, case-dict) -> True if the case must go to pending_<group>.
# Filled in from FINDINGS.md; empty means every case is committed.
PENDING = []

# ------------------------------------------------------------------ samplers


def size(shape):
    """Number of elements of a shape (1 for rank 0)."""
    n = 1
    for d in shape:
        n *= d
    return n


def bits_of(t):
    return FMTS[t].bits


def fsample(rng, f, wide_bias=True):
    """A random pattern of format f from a mix of interesting categories."""
    fam = f.family
    r = rng.random()
    mant_mask = (1 << f.m) - 1
    if fam == 'e8m0':
        if r < 0.05:
            return 0xFF
        if r < 0.15:
            return rng.choice([0x00, 0x01, 0xFE, 0xFD])
        if r < 0.7:
            return 127 + rng.randint(-6, 6)
        return rng.randrange(0xFF)
    if r < 0.06:  # zeros
        if f.has_negzero:
            return rng.choice([0, f.sign_bit])
        return 0
    if r < 0.12 and f.has_nan:  # NaN / Inf
        if fam == 'ieee':
            emax = ((1 << f.e) - 1) << f.m
            choice = rng.random()
            if choice < 0.35:
                pat = emax  # Inf
            elif choice < 0.7:
                pat = emax | 1 << (f.m - 1) | rng.randrange(1 << (f.m - 1))  # qNaN
            else:
                pat = emax | rng.randrange(1, 1 << (f.m - 1)) if f.m > 1 else emax | 1
            return pat | (f.sign_bit if rng.random() < 0.5 else 0)
        if fam == 'fn':
            return rng.choice([0x7F, 0xFF])
        return 0x80
    if r < 0.22:  # subnormals
        pat = rng.randrange(1, 1 << f.m)
        return pat | (f.sign_bit if rng.random() < 0.5 else 0)
    if r < 0.30:  # near max
        pat = f.max_pat - rng.randrange(min(4, f.max_pat))
        return pat | (f.sign_bit if rng.random() < 0.5 else 0)
    if r < 0.40:  # small integers and halves
        v = rng.randint(-24, 24) / rng.choice([1, 1, 2, 4])
        from fractions import Fraction
        return encode(f, v < 0, abs(Fraction(v)))
    if f.bits > 8 and wide_bias and r < 0.85:
        # moderate exponents so that operands interact
        E = f.bias + rng.randint(-8, 8)
        pat = E << f.m | rng.randrange(1 << f.m)
        if rng.random() < 0.3:  # few significant bits -> exact/tie cases
            keep = rng.randint(0, min(f.m, 6))
            pat &= ~(mant_mask >> keep)
        return pat | (f.sign_bit if rng.random() < 0.5 else 0)
    while True:  # uniform over patterns
        pat = rng.randrange(1 << f.bits)
        v = decode(f, pat)
        if v.kind == 'num' or rng.random() < 0.1:
            return pat


def isample(rng, t):
    lo, hi = model.int_range(t)
    r = rng.random()
    if t == 'i1':
        return rng.randint(0, 1)
    if r < 0.3:
        return rng.choice([v for v in (lo, lo + 1, -1, 0, 1, 2, hi - 1, hi) if lo <= v <= hi])
    if r < 0.55:
        return max(lo, min(hi, rng.randint(-20, 20)))
    return rng.randint(lo, hi)


def sample(rng, t):
    if t in FMTS:
        return fsample(rng, FMTS[t])
    return isample(rng, t)


def specials(t):
    """Edge values of type t."""
    if t not in FMTS:
        lo, hi = model.int_range(t)
        return sorted(set(v for v in (lo, lo + 1, -1, 0, 1, hi - 1, hi) if lo <= v <= hi))
    f = FMTS[t]
    if f.family == 'e8m0':
        return [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF]
    s = [0, f.max_pat, f.max_pat | f.sign_bit, 1, encode(f, False, 1), encode(f, True, 1)]
    if f.has_negzero:
        s.append(f.sign_bit)
    # half an ulp at max (max + it is the overflow tie) and its neighbours
    half = (f.max - decode(f, f.max_pat - 1).mag) / 2
    hp = encode(f, False, half)
    if decode(f, hp).mag == half:
        s += [hp, hp + 1, hp - 1]
    if f.family == 'ieee':
        s += [f.inf(False), f.inf(True), f.canonical_nan(),
              f.canonical_nan() | f.sign_bit | 1, f.inf(False) | 1]
    elif f.family == 'fn':
        s += [0x7F, 0xFF]
    elif f.family == 'fnuz':
        s += [0x80]
    return s


def pair_sample(rng, t, n, op=None):
    """n operand pairs: some special x special, some related, rest random."""
    sp = specials(t)
    A, B = [], []
    nsp = min(n // 4, len(sp) * len(sp))
    allp = [(x, y) for x in sp for y in sp]
    for x, y in rng.sample(allp, nsp):
        A.append(x)
        B.append(y)
    while len(A) < n:
        a = sample(rng, t)
        r = rng.random()
        if r < 0.12:
            b = a
        elif r < 0.24 and t in FMTS and FMTS[t].sign_bit:
            b = a ^ FMTS[t].sign_bit
        elif r < 0.36 and t in FMTS:
            f = FMTS[t]
            b = (a + rng.randint(-3, 3)) & f.mask
        elif r < 0.5 and t in FMTS and FMTS[t].bits > 8 and ((a >> FMTS[t].m) & ((1 << FMTS[t].e) - 1)) > FMTS[t].p + 4:
            # exponent gap around the precision: sticky/round bits matter
            f = FMTS[t]
            Ea = (a >> f.m) & ((1 << f.e) - 1)
            if Ea == (1 << f.e) - 1:
                Ea -= 1
            Eb = Ea - rng.randint(f.p - 2, f.p + 3)
            b = (f.sign_bit if rng.random() < 0.5 else 0) | Eb << f.m | rng.randrange(1 << f.m)
            if rng.random() < 0.4:
                b &= ~((1 << f.m) - 1) | rng.choice([0, 1])
        else:
            b = sample(rng, t)
        if rng.random() < 0.5:
            a, b = b, a
        A.append(a)
        B.append(b)
    return A, B


# ------------------------------------------------------------------ emitting


def hexpat(bits, v):
    return '0x%0*X' % (max(2, (bits + 3) // 4), v)


def lit_elem(t, v):
    if t in CPLX:  # v = (re, im) patterns
        bits = FMTS[CPLX[t]].bits
        return '(%s, %s)' % (hexpat(bits, v[0]), hexpat(bits, v[1]))
    if t in FMTS:
        return hexpat(FMTS[t].bits, v)
    if t == 'i1':
        return 'true' if v else 'false'
    return str(v)


def nest(items, shape):
    if not items and shape:
        return ''  # zero-element tensor: dense<>
    if len(shape) == 0:
        return items[0]
    if len(shape) == 1:
        return '[' + ', '.join(items) + ']'
    step = len(items) // shape[0]
    return '[' + ', '.join(nest(items[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + ']'


def ttype(shape, t):
    return 'tensor<' + ''.join('%dx' % d for d in shape) + t + '>'


def dense(t, shape, vals):
    return 'dense<%s> : %s' % (nest([lit_elem(t, v) for v in vals], shape), ttype(shape, t))


def const(name, t, shape, vals):
    return '  %%%s = stablehlo.constant %s' % (name, dense(t, shape, vals))


def pin_complex(name, t, shape, vals, tag):
    """pin() for complex values. bitcast_convert goes complex <-> complex
    only (SPEC 4.32), so the parts reach an integer view through a
    complex<f64> whose real part holds them, then convert to f64 (exact, a
    signalling NaN included: same-format convert is the identity, 3.6):
      complex<f32>: each value broadcast to a pair and the pair joined into
        one complex<f64> whose real part has the bits re | im << 32;
      complex<f64>: the real part directly; the imaginary part by splitting
        into two complex<f32>, slicing the second (the bits of im),
        broadcasting it to a pair and joining that into a complex<f64>."""
    cv = lambda x: convert('f64', 'f64', x)  # noqa: E731
    r = len(shape)
    S2 = shape + [2]
    C32, C64 = 'complex<f32>', 'complex<f64>'
    U, F = ttype(shape, 'ui64'), ttype(shape, 'f64')
    dims = '[%s]' % ', '.join(str(d) for d in range(r))
    if t == C32:
        exp = [cv(re_ | im << 32) for re_, im in vals]
        return ['  %%%s_d = stablehlo.broadcast_in_dim %%%s, dims = %s : (%s) -> %s' % (
                    tag, name, dims, ttype(shape, C32), ttype(S2, C32)),
                '  %%%s_j = stablehlo.bitcast_convert %%%s_d : (%s) -> %s' % (
                    tag, tag, ttype(S2, C32), ttype(shape, C64)),
                '  %%%s_w = stablehlo.convert %%%s_j : (%s) -> %s' % (tag, tag, ttype(shape, C64), F),
                '  %%%s_b = stablehlo.bitcast_convert %%%s_w : (%s) -> %s' % (tag, tag, F, U),
                '  check.expect_eq_const %%%s_b, %s' % (tag, dense('ui64', shape, exp))]
    ere = [cv(re_) for re_, im in vals]
    eim = [cv(im) for re_, im in vals]
    sl = ', '.join('0:%d' % d for d in shape) + (', ' if shape else '') + '1:2'
    dims1 = '[%s]' % ', '.join(str(d) for d in range(r + 1))
    return ['  %%%s_rw = stablehlo.convert %%%s : (%s) -> %s' % (tag, name, ttype(shape, C64), F),
            '  %%%s_rb = stablehlo.bitcast_convert %%%s_rw : (%s) -> %s' % (tag, tag, F, U),
            '  check.expect_eq_const %%%s_rb, %s' % (tag, dense('ui64', shape, ere)),
            '  %%%s_s = stablehlo.bitcast_convert %%%s : (%s) -> %s' % (tag, name, ttype(shape, C64), ttype(S2, C32)),
            '  %%%s_t = stablehlo.slice %%%s_s [%s] : (%s) -> %s' % (
                tag, tag, sl, ttype(S2, C32), ttype(shape + [1], C32)),
            '  %%%s_u = stablehlo.broadcast_in_dim %%%s_t, dims = %s : (%s) -> %s' % (
                tag, tag, dims1, ttype(shape + [1], C32), ttype(S2, C32)),
            '  %%%s_k = stablehlo.bitcast_convert %%%s_u : (%s) -> %s' % (tag, tag, ttype(S2, C32), ttype(shape, C64)),
            '  %%%s_iw = stablehlo.convert %%%s_k : (%s) -> %s' % (tag, tag, ttype(shape, C64), F),
            '  %%%s_ib = stablehlo.bitcast_convert %%%s_iw : (%s) -> %s' % (tag, tag, F, U),
            '  check.expect_eq_const %%%s_ib, %s' % (tag, dense('ui64', shape, eim))]


def pin(name, t, shape, vals, tag='r'):
    """Lines checking value %name of type t bit for bit against vals
    (complex: (re, im) pattern pairs)."""
    T = ttype(shape, t)
    if t in CPLX:
        return pin_complex(name, t, shape, vals, tag)
    if t not in FMTS:
        return ['  check.expect_eq_const %%%s, %s' % (name, dense(t, shape, vals))]
    f = FMTS[t]
    if f.bits == 6:
        T32 = ttype(shape, 'f32')
        Tu = ttype(shape, 'ui32')
        exp = [convert(t, 'f32', v) for v in vals]
        return ['  %%%s_w = stablehlo.convert %%%s : (%s) -> %s' % (tag, name, T, T32),
                '  %%%s_b = stablehlo.bitcast_convert %%%s_w : (%s) -> %s' % (tag, tag, T32, Tu),
                '  check.expect_eq_const %%%s_b, dense<%s> : %s' % (
                    tag, nest([hexpat(32, v) for v in exp], shape), Tu)]
    Tu = ttype(shape, 'ui%d' % f.bits)
    return ['  %%%s_b = stablehlo.bitcast_convert %%%s : (%s) -> %s' % (tag, name, T, Tu),
            '  check.expect_eq_const %%%s_b, dense<%s> : %s' % (
                tag, nest([hexpat(f.bits, v) for v in vals], shape), Tu)]


class Out:
    def __init__(self, group, header):
        self.group = group
        self.header = header
        self.chunks = []
        self.pending = []
        self.checks = 0
        self.pending_checks = 0

    def add(self, case, body, nchecks):
        text = '\n'.join(body)
        if any(p(self.group, case) for p in PENDING):
            self.pending.append(text)
            self.pending_checks += nchecks
        else:
            self.chunks.append(text)
            self.checks += nchecks

    def write(self):
        head = ('// RUN: ir-run --interpret -split-input-file %s\n'
                '// Generated by tests/oracle/gen.py (exact model, tests/oracle/model.py);\n'
                '// do not edit. ' + self.header + '\n\n')
        path = os.path.join(OUT, 'random_%s.mlir' % self.group)
        with open(path, 'w') as fh:
            fh.write(head + '\n\n// -----\n\n'.join(self.chunks) + '\n')
        ppath = os.path.join(HERE if OUT == DEFAULT_OUT else OUT, 'pending_%s.mlir' % self.group)
        if self.pending:
            with open(ppath, 'w') as fh:
                fh.write(head.replace('do not edit.', 'do not edit. PENDING: known ir-run bugs (FINDINGS.md), not run by make check.')
                         + '\n\n// -----\n\n'.join(self.pending) + '\n')
        elif os.path.exists(ppath):
            os.remove(ppath)
        print('%-28s %4d chunks %6d checks %7d bytes%s' % (
            os.path.basename(path), len(self.chunks), self.checks, os.path.getsize(path),
            ('  (+%d chunks / %d checks pending)' % (len(self.pending), self.pending_checks)) if self.pending else ''))
        return len(self.chunks), self.checks


def fname(s):
    """A type or op name as part of a function name: complex<f32> -> complex_f32."""
    return s.replace('.', '_').replace('<', '_').replace('>', '')


# ------------------------------------------------------------------ groups

BINOPS = ['add', 'subtract', 'multiply', 'divide', 'remainder', 'maximum', 'minimum']


def gen_binop(op, seed):
    rng = random.Random(seed)
    out = Out(op, 'Element-wise %s on random operands for every element type.' % op)
    types = FLOAT_NAMES + NONBOOL_INTS
    if op in ('add', 'multiply', 'maximum', 'minimum'):
        types = types + ['i1']
    for t in types:
        n = 128 if t in FMTS else 64
        for rep in range((3 if t in FMTS else 2) * REPS):
            A, B = pair_sample(rng, t, n, op)
            R = [model.binop(op, t, a, b) for a, b in zip(A, B)]
            shape = [n]
            T = ttype(shape, t)
            body = ['func.func @%s_%s_%d() {' % (op, t, rep),
                    const('a', t, shape, A), const('b', t, shape, B),
                    '  %%r = stablehlo.%s %%a, %%b : %s' % (op, T)]
            body += pin('r', t, shape, R)
            body += ['  func.return', '}']
            out.add({'op': op, 'type': t, 'A': A, 'B': B}, body, n)
    return out.write()


def tie_traps(rng, src, dst, count):
    """Source values at, just above and just below rounding midpoints of dst
    (and its overflow threshold): catch double rounding through an
    intermediate format."""
    from fractions import Fraction
    t = FMTS[dst]
    res = []
    if src not in FMTS:
        lo, hi = model.int_range(src)
        for _ in range(count):
            top = min(hi.bit_length() - 1, model.floor_log2(t.max) + 1)
            if top < t.p:
                break
            k = rng.randint(t.p, top)
            if top >= 55 and rng.random() < 0.6:
                k = rng.randint(54, top)  # beyond binary64's integers
            ulp = 1 << (k - t.p + 1)
            v = (1 << k) + ulp * rng.randrange(1 << (t.p - 1))
            mid = v + ulp // 2
            neg = lo < 0 and rng.random() < 0.4
            for d in (-1, 0, 1):
                y = -(mid + d) if neg else mid + d
                if lo <= y <= hi:
                    res.append(y)
        return res
    for _ in range(count):
        r = rng.random()
        if r < 0.15:
            P = t.max_pat
            lo_v = t.max
            hi_v = t.max + (t.max - decode(t, P - 1).mag)
        else:
            if r < 0.35 and t.m > 0:
                P = rng.randrange(0, 1 << t.m)  # subnormal range
            else:
                P = rng.randrange(0, t.max_pat)
            lo_v = decode(t, P).mag
            hi_v = decode(t, P + 1).mag
        mid = (lo_v + hi_v) / 2
        neg = rng.random() < 0.4
        if src in FMTS:
            f = FMTS[src]
            if f.family == 'e8m0' and neg:
                neg = False
            p = encode(f, neg, mid)
            v = decode(f, p)
            if v.kind != 'num' or v.mag != mid or mid == 0:
                continue
            sb = f.sign_bit if neg else 0
            mag = p & ~f.sign_bit & f.mask if f.sign_bit else p
            for d in (-1, 0, 1):
                q = mag + d
                if 0 < q <= f.max_pat:
                    res.append(sb | q)
        else:
            if mid.denominator != 1:
                continue
            lo, hi = model.int_range(src)
            x = int(mid)
            for d in (-1, 0, 1):
                y = -(x + d) if neg else x + d
                if lo <= y <= hi:
                    res.append(y)
    return res


def int_bounds(rng, src, dst):
    """Float source values around the limits of integer type dst."""
    from fractions import Fraction
    f = FMTS[src]
    lo, hi = model.int_range(dst)
    res = []
    for B in (hi + 1, lo, hi, lo - 1, Fraction(hi) + Fraction(1, 2), Fraction(lo) - Fraction(1, 2)):
        B = Fraction(B)
        if B == 0:
            continue
        p = encode(f, B < 0, abs(B))
        if decode(f, p).kind != 'num':
            continue
        sb = p & f.sign_bit
        mag = p & ~f.sign_bit & f.mask if f.sign_bit else p
        for d in (-1, 0, 1):
            q = mag + d
            if 0 <= q <= f.max_pat:
                res.append(sb | q)
    return res


def convert_sources(rng, src, dst, n):
    """Operands for convert src -> dst, biased toward dst's interesting range."""
    from fractions import Fraction
    vals = list(specials(src))
    if dst in FMTS and (src not in FMTS or FMTS[src].p > FMTS[dst].p + 1 or
                        FMTS[src].emin < FMTS[dst].emin):
        vals += tie_traps(rng, src, dst, n // 4)
    if src in FMTS and dst not in FMTS and dst != 'i1':
        vals += int_bounds(rng, src, dst)
    if src in FMTS and dst not in FMTS and dst != 'i1':
        lo, hi = model.int_range(dst)
        f = FMTS[src]
        for base in (lo, hi, 0):
            for d in (-1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.5):
                x = Fraction(base) + Fraction(d)
                vals.append(encode(f, x < 0, abs(x)))
    if src not in FMTS and dst in FMTS:
        t = FMTS[dst]
        lo, hi = model.int_range(src)
        for k in range(t.p, t.p + 3):  # ties / rounding of large integers
            for d in (-1, 0, 1, 2, 3):
                for s in (1, -1):
                    x = s * ((1 << k) + d)
                    if lo <= x <= hi:
                        vals.append(x)
        mx = int(t.max) if t.max.denominator == 1 else None
        if mx is not None:
            for d in (-1, 0, 1, mx // (1 << t.p)):
                for s in (1, -1):
                    x = s * (mx + d)
                    if lo <= x <= hi:
                        vals.append(x)
    rng.shuffle(vals)
    vals = vals[:n * 3 // 4]
    while len(vals) < n:
        vals.append(sample(rng, src))
    return vals


def gen_convert(group, sources, seed, n=16):
    rng = random.Random(seed)
    out = Out(group, 'convert from %s to every element type.' % ', '.join(sources))
    n0 = n
    for src in sources:
        for dst in ALL_TYPES:
            n = n0 if (src in FMTS or dst in FMTS) else n0 // 2
            X = convert_sources(rng, src, dst, n)
            R = [convert(src, dst, x) for x in X]
            shape = [n]
            body = ['func.func @convert_%s_to_%s() {' % (src, dst),
                    const('a', src, shape, X),
                    '  %%r = stablehlo.convert %%a : (%s) -> %s' % (ttype(shape, src), ttype(shape, dst))]
            body += pin('r', dst, shape, R)
            body += ['  func.return', '}']
            out.add({'op': 'convert', 'src': src, 'dst': dst, 'X': X}, body, n)
    return out.write()


DIRS = ['EQ', 'NE', 'LT', 'LE', 'GT', 'GE']


def gen_compare(seed, totalorder=False):
    rng = random.Random(seed)
    grp = 'compare_totalorder' if totalorder else 'compare'
    out = Out(grp, 'compare, all six directions, %s.' % (
        'TOTALORDER (SPEC 4.25 key order, section 8 item 7: FNUZ NaN above +Inf)' if totalorder
        else 'FLOAT for floats (IEEE quiet predicates), SIGNED/UNSIGNED for ints'))
    types = FLOAT_NAMES if totalorder else FLOAT_NAMES + INT_NAMES
    for t in types:
        n = 48 if t in FMTS else 24
        A, B = pair_sample(rng, t, n)
        shape = [n]
        T = ttype(shape, t)
        if t in FMTS:
            ctype = 'TOTALORDER' if totalorder else 'FLOAT'
        else:
            ctype = 'UNSIGNED' if (t.startswith('ui') or t == 'i1') else 'SIGNED'
        body = ['func.func @compare_%s() {' % t, const('a', t, shape, A), const('b', t, shape, B)]
        for d in DIRS:
            if t in FMTS:
                R = [model.float_compare(d, FMTS[t], a, b, totalorder) for a, b in zip(A, B)]
            else:
                R = [model.int_compare(d, a, b) for a, b in zip(A, B)]
            v = d.lower()
            body.append('  %%%s = stablehlo.compare %s, %%a, %%b, %s : (%s, %s) -> %s' % (
                v, d, ctype, T, T, ttype(shape, 'i1')))
            body.append('  check.expect_eq_const %%%s, %s' % (v, dense('i1', shape, [int(x) for x in R])))
        body += ['  func.return', '}']
        out.add({'op': grp, 'type': t, 'A': A, 'B': B}, body, n * 6)
    return out.write()


UNOPS = ['negate', 'abs', 'floor', 'ceil', 'round_nearest_even']


def gen_unary(seed):
    from fractions import Fraction
    rng = random.Random(seed)
    out = Out('unary', 'negate, abs, floor, ceil, round_nearest_even on random operands.')
    for t in FLOAT_NAMES + NONBOOL_INTS:
        f = FMTS.get(t)
        ops = UNOPS if f else (['negate', 'abs'] if t in SINTS else ['negate'])
        n = 64 if f else 32
        X = list(specials(t))
        if f:  # values around integers and halves
            for _ in range(n // 4):
                x = Fraction(rng.randint(-40, 40), rng.choice([2, 4, 8]))
                X.append(encode(f, x < 0, abs(x)))
        while len(X) < n:
            X.append(sample(rng, t))
        X = X[:n]
        rng.shuffle(X)
        shape = [n]
        T = ttype(shape, t)
        body = ['func.func @unary_%s() {' % t, const('a', t, shape, X)]
        for op in ops:
            if f:
                R = [model.float_unop(op, f, x) for x in X]
            else:
                R = [model.int_unop(op, t, x) for x in X]
            body.append('  %%%s = stablehlo.%s %%a : %s' % (op, op, T))
            body += pin(op, t, shape, R, tag=op + '_r')
        body += ['  func.return', '}']
        out.add({'op': 'unary', 'type': t, 'X': X}, body, n * len(ops))
    return out.write()


def dot_operand(rng, t, n, tame):
    """Operands for dots: tame = moderate magnitudes so sums stay finite."""
    from fractions import Fraction
    if t not in FMTS:
        if tame:
            lo, hi = model.int_range(t)
            return [max(lo, min(hi, rng.randint(-9, 9))) for _ in range(n)]
        return [isample(rng, t) for _ in range(n)]
    f = FMTS[t]
    if not tame:
        return [fsample(rng, f) for _ in range(n)]
    res = []
    for _ in range(n):
        if f.family == 'e8m0':
            res.append(127 + rng.randint(-4, 4))
            continue
        x = Fraction(rng.randint(-64, 64), rng.choice([8, 16, 32]))
        if f.max < 8:
            x /= 4
        res.append(encode(f, x < 0, abs(x)))
    return res


DOT_CASES = [
    # (lhs type, rhs type, result type)
    ('f8E4M3FN', 'f8E4M3FN', 'f8E4M3FN'), ('f8E5M2', 'f8E5M2', 'f8E5M2'),
    ('f8E4M3', 'f8E4M3', 'f8E4M3'), ('f8E3M4', 'f8E3M4', 'f8E3M4'),
    ('f8E4M3FNUZ', 'f8E4M3FNUZ', 'f8E4M3FNUZ'), ('f8E5M2FNUZ', 'f8E5M2FNUZ', 'f8E5M2FNUZ'),
    ('f8E4M3B11FNUZ', 'f8E4M3B11FNUZ', 'f8E4M3B11FNUZ'), ('f8E8M0FNU', 'f8E8M0FNU', 'f8E8M0FNU'),
    ('f4E2M1FN', 'f4E2M1FN', 'f4E2M1FN'), ('f6E2M3FN', 'f6E2M3FN', 'f6E2M3FN'),
    ('f6E3M2FN', 'f6E3M2FN', 'f6E3M2FN'),
    ('bf16', 'bf16', 'bf16'), ('f16', 'f16', 'f16'), ('f32', 'f32', 'f32'), ('f64', 'f64', 'f64'),
    ('f8E4M3FN', 'f8E4M3FN', 'f32'), ('f8E5M2', 'f8E4M3FN', 'bf16'), ('f8E4M3FN', 'f8E5M2', 'f16'),
    ('f4E2M1FN', 'f4E2M1FN', 'f32'), ('bf16', 'bf16', 'f32'), ('f16', 'f16', 'f32'),
    ('f32', 'f32', 'bf16'), ('f64', 'f32', 'f8E4M3FN'), ('f16', 'f16', 'f8E5M2'),
    ('i8', 'i8', 'i32'), ('i8', 'i8', 'i8'), ('i4', 'i4', 'i4'), ('ui8', 'ui8', 'ui8'),
    ('ui4', 'ui4', 'ui16'), ('i32', 'i32', 'i32'), ('i64', 'i64', 'i64'), ('i2', 'i2', 'i2'),
    ('i1', 'i1', 'i1'), ('f32', 'f32', 'i32'), ('bf16', 'bf16', 'i8'), ('i8', 'i8', 'f16'),
    ('i16', 'i16', 'f8E4M3FN'), ('ui8', 'ui8', 'bf16'),
]

DOT_SHAPES = [
    # (lhs shape, rhs shape, lb, rb, lc, rc)
    ([3, 5], [5, 4], [], [], [1], [0]),
    ([2, 3, 5], [2, 5, 4], [0], [0], [2], [1]),
    ([4, 3, 2], [2, 4, 3], [], [], [0, 2], [1, 0]),
    ([2, 6], [6, 2], [], [], [1], [0]),
    ([3, 2, 4], [4, 3], [], [], [2, 0], [0, 1]),
    ([2, 3], [2, 4], [0], [0], [], []),
    ([3, 2, 4], [4, 5, 2], [1], [2], [2], [0]),
    ([2, 0], [0, 3], [], [], [1], [0]),  # zero-size contraction: zero of R (item 10)
    ([2, 2, 3, 2], [3, 2, 2, 2], [1, 0], [2, 1], [3, 2], [3, 0]),
]


def gen_dot(seed):
    rng = random.Random(seed)
    out = Out('dot_general', 'dot_general with REF accumulation (SPEC 4.41): +0 start, '
              'operands converted to the result type, rounding after every multiply and add.')
    k = 0
    for ta, tb, tr in DOT_CASES:
        for si, (sa, sb, lb, rb, lc, rc) in enumerate(DOT_SHAPES):
            if si >= 3 and rng.random() < 0.5:
                continue
            tame = rng.random() < 0.75
            na = size(sa)
            nb = size(sb)
            A = dot_operand(rng, ta, na, tame)
            B = dot_operand(rng, tb, nb, tame)
            rshape, R = model.dot_general(ta, tb, tr, A, B, sa, sb, lb, rb, lc, rc)
            bd = ('batching_dims = [%s] x [%s], ' % (', '.join(map(str, lb)), ', '.join(map(str, rb)))) if lb else ''
            body = ['func.func @dot_%d_%s_%s_%s() {' % (k, ta, tb, tr),
                    const('a', ta, sa, A), const('b', tb, sb, B),
                    '  %%r = stablehlo.dot_general %%a, %%b, %scontracting_dims = [%s] x [%s] : (%s, %s) -> %s' % (
                        bd, ', '.join(map(str, lc)), ', '.join(map(str, rc)),
                        ttype(sa, ta), ttype(sb, tb), ttype(rshape, tr))]
            body += pin('r', tr, rshape, R)
            body += ['  func.return', '}']
            k += 1
            cnt = size(rshape)
            out.add({'op': 'dot', 'types': (ta, tb, tr)}, body, cnt)
    return out.write()


# stablehlo.dot (legacy, SPEC 4.42): dot_general with contracting_dims =
# [rank(a) - 1] x [0] and no batching, for the four rank pairs.
DOT_LEGACY_SHAPES = [([5], [5]), ([3, 4], [4]), ([4], [4, 3]), ([2, 3], [3, 4])]
DOT_LEGACY_MIXED = [
    ('f8E4M3FN', 'f8E5M2', 'f32'), ('bf16', 'bf16', 'f32'), ('f16', 'f32', 'f16'),
    ('f8E4M3B11FNUZ', 'f8E4M3FNUZ', 'bf16'), ('f4E2M1FN', 'f6E3M2FN', 'f8E4M3'),
    ('i8', 'i8', 'i32'), ('i4', 'ui4', 'i16'), ('ui8', 'i8', 'ui32'), ('i1', 'i1', 'i8'),
    ('f32', 'f32', 'i32'), ('i16', 'i16', 'f8E5M2'), ('i64', 'ui64', 'f64'), ('f8E8M0FNU', 'f16', 'f32'),
]


def gen_dot_legacy(seed):
    rng = random.Random(seed)
    out = Out('dot', 'stablehlo.dot (SPEC 4.42) on every non-complex element type and the four '
              'rank pairs: REF accumulation as dot_general with contracting_dims = [rank(a) - 1] x [0].')
    cases = [(t, t, t) for t in ALL_TYPES] + DOT_LEGACY_MIXED
    for ci, (ta, tb, tr) in enumerate(cases):
        body = ['func.func @dot_%s_%s_%s() {' % (ta, tb, tr)]
        cnt = 0
        shapes = list(DOT_LEGACY_SHAPES)
        if ci % 4 == 0:
            shapes.append(([2, 0], [0, 3]))  # zero-size contraction: zero of R
        for si, (sa, sb) in enumerate(shapes):
            na = size(sa)
            nb = size(sb)
            tame = rng.random() < 0.75
            A = dot_operand(rng, ta, na, tame) if ta != 'i1' else [rng.randint(0, 1) for _ in range(na)]
            B = dot_operand(rng, tb, nb, tame) if tb != 'i1' else [rng.randint(0, 1) for _ in range(nb)]
            rshape, R = model.dot_general(ta, tb, tr, A, B, sa, sb, [], [], [len(sa) - 1], [0])
            prec = ', precision = [DEFAULT, HIGHEST]' if (ci + si) % 5 == 0 else ''
            body += [const('a%d' % si, ta, sa, A), const('b%d' % si, tb, sb, B),
                     '  %%r%d = stablehlo.dot %%a%d, %%b%d%s : (%s, %s) -> %s' % (
                         si, si, si, prec, ttype(sa, ta), ttype(sb, tb), ttype(rshape, tr))]
            body += pin('r%d' % si, tr, rshape, R, tag='p%d' % si)
            n = size(rshape)
            cnt += n
        body += ['  func.return', '}']
        out.add({'op': 'dot', 'types': (ta, tb, tr)}, body, cnt)
    return out.write()

REDUCE_SHAPES = [([4, 16], [1]), ([2, 3, 8], [0, 2]), ([24], [0]), ([3, 10], [0]), ([4, 5], [0, 1]), ([3, 0], [1])]


def reduce_ref(op, t, X, shape, dims, init):
    """Left fold in row-major order of the input index space (SPEC 4.40)."""
    import itertools
    keep = [d for d in range(len(shape)) if d not in dims]
    rshape = [shape[d] for d in keep]
    acc = {}
    for j, idx in enumerate(itertools.product(*[range(n) for n in shape])):
        i = tuple(idx[d] for d in keep)
        acc[i] = model.binop(op, t, acc.get(i, init), X[j])
    return rshape, [acc.get(i, init) for i in itertools.product(*[range(n) for n in rshape])]


def gen_reduce(seed):
    from fractions import Fraction
    rng = random.Random(seed)
    out = Out('reduce', 'reduce (compact form with add/multiply/maximum/minimum, general form '
              'with subtract/divide, two-input argmax, generic form with two inputs): left fold in '
              'row-major order, rounded after every step (SPEC 4.40).')
    k = 0
    for t in FLOAT_NAMES + ['i8', 'ui8', 'i4', 'i32', 'ui64', 'i1']:
        f = FMTS.get(t)
        for op in ['add', 'add', 'maximum', 'minimum', 'multiply']:
            shape, dims = REDUCE_SHAPES[rng.randrange(len(REDUCE_SHAPES))]
            n = size(shape)
            if f and op == 'add' and rng.random() < 0.7:
                # positive values of similar size: stagnation in small formats
                base = Fraction(rng.choice([1, 2, 3, 5, 7]), rng.choice([1, 2, 4, 8]))
                if f.max < 8:
                    base /= 4
                X = [encode(f, False, base * Fraction(rng.randint(8, 12), 10)) for _ in range(n)]
            elif f and op == 'multiply':
                X = [encode(f, rng.random() < 0.3, Fraction(rng.randint(12, 20), 16)) for _ in range(n)]
            else:
                X = dot_operand(rng, t, n, rng.random() < 0.7) if t != 'i1' else [rng.randint(0, 1) for _ in range(n)]
            if f:
                init = rng.choice([0, 0, encode(f, False, 1)]) if op in ('add', 'multiply') else fsample(rng, f)
                if op == 'multiply':
                    init = encode(f, False, 1)
            else:
                init = rng.choice([0, 1]) if op != 'multiply' else 1
            rshape, R = reduce_ref(op, t, X, shape, dims, init)
            body = ['func.func @reduce_%d_%s_%s() {' % (k, op, t),
                    const('x', t, shape, X), const('z', t, [], [init]),
                    '  %%r = stablehlo.reduce(%%x init: %%z) applies stablehlo.%s across dimensions = [%s] : (%s, %s) -> %s' % (
                        op, ', '.join(map(str, dims)), ttype(shape, t), ttype([], t), ttype(rshape, t))]
            body += pin('r', t, rshape, R)
            body += ['  func.return', '}']
            k += 1
            cnt = size(rshape)
            out.add({'op': 'reduce', 'type': t, 'red': op}, body, cnt)
    # order-sensitive bodies (general form): the fold order is visible
    for t in FLOAT_NAMES + ['i8', 'ui16', 'i64']:
        for op in (['subtract', 'divide'] if t in FMTS else ['subtract']):
            shape, dims = REDUCE_SHAPES[rng.randrange(len(REDUCE_SHAPES))]
            n = size(shape)
            X = dot_operand(rng, t, n, rng.random() < 0.8)
            init = sample(rng, t)
            rshape, R = reduce_ref(op, t, X, shape, dims, init)
            S = ttype([], t)
            body = ['func.func @reduce_%d_%s_%s() {' % (k, op, t),
                    const('x', t, shape, X), const('z', t, [], [init]),
                    '  %%r = stablehlo.reduce(%%x init: %%z) across dimensions = [%s] : (%s, %s) -> %s' % (
                        ', '.join(map(str, dims)), ttype(shape, t), S, ttype(rshape, t)),
                    '   reducer(%%acc: %s, %%e: %s) {' % (S, S),
                    '    %%s = stablehlo.%s %%acc, %%e : %s' % (op, S),
                    '    stablehlo.return %%s : %s' % S,
                    '  }']
            body += pin('r', t, rshape, R)
            body += ['  func.return', '}']
            k += 1
            cnt = size(rshape)
            out.add({'op': 'reduce', 'type': t, 'red': op}, body, cnt)
    # Appended later (after the chunks above, so that those keep their
    # random streams): the remaining integer types in the compact and the
    # general form, then the multi-operand forms on every non-complex type.
    k = gen_reduce_more(rng, out, k)
    return out.write()


def reduce_ref_multi(fn, shape, dims, Xs, inits):
    """reduce_ref for N inputs: fn(accs, elems) -> new accs (SPEC 4.40)."""
    import itertools
    keep = [d for d in range(len(shape)) if d not in dims]
    rshape = [shape[d] for d in keep]
    acc = {}
    for j, idx in enumerate(itertools.product(*[range(n) for n in shape])):
        i = tuple(idx[d] for d in keep)
        acc[i] = fn(acc.get(i, tuple(inits)), tuple(X[j] for X in Xs))
    res = [acc.get(i, tuple(inits)) for i in itertools.product(*[range(n) for n in rshape])]
    return rshape, [[r[q] for r in res] for q in range(len(Xs))]


def gen_reduce_more(rng, out, k):
    for t in ['i16', 'i2', 'ui2', 'ui32', 'ui4']:
        for op in ['add', 'maximum', 'minimum', 'multiply', 'subtract']:
            shape, dims = REDUCE_SHAPES[rng.randrange(len(REDUCE_SHAPES))]
            X = dot_operand(rng, t, size(shape), rng.random() < 0.5)
            init = 1 if op == 'multiply' else sample(rng, t)
            rshape, R = reduce_ref(op, t, X, shape, dims, init)
            S = ttype([], t)
            sig = '(%s, %s) -> %s' % (ttype(shape, t), S, ttype(rshape, t))
            dl = ', '.join(map(str, dims))
            body = ['func.func @reduce_%d_%s_%s() {' % (k, op, t),
                    const('x', t, shape, X), const('z', t, [], [init])]
            if op == 'subtract':  # general form: the fold order shows
                body += ['  %%r = stablehlo.reduce(%%x init: %%z) across dimensions = [%s] : %s' % (dl, sig),
                         '   reducer(%%acc: %s, %%e: %s) {' % (S, S),
                         '    %%s = stablehlo.%s %%acc, %%e : %s' % (op, S),
                         '    stablehlo.return %%s : %s' % S,
                         '  }']
            else:
                body.append('  %%r = stablehlo.reduce(%%x init: %%z) applies stablehlo.%s across dimensions = [%s] : %s' % (
                    op, dl, sig))
            body += pin('r', t, rshape, R)
            body += ['  func.return', '}']
            k += 1
            out.add({'op': 'reduce', 'type': t, 'red': op}, body, size(rshape))

    # argmax (pretty form, two inputs): a compare + select body, so a NaN
    # (compare false) or a tie picks the element; the fold order shows.
    for t in ALL_TYPES:
        f = FMTS.get(t)
        shape, dims = REDUCE_SHAPES[rng.randrange(len(REDUCE_SHAPES))]
        n = size(shape)
        pool = dot_operand(rng, t, 5, True) if t != 'i1' else [0, 1]
        X = [rng.choice(pool) if rng.random() < 0.5 else sample(rng, t) for _ in range(n)]
        K = list(range(n))
        init = (sample(rng, t), -1)
        if f:
            ctype = 'FLOAT'
            gt = lambda a, b, f=f: model.float_compare('GT', f, a, b)  # noqa: E731
        else:
            ctype = 'UNSIGNED' if (t.startswith('ui') or t == 'i1') else 'SIGNED'
            gt = lambda a, b: model.int_compare('GT', a, b)  # noqa: E731

        def argmax(acc, el, gt=gt):
            return acc if gt(acc[0], el[0]) else el

        rshape, (RV, RK) = reduce_ref_multi(argmax, shape, dims, [X, K], init)
        S, I = ttype([], t), ttype([], 'i32')
        body = ['func.func @reduce_%d_argmax_%s() {' % (k, t),
                const('v', t, shape, X), const('k', 'i32', shape, K),
                const('v0', t, [], [init[0]]), const('k0', 'i32', [], [init[1]]),
                '  %%r:2 = stablehlo.reduce(%%v init: %%v0), (%%k init: %%k0) across dimensions = [%s]' % (
                    ', '.join(map(str, dims))),
                '    : (%s, %s, %s, %s) -> (%s, %s)' % (ttype(shape, t), ttype(shape, 'i32'), S, I,
                                                      ttype(rshape, t), ttype(rshape, 'i32')),
                '   reducer(%%av: %s, %%xv: %s) (%%ak: %s, %%xk: %s) {' % (S, S, I, I),
                '    %%gt = stablehlo.compare GT, %%av, %%xv, %s : (%s, %s) -> tensor<i1>' % (ctype, S, S),
                '    %%nv = stablehlo.select %%gt, %%av, %%xv : tensor<i1>, %s' % S,
                '    %%nk = stablehlo.select %%gt, %%ak, %%xk : tensor<i1>, %s' % I,
                '    stablehlo.return %%nv, %%nk : %s, %s' % (S, I),
                '  }']
        body += pin('r#0', t, rshape, RV, tag='p0')
        body.append('  check.expect_eq_const %%r#1, %s' % dense('i32', rshape, RK))
        body += ['  func.return', '}']
        k += 1
        out.add({'op': 'reduce', 'type': t, 'red': 'argmax'}, body, 2 * size(rshape))

    # generic form, two inputs of different element types folded
    # independently (accumulators first, then elements: SPEC 4.40)
    for i, t in enumerate(ALL_TYPES):
        u = ALL_TYPES[(i + 11) % len(ALL_TYPES)]
        ops = ['add', 'multiply', 'maximum', 'minimum']
        op0, op1 = ops[i % 4], ops[(i // 4 + 2) % 4]
        shape, dims = REDUCE_SHAPES[rng.randrange(len(REDUCE_SHAPES))]
        n = size(shape)
        X = dot_operand(rng, t, n, rng.random() < 0.7) if t != 'i1' else [rng.randint(0, 1) for _ in range(n)]
        Y = dot_operand(rng, u, n, rng.random() < 0.7) if u != 'i1' else [rng.randint(0, 1) for _ in range(n)]
        inits = (sample(rng, t), sample(rng, u))

        def both(acc, el, t=t, u=u, op0=op0, op1=op1):
            return (model.binop(op0, t, acc[0], el[0]), model.binop(op1, u, acc[1], el[1]))

        rshape, (R0, R1) = reduce_ref_multi(both, shape, dims, [X, Y], inits)
        St, Su = ttype([], t), ttype([], u)
        body = ['func.func @reduce_%d_generic_%s_%s_%s_%s() {' % (k, op0, t, op1, u),
                const('x', t, shape, X), const('y', u, shape, Y),
                const('x0', t, [], [inits[0]]), const('y0', u, [], [inits[1]]),
                '  %r:2 = "stablehlo.reduce"(%x, %y, %x0, %y0) ({',
                '    ^bb0(%%a0: %s, %%a1: %s, %%e0: %s, %%e1: %s):' % (St, Su, St, Su),
                '      %%s0 = stablehlo.%s %%a0, %%e0 : %s' % (op0, St),
                '      %%s1 = stablehlo.%s %%a1, %%e1 : %s' % (op1, Su),
                '      stablehlo.return %%s0, %%s1 : %s, %s' % (St, Su),
                '  }) {dimensions = array<i64: %s>} : (%s, %s, %s, %s) -> (%s, %s)' % (
                    ', '.join(map(str, dims)), ttype(shape, t), ttype(shape, u), St, Su,
                    ttype(rshape, t), ttype(rshape, u))]
        body += pin('r#0', t, rshape, R0, tag='p0')
        body += pin('r#1', u, rshape, R1, tag='p1')
        body += ['  func.return', '}']
        k += 1
        out.add({'op': 'reduce', 'type': t, 'red': 'generic'}, body, 2 * size(rshape))
    return k


def gen_iota(seed):
    out = Out('iota', 'iota of every element type but i1 (wrap for ints, RNE/overflow for floats, '
              '(i, +0) for complex).')
    for t in FLOAT_NAMES + NONBOOL_INTS + ['complex<f32>', 'complex<f64>']:
        for shape, dim in (([300], 0), ([3, 20], 1)):
            n = size(shape)
            import itertools
            body = ['func.func @iota_%s_%d() {' % (fname(t), dim),
                    '  %%r = stablehlo.iota dim = %d : %s' % (dim, ttype(shape, t))]
            if t.startswith('complex'):
                # SPEC 4.2: (i, +0); the real part converted like a float iota.
                # Pinned bit for bit (sign of the zero imaginary part too).
                R = [(convert('i64', CPLX[t], idx[dim]), 0) for idx in itertools.product(*[range(s) for s in shape])]
                body += pin('r', t, shape, R, 'p')
                n *= 2
            else:
                R = [convert('i64', t, idx[dim]) for idx in itertools.product(*[range(s) for s in shape])]
                body += pin('r', t, shape, R)
            body += ['  func.return', '}']
            out.add({'op': 'iota', 'type': t}, body, n)
    return out.write()




def gen_convert_complex(seed, n=16):
    """convert complex <-> everything; complex results pinned bit for bit
    (pin_complex)."""
    rng = random.Random(seed)
    out = Out('convert_complex', 'convert from and to complex<f32>/complex<f64> (SPEC 3.6: '
              'imaginary part dropped, or set to +0).')

    def clit(c, vals):
        return nest([lit_elem('complex<%s>' % c, v) for v in vals], [len(vals)])

    pairs = [(s_, d) for s_ in CPLX for d in ALL_TYPES + list(CPLX)] + \
            [(s_, d) for s_ in ALL_TYPES for d in CPLX]
    for src, dst in pairs:
        shape = [n]
        if src in CPLX:
            c = CPLX[src]
            X = [(sample(rng, c), sample(rng, c)) for _ in range(n)]
            X[0] = (0, FMTS[c].sign_bit | encode(FMTS[c], False, 1))
            X[1] = (encode(FMTS[c], False, 1), encode(FMTS[c], False, 1))
            lit = 'dense<%s> : %s' % (clit(c, X), ttype(shape, src))
            reals = [x[0] for x in X]
            comp = c
        else:
            reals = convert_sources(rng, src, CPLX[dst], n)
            X = reals
            lit = dense(src, shape, X)
            comp = src
        body = ['func.func @convert_%s_to_%s() {' % (fname(src),
                                                      fname(dst)),
                '  %%a = stablehlo.constant %s' % lit,
                '  %%r = stablehlo.convert %%a : (%s) -> %s' % (ttype(shape, src), ttype(shape, dst))]
        if dst in CPLX:
            dc = CPLX[dst]
            if src in CPLX:
                R = [(convert(comp, dc, re_), convert(comp, dc, im)) for re_, im in X]
            else:
                R = [(convert(comp, dc, x), 0) for x in X]
            body += pin('r', dst, shape, R, tag='p')
            cnt = 2 * n
        else:
            R = [convert(comp, dst, x) for x in reals]
            body += pin('r', dst, shape, R)
            cnt = n
        body += ['  func.return', '}']
        out.add({'op': 'convert', 'src': src, 'dst': dst}, body, cnt)
    return out.write()


GROUPS = {}


def build_groups():
    for _i, _op in enumerate(BINOPS):
        GROUPS[_op] = (lambda op, s: (lambda: gen_binop(op, s)))(_op, SEED + _i)
    SMALL = FLOAT_NAMES[:11]
    GROUPS['convert_from_small'] = lambda: gen_convert('convert_from_small', SMALL, SEED + 100, 20)
    GROUPS['convert_from_wide'] = lambda: gen_convert('convert_from_wide', FLOAT_NAMES[11:], SEED + 101, 48)
    GROUPS['convert_from_int'] = lambda: gen_convert('convert_from_int', INT_NAMES, SEED + 102, 24)
    GROUPS['convert_complex'] = lambda: gen_convert_complex(SEED + 103)
    GROUPS['compare'] = lambda: gen_compare(SEED + 200)
    GROUPS['compare_totalorder'] = lambda: gen_compare(SEED + 201, totalorder=True)
    GROUPS['unary'] = lambda: gen_unary(SEED + 300)
    GROUPS['dot_general'] = lambda: gen_dot(SEED + 400)
    GROUPS['reduce'] = lambda: gen_reduce(SEED + 500)
    GROUPS['iota'] = lambda: gen_iota(SEED + 600)
    sys.modules.setdefault('gen', sys.modules[__name__])  # gen_layout's `import gen` is this module
    import gen_layout
    GROUPS['layout'] = lambda: gen_layout.gen_layout(SEED + 800)
    GROUPS['select_clamp'] = lambda: gen_layout.gen_select_clamp(SEED + 801)
    GROUPS['bitcast'] = lambda: gen_bitcast.gen_bitcast(SEED + 802)
    GROUPS['dot'] = lambda: gen_dot_legacy(SEED + 803)


def main(argv):
    global OUT, SEED, REPS
    while argv and argv[0].startswith('--'):
        opt, val = argv[0], argv[1]
        argv = argv[2:]
        if opt == '--out':
            OUT = val
        elif opt == '--seed':
            SEED = int(val)
        elif opt == '--reps':
            REPS = int(val)
        else:
            raise SystemExit('unknown option ' + opt)
    build_groups()
    names = argv or list(GROUPS)
    tot_files = tot_chunks = tot_checks = 0
    for nm in names:
        c, k = GROUPS[nm]()
        tot_files += 1
        tot_chunks += c
        tot_checks += k
    print('total: %d files, %d chunks, %d element checks' % (tot_files, tot_chunks, tot_checks))


if __name__ == '__main__':
    main(sys.argv[1:])
