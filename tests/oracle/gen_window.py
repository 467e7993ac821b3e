#!/usr/bin/env python3
"""Golden tests for select_and_scatter and reduce_window (SPEC 9.4.5, 9.4.6,
decision 33).

Writes tests/interpret/select_and_scatter_{types,cases}.mlir and
tests/interpret/reduce_window_{types,cases}.mlir (the per-element-type chunks
and the structural cases; split so that each file stays well under 400 KB)
and, if PENDING blocks chunks, tests/oracle/pending_window.mlir.

Every expected value comes from the model below, written from SPEC 9.4.5 and
9.4.6 alone (REF's selection walk, decision 33's combining formula, padding
with init including base-dilation holes, row-major window folds), on top of
model.py (element encodings and arithmetic) and control_ir.py (the element
ops of the region bodies), so every body op rounds per its element rules.
ir-run's output is never used.

    python3 tests/oracle/gen_window.py                        write the files
    python3 tests/oracle/gen_window.py --validate build/ir-run
          also run every written file, and show that each file can fail
          (one expected element corrupted in a copy under $TMPDIR must make
          ir-run report a failed check)
    python3 tests/oracle/gen_window.py --out DIR --seed N     fuzzing run into DIR
    python3 tests/oracle/gen_window.py --out DIR --mutant NAME
          the files from a deliberately wrong reading of SPEC (MUTANTS
          below); ir-run must fail them (shows the golden files tell the
          readings apart)

Python 3 standard library only.
"""

import os
import random
import re
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
import control_ir as ci  # noqa: E402
import gen_layout  # noqa: E402
import gen_index as gi  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261207
CPLX = gen.CPLX
TYPES = FLOAT_NAMES + INT_NAMES + list(CPLX)      # the 30 element types
# the 13 formats narrower than f32, where the fold order shows in the bits
NARROW = ['f8E4M3FN', 'f8E5M2', 'f8E4M3', 'f8E3M4', 'f8E4M3FNUZ', 'f8E5M2FNUZ', 'f8E4M3B11FNUZ', 'f8E8M0FNU',
          'f6E2M3FN', 'f6E3M2FN', 'f4E2M1FN', 'bf16', 'f16']

indices, offset, size, T, enc, lst, i64_array = gi.indices, gi.offset, gi.size, gi.T, gi.enc, gi.lst, gi.i64_array
cmp_type = gi.cmp_type
Chunk = gi.Chunk

# Chunks blocked by a known ir-run bug: predicates on the chunk name; blocked
# chunks go to tests/oracle/pending_window.mlir (see FINDINGS.md).
PENDING = []


def is_sint(t):
    return t in INT_NAMES and t != 'i1' and not t.startswith('ui')


def fam(t):
    """'c' complex, 'f' float, 'b' i1, 'i' integer."""
    return 'c' if t in CPLX else 'f' if t in FMTS else 'b' if t == 'i1' else 'i'


# ------------------------------------------------------------------ region bodies
#
# A body is a straight-line list of ops on rank-0 values: args [(name, type)],
# ops, returned names. '@x' names a rank-0 value of the enclosing function.
# Ops (tuples): ('bin', res, op, x, y)  ('un', res, op, x)  ('cmp', res, dir,
# ctype or None, x, y)  ('sel', res, p, x, y)  ('cvt', res, x, type)
# ('const', res, type, value)  ('reshape', res, x) tensor<E> -> tensor<E>
# ('reshape1', res, x) tensor<E> -> tensor<1xE> -> tensor<E>  ('bcast', res, x)
# broadcast_in_dim rank 0 -> rank 0. The last three are not element-wise ops
# (the identity on the value), so a body holding one runs on ir-run's general
# region path.

NON_ELEMENTWISE = ('reshape', 'reshape1', 'bcast')


class Region:
    def __init__(self, desc, args, ops, rets, outer=None):
        self.desc, self.args, self.ops, self.rets = desc, list(args), list(ops), list(rets)
        self.outer = outer or {}            # '@name' -> (type, value)

    def types(self):
        ty = dict(self.args)
        for nm, (t, _) in self.outer.items():
            ty[nm] = t
        for op in self.ops:
            kind, res, a = op[0], op[1], op[2:]
            if kind in ('bin', 'un'):
                ty[res] = ty[a[1]]
            elif kind == 'cmp':
                ty[res] = 'i1'
            elif kind == 'sel':
                ty[res] = ty[a[1]]
            elif kind == 'cvt':
                ty[res] = a[1]
            elif kind == 'const':
                ty[res] = a[0]
            elif kind in NON_ELEMENTWISE:
                ty[res] = ty[a[0]]
            else:
                raise ValueError(kind)
        return ty

    def rtypes(self):
        ty = self.types()
        return [ty[r] for r in self.rets]

    def __call__(self, *vals):
        ty = self.types()
        assert len(vals) == len(self.args)
        env = {nm: v for (nm, _), v in zip(self.args, vals)}
        for nm, (_, v) in self.outer.items():
            env[nm] = v
        for op in self.ops:
            kind, res, a = op[0], op[1], op[2:]
            if kind == 'bin':
                env[res] = ci.binop(a[0], ty[a[1]], env[a[1]], env[a[2]])
            elif kind == 'un':
                env[res] = ci.unop(a[0], ty[a[1]], env[a[1]])
            elif kind == 'cmp':
                env[res] = 1 if ci.compare(a[0], a[1], ty[a[2]], env[a[2]], env[a[3]]) else 0
            elif kind == 'sel':
                env[res] = env[a[1]] if env[a[0]] else env[a[2]]
            elif kind == 'cvt':
                env[res] = ci.convert(ty[a[0]], a[1], env[a[0]])
            elif kind == 'const':
                env[res] = a[1]
            else:                            # reshape / broadcast of a rank-0 value: the identity
                env[res] = env[a[0]]
        return [env[r] for r in self.rets]

    def render(self, uid):
        """The block of the region: lines from '^bb0(...)' to its return."""
        ty = self.types()

        def nm(x):
            return '%' + x[1:] if x.startswith('@') else '%%%s_%s' % (x, uid)

        def tt(x):
            return T([], ty[x])
        lines = ['  ^bb0(%s):' % ', '.join('%s: %s' % (nm(a), tt(a)) for a, _ in self.args)]
        for op in self.ops:
            kind, res, a = op[0], op[1], op[2:]
            if kind == 'bin':
                s = 'stablehlo.%s %s, %s : %s' % (a[0], nm(a[1]), nm(a[2]), tt(a[1]))
            elif kind == 'un':
                s = 'stablehlo.%s %s : %s' % (a[0], nm(a[1]), tt(a[1]))
            elif kind == 'cmp':
                s = 'stablehlo.compare %s, %s, %s%s : (%s, %s) -> tensor<i1>' % (
                    a[0], nm(a[2]), nm(a[3]), ', ' + a[1] if a[1] else '', tt(a[2]), tt(a[3]))
            elif kind == 'sel':
                s = 'stablehlo.select %s, %s, %s : tensor<i1>, %s' % (nm(a[0]), nm(a[1]), nm(a[2]), tt(a[1]))
            elif kind == 'cvt':
                s = 'stablehlo.convert %s : (%s) -> %s' % (nm(a[0]), tt(a[0]), T([], a[1]))
            elif kind == 'const':
                s = 'stablehlo.constant %s' % gen.dense(a[0], [], [a[1]])
            elif kind == 'reshape':
                s = 'stablehlo.reshape %s : (%s) -> %s' % (nm(a[0]), tt(a[0]), tt(a[0]))
            elif kind == 'reshape1':
                one = T([1], ty[a[0]])
                lines.append('    %s = stablehlo.reshape %s : (%s) -> %s' % (nm(res + '_v'), nm(a[0]), tt(a[0]), one))
                s = 'stablehlo.reshape %s : (%s) -> %s' % (nm(res + '_v'), one, tt(a[0]))
            elif kind == 'bcast':
                s = 'stablehlo.broadcast_in_dim %s, dims = [] : (%s) -> %s' % (nm(a[0]), tt(a[0]), tt(a[0]))
            lines.append('    %s = %s' % (nm(res), s))
        lines.append('    stablehlo.return %s : %s' % (', '.join(nm(x) for x in self.rets),
                                                       ', '.join(tt(x) for x in self.rets)))
        return lines


def outer_const(c, t, v):
    """A rank-0 constant of the function, defined before the op; returns its '@' name."""
    nm = c.fresh('w')
    c.add('  %%%s = stablehlo.constant %s' % (nm, gen.dense(t, [], [v])))
    return '@' + nm


def cvt_target(t):
    """The type a 'compare on converted values' select converts to: f64 for the
    narrow floats (exact), f32 for f64 and the integers (i32/i64 values merge)."""
    return 'f64' if t in FMTS and t != 'f64' else 'f32'


SEL_DESC = {
    'not_lt': 'not(a < b)', 'cvt_ge': 'convert(a) >= convert(b)', 'reshape_ge': 'reshape(a) >= broadcast(b)',
    'reshape1_le': 'reshape(reshape(a)) <= b', 'abs_gt': '|a| > |b|', 'outer_or': '(a >= b) or (b < %w)',
    'true': 'true', 'false': 'false', 'ret_a': 'return a', 'ret_b': 'return b', 'ne_eq': 'not(a == b)',
}


