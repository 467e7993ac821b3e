#!/usr/bin/env python3
"""Golden tests for gather, scatter, dynamic_slice and dynamic_update_slice
(SPEC 9.4.1-9.4.4, decisions 25 and 32).

Writes tests/interpret/{gather,gather_types,scatter,scatter_types,
dynamic_slice}.mlir and tests/interpret/fail/index.mlir (and, if PENDING
blocks chunks, tests/interpret/pending_index.mlir).

Every expected value comes from the model below, written from SPEC 9.4 alone
(index arithmetic, clamping, per-element skipping, row-major update order)
on top of model.py (element encodings) and control_ir.py (element ops of
scatter bodies). ir-run's output is never used.

    python3 tests/oracle/gen_index.py                      write the files
    python3 tests/oracle/gen_index.py --validate build/ir-run
          also run every written file (fail/index.mlir must fail with its
          EXPECT-ERR texts)
    python3 tests/oracle/gen_index.py --out DIR --seed N   fuzzing run into DIR

Python 3 standard library only.
"""

import itertools
import os
import random
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
import control_ir as ci  # noqa: E402
import gen_layout  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261130
CPLX = gen.CPLX
TYPES = FLOAT_NAMES + INT_NAMES + list(CPLX)      # the 30 element types
IDX_TYPES = ['i2', 'i4', 'i8', 'i16', 'i32', 'i64', 'ui2', 'ui4', 'ui8', 'ui16', 'ui32', 'ui64']

# Chunks blocked by a known ir-run bug: predicates on the case dict (see
# Out.add); blocked chunks go to tests/interpret/pending_index.mlir.
PENDING = []

# ------------------------------------------------------------------ helpers


def indices(shape):
    """Every index of shape in row-major order (one empty index for rank 0)."""
    return itertools.product(*[range(d) for d in shape])


def offset(idx, shape):
    k = 0
    for i, d in zip(idx, shape):
        k = k * d + i
    return k


def size(shape):
    return gen.size(shape)


def lst(xs):
    return '[' + ', '.join(str(x) for x in xs) + ']'


def T(shape, t):
    return gen.ttype(shape, t)


def enc(t, x):
    """Pattern (float), (re, im) patterns (complex) or value (int) of the number x in t."""
    x = Fraction(x)
    if t in CPLX:
        return (enc(CPLX[t], x), enc(CPLX[t], 0))
    if t in FMTS:
        return model.encode(FMTS[t], x < 0, abs(x))
    return model.wrap(t, int(x))


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x

# ------------------------------------------------------------------ the model (SPEC 9.4)
#
# Index elements are Python ints: the signed value for iN, the unsigned value
# for uiN (decision 25; REF would sign-extend the uiN pattern).


class GDims:
    """gather dimension numbers (SPEC 9.4.1 notation)."""

    def __init__(self, O, C, OB, IB, M, v):
        self.O, self.C, self.OB, self.IB, self.M, self.v = list(O), list(C), list(OB), list(IB), list(M), v


class SDims:
    """scatter dimension numbers (SPEC 9.4.2 notation): W, I, IB, SB, M, v."""

    def __init__(self, W, I, IB, SB, M, v):  # noqa: E741
        self.W, self.I, self.IB, self.SB, self.M, self.v = list(W), list(I), list(IB), list(SB), list(M), v


def uniq(xs):
    return len(set(xs)) == len(xs)


def is_sorted(xs):
    return all(a < b for a, b in zip(xs, xs[1:]))


def inr(xs, n):
    return all(0 <= x < n for x in xs)


def gather_shape(xshape, sishape, d, ss):
    """The result shape of check 7, or None."""
    v = d.v
    bshape = [n for k, n in enumerate(sishape) if k != v]
    wshape = [ss[k] for k in range(len(xshape)) if k not in d.C and k not in d.OB]
    rrank = len(bshape) + len(wshape)
    if not inr(d.O, rrank) or len(d.O) != len(wshape):
        return None
    bi, wi = iter(bshape), iter(wshape)
    return [next(wi) if k in d.O else next(bi) for k in range(rrank)]


def gather_check(xshape, sishape, sitype, d, ss, rshape):
    """SPEC 9.4.1 checks 1-8: the first rule broken, or None."""
    r, ri, v = len(xshape), len(sishape), d.v
    if r != len(d.O) + len(d.C) + len(d.OB):
        return 'check 1: rank(operand) = |O| + |C| + |OB|'
    if len(ss) != r:
        return 'check 1: len(slice_sizes)'
    if not all(0 <= ss[k] <= xshape[k] for k in range(r)):
        return 'check 1: slice size range'
    if not 0 <= v <= ri:
        return 'check 2: index_vector_dim range'
    if len(d.M) != (sishape[v] if v < ri else 1):
        return 'check 2: |M|'
    if not (is_sorted(d.O) and uniq(d.O)):
        return 'check 3: O sorted'
    if not (uniq(d.C + d.OB) and is_sorted(d.C) and is_sorted(d.OB) and inr(d.C + d.OB, r)):
        return 'check 4: C, OB'
    if any(ss[k] > 1 for k in d.C + d.OB):
        return 'check 4: slice size of C/OB'
    if not (uniq(d.IB) and inr(d.IB, ri) and v not in d.IB and len(d.IB) == len(d.OB)):
        return 'check 5: IB'
    if any(xshape[a] != sishape[b] for a, b in zip(d.OB, d.IB)):
        return 'check 5: batching sizes'
    if not (uniq(d.M + d.OB) and inr(d.M, r)):
        return 'check 6: M'
    if gather_shape(xshape, sishape, d, ss) is None:
        return 'check 3: O range'
    if gather_shape(xshape, sishape, d, ss) != list(rshape):
        return 'check 7: result shape'
    if sitype not in INT_NAMES or sitype == 'i1':
        return 'check 8: integer indices'
    return None


def index_vector(SI, sishape, v, b):
    """s := SI[p], p = b with ':' at v (a single element when v = rank(SI)), and p."""
    if v < len(sishape):
        p = list(b[:v]) + [None] + list(b[v:])
        s = [SI[offset(list(b[:v]) + [k] + list(b[v:]), sishape)] for k in range(sishape[v])]
    else:
        p = list(b)
        s = [SI[offset(b, sishape)]]
    return s, p


def gather_ref(X, xshape, SI, sishape, d, ss):
    """SPEC 9.4.1 semantics: (result shape, flat result)."""
    rshape = gather_shape(xshape, sishape, d, ss)
    r = len(xshape)
    B = [k for k in range(len(rshape)) if k not in d.O]
    offdims = [k for k in range(r) if k not in d.C and k not in d.OB]
    R = []
    for ri in indices(rshape):
        b = [ri[k] for k in B]
        s, p = index_vector(SI, sishape, d.v, b)
        S = [0] * r
        for k, dim in enumerate(d.M):
            S[dim] = clamp(s[k], 0, xshape[dim] - ss[dim])
        Sb = [0] * r
        for ob, ib in zip(d.OB, d.IB):
            Sb[ob] = p[ib]
        off = [0] * r
        for dim, o in zip(offdims, d.O):
            off[dim] = ri[o]
        full = [S[k] + Sb[k] + off[k] for k in range(r)]
        assert all(0 <= full[k] < xshape[k] for k in range(r)), 'gather read out of bounds'
        R.append(X[offset(full, xshape)])
    return rshape, R


def scatter_check(ishape, sishape, sitype, ushape, d):
    """SPEC 9.4.2 checks 2-5 (one input and update shape): the first rule broken, or None."""
    r, ri, v = len(ishape), len(sishape), d.v
    if r != len(d.W) + len(d.I) + len(d.IB):
        return 'check 2: rank(input) = |W| + |I| + |IB|'
    if not (is_sorted(d.W) and uniq(d.W) and inr(d.W, len(ushape))):
        return 'check 2: W'
    if not (is_sorted(d.I) and is_sorted(d.IB) and uniq(d.I + d.IB) and inr(d.I + d.IB, r)):
        return 'check 2: I, IB'
    if not (uniq(d.SB) and inr(d.SB, ri) and v not in d.SB and len(d.SB) == len(d.IB)):
        return 'check 3: SB'
    if any(ishape[a] != sishape[b] for a, b in zip(d.IB, d.SB)):
        return 'check 3: batching sizes'
    if not 0 <= v <= ri:
        return 'check 4: index_vector_dim range'
    if len(d.M) != (sishape[v] if v < ri else 1):
        return 'check 4: |M|'
    if not (uniq(d.M + d.IB) and inr(d.M, r)):
        return 'check 4: M'
    bshape = [n for k, n in enumerate(sishape) if k != v]
    if [ushape[k] for k in range(len(ushape)) if k not in d.W] != bshape:
        return 'check 5: update batch shape'
    wlim = [ishape[k] for k in range(r) if k not in d.I and k not in d.IB]
    if any(ushape[w] > lim for w, lim in zip(d.W, wlim)):
        return 'check 5: update window larger than input'
    if sitype not in INT_NAMES or sitype == 'i1':
        return 'indices: integer element type'
    return None


def scatter_ref(inputs, ishape, SI, sishape, updates, ushape, d, body, reverse=False):
    """SPEC 9.4.2 semantics, updates in row-major order; body(curs, upds) -> results.
    Returns (results, number of applied elements, number skipped). reverse=True
    walks the updates backwards (only to show that a test depends on the order)."""
    res = [list(x) for x in inputs]
    r = len(ishape)
    B = [k for k in range(len(ushape)) if k not in d.W]
    windims = [k for k in range(r) if k not in d.I and k not in d.IB]
    applied = skipped = 0
    order = list(indices(ushape))
    for u in (order[::-1] if reverse else order):
        b = [u[k] for k in B]
        s, p = index_vector(SI, sishape, d.v, b)
        t = [0] * r
        for k, dim in enumerate(d.M):
            t[dim] += s[k]                 # no clamping
        for ib, sb in zip(d.IB, d.SB):
            t[ib] += p[sb]
        for dim, w in zip(windims, d.W):
            t[dim] += u[w]
        if not all(0 <= t[k] < ishape[k] for k in range(r)):
            skipped += 1                   # this element only (decision 32)
            continue
        ti, ui = offset(t, ishape), offset(u, ushape)
        out = body([x[ti] for x in res], [x[ui] for x in updates])
        for k in range(len(res)):
            res[k][ti] = out[k]
        applied += 1
    return res, applied, skipped


def dslice_ref(X, xshape, starts, sizes):
    a = [clamp(s, 0, n - z) for s, n, z in zip(starts, xshape, sizes)]
    return [X[offset([a[k] + i[k] for k in range(len(xshape))], xshape)] for i in indices(sizes)]


def dus_ref(X, xshape, U, ushape, starts):
    a = [clamp(s, 0, n - z) for s, n, z in zip(starts, xshape, ushape)]
    R = list(X)
    for j in indices(ushape):
        R[offset([a[k] + j[k] for k in range(len(xshape))], xshape)] = U[offset(j, ushape)]
    return R


# ------------------------------------------------------------------ scatter bodies
#
# A body is a straight-line list of ops on rank-0 values. Names: 'c0'.. the
# current values, 'u0'.. the updates, '@x' a value of the enclosing function;
# every op defines a new local name. Evaluated with control_ir's element ops
# (model.py underneath), rendered as MLIR with unique names.


