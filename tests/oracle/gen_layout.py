#!/usr/bin/env python3
"""Layout ops, select and clamp on every element type (SPEC 4.26, 4.27, 4.33-4.39).

Writes two groups through gen.py (`python3 tests/oracle/gen.py layout
select_clamp`, or run this file directly):

  random_layout.mlir        reshape, transpose, broadcast_in_dim, concatenate
                            (2 and 3 inputs), slice (strides), reverse, pad
                            (negative low/high, interior) on all 30 types;
  random_select_clamp.mlir  select (rank-0 and element-wise predicate) and
                            clamp (scalar and tensor bounds, NaN priority
                            x > min > max, min > max, signed zeros).

The expected values are computed here from SPEC alone: the index arithmetic
of every layout op is written out below (independently of ir-run's C code),
and clamp is minimum(maximum(x, min), max) with model.py's element rules
(SPEC 4.11/4.12; complex: the REF rule of 4.11, coded below).

Layout ops, select and (for NaN-free results of) clamp copy bits, so every
float result is pinned bit for bit with gen.pin() (complex values too, through
bitcast_convert to complex<f64>; see gen.pin_complex).
"""

import itertools
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES  # noqa: E402

CPLX = gen.CPLX
TYPES = FLOAT_NAMES + INT_NAMES + list(CPLX)   # the 30 element types

# ------------------------------------------------------------------ helpers


def indices(shape):
    """Every index of shape in row-major order (one empty index for rank 0)."""
    return itertools.product(*[range(d) for d in shape])


def offset(idx, shape):
    """Row-major linear position of idx in shape."""
    k = 0
    for i, d in zip(idx, shape):
        k = k * d + i
    return k


def lst(xs):
    return '[' + ', '.join(str(x) for x in xs) + ']'


def T(shape, t):
    return gen.ttype(shape, t)


dense = gen.dense


const = gen.const


def pin(name, t, shape, vals, tag):
    """gen.pin() and the number of element checks it makes."""
    return gen.pin(name, t, shape, vals, tag=tag), gen.size(shape) * (2 if t == 'complex<f64>' else 1)


# ------------------------------------------------------------------ values


def fspecials(t):
    """gen.specials plus signalling NaNs with payloads, subnormal edges, min normal."""
    f = FMTS[t]
    s = list(gen.specials(t))
    if f.family == 'ieee':
        e = ((1 << f.e) - 1) << f.m
        q = 1 << (f.m - 1)
        s += [e | 1, f.sign_bit | e | max(q - 1, 1),  # signalling NaNs with payloads
              f.sign_bit | e | q | (q >> 1)]             # negative quiet NaN with a payload
    if f.family not in ('e8m0',) and f.m:
        s += [(1 << f.m) - 1, f.sign_bit | (1 << f.m) - 1, 1 << f.m, f.sign_bit | 1]
    return sorted(set(x & f.mask for x in s))


def scal_specials(t):
    if t in CPLX:
        c = CPLX[t]
        sp = fspecials(c)
        return [(a, b) for a in sp for b in sp]
    if t in FMTS:
        return fspecials(t)
    return gen.specials(t)


def elem(rng, t, pspecial=0.35):
    """One random element of t, special with probability pspecial."""
    if t in CPLX:
        c = CPLX[t]
        return (elem(rng, c, pspecial), elem(rng, c, pspecial))
    if rng.random() < pspecial:
        return rng.choice(scal_specials(t))
    return gen.sample(rng, t)