def sel_body(kind, t, c=None, w=None):
    """select regions (a = operand[sel], b = operand[q]) -> i1. kind: a
    direction ('GE'), a direction with a compare type ('GE:FLOAT',
    'GT:TOTALORDER', 'LE:*' = the type's own), or a name of SEL_DESC."""
    assert sel_ok(kind, t), (kind, t)
    A = [('a', t), ('b', t)]
    if ':' in kind or kind in ('EQ', 'NE', 'LT', 'LE', 'GT', 'GE'):
        d, ct = (kind.split(':') + [None])[:2]
        if ct == '*':
            ct = cmp_type(t)
        return Region('compare %s%s' % (d, ', ' + ct if ct else ''), A, [('cmp', 'c', d, ct, 'a', 'b')], ['c'])
    ops = {
        'not_lt': [('cmp', 'l', 'LT', None, 'a', 'b'), ('un', 'c', 'not', 'l')],
        'ne_eq': [('cmp', 'l', 'EQ', None, 'a', 'b'), ('un', 'c', 'not', 'l')],
        'cvt_ge': [('cvt', 'x', 'a', cvt_target(t)), ('cvt', 'y', 'b', cvt_target(t)),
                   ('cmp', 'c', 'GE', None, 'x', 'y')],
        'reshape_ge': [('reshape', 'x', 'a'), ('bcast', 'y', 'b'), ('cmp', 'c', 'GE', None, 'x', 'y')],
        'reshape1_le': [('reshape1', 'x', 'a'), ('cmp', 'c', 'LE', None, 'x', 'b')],
        'abs_gt': [('un', 'x', 'abs', 'a'), ('un', 'y', 'abs', 'b'), ('cmp', 'c', 'GT', None, 'x', 'y')],
        'true': [('const', 'c', 'i1', 1)],
        'false': [('const', 'c', 'i1', 0)],
        'ret_a': [], 'ret_b': [],
    }
    outer = {}
    desc = SEL_DESC[kind]
    if kind == 'outer_or':
        wn = outer_const(c, t, w)
        outer = {wn: (t, w)}
        desc = '(a >= b) or (b < %%%s)' % wn[1:]
        o = [('cmp', 'g', 'GE', None, 'a', 'b'), ('cmp', 'l', 'LT', None, 'b', wn), ('bin', 'c', 'or', 'g', 'l')]
    else:
        o = ops[kind]
    ret = {'ret_a': 'a', 'ret_b': 'b'}.get(kind, 'c')
    return Region(desc, A, o, [ret], outer)


def sel_ok(kind, t):
    if kind.endswith(':TOTALORDER'):
        return t in FMTS
    if kind.endswith(':FLOAT'):
        return t in FMTS or t in CPLX
    if kind in ('ret_a', 'ret_b'):
        return t == 'i1'
    if kind == 'abs_gt':
        return t in FMTS or is_sint(t)
    if kind in ('cvt_ge', 'outer_or'):
        return t not in CPLX
    return True


def sca_body(kind, t, c=None, w=None, args=('a', 'b')):
    """scatter regions (and one-input reduce_window bodies: args ('acc', 'e'))."""
    assert sca_ok(kind, t), (kind, t)
    a, b = args
    A = [(a, t), (b, t)]
    if kind in ('add', 'maximum', 'minimum', 'multiply', 'subtract', 'or', 'and', 'xor'):
        return Region('%s(%s, %s)' % (kind, a, b), A, [('bin', 's', kind, a, b)], ['s'])
    if kind == 'rsub':
        return Region('subtract(%s, %s)' % (b, a), A, [('bin', 's', 'subtract', b, a)], ['s'])
    if kind == 'and_not':
        return Region('and(%s, not %s)' % (a, b), A, [('un', 'n', 'not', b), ('bin', 's', 'and', a, 'n')], ['s'])
    if kind == 'ret_a':
        return Region('return %s' % a, A, [], [a])
    if kind == 'ret_b':
        return Region('return %s' % b, A, [], [b])
    if kind == 'twice_plus':
        return Region('%s * 2 + %s' % (a, b), A, [('const', 'k', t, enc(t, 2)), ('bin', 'm', 'multiply', a, 'k'),
                                                   ('bin', 's', 'add', 'm', b)], ['s'])
    if kind == 'plus_twice':
        return Region('%s + %s * 2' % (a, b), A, [('const', 'k', t, enc(t, 2)), ('bin', 'm', 'multiply', b, 'k'),
                                                   ('bin', 's', 'add', a, 'm')], ['s'])
    if kind == 'outer':
        wn = outer_const(c, t, w)
        return Region('%s + %s * %%%s (a value of the function)' % (a, b, wn[1:]), A,
                      [('bin', 'm', 'multiply', b, wn), ('bin', 's', 'add', a, 'm')], ['s'], {wn: (t, w)})
    if kind == 'reshape_add':
        return Region('reshape(%s) + broadcast_in_dim(%s)' % (a, b), A,
                      [('reshape', 'x', a), ('bcast', 'y', b), ('bin', 's', 'add', 'x', 'y')], ['s'])
    if kind == 'reshape_sub':
        return Region('%s - reshape(reshape(%s))' % (a, b), A,
                      [('reshape1', 'x', b), ('bin', 's', 'subtract', a, 'x')], ['s'])
    if kind == 'reshape_max':
        return Region('maximum(broadcast_in_dim(%s), %s)' % (a, b), A,
                      [('bcast', 'x', a), ('bin', 's', 'maximum', 'x', b)], ['s'])
    if kind == 'sel_max':
        return Region('select(%s > %s, %s, %s)' % (a, b, a, b), A,
                      [('cmp', 'p', 'GT', None, a, b), ('sel', 's', 'p', a, b)], ['s'])
    raise ValueError(kind)


def sca_ok(kind, t):
    if kind in ('subtract', 'rsub', 'reshape_sub'):
        return t != 'i1'
    if kind in ('or', 'and', 'xor', 'and_not'):
        return t in INT_NAMES
    if kind in ('twice_plus', 'plus_twice'):
        return t != 'i1'
    return True


# ------------------------------------------------------------------ the model: select_and_scatter (SPEC 9.4.5)