class Body:
    def __init__(self, desc, tys, ops, rets, outer=None):
        self.desc, self.tys, self.ops, self.rets = desc, list(tys), ops, rets
        self.outer = outer or {}          # '@x' -> (type, value)

    @property
    def n(self):
        return len(self.tys)

    def types(self):
        ty = {}
        for k, t in enumerate(self.tys):
            ty['c%d' % k] = ty['u%d' % k] = t
        for nm, ov in self.outer.items():
            ty[nm] = ov[0]
        for op in self.ops:
            kind, res, args = op[0], op[1], op[2:]
            if kind == 'const':
                ty[res] = args[0]
            elif kind == 'cmp':
                ty[res] = 'i1'
            elif kind == 'sel':
                ty[res] = ty[args[1]]
            elif kind == 'cvt':
                ty[res] = args[1]
            elif kind == 'if':
                ty[res] = ty[args[1][1]]
            elif kind == 'lookup':
                ty[res] = self.outer[args[0]][0]
            else:
                ty[res] = ty[args[1] if kind == 'bin' else args[0]]
        return ty

    def __call__(self, curs, upds):
        env, ty = {}, self.types()
        for k in range(self.n):
            env['c%d' % k], env['u%d' % k] = curs[k], upds[k]
        for nm, ov in self.outer.items():
            env[nm] = ov[1]
        for op in self.ops:
            kind, res, a = op[0], op[1], op[2:]
            if kind == 'bin':
                env[res] = ci.binop(a[0], ty[a[1]], env[a[1]], env[a[2]])
            elif kind == 'neg':
                env[res] = ci.unop('negate', ty[a[0]], env[a[0]])
            elif kind == 'const':
                env[res] = a[1]
            elif kind == 'cmp':
                env[res] = 1 if ci.compare(a[0], a[1], ty[a[2]], env[a[2]], env[a[3]]) else 0
            elif kind == 'sel':
                env[res] = env[a[1]] if env[a[0]] else env[a[2]]
            elif kind == 'cvt':
                env[res] = ci.convert(ty[a[0]], a[1], env[a[0]])
            elif kind == 'if':
                bop, x, y = a[1] if env[a[0]] else a[2]
                env[res] = ci.binop(bop, ty[x], env[x], env[y])
            elif kind == 'lookup':          # table[clamp(i, 0, n - 1)] (dynamic_slice, SPEC 9.4.3)
                tbl = env[a[0]]
                env[res] = tbl[clamp(env[a[1]], 0, len(tbl) - 1)]
            else:
                raise ValueError(kind)
        out = [env[x] for x in self.rets]
        assert [ty[x] for x in self.rets] == self.tys
        return out

    def render(self, uid):
        """The region text: '({', lines..., '})' (indented for a function body)."""
        ty = self.types()

        def nm(x):
            return '%' + x[1:] if x.startswith('@') else '%%%s_%s' % (x, uid)

        def tt(x):
            return T([], ty[x])
        args = ['%s: %s' % (nm('c%d' % k), tt('c%d' % k)) for k in range(self.n)] + \
               ['%s: %s' % (nm('u%d' % k), tt('u%d' % k)) for k in range(self.n)]
        lines = ['  ^bb0(%s):' % ', '.join(args)]
        for op in self.ops:
            kind, res, a = op[0], op[1], op[2:]
            if kind == 'bin':
                s = 'stablehlo.%s %s, %s : %s' % (a[0], nm(a[1]), nm(a[2]), tt(a[1]))
            elif kind == 'neg':
                s = 'stablehlo.negate %s : %s' % (nm(a[0]), tt(a[0]))
            elif kind == 'const':
                s = 'stablehlo.constant %s' % gen.dense(a[0], [], [a[1]])
            elif kind == 'cmp':
                s = 'stablehlo.compare %s, %s, %s, %s : (%s, %s) -> tensor<i1>' % (
                    a[0], nm(a[2]), nm(a[3]), a[1], tt(a[2]), tt(a[3]))
            elif kind == 'sel':
                s = 'stablehlo.select %s, %s, %s : tensor<i1>, %s' % (nm(a[0]), nm(a[1]), nm(a[2]), tt(a[1]))
            elif kind == 'cvt':
                s = 'stablehlo.convert %s : (%s) -> %s' % (nm(a[0]), tt(a[0]), T([], a[1]))
            elif kind == 'if':
                lines.append('    %s = "stablehlo.if"(%s) ({' % (nm(res), nm(a[0])))
                for k, (bop, x, y) in enumerate(a[1:]):
                    b = nm(res + ('_t' if k == 0 else '_e'))
                    lines.append('      %s = stablehlo.%s %s, %s : %s' % (b, bop, nm(x), nm(y), tt(x)))
                    lines.append('      stablehlo.return %s : %s' % (b, tt(x)))
                    lines.append('    }, {' if k == 0 else '    }) : (tensor<i1>) -> %s' % tt(res))
                continue
            elif kind == 'lookup':
                et, tbl = self.outer[a[0]][0], self.outer[a[0]][1]
                sl = nm(res + '_sl')
                lines.append('    %s = stablehlo.dynamic_slice %s, %s, sizes = [1] : (%s, %s) -> %s' % (
                    sl, nm(a[0]), nm(a[1]), T([len(tbl)], et), tt(a[1]), T([1], et)))
                s = 'stablehlo.reshape %s : (%s) -> %s' % (sl, T([1], et), T([], et))
            lines.append('    %s = %s' % (nm(res), s))
        lines.append('    stablehlo.return %s : %s' % (', '.join(nm(x) for x in self.rets),
                                                       ', '.join(tt(x) for x in self.rets)))
        return lines


def cmp_type(t):
    if t in FMTS or t in CPLX:
        return 'FLOAT'
    if t == 'i1' or t.startswith('ui'):
        return 'UNSIGNED'
    return 'SIGNED'


def body1(kind, t, outer=None):
    """The one-input bodies (c0 = current, u0 = update)."""
    two = ('const', 'k', t, enc(t, 2))
    wname = next(iter(outer)) if outer else '@w'
    table = {
        'add': ([('bin', 's', 'add', 'c0', 'u0')], 's', 'add(cur, upd)'),
        'add_rev': ([('bin', 's', 'add', 'u0', 'c0')], 's', 'add(upd, cur)'),
        'subtract': ([('bin', 's', 'subtract', 'c0', 'u0')], 's', 'subtract(cur, upd)'),
        'subtract_rev': ([('bin', 's', 'subtract', 'u0', 'c0')], 's', 'subtract(upd, cur)'),
        'multiply': ([('bin', 's', 'multiply', 'c0', 'u0')], 's', 'multiply(cur, upd)'),
        'maximum': ([('bin', 's', 'maximum', 'c0', 'u0')], 's', 'maximum(cur, upd)'),
        'minimum': ([('bin', 's', 'minimum', 'u0', 'c0')], 's', 'minimum(upd, cur)'),
        'or': ([('bin', 's', 'or', 'c0', 'u0')], 's', 'or(cur, upd)'),
        'and': ([('bin', 's', 'and', 'u0', 'c0')], 's', 'and(upd, cur)'),
        'xor': ([('bin', 's', 'xor', 'c0', 'u0')], 's', 'xor(cur, upd)'),
        'replace': ([], 'u0', 'return upd'),
        'keep': ([], 'c0', 'return cur'),
        'twice_plus': ([two, ('bin', 'm', 'multiply', 'c0', 'k'), ('bin', 's', 'add', 'm', 'u0')], 's',
                       'cur * 2 + upd'),
        'upd_twice': ([('bin', 's', 'add', 'u0', 'u0')], 's', 'upd + upd (cur unused)'),
        'outer': ([('bin', 'm', 'multiply', 'u0', wname), ('bin', 's', 'subtract', 'c0', 'm')], 's',
                  'cur - upd * %%%s (a value of the function)' % wname[1:]),
        'select_gt': ([('cmp', 'p', 'GT', cmp_type(t), 'u0', 'c0'), ('sel', 's', 'p', 'u0', 'c0')], 's',
                      'select(upd > cur, upd, cur)'),
        'constant': ([two], 'k', 'return 2 (a constant)'),
        'neg_add': ([('neg', 'n', 'u0'), ('bin', 's', 'add', 'c0', 'n')], 's', 'cur + negate(upd)'),
    }
    ops, ret, desc = table[kind]
    return Body(desc, [t], ops, [ret], outer)


def allowed1(kind, t):
    if kind in ('or', 'and', 'xor'):
        return t in INT_NAMES
    if kind in ('subtract', 'subtract_rev', 'neg_add', 'outer'):
        return t != 'i1'
    if kind in ('maximum', 'minimum', 'select_gt'):
        return True
    if kind == 'twice_plus':
        return t != 'i1'
    return True


# ------------------------------------------------------------------ values


def distinct(rng, t, n):
    """n pairwise different elements of t (as far as t has n values); floats
    are random patterns (NaNs and -0 included: results are pinned bit for bit)."""
    if t in CPLX:
        return list(zip(distinct(rng, CPLX[t], n), [gen.sample(rng, CPLX[t]) for _ in range(n)]))
    if t in FMTS:
        f = FMTS[t]
        pool = 1 << f.bits
        if n >= pool:
            return [rng.randrange(pool) for _ in range(n)]
        seen = set()
        while len(seen) < n:
            seen.add(gen.sample(rng, t) if rng.random() < 0.5 else rng.randrange(pool))
        out = list(seen)
        rng.shuffle(out)
        return out
    lo, hi = model.int_range(t)
    if hi - lo + 1 <= n:
        return [rng.randint(lo, hi) for _ in range(n)]
    seen = set()
    while len(seen) < n:
        seen.add(rng.randint(lo, hi) if rng.random() < 0.3 else clamp(rng.randint(-200, 200), lo, hi))
    out = list(seen)
    rng.shuffle(out)
    return out


def operand(rng, t, n):
    """n values of t with the type's specials (gen_layout.operand)."""
    return gen_layout.operand(rng, t, n)


def idx_val(rng, t, lo, hi, pext=0.12):
    """An index of type t: mostly in [lo, hi] (within t's range), sometimes an
    extreme of t (INT_MIN, INT_MAX, UINT_MAX, the top-bit values of uiN)."""
    tlo, thi = model.int_range(t)
    if rng.random() < pext:
        ext = [tlo, thi]
        if t.startswith('ui'):
            ext += [1 << (int(t[2:]) - 1), thi - 1]
        else:
            ext += [tlo + 1, thi - 1]
        return rng.choice(ext)
    a, b = max(lo, tlo), min(hi, thi)
    if a > b:
        return rng.choice([tlo, thi])
    return rng.randint(a, b)


# ------------------------------------------------------------------ emitting


class Chunk:
    """One function of straight-line code with pins."""

    def __init__(self, name, comment=''):
        self.name = name
        self.comment = comment
        self.lines = []
        self.checks = 0
        self.k = 0
        self.ops = 0

    def fresh(self, p):
        self.k += 1
        return '%s%d' % (p, self.k)

    def const(self, t, shape, vals, p='a'):
        nm = self.fresh(p)
        self.lines.append(gen.const(nm, t, shape, vals))
        return nm

    def add(self, line):
        self.lines.append(line)

    def note(self, text):
        self.lines.append('  // ' + text)

    def pin(self, name, t, shape, vals):
        self.lines += gen.pin(name, t, shape, vals, tag=self.fresh('p'))
        self.checks += size(shape) * (2 if t == 'complex<f64>' else 1)

    def text(self):
        head = ''.join('// %s\n' % ln for ln in self.comment.split('\n')) if self.comment else ''
        return head + '\n'.join(['func.func @%s() {' % self.name] + self.lines + ['  func.return', '}'])


def gather_attr(d, full=False, order=None):
    fields = [('offset_dims', d.O), ('collapsed_slice_dims', d.C), ('operand_batching_dims', d.OB),
              ('start_indices_batching_dims', d.IB), ('start_index_map', d.M), ('index_vector_dim', d.v)]
    return dims_attr('gather', fields, full, order)


def scatter_attr(d, full=False, order=None):
    fields = [('update_window_dims', d.W), ('inserted_window_dims', d.I), ('input_batching_dims', d.IB),
              ('scatter_indices_batching_dims', d.SB), ('scatter_dims_to_operand_dims', d.M),
              ('index_vector_dim', d.v)]
    return dims_attr('scatter', fields, full, order)


def dims_attr(kind, fields, full, order):
    """#stablehlo.gather<...>: empty lists and index_vector_dim = 0 left out
    unless full; order = a permutation of the fields."""
    if order is not None:
        fields = [fields[k] for k in order]
    parts = []
    for name, val in fields:
        if isinstance(val, list):
            if val or full:
                parts.append('%s = %s' % (name, lst(val)))
        elif val or full:
            parts.append('%s = %d' % (name, val))
    return '#stablehlo.%s<%s>' % (kind, ', '.join(parts))


def i64_array(xs):
    return 'array<i64: %s>' % ', '.join(str(x) for x in xs) if xs else 'array<i64>'


def gather_op(c, x, si, et, xshape, sitype, sishape, d, ss, form='attr', extra=', indices_are_sorted = false',
              full=False, order=None):
    """Emits the gather, returns (name, result shape)."""
    rshape = gather_shape(xshape, sishape, d, ss)
    err = gather_check(xshape, sishape, sitype, d, ss, rshape)
    assert err is None, (err, xshape, sishape, vars(d), ss)
    nm = c.fresh('g')
    attrs = 'dimension_numbers = %s, slice_sizes = %s' % (gather_attr(d, full, order), i64_array(ss))
    sig = '(%s, %s) -> %s' % (T(xshape, et), T(sishape, sitype), T(rshape, et))
    if form == 'prop':
        c.add('  %%%s = "stablehlo.gather"(%%%s, %%%s) <{%s%s}> : %s' % (nm, x, si, attrs, extra, sig))
    else:
        c.add('  %%%s = "stablehlo.gather"(%%%s, %%%s) {%s%s} : %s' % (nm, x, si, attrs, extra, sig))
    c.ops += 1
    return nm, rshape


