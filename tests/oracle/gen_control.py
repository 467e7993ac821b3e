#!/usr/bin/env python3
"""Golden tests for the control-flow ops of SPEC 9.3 (issue 12).

Writes tests/interpret/{while,if_case,nested_regions,map,sort,
sort_types,barrier_tuple_token}.mlir and tests/interpret/fail/*.mlir.
Every expected value comes from the model (control_ir.py on top of model.py,
stdsort.py for sort), never from ir-run.

    python3 tests/oracle/gen_control.py                  write the files
    python3 tests/oracle/gen_control.py --validate build/ir-run
          also write the traces (straight-line programs of ops ir-run already
          has, with the same expected values; control_ir.py explains them)
          to $TMPDIR/irrun-control-traces and run them: every trace must pass
          (fail traces must fail with their EXPECT-ERR texts)
    python3 tests/oracle/gen_control.py --cxx
          compile tests/oracle/stdsort_check.cpp with g++ and compare every
          sort of the generated files (and random inputs, with NaN-style
          comparators) with the host's libstdc++ std::sort/std::stable_sort

Python 3 standard library only (the --cxx check needs g++).
"""

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
import stdsort  # noqa: E402
import control_ir as ci  # noqa: E402
from control_ir import TT, TOKEN, TUP, Program  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261212
CPLX = gen.CPLX
TYPES = FLOAT_NAMES + INT_NAMES + list(CPLX)      # the 30 element types
I32, I64, I1 = TT('i32'), TT('i64'), TT('i1')

# ------------------------------------------------------------------ values


def enc(t, x):
    """Pattern (float) / value (int) of the number x in type t."""
    x = Fraction(x)
    if t in CPLX:
        return (enc(CPLX[t], x), enc(CPLX[t], 0))
    if t in FMTS:
        return model.encode(FMTS[t], x < 0, abs(x))
    return model.wrap(t, int(x))


def cenc(t, re_, im):
    p = CPLX[t]
    return (enc(p, re_), enc(p, im))


def fspecials(t):
    """Special patterns of float format t: zeros, min subnormal, largest
    subnormal, min normal, 1, max, Inf, quiet/signalling NaN with payload,
    both signs where the format has them."""
    f = FMTS[t]
    s = [0, f.max_pat, enc(t, 1), enc(t, Fraction(1, 2))]
    if f.family == 'e8m0':
        return [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, 0x7E]
    s += [1, (1 << f.m) - 1, 1 << f.m]
    if f.has_negzero:
        s += [f.sign_bit, f.sign_bit | 1, f.sign_bit | f.max_pat, enc(t, -1)]
    if f.family == 'ieee':
        e = ((1 << f.e) - 1) << f.m
        q = 1 << (f.m - 1)
        s += [e, f.sign_bit | e, e | q, f.sign_bit | e | q | (q >> 1 if q > 1 else 0), e | 1]
    elif f.family == 'fn':
        s += [0x7F, 0xFF]
    elif f.family == 'fnuz':
        s += [0x80, enc(t, -1)]
    out = []
    for x in s:
        x &= f.mask
        if x not in out:
            out.append(x)
    return out


def specials(t):
    if t in CPLX:
        p = CPLX[t]
        sp = fspecials(p)
        return [(sp[i], sp[(3 * i + 1) % len(sp)]) for i in range(len(sp))]
    if t in FMTS:
        return fspecials(t)
    return gen.specials(t)


def rand_elem(rng, t):
    if t in CPLX:
        return (gen.sample(rng, CPLX[t]), gen.sample(rng, CPLX[t]))
    return gen.sample(rng, t)


def vec(rng, t, n, nspecial=None):
    """n values of t: the specials first (as many as fit), then random, shuffled."""
    sp = specials(t)
    k = len(sp) if nspecial is None else nspecial
    vals = rng.sample(sp, min(k, n, len(sp)))
    while len(vals) < n:
        vals.append(rand_elem(rng, t))
    rng.shuffle(vals)
    return vals


def one(t):
    return enc(t, 1)


def ctype_of(t):
    """The compare_type SPEC 4.25 asks for."""
    if t in CPLX or t in FMTS:
        return 'FLOAT'
    if t == 'i1' or t.startswith('ui'):
        return 'UNSIGNED'
    return 'SIGNED'


def fname(t):
    return gen.fname(t)


# ------------------------------------------------------------------ output


class File:
    def __init__(self, name, header, fail=False):
        self.name = name
        self.header = header
        self.fail = fail
        self.chunks = []        # (comment, program)
        self.expect_err = []

    def add(self, prog, comment=''):
        self.chunks.append((comment, prog))
        return prog

    def build(self, trace):
        texts, traces, runners = [], [], []
        for comment, prog in self.chunks:
            text, ttext, run = ci.build(prog, trace)
            if comment:
                text = '\n'.join('// ' + line for line in comment.split('\n')) + '\n' + text
            texts.append(text)
            traces.append(ttext)
            runners.append(run)
        head = '// RUN: ir-run --interpret -split-input-file %s'
        if self.fail:
            head += '   (must exit 1)'
        head += '\n// Generated by tests/oracle/gen_control.py (model: control_ir.py, model.py,\n'
        head += '// stdsort.py); do not edit. ' + self.header.replace('\n', '\n// ') + '\n'
        for e in self.expect_err:
            head += '// EXPECT-ERR: %s\n' % e
        body = head + '\n' + '\n\n// -----\n\n'.join(texts) + '\n'
        tbody = None
        if trace:
            tbody = ('// trace of %s (straight-line, validation only)\n' % self.name
                     + '\n'.join('// EXPECT-ERR: %s' % e for e in self.expect_err)
                     + '\n\n' + '\n\n// -----\n\n'.join(traces) + '\n')
        return body, tbody, runners


# ------------------------------------------------------------------ while

def counter_loop(f, b, n, carried, body_fn, pretty=True, ctr_type='i32', attr_text=None,
                 group=None, generic_return=False):
    """while (k < n) { k += 1; carried = body_fn(region, k, carried) }.
    carried: [(name, init value name, type)]. Returns the result names."""
    ct = TT(ctr_type)
    k0 = b.splat(ctr_type, [], 0)
    names = [('k%d' % f.counter, ct)] + [(nm, t) for nm, _, t in carried]
    f.counter += 1
    cond = f.region(names, generic_return=generic_return)
    lim = cond.splat(ctr_type, [], n)
    c = cond.cmp('LT', names[0][0], lim, 'SIGNED')
    cond.ret_(c)
    body = f.region(names if pretty else [(nm + '_b', t) for nm, t in names])
    bn = [nm for nm, _ in body.args]
    one_ = body.splat(ctr_type, [], 1)
    k1 = body.bin('add', bn[0], one_)
    new = body_fn(body, bn[0], bn[1:])
    body.ret_(k1, *new)
    res = b.add('while', [t for _, t in names], [k0] + [v for _, v, _ in carried], [cond, body],
                group=group or f.fresh('w'), pretty=pretty, attr_text=attr_text)
    return res