def sas_shape(xshape, win, strides, low, high):
    """shape(source) by SPEC 9.4.5's check: 0 if P = 0 or w > P, else (P - w) / stride + 1."""
    out = []
    for n, w, s, lo, hi in zip(xshape, win, strides, low, high):
        P = lo + n + hi
        out.append(0 if (P == 0 or w > P) else (P - w) // s + 1)
    return out


# --mutant NAME (with --out): write the files from a deliberately wrong reading
# of SPEC, to show that ir-run fails them (the golden files kill the mutant).
MUTANTS = {
    'sas_reverse': 'select_and_scatter: sources walked backwards',
    'sas_spec_combine': "select_and_scatter: SPEC's res[t] := res[t] (+) source instead of decision 33",
    'sas_scatter_swap': 'select_and_scatter: res[sel] := scatter(res[sel], scatter(init, source))',
    'sas_inner_swap': 'select_and_scatter: scatter(source, init) as the first call',
    'sas_select_swap': 'select_and_scatter: select(operand[q], operand[sel])',
    'rw_reverse': 'reduce_window: window positions folded backwards',
    'rw_body_swap': 'reduce_window: body(elements..., accumulators...)',
    'rw_skip_pad': 'reduce_window: padding and holes skipped instead of folded as init',
}
MUTANT = None


def sas_ref(X, xshape, S, sshape, init, win, strides, low, select, scatter, reverse=False, combine='ref',
            mutant=None):
    """REF's procedure of SPEC 9.4.5. Returns (result, stats). reverse=True
    walks the sources backwards and combine='spec' folds res[t] := res[t] (+)
    source (SPEC's init (+) s1 (+) s2 ...); both only to show that a test
    depends on the order / on decision 33. mutant: see MUTANTS."""
    if mutant == 'sas_reverse':
        reverse = True
    if mutant == 'sas_spec_combine':
        combine = 'spec'
    if mutant == 'sas_select_swap':
        select0 = select
        select = lambda a, b: select0(b, a)  # noqa: E731
    res = [init] * size(xshape)
    hits = [0] * size(xshape)
    dropped = 0
    order = list(indices(sshape))
    for s in (order[::-1] if reverse else order):
        sel = None
        for w in indices(win):
            q = [s[d] * strides[d] + w[d] - low[d] for d in range(len(xshape))]
            if not all(0 <= q[d] < xshape[d] for d in range(len(xshape))):
                continue                     # padding: skipped, never compared
            qi = offset(q, xshape)
            if sel is None:
                sel = qi
            p, = select(X[sel], X[qi])       # the first visited q is compared with itself too
            if not p:
                sel = qi
        if sel is None:
            dropped += 1                     # the window lies wholly in the padding
            continue
        sv = S[offset(s, sshape)]
        if mutant == 'sas_scatter_swap':
            tmp, = scatter(init, sv)
            res[sel], = scatter(res[sel], tmp)
        elif mutant == 'sas_inner_swap':
            tmp, = scatter(sv, init)
            res[sel], = scatter(tmp, res[sel])
        elif combine == 'ref':               # decision 33
            tmp, = scatter(init, sv)
            res[sel], = scatter(tmp, res[sel])
        else:
            res[sel], = scatter(res[sel], sv)
        hits[sel] += 1
    return res, {'dropped': dropped, 'maxhits': max(hits) if hits else 0, 'sources': size(sshape),
                 'changed': sum(1 for v in res if v != init)}


def pad_attr(low, high):
    return 'dense<%s> : %s' % ('[%s]' % ', '.join('[%d, %d]' % (lo, hi) for lo, hi in zip(low, high))
                               if low else '', T([len(low), 2], 'i64'))


def window_attrs(win, strides, low, high, omit=(), base=None, wdil=None):
    parts = ['window_dimensions = %s' % i64_array(win)]
    if 'strides' not in omit:
        parts.append('window_strides = %s' % i64_array(strides))
    if base is not None and 'base' not in omit:
        parts.append('base_dilations = %s' % i64_array(base))
    if wdil is not None and 'wdil' not in omit:
        parts.append('window_dilations = %s' % i64_array(wdil))
    if 'padding' not in omit:
        parts.append('padding = %s' % pad_attr(low, high))
    return ', '.join(parts)


def emit_regions(c, regions, uid):
    for k, r in enumerate(regions):
        if k:
            c.add('  }, {')
        c.lines += r.render('%s%s' % (uid, 'abcdefgh'[k] if len(regions) > 1 else ''))


def sas_op(c, x, s, i, et, xshape, sshape, win, strides, low, high, selb, scab, form='attr', omit=()):
    nm = c.fresh('r')
    attrs = window_attrs(win, strides, low, high, omit)
    sig = '(%s, %s, %s) -> %s' % (T(xshape, et), T(sshape, et), T([], et), T(xshape, et))
    if form == 'prop':
        c.add('  %%%s = "stablehlo.select_and_scatter"(%%%s, %%%s, %%%s) <{%s}> ({' % (nm, x, s, i, attrs))
    else:
        c.add('  %%%s = "stablehlo.select_and_scatter"(%%%s, %%%s, %%%s) ({' % (nm, x, s, i))
    emit_regions(c, [selb, scab], nm)
    c.add('  }) %s: %s' % ('' if form == 'prop' else '{%s} ' % attrs, sig))
    c.ops += 1
    return nm


def emit_sas(c, et, xshape, X, S, init, win, strides, low, high, selb, scab, note=None, order_dep=False,
             ref_differs=False, expect=None, **kw):
    """Constants, the op and the pin; returns (model result, stats)."""
    r = len(xshape)
    assert len(win) == len(strides) == len(low) == len(high) == r
    assert all(w > 0 for w in win) and all(s > 0 for s in strides) and all(p >= 0 for p in low + high)
    assert selb.rtypes() == ['i1'] and scab.rtypes() == [et]
    sshape = sas_shape(xshape, win, strides, low, high)
    if callable(S):
        S = S(size(sshape))
    assert len(X) == size(xshape) and len(S) == size(sshape), (xshape, sshape, len(X), len(S))
    R, st = sas_ref(X, xshape, S, sshape, init, win, strides, low, selb, scab, mutant=MUTANT)
    if MUTANT:
        order_dep = ref_differs = False
        expect = None
    if order_dep:
        assert sas_ref(X, xshape, S, sshape, init, win, strides, low, selb, scab, reverse=True)[0] != R, \
            'this case does not depend on the source order'
    if ref_differs:
        assert sas_ref(X, xshape, S, sshape, init, win, strides, low, selb, scab, combine='spec')[0] != R, \
            'REF and SPEC combining agree here'
    if expect is not None:
        assert R == expect, (R, expect)
    if note:
        c.note(note)
    c.note('%s / %s; window %s, strides %s, padding %s: %d sources, %d dropped, <= %d per element' % (
        selb.desc, scab.desc, lst(win), lst(strides), lst([[a, b] for a, b in zip(low, high)]), st['sources'],
        st['dropped'], st['maxhits']))
    x = c.const(et, xshape, X, 'x')
    s = c.const(et, sshape, S, 's')
    i = c.const(et, [], [init], 'i')
    nm = sas_op(c, x, s, i, et, xshape, sshape, win, strides, low, high, selb, scab, **kw)
    c.pin(nm, et, xshape, R)
    c.__dict__.setdefault('stats', []).append(st)
    return R, st


# ------------------------------------------------------------------ values


def tie_pool(rng, t, k):
    """k values of t for operands with many ties: the type's specials (NaN,
    +-0, +-Inf, subnormals, +-max where the type has them) and random ones."""
    if t in CPLX:
        re_ = tie_pool(rng, CPLX[t], max(2, k // 2))
        im = tie_pool(rng, CPLX[t], 2)
        return [(rng.choice(re_), rng.choice(im)) for _ in range(k)]
    sp = gen_layout.scal_specials(t)
    pool = rng.sample(sp, min(len(sp), max(1, k // 2)))
    while len(pool) < k:
        pool.append(gen.sample(rng, t))
    return pool


def tie_vals(rng, t, n, k=6):
    pool = tie_pool(rng, t, k)
    return [rng.choice(pool) for _ in range(n)]


def src_vals(rng, t, n, pspecial=0.06):
    """source values: mostly ordinary numbers, specials rare."""
    return [gen_layout.elem(rng, t, pspecial) for _ in range(n)]


def small_vals(rng, t, n, lo=-3, hi=3):
    """small integers (halves for floats) of t."""
    out = []
    for _ in range(n):
        v = Fraction(rng.randint(2 * lo, 2 * hi), 2 if t in FMTS or t in CPLX else 1)
        if t == 'i1':
            out.append(rng.randint(0, 1))
        elif t.startswith('ui') or t == 'f8E8M0FNU':
            out.append(enc(t, abs(v) if v else 1))
        else:
            out.append(enc(t, v) if t in FMTS or t in CPLX else model.wrap(t, int(v)))
    return out


def nonzero_small(rng, t):
    """a small value of t other than zero (a factor or init that does not absorb everything)."""
    while True:
        v = small_vals(rng, t, 1)[0]
        if v not in (0, (0, 0)) and not (t in FMTS and FMTS[t].sign_bit and v == FMTS[t].sign_bit):
            return v


def low_init(rng, t):
    """an init for maximum that the sources can exceed: the type's minimum or a small value."""
    if t == 'i1':
        return 0
    if t in CPLX:
        return (FMTS[CPLX[t]].inf(True), rng.choice([0, enc(CPLX[t], -1)]))
    if t in FMTS:
        f = FMTS[t]
        if f.family == 'e8m0':
            return rng.choice([0x00, 0x70])
        return rng.choice([f.inf(True) if f.has_inf else f.sign_bit | f.max_pat, enc(t, -1), enc(t, -0.5)])
    lo, _ = model.int_range(t)
    return rng.choice([lo, max(lo, -2), 0])


def plain_init(rng, t):
    """an init that does not absorb every result: no NaN, no +-max (saturating formats), specials rare."""
    while True:
        v = gen_layout.elem(rng, t, 0.15)
        parts = [(CPLX[t], p) for p in v] if t in CPLX else [(t, v)] if t in FMTS else []
        if all(model.decode(FMTS[f], p).kind == 'num' and (p & ~FMTS[f].sign_bit) != FMTS[f].max_pat
               for f, p in parts):
            return v


def one(t):
    return enc(t, 1) if t != 'i1' else 1


def f8_magnitudes(rng, t, n):
    """values whose sums round: mixed exponents, both signs where the type has them."""
    f = FMTS[t]
    out = []
    for _ in range(n):
        m = rng.choice([1, 3, 5, 7]) * Fraction(2) ** rng.randint(-3, f.p + 1)
        neg = f.family != 'e8m0' and rng.random() < 0.25
        out.append(model.encode(f, neg, m))
    return out


# ------------------------------------------------------------------ select_and_scatter chunks

SEL_DIRS = ['GE', 'GT', 'LE', 'LT']


def sas_type_chunk(rng, t):
    """One chunk per element type: the four select directions (typed, multi-op
    and reshape-padded variants among them) and several scatter bodies on
    tie-heavy operands with the type's specials; overlapping windows, gaps,
    padding, non-identity init."""
    F = fam(t)
    c = Chunk('sas_%s' % gen.fname(t), 'select_and_scatter on %s: GE/GT/LE/LT%s selects on operands with many '
              'ties and the type\'s specials, typed, multi-op and reshape-padded selects; add, maximum, '
              'multiply, non-commutative, outer-value and reshape-padded scatters with non-identity init '
              '(decision 33); overlapping windows, gaps, padding' % (t, {'f': ' (FLOAT, TOTALORDER)',
                                                                         'c': ', EQ, NE (lexicographic order)',
                                                                         'b': ', return a'}.get(F, '')))
    noncomm = 'and_not' if t == 'i1' else 'subtract'
    src = lambda n: src_vals(rng, t, n)  # noqa: E731
    init = lambda: 0 if t == 'i1' else plain_init(rng, t)  # noqa: E731
    sel = {'f': ['GE', 'GT:TOTALORDER', 'LE:FLOAT', 'LT'], 'c': ['GE', 'GT', 'EQ', 'NE'],
           'b': ['GE', 'GT', 'ret_b', 'LT'], 'i': ['GE', 'GT', 'LE:*', 'LT']}[F]
    # 1-D, window 3 stride 1 (inner elements in three windows), padding both sides, init 1 (i1: 0, or absorbs)
    emit_sas(c, t, [12], tie_vals(rng, t, 12), src, one(t) if t != 'i1' else 0, [3], [1], [1], [1],
             sel_body(sel[0], t), sca_body('add', t), note='a non-identity init counts once per selection')
    # 2-D: overlapping in dim 0 (window 3, stride 2), gaps in dim 1 (window 2, stride 3), maximum
    emit_sas(c, t, [5, 7], tie_vals(rng, t, 35), src, low_init(rng, t), [3, 2], [2, 3], [1, 0], [1, 1],
             sel_body(sel[1], t), sca_body('maximum', t), note='columns between windows keep init')
    emit_sas(c, t, [4, 6], tie_vals(rng, t, 24), lambda n: small_vals(rng, t, n), nonzero_small(rng, t) if t != 'i1'
             else 1, [2, 3], [1, 2], [0, 1], [0, 0], sel_body(sel[2], t), sca_body('multiply', t))
    emit_sas(c, t, [13], tie_vals(rng, t, 13), src, init() if t != 'i1' else 1, [4], [3], [2], [2],
             sel_body(sel[3], t), sca_body(noncomm, t),
             note='non-commutative: the argument order of both scatter calls is observable')
    # a multi-op select, a scatter reading a value of the function
    kind = {'c': 'not_lt', 'b': 'ret_a'}.get(F) or rng.choice(['not_lt', 'cvt_ge'] + (['abs_gt'] if sel_ok('abs_gt', t)
                                                                                       else []))
    emit_sas(c, t, [4, 5], tie_vals(rng, t, 20), src, init(), [2, 2], [1, 1], [1, 1], [0, 0], sel_body(kind, t),
             sca_body('outer', t, c, nonzero_small(rng, t) if t != 'i1' else 1))
    # non-element-wise bodies (reshape / broadcast_in_dim): ir-run's general region path; rank 3
    sk = 'reshape_max' if t == 'i1' else rng.choice(['reshape_add', 'reshape_sub', 'reshape_max'])
    emit_sas(c, t, [2, 3, 4], tie_vals(rng, t, 24), src, low_init(rng, t) if sk == 'reshape_max' else init(),
             [2, 2, 2], [1, 1, 2], [1, 0, 0], [0, 1, 0], sel_body(rng.choice(['reshape_ge', 'reshape1_le']), t),
             sca_body(sk, t))
    c.group = 'types'
    return c


def sas_order_chunk(rng, t):
    """f8 / small-format sums over heavily overlapping windows: the row-major
    source order and decision 33 both decide the bits."""
    c = Chunk('sas_order_%s' % gen.fname(t), 'select_and_scatter add in %s: many sources select the same '
              'element; each application rounds, so the source order (row-major) and REF\'s combining '
              '(decision 33, init counted per selection) decide the bits: the model asserts that the '
              'reverse order and SPEC\'s formula give other results' % t)
    f = FMTS[t]
    for k, (xs, win, st, lo, hi) in enumerate([([10], [4], [1], [1], [1]), ([5, 5], [3, 3], [1, 1], [1, 1], [1, 1])]):
        for attempt in range(400):
            X = tie_vals(rng, t, size(xs), 4)
            sh = sas_shape(xs, win, st, lo, hi)
            S = f8_magnitudes(rng, t, size(sh))
            init = rng.choice([enc(t, 0) if f.family != 'e8m0' else 0x7F, enc(t, 1), enc(t, 3),
                               f8_magnitudes(rng, t, 1)[0]])
            selb, scab = sel_body(rng.choice(['GE', 'GT']), t), sca_body('add', t)
            args = (X, xs, S, sh, init, win, st, lo, selb, scab)
            R = sas_ref(*args)[0]
            if sas_ref(*args, reverse=True)[0] != R and sas_ref(*args, combine='spec')[0] != R:
                break
        else:
            raise AssertionError('no order-dependent case for %s' % t)
        emit_sas(c, t, xs, X, S, init, win, st, lo, hi, selb, scab, order_dep=True, ref_differs=True)
    return c


def sas_chunks(rng):
    out = []
    i64 = 'i64'

    c = Chunk('sas_spec_syntax', 'SPEC 9.4.5 syntax example (window 3x1, strides 2x1, padding [[0, 1], [0, 0]], '
              'GE, add), with the values of select_and_scatter.mlir and with random ones')
    emit_sas(c, i64, [4, 2], [1, 5, 2, 5, 3, 6, 4, 4], [5, 6, 7, 8], 0, [3, 1], [2, 1], [0, 0], [1, 0],
             sel_body('GE', i64), sca_body('add', i64), expect=[0, 0, 0, 0, 5, 14, 7, 0])
    for _ in range(2):
        emit_sas(c, i64, [4, 2], tie_vals(rng, i64, 8, 4), src_vals(rng, i64, 4), 0, [3, 1], [2, 1], [0, 0],
                 [1, 0], sel_body('GE', i64), sca_body('add', i64))
    out.append(c)

    c = Chunk('sas_decision33', '9.A vector 5 and decision 33: REF adds init once more per selection ([1, 5, 1], '
              'init 100 -> [100, 330, 100]; SPEC\'s formula would give [100, 130, 100]); the same with f32, with '
              'subtract and with multiply')
    selb, scab = sel_body('GE', i64), sca_body('add', i64)
    emit_sas(c, i64, [3], [1, 5, 1], [10, 20], 100, [2], [1], [0], [0], selb, scab, expect=[100, 330, 100],
             ref_differs=True, omit=('strides', 'padding'))
    assert sas_ref([1, 5, 1], [3], [10, 20], [2], 100, [2], [1], [0], selb, scab, combine='spec')[0] == [100, 130, 100]
    f32 = 'f32'
    e = lambda v: enc(f32, v)  # noqa: E731
    emit_sas(c, f32, [3], [e(1), e(5), e(1)], [e(10), e(20)], e(100), [2], [1], [0], [0], sel_body('GE', f32),
             sca_body('add', f32), expect=[e(100), e(330), e(100)], ref_differs=True)
    emit_sas(c, i64, [5], [1, 5, 1, 7, 2], [10, 20, 30, 40], 100, [2], [1], [0], [0], selb, sca_body('subtract', i64),
             ref_differs=True, order_dep=True, note='subtract: res[sel] := (init - s) - res[sel]')
    emit_sas(c, i64, [5], [1, 5, 1, 7, 2], [2, 3, -1, 5], 3, [2], [1], [0], [0], selb, sca_body('multiply', i64),
             ref_differs=True)
    out.append(c)

    c = Chunk('sas_ranks', 'ranks 0 to 4: rank 0 (one source, the window is the element itself), rank 1, 2, 3, '
              'and a 4-D max-pool gradient (window 1x2x2x1, strides 1x2x2x1)')
    for t, sk in (('i32', 'subtract'), ('f32', 'add'), ('f16', 'twice_plus'), ('ui8', 'add')):
        emit_sas(c, t, [], src_vals(rng, t, 1), src_vals(rng, t, 1), src_vals(rng, t, 1)[0], [], [], [], [],
                 sel_body('GE', t), sca_body(sk, t), note='rank 0: res = scatter(scatter(init, s), init)')
    emit_sas(c, 'i32', [], [4], [7], 1, [], [], [], [], sel_body('GE', 'i32'), sca_body('add', 'i32'),
             omit=('strides', 'padding'), expect=[9])
    emit_sas(c, 'i16', [9], tie_vals(rng, 'i16', 9), src_vals(rng, 'i16', 4), 0, [3], [2], [0], [0],
             sel_body('GT', 'i16'), sca_body('add', 'i16'))
    emit_sas(c, 'f32', [5, 5], tie_vals(rng, 'f32', 25), src_vals(rng, 'f32', 16), 0, [2, 2], [1, 1], [0, 0],
             [0, 0], sel_body('GE', 'f32'), sca_body('add', 'f32'))
    emit_sas(c, 'bf16', [3, 4, 5], tie_vals(rng, 'bf16', 60), src_vals(rng, 'bf16', 2 * 2 * 2), enc('bf16', 0),
             [2, 3, 3], [1, 1, 2], [0, 0, 0], [0, 0, 0], sel_body('GE', 'bf16'), sca_body('add', 'bf16'))
    emit_sas(c, 'f32', [2, 4, 4, 3], tie_vals(rng, 'f32', 96, 10), src_vals(rng, 'f32', 2 * 2 * 2 * 3), 0,
             [1, 2, 2, 1], [1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0], sel_body('GE', 'f32'), sca_body('add', 'f32'))
    out.append(c)

    c = Chunk('sas_zero_size', 'zero-size operands (source empty too, or not: a window over padding only is '
              'dropped), zero-size sources of non-empty operands (window larger than the padded size)')
    t = 'i32'
    selb, scab = sel_body('GE', t), sca_body('add', t)
    emit_sas(c, t, [0], [], [], 5, [1], [1], [0], [0], selb, scab)
    emit_sas(c, t, [3, 0], [], [], 5, [2, 1], [1, 1], [0, 0], [0, 0], selb, scab)
    emit_sas(c, t, [0, 4], [], [3] * size(sas_shape([0, 4], [1, 2], [1, 2], [1, 0], [1, 0])), 5, [1, 2], [1, 2],
             [1, 0], [1, 0], selb, scab, note='operand 0x4, padding 1+1 in dim 0: two windows over padding only, '
                                              'their sources dropped')
    emit_sas(c, t, [3, 4], list(range(12)), [], 5, [4, 2], [1, 1], [0, 0], [0, 0], selb, scab,
             note='window 4 > 3 rows: source 0x3, result splat(init)')
    emit_sas(c, t, [3, 4], list(range(12)), [], 5, [2, 6], [1, 1], [0, 0], [1, 1], selb, scab)
    emit_sas(c, 'f16', [2, 3], src_vals(rng, 'f16', 6), [], enc('f16', -2), [3, 1], [1, 1], [0, 0], [0, 0],
             sel_body('GT', 'f16'), sca_body('add', 'f16'))
    out.append(c)

    c = Chunk('sas_padding', 'windows wholly in the low or high padding (their sources are dropped), large '
              'padding with strides, padding in one dimension only')
    t = 'i32'
    emit_sas(c, t, [5], [3, 1, 4, 1, 5], [10, 20, 30, 40, 50, 60, 70, 80, 90], 1, [2], [1], [3], [2],
             sel_body('GE', t), sca_body('add', t), note='low 3, window 2: the first two windows hold only padding')
    emit_sas(c, t, [4], [2, 2, 2, 2], [1, 2, 3, 4, 5, 6], 0, [3], [2], [4], [5], sel_body('GT', t),
             sca_body('add', t))
    emit_sas(c, t, [3, 3], tie_vals(rng, t, 9, 3), list(range(1, 1 + size(sas_shape([3, 3], [2, 2], [2, 1],
                                                                                         [3, 0], [3, 1])))),
             -1, [2, 2], [2, 1], [3, 0], [3, 1], sel_body('LE', t), sca_body('subtract', t))
    emit_sas(c, 'f64', [4, 5], tie_vals(rng, 'f64', 20), src_vals(rng, 'f64', size(sas_shape([4, 5], [3, 3], [1, 1],
                                                                                                [2, 2], [2, 2]))),
             enc('f64', 0.5), [3, 3], [1, 1], [2, 2], [2, 2], sel_body('GE', 'f64'), sca_body('add', 'f64'),
             note='padding 2 on every side with 3x3 windows: corner windows see one element')
    out.append(c)

    c = Chunk('sas_window_one', 'windows of size 1: every source selects its own element (res = scatter(scatter('
              'init, s), init)); with stride 2 and padding (odd elements keep init, windows over padding drop '
              'their source); size 1 in one dimension only')
    t = 'f16'
    emit_sas(c, t, [3, 4], tie_vals(rng, t, 12), lambda n: src_vals(rng, t, n), enc(t, 0.75), [1, 1], [1, 1],
             [0, 0], [0, 0], sel_body('GE', t), sca_body('subtract', t))
    emit_sas(c, 'i32', [7], [5] * 7, lambda n: list(range(10, 10 + n)), 1, [1], [2], [1], [2], sel_body('GT', 'i32'),
             sca_body('add', 'i32'))
    emit_sas(c, 'i32', [4, 5], tie_vals(rng, 'i32', 20, 3), lambda n: list(range(1, 1 + n)), 0, [1, 3], [1, 1],
             [0, 0], [0, 0], sel_body('LT', 'i32'), sca_body('plus_twice', 'i32'))
    out.append(c)

    c = Chunk('sas_ties', 'one tie-heavy operand under every select body: GE/LE keep the first of equal '
              'values, GT/LT take the last, EQ moves to each different value, NE to each equal one, a '
              'constant true keeps the first visited element, false takes the last')
    t = 'i8'
    X = [rng.choice([1, 2, 2, 3]) for _ in range(24)]
    S = [rng.randint(1, 9) for _ in range(size(sas_shape([4, 6], [2, 3], [1, 1], [0, 1], [1, 0])))]
    for k in ['GE', 'GT', 'LE', 'LT', 'EQ', 'NE', 'true', 'false', 'ne_eq', 'not_lt']:
        emit_sas(c, t, [4, 6], X, S, 0, [2, 3], [1, 1], [0, 1], [1, 0], sel_body(k, t), sca_body('add', t))
    out.append(c)

    c = Chunk('sas_float_specials', 'f32 and f16 operands with NaN, -0/+0 and +-Inf: GE (a NaN never compares, so '
              'the walk moves on to it and away from it), not(a < b) (NaN keeps), TOTALORDER (NaN above Inf, '
              '-0 < +0), converted compares; NaN, Inf and -0 sources')
    for t in ('f32', 'f16'):
        f = FMTS[t]
        pool = [f.canonical_nan(), f.canonical_nan() | f.sign_bit, 0, f.sign_bit, f.inf(False), f.inf(True),
                enc(t, 1), enc(t, -1), 1, f.sign_bit | 1]
        X = [rng.choice(pool) for _ in range(20)]
        S = src_vals(rng, t, size(sas_shape([4, 5], [2, 2], [1, 1], [0, 1], [1, 0])), 0.3)
        for k in (('GE', 'not_lt', 'GE:TOTALORDER', 'LT:TOTALORDER', 'cvt_ge', 'abs_gt') if t == 'f32' else
                  ('GE', 'not_lt', 'LT:TOTALORDER')):
            emit_sas(c, t, [4, 5], X, S, enc(t, 0) if k != 'LT:TOTALORDER' else f.sign_bit, [2, 2], [1, 1],
                     [0, 1], [1, 0], sel_body(k, t), sca_body('add', t))
    out.append(c)

    c = Chunk('sas_noncommutative', 'scatter bodies whose result depends on the order of the sources and on the '
              'argument order: subtract, a + 2 * b, a - reshape(b); the model asserts that the reverse source '
              'order gives other values')
    for t, k in (('i32', 'subtract'), ('f32', 'subtract'), ('i16', 'plus_twice'), ('f64', 'plus_twice'),
                 ('i64', 'reshape_sub'), ('bf16', 'reshape_sub')):
        for attempt in range(400):
            X = tie_vals(rng, t, 30, 4)
            S = small_vals(rng, t, size(sas_shape([5, 6], [3, 3], [1, 2], [1, 1], [1, 1])))
            init = small_vals(rng, t, 1)[0]
            selb = sel_body(rng.choice(SEL_DIRS), t)
            args = (X, [5, 6], S, sas_shape([5, 6], [3, 3], [1, 2], [1, 1], [1, 1]), init, [3, 3], [1, 2], [1, 1])
            if sas_ref(*args, selb, sca_body(k, t))[0] != sas_ref(*args, selb, sca_body(k, t), reverse=True)[0]:
                break
        else:
            raise AssertionError('no order-dependent case for %s %s' % (t, k))
        emit_sas(c, t, [5, 6], X, S, init, [3, 3], [1, 2], [1, 1], [1, 1], selb, sca_body(k, t), order_dep=True)
    out.append(c)

    c = Chunk('sas_same_case_bodies', 'the same select_and_scatter three times: plain one-op bodies, multi-op '
              'element-wise bodies and bodies padded with reshape / broadcast_in_dim (the general region path); '
              'all three pinned to the same model result')
    for t in ('f32', 'i32', 'f8E4M3FN', 'ui16'):
        X = tie_vals(rng, t, 35)
        sh = sas_shape([5, 7], [3, 3], [1, 2], [1, 1], [1, 1])
        S = src_vals(rng, t, size(sh)) if t not in FMTS or FMTS[t].bits > 8 else f8_magnitudes(rng, t, size(sh))
        init = small_vals(rng, t, 1)[0]
        plain = (sel_body('GE', t), sca_body('add', t))
        multi = (Region('or(a > b, a == b)', [('a', t), ('b', t)],
                        [('cmp', 'g', 'GT', None, 'a', 'b'), ('cmp', 'e', 'EQ', None, 'a', 'b'),
                         ('bin', 'c', 'or', 'g', 'e')], ['c']),
                 Region('add(a, b) via select(true)', [('a', t), ('b', t)],
                        [('bin', 's0', 'add', 'a', 'b'), ('const', 'k', 'i1', 1), ('sel', 's', 'k', 's0', 'b')],
                        ['s']))
        padded = (sel_body('reshape_ge', t), sca_body('reshape_add', t))
        Rs = [emit_sas(c, t, [5, 7], X, S, init, [3, 3], [1, 2], [1, 1], [1, 1], sb, cb)[0]
              for sb, cb in (plain, multi, padded)]
        assert Rs[0] == Rs[1] == Rs[2]
    out.append(c)

    c = Chunk('sas_outer_values', 'bodies reading values of the function: a select with a threshold, a scatter '
              'with a factor; a select body using abs and a converted compare on i64 (values that merge in f32)')
    t = 'f32'
    X = tie_vals(rng, t, 30)
    emit_sas(c, t, [5, 6], X, lambda n: src_vals(rng, t, n), enc(t, 1), [2, 2], [2, 2], [0, 0], [1, 0],
             sel_body('outer_or', t, c, enc(t, 0.5)), sca_body('outer', t, c, enc(t, -2)))
    t = 'i64'
    big = [(1 << 40) + k for k in (0, 1, 2, 3)] + [-(1 << 40) - k for k in (0, 1)]
    X = [rng.choice(big) for _ in range(16)]
    emit_sas(c, t, [16], X, list(range(1, 9)), 0, [4], [2], [1], [1], sel_body('cvt_ge', t), sca_body('add', t),
             note='i64 values 2^40 + k all convert to the same f32: ties where plain GE would see an order')
    emit_sas(c, t, [16], X, list(range(1, 9)), 0, [4], [2], [1], [1], sel_body('GE', t), sca_body('add', t))
    emit_sas(c, 'i8', [12], [rng.choice([-128, -5, 5, 127, -127, 0]) for _ in range(12)], list(range(1, 6)), 0,
             [4], [2], [0], [0], sel_body('abs_gt', 'i8'), sca_body('outer', 'i8', c, 3))
    out.append(c)

    c = Chunk('sas_scatter_returns_arg', 'scatter bodies returning one argument: return a gives init at every '
              'selected element (scatter(init, s) = init), return b keeps res[sel] (= init): both splat(init)')
    for k in ('ret_a', 'ret_b'):
        emit_sas(c, 'i32', [6], [3, 1, 4, 1, 5, 9], [7, 8, 9, 10, 11], 42, [2], [1], [0], [0], sel_body('GE', 'i32'),
                 sca_body(k, 'i32'), expect=[42] * 6)
        emit_sas(c, 'f16', [2, 3], src_vals(rng, 'f16', 6), src_vals(rng, 'f16', 2), 0x8000,
                 [2, 2], [1, 1], [0, 0], [0, 0], sel_body('GT', 'f16'), sca_body(k, 'f16'))
    out.append(c)

    c = Chunk('sas_forms', 'attributes as properties <{...}>, window_strides absent (all 1), padding absent '
              '(all 0), both absent')
    t = 'i32'
    X = tie_vals(rng, t, 20, 5)
    for form, omit in (('prop', ()), ('attr', ('strides',)), ('attr', ('padding',)), ('prop', ('strides', 'padding'))):
        emit_sas(c, t, [4, 5], X, list(range(1, 10)), 1, [2, 3], [1, 1], [0, 0], [0, 0], sel_body('GE', t),
                 sca_body('add', t), form=form, omit=omit)
    out.append(c)

    c = Chunk('sas_large', 'larger operands with heavily overlapping windows: 24x24 f32 with 5x5 windows at '
              'stride 1 (up to 25 selections of one element), 20x20 f8E4M3FN add with 3x3 windows (order-'
              'dependent rounding), 4x8x8x3 bf16 max-pool gradient with padding, 16x16 i8 maximum')
    t = 'f32'
    X = tie_vals(rng, t, 576, 12)
    emit_sas(c, t, [24, 24], X, small_vals(rng, t, 576), enc(t, 0.25), [5, 5], [1, 1], [2, 2], [2, 2],
             sel_body('GE', t), sca_body('add', t))
    t = 'f8E4M3FN'
    X = tie_vals(rng, t, 400, 5)
    sh = sas_shape([20, 20], [3, 3], [1, 1], [1, 1], [1, 1])
    emit_sas(c, t, [20, 20], X, f8_magnitudes(rng, t, size(sh)), enc(t, 1), [3, 3], [1, 1], [1, 1], [1, 1],
             sel_body('GT', t), sca_body('add', t), order_dep=True, ref_differs=True)
    t = 'bf16'
    X = tie_vals(rng, t, 4 * 8 * 8 * 3, 12)
    sh = sas_shape([4, 8, 8, 3], [1, 3, 3, 1], [1, 2, 2, 1], [0, 1, 1, 0], [0, 1, 1, 0])
    emit_sas(c, t, [4, 8, 8, 3], X, src_vals(rng, t, size(sh)), enc(t, 0), [1, 3, 3, 1], [1, 2, 2, 1],
             [0, 1, 1, 0], [0, 1, 1, 0], sel_body('GE', t), sca_body('add', t))
    t = 'i8'
    X = tie_vals(rng, t, 256, 8)
    sh = sas_shape([16, 16], [4, 4], [2, 2], [1, 1], [1, 1])
    emit_sas(c, t, [16, 16], X, src_vals(rng, t, size(sh)), -128, [4, 4], [2, 2], [1, 1], [1, 1],
             sel_body('LT', t), sca_body('maximum', t))
    out.append(c)

    for t in NARROW:
        out.append(sas_order_chunk(rng, t))

    for t in TYPES:
        out.append(sas_type_chunk(rng, t))
    return out


# ------------------------------------------------------------------ the model: reduce_window (SPEC 9.4.6)


def rw_shape(xshape, win, strides, base, wdil, low, high):
    out = []
    for n, w, s, b, wd, lo, hi in zip(xshape, win, strides, base, wdil, low, high):
        D = 0 if n == 0 else (n - 1) * b + 1
        P = lo + D + hi
        Wd = (w - 1) * wd + 1
        out.append(0 if (P <= 0 or Wd > P) else (P - Wd) // s + 1)
    return out


def rw_ref(Xs, xshape, inits, win, strides, base, wdil, low, high, body, reverse=False, mutant=None):
    """SPEC 9.4.6: X_k := pad(input_k, init_k, low, high, base - 1) (4.39,
    gen_layout.ref_pad); every result element folds its window positions in
    row-major order from init. reverse=True folds the window backwards (only
    to show that a test depends on the order). Returns (shape, results).
    mutant: see MUTANTS."""
    n = len(Xs)
    reverse = reverse or mutant == 'rw_reverse'
    real = gen_layout.ref_pad([1] * size(xshape), 0, xshape, low, high, [b - 1 for b in base])[1]
    padded = [gen_layout.ref_pad(X, i, xshape, low, high, [b - 1 for b in base]) for X, i in zip(Xs, inits)]
    pshape = padded[0][0]
    rshape = rw_shape(xshape, win, strides, base, wdil, low, high)
    res = [[] for _ in range(n)]
    wins = list(indices(win))
    if reverse:
        wins = wins[::-1]
    for r in indices(rshape):
        acc = list(inits)
        for w in wins:
            q = [r[d] * strides[d] + w[d] * wdil[d] for d in range(len(xshape))]
            assert all(0 <= q[d] < pshape[d] for d in range(len(xshape)))
            qi = offset(q, pshape)
            if mutant == 'rw_skip_pad' and not real[qi]:
                continue
            if mutant == 'rw_body_swap':
                acc = body(*([P[1][qi] for P in padded] + acc))
                continue
            acc = body(*(acc + [P[1][qi] for P in padded]))
        for k in range(n):
            res[k].append(acc[k])
    return rshape, res


def rw_op(c, xs, inits, tys, xshape, rshape, win, strides, base, wdil, low, high, body, form='attr', omit=()):
    nm = c.fresh('r')
    n = len(xs)
    attrs = window_attrs(win, strides, low, high, omit, base, wdil)
    rt = ', '.join(T(rshape, t) for t in tys)
    sig = '(%s) -> %s' % (', '.join([T(xshape, t) for t in tys] + [T([], t) for t in tys]),
                          rt if n == 1 else '(%s)' % rt)
    res = '%%%s' % nm if n == 1 else '%%%s:%d' % (nm, n)
    ops = ', '.join('%' + v for v in xs + inits)
    if form == 'prop':
        c.add('  %s = "stablehlo.reduce_window"(%s) <{%s}> ({' % (res, ops, attrs))
    else:
        c.add('  %s = "stablehlo.reduce_window"(%s) ({' % (res, ops))
    c.lines += body.render(nm)
    c.add('  }) %s: %s' % ('' if form == 'prop' else '{%s} ' % attrs, sig))
    c.ops += 1
    return [nm] if n == 1 else ['%s#%d' % (nm, k) for k in range(n)]


def emit_rw(c, tys, xshape, Xs, inits, win, strides=None, base=None, wdil=None, low=None, high=None, body=None,
            note=None, order_dep=False, expect=None, **kw):
    r = len(xshape)
    strides = strides or [1] * r
    base = base or [1] * r
    wdil = wdil or [1] * r
    low = low if low is not None else [0] * r
    high = high if high is not None else [0] * r
    assert len(win) == len(strides) == len(base) == len(wdil) == len(low) == len(high) == r
    assert body.rtypes() == list(tys) and [t for _, t in body.args] == list(tys) * 2
    for n, b, lo, hi in zip(xshape, base, low, high):
        assert lo + (0 if n == 0 else (n - 1) * b + 1) + hi >= 0, 'negative padded size'
    rshape, R = rw_ref(Xs, xshape, inits, win, strides, base, wdil, low, high, body, mutant=MUTANT)
    if MUTANT:
        order_dep, expect = False, None
    if order_dep:
        assert rw_ref(Xs, xshape, inits, win, strides, base, wdil, low, high, body, reverse=True)[1] != R, \
            'this case does not depend on the window order'
    if expect is not None:
        assert R == expect, (R, expect)
    if note:
        c.note(note)
    c.note('body: %s; window %s, strides %s, base_dilations %s, window_dilations %s, padding %s -> %s' % (
        body.desc, lst(win), lst(strides), lst(base), lst(wdil), lst([[a, b] for a, b in zip(low, high)]),
        lst(rshape)))
    c.__dict__.setdefault('stats', []).append({'results': size(rshape), 'changed': [
        sum(1 for v in X if v != i) for X, i in zip(R, inits)]})
    xs = [c.const(t, xshape, X, 'x') for t, X in zip(tys, Xs)]
    ins = [c.const(t, [], [i], 'i') for t, i in zip(tys, inits)]
    nms = rw_op(c, xs, ins, tys, xshape, rshape, win, strides, base, wdil, low, high, body, **kw)
    for nm, t, X in zip(nms, tys, R):
        c.pin(nm, t, rshape, X)
    return rshape, R


def rw_body1(kind, t, c=None, w=None):
    return sca_body(kind, t, c, w, args=('acc', 'e'))


def rw_argmax(t0, t1, d='GT', ctype=None):
    """(value, index) pairs: take the element when e0 d acc0 (GT: the first of
    equal maxima; GE: the last)."""
    A = [('acc0', t0), ('acc1', t1), ('e0', t0), ('e1', t1)]
    return Region('argmax-style: p = e0 %s acc0; (select(p, e0, acc0), select(p, e1, acc1))' % d, A,
                  [('cmp', 'p', d, ctype, 'e0', 'acc0'), ('sel', 's0', 'p', 'e0', 'acc0'),
                   ('sel', 's1', 'p', 'e1', 'acc1')], ['s0', 's1'])


def rw_pair(t0, t1, k0='add', k1='maximum'):
    A = [('acc0', t0), ('acc1', t1), ('e0', t0), ('e1', t1)]
    return Region('(%s(acc0, e0), %s(acc1, e1))' % (k0, k1), A,
                  [('bin', 's0', k0, 'acc0', 'e0'), ('bin', 's1', k1, 'acc1', 'e1')], ['s0', 's1'])


def rw_cross(t0, t1):
    A = [('acc0', t0), ('acc1', t1), ('e0', t0), ('e1', t1)]
    return Region('(acc0 + convert(e1), acc1 - convert(e0)): each result reads both inputs', A,
                  [('cvt', 'k0', 'e1', t0), ('bin', 's0', 'add', 'acc0', 'k0'),
                   ('cvt', 'k1', 'e0', t1), ('bin', 's1', 'subtract', 'acc1', 'k1')], ['s0', 's1'])


def rw_type_chunk(rng, t):
    c = Chunk('rw_%s' % gen.fname(t), 'reduce_window on %s: add/maximum/multiply/non-commutative/reshape-padded '
              'bodies, strides, base and window dilations, padding (negative too), an argmax pair and an '
              'independent pair, the type\'s specials' % t)
    noncomm = 'and_not' if t == 'i1' else 'subtract'
    init = lambda: 0 if t == 'i1' else plain_init(rng, t)  # noqa: E731
    emit_rw(c, [t], [12], [tie_vals(rng, t, 12, 8)], [one(t) if t != 'i1' else 0], [3], [2], [1], [1], [1], [2],
            rw_body1('add', t), note='a non-identity init enters every window once and once per padding position')
    emit_rw(c, [t], [4, 5], [src_vals(rng, t, 20, 0.3)], [low_init(rng, t)], [2, 2], [1, 2], [2, 1],
            [1, 2], [1, 0], [0, 1], rw_body1('maximum', t),
            note='base dilation 2 in dim 0 (holes hold init), window dilation 2 in dim 1')
    emit_rw(c, [t], [3, 5], [small_vals(rng, t, 15)], [nonzero_small(rng, t) if t != 'i1' else 1], [2, 3], [1, 1],
            [1, 1], [1, 1], [0, 1], [1, 0], rw_body1('multiply', t))
    emit_rw(c, [t], [13], [src_vals(rng, t, 13)], [init() if t != 'i1' else 1], [4], [3], [1], [1], [-1], [2],
            rw_body1(noncomm, t), note='negative low padding crops the first element; non-commutative body')
    k = 'reshape_max' if t == 'i1' else rng.choice(['reshape_add', 'reshape_sub', 'reshape_max'])
    emit_rw(c, [t], [2, 3, 4], [src_vals(rng, t, 24)], [low_init(rng, t) if k == 'reshape_max' else init()],
            [2, 2, 2], [1, 1, 2], [1, 2, 1], [1, 1, 2], [0, 1, 1], [0, -1, 1], rw_body1(k, t),
            note='a body with a non-element-wise op (general region path)')
    X = tie_vals(rng, t, 14, 5)
    d = rng.choice(['GT', 'GE'])
    emit_rw(c, [t, 'i32'], [14], [X, list(range(14))], [low_init(rng, t), -1], [4], [2], [1], [1],
            [1], [1], rw_argmax(t, 'i32', d, 'FLOAT' if t in FMTS and d == 'GE' else None))
    emit_rw(c, [t, 'f16'], [3, 4], [src_vals(rng, t, 12), src_vals(rng, 'f16', 12)], [init(), enc('f16', 0)],
            [2, 2], [1, 1], [1, 1], [1, 1], [0, 1], [1, 0], rw_pair(t, 'f16', 'add', 'minimum'))
    c.group = 'types'
    return c


def rw_order_chunk(rng, t):
    c = Chunk('rw_order_%s' % gen.fname(t), 'reduce_window add in %s: each window is folded in row-major order from '
              'init, rounding at every step; the model asserts that the reverse order gives other bits' % t)
    f = FMTS[t]
    for xs, win, st, base, wd, lo, hi in [([12], [5], [1], [1], [1], [0], [0]),
                                          ([5, 5], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1]),
                                          ([6, 4], [3, 2], [2, 1], [2, 1], [1, 2], [1, 0], [0, 1])]:
        for attempt in range(400):
            X = f8_magnitudes(rng, t, size(xs))
            init = rng.choice([0 if f.family != 'e8m0' else 0x7F, enc(t, 1), f8_magnitudes(rng, t, 1)[0]])
            body = rw_body1('add', t)
            args = ([X], xs, [init], win, st, base, wd, lo, hi, body)
            if rw_ref(*args)[1] != rw_ref(*args, reverse=True)[1]:
                break
        else:
            raise AssertionError('no order-dependent case for %s' % t)
        emit_rw(c, [t], xs, [X], [init], win, st, base, wd, lo, hi, body, order_dep=True)
    return c


def rw_chunks(rng):
    out = []
    c = Chunk('rw_spec_example', 'SPEC 9.4.6 example / 9.A vector 6, and the same attributes with other bodies')
    t = 'i64'
    emit_rw(c, [t], [3, 2], [[1, 2, 3, 4, 5, 6]], [0], [2, 1], [4, 1], [2, 1], [3, 1], [2, 0], [1, 0],
            rw_body1('add', t), expect=[[0, 0, 3, 4]])
    emit_rw(c, [t], [3, 2], [[1, 2, 3, 4, 5, 6]], [10], [2, 1], [4, 1], [2, 1], [3, 1], [2, 0], [1, 0],
            rw_body1('subtract', t), expect=[[-10, -10, -3, -4]])
    out.append(c)

    c = Chunk('rw_dilations', 'base dilations (holes filled with init) and window dilations, alone and together, '
              'with strides; i32 sums so every position is visible, with a distinctive init')
    t = 'i32'
    X = [1 << k for k in range(12)]
    for base, wd, st, lo, hi in (([3], [1], [1], [0], [0]), ([1], [3], [1], [0], [0]), ([2], [2], [3], [1], [1]),
                                 ([4], [3], [2], [2], [0]), ([2], [5], [1], [0], [3])):
        emit_rw(c, [t], [12], [X], [1 << 20], [3], st, base, wd, lo, hi, rw_body1('add', t))
    X = list(range(1, 13))
    emit_rw(c, [t], [3, 4], [X], [100], [2, 2], [1, 2], [2, 3], [2, 1], [1, 0], [0, 2], rw_body1('add', t))
    out.append(c)

    c = Chunk('rw_negative_padding', 'negative padding crops (interior padding first, then the crop); a crop that '
              'removes the first elements, the last, and lands in a hole')
    t = 'i32'
    X = [1 << k for k in range(8)]
    for lo, hi, base in (([-2], [0], [1]), ([0], [-3], [1]), ([-1], [-1], [2]), ([-3], [2], [2]), ([2], [-4], [3])):
        emit_rw(c, [t], [8], [X], [1 << 12], [2], [1], base, [1], lo, hi, rw_body1('add', t))
    emit_rw(c, [t], [4, 3], [list(range(12))], [0], [2, 2], [1, 1], [1, 2], [1, 1], [-1, 1], [0, -2],
            rw_body1('subtract', t))
    out.append(c)

    c = Chunk('rw_ranks', 'ranks 0 to 4: rank 0 (init folded with the element once), a 4-D max pool')
    for t, k in (('i32', 'subtract'), ('f32', 'add'), ('f16', 'twice_plus')):
        emit_rw(c, [t], [], [src_vals(rng, t, 1)], [src_vals(rng, t, 1)[0]], [], body=rw_body1(k, t))
    emit_rw(c, ['i32'], [], [[4]], [1], [], body=rw_body1('subtract', 'i32'), expect=[[-3]],
            omit=('strides', 'padding'))
    emit_rw(c, ['f32'], [2, 6, 6, 3], [src_vals(rng, 'f32', 216)], [FMTS['f32'].inf(True)],
            [1, 3, 3, 1], [1, 2, 2, 1], None, None, [0, 1, 1, 0], [0, 1, 1, 0], rw_body1('maximum', 'f32'))
    emit_rw(c, ['bf16'], [2, 3, 4], [src_vals(rng, 'bf16', 24)], [0], [1, 2, 2], [1, 1, 1], None, [1, 1, 2],
            None, None, rw_body1('add', 'bf16'))
    out.append(c)

    c = Chunk('rw_zero_size', 'zero-size results (window larger than the padded size), zero-size inputs with '
              'padding (every window is init only), an empty dimension with base dilation')
    t = 'i32'
    emit_rw(c, [t], [3, 4], [list(range(12))], [7], [4, 1], body=rw_body1('add', t))
    emit_rw(c, [t], [3, 4], [list(range(12))], [7], [2, 3], None, [1, 1], [1, 3], body=rw_body1('add', t))
    emit_rw(c, [t], [0, 4], [[]], [7], [2, 2], [1, 1], [3, 1], None, [1, 0], [2, 0], rw_body1('subtract', t),
            note='a 0x4 input padded to 3 rows: windows of init only')
    emit_rw(c, [t], [0], [[]], [7], [1], body=rw_body1('add', t))
    emit_rw(c, [t, 'f32'], [2, 0], [[], []], [7, enc('f32', 1.5)], [1, 1], [1, 1], None, None, [0, 1], [0, 1],
            rw_pair(t, 'f32'))
    out.append(c)

    c = Chunk('rw_same_case_bodies', 'one reduce_window three times: a one-op body, a multi-op element-wise '
              'body, a body with reshape / broadcast_in_dim; all pinned to the same model result')
    for t in ('f32', 'i32', 'f8E5M2'):
        X = src_vals(rng, t, 35)
        init = small_vals(rng, t, 1)[0]
        bodies = [rw_body1('add', t),
                  Region('add(acc, e) via select(true)', [('acc', t), ('e', t)],
                         [('bin', 's0', 'add', 'acc', 'e'), ('const', 'k', 'i1', 1), ('sel', 's', 'k', 's0', 'e')],
                         ['s']),
                  rw_body1('reshape_add', t)]
        Rs = [emit_rw(c, [t], [5, 7], [X], [init], [3, 2], [1, 2], [2, 1], [1, 2], [1, 0], [0, 1], b)[1]
              for b in bodies]
        assert Rs[0] == Rs[1] == Rs[2]
    out.append(c)

    c = Chunk('rw_noncommutative', 'bodies whose result depends on the window order: e - acc, acc - e with rounding, '
              'acc * 2 + e (Horner); the model asserts that the reverse window order gives other values')
    for t, k in (('i32', 'rsub'), ('f32', 'rsub'), ('i16', 'twice_plus'), ('f64', 'twice_plus'),
                 ('ui8', 'rsub'), ('f8E4M3FN', 'subtract'), ('bf16', 'twice_plus')):
        for attempt in range(400):
            X = (f8_magnitudes(rng, t, 20) if t == 'f8E4M3FN' else small_vals(rng, t, 20) if t != 'ui8'
                 else [rng.randint(0, 255) for _ in range(20)])
            init = small_vals(rng, t, 1)[0]
            args = ([X], [4, 5], [init], [2, 3], [1, 2], [1, 1], [1, 1], [1, 0], [0, 1], rw_body1(k, t))
            if rw_ref(*args)[1] != rw_ref(*args, reverse=True)[1]:
                break
        else:
            raise AssertionError('no order-dependent case for %s %s' % (t, k))
        emit_rw(c, [t], [4, 5], [X], [init], [2, 3], [1, 2], [1, 1], [1, 1], [1, 0], [0, 1], rw_body1(k, t),
                order_dep=True)
    out.append(c)

    c = Chunk('rw_outer_values', 'bodies reading values of the function (a factor, a threshold)')
    t = 'f32'
    emit_rw(c, [t], [4, 5], [src_vals(rng, t, 20)], [enc(t, 1)], [2, 2], [1, 1], None, None, [0, 1], [1, 0],
            rw_body1('outer', t, c, enc(t, -0.5)))
    wn = outer_const(c, 'i16', 3)
    b = Region('select(e > %%%s, acc + e, acc)' % wn[1:], [('acc', 'i16'), ('e', 'i16')],
               [('cmp', 'p', 'GT', 'SIGNED', 'e', wn), ('bin', 's0', 'add', 'acc', 'e'),
                ('sel', 's', 'p', 's0', 'acc')], ['s'], {wn: ('i16', 3)})
    emit_rw(c, ['i16'], [12], [[rng.randint(-6, 9) for _ in range(12)]], [0], [4], [2], None, None, [1], [1], b)
    out.append(c)

    c = Chunk('rw_multi', 'N = 2: argmax pairs (GT keeps the first maximum, GE the last), independent folds of '
              'two types, a body where each result reads both inputs, generic attributes as properties')
    X = tie_vals(rng, 'f32', 24, 6)
    for d, ct in (('GT', None), ('GE', 'FLOAT'), ('GT', 'TOTALORDER')):
        emit_rw(c, ['f32', 'i32'], [4, 6], [X, list(range(24))], [FMTS['f32'].inf(True), -1], [2, 3], [1, 1],
                None, None, [1, 0], [0, 1], rw_argmax('f32', 'i32', d, ct))
    emit_rw(c, ['i8', 'ui4'], [10], [src_vals(rng, 'i8', 10), src_vals(rng, 'ui4', 10)], [1, 2], [3], [1], [2], [1],
            [1], [1], rw_pair('i8', 'ui4', 'subtract', 'add'), form='prop')
    emit_rw(c, ['f16', 'i8'], [10], [small_vals(rng, 'f16', 10), small_vals(rng, 'i8', 10)],
            [enc('f16', 0.5), 3], [3], [2], None, [2], [1], [1], rw_cross('f16', 'i8'))
    out.append(c)

    c = Chunk('rw_forms', 'attributes as properties, every optional attribute absent, some absent')
    t = 'i32'
    X = list(range(1, 21))
    for form, omit in (('prop', ()), ('attr', ('strides', 'base', 'wdil', 'padding')), ('attr', ('base', 'padding')),
                       ('prop', ('strides', 'wdil'))):
        emit_rw(c, [t], [4, 5], [X], [0], [2, 3], None, None, None, None, None, rw_body1('subtract', t),
                form=form, omit=omit)
    out.append(c)

    c = Chunk('rw_large', 'larger inputs: 24x24 f32 sums over 5x5 windows, 20x20 f8E4M3FN sums over 4x4 windows '
              'with dilations (order-dependent), 4x8x8x3 bf16 max pool with padding')
    emit_rw(c, ['f32'], [24, 24], [src_vals(rng, 'f32', 576)], [0], [5, 5], [1, 1], None, None, [2, 2], [2, 2],
            rw_body1('add', 'f32'))
    t = 'f8E4M3FN'
    emit_rw(c, [t], [20, 20], [f8_magnitudes(rng, t, 400)], [enc(t, 1)], [4, 4], [2, 2], [1, 1], [2, 1], [1, 1],
            [1, 1], rw_body1('add', t), order_dep=True)
    emit_rw(c, ['bf16'], [4, 8, 8, 3], [src_vals(rng, 'bf16', 768)], [FMTS['bf16'].inf(True)], [1, 3, 3, 1],
            [1, 2, 2, 1], None, None, [0, 1, 1, 0], [0, 1, 1, 0], rw_body1('maximum', 'bf16'))
    out.append(c)

    for t in NARROW:
        out.append(rw_order_chunk(rng, t))
    for t in TYPES:
        out.append(rw_type_chunk(rng, t))
    return out


# ------------------------------------------------------------------ files

def is_types(c):
    return getattr(c, 'group', None) == 'types'


FILES = [  # (file, builder, chunk filter, header)
    ('select_and_scatter_types.mlir', 'sas_chunks', is_types,
     'select_and_scatter (SPEC 9.4.5, REF\'s procedure; decision 33: res[sel] := scatter(scatter(init, '
     'source), res[sel])) on all 30 element types: the four select directions (FLOAT/TOTALORDER/typed '
     'compares, lexicographic complex order, EQ/NE), multi-op and reshape-padded select bodies, add, maximum, '
     'multiply, non-commutative, outer-value and reshape-padded scatter bodies, on tie-heavy operands with '
     'the type\'s specials; overlapping windows, gaps, padding, non-identity init. Floats pinned bit for bit.'),
    ('select_and_scatter_cases.mlir', 'sas_chunks', lambda c: not is_types(c),
     'select_and_scatter (SPEC 9.4.5, decision 33): the SPEC syntax example and 9.A vector 5, ranks 0-4, zero '
     'sizes, windows in the padding, gaps, ties under every select body, NaN/-0/Inf selects, non-commutative '
     'and order-dependent scatters (f8 sums: the reverse source order and SPEC\'s formula give other bits), '
     'the same case with plain, multi-op and reshape-padded bodies, bodies reading function values, bodies '
     'returning an argument, attribute forms, large overlapping windows. Floats pinned bit for bit.'),
    ('reduce_window_types.mlir', 'rw_chunks', is_types,
     'reduce_window (SPEC 9.4.6) on all 30 element types: add with init 1 and padding, maximum with base and '
     'window dilations, multiply, a non-commutative body with negative padding, reshape-padded bodies on '
     'rank 3, an argmax pair with an i32 index and an independent pair with f16. Floats pinned bit for bit.'),
    ('reduce_window_cases.mlir', 'rw_chunks', lambda c: not is_types(c),
     'reduce_window (SPEC 9.4.6): the SPEC example (9.A vector 6), base and window dilations, strides, '
     'positive and negative padding, ranks 0-4, zero sizes, N = 2 (argmax pairs, independent folds, '
     'cross-reading bodies), the same case with plain, multi-op and reshape-padded bodies, bodies reading '
     'function values, attribute forms, order-dependent f8 sums (the reverse window order gives other '
     'bits), large inputs. Floats pinned bit for bit.'),
]

HEAD = ('// RUN: ir-run --interpret -split-input-file %s\n'
        '// Generated by tests/oracle/gen_window.py (model: SPEC 9.4.5/9.4.6 in gen_window.py, model.py,\n'
        '// control_ir.py); do not edit.\n// ')


def write_all(out_dir, seed, pending_dir):
    written, pending, cache = [], [], {}
    for fname, builder, filt, header in FILES:
        if builder not in cache:
            cache[builder] = globals()[builder](random.Random(seed * 100 + len(cache)))
            names = [c.name for c in cache[builder]]
            assert len(set(names)) == len(names), 'duplicate chunk names'
        chunks = [c for c in cache[builder] if filt(c)]
        keep = [c for c in chunks if not any(p(c.name) for p in PENDING)]
        pending += [(fname, c) for c in chunks if any(p(c.name) for p in PENDING)]
        head = HEAD + '\n// '.join(gi.wrap_text(header)) + '\n\n'
        path = os.path.join(out_dir, fname)
        with open(path, 'w') as fh:
            fh.write(head + '\n\n// -----\n\n'.join(c.text() for c in keep) + '\n')
        checks = sum(c.checks for c in keep)
        print('%-32s %4d chunks %6d element checks %8d bytes' % (fname, len(keep), checks, os.path.getsize(path)))
        written.append(path)
    ppath = os.path.join(pending_dir, 'pending_window.mlir')
    if pending:
        with open(ppath, 'w') as fh:
            fh.write(HEAD + 'PENDING: chunks that fail because of known ir-run bugs\n'
                     '// (tests/oracle/FINDINGS.md); the expected values are the model\'s; make check does not\n'
                     '// run this file.\n\n' +
                     '\n\n// -----\n\n'.join('// (from %s)\n%s' % (f, c.text()) for f, c in pending) + '\n')
        print('%-32s %4d chunks (pending)' % ('pending_window.mlir', len(pending)))
    elif os.path.exists(ppath):
        os.remove(ppath)
    return written, (ppath if pending else None)


CHECK_RE = re.compile(r'^(  check\.expect_eq_const %\S+, dense<)(.*)(> : tensor<.*>)$')


def corrupt(text, rng):
    """The text with one element of one expect_eq_const literal changed (a
    hex pattern's last digit or a decimal integer / bool flipped); returns
    (text, description)."""
    lines = text.split('\n')
    cands = [k for k, ln in enumerate(lines) if CHECK_RE.match(ln) and 'dense<>' not in ln]
    k = rng.choice(cands)
    m = CHECK_RE.match(lines[k])
    body = m.group(2)
    toks = list(re.finditer(r'0x[0-9A-F]+|-?\d+|true|false', body))
    tok = rng.choice(toks)
    s = tok.group(0)
    if s.startswith('0x'):
        new = s[:-1] + ('0' if s[-1] != '0' else '1')
    elif s in ('true', 'false'):
        new = 'false' if s == 'true' else 'true'
    else:
        new = str(int(s) ^ 1)
    nb = body[:tok.start()] + new + body[tok.end():]
    lines[k] = m.group(1) + nb + m.group(3)
    return '\n'.join(lines), 'line %d: %s -> %s' % (k + 1, s, new)


def run(irrun, path):
    return subprocess.run([irrun, '--interpret', '-split-input-file', path], capture_output=True, text=True)


def validate(irrun, written, ppath):
    import time
    bad = 0
    for path in written:
        t0 = time.time()
        p = run(irrun, path)
        dt = time.time() - t0
        summary = (p.stderr.strip().split('\n') or [''])[-1]
        print('%s: exit %d, %.2f s, %s' % (os.path.basename(path), p.returncode, dt, summary))
        if p.returncode != 0:
            bad += 1
            print(p.stderr[-6000:])
        # the checks are not vacuous: corrupt one expected element in a copy, ir-run must fail
        text = open(path).read()
        rng = random.Random(7)
        with tempfile.TemporaryDirectory() as td:
            for k in range(3):
                ctext, desc = corrupt(text, rng)
                cpath = os.path.join(td, 'corrupt%d_%s' % (k, os.path.basename(path)))
                with open(cpath, 'w') as fh:
                    fh.write(ctext)
                q = run(irrun, cpath)
                ok = q.returncode == 1 and 'check.expect_eq_const failed' in q.stderr
                print('  corrupted copy (%s): exit %d, %s' % (desc, q.returncode,
                                                             'fails as it must' if ok else 'NOT DETECTED'))
                if not ok:
                    bad += 1
    if ppath:
        p = run(irrun, ppath)
        print('pending_window.mlir: exit %d (fails while the bugs are open)' % p.returncode)
        print(p.stderr[-4000:])
    print('validate: %d problem(s)' % bad)
    return bad


def main(argv):
    global MUTANT
    out_dir, seed, irrun, pending_dir = OUT, SEED, None, HERE
    while argv:
        if argv[0] == '--out':
            out_dir = pending_dir = argv[1]
        elif argv[0] == '--seed':
            seed = int(argv[1])
        elif argv[0] == '--validate':
            irrun = argv[1]
        elif argv[0] == '--mutant':
            MUTANT = argv[1]
            assert MUTANT in MUTANTS, sorted(MUTANTS)
        else:
            raise SystemExit(__doc__)
        argv = argv[2:]
    if MUTANT and out_dir == OUT:
        raise SystemExit('--mutant needs --out DIR (never over the committed files)')
    os.makedirs(out_dir, exist_ok=True)
    written, ppath = write_all(out_dir, seed, pending_dir)
    if irrun:
        sys.exit(1 if validate(irrun, written, ppath) else 0)


if __name__ == '__main__':
    main(sys.argv[1:])