def scatter_op(c, ins, si, ups, tys, ishape, sitype, sishape, ushape, d, body, form='attr',
               extra=', indices_are_sorted = false, unique_indices = false', full=False, order=None):
    """Emits the scatter, returns the names of its results."""
    assert scatter_check(ishape, sishape, sitype, ushape, d) is None
    nm = c.fresh('s')
    n = len(ins)
    attrs = 'scatter_dimension_numbers = %s' % scatter_attr(d, full, order)
    operands = ', '.join('%' + x for x in ins + [si] + ups)
    rt = ', '.join(T(ishape, t) for t in tys)
    sig = '(%s) -> %s' % (', '.join([T(ishape, t) for t in tys] + [T(sishape, sitype)] + [T(ushape, t) for t in tys]),
                          rt if n == 1 else '(%s)' % rt)
    res = '%%%s' % nm if n == 1 else '%%%s:%d' % (nm, n)
    region = body.render(nm)
    if form == 'prop':
        c.add('  %s = "stablehlo.scatter"(%s) <{%s%s}> ({' % (res, operands, attrs, extra))
        c.lines += region
        c.add('  }) : %s' % sig)
    else:
        c.add('  %s = "stablehlo.scatter"(%s) ({' % (res, operands))
        c.lines += region
        c.add('  }) {%s%s} : %s' % (attrs, extra, sig))
    c.ops += 1
    return [nm] if n == 1 else ['%s#%d' % (nm, k) for k in range(n)]


def dslice_op(c, x, starts, et, xshape, stypes, sizes, generic=False):
    nm = c.fresh('d')
    sig = '(%s) -> %s' % (', '.join([T(xshape, et)] + [T([], s) for s in stypes]), T(sizes, et))
    if generic:
        c.add('  %%%s = "stablehlo.dynamic_slice"(%s) {slice_sizes = %s} : %s' % (
            nm, ', '.join('%' + v for v in [x] + starts), i64_array(sizes), sig))
    else:
        c.add('  %%%s = stablehlo.dynamic_slice %s, sizes = %s : %s' % (
            nm, ', '.join('%' + v for v in [x] + starts), lst(sizes), sig))
    c.ops += 1
    return nm


def dus_op(c, x, u, starts, et, xshape, ushape, stypes, generic=False):
    nm = c.fresh('u')
    sig = '(%s) -> %s' % (', '.join([T(xshape, et), T(ushape, et)] + [T([], s) for s in stypes]), T(xshape, et))
    ops = ', '.join('%' + v for v in [x, u] + starts)
    if generic:
        c.add('  %%%s = "stablehlo.dynamic_update_slice"(%s) : %s' % (nm, ops, sig))
    else:
        c.add('  %%%s = stablehlo.dynamic_update_slice %s : %s' % (nm, ops, sig))
    c.ops += 1
    return nm


# ------------------------------------------------------------------ random configurations


def rand_gather_cfg(rng, max_result=48, zero=0.05):
    """A random valid gather: (xshape, sishape, GDims, slice_sizes)."""
    while True:
        r = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4])
        xshape = [rng.randint(1, 5) if rng.random() > zero else 0 for _ in range(r)]
        dims = list(range(r))
        rng.shuffle(dims)
        nob = min(r, rng.choice([0, 0, 1, 1, 2]))
        OB = sorted(dims[:nob])
        rest = dims[nob:]
        nc = rng.randint(0, len(rest))
        C = sorted(rest[:nc])
        offd = sorted(rest[nc:])
        if any(xshape[k] == 0 for k in C):
            continue   # a collapsed dimension needs slice size 1 here (size 0: see FINDINGS/report)
        ss = [0] * r
        for k in C:
            ss[k] = 1
        for k in OB:
            ss[k] = 1 if rng.random() < 0.9 or xshape[k] == 0 else 0
            ss[k] = min(ss[k], xshape[k])
        for k in offd:
            x = rng.random()
            ss[k] = 0 if x < zero else xshape[k] if x < 0.3 else rng.randint(min(1, xshape[k]), xshape[k])
        cand = [k for k in range(r) if k not in OB]
        M = rng.sample(cand, rng.randint(1, len(cand)) if cand and rng.random() < 0.9 else 0)
        nbatch = nob + rng.choice([0, 1, 1, 2])
        trailing = len(M) == 1 and rng.random() < 0.35
        sirank = nbatch + (0 if trailing else 1)
        v = sirank if trailing else rng.randint(0, sirank - 1)
        pos = [k for k in range(sirank) if k != v]
        IB = rng.sample(pos, nob)
        sishape = [None] * sirank
        if not trailing:
            sishape[v] = len(M)
        for ob, ib in zip(OB, IB):
            sishape[ib] = xshape[ob]
        for k in pos:
            if sishape[k] is None:
                sishape[k] = rng.randint(1, 3) if rng.random() > zero else 0
        rrank = nbatch + len(offd)
        O = sorted(rng.sample(range(rrank), len(offd)))
        d = GDims(O, C, OB, IB, M, v)
        rshape = gather_shape(xshape, sishape, d, ss)
        if size(rshape) > max_result or size(xshape) > 150 or size(sishape) > 40:
            continue
        assert gather_check(xshape, sishape, 'i32', d, ss, rshape) is None, (xshape, sishape, vars(d), ss)
        return xshape, sishape, d, ss


def gather_indices(rng, sitype, sishape, d, xshape, ss, spread=3):
    vals = []
    for i in indices(sishape):
        k = i[d.v] if d.v < len(sishape) else 0
        dim = d.M[k]
        vals.append(idx_val(rng, sitype, -spread, xshape[dim] - ss[dim] + spread))
    return vals


def rand_scatter_cfg(rng, max_update=40, zero=0.04, small=False):
    """A random valid scatter: (ishape, sishape, SDims, ushape)."""
    while True:
        r = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4]) if not small else rng.choice([1, 1, 2, 2])
        ishape = [rng.randint(1, 4 if small else 5) if rng.random() > zero else 0 for _ in range(r)]
        dims = list(range(r))
        rng.shuffle(dims)
        nib = min(r, rng.choice([0, 0, 1, 1, 2]))
        IB = sorted(dims[:nib])
        rest = dims[nib:]
        ni = rng.randint(0, len(rest))
        I = sorted(rest[:ni])  # noqa: E741
        wind = sorted(rest[ni:])
        cand = [k for k in range(r) if k not in IB]
        M = rng.sample(cand, rng.randint(1, len(cand)) if cand and rng.random() < 0.9 else 0)
        nbatch = nib + rng.choice([0, 1, 1, 2])
        trailing = len(M) == 1 and rng.random() < 0.35
        sirank = nbatch + (0 if trailing else 1)
        v = sirank if trailing else rng.randint(0, sirank - 1)
        pos = [k for k in range(sirank) if k != v]
        SB = rng.sample(pos, nib)
        sishape = [None] * sirank
        if not trailing:
            sishape[v] = len(M)
        for ib, sb in zip(IB, SB):
            sishape[sb] = ishape[ib]
        for k in pos:
            if sishape[k] is None:
                sishape[k] = rng.randint(1, 4) if rng.random() > zero else 0
        urank = nbatch + len(wind)
        W = sorted(rng.sample(range(urank), len(wind)))
        bshape = [n for k, n in enumerate(sishape) if k != v]
        wsz = [rng.randint(min(1, ishape[k]), ishape[k]) if rng.random() > zero else 0 for k in wind]
        bi, wi = iter(bshape), iter(wsz)
        ushape = [next(wi) if k in W else next(bi) for k in range(urank)]
        d = SDims(W, I, IB, SB, M, v)
        if size(ushape) > max_update or size(ishape) > 120 or size(sishape) > 40:
            continue
        assert scatter_check(ishape, sishape, 'i32', ushape, d) is None, (ishape, sishape, vars(d), ushape)
        return ishape, sishape, d, ushape


def scatter_indices(rng, sitype, sishape, d, ishape, ushape, spread=1):
    """Starts mostly near the input, some windows partly or wholly outside."""
    wind = [k for k in range(len(ishape)) if k not in d.I and k not in d.IB]
    wsize = {dim: ushape[w] for dim, w in zip(wind, d.W)}
    vals = []
    for i in indices(sishape):
        k = i[d.v] if d.v < len(sishape) else 0
        dim = d.M[k]
        vals.append(idx_val(rng, sitype, -wsize.get(dim, 1) - spread + 1, ishape[dim] + spread - 1, pext=0.06))
    return vals


# ------------------------------------------------------------------ gather cases

STRUCT_TYPES = ['i32', 'i64', 'i16', 'ui32', 'f32', 'f64', 'bf16', 'f16', 'ui64', 'complex<f32>']


def emit_gather(c, rng, et, xshape, sitype, sishape, d, ss, X=None, SI=None, **kw):
    if X is None:
        X = distinct(rng, et, size(xshape))
    if SI is None:
        SI = gather_indices(rng, sitype, sishape, d, xshape, ss)
    x = c.const(et, xshape, X, 'x')
    si = c.const(sitype, sishape, SI, 'i')
    nm, rshape = gather_op(c, x, si, et, xshape, sitype, sishape, d, ss, **kw)
    rs, R = gather_ref(X, xshape, SI, sishape, d, ss)
    assert rs == rshape
    c.pin(nm, et, rs, R)
    return R


def iota_vals(t, n):
    return [enc(t, k) for k in range(n)]