def operand(rng, t, n):
    """n values: every special of t appears early (as far as n allows), the
    rest random; shuffled, so positions are distinguishable."""
    if t in CPLX:
        c = CPLX[t]
        re_ = operand(rng, c, n)
        im = operand(rng, c, n)
        rng.shuffle(im)
        return list(zip(re_, im))
    sp = scal_specials(t)[:]
    rng.shuffle(sp)
    vals = sp[:n // 2]
    while len(vals) < n:
        vals.append(elem(rng, t, 0.15))
    rng.shuffle(vals)
    return vals


# ------------------------------------------------------------------ layout references (SPEC 4.33-4.39)


def ref_transpose(X, shape, perm):
    rshape = [shape[p] for p in perm]
    R = []
    for i in indices(rshape):
        j = [0] * len(shape)
        for d, p in enumerate(perm):
            j[p] = i[d]          # i[d] = j[p_d]
        R.append(X[offset(j, shape)])
    return rshape, R


def ref_broadcast(X, shape, rshape, dims):
    R = []
    for i in indices(rshape):
        j = [0 if shape[d] == 1 else i[dims[d]] for d in range(len(shape))]
        R.append(X[offset(j, shape)])
    return R


def ref_concat(Xs, shapes, dim):
    rshape = list(shapes[0])
    rshape[dim] = sum(s[dim] for s in shapes)
    R = []
    for i in indices(rshape):
        k, pos = 0, i[dim]
        while pos >= shapes[k][dim]:
            pos -= shapes[k][dim]
            k += 1
        j = list(i)
        j[dim] = pos
        R.append(Xs[k][offset(j, shapes[k])])
    return rshape, R


def ref_slice(X, shape, start, limit, strides):
    rshape = [-(-(l - s) // t) for s, l, t in zip(start, limit, strides)]
    R = [X[offset([s + a * t for a, s, t in zip(i, start, strides)], shape)] for i in indices(rshape)]
    return rshape, R


def ref_reverse(X, shape, dims):
    R = [X[offset([shape[d] - 1 - i[d] if d in dims else i[d] for d in range(len(shape))], shape)]
         for i in indices(shape)]
    return R


def pad_shape(shape, low, high, interior):
    return [d + lo + hi + max(d - 1, 0) * it for d, lo, hi, it in zip(shape, low, high, interior)]


def ref_pad(X, v, shape, low, high, interior):
    rshape = pad_shape(shape, low, high, interior)
    res = {}
    for j in indices(shape):
        pos = [lo + a * (it + 1) for a, lo, it in zip(j, low, interior)]
        if all(0 <= p < d for p, d in zip(pos, rshape)):
            res[tuple(pos)] = X[offset(j, shape)]
    return rshape, [res.get(tuple(i), v) for i in indices(rshape)]


# ------------------------------------------------------------------ layout cases

RESHAPES = [([], [1, 1]), ([1, 1, 1], []), ([2, 3, 4], [4, 6]), ([2, 3, 4], [24]), ([6], [2, 1, 3]),
            ([2, 2, 3, 1], [3, 4]), ([0, 3], [3, 0]), ([4, 0, 2], [0]), ([12], [2, 2, 1, 3])]

TRANSPOSES = [([], []), ([5], [0]), ([3, 4], [1, 0]), ([2, 3, 4], None), ([2, 3, 1, 2], None),
              ([3, 2, 4], [0, 1, 2]), ([0, 3, 2], None)]

BROADCASTS = [  # (operand shape, result shape, dims)
    ([], [2, 3], []), ([], [], []), ([3], [2, 3], [1]), ([3, 1], [3, 2, 2], [0, 2]),
    ([2, 3], [3, 4, 2], [2, 0]), ([1], [0], [0]), ([0, 2], [3, 0, 2], [1, 2]),
    ([2, 1], [2, 3, 2, 2], [0, 3]), ([1, 1], [2, 1, 3], [2, 0]), ([4], [4], [0])]

CONCATS = [  # (shapes, dim)
    ([[3], [5]], 0), ([[2, 1], [2, 3], [2, 2]], 1), ([[1, 2, 3], [0, 2, 3], [2, 2, 3]], 0),
    ([[1, 2, 2, 2], [1, 2, 1, 2]], 2), ([[0, 3], [0, 3]], 1), ([[2, 0], [2, 3]], 1),
    ([[2, 3, 1], [2, 3, 2], [2, 3, 1]], 2)]

SLICES = [  # (shape, start, limit, strides)
    ([10], [1], [9], [3]), ([10], [0], [10], [1]), ([4, 6], [1, 0], [4, 6], [1, 2]),
    ([3, 4, 5], [0, 1, 4], [3, 3, 5], [2, 1, 1]), ([2, 3, 2, 4], [1, 0, 0, 1], [2, 3, 2, 4], [1, 2, 1, 2]),
    ([6], [2], [2], [1]), ([3, 4], [1, 4], [3, 4], [1, 1]), ([0, 3], [0, 1], [0, 3], [1, 1]),
    ([7], [3], [7], [10]), ([5, 5], [4, 0], [5, 5], [3, 4])]

REVERSES = [([], []), ([5], [0]), ([3, 4], []), ([2, 3, 4], [0, 2]), ([2, 3, 2, 2], [3, 1, 0]),
            ([0, 3], [1]), ([3, 1], [0, 1])]

PADS = [  # (shape, low, high, interior)
    ([], [], [], []), ([5], [2], [1], [0]), ([5], [-1], [-2], [0]), ([4], [0], [0], [2]),
    ([4], [-2], [-3], [2]), ([3], [-4], [2], [1]), ([3, 4], [1, -1], [2, -1], [1, 1]),
    ([5, 4], [1, -1], [1, -1], [0, 1]), ([0, 3], [2, 1], [1, 0], [3, 1]), ([3], [-2], [-1], [0]),
    ([2, 1, 3], [0, 1, -1], [1, 0, 2], [1, 2, 0]), ([2, 2, 1, 2], [1, 0, 0, -1], [0, 1, 1, 0], [0, 1, 0, 1])]


def random_pad(rng):
    while True:
        shape = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
        low = [rng.randint(-3, 3) for _ in shape]
        high = [rng.randint(-3, 3) for _ in shape]
        interior = [rng.randint(0, 2) for _ in shape]
        rs = pad_shape(shape, low, high, interior)
        if min(rs) >= 0 and gen.size(rs) <= 60:
            return shape, low, high, interior


class Chunk:
    def __init__(self, name):
        self.body = ['func.func @%s() {' % name]
        self.checks = 0
        self.k = 0

    def val(self, t, shape, vals):
        name = 'a%d' % self.k
        self.k += 1
        self.body.append(const(name, t, shape, vals))
        return name

    def op(self, line_fmt, t, rshape, R):
        name = 'r%d' % self.k
        self.k += 1
        self.body.append(line_fmt % ('%' + name))
        lines, n = pin(name, t, rshape, R, tag='p%d' % self.k)
        self.body += lines
        self.checks += n

    def finish(self):
        return self.body + ['  func.return', '}']


def layout_chunks(rng, t):
    """One chunk per op for element type t: [(op, Chunk)]."""
    res = []

    c = Chunk('reshape_%s' % gen.fname(t))
    for s1, s2 in RESHAPES:
        X = operand(rng, t, gen.size(s1))
        a = c.val(t, s1, X)
        c.op('  %%s = stablehlo.reshape %%%%%s : (%s) -> %s' % (a, T(s1, t), T(s2, t)), t, s2, X)
    res.append(('reshape', c))

    c = Chunk('transpose_%s' % gen.fname(t))
    for s, perm in TRANSPOSES:
        if perm is None:
            perm = list(range(len(s)))
            while perm == sorted(perm):
                rng.shuffle(perm)
        X = operand(rng, t, gen.size(s))
        rs, R = ref_transpose(X, s, perm)
        a = c.val(t, s, X)
        c.op('  %%s = stablehlo.transpose %%%%%s, dims = %s : (%s) -> %s' % (a, lst(perm), T(s, t), T(rs, t)), t, rs, R)
    res.append(('transpose', c))

    c = Chunk('broadcast_in_dim_%s' % gen.fname(t))
    for s, rs, dims in BROADCASTS:
        X = operand(rng, t, gen.size(s))
        R = ref_broadcast(X, s, rs, dims)
        a = c.val(t, s, X)
        c.op('  %%s = stablehlo.broadcast_in_dim %%%%%s, dims = %s : (%s) -> %s' % (a, lst(dims), T(s, t), T(rs, t)),
             t, rs, R)
    res.append(('broadcast_in_dim', c))

    c = Chunk('concatenate_%s' % gen.fname(t))
    for shapes, dim in CONCATS:
        Xs = [operand(rng, t, gen.size(s)) for s in shapes]
        names = [c.val(t, s, X) for s, X in zip(shapes, Xs)]
        rs, R = ref_concat(Xs, shapes, dim)
        c.op('  %%s = stablehlo.concatenate %s, dim = %d : (%s) -> %s' % (
            ', '.join('%%%%%s' % nm for nm in names), dim, ', '.join(T(s, t) for s in shapes), T(rs, t)), t, rs, R)
    res.append(('concatenate', c))

    c = Chunk('slice_%s' % gen.fname(t))
    for s, st, li, sd in SLICES:
        X = operand(rng, t, gen.size(s))
        rs, R = ref_slice(X, s, st, li, sd)
        a = c.val(t, s, X)
        spec = ', '.join('%d:%d' % (x, y) + (':%d' % z if z != 1 else '') for x, y, z in zip(st, li, sd))
        c.op('  %%s = stablehlo.slice %%%%%s [%s] : (%s) -> %s' % (a, spec, T(s, t), T(rs, t)), t, rs, R)
    res.append(('slice', c))

    c = Chunk('reverse_%s' % gen.fname(t))
    for s, dims in REVERSES:
        X = operand(rng, t, gen.size(s))
        R = ref_reverse(X, s, dims)
        a = c.val(t, s, X)
        c.op('  %%s = stablehlo.reverse %%%%%s, dims = %s : %s' % (a, lst(dims), T(s, t)), t, s, R)
    res.append(('reverse', c))

    c = Chunk('pad_%s' % gen.fname(t))
    for s, lo, hi, it in PADS + [random_pad(rng) for _ in range(3)]:
        X = operand(rng, t, gen.size(s))
        v = elem(rng, t, 0.7)
        rs, R = ref_pad(X, v, s, lo, hi, it)
        a = c.val(t, s, X)
        pv = c.val(t, [], [v])
        c.op('  %%s = stablehlo.pad %%%%%s, %%%%%s, low = %s, high = %s, interior = %s : (%s, %s) -> %s' % (
            a, pv, lst(lo), lst(hi), lst(it), T(s, t), T([], t), T(rs, t)), t, rs, R)
    res.append(('pad', c))
    return res


def gen_layout(seed):
    rng = random.Random(seed)
    out = gen.Out('layout', 'reshape, transpose, broadcast_in_dim, concatenate, slice, reverse, pad '
                  '(SPEC 4.33-4.39) on all 30 element types; results pinned bit for bit '
                  '(gen_layout.py).')
    for t in TYPES:
        for op, c in layout_chunks(rng, t):
            out.add({'op': op, 'type': t}, c.finish(), c.checks)
    return out.write()


# ------------------------------------------------------------------ select / clamp


def cmp_c(direction, c, a, b):
    return model.float_compare(direction, FMTS[c], a, b)


def elem_maxmin(op, t, a, b):
    """maximum / minimum of SPEC 4.11/4.12 on one element pair."""
    if t in CPLX:
        # REF rule (SPEC 4.11 "Complex"): equal real parts -> imaginary parts
        # decide; a false comparison (NaN) selects b.
        c = CPLX[t]
        rel = 'GT' if op == 'maximum' else 'LT'
        if cmp_c('EQ', c, a[0], b[0]):
            return a if cmp_c(rel, c, a[1], b[1]) else b
        return a if cmp_c(rel, c, a[0], b[0]) else b
    return model.binop(op, t, a, b)


def clamp_ref(t, mn, x, mx):
    """SPEC 4.27: minimum(maximum(x, min), max)."""
    return elem_maxmin('minimum', t, elem_maxmin('maximum', t, x, mn), mx)


def clamp_pool(rng, t):
    """Values for clamp operands: the specials plus a few random values."""
    if t in CPLX:
        c = CPLX[t]
        f = FMTS[c]
        comp = clamp_pool(rng, c)
        # real parts that tie often (incl. +0 = -0), so the imaginary part decides
        ties = [0, f.sign_bit, model.encode(f, False, 1), model.encode(f, True, 1),
                f.inf(False), f.canonical_nan()]
        return [(rng.choice(ties) if rng.random() < 0.6 else rng.choice(comp), rng.choice(comp))
                for _ in range(40)]
    base = scal_specials(t)[:]
    return base + [gen.sample(rng, t) for _ in range(max(4, len(base) // 2))]


def scalar_bounds(rng, t, pool):
    """(min, max) scalar pairs for the scalar-bound clamps."""
    if t in CPLX:
        c = CPLX[t]
        f = FMTS[c]
        one, mone = model.encode(f, False, 1), model.encode(f, True, 1)
        nan = f.canonical_nan()
        two = model.encode(f, False, 2)
        prs = [((mone, 0), (one, 0)), ((one, 0), (mone, 0)), ((0, mone), (0, one)),
               ((f.sign_bit, one), (0, mone)), ((nan, 0), (one, one)), ((mone, mone), (one, nan)),
               ((one, mone), (one, one)), ((mone, two), (two, mone))]
        return prs + [(rng.choice(pool), rng.choice(pool)) for _ in range(3)]
    if t not in FMTS:
        lo, hi = model.int_range(t)
        prs = [(lo, hi), (hi, lo), (0, 0), (lo, lo), (hi, hi)]
        if t != 'i1':
            prs += [(max(lo, -3), min(hi, 5)), (min(hi, 5), max(lo, -3)), (min(hi, 1), min(hi, 2))]
        return prs + [(rng.choice(pool), rng.choice(pool)) for _ in range(3)]
    f = FMTS[t]
    from fractions import Fraction
    enc = lambda x: model.encode(f, x < 0, abs(Fraction(x)))  # noqa: E731
    if f.family == 'e8m0':
        prs = [(enc(Fraction(1, 4)), enc(4)), (enc(4), enc(Fraction(1, 4))), (0xFF, enc(2)), (enc(2), 0xFF),
               (0x00, 0xFE), (0xFE, 0x00), (enc(1), enc(1))]
    else:
        small = Fraction(1, 2) if f.max >= 4 else Fraction(1, 4)
        prs = [(enc(-small), enc(small)), (enc(small), enc(-small)), (f.sign_bit, 0), (0, f.sign_bit),
               (0, 0), (f.sign_bit, f.sign_bit), (f.sign_bit | f.max_pat, f.max_pat), (enc(1), enc(1))]
        if f.has_inf:
            prs += [(f.inf(True), f.inf(False)), (f.inf(False), f.inf(True))]
        if f.has_nan:
            nans = [x for x in fspecials(t) if model.decode(f, x).kind == 'nan']
            for nn in nans[:3]:
                prs += [(nn, enc(small)), (enc(-small), nn)]
            if len(nans) >= 2:
                prs.append((nans[0], nans[-1]))
    return prs + [(rng.choice(pool), rng.choice(pool)) for _ in range(3)]


def fill(rng, pool, n):
    vals = pool[:]
    rng.shuffle(vals)
    vals = vals[:n]
    while len(vals) < n:
        vals.append(rng.choice(pool))
    return vals


def select_chunk(rng, t):
    c = Chunk('select_%s' % gen.fname(t))
    P = 'i1'
    cases = [([], [2, 3], 1), ([], [2, 3], 0), ([24], [24], None), ([2, 3, 4], [2, 3, 4], None),
             ([], [], 1), ([], [], 0), ([], [], None), ([0, 4], [0, 4], None), ([], [3, 0], 1),
             ([1, 2, 1, 3], [1, 2, 1, 3], None)]
    for k, (ps, s, pv) in enumerate(cases):
        n = gen.size(s)
        A = operand(rng, t, n)
        B = operand(rng, t, n)
        if pv is None:
            pred = [rng.randint(0, 1) for _ in range(gen.size(ps))]
        else:
            pred = [pv]
        R = [(A[i] if (pred[0] if not ps else pred[i]) else B[i]) for i in range(n)]
        p = c.val(P, ps, pred)
        a = c.val(t, s, A)
        b = c.val(t, s, B)
        if k % 2:
            form = ': %s, %s' % (T(ps, P), T(s, t))
        else:
            form = ': (%s, %s, %s) -> %s' % (T(ps, P), T(s, t), T(s, t), T(s, t))
        c.op('  %%s = stablehlo.select %%%%%s, %%%%%s, %%%%%s %s' % (p, a, b, form), t, s, R)
    return c


def clamp_chunk(rng, t):
    c = Chunk('clamp_%s' % gen.fname(t))
    pool = clamp_pool(rng, t)

    def emit(mn_s, MN, X, s, mx_s, MX):
        a = c.val(t, mn_s, MN)
        x = c.val(t, s, X)
        b = c.val(t, mx_s, MX)
        R = [clamp_ref(t, MN[0] if not mn_s else MN[i], X[i], MX[0] if not mx_s else MX[i])
             for i in range(gen.size(s))]
        if mn_s == s and mx_s == s and (len(c.body) % 2):
            form = ': %s' % T(s, t)
        else:
            form = ': (%s, %s, %s) -> %s' % (T(mn_s, t), T(s, t), T(mx_s, t), T(s, t))
        c.op('  %%s = stablehlo.clamp %%%%%s, %%%%%s, %%%%%s %s' % (a, x, b, form), t, s, R)

    # scalar bounds: one x tensor holding every pool value, against each (min, max) pair
    n = min(len(pool), 48)
    X = fill(rng, pool, n)
    for mn, mx in scalar_bounds(rng, t, pool):
        emit([], [mn], X, [n], [], [mx])
    # tensor bounds: random triples from the pool (NaN in x / min / max, min > max, zeros)
    for s in ([64], [2, 2, 3]):
        m = gen.size(s)
        MN, X, MX = fill(rng, pool, m), fill(rng, pool, m), fill(rng, pool, m)
        for i in range(0, m, 5):  # related triples: equal values, equal bounds
            k = rng.randrange(3)
            if k == 0:
                MN[i] = X[i]
            elif k == 1:
                MX[i] = X[i]
            else:
                MX[i] = MN[i]
        emit(s, MN, X, s, s, MX)
    # mixed: scalar min with tensor max, and tensor min with scalar max
    s = [12]
    emit([], [rng.choice(pool)], fill(rng, pool, 12), s, s, fill(rng, pool, 12))
    emit(s, fill(rng, pool, 12), fill(rng, pool, 12), s, [], [rng.choice(pool)])
    # rank 0 and zero-element
    for _ in range(3):
        emit([], [rng.choice(pool)], [rng.choice(pool)], [], [], [rng.choice(pool)])
    emit([], [rng.choice(pool)], [], [0, 3], [], [rng.choice(pool)])
    emit([0, 3], [], [], [0, 3], [0, 3], [])
    return c


def gen_select_clamp(seed):
    rng = random.Random(seed)
    out = gen.Out('select_clamp', 'select (SPEC 4.26) and clamp (4.27: minimum(maximum(x, min), max) '
                  'with the rules of 4.11/4.12) on all 30 element types (gen_layout.py).')
    for t in TYPES:
        for op, c in (('select', select_chunk(rng, t)), ('clamp', clamp_chunk(rng, t))):
            out.add({'op': op, 'type': t}, c.finish(), c.checks)
    return out.write()


if __name__ == '__main__':
    # same options as gen.py (--out DIR, --seed N); default groups: these two
    args = sys.argv[1:]
    nopt = 0
    while nopt < len(args) and args[nopt].startswith('--'):
        nopt += 2
    gen.main(args if args[nopt:] else args + ['layout', 'select_clamp'])