def step_values(t):
    """Four lanes of (init, step) for an accumulation of `acc + step` in t,
    chosen to show per-step rounding, stagnation, subnormal sums and
    overflow (Inf, NaN, saturation or wrap-around, per the format)."""
    if t in CPLX:
        p = CPLX[t]
        return [(cenc(t, 0, 0), cenc(t, Fraction(1, 10), Fraction(-1, 3))),
                (cenc(t, 1, 1), cenc(t, Fraction(2) ** -20, Fraction(3, 7))),
                ((FMTS[p].max_pat, 0), (enc(p, Fraction(2) ** 100) if p == 'f32' else enc(p, Fraction(2) ** 971), 1)),
                (cenc(t, -5, 5), cenc(t, Fraction(1, 3), Fraction(-1, 3)))]
    if t in FMTS:
        f = FMTS[t]
        if f.family == 'e8m0':
            return [(0x7F, 0x7C), (0x7F, 0x7F), (0x01, 0x01), (0x80, 0x7E)]
        near_max = f.max_pat - 2
        big = enc(t, f.max / 4)
        return [(0, enc(t, Fraction(1, 10))),        # per-step rounding, stagnation
                (0, 1),                               # sum of min subnormals
                (near_max, big),                      # overflow
                (enc(t, -3), enc(t, Fraction(1, 3)))]  # negative start, rounding
    if t == 'i1':
        return [(0, 1), (1, 0), (0, 0), (1, 1)]
    lo, hi = model.int_range(t)
    return [(0, 1), (hi - 2, 1), (lo + 1, -1 if lo < 0 else hi), (3, hi // 3 + 1)]


def mul_values(t):
    """Four lanes (init, factor) for `acc * factor`."""
    if t in CPLX:
        return [(cenc(t, 1, 0), cenc(t, Fraction(3, 5), Fraction(4, 5))),     # rotation: drift
                (cenc(t, 1, 1), cenc(t, 2, 0)),                                # grows to Inf
                (cenc(t, 1, 0), cenc(t, 0, 1)),                                # i^k
                (cenc(t, Fraction(1, 3), 0), cenc(t, Fraction(1, 2), Fraction(1, 2)))]
    if t in FMTS:
        f = FMTS[t]
        if f.family == 'e8m0':
            return [(0x7F, 0x80), (0x7F, 0x7E), (0x90, 0x81), (0x01, 0x7F)]
        return [(one(t), enc(t, Fraction(3, 2))),      # grows, rounds, overflows
                (one(t), enc(t, Fraction(1, 3))),      # shrinks into subnormals, to 0
                (enc(t, -1), enc(t, -2)),              # alternating sign, overflow
                (enc(t, Fraction(5, 4)), one(t))]      # fixed point
    if t == 'i1':
        return [(1, 1), (1, 0), (0, 1), (0, 0)]
    lo, hi = model.int_range(t)
    return [(1, 3), (1, 2), (lo, -1 if lo < 0 else 1), (hi, hi)]


def iters_for(t):
    if t in ('f32', 'f64', 'complex<f32>', 'complex<f64>'):
        return 1000
    if t in ('bf16', 'f16'):
        return 300
    if t in FMTS:
        return 60
    return 70


def file_while(rng):
    F = File('while.mlir', 'while (SPEC 9.3.1): pretty and generic forms, zero and\n'
             'many iterations, per-step rounding of carried values in every element type,\n'
             'nesting, lexical scope, tokens, checks inside the body.')

    # --- sum 0.1 in f8E4M3FN 50 times (SPEC's example of per-step rounding)
    p = Program()
    f = p.func('while_f8_tenth_50_times')
    b = f.body
    tenth = b.splat('f8E4M3FN', [], enc('f8E4M3FN', Fraction(1, 10)), 'tenth')
    z = b.splat('f8E4M3FN', [], 0, 'zero')
    r = counter_loop(f, b, 50, [('acc', z, TT('f8E4M3FN'))],
                     lambda rb, k, c: [rb.bin('add', c[0], tenth)], group='r')
    b.pin(r[1])
    b.expect(r[0], [50])
    b.ret_()
    F.add(p, '0.1 rounds to 0x1D (0.1015625); the sum stalls once half an ulp exceeds it')

    # --- the same with an f32 sum of 0.1 a thousand times (i64 counter)
    p = Program()
    f = p.func('while_f32_tenth_1000_times')
    b = f.body
    tenth = b.splat('f32', [], enc('f32', Fraction(1, 10)), 'tenth')
    z = b.splat('f32', [], 0, 'zero')
    bz = b.splat('i8', [], 0, 'bytesum')
    r = counter_loop(f, b, 1000, [('acc', z, TT('f32')), ('bs', bz, TT('i8'))],
                     lambda rb, k, c: [rb.bin('add', c[0], tenth), rb.bin('add', c[1], rb.splat('i8', [], 7))],
                     ctr_type='i64', group='r', attr_text='{note = "ignored", n = 1000 : i64}')
    b.pin(r[1])
    b.pin(r[2])
    b.expect(r[0], [1000])
    b.ret_()
    F.add(p, '1000 iterations: f32 rounding after every add; the i8 sum wraps;\n'
             'an attribute dictionary after `attributes` (ignored)')

    # --- generic form of a simple loop; generic terminators
    p = Program()
    f = p.func('while_generic')
    b = f.body
    r = counter_loop(f, b, 10, [('s', b.splat('i64', [], 0), I64)],
                     lambda rb, k, c: [rb.bin('add', c[0], rb.convert(k, 'i64'))],
                     pretty=False, generic_return=True, group='r', attr_text='{unknown.attr}')
    b.expect(r[1], [45])
    b.expect(r[0], [10])
    b.ret_()
    F.add(p, 'generic form: both regions have their own ^bb0 arguments; a unit attribute\n'
             'after the regions (ignored)')

    # --- zero iterations: every element type carried unchanged, bit for bit
    p = Program()
    f = p.func('while_zero_iterations_all_types')
    b = f.body
    carried = []
    for t in TYPES:
        v = specials(t)
        carried.append(('c_%s' % fname(t), b.const(t, [len(v)], v, 'init_%s' % fname(t)), TT(t, len(v))))

    def spoil(rb, k, c):
        out = []
        for (nm, _, t), x in zip(carried, c):
            et = t[2]
            if et == 'i1':
                out.append(rb.un('not', x))
            else:
                out.append(rb.bin('add', x, x))
        rb.expect(k, [12345])      # would fail if the body ran
        return out
    k0 = b.splat('i32', [], 7, 'seven')
    names = [('k', I32)] + [(nm, t) for nm, _, t in carried]
    cond = f.region(names)
    cond.ret_(cond.cmp('LT', 'k', cond.splat('i32', [], 7), 'SIGNED'))
    body = f.region(names)
    one_ = body.splat('i32', [], 1)
    new = spoil(body, 'k', [nm for nm, _ in names[1:]])
    body.ret_(body.bin('add', 'k', one_), *new)
    res = b.add('while', [t for _, t in names], [k0] + [v for _, v, _ in carried], [cond, body], group='r', pretty=True)
    for x in res:
        b.pin(x)
    b.ret_()
    F.add(p, 'cond is false at once: the body (which would change every value and fail a\n'
             'check) never runs; NaN payloads, signalling NaNs and -0 come back bit for bit')

    # --- zero operands, zero results
    p = Program()
    f = p.func('while_no_operands')
    b = f.body
    cond = f.region([])
    cond.ret_(cond.splat('i1', [], 0))
    body = f.region([])
    body.expect(body.splat('i32', [], 1), [2])   # never runs
    body.ret_()
    b.add('while', [], [], [cond, body], names=[], pretty=True)
    cond2 = f.region([], generic_return=True)
    cond2.ret_(cond2.splat('i1', [], 0))
    body2 = f.region([], generic_return=True)
    body2.ret_()
    b.add('while', [], [], [cond2, body2], names=[], pretty=False)
    x = b.splat('i32', [], 3, 'three')
    b.expect(x, [3])
    b.ret_()
    F.add(p, 'no operands and no results, pretty `stablehlo.while() cond {...} do {...}`\n'
             'and generic; the body ends with a return of nothing')

    # --- every element type: acc + step and acc * factor, many iterations
    for t in TYPES:
        p = Program()
        f = p.func('while_accumulate_%s' % fname(t))
        b = f.body
        st = step_values(t)
        mu = mul_values(t)
        T = TT(t, 4)
        a0 = b.const(t, [4], [x for x, _ in st], 'acc0')
        s0 = b.const(t, [4], [y for _, y in st], 'step')
        m0 = b.const(t, [4], [x for x, _ in mu], 'prod0')
        f0 = b.const(t, [4], [y for _, y in mu], 'fac')
        n = iters_for(t)
        addop = 'xor' if t == 'i1' else 'add'

        def bodyfn(rb, k, c, addop=addop):
            return [rb.bin(addop, c[0], c[1]), c[1], rb.bin('multiply', c[2], 'fac')]
        r = counter_loop(f, b, n, [('acc', a0, T), ('stp', s0, T), ('prod', m0, T)], bodyfn,
                         pretty=(TYPES.index(t) % 2 == 0), group='r')
        b.pin(r[1])
        b.pin(r[2])
        b.pin(r[3])
        b.ret_()
        F.add(p, '%s: %d iterations of acc %s step (carried) and prod * fac (read from the\n'
                 'enclosing function); rounded at every step' % (t, n, '^' if t == 'i1' else '+'))

    # --- one loop, several carried values of different element types
    p = Program()
    f = p.func('while_mixed_carried')
    b = f.body
    spec = [('f8E5M2', Fraction(3, 10)), ('bf16', Fraction(1, 3)), ('ui8', 45), ('i4', 3),
            ('f6E2M3FN', Fraction(1, 4)), ('f4E2M1FN', Fraction(1, 2)), ('f8E4M3B11FNUZ', Fraction(1, 8)),
            ('f8E8M0FNU', 2), ('f8E3M4', Fraction(1, 16)), ('ui2', 1), ('i16', 1000)]
    carried = []
    for t, s in spec:
        carried.append(('x_%s' % fname(t), b.splat(t, [], enc(t, s) if t != 'f8E8M0FNU' else 0x80, 'i_%s' % fname(t)), TT(t)))
    carried.append(('flag', b.splat('i1', [], 0, 'i_flag'), I1))
    carried.append(('z', b.splat('complex<f32>', [], cenc('complex<f32>', 1, 0), 'i_z'), TT('complex<f32>')))
    rot = b.splat('complex<f32>', [], cenc('complex<f32>', Fraction(3, 5), Fraction(4, 5)), 'rot')

    def mixed(rb, k, c):
        out = []
        for (nm, _, t), x in zip(carried, c):
            et = t[2]
            if et == 'i1':
                out.append(rb.un('not', x))
            elif et == 'complex<f32>':
                out.append(rb.bin('multiply', x, rot))
            elif et == 'f8E8M0FNU':
                out.append(rb.bin('multiply', x, rb.splat(et, [], 0x80)))      # * 2
            else:
                out.append(rb.bin('add', x, rb.splat(et, [], enc(et, dict(spec)[et]))))
        return out
    r = counter_loop(f, b, 37, carried, mixed, group='r')
    for x in r:
        b.pin(x)
    b.ret_()
    F.add(p, 'thirteen carried values of eleven element types in one loop (37 iterations);\n'
             'the complex value is multiplied by (0.6, 0.8) each time (rounding drift)')

    # --- Collatz: data-dependent trip count, select and remainder in the body
    p = Program()
    f = p.func('while_collatz')
    b = f.body
    n0 = b.splat('i64', [], 27, 'n0')
    c0 = b.splat('i32', [], 0, 'steps0')
    cond = f.region([('n', I64), ('steps', I32)])
    cond.ret_(cond.cmp('NE', 'n', cond.splat('i64', [], 1), 'SIGNED'))
    body = f.region([('n', I64), ('steps', I32)])
    two = body.splat('i64', [], 2)
    rem = body.bin('remainder', 'n', two)
    even = body.cmp('EQ', rem, body.splat('i64', [], 0), 'SIGNED')
    half = body.bin('divide', 'n', two)
    tn = body.bin('add', body.bin('multiply', 'n', body.splat('i64', [], 3)), body.splat('i64', [], 1))
    nn = body.select(even, half, tn)
    body.ret_(nn, body.bin('add', 'steps', body.splat('i32', [], 1)))
    r = b.add('while', [I64, I32], [n0, c0], [cond, body], group='r', pretty=True)
    b.expect('r#0', [1])
    b.pin('r#1')
    b.ret_()
    F.add(p, 'the trip count depends on the data (27 reaches 1 after 111 steps)')

    # --- rank-2 state doubled until it overflows; a check inside the body
    p = Program()
    f = p.func('while_rank2_state_and_checks')
    b = f.body
    m = b.const('f16', [2, 3], [enc('f16', x) for x in (1, -3, Fraction(1, 1024), 1000, Fraction(-1, 3), 65504)], 'm0')
    inv = b.const('f16', [2, 3], [enc('f16', 2)] * 6, 'two')
    r = counter_loop(f, b, 20, [('m', m, TT('f16', 2, 3))],
                     lambda rb, k, c: (rb.expect('two', [enc('f16', 2)] * 6), [rb.bin('multiply', c[0], 'two')])[1],
                     group='r')
    b.pin(r[1])
    b.ret_()
    F.add(p, 'a tensor<2x3xf16> state; the check inside the body runs on every iteration')

    # --- three nested loops; inner bodies read outer block arguments and
    # function values
    p = Program()
    f = p.func('while_nested_three_levels')
    b = f.body
    scale = b.splat('f16', [], enc('f16', Fraction(1, 3)), 'scale')
    acc0 = b.splat('f16', [], 0, 'acc0')
    i0 = b.splat('i32', [], 0, 'i0')
    cnt0 = b.splat('i64', [], 0, 'cnt0')
    T16 = TT('f16')
    # outer: (i, acc, cnt)
    oc = f.region([('i', I32), ('acc', T16), ('cnt', I64)])
    oc.ret_(oc.cmp('LT', 'i', oc.splat('i32', [], 3), 'SIGNED'))
    ob = f.region([('i', I32), ('acc', T16), ('cnt', I64)])
    j0 = ob.splat('i32', [], 0, 'j0')
    # middle (generic): (j, acc, cnt)
    mc = f.region([('j', I32), ('macc', T16), ('mcnt', I64)])
    mc.ret_(mc.cmp('LT', 'j', mc.bin('add', 'i', mc.splat('i32', [], 2)), 'SIGNED'))   # reads outer i
    mb = f.region([('j', I32), ('macc', T16), ('mcnt', I64)])
    k0 = mb.splat('i32', [], 0, 'kk0')
    ic = f.region([('k', I32), ('iacc', T16), ('icnt', I64)])
    ic.ret_(ic.cmp('LT', 'k', ic.splat('i32', [], 4), 'SIGNED'))
    ib = f.region([('k', I32), ('iacc', T16), ('icnt', I64)])
    # term = (i * j + k) * scale   (i, j: enclosing block arguments; scale: function)
    ij = ib.bin('multiply', 'i', 'j')
    ijk = ib.bin('add', ij, 'k')
    term = ib.bin('multiply', ib.convert(ijk, 'f16'), 'scale')
    ib.ret_(ib.bin('add', 'k', ib.splat('i32', [], 1)), ib.bin('add', 'iacc', term),
            ib.bin('add', 'icnt', ib.splat('i64', [], 1)))
    ir_ = mb.add('while', [I32, T16, I64], [k0, 'macc', 'mcnt'], [ic, ib], group='inner', pretty=True)
    mb.ret_(mb.bin('add', 'j', mb.splat('i32', [], 1)), 'inner#1', 'inner#2')
    mr = ob.add('while', [I32, T16, I64], [j0, 'acc', 'cnt'], [mc, mb], group='mid', pretty=False)
    ob.ret_(ob.bin('add', 'i', ob.splat('i32', [], 1)), 'mid#1', 'mid#2')
    b.add('while', [I32, T16, I64], [i0, acc0, cnt0], [oc, ob], group='outer', pretty=True)
    b.pin('outer#1')
    b.expect('outer#2', [(2 + 3 + 4) * 4])
    b.ret_()
    F.add(p, 'outer (pretty) / middle (generic, bound reads the outer i) / inner (pretty,\n'
             'reads i, j and %scale); the f16 sum rounds at every step')

    # --- lexical scope through a function: the loop reads the callee's arguments
    p = Program()
    g = p.func('loop', [('x', TT('bf16', 3)), ('limit', I32)], [TT('bf16', 3), I32])
    gb = g.body
    half = gb.splat('bf16', [3], enc('bf16', Fraction(1, 2)), 'half')
    cond = g.region([('n', I32), ('v', TT('bf16', 3))])
    cond.ret_(cond.cmp('LT', 'n', 'limit', 'SIGNED'))
    body = g.region([('n', I32), ('v', TT('bf16', 3))])
    vx = body.bin('multiply', 'v', 'x')
    body.ret_(body.bin('add', 'n', body.splat('i32', [], 1)), body.bin('add', vx, 'half'))
    gb.add('while', [I32, TT('bf16', 3)], [gb.splat('i32', [], 0), 'x'], [cond, body], group='lr', pretty=True)
    gb.ret_('lr#1', 'lr#0')
    f = p.func('main')
    b = f.body
    x = b.const('bf16', [3], [enc('bf16', Fraction(3, 2)), enc('bf16', Fraction(-7, 10)), enc('bf16', Fraction(1, 1000))], 'x')
    lim = b.splat('i32', [], 9, 'nine')
    b.add('call', [TT('bf16', 3), I32], [x, lim], names=['res', 'n'], callee='loop')
    b.pin('res')
    b.expect('n', [9])
    b.ret_()
    F.add(p, 'the loop (in a called function) reads the function\'s arguments %x, %limit\n'
             'and a value %half defined before it')

    # --- tokens carried through a loop
    p = Program()
    g = p.func('tokens', [('t', TOKEN)], [TOKEN, I32])
    gb = g.body
    cond = g.region([('tk', TOKEN), ('n', I32)])
    cond.ret_(cond.cmp('LT', 'n', cond.splat('i32', [], 5), 'SIGNED'))
    body = g.region([('tk', TOKEN), ('n', I32)])
    t2 = body.add('after_all', [TOKEN], ['tk', 't'])
    body.ret_(t2, body.bin('add', 'n', body.splat('i32', [], 1)))
    gb.add('while', [TOKEN, I32], ['t', gb.splat('i32', [], 0)], [cond, body], group='tw', pretty=True)
    gb.ret_('tw#0', 'tw#1')
    f = p.func('main')
    b = f.body
    t0 = b.add('after_all', [TOKEN], [])
    b.add('call', [TOKEN, I32], [t0], names=['tok', 'n'], callee='tokens')
    b.add('after_all', [TOKEN], ['tok', t0])
    b.expect('n', [5])
    b.ret_()
    F.add(p, 'a token carried through a loop (after_all in the body, reading the\n'
             'function\'s token argument); tokens returned from a call')

    # --- calls and a reduce inside the body
    p = Program()
    g = p.func('step', [('v', TT('f8E4M3', 4)), ('s', TT('f8E4M3'))], [TT('f8E4M3', 4), TT('f8E4M3')])
    gb = g.body
    tot = gb.add('reduce_add', [TT('f8E4M3')], ['v', 's'])
    gb.ret_(gb.bin('add', 'v', gb.const('f8E4M3', [4], [enc('f8E4M3', x) for x in (1, Fraction(1, 4), -2, Fraction(3, 64))])), tot)
    f = p.func('main')
    b = f.body
    v0 = b.const('f8E4M3', [4], [0, 0x80, enc('f8E4M3', 8), 1], 'v0')
    s0 = b.splat('f8E4M3', [], 0, 's0')
    r = counter_loop(f, b, 12, [('v', v0, TT('f8E4M3', 4)), ('s', s0, TT('f8E4M3'))],
                     lambda rb, k, c: rb.add('call', [TT('f8E4M3', 4), TT('f8E4M3')], [c[0], c[1]], callee='step'),
                     group='r')
    b.pin(r[1])
    b.pin(r[2])
    b.ret_()
    F.add(p, 'the body calls a function that runs a reduce (f8E4M3 sums rounded per step)')

    # --- sibling regions may reuse names; ops after the loop may too
    p = Program()
    f = p.func('while_name_reuse')
    b = f.body
    init = b.splat('ui16', [], 65530, 'init')
    cond = f.region([('a', TT('ui16'))], generic_return=True)
    cond.add('constant', [TT('ui16')], [], names=['c'], vals=[5])
    cond.ret_(cond.cmp('GT', 'a', 'c', 'UNSIGNED'))
    body = f.region([('a', TT('ui16'))])
    body.add('constant', [TT('ui16')], [], names=['c'], vals=[3])
    body.ret_(body.bin('add', 'a', 'c'))
    b.add('while', [TT('ui16')], [init], [cond, body], names=['res'], pretty=False)
    b.add('constant', [TT('ui16')], [], names=['c'], vals=[1])
    b.expect('res', [0])
    b.expect('c', [1])
    b.ret_()
    F.add(p, 'cond and body both define %c and use the block argument name %a; the\n'
             'function defines %c again after the loop (SPEC 9.2.1 scoping);\n'
             'ui16: 65530, 65533, then 65536 wraps to 0 and the loop stops')
    return F


# ------------------------------------------------------------------ if / case


def branch_consts(rb, tag, t, vals):
    return rb.const(t, [len(vals)], vals, '%s_%s' % (tag, fname(t)))


def file_if_case(rng):
    F = File('if_case.mlir', 'if (SPEC 9.3.2) and case (9.3.3): branch selection, results of\n'
             'every element type, tokens, values of the enclosing function, untaken\n'
             'branches not evaluated, case indices in range, negative and too large.')

    # --- if: both outcomes, two results, predicate from a compare
    p = Program()
    f = p.func('if_true_and_false')
    b = f.body
    x = b.splat('f32', [], enc('f32', Fraction(5, 2)), 'x')
    y = b.splat('f32', [], enc('f32', -1), 'y')
    for tag, a, c in (('t', x, y), ('e', y, x)):
        pr = b.cmp('GT', a, c, 'FLOAT', name='p_' + tag)
        r0 = f.region()
        s = r0.bin('subtract', a, c)
        r0.ret_(s, r0.splat('i8', [], 1))
        r1 = f.region()
        s2 = r1.bin('multiply', a, c)
        r1.ret_(s2, r1.splat('i8', [], -1))
        b.add('if', [TT('f32'), TT('i8')], [pr], [r0, r1], group='r_' + tag)
        b.pin('r_%s#0' % tag)
        b.pin('r_%s#1' % tag)
    b.ret_()
    F.add(p, 'pred true: first region; pred false: second region')

    # --- if with results of all 30 element types; constants defined inside
    # the branches and values of the enclosing function
    for cut in (0, 1):
        p = Program()
        f = p.func('if_all_types_%s' % ('then' if cut == 0 else 'else'))
        b = f.body
        outer = {}
        types = []
        for t in TYPES:
            ns = len(specials(t))
            outer[t] = b.const(t, [ns], vec(rng, t, ns), 'o_%s' % fname(t))
            types.append(TT(t, ns))
        pred = b.splat('i1', [], 1 - cut, 'pred')
        r0 = f.region()
        r1 = f.region()
        rets0, rets1 = [], []
        for k, t in enumerate(TYPES):
            inner = vec(rng, t, len(specials(t)))
            if k % 2 == 0:
                rets0.append(branch_consts(r0, 'a', t, inner))
                rets1.append(outer[t])
            else:
                rets0.append(outer[t])
                rets1.append(branch_consts(r1, 'b', t, inner))
        r0.ret_(*rets0)
        r1.ret_(*rets1)
        res = b.add('if', types, [pred], [r0, r1], group='r')
        for x in res:
            b.pin(x)
        b.ret_()
        F.add(p, 'thirty results, one per element type (special values: NaN payloads,\n'
                 'signalling NaNs, -0, subnormals, Inf), returned bit for bit; half of them\n'
                 'are constants of the taken branch, half values of the function')

    # --- the untaken branch is not evaluated
    p = Program()
    f = p.func('if_untaken_branch_not_run')
    b = f.body
    v = b.const('i16', [3], [1, 2, 3], 'v')
    for pv in (1, 0):
        pr = b.splat('i1', [], pv, 'pred%d' % pv)
        r0 = f.region()
        r1 = f.region()
        good, bad = (r0, r1) if pv else (r1, r0)
        bad.expect(v, [9, 9, 9])        # would fail
        good.expect(v, [1, 2, 3])
        r0.ret_(r0.bin('add', v, v))
        r1.ret_(r1.bin('multiply', v, v))
        b.add('if', [TT('i16', 3)], [pr], [r0, r1], names=['out%d' % pv])
        b.pin('out%d' % pv)
    b.ret_()
    F.add(p, 'each branch holds a check that fails if that branch runs; only the taken\n'
             'one runs (checks inside if branches: decision 24)')

    # --- zero results, generic terminators, pred from NaN compare
    p = Program()
    f = p.func('if_no_results_generic_return')
    b = f.body
    nan = b.splat('f64', [], FMTS['f64'].canonical_nan(), 'nan')
    pr = b.cmp('EQ', nan, nan, 'FLOAT', name='nan_eq')
    r0 = f.region(generic_return=True)
    r0.expect(r0.splat('i32', [], 1), [0])       # not run: NaN == NaN is false
    r0.ret_()
    r1 = f.region(generic_return=True)
    r1.expect(pr, [0])
    r1.ret_()
    b.add('if', [], [pr], [r0, r1], names=[])
    pr2 = b.cmp('NE', nan, nan, 'FLOAT', name='nan_ne')
    r2 = f.region(generic_return=True)
    r2.ret_(r2.splat('ui64', [], (1 << 64) - 1))
    r3 = f.region(generic_return=True)
    r3.ret_(r3.splat('ui64', [], 0))
    b.add('if', [TT('ui64')], [pr2], [r2, r3], names=['u'])
    b.expect('u', [(1 << 64) - 1])
    b.ret_()
    F.add(p, 'an if with no results ("stablehlo.return"() : () -> ()), and generic\n'
             'terminators; NaN == NaN is false, NaN != NaN true')

    # --- tokens through if
    p = Program()
    f = p.func('if_tokens')
    b = f.body
    t0 = b.add('after_all', [TOKEN], [], names=['t0'])
    pr = b.splat('i1', [], 1, 'yes')
    r0 = f.region()
    tt = r0.add('after_all', [TOKEN], [t0, t0])
    r0.ret_(tt, r0.splat('f8E5M2FNUZ', [], 0x80))
    r1 = f.region()
    r1.ret_(t0, r1.splat('f8E5M2FNUZ', [], 0))
    b.add('if', [TOKEN, TT('f8E5M2FNUZ')], [pr], [r0, r1], names=['tk', 'val'])
    b.add('after_all', [TOKEN], ['tk'])
    b.pin('val')
    b.ret_()
    F.add(p, 'a token and a tensor as results of an if')

    # --- case: every index class
    p = Program()
    f = p.func('case_index_classes')
    b = f.body
    base = b.const('f8E4M3', [2], [enc('f8E4M3', 3), enc('f8E4M3', Fraction(-1, 8))], 'base')
    idxs = [0, 1, 2, -1, 3, -2147483648, 2147483647, 100]
    for n, ix in enumerate(idxs):
        i = b.splat('i32', [], ix, 'idx%d' % n)
        regs = []
        for k in range(3):
            rg = f.region()
            c = rg.const('f8E4M3', [2], [enc('f8E4M3', k + 1), enc('f8E4M3', -(k + 1))])
            rg.ret_(rg.bin('multiply', base, c), rg.splat('i32', [], k))
            regs.append(rg)
        b.add('case', [TT('f8E4M3', 2), I32], [i], regs, group='cs%d' % n)
        b.expect('cs%d#1' % n, [ix if 0 <= ix < 3 else 2])
        b.pin('cs%d#0' % n)
    b.ret_()
    F.add(p, 'indices 0, 1, 2 pick their region; -1, 3, INT32_MIN, INT32_MAX and 100 pick\n'
             'the last one (SPEC 9.A vector 1)')

    # --- case with a single region
    p = Program()
    f = p.func('case_single_region')
    b = f.body
    for n, ix in enumerate([0, 1, -7]):
        i = b.splat('i32', [], ix, 'j%d' % n)
        rg = f.region()
        rg.ret_(rg.const('ui4', [3], [15, 0, 8]))
        b.add('case', [TT('ui4', 3)], [i], [rg], names=['s%d' % n])
        b.expect('s%d' % n, [15, 0, 8])
    b.ret_()
    F.add(p, 'one region: it runs for every index')

    # --- case results of all 30 element types, index computed at run time
    p = Program()
    f = p.func('case_all_types')
    b = f.body
    fl = b.splat('f32', [], enc('f32', Fraction(27, 10)), 'fl')
    i = b.convert(fl, 'i32', name='idx')      # 2.7 -> 2
    outer = {}
    for t in TYPES:
        outer[t] = b.const(t, [6], vec(rng, t, 6), 'o_%s' % fname(t))
    regs = []
    for k in range(4):
        rg = f.region()
        rets = []
        for j, t in enumerate(TYPES):
            if (j + k) % 3 == 0:
                rets.append(outer[t])
            else:
                rets.append(branch_consts(rg, 'r%d' % k, t, vec(rng, t, 6)))
        rg.ret_(*rets)
        regs.append(rg)
    res = b.add('case', [TT(t, 6) for t in TYPES], [i], regs, group='r')
    for x in res:
        b.pin(x)
    b.ret_()
    F.add(p, 'four regions with thirty results each; the index is convert(2.7) = 2')

    # --- tokens through case; case reading enclosing values
    p = Program()
    f = p.func('case_tokens_and_outer_values')
    b = f.body
    t0 = b.add('after_all', [TOKEN], [], names=['t0'])
    w = b.const('complex<f64>', [2], [cenc('complex<f64>', Fraction(1, 3), -2), cenc('complex<f64>', 0, Fraction(1, 7))], 'w')
    i = b.splat('i32', [], -5, 'neg')
    regs = []
    for k in range(2):
        rg = f.region()
        if k == 0:
            rg.ret_(t0, rg.bin('add', w, w))
        else:
            tk = rg.add('after_all', [TOKEN], [t0])
            rg.ret_(tk, rg.bin('multiply', w, w))
        regs.append(rg)
    b.add('case', [TOKEN, TT('complex<f64>', 2)], [i], regs, names=['tk', 'wz'])
    b.pin('wz')
    b.ret_()
    F.add(p, 'index -5 takes the last region, which multiplies a value of the function\n'
             '(complex<f64>, rounded per SPEC 4.6) and returns a new token')
    return F


# ------------------------------------------------------------------ nested regions


def file_nested(rng):
    F = File('nested_regions.mlir', 'Regions nested three and more levels deep (SPEC 9.2.2): every\n'
             'level reads values of all enclosing levels; each region invocation is a\n'
             'new scope.')

    # --- if inside while inside case
    p = Program()
    f = p.func('if_in_while_in_case')
    b = f.body
    lim = b.splat('i32', [], 6, 'lim')
    delta = b.splat('bf16', [], enc('bf16', Fraction(1, 10)), 'delta')
    for n, ix in enumerate([1, 0, 9]):
        i = b.splat('i32', [], ix, 'sel%d' % n)
        regs = []
        for k in range(2):
            rg = f.region()
            start = rg.splat('bf16', [], enc('bf16', 100 * k + 1), 'start%d_%d' % (n, k))
            cond = f.region([('n%d_%d' % (n, k), I32), ('v%d_%d' % (n, k), TT('bf16'))])
            nn, vv = [x for x, _ in cond.args]
            cond.ret_(cond.cmp('LT', nn, lim, 'SIGNED'))
            body = f.region(cond.args)
            two = body.splat('i32', [], 2)
            odd = body.cmp('EQ', body.bin('remainder', nn, two), body.splat('i32', [], 1), 'SIGNED')
            ra = f.region()
            ra.ret_(ra.bin('add', vv, delta))                 # reads while arg + function value
            rb_ = f.region()
            rb_.ret_(rb_.bin('multiply', vv, start))         # reads the case region's value
            body_if = body.add('if', [TT('bf16')], [odd], [ra, rb_])
            body.ret_(body.bin('add', nn, body.splat('i32', [], 1)), body_if)
            w = rg.add('while', [I32, TT('bf16')], [rg.splat('i32', [], 0), start], [cond, body],
                       group='w%d_%d' % (n, k))
            rg.ret_(w[1])
            regs.append(rg)
        b.add('case', [TT('bf16')], [i], regs, names=['res%d' % n])
        b.pin('res%d' % n)
    b.ret_()
    F.add(p, 'case -> while -> if: the if branches read the while\'s block argument, a\n'
             'value defined in the case region and one of the function')

    # --- case inside if inside while, four levels with an inner while
    p = Program()
    f = p.func('while_if_case_while')
    b = f.body
    tab = b.const('i8', [4], [3, -5, 7, 11], 'tab')
    cond = f.region([('i', I32), ('acc', TT('i8', 4))])
    cond.ret_(cond.cmp('LT', 'i', cond.splat('i32', [], 9), 'SIGNED'))
    body = f.region([('i', I32), ('acc', TT('i8', 4))])
    three = body.splat('i32', [], 3, 'three')
    big = body.cmp('GE', 'i', three, 'SIGNED')
    then_ = f.region()
    ci_ = then_.bin('subtract', 'i', three)          # 0 .. 5: regions 0, 1, 2, then last
    regs = []
    for k in range(3):
        rg = f.region()
        if k == 2:
            c2 = f.region([('m', I32), ('q', TT('i8', 4))])
            c2.ret_(c2.cmp('LT', 'm', ci_, 'SIGNED'))   # reads the if-branch value
            b2 = f.region([('m', I32), ('q', TT('i8', 4))])
            b2.ret_(b2.bin('add', 'm', b2.splat('i32', [], 1)), b2.bin('multiply', 'q', tab))
            inner = rg.add('while', [I32, TT('i8', 4)], [rg.splat('i32', [], 0), 'acc'], [c2, b2], group='iw')
            rg.ret_(inner[1])
        elif k == 1:
            rg.ret_(rg.bin('subtract', 'acc', tab))
        else:
            rg.ret_(rg.bin('xor', 'acc', tab))
        regs.append(rg)
    cres = then_.add('case', [TT('i8', 4)], [ci_], regs, names=['cres'])
    then_.ret_(cres)
    else_ = f.region()
    else_.ret_(else_.bin('add', 'acc', tab))
    ires = body.add('if', [TT('i8', 4)], [big], [then_, else_], names=['ires'])
    body.ret_(body.bin('add', 'i', body.splat('i32', [], 1)), ires)
    b.add('while', [I32, TT('i8', 4)], [b.splat('i32', [], 0), b.const('i8', [4], [1, 1, -1, 2])], [cond, body], group='r')
    b.pin('r#1')
    b.expect('r#0', [9])
    b.ret_()
    F.add(p, 'while -> if -> case -> while: the case index and the inner loop bound come\n'
             'from the if branch; i8 arithmetic wraps')

    # --- sort and map inside a loop body
    p = Program()
    f = p.func('sort_and_map_in_while')
    b = f.body
    v0 = b.const('f16', [20], [enc('f16', Fraction(rng.randint(-40, 40), 8)) for _ in range(20)], 'v0')
    off = b.splat('f16', [], enc('f16', Fraction(3, 2)), 'off')
    cond = f.region([('n', I32), ('v', TT('f16', 20))])
    cond.ret_(cond.cmp('LT', 'n', cond.splat('i32', [], 4), 'SIGNED'))
    body = f.region([('n', I32), ('v', TT('f16', 20))])
    cmpr = f.region([('a', TT('f16')), ('b2', TT('f16'))])
    cmpr.ret_(cmpr.cmp('GT', 'a', 'b2', 'FLOAT'))
    srt = body.add('sort', [TT('f16', 20)], ['v'], [cmpr], names=['sorted'], dimension=0, is_stable=False)
    mp = f.region([('e', TT('f16'))])
    mp.ret_(mp.bin('subtract', mp.bin('multiply', 'e', 'off'), 'off'))
    mres = body.add('map', [TT('f16', 20)], [srt], [mp], names=['mapped'])
    body.ret_(body.bin('add', 'n', body.splat('i32', [], 1)), mres)
    b.add('while', [I32, TT('f16', 20)], [b.splat('i32', [], 0), v0], [cond, body], group='r')
    b.pin('r#1')
    b.ret_()
    F.add(p, 'each iteration sorts the state descending (20 elements, ties: the exact\n'
             'std::sort order) and maps x -> x * 1.5 - 1.5 (f16, two roundings)')
    return F


# ------------------------------------------------------------------ map


def map_op(f, b, ins, rtype_et, body_fn, name=None, dims_text=None):
    """map over the inputs `ins` (names); body_fn(region, args) -> result."""
    ts = [f.type_of(x) for x in ins]
    shape = ts[0][1]
    args = [(f.fresh('x'), TT(t[2])) for t in ts]
    rg = f.region(args)
    rg.ret_(body_fn(rg, [a for a, _ in args]))
    kw = {}
    if dims_text is not None:
        kw['dims_text'] = dims_text
    return b.add('map', [TT(rtype_et, *shape)], ins, [rg], names=[name] if name else None, **kw)


def file_map(rng):
    F = File('map.mlir', 'map (SPEC 9.3.4) on every element type: one, two and three inputs,\n'
             'results of another element type, rank 0, 2 and 3, zero-size shapes, bodies\n'
             'that ignore their arguments or read values of the function.')
    for t in TYPES:
        p = Program()
        f = p.func('map_%s' % fname(t))
        b = f.body
        n = max(8, len(specials(t)))
        A = b.const(t, [n], vec(rng, t, n), 'a')
        B = b.const(t, [n], vec(rng, t, n), 'b')
        C = b.const(t, [n], vec(rng, t, n), 'c')
        ct = ctype_of(t)
        if t == 'i1':
            m1 = map_op(f, b, [A], t, lambda r, x: r.un('not', x[0]), 'm1')
            m2 = map_op(f, b, [A, B], t, lambda r, x: r.bin('xor', x[0], x[1]), 'm2')
        else:
            k = r'k_%s' % fname(t)
            kv = enc(t, 3) if t != 'f8E8M0FNU' else 0x80
            b.splat(t, [], kv, k)

            def sq(r, x, k=k):
                return r.bin('add', r.bin('multiply', x[0], x[0]), k)
            m1 = map_op(f, b, [A], t, sq, 'm1')
            m2 = map_op(f, b, [A, B], t, lambda r, x: r.bin('subtract', x[0], x[1]), 'm2')
        m3 = map_op(f, b, [A, B, C], t,
                    lambda r, x, ct=ct: r.select(r.cmp('LT', x[0], x[1], ct), x[2], x[0]), 'm3')
        m4 = map_op(f, b, [A, B], 'i1', lambda r, x, ct=ct: r.cmp('GE', x[0], x[1], ct), 'm4')
        M = b.const(t, [2, 3], vec(rng, t, 6, 2), 'mat')
        N_ = b.const(t, [2, 3], vec(rng, t, 6, 2), 'mat2')
        m5 = map_op(f, b, [M, N_], t, lambda r, x: r.bin('multiply', x[0], x[1]), 'm5')
        for x in (m1, m2, m3, m4, m5):
            b.pin(x)
        b.ret_()
        F.add(p, '%s: %s; x - y; select(x < y, z, x) (%s); x >= y -> i1;\n'
                 'x * y on 2x3' % (t, 'not x; x xor y' if t == 'i1' else 'x * x + 3', ct))

    # --- results of another element type (convert in the body)
    p = Program()
    f = p.func('map_convert_results')
    b = f.body
    vals = [0, 1, -1, 17, 464, 465, 1000, -100000, 2147483647, -2147483648]
    X = b.const('i32', [len(vals)], vals, 'x')
    for t in ('f8E4M3FN', 'f8E4M3', 'f4E2M1FN', 'f8E5M2FNUZ', 'f8E8M0FNU', 'bf16', 'ui8', 'i1'):
        m = map_op(f, b, [X], t, lambda r, x, t=t: r.convert(x[0], t), 'to_%s' % fname(t))
        b.pin(m)
    Y = b.const('f64', [4], [enc('f64', Fraction(5, 2)), enc('f64', Fraction(-7, 2)), FMTS['f64'].canonical_nan(), enc('f64', 10 ** 30)], 'y')
    m = map_op(f, b, [Y], 'i16', lambda r, x: r.convert(x[0], 'i16'), 'to_i16')
    b.pin(m)
    b.ret_()
    F.add(p, 'i32 -> small floats (rounding, overflow to NaN/Inf/saturation), ui8, i1;\n'
             'f64 -> i16 (truncation, NaN -> 0, saturation)')

    # --- bodies that ignore arguments, return an argument or an outer value
    p = Program()
    f = p.func('map_trivial_bodies')
    b = f.body
    X = b.const('f6E3M2FN', [2, 2], [enc('f6E3M2FN', v) for v in (1, -2, Fraction(1, 8), 28)], 'x')
    Y = b.const('ui16', [2, 2], [1, 2, 3, 4], 'y')
    outer = b.splat('ui16', [], 40000, 'outer')
    m1 = map_op(f, b, [X, Y], 'ui16', lambda r, x: r.splat('ui16', [], 7), 'const')
    m2 = map_op(f, b, [X, Y], 'ui16', lambda r, x: x[1], 'second')
    m3 = map_op(f, b, [X, Y], 'ui16', lambda r, x: outer, 'outer_v')
    m4 = map_op(f, b, [X, Y], 'ui16', lambda r, x: r.bin('add', x[1], outer), 'sum')
    m5 = map_op(f, b, [X], 'f6E3M2FN', lambda r, x: x[0], 'ident')
    for x in (m1, m2, m3, m4, m5):
        b.pin(x)
    b.ret_()
    F.add(p, 'the body returns a constant, its second argument, a value of the function,\n'
             'argument + outer value (ui16 wraps), or its only argument')

    # --- zero-size shapes, rank 0 and rank 3
    p = Program()
    f = p.func('map_shapes')
    b = f.body
    for shape, t in (([0], 'f32'), ([2, 0], 'i8'), ([0, 3], 'complex<f64>'), ([0, 0, 5], 'f8E4M3FNUZ')):
        a = b.const(t, shape, [], f.fresh('z'))
        m = map_op(f, b, [a, a], t, lambda r, x: r.bin('add', x[0], x[1]))
        b.pin(m)
    s0 = b.splat('f8E4M3FN', [], enc('f8E4M3FN', 448), 'big')
    m = map_op(f, b, [s0, s0], 'f8E4M3FN', lambda r, x: r.bin('add', x[0], x[1]), 'rank0')
    b.pin(m)
    R3 = b.const('bf16', [2, 2, 3], vec(rng, 'bf16', 12), 'r3')
    R3b = b.const('bf16', [2, 2, 3], vec(rng, 'bf16', 12), 'r3b')
    m = map_op(f, b, [R3, R3b], 'bf16', lambda r, x: r.bin('divide', x[0], x[1]), 'rank3')
    b.pin(m)
    b.ret_()
    F.add(p, 'zero-size operands give empty results; rank 0 uses dimensions =\n'
             'array<i64> (448 + 448 overflows f8E4M3FN to NaN); rank 3 divides bf16')

    # --- complex bodies
    p = Program()
    f = p.func('map_complex_arithmetic')
    b = f.body
    for t in ('complex<f32>', 'complex<f64>'):
        A = b.const(t, [12], vec(rng, t, 12, 4), 'a_' + fname(t))
        B = b.const(t, [12], vec(rng, t, 12, 4), 'b_' + fname(t))
        m = map_op(f, b, [A, B], t, lambda r, x: r.bin('subtract', r.bin('multiply', x[0], x[1]), x[0]), 'mm_' + fname(t))
        b.pin(m)
        m = map_op(f, b, [A, B], t, lambda r, x: r.bin('maximum', r.un('negate', x[0]), x[1]), 'mx_' + fname(t))
        b.pin(m)
    b.ret_()
    F.add(p, 'complex: x * y - x (four rounded products, SPEC 4.6) and max(-x, y)\n'
             '(REF\'s complex maximum, 4.11)')
    return F


# ------------------------------------------------------------------ sort


def sort_op(f, b, ins, cmp_fn, names=None, group=None, **attrs):
    """sort of the inputs `ins`; cmp_fn(region, [(lhs_k, rhs_k)...]) -> i1 name.
    attrs: dimension, is_stable (absent = default), attr_dict (spelling)."""
    ts = [f.type_of(x) for x in ins]
    args = []
    for t in ts:
        a, c = f.fresh('l'), f.fresh('r')
        args += [(a, TT(t[2])), (c, TT(t[2]))]
    rg = f.region(args)
    pairs = [(args[2 * k][0], args[2 * k + 1][0]) for k in range(len(ts))]
    rg.ret_(cmp_fn(rg, pairs))
    if names is None and group is None:
        group = f.fresh('s') if len(ins) > 1 else None
        if group is None:
            names = [f.fresh('s')]
    return b.add('sort', ts, ins, [rg], names=names, group=group, **attrs)


def lt_on(k, d='LT', ct=None):
    """Comparator: pair k compared with direction d."""
    def fn(r, pairs, k=k, d=d, ct=ct):
        l, rr = pairs[k]
        return r.cmp(d, l, rr, ct or ctype_of(r.fn.type_of(l)[2]))
    return fn


def checked_build(prog):
    """Run the model once; raises stdsort.OutOfRange for comparators that
    would make libstdc++'s unguarded loops leave the range."""
    ci.build(prog, trace=False)
    return prog


def killer_keys(n):
    """Keys on which std::sort's quicksort degenerates (McIlroy's adversary
    run against stdsort.std_sort): introsort falls back to heapsort. The
    elements the adversary never had to fix stay tied (value n)."""
    gas = n
    val = [gas] * n
    state = {'solid': 0, 'cand': None}

    def freeze(x):
        val[x] = state['solid']
        state['solid'] += 1

    def less(p, q):
        if val[p] == gas and val[q] == gas:
            freeze(p if p == state['cand'] else q)
        if val[p] == gas:
            state['cand'] = p
        elif val[q] == gas:
            state['cand'] = q
        return val[p] < val[q]
    stdsort.std_sort(n, less)
    return val


def file_sort(rng):
    F = File('sort.mlir', 'sort (SPEC 9.3.5): the 9.3.5.1 test vector, dimensions, one to three\n'
             'operands, general comparators, NaN and signed zeros, ties with\n'
             'is_stable = false beyond 16 elements (exact libstdc++ order, decision 26),\n'
             'the heapsort fallback, comparators that are not strict weak orders.')

    # --- SPEC 9.3.5.1 test vector
    keys, want_u, want_s = stdsort.spec_vector()
    p = Program()
    f = p.func('sort_spec_vector')
    b = f.body
    K = b.const('i32', [20], keys, 'keys')
    I = b.add('iota', [TT('i32', 20)], [], names=['pos'], dim=0)
    for st, want in ((False, want_u), (True, want_s)):
        g = 'st' if st else 'un'
        sort_op(f, b, [K, I], lt_on(0), group=g, dimension=0, is_stable=st)
        b.expect(g + '#1', want)
        b.expect(g + '#0', sorted(keys))
    b.ret_()
    F.add(p, 'SPEC 9.3.5.1 / 9.A vector 7: keys with an iota operand, comparator LT on the\n'
             'keys; the two permutations are the ones SPEC lists')

    # --- 16 elements: std::sort is an insertion sort, so stable for ties
    p = Program()
    f = p.func('sort_16_unstable_is_stable')
    b = f.body
    kv = [rng.randrange(4) for _ in range(16)]
    K = b.const('ui8', [16], kv, 'keys')
    I = b.add('iota', [TT('ui8', 16)], [], names=['pos'], dim=0)
    sort_op(f, b, [K, I], lt_on(0), group='un', dimension=0, is_stable=False)
    sort_op(f, b, [K, I], lt_on(0), group='st', dimension=0, is_stable=True)
    want = sorted(range(16), key=lambda q: kv[q])
    b.expect('un#1', want)
    b.expect('st#1', want)
    b.ret_()
    F.add(p, 'ties on 16 elements: both sorts keep the original order of equal keys')

    # --- dimensions 0, 1, -1 on rank 2; rank 3 with a dimension of 20
    p = Program()
    f = p.func('sort_dimensions')
    b = f.body
    kv = [rng.randrange(-3, 4) for _ in range(15)]
    K = b.const('i16', [3, 5], kv, 'k2')
    V = b.const('f32', [3, 5], [enc('f32', Fraction(q, 4)) for q in range(15)], 'v2')
    for d, st in ((0, True), (1, False), (-1, True), (-2, False)):
        g = 'd%s' % str(d).replace('-', 'm')
        sort_op(f, b, [K, V], lt_on(0), group=g, dimension=d, is_stable=st)
        b.pin(g + '#0')
        b.pin(g + '#1')
    K3 = b.const('f8E5M2', [2, 3, 20], [enc('f8E5M2', rng.randrange(-6, 7)) for _ in range(120)], 'k3')
    V3 = b.add('iota', [TT('i64', 2, 3, 20)], [], names=['v3'], dim=2)
    W3 = b.add('iota', [TT('i64', 2, 3, 20)], [], names=['w3'], dim=1)
    for d, st in ((2, False), (2, True), (1, False), (0, False), (-1, False)):
        g = 'e%s%s' % (str(d).replace('-', 'm'), 's' if st else 'u')
        sort_op(f, b, [K3, V3, W3], lt_on(0), group=g, dimension=d, is_stable=st)
        b.pin(g + '#0')
        b.pin(g + '#1')
        b.pin(g + '#2')
    b.ret_()
    F.add(p, 'rank 2 sorted along 0, 1, -1 (= 1) and -2 (= 0); rank 3 (2x3x20 f8E5M2 keys,\n'
             'many ties) along dimension 2 (20 elements: introsort, then the unguarded\n'
             'insertion), 1, 0 and -1, with two i64 iota operands')

    # --- one, two, three operands; comparators on the second operand; two keys
    p = Program()
    f = p.func('sort_operands_and_comparators')
    b = f.body
    n = 37
    a = b.const('f64', [n], [enc('f64', Fraction(rng.randrange(-50, 50), 7)) for _ in range(n)], 'a')
    sort_op(f, b, [a], lt_on(0, 'GT'), names=['desc'], dimension=0)
    b.pin('desc')
    k1 = b.const('ui8', [n], [rng.randrange(5) for _ in range(n)], 'k1')
    k2 = b.const('bf16', [n], [enc('bf16', Fraction(rng.randrange(-4, 5), 2)) for _ in range(n)], 'k2')
    fl = b.const('i1', [n], [rng.randrange(2) for _ in range(n)], 'flag')
    # by the second operand only
    sort_op(f, b, [k1, k2, fl], lt_on(1), group='by2', dimension=0, is_stable=False)
    sort_op(f, b, [k1, k2, fl], lt_on(1), group='by2s', dimension=0, is_stable=True)

    def lex(r, pairs):
        (a1, b1), (a2, b2) = pairs[0], pairs[1]
        lt1 = r.cmp('LT', a1, b1, 'UNSIGNED')
        eq1 = r.cmp('EQ', a1, b1, 'UNSIGNED')
        gt2 = r.cmp('GT', a2, b2, 'FLOAT')
        return r.bin('or', lt1, r.bin('and', eq1, gt2))
    sort_op(f, b, [k1, k2, fl], lex, group='lex', dimension=0, is_stable=False)

    def by_flag(r, pairs):
        (a3, b3) = pairs[2]
        return r.cmp('GT', a3, b3, 'UNSIGNED')      # true first
    sort_op(f, b, [k1, k2, fl], by_flag, group='fl', dimension=0, is_stable=True)
    sort_op(f, b, [k1, k2, fl], by_flag, group='flu', dimension=0, is_stable=False)
    for g in ('by2', 'by2s', 'lex', 'fl', 'flu'):
        for j in range(3):
            b.pin('%s#%d' % (g, j))
    b.ret_()
    F.add(p, 'one operand (f64, GT: descending); three operands (ui8, bf16, i1) sorted by\n'
             'the bf16 operand, by (ui8 ascending, then bf16 descending) with or/and in the\n'
             'comparator, and by the i1 operand (true first); 37 elements')

    # --- NaN, signed zeros: FLOAT (not a strict weak order) and TOTALORDER
    for attempt in range(50):
        p = Program()
        f = p.func('sort_nan_and_zeros')
        b = f.body
        n = 40
        pool = [0, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000, 1, 0x80000001,
                enc('f32', 1), enc('f32', -1), enc('f32', Fraction(1, 3)), 0x7FC00001, 0xFFFFFFFF]
        kv = [rng.choice(pool) for _ in range(n)]
        K = b.const('f32', [n], kv, 'keys')
        I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
        for ct in ('FLOAT', 'TOTALORDER'):
            for st in (False, True):
                g = '%s_%s' % (ct.lower(), 'st' if st else 'un')
                sort_op(f, b, [K, I], lt_on(0, 'LT', ct), group=g, dimension=0, is_stable=st)
                b.pin(g + '#0')
                b.pin(g + '#1')
        b.ret_()
        try:
            checked_build(p)
            break
        except stdsort.OutOfRange:
            continue
    F.add(p, 'f32 keys with quiet and signalling NaNs of both signs, +-Inf, +-0,\n'
             'subnormals; LT FLOAT is not a strict weak order with NaNs, so the result is\n'
             'the exact libstdc++ one; TOTALORDER orders -NaN < -Inf < ... < -0 < +0 < ...\n'
             '< +Inf < +NaN (decision 7; REF treats it as FLOAT)')

    # --- empty and single-element sorts
    p = Program()
    f = p.func('sort_degenerate_shapes')
    b = f.body
    e = b.const('f32', [0], [], 'e')
    sort_op(f, b, [e], lt_on(0), names=['se'])
    b.pin('se')
    o = b.const('i8', [1], [-5], 'o')
    sort_op(f, b, [o], lt_on(0), names=['so'], is_stable=True)
    b.pin('so')
    z = b.const('f16', [3, 0], [], 'z')
    sort_op(f, b, [z], lt_on(0), names=['sz0'], dimension=0)
    sort_op(f, b, [z], lt_on(0), names=['sz1'], dimension=1, is_stable=True)
    b.pin('sz0')
    b.pin('sz1')
    b.ret_()
    F.add(p, 'zero elements, one element, and a 3x0 tensor along both dimensions')

    # --- heapsort fallback: McIlroy's adversary against introsort; the keys
    # halved (pairs tie) still reach heapsort, and the tied pairs come out in
    # an order that differs from stable_sort's and from a quicksort without
    # the depth limit
    n = 64
    kv = [x // 2 for x in killer_keys(n)]
    st = stdsort.Stats()
    less = (lambda p_, q: kv[p_] < kv[q])
    perm = stdsort.std_sort(n, less, st)
    assert st.heapsort > 0, 'adversary did not reach heapsort'
    assert perm != stdsort.std_sort(n, less, no_heapsort=True)
    assert perm != stdsort.std_stable_sort(n, less)
    p = Program()
    f = p.func('sort_heapsort_fallback')
    b = f.body
    K = b.const('i32', [n], kv, 'keys')
    I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
    sort_op(f, b, [K, I], lt_on(0), group='un', dimension=0, is_stable=False)
    sort_op(f, b, [K, I], lt_on(0), group='st', dimension=0, is_stable=True)
    b.pin('un#0')
    b.pin('un#1')
    b.pin('st#1')
    b.ret_()
    F.add(p, '%d keys from McIlroy\'s adversary against std::sort, halved so that pairs tie:\n'
             'median-of-three partitions degenerate, the depth limit 2 floor(log2 n) = 12\n'
             'runs out and the rest is heapsorted; the order of the tied pairs differs from\n'
             'stable_sort\'s and from what a quicksort without the limit would give' % n)

    # --- comparators that are not strict weak orders
    p = Program()
    f = p.func('sort_non_strict_comparators')
    b = f.body
    n = 40
    K = b.const('i64', [n], [rng.randrange(6) for _ in range(n)], 'keys')
    I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
    sort_op(f, b, [K, I], lambda r, pr: r.splat('i1', [], 0), group='nf', dimension=0, is_stable=False)
    sort_op(f, b, [K, I], lambda r, pr: r.splat('i1', [], 0), group='nfs', dimension=0, is_stable=True)
    b.pin('nf#1')
    b.expect('nfs#1', list(range(n)))
    K12 = b.const('i64', [12], [rng.randrange(3) for _ in range(12)], 'k12')
    I12 = b.add('iota', [TT('i32', 12)], [], names=['p12'], dim=0)
    sort_op(f, b, [K12, I12], lt_on(0, 'LE'), group='le', dimension=0, is_stable=False)
    sort_op(f, b, [K12, I12], lt_on(0, 'LE'), group='les', dimension=0, is_stable=True)
    for g in ('le', 'les'):
        b.pin(g + '#0')
        b.pin(g + '#1')
    b.ret_()
    checked_build(p)
    F.add(p, 'a comparator that is always false (every element ties: std::sort still moves\n'
             'elements, std::stable_sort keeps the order), and LE on 12 elements (equal keys\n'
             'come out reversed by the insertion sort, in merge order by stable_sort)')

    # --- comparators with arithmetic and constants
    for attempt in range(50):
        p = Program()
        f = p.func('sort_computed_keys')
        b = f.body
        n = 50
        K = b.const('i8', [n], [rng.choice([-128, -127, -1, 0, 1, 127, rng.randrange(-128, 128)]) for _ in range(n)], 'keys')
        I = b.add('iota', [TT('ui16', n)], [], names=['pos'], dim=0)

        def by_abs(r, pairs):
            l, rr = pairs[0]
            z = r.splat('i8', [], 0)
            al = r.select(r.cmp('LT', l, z, 'SIGNED'), r.un('negate', l), l)
            ar = r.select(r.cmp('LT', rr, z, 'SIGNED'), r.un('negate', rr), rr)
            return r.cmp('LT', al, ar, 'SIGNED')

        def mod3(r, pairs):
            l, rr = pairs[0]
            three = r.splat('i8', [], 3)
            return r.cmp('LT', r.bin('remainder', l, three), r.bin('remainder', rr, three), 'SIGNED')
        sort_op(f, b, [K, I], by_abs, group='ab', dimension=0, is_stable=False)
        sort_op(f, b, [K, I], mod3, group='m3', dimension=0, is_stable=False)
        sort_op(f, b, [K, I], mod3, group='m3s', dimension=0, is_stable=True)
        for g in ('ab', 'm3', 'm3s'):
            b.pin(g + '#0')
            b.pin(g + '#1')
        b.ret_()
        try:
            checked_build(p)
            break
        except stdsort.OutOfRange:
            continue
    F.add(p, 'i8 keys sorted by |x| (negate(-128) = -128 sorts first) and by x rem 3\n'
             '(-2..2, many ties), 50 elements, ui16 iota operand')

    # --- default attributes and the attribute-dictionary spelling
    p = Program()
    f = p.func('sort_default_attributes')
    b = f.body
    K = b.const('f8E4M3FNUZ', [3, 6], [rng.choice(fspecials('f8E4M3FNUZ')) for _ in range(18)], 'keys')
    I = b.add('iota', [TT('i32', 3, 6)], [], names=['pos'], dim=1)
    sort_op(f, b, [K, I], lt_on(0, 'LT', 'TOTALORDER'), group='dflt')
    sort_op(f, b, [K, I], lt_on(0), group='ad', dimension=0, is_stable=True, attr_dict=True)
    for g in ('dflt', 'ad'):
        b.pin(g + '#0')
        b.pin(g + '#1')
    b.ret_()
    F.add(p, 'no attributes: dimension -1 (the last) and is_stable = false; then\n'
             '{dimension = 0 : i64, is_stable = true} as an attribute dictionary;\n'
             'f8E4M3FNUZ TOTALORDER puts its NaN (0x80) last (decision 7)')

    # --- many elements, many ties, no NaN: introsort and the merge passes
    p = Program()
    f = p.func('sort_1000_with_ties')
    b = f.body
    n = 1000
    K = b.const('i32', [n], [rng.randrange(10) for _ in range(n)], 'keys')
    I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
    sort_op(f, b, [K, I], lt_on(0), group='un', dimension=0, is_stable=False)
    sort_op(f, b, [K, I], lt_on(0), group='st', dimension=0, is_stable=True)
    b.pin('un#1')
    b.pin('st#1')
    b.ret_()
    F.add(p, '1000 keys in 0..9: the unstable permutation is libstdc++\'s exact one; the\n'
             'stable one equals Python\'s sorted() (stdsort.py self-test)')
    return F


def sort_keys(rng, t, n):
    """n keys of t with every special, duplicates and random values."""
    sp = specials(t)
    vals = list(sp)
    while len(vals) < n:
        r = rng.random()
        if r < 0.3 and vals:
            vals.append(rng.choice(vals))           # duplicates: ties
        else:
            vals.append(rand_elem(rng, t))
    vals = vals[:n]
    rng.shuffle(vals)
    return vals


def file_sort_types(rng):
    F = File('sort_types.mlir', 'sort on every element type: keys with all special values, random\n'
             'values and duplicates; the iota operand shows the permutation. SIGNED,\n'
             'UNSIGNED (also i1), FLOAT (with NaN not a strict weak order: exact libstdc++\n'
             'order) and TOTALORDER (decision 7), complex ordered lexicographically\n'
             '(decision 8); is_stable true and false; 48 and 150 elements.')
    for t in TYPES:
        cts = ['FLOAT', 'TOTALORDER'] if t in FMTS else [ctype_of(t)]
        for attempt in range(100):
            p = Program()
            f = p.func('sort_%s' % fname(t))
            b = f.body
            n = 48
            K = b.const(t, [n], sort_keys(rng, t, n), 'keys')
            I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
            for ct in cts:
                for st in (False, True):
                    for d in (('LT',) if ct != 'TOTALORDER' else ('LT', 'GT')):
                        g = '%s_%s_%s' % (ct.lower()[:3], d.lower(), 'st' if st else 'un')
                        sort_op(f, b, [K, I], lt_on(0, d, ct), group=g, dimension=0, is_stable=st)
                        b.pin(g + '#0')
                        b.pin(g + '#1')
            if t in ('f8E4M3', 'i8', 'f16', 'complex<f32>', 'ui4'):
                m = 150
                K2 = b.const(t, [2, m], sort_keys(rng, t, 2 * m), 'keys2')
                I2 = b.add('iota', [TT('i32', 2, m)], [], names=['pos2'], dim=1)
                sort_op(f, b, [K2, I2], lt_on(0, 'LT', cts[-1]), group='big', dimension=1, is_stable=False)
                b.pin('big#0')
                b.pin('big#1')
            b.ret_()
            try:
                checked_build(p)
                break
            except stdsort.OutOfRange:
                continue
        else:
            raise RuntimeError('no in-range input for ' + t)
        F.add(p, '%s: %s' % (t, ', '.join(cts)))
    return F


# ------------------------------------------------------------------ barrier, tuples, tokens, composite


def file_misc(rng):
    F = File('barrier_tuple_token.mlir', 'optimization_barrier (SPEC 9.3.6), tuple and get_tuple_element\n'
             '(9.3.7), composite (9.3.8), after_all and create_token (9.3.9): values pass\n'
             'bit for bit; tuples nest and cross function calls; tokens flow everywhere.')

    # --- optimization_barrier over every element type
    p = Program()
    f = p.func('barrier_all_types')
    b = f.body
    names, types = [], []
    for t in TYPES:
        v = specials(t)
        names.append(b.const(t, [len(v)], v, 'v_%s' % fname(t)))
        types.append(TT(t, len(v)))
    tok = b.add('after_all', [TOKEN], [], names=['tok'])
    res = b.add('optimization_barrier', types + [TOKEN], names + [tok], group='ob')
    for x in res[:-1]:
        b.pin(x)
    b.add('after_all', [TOKEN], [res[-1]])
    b.ret_()
    F.add(p, 'pretty form, 31 operands: every element type with its special values\n'
             '(NaN payloads, signalling NaNs, -0, subnormals) and a token; identity')

    p = Program()
    f = p.func('barrier_generic_and_empty')
    b = f.body
    a = b.const('f8E4M3FNUZ', [2, 2], [0x80, 0x00, 0x7F, 0xFF], 'a')
    c = b.const('complex<f64>', [1], [(0xFFF0000000000001, 0x8000000000000000)], 'c')
    b.add('optimization_barrier', [TT('f8E4M3FNUZ', 2, 2), TT('complex<f64>', 1)], [a, c],
          names=['ra', 'rc'], generic=True)
    b.pin('ra')
    b.pin('rc')
    b.add('optimization_barrier', [], [], names=[])
    b.add('optimization_barrier', [], [], names=[], generic=True)
    one_ = b.add('optimization_barrier', [TT('i2')], [b.splat('i2', [], -2, 'm2')], names=['one'])
    b.expect(one_, [-2])
    b.ret_()
    F.add(p, 'generic form (the complex value holds a signalling NaN and -0); no operands\n'
             'in both forms; a single operand')

    # --- barrier inside regions
    p = Program()
    f = p.func('barrier_in_regions')
    b = f.body
    x0 = b.splat('f8E3M4', [], enc('f8E3M4', Fraction(1, 16)), 'x0')
    d = b.splat('f8E3M4', [], enc('f8E3M4', Fraction(3, 4)), 'd')

    def body(rb, k, c):
        y = rb.bin('add', c[0], d)
        (z,) = [rb.add('optimization_barrier', [TT('f8E3M4')], [y])]
        return [z]
    r = counter_loop(f, b, 25, [('x', x0, TT('f8E3M4'))], body, group='r')
    b.pin(r[1])
    pr = b.splat('i1', [], 1, 't')
    r0 = f.region()
    r0.ret_(*r0.add('optimization_barrier', [TT('f8E3M4'), I32], [r[1], r[0]], group='inb'))
    r1 = f.region()
    r1.ret_(x0, r[0])
    b.add('if', [TT('f8E3M4'), I32], [pr], [r0, r1], group='ifr')
    b.pin('ifr#0')
    b.expect('ifr#1', [25])
    b.ret_()
    F.add(p, 'a barrier in a loop body (f8E3M4 sum, overflowing to Inf) and in an if branch')

    # --- tuples: build, nest, extract; pretty and generic
    p = Program()
    f = p.func('tuple_nested')
    b = f.body
    a = b.const('f64', [2], [enc('f64', Fraction(1, 3)), 0xFFF8000000000001], 'a')
    i = b.splat('i64', [], -9, 'i')
    tk = b.add('after_all', [TOKEN], [], names=['tk'])
    t1 = b.add('tuple', [TUP(TT('i64'))], [i], names=['t1'])
    t2 = b.add('tuple', [TUP(TT('f64', 2), TUP(TT('i64')))], [a, t1], names=['t2'])
    t3 = b.add('tuple', [TUP(TUP(TT('f64', 2), TUP(TT('i64'))), TOKEN, TT('i64'))], [t2, tk, i],
               names=['t3'], generic=True)
    e0 = b.add('get_tuple_element', [TUP(TT('f64', 2), TUP(TT('i64')))], [t3], names=['e0'], index=0)
    e00 = b.add('get_tuple_element', [TT('f64', 2)], [e0], names=['e00'], index=0, generic=True)
    e01 = b.add('get_tuple_element', [TUP(TT('i64'))], [e0], names=['e01'], index=1)
    e010 = b.add('get_tuple_element', [TT('i64')], [e01], names=['e010'], index=0)
    e1 = b.add('get_tuple_element', [TOKEN], [t3], names=['e1'], index=1)
    e2 = b.add('get_tuple_element', [TT('i64')], [t3], names=['e2'], index=2, generic=True)
    b.add('after_all', [TOKEN], [e1])
    b.pin(e00)
    b.expect(e010, [-9])
    b.expect(e2, [-9])
    b.ret_()
    F.add(p, 'tuple<tuple<tensor<2xf64>, tuple<tensor<i64>>>, !stablehlo.token, tensor<i64>>\n'
             'built and taken apart again (pretty and generic forms; a NaN payload survives)')

    # --- tuples through function calls
    p = Program()
    TP = TUP(TT('bf16', 3), TUP(TT('ui32'), TT('i1', 2)))
    TS = TUP(TUP(TT('ui32'), TT('i1', 2)), TT('bf16', 3))
    g = p.func('make', [('x', TT('bf16', 3)), ('u', TT('ui32')), ('m', TT('i1', 2))], [TP])
    gb = g.body
    inner = gb.add('tuple', [TUP(TT('ui32'), TT('i1', 2))], ['u', 'm'], names=['in'])
    gb.ret_(gb.add('tuple', [TP], ['x', inner], names=['out']))
    h = p.func('swap', [('t', TP)], [TS])
    hb = h.body
    h0 = hb.add('get_tuple_element', [TT('bf16', 3)], ['t'], names=['h0'], index=0)
    h1 = hb.add('get_tuple_element', [TUP(TT('ui32'), TT('i1', 2))], ['t'], names=['h1'], index=1)
    hb.ret_(hb.add('tuple', [TS], [h1, h0], names=['sw']))
    k = p.func('first_of_second', [('t', TS)], [TT('bf16', 3), TT('ui32')])
    kb = k.body
    k1 = kb.add('get_tuple_element', [TT('bf16', 3)], ['t'], names=['k1'], index=1)
    k0 = kb.add('get_tuple_element', [TUP(TT('ui32'), TT('i1', 2))], ['t'], names=['k0'], index=0)
    k00 = kb.add('get_tuple_element', [TT('ui32')], [k0], names=['k00'], index=0)
    kb.ret_(kb.bin('add', k1, k1), k00)
    f = p.func('main')
    b = f.body
    x = b.const('bf16', [3], [enc('bf16', Fraction(1, 3)), 0x7F7F, 0x8001], 'x')
    u = b.splat('ui32', [], 4000000000, 'u')
    m = b.const('i1', [2], [1, 0], 'm')
    t = b.add('call', [TP], [x, u, m], names=['t'], callee='make')
    s_ = b.add('call', [TS], [t], names=['s'], callee='swap')
    b.add('call', [TT('bf16', 3), TT('ui32')], [s_], names=['dbl', 'uu'], callee='first_of_second')
    b.pin('dbl')
    b.expect('uu', [4000000000])
    sm = b.add('get_tuple_element', [TUP(TT('ui32'), TT('i1', 2))], [s_], names=['sm'], index=0)
    b.expect(b.add('get_tuple_element', [TT('i1', 2)], [sm], names=['flags'], index=1), [1, 0])
    b.ret_()
    F.add(p, 'tuples as function results and arguments: build, swap, take apart; the\n'
             'callee doubles the bf16 values (0x7F7F + 0x7F7F overflows to Inf)')

    p = Program()
    g = p.func('count', [('t', TUP())], [I32])
    g.body.ret_(g.body.splat('i32', [], 0))
    f = p.func('main')
    b = f.body
    e = b.add('tuple', [TUP()], [], names=['empty'], generic=True)
    b.add('call', [I32], [e], names=['n'], callee='count')
    b.expect('n', [0])
    b.ret_()
    F.add(p, 'an empty tuple (generic form) passed to a function')

    # --- after_all and create_token
    p = Program()
    f = p.func('tokens')
    b = f.body
    t0 = b.add('after_all', [TOKEN], [], names=['t0'])
    t1 = b.add('create_token', [TOKEN], [], names=['t1'])
    t2 = b.add('after_all', [TOKEN], [t0, t1], names=['t2'])
    t3 = b.add('after_all', [TOKEN], [t2], names=['t3'], generic=True)
    t4 = b.add('after_all', [TOKEN], [t0, t1, t2, t3], names=['t4'])
    b.add('after_all', [TOKEN], [], names=['t5'], generic=True)
    b.add('after_all', [TOKEN], [t4, t4], names=['t6'], generic=True)
    x = b.splat('i32', [], 7, 'x')
    b.expect(x, [7])
    b.ret_()
    F.add(p, 'after_all with 0, 1, 2 and 4 operands, pretty and generic; create_token\n'
             '(decision 30: executed like after_all without operands)')

    # --- composite
    p = Program()
    g = p.func('add_n.impl', [('x', TT('f8E4M3', 3))], [TT('f8E4M3', 3)])
    gb = g.body
    gb.ret_(gb.bin('add', gb.bin('add', 'x', 'x'), 'x'))
    h = p.func('split.impl', [('x', TT('i4', 4)), ('t', TOKEN)], [TT('i4', 4), TT('i4', 4), TOKEN])
    hb = h.body
    nt = hb.add('after_all', [TOKEN], ['t'])
    q = hb.add('call', [TT('f8E4M3', 3)], [hb.const('f8E4M3', [3], [enc('f8E4M3', 1)] * 3)], callee='add_n.impl')
    hb.expect(q, [enc('f8E4M3', 3)] * 3)
    hb.ret_(hb.bin('multiply', 'x', 'x'), hb.un('negate', 'x'), nt)
    f = p.func('main')
    b = f.body
    x = b.const('f8E4M3', [3], [enc('f8E4M3', 100), enc('f8E4M3', Fraction(1, 3)), 0x7F], 'x')
    b.add('composite', [TT('f8E4M3', 3)], [x], names=['c1'], callee='add_n.impl', name='stablehlo.add_n',
          composite_attributes='{n = 3 : i64}')
    b.add('composite', [TT('f8E4M3', 3)], [x], names=['c2'], callee='add_n.impl', name='stablehlo.add_n',
          composite_attributes='{n = 3 : i64}', version=1, generic=True)
    b.add('composite', [TT('f8E4M3', 3)], [x], names=['c3'], callee='add_n.impl', name='other.name')
    for c in ('c1', 'c2', 'c3'):
        b.pin(c)
    y = b.const('i4', [4], [-8, -1, 3, 7], 'y')
    tk = b.add('after_all', [TOKEN], [], names=['tk'])
    b.add('composite', [TT('i4', 4), TT('i4', 4), TOKEN], [y, tk], group='sp', callee='split.impl',
          name='my.split', composite_attributes='{mode = "x", k = [1, 2]}', version=3)
    b.add('composite', [TT('i4', 4), TT('i4', 4), TOKEN], [y, tk], group='sg', callee='split.impl',
          name='my.split', generic=True)
    for g_ in ('sp', 'sg'):
        b.pin(g_ + '#0')
        b.pin(g_ + '#1')

    def cbody(rb, k, c):
        return [rb.add('composite', [TT('f8E4M3', 3)], [c[0]], callee='add_n.impl', name='stablehlo.add_n')]
    r = counter_loop(f, b, 4, [('v', b.const('f8E4M3', [3], [enc('f8E4M3', Fraction(1, 16)), 1, 0x80], 'v0'), TT('f8E4M3', 3))],
                     cbody, group='lp')
    b.pin(r[1])
    b.ret_()
    F.add(p, 'composite = a call of its decomposition (name, composite_attributes and\n'
             'version ignored): pretty and generic, one result or three (with a token);\n'
             'the decomposition calls a function and runs a check; a composite in a loop\n'
             '(x * 3 per iteration in f8E4M3, rounded, overflowing to Inf)')
    return F


# ------------------------------------------------------------------ failing checks


def fail_file(name, header, chunks):
    """A tests/interpret/fail file: every chunk holds expect_bad
    checks; the EXPECT-ERR lines come from the model's first mismatches."""
    F = File(name, header, fail=True)
    for comment, prog in chunks:
        F.add(prog, comment)
        r = ci.Runner(prog, trace=False)
        ci.verify(prog)
        r.run()
        for fn in prog.funcs:
            def walk(blk):
                for op in blk.ops:
                    if op.kind == 'expect_bad':
                        assert id(op) in r.failed_ops, 'an expected failure never fails'
                    for rg in op.regions:
                        walk(rg)
            walk(fn.body)
        seen = set()
        for fn, detail in r.failures:
            for e in ('error: check.expect_eq_const failed in function @%s' % fn, detail):
                if e not in seen and e not in F.expect_err:
                    F.expect_err.append(e)
                    seen.add(e)
    return F


def file_fail_while(rng):
    out = []
    p = Program()
    f = p.func('while_check_in_body_fails')
    b = f.body

    def body(rb, k, c):
        ok = rb.cmp('LT', k, rb.splat('i32', [], 3), 'SIGNED')
        rb.expect_bad(ok, [1])          # false for k = 3 and 4
        return [rb.bin('add', c[0], k)]
    r = counter_loop(f, b, 5, [('s', b.splat('i32', [], 0, 's0'), I32)], body, group='r')
    b.expect(r[1], [10])
    b.ret_()
    out.append(('a check inside the body fails on iterations 3 and 4 (k < 3 is false)', p))
    p = Program()
    f = p.func('while_result_fails')
    b = f.body
    r = counter_loop(f, b, 300, [('s', b.splat('ui8', [], 0, 's0'), TT('ui8'))],
                     lambda rb, k, c: [rb.bin('add', c[0], rb.splat('ui8', [], 1))], group='r')
    b.expect_bad(r[1], [300 % 256 + 1])
    b.ret_()
    out.append(('300 iterations of a ui8 + 1 give 44 (wrapped), not 45', p))
    return fail_file('while.mlir', 'while: failing checks inside and after a loop.', out)


def file_fail_if_case(rng):
    out = []
    p = Program()
    f = p.func('if_branch_check_fails')
    b = f.body
    pr = b.splat('i1', [], 0, 'no')
    r0 = f.region()
    r0.ret_(r0.splat('i8', [], 1))
    r1 = f.region()
    v = r1.const('i8', [2], [5, 6])
    r1.expect_bad(v, [5, 7])
    r1.ret_(r1.splat('i8', [], 2))
    b.add('if', [TT('i8')], [pr], [r0, r1], names=['r'])
    b.expect_bad('r', [1])
    b.ret_()
    out.append(('the else branch runs: its check fails, and the result is 2, not 1', p))
    p = Program()
    f = p.func('case_out_of_range_fails')
    b = f.body
    i = b.splat('i32', [], 7, 'idx')
    regs = []
    for k in range(3):
        rg = f.region()
        rg.ret_(rg.splat('i64', [], 10 * k))
        regs.append(rg)
    b.add('case', [I64], [i], regs, names=['r'])
    b.expect_bad('r', [0])
    b.ret_()
    out.append(('index 7 with three regions takes the last one (20), not the first', p))
    return fail_file('if_case.mlir', 'if and case: failing checks in a branch and on the results.', out)


def file_fail_map_sort(rng):
    out = []
    p = Program()
    f = p.func('map_fails')
    b = f.body
    a = b.const('i16', [2, 3], [1, 2, 3, 4, 5, 6], 'a')
    m = map_op(f, b, [a, a], 'i16', lambda r, x: r.bin('multiply', x[0], x[1]), 'm')
    b.expect_bad(m, [1, 4, 9, 16, 26, 36])
    b.ret_()
    out.append(('map x * x: element [1, 1] is 25', p))
    p = Program()
    f = p.func('sort_unstable_is_not_stable')
    b = f.body
    n = 40
    for _ in range(100):
        kv = [rng.randrange(3) for _ in range(n)]
        less = (lambda kv: lambda x, y: kv[x] < kv[y])(kv)
        if stdsort.std_sort(n, less) != stdsort.std_stable_sort(n, less):
            break
    K = b.const('i32', [n], kv, 'k')
    I = b.add('iota', [TT('i32', n)], [], names=['pos'], dim=0)
    sort_op(f, b, [K, I], lt_on(0), group='s', dimension=0, is_stable=False)
    b.expect_bad('s#1', stdsort.std_stable_sort(n, lambda x, y: kv[x] < kv[y]))
    b.ret_()
    out.append(('40 keys with ties, is_stable = false: the permutation is not the stable one', p))
    return fail_file('map_sort.mlir', 'map and sort: failing checks on their results.', out)


def file_fail_misc(rng):
    out = []
    p = Program()
    f = p.func('barrier_tuple_fails')
    b = f.body
    a = b.const('ui4', [3], [1, 2, 15], 'a')
    ob = b.add('optimization_barrier', [TT('ui4', 3)], [a], names=['ob'])
    b.expect_bad(ob, [1, 2, 14])
    t = b.add('tuple', [TUP(TT('ui4', 3), TT('i1'))], [ob, b.splat('i1', [], 1, 'yes')], names=['t'])
    e = b.add('get_tuple_element', [TT('i1')], [t], names=['e'], index=1)
    b.expect_bad(e, [0])
    b.ret_()
    out.append(('optimization_barrier and get_tuple_element results checked against wrong values', p))
    p = Program()
    g = p.func('twice.impl', [('x', TT('i2', 2)), ('t', TOKEN)], [TT('i2', 2), TOKEN])
    g.body.ret_(g.body.bin('add', 'x', 'x'), g.body.add('after_all', [TOKEN], ['t']))
    f = p.func('main')
    b = f.body
    tk = b.add('after_all', [TOKEN], [], names=['tk'])
    x = b.const('i2', [2], [1, -1], 'x')
    b.add('composite', [TT('i2', 2), TOKEN], [x, tk], names=['y', 'tk2'], callee='twice.impl', name='my.twice')
    b.add('after_all', [TOKEN], ['tk2', tk])
    b.expect_bad('y', [1, -2])
    b.ret_()
    out.append(('composite (tokens through after_all): in i2, 1 + 1 wraps to -2; the check\n'
                'expects a saturated 1', p))
    return fail_file('barrier_tuple_composite.mlir', 'optimization_barrier, tuples, composite and tokens: failing\nchecks on their results.', out)


# ------------------------------------------------------------------ libstdc++ cross-check


def random_relations(rng, count):
    """(n, matrix) pairs: float keys with NaNs under IEEE '<' (not a strict
    weak order), integer keys with few values, and '<=' on small inputs."""
    out = []
    nan = float('nan')
    for _ in range(count):
        n = rng.choice([2, 5, 16, 17, 20, 33, 48, 64, 100, 200])
        kind = rng.random()
        if kind < 0.5:
            pool = [nan, -1.0, 0.0, -0.0, 1.0, 2.0, float('inf'), rng.random()]
            keys = [rng.choice(pool) for _ in range(n)]
            M = [1 if keys[p] < keys[q] else 0 for p in range(n) for q in range(n)]
        elif kind < 0.9:
            keys = [rng.randrange(rng.randint(1, 8)) for _ in range(n)]
            M = [1 if keys[p] < keys[q] else 0 for p in range(n) for q in range(n)]
        else:
            n = min(n, 16)
            keys = [rng.randrange(3) for _ in range(n)]
            M = [1 if keys[p] <= keys[q] else 0 for p in range(n) for q in range(n)]
        out.append((n, M))
    return out


def cxx_check(sorts, rng_seed=7, extra=400):
    """Compare stdsort.py with the host libstdc++ on every sorted slice of
    the generated files and on random relations. Returns the failure count."""
    tmp = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'irrun-stdsort-check')
    src = os.path.join(HERE, 'stdsort_check.cpp')
    p = subprocess.run(['g++', '-O2', '-std=c++17', '-o', tmp, src])
    if p.returncode:
        print('cxx: cannot compile %s' % src)
        return 1
    cases = [(n, M, st, perm) for n, M, st, perm in sorts]
    rng = random.Random(rng_seed)
    for n, M in random_relations(rng, extra):
        for st in (False, True):
            less = (lambda M, n: lambda a, c: M[a * n + c])(M, n)
            try:
                perm = stdsort.std_stable_sort(n, less) if st else stdsort.std_sort(n, less)
            except stdsort.OutOfRange:
                continue                      # undefined behaviour in C++: skip
            cases.append((n, M, st, perm))
    text = ''.join('%d %d %s\n' % (n, 1 if st else 0, ''.join('1' if x else '0' for x in M))
                   for n, M, st, perm in cases)
    p = subprocess.run([tmp], input=text, stdout=subprocess.PIPE, text=True)
    got = p.stdout.splitlines()
    bad = 0
    for (n, M, st, perm), line in zip(cases, got):
        g = [int(x) for x in line.split()]
        if g != perm:
            bad += 1
            if bad <= 5:
                print('cxx MISMATCH n=%d stable=%s\n  py:  %s\n  cxx: %s' % (n, st, perm, g))
    if len(got) != len(cases):
        bad += 1
        print('cxx: %d results for %d cases' % (len(got), len(cases)))
    print('cxx: %d sorts (%d from the generated files) compared with libstdc++: %d mismatches' % (
        len(cases), len(sorts), bad))
    return bad


# ------------------------------------------------------------------ main

FILES = {}


def register(name, fn):
    FILES[name] = fn


register('while', file_while)
register('if_case', file_if_case)
register('nested', file_nested)
register('map', file_map)
register('sort', file_sort)
register('sort_types', file_sort_types)
register('misc', file_misc)
register('fail_while', file_fail_while)
register('fail_if_case', file_fail_if_case)
register('fail_map_sort', file_fail_map_sort)
register('fail_misc', file_fail_misc)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as fh:
        fh.write(text)


def run_trace(irrun, path, fail):
    p = subprocess.run([irrun, '--interpret', '-split-input-file', path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    want = 1 if fail else 0
    bad = []
    if p.returncode != want:
        bad.append('exit status %d, want %d' % (p.returncode, want))
    with open(path) as fh:
        for line in fh:
            if line.startswith('// EXPECT-ERR: '):
                e = line[len('// EXPECT-ERR: '):].rstrip('\n')
                if e not in p.stderr:
                    bad.append('stderr lacks: ' + e)
    return bad, p.stderr


def main(argv):
    irrun = None
    names = []
    tdir = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'irrun-control-traces')
    cxx = False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--validate':
            irrun = argv[i + 1]
            i += 1
        elif a == '--cxx':
            cxx = True
        elif a == '--trace-dir':
            tdir = argv[i + 1]
            i += 1
        else:
            names.append(a)
        i += 1
    stdsort.self_test(300)
    failures = 0
    all_sorts = []
    for name, fn in FILES.items():
        if names and name not in names:
            continue
        rng = random.Random(SEED + sum(map(ord, name)))
        F = fn(rng)
        body, tbody, runners = F.build(trace=True)
        sub = 'fail' if F.fail else ''
        path = os.path.join(OUT, sub, F.name)
        write(path, body)
        for r in runners:
            all_sorts += r.sorts
        nlines = body.count('\n')
        print('%-32s %3d chunks %5d lines %7d bytes' % (os.path.join(sub, F.name), len(F.chunks), nlines, len(body)))
        if nlines >= 2000:
            print('  WARNING: %s has %d lines' % (F.name, nlines))
        tpath = os.path.join(tdir, sub, F.name)
        write(tpath, tbody)
        if irrun:
            bad, err = run_trace(irrun, tpath, F.fail)
            if bad:
                failures += 1
                print('  TRACE FAILED: %s: %s' % (tpath, '; '.join(bad)))
                print('  ' + '\n  '.join(err.splitlines()[:20]))
    if cxx:
        failures += cxx_check(all_sorts)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