def gather_chunks(rng):
    out = []
    G = GDims

    c = Chunk('gather_spec_example', 'SPEC 9.4.1 example / 9.A vector 2: 8 clamps to 7, -5 to 0')
    R = emit_gather(c, rng, 'i32', [10], 'i64', [2, 1], G([1], [], [], [], [0], 1), [3],
                    X=list(range(10)), SI=[8, -5])
    assert R == [7, 8, 9, 0, 1, 2]
    out.append(c)

    c = Chunk('gather_spec_syntax', 'the dimension numbers of the SPEC 9.4.1 syntax example, several index sets')
    d = G([2, 3], [0], [], [], [1, 0], 2)
    X = iota_vals('i64', 24)
    for SI in ([0, 1, 2, 0, 1, 1, 3, 2, 0, 0, 2, 1], [-1, 5, 9, -9, 3, 2, 2, 2, 1, 0, 0, 3], None):
        emit_gather(c, rng, 'i64', [3, 4, 2], 'i64', [2, 3, 2], d, [1, 2, 2], X=X, SI=SI)
    out.append(c)

    c = Chunk('gather_index_vector_dim', 'index_vector_dim = rank(indices) (implicit trailing 1), in the middle, '
              'first, and absent (= 0)')
    c.note('v = 1 = rank: a take of single elements')
    emit_gather(c, rng, 'f32', [7], 'i32', [5], G([], [0], [], [], [0], 1), [1], SI=[6, 0, 3, -1, 7])
    c.note('v = 2 = rank, rows of 4')
    emit_gather(c, rng, 'i32', [5, 4], 'i64', [2, 3], G([2], [0], [], [], [0], 2), [1, 4])
    c.note('v = 2 = rank, offset dimension first')
    emit_gather(c, rng, 'i32', [5, 4], 'ui8', [2, 3], G([0], [1], [], [], [1], 2), [3, 1])
    c.note('v = 1 in the middle of a rank-3 index tensor')
    emit_gather(c, rng, 'i16', [4, 5, 3], 'i32', [2, 2, 3], G([2], [0, 2], [], [], [2, 0], 1), [1, 3, 1])
    c.note('v = 0 explicit and printed, then absent: the same gather')
    SI = [1, 3, 0, 2, 0, 4]
    X = distinct(rng, 'i32', 20)
    emit_gather(c, rng, 'i32', [4, 5], 'i32', [2, 3], G([], [0, 1], [], [], [1, 0], 0), [1, 1], X=X, SI=SI,
                full=True)
    emit_gather(c, rng, 'i32', [4, 5], 'i32', [2, 3], G([], [0, 1], [], [], [1, 0], 0), [1, 1], X=X, SI=SI)
    c.note('v = 0 with index vectors of length 1 and rank-1 indices')
    emit_gather(c, rng, 'i32', [6], 'i64', [1], G([0], [], [], [], [0], 0), [4], SI=[5])
    out.append(c)

    c = Chunk('gather_start_index_map', 'start_index_map in both orders on the same data; a map that skips '
              'dimensions (their start is 0)')
    X = distinct(rng, 'i32', 60)
    SI = [1, 2, 3, 0, 2, 2, 0, 4]
    for M in ([0, 1], [1, 0]):
        emit_gather(c, rng, 'i32', [4, 5, 3], 'i32', [4, 2], G([1, 2, 3], [], [], [], M, 1), [1, 2, 3], X=X, SI=SI)
    for M in ([2], [0], [1, 2, 0], [2, 0, 1]):
        sis = [3, len(M)]
        emit_gather(c, rng, 'i32', [4, 5, 3], 'i64', sis, G([1, 2, 3], [], [], [], M, 1), [2, 2, 2], X=X)
    out.append(c)

    c = Chunk('gather_collapsed', 'all dimensions collapsed, none, and some (with offset dims placed first, '
              'last and in between)')
    X = distinct(rng, 'f64', 24)
    emit_gather(c, rng, 'f64', [2, 3, 4], 'i32', [5, 3], G([], [0, 1, 2], [], [], [0, 1, 2], 1), [1, 1, 1], X=X)
    emit_gather(c, rng, 'f64', [2, 3, 4], 'i32', [2, 3], G([1, 2, 3], [], [], [], [2, 1, 0], 1), [2, 2, 3], X=X)
    emit_gather(c, rng, 'f64', [2, 3, 4], 'i32', [3, 2], G([0, 1], [1], [], [], [1, 2], 1), [2, 1, 3], X=X)
    emit_gather(c, rng, 'f64', [2, 3, 4], 'i32', [2, 3], G([0, 2], [0], [], [], [0], 2), [1, 2, 2], X=X)
    emit_gather(c, rng, 'f64', [2, 3, 4], 'i32', [3, 2, 1], G([1], [0, 2], [], [], [2], 2), [1, 3, 1], X=X)
    out.append(c)

    c = Chunk('gather_slice_sizes', 'slice sizes equal to the dimension (every start clamps to 0), 1 and 0 '
              '(zero-size result)')
    X = distinct(rng, 'bf16', 20)
    emit_gather(c, rng, 'bf16', [4, 5], 'i32', [3, 2], G([1, 2], [], [], [], [0, 1], 1), [4, 5], X=X,
                SI=[3, 4, -2, 9, 100, -100])
    emit_gather(c, rng, 'bf16', [4, 5], 'i32', [3, 2], G([1, 2], [], [], [], [0, 1], 1), [1, 1], X=X)
    emit_gather(c, rng, 'bf16', [4, 5], 'i32', [3, 2], G([1, 2], [], [], [], [0, 1], 1), [0, 5], X=X)
    emit_gather(c, rng, 'bf16', [4, 5], 'i32', [3, 2], G([1, 2], [], [], [], [0, 1], 1), [2, 0], X=X)
    emit_gather(c, rng, 'bf16', [4, 5], 'i32', [3, 1], G([1], [1], [], [], [1], 1), [4, 1], X=X, SI=[7, -7, 2])
    out.append(c)

    # clamping with every index type: starts far out, at the bounds, the type extremes
    for it in IDX_TYPES:
        lo, hi = model.int_range(it)
        c = Chunk('gather_clamp_%s' % it, 'starts of type %s: negative, too large and the extremes of the type '
                  'clamp to [0, dim - slice size]%s' % (it, '; uiN values with the top bit set are large (decision 25)'
                                                         if it.startswith('ui') else ''))
        cand = sorted(set(x for x in [lo, lo + 1, -1, 0, 1, 2, 3, 5, 7, 8, 9, 10, 100, 127, 128, 200, 255,
                                      (1 << 31) - 1, 1 << 31, (1 << 63) - 1, 1 << 63, hi - 1, hi, hi // 2 + 1]
                          if lo <= x <= hi))
        emit_gather(c, rng, 'i32', [10], it, [len(cand), 1], G([1], [], [], [], [0], 1), [3],
                    X=list(range(10)), SI=cand)
        SI = [rng.choice(cand) for _ in range(8)]
        emit_gather(c, rng, 'i64', [5, 6], it, [4, 2], G([1, 2], [], [], [], [1, 0], 1), [2, 3], SI=SI)
        emit_gather(c, rng, 'f32', [5, 6], it, [2, 4], G([], [0, 1], [], [], [0, 1], 0), [1, 1],
                    SI=[rng.choice(cand) for _ in range(8)])
        out.append(c)

    c = Chunk('gather_batching', 'operand_batching_dims / start_indices_batching_dims: one pair, two pairs in '
              'crossed order, with index_vector_dim trailing and in the middle, batching slice size 0')
    emit_gather(c, rng, 'i32', [3, 5], 'i32', [3, 2, 1], G([2], [], [0], [0], [1], 2), [1, 2])
    emit_gather(c, rng, 'i32', [2, 4, 3], 'i64', [3, 2, 1], G([1], [], [0, 2], [1, 0], [1], 2), [1, 2, 1])
    emit_gather(c, rng, 'i32', [2, 4, 3], 'i64', [3, 2], G([1], [], [0, 2], [1, 0], [1], 2), [1, 2, 1])
    emit_gather(c, rng, 'i32', [4, 3, 5], 'i32', [3, 2, 2, 4], G([], [1, 2], [0], [3], [2, 1], 1), [1, 1, 1])
    emit_gather(c, rng, 'i32', [4, 3, 5], 'ui16', [3, 2, 4], G([1], [1], [0], [2], [2, 1], 1), [0, 1, 3])
    emit_gather(c, rng, 'i32', [2, 6], 'i8', [2, 3], G([2], [], [0], [0], [1], 2), [0, 3])
    out.append(c)

    c = Chunk('gather_zero_size', 'zero-size indices, zero-size slices, a rank-0 operand with empty index '
              'vectors, an empty start_index_map on a rank-2 operand, a collapsed slice size 0 with an empty result')
    emit_gather(c, rng, 'i32', [4, 5], 'i32', [0, 2], G([1, 2], [], [], [], [0, 1], 1), [2, 2], SI=[])
    emit_gather(c, rng, 'i32', [4, 0], 'i32', [3, 1], G([1, 2], [], [], [], [0], 1), [2, 0], SI=[1, 5, -1])
    emit_gather(c, rng, 'f16', [], 'i64', [3, 0], G([], [], [], [], [], 1), [], SI=[])
    emit_gather(c, rng, 'f16', [], 'i64', [0], G([], [], [], [], [], 0), [], SI=[])
    emit_gather(c, rng, 'i16', [4, 5], 'i32', [2, 0, 3], G([2, 3], [], [], [], [], 1), [2, 3], SI=[])
    # slice size 0 on a collapsed dimension with an empty result (issue 39): nothing is read
    emit_gather(c, rng, 'f32', [2, 3], 'i64', [1, 1], G([1], [0], [], [], [0], 1), [0, 0],
                X=[enc('f32', k) for k in (1, 2, 3, 4, 5, 6)], SI=[1])
    out.append(c)

    c = Chunk('gather_forms', 'attributes as properties <{...}>, fields in another order, every field written '
              '(empty lists, index_vector_dim = 0), indices_are_sorted = true on unsorted indices, no flag')
    X = distinct(rng, 'i32', 30)
    d = G([1, 2], [], [], [], [1, 0], 1)
    SI = [4, 1, 0, 2, 3, 0]
    emit_gather(c, rng, 'i32', [5, 6], 'i32', [3, 2], d, [2, 3], X=X, SI=SI, form='prop')
    emit_gather(c, rng, 'i32', [5, 6], 'i32', [3, 2], d, [2, 3], X=X, SI=SI, order=[5, 4, 3, 2, 1, 0])
    emit_gather(c, rng, 'i32', [5, 6], 'i32', [3, 2], d, [2, 3], X=X, SI=SI, full=True, order=[4, 0, 5, 1, 3, 2])
    emit_gather(c, rng, 'i32', [5, 6], 'i32', [3, 2], d, [2, 3], X=X, SI=SI, extra=', indices_are_sorted = true')
    emit_gather(c, rng, 'i32', [5, 6], 'i32', [3, 2], d, [2, 3], X=X, SI=SI, extra='', form='prop')
    out.append(c)

    c = Chunk('gather_computed_indices', 'indices computed at run time (iota, add), not constants')
    X = distinct(rng, 'i32', 12)
    x = c.const('i32', [12], X, 'x')
    c.add('  %io = stablehlo.iota dim = 0 : tensor<6x1xi32>')
    c.add('  %k3 = stablehlo.constant dense<3> : tensor<6x1xi32>')
    c.add('  %ix = stablehlo.multiply %io, %k3 : tensor<6x1xi32>')
    SI = [3 * k for k in range(6)]
    d = G([1], [], [], [], [0], 1)
    nm, rs = gather_op(c, x, 'ix', 'i32', [12], 'i32', [6, 1], d, [4])
    rs, R = gather_ref(X, [12], SI, [6, 1], d, [4])
    c.pin(nm, 'i32', rs, R)
    out.append(c)

    for k in range(40):
        c = Chunk('gather_random_%d' % k, 'random dimension numbers (model: SPEC 9.4.1)')
        for _ in range(3):
            xs, sis, d, ss = rand_gather_cfg(rng)
            emit_gather(c, rng, rng.choice(STRUCT_TYPES), xs, rng.choice(IDX_TYPES), sis, d, ss,
                        form=rng.choice(['attr', 'attr', 'prop']))
        out.append(c)
    return out


def gather_type_chunks(rng):
    out = []
    for t in TYPES:
        c = Chunk('gather_%s' % gen.fname(t), 'gather on %s: operands with the specials of the type, pinned bit '
                  'for bit' % t)
        X = operand(rng, t, 10)
        emit_gather(c, rng, t, [10], 'i64', [2, 1], GDims([1], [], [], [], [0], 1), [3], X=X, SI=[8, -5])
        emit_gather(c, rng, t, [10], 'ui8', [10], GDims([], [0], [], [], [0], 1), [1], X=X,
                    SI=[9, 0, 200, 3, 255, 128, 4, 7, 1, 2])
        for _ in range(3):
            xs, sis, d, ss = rand_gather_cfg(rng)
            emit_gather(c, rng, t, xs, rng.choice(IDX_TYPES), sis, d, ss, X=operand(rng, t, size(xs)))
        out.append(c)
    return out


# ------------------------------------------------------------------ scatter cases

BODY_KINDS = ['add', 'add_rev', 'subtract', 'subtract_rev', 'multiply', 'maximum', 'minimum', 'or', 'and', 'xor',
              'replace', 'keep', 'twice_plus', 'upd_twice', 'outer', 'select_gt', 'constant', 'neg_add']


def body_argmax(t0, t1):
    return Body('(select(upd0 > cur0, upd0, cur0), select(upd0 > cur0, upd1, cur1))', [t0, t1],
                [('cmp', 'p', 'GT', cmp_type(t0), 'u0', 'c0'), ('sel', 's0', 'p', 'u0', 'c0'),
                 ('sel', 's1', 'p', 'u1', 'c1')], ['s0', 's1'])


def body_pair(t0, t1):
    return Body('(add(cur0, upd0), maximum(cur1, upd1))', [t0, t1],
                [('bin', 's0', 'add', 'c0', 'u0'), ('bin', 's1', 'maximum', 'c1', 'u1')], ['s0', 's1'])


def body_swap(t):
    return Body('(upd1, upd0): each result takes the other update', [t, t], [], ['u1', 'u0'])


def body_cross(t0, t1):
    return Body('(cur0 + convert(upd1), cur1 - convert(upd0)): each result reads both', [t0, t1],
                [('cvt', 'k0', 'u1', t0), ('bin', 's0', 'add', 'c0', 'k0'),
                 ('cvt', 'k1', 'u0', t1), ('bin', 's1', 'subtract', 'c1', 'k1')], ['s0', 's1'])


def body_three(t0, t1, t2):
    return Body('(add(cur0, upd0), cur1, upd2)', [t0, t1, t2], [('bin', 's0', 'add', 'c0', 'u0')],
                ['s0', 'c1', 'u2'])


OUTER_COUNT = [0]


def outer_value(rng, t):
    """A rank-0 value of the function for the 'outer' body (a fresh name each time)."""
    OUTER_COUNT[0] += 1
    return {'@w%d' % OUTER_COUNT[0]: (t, enc(t, rng.choice([2, 3, -1, 0.5])) if t != 'i1' else 1)}


def emit_scatter(c, rng, body, ishape, sitype, sishape, ushape, d, INS=None, SI=None, UPS=None, vals=None,
                 check_order=False, **kw):
    """Emits constants, the scatter and the pins; returns the model's results."""
    tys = body.tys
    vals = vals or distinct
    err = scatter_check(ishape, sishape, sitype, ushape, d)
    assert err is None, (err, ishape, sishape, vars(d), ushape)
    if INS is None:
        INS = [vals(rng, t, size(ishape)) for t in tys]
    if SI is None:
        SI = scatter_indices(rng, sitype, sishape, d, ishape, ushape)
    if UPS is None:
        UPS = [vals(rng, t, size(ushape)) for t in tys]
    for nm, ov in body.outer.items():
        if nm not in c.__dict__.setdefault('outer', set()):
            t, val = ov[0], ov[1]
            c.add('  %%%s = stablehlo.constant %s' % (
                nm[1:], gen.dense(t, [len(val)], val) if isinstance(val, list) else gen.dense(t, [], [val])))
            c.outer.add(nm)
    ins = [c.const(t, ishape, X, 'x') for t, X in zip(tys, INS)]
    si = c.const(sitype, sishape, SI, 'i')
    ups = [c.const(t, ushape, U, 'v') for t, U in zip(tys, UPS)]
    names = scatter_op(c, ins, si, ups, tys, ishape, sitype, sishape, ushape, d, body, **kw)
    R, applied, skipped = scatter_ref(INS, ishape, SI, sishape, UPS, ushape, d, body)
    if check_order:
        R2 = scatter_ref(INS, ishape, SI, sishape, UPS, ushape, d, body, reverse=True)[0]
        assert R2 != R, 'this case does not depend on the update order'
    for nm, t, X in zip(names, tys, R):
        c.pin(nm, t, ishape, X)
    c.__dict__.setdefault('stats', []).append((applied, skipped))
    return R


def scatter_chunks(rng):
    out = []
    S = SDims
    add_i32 = body1('add', 'i32')

    c = Chunk('scatter_spec_example', 'SPEC 9.4.2 example / 9.A vector 3: the window at 3 is partly out of bounds; '
              'only its last element is skipped (decision 32; XLA would skip the whole window)')
    R = emit_scatter(c, rng, add_i32, [5], 'i64', [1, 1], [1, 3], S([1], [], [], [], [0], 1),
                     INS=[[0] * 5], SI=[3], UPS=[[1, 1, 1]])
    assert R == [[0, 0, 0, 1, 1]]
    out.append(c)

    c = Chunk('scatter_spec_syntax', 'the dimension numbers of the SPEC 9.4.2 syntax example (add), several index '
              'sets, some windows partly outside')
    d = S([2, 3], [0], [], [], [1, 0], 2)
    X = iota_vals('i64', 24)
    for SI in ([0, 1, 2, 0, 1, 1, 3, 2, 0, 0, 2, 1], [-1, 0, 3, 2, 1, 3, 0, -1, 2, 3, 1, 1], None):
        emit_scatter(c, rng, body1('add', 'i64'), [3, 4, 2], 'i64', [2, 3, 2], [2, 3, 2, 2], d, INS=[X], SI=SI)
    out.append(c)

    c = Chunk('scatter_out_of_bounds', 'negative starts, starts past the end, windows partly outside in one or two '
              'dimensions, far outside, the extremes of the index type: each element is skipped alone')
    d = S([1], [], [], [], [0], 1)
    emit_scatter(c, rng, add_i32, [6], 'i32', [6, 1], [6, 3], d, INS=[[0] * 6], SI=[-1, -2, -3, 4, 5, 6],
                 UPS=[[k + 1 for k in range(18)]])
    emit_scatter(c, rng, body1('replace', 'i32'), [6], 'i64', [4, 1], [4, 3], d,
                 SI=[-(1 << 63), (1 << 63) - 1, -100, 100])
    emit_scatter(c, rng, body1('replace', 'i32'), [6], 'ui64', [4, 1], [4, 3], d,
                 SI=[(1 << 64) - 1, 1 << 63, 4, 0])
    emit_scatter(c, rng, body1('replace', 'f32'), [4, 5], 'i32', [5, 2], [5, 2, 3], S([1, 2], [], [], [], [0, 1], 1),
                 SI=[-1, -1, 3, 3, -1, 4, 2, -2, 100, 0])
    emit_scatter(c, rng, body1('add', 'f64'), [3, 4], 'i8', [3, 2], [3, 2], S([1], [0], [], [], [0, 1], 1),
                 SI=[2, 3, -1, 0, 3, 0])
    out.append(c)

    c = Chunk('scatter_unsigned_indices', 'unsigned indices by value (decision 25): ui8 255 is far past the end and '
              'skips the whole window (REF reads -1 and writes two elements); ui8 200, ui4 15, ui2 3')
    emit_scatter(c, rng, add_i32, [6], 'ui8', [4, 1], [4, 3], S([1], [], [], [], [0], 1), INS=[[0] * 6],
                 SI=[255, 200, 128, 4], UPS=[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]])
    emit_scatter(c, rng, add_i32, [6], 'ui4', [3, 1], [3, 2], S([1], [], [], [], [0], 1), INS=[[0] * 6],
                 SI=[15, 8, 5], UPS=[[1, 2, 3, 4, 5, 6]])
    emit_scatter(c, rng, add_i32, [6], 'ui2', [3], [3, 2], S([1], [], [], [], [0], 1), INS=[[0] * 6],
                 SI=[3, 2, 1], UPS=[[1, 2, 3, 4, 5, 6]])
    emit_scatter(c, rng, add_i32, [6], 'i2', [3], [3, 2], S([1], [], [], [], [0], 1), INS=[[0] * 6],
                 SI=[-2, -1, 1], UPS=[[1, 2, 3, 4, 5, 6]])
    out.append(c)

    # repeated indices: the result depends on the row-major update order
    for t in ['f8E4M3FN', 'bf16', 'f16', 'f32', 'f8E5M2', 'f4E2M1FN']:
        c = Chunk('scatter_order_%s' % gen.fname(t), 'repeated indices, add in %s: updates combine in the row-major '
                  'order of the update index, rounding at each step (each op here gives another result when the '
                  'updates are applied backwards)' % t)
        for k in range(3):
            ok = False
            while not ok:
                n = rng.choice([6, 8, 12])
                SI = [rng.randint(0, 2) for _ in range(n)]
                f = FMTS[t]
                mags = [rng.choice([1, 3, 5, 7]) * Fraction(2) ** rng.randint(-3, f.p + 1) for _ in range(n)]
                UPS = [[model.encode(f, rng.random() < 0.3, m) for m in mags]]
                INS = [[enc(t, rng.choice([0, 1, 2 ** f.p, 3]) * rng.choice([1, -1])) for _ in range(3)]]
                R = scatter_ref(INS, [3], SI, [n], UPS, [n], S([], [0], [], [], [0], 1), body1('add', t))[0]
                R2 = scatter_ref(INS, [3], SI, [n], UPS, [n], S([], [0], [], [], [0], 1), body1('add', t),
                                 reverse=True)[0]
                ok = R != R2
            emit_scatter(c, rng, body1('add' if k != 1 else 'add_rev', t), [3], 'i32', [n], [n],
                         S([], [0], [], [], [0], 1), INS=INS, SI=SI, UPS=UPS)
        out.append(c)

    c = Chunk('scatter_stagnation_f16', 'f16: 2048 + 1 + 1 + ... one update at a time rounds back to 2048 each time '
              '(a tie to even); summing the ones first would give 2056')
    f16 = FMTS['f16']
    R = emit_scatter(c, rng, body1('add', 'f16'), [2], 'i32', [8, 1], [8], S([], [0], [], [], [0], 1),
                     INS=[[enc('f16', 2048), enc('f16', 2049)]], SI=[0] * 8, UPS=[[enc('f16', 1)] * 8])
    assert R == [[enc('f16', 2048), enc('f16', 2048)]] and f16
    R = emit_scatter(c, rng, body1('add', 'bf16'), [1], 'i32', [5, 1], [5], S([], [0], [], [], [0], 1),
                     INS=[[enc('bf16', 256)]], SI=[0] * 5, UPS=[[enc('bf16', 1)] * 4 + [enc('bf16', 4)]])
    assert R == [[enc('bf16', 260)]]
    out.append(c)

    # every body on a few types, with repeated targets and NaN / special values
    for t in ['f32', 'f16', 'i32', 'ui8', 'i1', 'complex<f32>', 'f8E4M3FNUZ', 'i4']:
        c = Chunk('scatter_bodies_%s' % gen.fname(t), 'scatter bodies on %s: one op in both operand orders, '
                  'return upd, return cur, multi-op bodies, a body reading a value of the function, select on '
                  'a compare, a constant; repeated targets, specials' % t)
        for kind in BODY_KINDS:
            if not allowed1(kind, t) or (t in CPLX and kind in ('maximum', 'minimum', 'select_gt')):
                continue
            body = body1(kind, t, outer_value(rng, t) if kind == 'outer' else None)
            ishape, sishape, d, ushape = [4], [6, 1], S([1], [], [], [], [0], 1), [6, 2]
            for vals in (operand, mixed):
                emit_scatter(c, rng, body, ishape, 'i32', sishape, ushape, d, vals=vals,
                             SI=[rng.randint(-1, 3) for _ in range(6)])
        out.append(c)

    c = Chunk('scatter_multi', 'N = 2 and 3 inputs/updates: argmax-style selection on a compare of the first, '
              'independent combiners of different types, swapped updates, bodies that convert between the two')
    d = S([], [0], [], [], [0], 1)
    SI = [1, 0, 1, 3, 1, 0, -1, 4, 2, 1]
    emit_scatter(c, rng, body_argmax('f32', 'i32'), [4], 'i32', [10, 1], [10], d, SI=SI, vals=operand)
    emit_scatter(c, rng, body_argmax('i16', 'f16'), [4], 'i32', [10, 1], [10], d, SI=SI, vals=operand)
    emit_scatter(c, rng, body_pair('bf16', 'ui8'), [4], 'i32', [10, 1], [10], d, SI=SI, vals=operand)
    emit_scatter(c, rng, body_swap('i64'), [4], 'i32', [10, 1], [10], d, SI=SI)
    emit_scatter(c, rng, body_cross('f16', 'i8'), [4], 'i32', [10, 1], [10], d, SI=SI, vals=operand)
    emit_scatter(c, rng, body_three('f32', 'i1', 'complex<f64>'), [4], 'i32', [10, 1], [10], d, SI=SI, vals=operand)
    emit_scatter(c, rng, body_pair('i32', 'f8E5M2'), [3, 4], 'i32', [2, 2, 3], [2, 3, 2],
                 S([2], [1], [], [], [1, 0], 1), vals=operand)
    out.append(c)

    c = Chunk('scatter_batching', 'input_batching_dims / scatter_indices_batching_dims: one pair, two pairs '
              'in crossed order, with index_vector_dim trailing and in the middle')
    emit_scatter(c, rng, body1('add', 'i32'), [3, 5], 'i32', [3, 2, 1], [3, 2, 2], S([2], [], [0], [0], [1], 2))
    emit_scatter(c, rng, body1('add', 'f32'), [2, 4, 3], 'i64', [3, 2, 1], [3, 2, 2],
                 S([2], [], [0, 2], [1, 0], [1], 2))
    emit_scatter(c, rng, body1('add', 'f32'), [2, 4, 3], 'i64', [3, 2], [3, 2, 3],
                 S([2], [], [0, 2], [1, 0], [1], 2))
    emit_scatter(c, rng, body1('replace', 'i32'), [4, 3, 5], 'i32', [3, 2, 2, 4], [3, 2, 4],
                 S([], [1, 2], [0], [3], [2, 1], 1))
    emit_scatter(c, rng, body1('maximum', 'i32'), [4, 3, 5], 'ui16', [3, 2, 4], [3, 4],
                 S([], [1, 2], [0], [2], [2, 1], 1), SI=[rng.randint(0, 4) for _ in range(24)])
    emit_scatter(c, rng, body1('add', 'i32'), [2, 6], 'i8', [2, 3], [2, 3, 2], S([2], [], [0], [0], [1], 2))
    out.append(c)

    c = Chunk('scatter_index_vector_dim', 'index_vector_dim = rank(indices) (implicit trailing 1), in the middle, '
              'absent (= 0); scatter_dims_to_operand_dims in both orders')
    emit_scatter(c, rng, body1('add', 'i32'), [7], 'i32', [5], [5], S([], [0], [], [], [0], 1),
                 SI=[6, 0, 3, 3, 7])
    emit_scatter(c, rng, body1('add', 'i32'), [5, 4], 'i64', [2, 3], [2, 3, 4], S([2], [0], [], [], [0], 2))
    emit_scatter(c, rng, body1('add', 'i32'), [4, 5, 3], 'i32', [2, 2, 3], [2, 3, 1],
                 S([2], [0, 2], [], [], [2, 0], 1))
    X = distinct(rng, 'i32', 20)
    for full in (True, False):
        emit_scatter(c, rng, body1('replace', 'i32'), [4, 5], 'i32', [2, 3], [3], S([], [0, 1], [], [], [1, 0], 0),
                     INS=[X], SI=[1, 3, 0, 2, 0, 4], full=full)
    for M in ([0, 1], [1, 0]):
        emit_scatter(c, rng, body1('replace', 'i32'), [4, 5], 'i32', [3, 2], [3, 2, 2],
                     S([1, 2], [], [], [], M, 1), INS=[X], SI=[0, 0, 2, 3, 3, 1])
    out.append(c)

    c = Chunk('scatter_forms', 'attributes as properties <{...}>, fields in another order, every field written, '
              'unique_indices = true on repeated indices and indices_are_sorted = true on unsorted ones (both '
              'ignored), no flags')
    d = S([1], [0], [], [], [0], 1)
    X = distinct(rng, 'i32', 15)
    SI = [2, 0, 2, 2, 1]
    UP = distinct(rng, 'i32', 15)
    emit_scatter(c, rng, add_i32, [5, 3], 'i32', [5, 1], [5, 3], d, INS=[X], SI=SI, UPS=[UP], form='prop')
    emit_scatter(c, rng, add_i32, [5, 3], 'i32', [5, 1], [5, 3], d, INS=[X], SI=SI, UPS=[UP],
                 order=[5, 4, 3, 2, 1, 0])
    emit_scatter(c, rng, add_i32, [5, 3], 'i32', [5, 1], [5, 3], d, INS=[X], SI=SI, UPS=[UP], full=True,
                 order=[4, 0, 5, 1, 3, 2])
    emit_scatter(c, rng, add_i32, [5, 3], 'i32', [5, 1], [5, 3], d, INS=[X], SI=SI, UPS=[UP],
                 extra=', indices_are_sorted = true, unique_indices = true')
    emit_scatter(c, rng, add_i32, [5, 3], 'i32', [5, 1], [5, 3], d, INS=[X], SI=SI, UPS=[UP], extra='', form='prop')
    out.append(c)

    c = Chunk('scatter_zero_size', 'zero-size updates (nothing changes), a zero-size input, window dimensions of '
              'size 0, a rank-0 input folded with every update in order, an empty index map')
    emit_scatter(c, rng, add_i32, [4, 5], 'i32', [0, 2], [0, 2, 2], S([1, 2], [], [], [], [0, 1], 1), SI=[], UPS=[[]])
    emit_scatter(c, rng, add_i32, [4, 0], 'i32', [3, 1], [3, 2, 0], S([1, 2], [], [], [], [0], 1), SI=[1, 5, -1],
                 UPS=[[]])
    emit_scatter(c, rng, body1('subtract', 'f16'), [], 'i64', [5, 0], [5], S([], [], [], [], [], 1), SI=[],
                 vals=operand)
    emit_scatter(c, rng, body1('add', 'f16'), [], 'i64', [5, 0], [5], S([], [], [], [], [], 1), SI=[],
                 INS=[[enc('f16', 2048)]], UPS=[[enc('f16', 1)] * 4 + [enc('f16', 2)]])
    emit_scatter(c, rng, body1('add', 'i16'), [4, 5], 'i32', [2, 0, 3], [2, 3, 2, 3], S([2, 3], [], [], [], [], 1),
                 SI=[])
    out.append(c)

    c = Chunk('scatter_empty_input_points', 'one element per update into an empty input, the dimension of size 0 '
              'not named by the index (adversarial review N1): every update is skipped, the result is the empty '
              'input; replaced, combined by an 8-bit table, and by a body of two ops')
    zr = random.Random(32)  # its own generator: the other chunks keep their values
    emit_scatter(c, zr, body1('replace', 'complex<f64>'), [0], 'i64', [1, 0], [1], S([], [0], [], [], [], 1), SI=[])
    emit_scatter(c, zr, body1('add', 'f8E4M3FN'), [3, 0], 'i64', [2, 1], [2], S([], [0, 1], [], [], [0], 1),
                 SI=[1, 2])
    emit_scatter(c, zr, body1('replace', 'i32'), [0, 4], 'i32', [3, 1], [3, 1], S([1], [0], [], [], [1], 1),
                 SI=[0, 3, 2])
    emit_scatter(c, zr, body1('twice_plus', 'f16'), [2, 0], 'i64', [2, 1], [2], S([], [0, 1], [], [], [0], 1),
                 SI=[0, 1])
    out.append(c)

    c = Chunk('scatter_computed', 'indices and updates computed at run time; the scatter result used again')
    X = distinct(rng, 'i32', 8)
    x = c.const('i32', [8], X, 'x')
    c.add('  %io = stablehlo.iota dim = 0 : tensor<4x1xi32>')
    c.add('  %k2 = stablehlo.constant dense<2> : tensor<4x1xi32>')
    c.add('  %ix = stablehlo.multiply %io, %k2 : tensor<4x1xi32>')
    c.add('  %up = stablehlo.iota dim = 1 : tensor<4x3xi32>')
    SI = [0, 2, 4, 6]
    UP = [k % 3 for k in range(12)]
    d = S([1], [], [], [], [0], 1)
    nm = scatter_op(c, [x], 'ix', ['up'], ['i32'], [8], 'i32', [4, 1], [4, 3], d, add_i32)[0]
    R = scatter_ref([X], [8], SI, [4, 1], [UP], [4, 3], d, add_i32)[0]
    c.pin(nm, 'i32', [8], R[0])
    nm2 = scatter_op(c, [nm], 'ix', ['up'], ['i32'], [8], 'i32', [4, 1], [4, 3], d, add_i32)[0]
    R2 = scatter_ref(R, [8], SI, [4, 1], [UP], [4, 3], d, add_i32)[0]
    c.pin(nm2, 'i32', [8], R2[0])
    out.append(c)

    c = Chunk('index_same_values', 'one value used twice: scatter with the input as its own updates, gather of an '
              'operand by itself, dynamic_update_slice of a value into itself')
    X = distinct(rng, 'i32', 4)
    x = c.const('i32', [4], X, 'x')
    si = c.const('i32', [0], [], 'i')
    d = S([0], [], [], [], [], 0)
    nm = scatter_op(c, [x], si, [x], ['i32'], [4], 'i32', [0], [4], d, add_i32)[0]
    c.pin(nm, 'i32', [4], scatter_ref([X], [4], [], [0], [X], [4], d, add_i32)[0][0])
    P = [2, 0, 3, 1]
    p = c.const('i32', [4], P, 'x')
    dg = GDims([], [0], [], [], [0], 1)
    nm, rs = gather_op(c, p, p, 'i32', [4], 'i32', [4], dg, [1])
    c.pin(nm, 'i32', rs, gather_ref(P, [4], P, [4], dg, [1])[1])
    k1 = c.const('i32', [], [1], 's')
    nm = dus_op(c, x, x, [k1], 'i32', [4], [4], ['i32'])
    c.pin(nm, 'i32', [4], X)
    c.note('one value as input, indices and updates: scatter(%q, %q, %q)')
    Q = [3, -1, 0, 3, 2]
    q = c.const('i32', [5], Q, 'x')
    dq = S([], [0], [], [], [0], 1)
    for body in (add_i32, body1('twice_plus', 'i32')):
        nm = scatter_op(c, [q], q, [q], ['i32'], [5], 'i32', [5], [5], dq, body)[0]
        c.pin(nm, 'i32', [5], scatter_ref([Q], [5], Q, [5], [Q], [5], dq, body)[0][0])
    out.append(c)

    c = Chunk('scatter_long_folds', '1000 updates of 0.1 into one f32 element and 300 updates of 0.1 into one bf16 '
              'element (one rounding per update, in order), spread over two targets')
    for t, n in (('f32', 1000), ('bf16', 300)):
        tenth = model.encode(FMTS[t], False, Fraction(1, 10))
        emit_scatter(c, rng, body1('add', t), [2], 'i32', [n, 1], [n], S([], [0], [], [], [0], 1),
                     INS=[[0, enc(t, 1)]], SI=[k % 3 for k in range(n)], UPS=[[tenth] * n])
    out.append(c)

    c = Chunk('scatter_multi_operand_order', 'N = 2 and 3: updates defined in another order than the inputs, the '
              'same value as two updates, inputs used as updates; each update k must come from operand N+1+k')
    X = distinct(rng, 'i32', 4)
    Y = distinct(rng, 'i32', 4)
    x = c.const('i32', [4], X, 'x')
    y = c.const('i32', [4], Y, 'y')
    si = c.const('i32', [2, 1], [0, 1], 'i')
    d1 = S([], [0], [], [], [0], 1)
    U = [[7, 8], [70, 80]]
    u1 = c.const('i32', [2], U[1], 'v')
    u0 = c.const('i32', [2], U[0], 'v')
    sc = [c.const('i32', [2], [1000, 2000], 'v')]
    for ins, ups, UPS in (([x, y], [u0, u1], U), ([x, y], [u1, u0], U[::-1]), ([x, y], [u0, u0], [U[0], U[0]])):
        b2 = body_pair('i32', 'i32')
        nms = scatter_op(c, ins, si, ups, ['i32', 'i32'], [4], 'i32', [2, 1], [2], d1, b2)
        for nm, R in zip(nms, scatter_ref([X, Y], [4], [0, 1], [2, 1], UPS, [2], d1, b2)[0]):
            c.pin(nm, 'i32', [4], R)
    si0 = c.const('i32', [0], [], 'i')
    d0 = S([0], [], [], [], [], 0)
    for ins, ups, INS, UPS in (([x, x], [x, x], [X, X], [X, X]), ([x, y], [y, x], [X, Y], [Y, X])):
        b2 = body_cross('i32', 'i32')
        nms = scatter_op(c, ins, si0, ups, ['i32', 'i32'], [4], 'i32', [0], [4], d0, b2)
        for nm, R in zip(nms, scatter_ref(INS, [4], [], [0], UPS, [4], d0, b2)[0]):
            c.pin(nm, 'i32', [4], R)
    b3 = body_three('i32', 'i32', 'i32')
    nms = scatter_op(c, [x, y, x], si, [sc[0], u1, u0], ['i32'] * 3, [4], 'i32', [2, 1], [2], d1, b3)
    for nm, R in zip(nms, scatter_ref([X, Y, X], [4], [0, 1], [2, 1], [[1000, 2000], U[1], U[0]], [2], d1, b3)[0]):
        c.pin(nm, 'i32', [4], R)
    out.append(c)

    c = Chunk('index_in_regions', 'a scatter body with an if and with a dynamic_slice of a function value; '
              'scatter and dynamic_update_slice inside a while body')
    body = Body('if cur > upd then cur + upd else cur - upd', ['f32'],
                [('cmp', 'p', 'GT', 'FLOAT', 'c0', 'u0'), ('if', 's', 'p', ('add', 'c0', 'u0'),
                                                           ('subtract', 'c0', 'u0'))], ['s'])
    emit_scatter(c, rng, body, [4], 'i32', [6, 1], [6, 2], S([1], [], [], [], [0], 1), vals=mixed,
                 SI=[0, 2, 1, 2, -1, 3])
    tbl = distinct(rng, 'i16', 5)
    body = Body('cur + table[clamp(upd, 0, 4)] (a dynamic_slice of a value of the function)', ['i16'],
                [('lookup', 'l', '@tbl', 'u0'), ('bin', 's', 'add', 'c0', 'l')], ['s'], outer={'@tbl': ('i16', tbl)})
    emit_scatter(c, rng, body, [3], 'i32', [8, 1], [8], S([], [0], [], [], [0], 1),
                 SI=[0, 1, 2, 0, 1, 2, 2, 3], UPS=[[-3, 0, 4, 5, 2, 100, -100, 1]])
    # a while loop: 3 iterations of acc = scatter(acc, idx, upd) (add), then dus of the counter
    X = distinct(rng, 'i32', 6)
    x = c.const('i32', [6], X, 'x')
    si = c.const('i32', [3, 1], [1, 4, 1], 'i')
    UP = [1, 2, 10, 20, 100, 200]
    up = c.const('i32', [3, 2], UP, 'v')
    d = S([1], [], [], [], [0], 1)
    c.add('  %zero = stablehlo.constant dense<0> : tensor<i32>')
    c.add('  %w:2 = stablehlo.while(%k = %zero, %acc = %' + x + ') : tensor<i32>, tensor<6xi32>')
    c.add('    cond {')
    c.add('      %three = stablehlo.constant dense<3> : tensor<i32>')
    c.add('      %lt = stablehlo.compare LT, %k, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>')
    c.add('      stablehlo.return %lt : tensor<i1>')
    c.add('    } do {')
    c.add('      %one = stablehlo.constant dense<1> : tensor<i32>')
    c.add('      %k1 = stablehlo.add %k, %one : tensor<i32>')
    sub = Chunk('sub')
    sub.k = 100
    nm = scatter_op(sub, ['acc'], si, [up], ['i32'], [6], 'i32', [3, 1], [3, 2], d, add_i32)[0]
    c.lines += ['    ' + ln for ln in sub.lines]
    c.add('      %kv = stablehlo.reshape %k1 : (tensor<i32>) -> tensor<1xi32>')
    c.add('      %acc2 = stablehlo.dynamic_update_slice %' + nm + ', %kv, %k : (tensor<6xi32>, tensor<1xi32>, '
          'tensor<i32>) -> tensor<6xi32>')
    c.add('      stablehlo.return %k1, %acc2 : tensor<i32>, tensor<6xi32>')
    c.add('    }')
    acc = [X]
    for k in range(3):
        acc = scatter_ref(acc, [6], [1, 4, 1], [3, 1], [UP], [3, 2], d, add_i32)[0]
        acc = [dus_ref(acc[0], [6], [k + 1], [1], [k])]
    c.pin('w#1', 'i32', [6], acc[0])
    out.append(c)

    for k in range(45):
        c = Chunk('scatter_random_%d' % k, 'random dimension numbers and bodies (model: SPEC 9.4.2)')
        for _ in range(2):
            ishape, sishape, d, ushape = rand_scatter_cfg(rng)
            t = rng.choice(STRUCT_TYPES)
            kind = rng.choice([kk for kk in BODY_KINDS if allowed1(kk, t)
                               and not (t in CPLX and kk in ('maximum', 'minimum', 'select_gt'))])
            body = body1(kind, t, outer_value(rng, t) if kind == 'outer' else None)
            emit_scatter(c, rng, body, ishape, rng.choice(IDX_TYPES), sishape, ushape, d,
                         form=rng.choice(['attr', 'attr', 'prop']), vals=rng.choice([distinct, operand]))
        out.append(c)
    return out


def scatter_type_chunks(rng):
    out = []
    S = SDims
    for t in TYPES:
        c = Chunk('scatter_%s' % gen.fname(t), 'scatter on %s: return upd (the last update of a target wins), add with '
                  'repeated targets, %s; partial windows' % (
                      t, 'or/and' if t == 'i1' else 'maximum/minimum' if t not in CPLX else 'subtract'))
        d = S([1], [], [], [], [0], 1)
        emit_scatter(c, rng, body1('replace', t), [6], 'i32', [5, 1], [5, 3], d, vals=operand,
                     SI=[0, 4, -1, 2, 3])
        ishape, sishape, d2, ushape = rand_scatter_cfg(rng, small=True)
        emit_scatter(c, rng, body1('replace', t), ishape, rng.choice(IDX_TYPES), sishape, ushape, d2, vals=operand)
        emit_scatter(c, rng, body1('add', t), [3], 'i64', [8, 1], [8, 2], d, vals=operand,
                     SI=[rng.randint(-1, 2) for _ in range(8)])
        others = ['or', 'and'] if t == 'i1' else ['subtract'] if t in CPLX else ['maximum', 'minimum']
        for kind in others:
            emit_scatter(c, rng, body1(kind, t), [3], 'ui8', [8, 1], [8, 2], d, vals=operand,
                         SI=[rng.randint(0, 2) for _ in range(8)])
        out.append(c)
    return out


# ------------------------------------------------------------------ dynamic_slice / dynamic_update_slice cases


def mixed(rng, t, n):
    """n values of t, specials rare (gen_layout.elem)."""
    return [gen_layout.elem(rng, t, 0.08) for _ in range(n)]


def start_cands(it):
    lo, hi = model.int_range(it)
    return sorted(set(x for x in [lo, lo + 1, -3, -1, 0, 1, 2, 3, 4, 5, 7, 9, 127, 128, 200, 255, 1 << 15,
                                  (1 << 31) - 1, 1 << 31, (1 << 63) - 1, 1 << 63, hi - 1, hi]
                      if lo <= x <= hi))


def emit_ds(c, rng, et, xshape, sizes, stypes, starts, X=None, generic=False):
    X = X if X is not None else distinct(rng, et, size(xshape))
    x = c.const(et, xshape, X, 'x')
    ss = [c.const(st, [], [v], 's') for st, v in zip(stypes, starts)]
    nm = dslice_op(c, x, ss, et, xshape, stypes, sizes, generic)
    c.pin(nm, et, sizes, dslice_ref(X, xshape, starts, sizes))


def emit_dus(c, rng, et, xshape, ushape, stypes, starts, X=None, U=None, generic=False):
    X = X if X is not None else distinct(rng, et, size(xshape))
    U = U if U is not None else distinct(rng, et, size(ushape))
    x = c.const(et, xshape, X, 'x')
    u = c.const(et, ushape, U, 'w')
    ss = [c.const(st, [], [v], 's') for st, v in zip(stypes, starts)]
    nm = dus_op(c, x, u, ss, et, xshape, ushape, stypes, generic)
    c.pin(nm, et, xshape, dus_ref(X, xshape, U, ushape, starts))


def rand_starts(rng, xshape, sizes, stypes, spread=3):
    return [idx_val(rng, st, -spread, n - z + spread) for n, z, st in zip(xshape, sizes, stypes)]


def dyn_chunks(rng):
    out = []
    c = Chunk('dynamic_slice_spec_vector', '9.A vector 4: a 3x3 slice of a 3x3 operand at (3, 3) clamps to (0, 0); '
              'SPEC 9.4.3 and 9.4.4 syntax examples')
    emit_ds(c, rng, 'f32', [3, 3], [3, 3], ['i64', 'i64'], [3, 3], X=[enc('f32', 1)] * 9)
    emit_ds(c, rng, 'i32', [4, 4], [2, 2], ['i64', 'i64'], [1, 3], X=list(range(16)))
    emit_dus(c, rng, 'i64', [4, 4], [2, 3], ['i64', 'i64'], [3, 2], X=[0] * 16, U=[1, 2, 3, 4, 5, 6])
    out.append(c)

    for r in range(4):
        c = Chunk('dynamic_slice_rank%d' % r, 'rank %d: starts clamped to [0, dim - size] in every dimension '
                  '(negative, too large, in range), sizes 0, 1 and full, pretty and generic forms; '
                  'dynamic_update_slice likewise' % r)
        for k in range(6):
            xshape = [rng.randint(1, 5) for _ in range(r)]
            if k == 5 and r:
                xshape[rng.randrange(r)] = 0
            sizes = [rng.choice([0, n, rng.randint(min(1, n), n), rng.randint(min(1, n), n)]) for n in xshape]
            stypes = [rng.choice(IDX_TYPES) for _ in range(r)]
            starts = rand_starts(rng, xshape, sizes, stypes)
            et = rng.choice(STRUCT_TYPES)
            emit_ds(c, rng, et, xshape, sizes, stypes, starts, generic=(k % 2 == 1))
            ushape = [rng.choice([0, n, rng.randint(min(1, n), n)]) for n in xshape]
            starts = rand_starts(rng, xshape, ushape, stypes)
            emit_dus(c, rng, et, xshape, ushape, stypes, starts, generic=(k % 3 == 1))
        if r:
            c.note('every dimension clamped low, then every dimension clamped high')
            xshape = [rng.randint(2, 5) for _ in range(r)]
            sizes = [rng.randint(1, n - 1) for n in xshape]
            for starts in ([-5] * r, [99] * r):
                emit_ds(c, rng, 'i32', xshape, sizes, ['i32'] * r, starts)
                emit_dus(c, rng, 'i32', xshape, sizes, ['i32'] * r, starts)
        out.append(c)

    for it in IDX_TYPES:
        c = Chunk('dynamic_slice_start_%s' % it, 'start operands of type %s: every candidate start on a 10-element '
                  'operand (size 3), then in a rank-2 operand%s' % (
                      it, '; uiN values with the top bit set are large and clamp high (decision 25)'
                      if it.startswith('ui') else ''))
        X = list(range(10))
        for v in start_cands(it):
            emit_ds(c, rng, 'i8', [10], [3], [it], [v], X=X)
        for v in start_cands(it)[::2]:
            emit_dus(c, rng, 'i8', [10], [3], [it], [v], X=X, U=[-1, -2, -3])
        cand = start_cands(it)
        emit_ds(c, rng, 'f32', [4, 6], [2, 3], [it, it], [rng.choice(cand), rng.choice(cand)])
        emit_dus(c, rng, 'f32', [4, 6], [2, 3], [it, it], [rng.choice(cand), rng.choice(cand)])
        out.append(c)

    c = Chunk('dynamic_slice_mixed_start_types', 'start operands of different integer types in one op (SPEC wants '
              'one type; REF and ir-run accept any integer types)')
    for _ in range(4):
        stypes = [rng.choice(IDX_TYPES) for _ in range(3)]
        xshape = [3, 4, 5]
        sizes = [rng.randint(0, n) for n in xshape]
        emit_ds(c, rng, 'i16', xshape, sizes, stypes, rand_starts(rng, xshape, sizes, stypes))
        emit_dus(c, rng, 'i16', xshape, sizes, stypes, rand_starts(rng, xshape, sizes, stypes))
    out.append(c)

    c = Chunk('dynamic_slice_computed_starts', 'starts computed at run time; dynamic_update_slice of a '
              'dynamic_slice back into its operand')
    X = distinct(rng, 'i32', 20)
    x = c.const('i32', [4, 5], X, 'x')
    c.add('  %one = stablehlo.constant dense<1> : tensor<i32>')
    c.add('  %two = stablehlo.add %one, %one : tensor<i32>')
    c.add('  %big = stablehlo.multiply %two, %two : tensor<i32>')
    nm = dslice_op(c, x, ['two', 'big'], 'i32', [4, 5], ['i32', 'i32'], [2, 3])
    D = dslice_ref(X, [4, 5], [2, 4], [2, 3])
    c.pin(nm, 'i32', [2, 3], D)
    nm2 = dus_op(c, x, nm, ['one', 'one'], 'i32', [4, 5], [2, 3], ['i32', 'i32'])
    c.pin(nm2, 'i32', [4, 5], dus_ref(X, [4, 5], D, [2, 3], [1, 1]))
    out.append(c)
    return out


def dyn_type_chunks(rng):
    out = []
    for t in TYPES:
        c = Chunk('dynamic_slice_%s' % gen.fname(t), 'dynamic_slice and dynamic_update_slice on %s, ranks 0-3, '
                  'clamped starts, pinned bit for bit' % t)
        for r, xshape in enumerate([[], [7], [3, 4], [2, 3, 4]]):
            sizes = [rng.randint(1, n) for n in xshape]
            stypes = [rng.choice(IDX_TYPES) for _ in range(r)]
            X = operand(rng, t, size(xshape))
            emit_ds(c, rng, t, xshape, sizes, stypes, rand_starts(rng, xshape, sizes, stypes), X=X,
                    generic=(r == 2))
            emit_dus(c, rng, t, xshape, sizes, stypes, rand_starts(rng, xshape, sizes, stypes), X=X,
                     U=operand(rng, t, size(sizes)), generic=(r == 3))
        out.append(c)
    return out


# ------------------------------------------------------------------ failing checks (tests/interpret/fail/index.mlir)


def first_mismatch(shape, got, want):
    for i, (a, b) in zip(indices(shape), zip(got, want)):
        if a != b:
            return list(i), a, b
    raise AssertionError('no mismatch')


def fail_chunks(rng):
    """Each chunk checks a result against the value of another reading of the
    rules (REF's sign-extended unsigned indices, XLA's whole-window skipping,
    another update order, no clamping): the check must fail at the first
    element where the two differ. Returns [(chunk, expected error lines)]."""
    out = []

    def expect(c, shape, got, want):
        i, a, b = first_mismatch(shape, got, want)
        return ['error: check.expect_eq_const failed in function @%s' % c.name,
                "Element values don't match: %d (actual) vs %d (expected) at index %s" % (a, b, lst(i))]

    c = Chunk('gather_ui8_read_as_ref', 'ui8 start 200 with REF\'s sign extension (-56, clamped to 0): ir-run '
              'reads 200 (decision 25) and clamps to 7')
    x = c.const('i32', [10], list(range(10)), 'x')
    si = c.const('ui8', [1, 1], [200], 'i')
    d = GDims([1], [], [], [], [0], 1)
    nm, rs = gather_op(c, x, si, 'i32', [10], 'ui8', [1, 1], d, [3])
    got = gather_ref(list(range(10)), [10], [200], [1, 1], d, [3])[1]
    want = gather_ref(list(range(10)), [10], [200 - 256], [1, 1], d, [3])[1]
    c.add('  check.expect_eq_const %%%s, %s' % (nm, gen.dense('i32', rs, want)))
    out.append((c, expect(c, rs, got, want)))

    c = Chunk('gather_map_order', 'start_index_map = [1, 0] checked against the result of [0, 1]')
    X = list(range(20))
    x = c.const('i32', [4, 5], X, 'x')
    si = c.const('i32', [1, 2], [1, 3], 'i')
    d = GDims([1, 2], [], [], [], [1, 0], 1)
    nm, rs = gather_op(c, x, si, 'i32', [4, 5], 'i32', [1, 2], d, [2, 2])
    got = gather_ref(X, [4, 5], [1, 3], [1, 2], d, [2, 2])[1]
    want = gather_ref(X, [4, 5], [1, 3], [1, 2], GDims([1, 2], [], [], [], [0, 1], 1), [2, 2])[1]
    c.add('  check.expect_eq_const %%%s, %s' % (nm, gen.dense('i32', rs, want)))
    out.append((c, expect(c, rs, got, want)))

    c = Chunk('scatter_whole_window_skipped', 'SPEC 9.4.2 example checked against XLA\'s rule (the whole window '
              'dropped): ir-run skips only the out-of-bounds element (decision 32)')
    add = body1('add', 'i32')
    x = c.const('i32', [5], [0] * 5, 'x')
    si = c.const('i64', [1, 1], [3], 'i')
    up = c.const('i32', [1, 3], [1, 1, 1], 'v')
    d = SDims([1], [], [], [], [0], 1)
    nm = scatter_op(c, [x], si, [up], ['i32'], [5], 'i64', [1, 1], [1, 3], d, add)[0]
    got = scatter_ref([[0] * 5], [5], [3], [1, 1], [[1, 1, 1]], [1, 3], d, add)[0][0]
    want = [0] * 5
    c.add('  check.expect_eq_const %%%s, %s' % (nm, gen.dense('i32', [5], want)))
    out.append((c, expect(c, [5], got, want)))

    c = Chunk('scatter_backwards_order', 'f16 2048 + 1 (eight updates to one target): checked against the sum of '
              'the ones first (2056); row-major, one rounding per update, stays 2048 (pinned as ui16)')
    body = body1('add', 'f16')
    x = c.const('f16', [1], [enc('f16', 2048)], 'x')
    si = c.const('i32', [8, 1], [0] * 8, 'i')
    up = c.const('f16', [8], [enc('f16', 1)] * 8, 'v')
    d = SDims([], [0], [], [], [0], 1)
    nm = scatter_op(c, [x], si, [up], ['f16'], [1], 'i32', [8, 1], [8], d, body)[0]
    got = scatter_ref([[enc('f16', 2048)]], [1], [0] * 8, [8, 1], [[enc('f16', 1)] * 8], [8], d, body)[0][0]
    want = [enc('f16', 2056)]
    c.add('  %b = stablehlo.bitcast_convert %' + nm + ' : (tensor<1xf16>) -> tensor<1xui16>')
    c.add('  check.expect_eq_const %%b, %s' % gen.dense('ui16', [1], want))
    out.append((c, expect(c, [1], got, want)))

    c = Chunk('dynamic_slice_ui8_read_as_ref', 'ui8 starts 200 and 130 with REF\'s sign extension (clamped to 0): '
              'ir-run reads 200 and 130 (decision 25) and clamps high')
    X = list(range(20))
    x = c.const('i32', [4, 5], X, 'x')
    s0 = c.const('ui8', [], [200], 's')
    s1 = c.const('ui8', [], [130], 's')
    nm = dslice_op(c, x, [s0, s1], 'i32', [4, 5], ['ui8', 'ui8'], [2, 2])
    got = dslice_ref(X, [4, 5], [200, 130], [2, 2])
    want = dslice_ref(X, [4, 5], [200 - 256, 130 - 256], [2, 2])
    c.add('  check.expect_eq_const %%%s, %s' % (nm, gen.dense('i32', [2, 2], want)))
    out.append((c, expect(c, [2, 2], got, want)))

    c = Chunk('dynamic_update_slice_unclamped', 'an update of 2 at start 4 of 5 elements checked against writing '
              'only what fits at 4: the start clamps to 3')
    x = c.const('i32', [5], [0] * 5, 'x')
    u = c.const('i32', [2], [1, 2], 'w')
    s0 = c.const('i32', [], [4], 's')
    nm = dus_op(c, x, u, [s0], 'i32', [5], [2], ['i32'])
    got = dus_ref([0] * 5, [5], [1, 2], [2], [4])
    want = [0, 0, 0, 0, 1]
    c.add('  check.expect_eq_const %%%s, %s' % (nm, gen.dense('i32', [5], want)))
    out.append((c, expect(c, [5], got, want)))
    return out


# ------------------------------------------------------------------ files

FILES = [  # (file, builder, chunk-name filter, header)
    ('gather.mlir', 'gather_chunks', None,
     'gather (SPEC 9.4.1): the SPEC example, every dimension-number field, index_vector_dim placements, '
     'start_index_map orders, collapsed and batching dimensions, slice sizes 0/1/full, clamping with every index '
     'type (decision 25), zero-size results, attribute forms, random dimension numbers.'),
    ('gather_types.mlir', 'gather_type_chunks', None,
     'gather on all 30 element types, operands with the specials of each type, results pinned bit for bit.'),
    ('scatter.mlir', 'scatter_chunks', lambda n: not n.startswith(('scatter_bodies_', 'scatter_random_')),
     'scatter (SPEC 9.4.2): the SPEC example, per-element skipping (decision 32), unsigned indices (decision 25), '
     'update order with rounding, N = 2 and 3, batching dimensions, index_vector_dim placements, attribute forms, '
     'zero sizes, scatter in and around other regions.'),
    ('scatter_bodies_float.mlir', 'scatter_chunks',
     lambda n: n.startswith('scatter_bodies_') and n[15:] in ('f32', 'f16', 'complex_f32', 'f8E4M3FNUZ'),
     'scatter bodies (SPEC 9.4.2) on f32, f16, complex<f32>, f8E4M3FNUZ: one op in both operand orders, return '
     'upd / cur, multi-op bodies, outer values, select on compare, constants; repeated targets, special values.'),
    ('scatter_bodies_int.mlir', 'scatter_chunks',
     lambda n: n.startswith('scatter_bodies_') and n[15:] in ('i32', 'ui8', 'i1', 'i4'),
     'scatter bodies (SPEC 9.4.2) on i32, ui8, i1, i4: one op in both operand orders, or/and/xor, return upd / '
     'cur, multi-op bodies, outer values, select on compare, constants; repeated targets.'),
    ('scatter_random.mlir', 'scatter_chunks', lambda n: n.startswith('scatter_random_'),
     'scatter with random dimension numbers, index types and bodies (SPEC 9.4.2).'),
    ('scatter_types.mlir', 'scatter_type_chunks', None,
     'scatter on all 30 element types: return upd (last update wins), add with repeated targets, maximum/minimum '
     '(or/and for i1, subtract for complex), partial windows; pinned bit for bit.'),
    ('dynamic_slice.mlir', 'dyn_chunks', None,
     'dynamic_slice and dynamic_update_slice (SPEC 9.4.3, 9.4.4): 9.A vector 4, ranks 0-3, clamping in every '
     'dimension, every start type with its extremes (decision 25), mixed start types, computed starts.'),
    ('dynamic_slice_types.mlir', 'dyn_type_chunks', None,
     'dynamic_slice and dynamic_update_slice on all 30 element types, ranks 0-3, pinned bit for bit.'),
]

# Known ir-run bugs go here as PENDING.append(lambda name: ...) (see
# tests/oracle/README.md, "Index ops"); none at the moment: the N > 1
# scatter that read neighbouring value slots is fixed.

HEAD = ('// RUN: ir-run --interpret -split-input-file %s\n'
        '// Generated by tests/oracle/gen_index.py (model: SPEC 9.4 in gen_index.py, model.py, control_ir.py);\n'
        '// do not edit. ')


def wrap_text(text, width=100):
    words, lines, cur = text.split(), [], ''
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + ' ' + w) if cur else w
    lines.append(cur)
    return lines


def write_all(out_dir, seed):
    written = []
    pending = []
    cache = {}
    totals = [0, 0, 0]
    for k, (fname, builder, filt, header) in enumerate(FILES):
        if builder not in cache:
            cache[builder] = globals()[builder](random.Random(seed * 100 + len(cache)))
        chunks = [c for c in cache[builder] if filt is None or filt(c.name)]
        keep = [c for c in chunks if not any(p(c.name) for p in PENDING)]
        pending += [(fname, c) for c in chunks if any(p(c.name) for p in PENDING)]
        head = HEAD + '\n// '.join(wrap_text(header)) + '\n\n'
        path = os.path.join(out_dir, fname)
        with open(path, 'w') as fh:
            fh.write(head + '\n\n// -----\n\n'.join(c.text() for c in keep) + '\n')
        nlines = sum(1 for _ in open(path))
        assert nlines < 2000, (fname, nlines)
        checks = sum(c.checks for c in keep)
        print('%-28s %4d chunks %6d element checks %5d lines' % (fname, len(keep), checks, nlines))
        totals[0] += len(keep)
        totals[1] += checks
        written.append(path)
    ppath = os.path.join(out_dir, 'pending_index.mlir')
    if pending:
        head = (HEAD + 'PENDING: chunks that fail because of known ir-run bugs\n'
                '// (tests/oracle/README.md, "Index ops"); the expected values are the model\'s.\n\n')
        with open(ppath, 'w') as fh:
            fh.write(head + '\n\n// -----\n\n'.join('// (from %s)\n%s' % (f, c.text()) for f, c in pending) + '\n')
        print('%-28s %4d chunks (pending)' % ('pending_index.mlir', len(pending)))
    elif os.path.exists(ppath):
        os.remove(ppath)
    fails = fail_chunks(random.Random(seed * 100 + 99))
    fdir = os.path.join(out_dir, 'fail')
    os.makedirs(fdir, exist_ok=True)
    fpath = os.path.join(fdir, 'index.mlir')
    with open(fpath, 'w') as fh:
        fh.write('// RUN: ir-run --interpret -split-input-file %s   (must exit 1)\n'
                 '// Generated by tests/oracle/gen_index.py; do not edit. gather, scatter, dynamic_slice and\n'
                 '// dynamic_update_slice: results checked against other readings of SPEC 9.4 (REF\'s\n'
                 '// sign-extended uiN indices, XLA\'s window dropping, another update order, no clamping).\n')
        for c, errs in fails:
            for e in errs:
                fh.write('// EXPECT-ERR: %s\n' % e)
        fh.write('\n' + '\n\n// -----\n\n'.join(c.text() for c, _ in fails) + '\n')
    print('%-28s %4d chunks (each must fail)' % ('fail/index.mlir', len(fails)))
    print('total: %d files, %d chunks, %d element checks' % (len(written), totals[0], totals[1]))
    return written, fpath, (ppath if pending else None)


def validate(irrun, written, fpath, ppath):
    bad = 0
    for path in written:
        p = subprocess.run([irrun, '--interpret', '-split-input-file', path], capture_output=True, text=True)
        if p.returncode != 0:
            bad += 1
            print('FAIL %s (exit %d)\n%s' % (path, p.returncode, p.stderr[-3000:]))
    p = subprocess.run([irrun, '--interpret', '-split-input-file', fpath], capture_output=True, text=True)
    want = [ln[len('// EXPECT-ERR: '):].rstrip('\n') for ln in open(fpath) if ln.startswith('// EXPECT-ERR: ')]
    missing = [w for w in want if w not in p.stderr]
    if p.returncode != 1 or missing:
        bad += 1
        print('FAIL %s (exit %d, missing %s)\n%s' % (fpath, p.returncode, missing, p.stderr[-3000:]))
    if ppath:
        p = subprocess.run([irrun, '--interpret', '-split-input-file', ppath], capture_output=True, text=True)
        print('pending_index.mlir: exit %d (fails while the bugs are open)' % p.returncode)
    print('validate: %d problem(s)' % bad)
    return bad


def main(argv):
    out_dir, seed, irrun = OUT, SEED, None
    while argv:
        if argv[0] == '--out':
            out_dir = argv[1]
        elif argv[0] == '--seed':
            seed = int(argv[1])
        elif argv[0] == '--validate':
            irrun = argv[1]
        else:
            raise SystemExit(__doc__)
        argv = argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    written, fpath, ppath = write_all(out_dir, seed)
    if irrun:
        sys.exit(1 if validate(irrun, written, fpath, ppath) else 0)


if __name__ == '__main__':
    main(sys.argv[1:])
