#!/usr/bin/env python3
"""Golden tests for stablehlo.convolution (SPEC.md 9.5.3), from the exact
element model (model.py). Written from SPEC's definition alone: the padded
and dilated lhs P is built forward (4.39: element i of lhs goes to low + i *
lhs_dilation, outside positions dropped, everything else the padding value),
groups are split and concatenated as step 1 says, and every result element
folds its products over the kernel positions t in row-major order with the
input feature innermost, rounding after every multiply and every add in the
result type (REF) -- or, for --dot-accumulation=f32|f64, in the
accumulation type with one final rounding (docs/dot-accumulation.md).
ir-run's output is never used.

Usage:  python3 tests/oracle/gen_conv.py     (writes the files listed in OUTPUTS)

Writes
  tests/interpret/convolution.mlir          SPEC examples, shapes, layouts,
                                            groups, windows, forms (REF)
  tests/interpret/convolution_types.mlir    every element type, mixed types
  tests/interpret/dynamic_conv.mlir         dynamic_conv: padding from an
                                            operand (SPEC 9.4.8)
  tests/interpret/convolution_order.mlir    f8 cases where the rounding
                                            order decides the bits
  tests/interpret/fail/convolution.mlir     failing checks on results
  tests/accumulation/f32/convolution.mlir   --dot-accumulation=f32
  tests/accumulation/f64/convolution.mlir   --dot-accumulation=f64
"""

import itertools
import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import model  # noqa: E402
from model import FMTS, FLOAT_NAMES, INT_NAMES, encode, decode  # noqa: E402
import gen  # noqa: E402
from gen import ttype, dense, const, pin, size  # noqa: E402

TESTS = os.path.join(HERE, '..')
SEED = 20261124
CPLX = gen.CPLX

# ------------------------------------------------------------ element rules


def is_cplx(t):
    return t in CPLX


def zero_bits(t):
    """The pattern with all bits zero: +0, 0, false, (+0, +0); f8E8M0FNU's
    0x00 is 2^-127, the value 0 converts to (section 8 item 6)."""
    return (0, 0) if is_cplx(t) else 0


def cv(src, dst, x):
    if src == dst:
        return x
    assert not is_cplx(src) and not is_cplx(dst), 'complex conversions are not generated'
    return model.convert(src, dst, x)


def mul(t, a, b):
    if is_cplx(t):
        f = CPLX[t]
        m = lambda x, y: model.binop('multiply', f, x, y)  # noqa: E731
        re_ = model.binop('subtract', f, m(a[0], b[0]), m(a[1], b[1]))
        im = model.binop('add', f, m(a[0], b[1]), m(a[1], b[0]))
        return (re_, im)
    return model.binop('multiply', t, a, b)


def add(t, a, b):
    if is_cplx(t):
        f = CPLX[t]
        return (model.binop('add', f, a[0], b[0]), model.binop('add', f, a[1], b[1]))
    return model.binop('add', t, a, b)


QNAN = {'f32': 0x7FC00000, 'f64': 0x7FF8000000000000}

# ------------------------------------------------------------------- model


def strides_of(shape):
    st = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st


def conv_model(c):
    """The result (shape, flat values) of case c (see make_case)."""
    dn, S = c['dn'], c['S']
    ta, tb, tr = c['ta'], c['tb'], c['tr']
    Ls, Rs, L, R = c['Ls'], c['Rs'], c['L'], c['R']
    stride, pad, ldil, rdil, rev = c['stride'], c['pad'], c['ldil'], c['rdil'], c['rev']
    G, Gb = c['G'], c['Gb']
    N, C = Ls[dn['ib']], Ls[dn['if']]
    Ci, O = Rs[dn['ki']], Rs[dn['ko']]
    assert C % G == 0 and Ci == C // G and O % G == 0 and N % Gb == 0 and O % Gb == 0
    assert not (G > 1 and Gb > 1)
    # step 2: P = pad(lhs, z, low, high, interior = lhs_dilation - 1)
    Psize, Wsize, Osize = [], [], []
    for j in range(S):
        n = Ls[dn['isp'][j]]
        D = 0 if n == 0 else (n - 1) * ldil[j] + 1
        P = pad[j][0] + D + pad[j][1]
        assert P >= 0
        w = Rs[dn['ksp'][j]]
        assert w >= 1
        Wd = (w - 1) * rdil[j] + 1
        Psize.append(P)
        Wsize.append(w)
        Osize.append(0 if P == 0 or Wd > P else (P - Wd) // stride[j] + 1)
    Pd = {}
    lst = strides_of(Ls)
    for idx in itertools.product(*[range(d) for d in Ls]):
        pos = tuple(pad[j][0] + idx[dn['isp'][j]] * ldil[j] for j in range(S))
        if all(0 <= pos[j] < Psize[j] for j in range(S)):
            Pd[(idx[dn['ib']], idx[dn['if']], pos)] = L[sum(i * s for i, s in zip(idx, lst))]
    z = zero_bits(ta)
    rshape = [0] * (S + 2)
    rshape[dn['ob']] = N // Gb
    rshape[dn['of']] = O
    for j in range(S):
        rshape[dn['osp'][j]] = Osize[j]
    groups = max(G, Gb)
    Og, Nout, Cg = O // groups, N // Gb, Ci
    rst = strides_of(Rs)
    acc_t = c.get('acc')
    typed = acc_t and ta in FMTS and tb in FMTS and tr in FMTS
    out = []
    for ridx in itertools.product(*[range(d) for d in rshape]):
        n, of = ridx[dn['ob']], ridx[dn['of']]
        q = [ridx[dn['osp'][j]] for j in range(S)]
        g = of // Og
        nb = g * Nout if Gb > 1 else 0
        fo = g * Cg if G > 1 else 0
        acc = zero_bits(acc_t if typed else tr)
        for t in itertools.product(*[range(w) for w in Wsize]):
            for ci in range(Cg):
                u = [Wsize[j] - 1 - t[j] if rev[j] else t[j] for j in range(S)]
                pos = tuple(q[j] * stride[j] + u[j] * rdil[j] for j in range(S))
                x = Pd.get((nb + n, fo + ci, pos), z)
                kidx = [0] * (S + 2)
                kidx[dn['ki']] = ci
                kidx[dn['ko']] = of
                for j in range(S):
                    kidx[dn['ksp'][j]] = t[j]
                y = R[sum(i * s for i, s in zip(kidx, rst))]
                if typed:
                    p = model.binop('multiply', 'f64', cv(ta, 'f64', x), cv(tb, 'f64', y))
                    acc = model.binop('add', acc_t, acc, cv('f64', acc_t, p))
                else:
                    acc = add(tr, acc, mul(tr, cv(ta, tr, x), cv(tb, tr, y)))
        if typed:
            if decode(FMTS[acc_t], acc).kind == 'nan':
                acc = QNAN[acc_t]
            acc = cv(acc_t, tr, acc)
        out.append(acc)
    return rshape, out


# ------------------------------------------------------------------- cases


def layout(S, kind, rng):
    """Dimension numbers: 'nhwc' (b, spatial, f / spatial, i, o), 'nchw'
    (b, f, spatial / o, i, spatial), or 'random' permutations."""
    def one(first, second, order):
        # order: list of S + 2 tokens ('A', 'B', 0..S-1) per tensor position
        d = {'a': order.index('A'), 'b': order.index('B'), 'sp': [order.index(j) for j in range(S)]}
        return d
    sp = list(range(S))
    if kind == 'nhwc':
        lo, ko, oo = ['A'] + sp + ['B'], sp + ['A', 'B'], ['A'] + sp + ['B']
    elif kind == 'nchw':
        lo, ko, oo = ['A', 'B'] + sp, ['B', 'A'] + sp, ['A', 'B'] + sp
    else:
        def perm():
            p = ['A', 'B'] + sp
            rng.shuffle(p)
            return p
        lo, ko, oo = perm(), perm(), perm()
    li, ki, oi = one('b', 'f', lo), one('i', 'o', ko), one('b', 'f', oo)
    return {'ib': li['a'], 'if': li['b'], 'isp': li['sp'],
            'ki': ki['a'], 'ko': ki['b'], 'ksp': ki['sp'],
            'ob': oi['a'], 'of': oi['b'], 'osp': oi['sp']}


def operand(rng, t, n, tame):
    if is_cplx(t):
        f = CPLX[t]
        re_ = gen.dot_operand(rng, f, n, tame)
        im = gen.dot_operand(rng, f, n, tame)
        return list(zip(re_, im))
    return gen.dot_operand(rng, t, n, tame)


def make_case(rng, name, ta='f32', tb=None, tr=None, S=2, N=1, C=2, O=2, isz=None, ksz=None, stride=None,
              pad=None, ldil=None, rdil=None, rev=None, G=1, Gb=1, dn='nhwc', form='pretty', tame=True,
              L=None, R=None, acc=None):
    tb = tb or ta
    tr = tr or ta
    isz = isz if isz is not None else [3] * S
    ksz = ksz if ksz is not None else [2] * S
    d = dn if isinstance(dn, dict) else layout(S, dn, rng)
    Ls = [0] * (S + 2)
    Ls[d['ib']], Ls[d['if']] = N, C
    Rs = [0] * (S + 2)
    Rs[d['ki']], Rs[d['ko']] = C // G, O
    for j in range(S):
        Ls[d['isp'][j]] = isz[j]
        Rs[d['ksp'][j]] = ksz[j]
    c = {'name': name, 'ta': ta, 'tb': tb, 'tr': tr, 'S': S, 'dn': d, 'Ls': Ls, 'Rs': Rs,
         'stride': stride or [1] * S, 'pad': pad or [(0, 0)] * S, 'ldil': ldil or [1] * S,
         'rdil': rdil or [1] * S, 'rev': rev or [False] * S, 'G': G, 'Gb': Gb, 'form': form, 'acc': acc}
    c['L'] = L if L is not None else operand(rng, ta, size(Ls), tame)
    c['R'] = R if R is not None else operand(rng, tb, size(Rs), tame)
    return c


# ------------------------------------------------------------------ emitting


def dn_text(d, S):
    def lst(a, b, la, lb, sp):
        items = []
        for p in range(S + 2):
            items.append(la if p == a else lb if p == b else str(sp.index(p)))
        return '[' + ', '.join(items) + ']'
    return '%sx%s->%s' % (lst(d['ib'], d['if'], 'b', 'f', d['isp']), lst(d['ki'], d['ko'], 'i', 'o', d['ksp']),
                          lst(d['ob'], d['of'], 'b', 'f', d['osp']))


def dn_raw(d):
    ints = lambda v: '[' + ', '.join(map(str, v)) + ']'  # noqa: E731
    return ('#stablehlo.conv<raw input_batch_dimension = %d, input_feature_dimension = %d, '
            'input_spatial_dimensions = %s, kernel_input_feature_dimension = %d, '
            'kernel_output_feature_dimension = %d, kernel_spatial_dimensions = %s, output_batch_dimension = %d, '
            'output_feature_dimension = %d, output_spatial_dimensions = %s>' % (
                d['ib'], d['if'], ints(d['isp']), d['ki'], d['ko'], ints(d['ksp']), d['ob'], d['of'],
                ints(d['osp'])))


def conv_line(c, rshape):
    S = c['S']
    sig = '(%s, %s) -> %s' % (ttype(c['Ls'], c['ta']), ttype(c['Rs'], c['tb']), ttype(rshape, c['tr']))
    ints = lambda v: ', '.join(map(str, v))  # noqa: E731
    groups = 'batch_group_count = %d : i64, feature_group_count = %d : i64' % (c['Gb'], c['G'])
    prec = c.get('precision')
    if c['form'] == 'pretty':
        win = []
        if c['stride'] != [1] * S:
            win.append('stride = [%s]' % ints(c['stride']))
        if any(p != (0, 0) for p in c['pad']):
            win.append('pad = [%s]' % ', '.join('[%d, %d]' % p for p in c['pad']))
        if c['ldil'] != [1] * S:
            win.append('lhs_dilate = [%s]' % ints(c['ldil']))
        if c['rdil'] != [1] * S:
            win.append('rhs_dilate = [%s]' % ints(c['rdil']))
        if any(c['rev']):
            win.append('reverse = [%s]' % ', '.join('true' if r else 'false' for r in c['rev']))
        if c.get('shuffle_window'):
            random.Random(len(win)).shuffle(win)
        extra = ', precision_config = [%s]' % prec if prec else ''
        return ('  %%r = stablehlo.convolution(%%lhs, %%rhs) dim_numbers = %s, window = {%s} {%s%s} : %s' % (
            dn_text(c['dn'], S), ', '.join(win), groups, extra, sig))
    attrs = ['window_strides = array<i64%s>' % (': ' + ints(c['stride']) if S else '')]
    if S:
        attrs.append('padding = dense<[%s]> : tensor<%dx2xi64>' % (', '.join('[%d, %d]' % p for p in c['pad']), S))
    attrs.append('lhs_dilation = array<i64%s>' % (': ' + ints(c['ldil']) if S else ''))
    attrs.append('rhs_dilation = array<i64%s>' % (': ' + ints(c['rdil']) if S else ''))
    attrs.append('window_reversal = array<i1%s>' % (
        (': ' + ', '.join('true' if r else 'false' for r in c['rev'])) if S else ''))
    attrs.append('dimension_numbers = ' + (dn_raw(c['dn']) if c['form'] == 'raw'
                                           else '#stablehlo.conv<%s>' % dn_text(c['dn'], S)))
    attrs.append(groups)
    if prec:
        attrs.append('precision_config = [%s]' % prec)
    if c['form'] == 'dynamic':
        attrs = [a for a in attrs if not a.startswith('padding')]
        pt = c.get('pad_type', 'i64')
        sig = '(%s, %s, tensor<%dx2x%s>) -> %s' % (ttype(c['Ls'], c['ta']), ttype(c['Rs'], c['tb']), S, pt,
                                                   ttype(rshape, c['tr']))
        pad = '  %%pad = stablehlo.constant dense<[%s]> : tensor<%dx2x%s>\n' % (
            ', '.join('[%d, %d]' % p for p in c['pad']), S, pt)
        return pad + '  %%r = "stablehlo.dynamic_conv"(%%lhs, %%rhs, %%pad) {%s} : %s' % (', '.join(attrs), sig)
    return '  %%r = "stablehlo.convolution"(%%lhs, %%rhs) {%s} : %s' % (', '.join(attrs), sig)


def fname(s):
    return ''.join(ch if ch.isalnum() else '_' for ch in s)


def render(c, expect=None, comment=None):
    """The chunk of case c; expect overrides the model (fail/ cases)."""
    rshape, R = conv_model(c)
    if 'want' in c:  # a value SPEC states
        assert R == c['want'], (c['name'], R, c['want'])
    body = []
    if comment:
        body += ['// ' + line for line in comment.split('\n')]
    body += ['func.func @%s() {' % fname(c['name']),
             const('lhs', c['ta'], c['Ls'], c['L']), const('rhs', c['tb'], c['Rs'], c['R']),
             conv_line(c, rshape)]
    body += pin('r', c['tr'], rshape, expect if expect is not None else R)
    body += ['  func.return', '}']
    return '\n'.join(body), max(1, size(rshape))


class File:
    def __init__(self, rel, header, run='ir-run --interpret -split-input-file %s'):
        self.rel, self.header, self.run = rel, header, run
        self.chunks = []
        self.checks = 0

    def add(self, c, comment=None, expect=None):
        text, n = render(c, expect, comment)
        self.chunks.append(text)
        self.checks += n

    def write(self):
        path = os.path.join(TESTS, self.rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        head = '// RUN: %s\n' % self.run
        head += ''.join('// ' + line + '\n' for line in self.header.split('\n'))
        with open(path, 'w') as fh:
            fh.write(head + '\n' + '\n\n// -----\n\n'.join(self.chunks) + '\n')
        print('%-42s %4d chunks %6d checks %7d bytes' % (self.rel, len(self.chunks), self.checks,
                                                           os.path.getsize(path)))


GEN_NOTE = ('Generated by tests/oracle/gen_conv.py (exact model: tests/oracle/model.py, SPEC.md 9.5.3);\n'
            'do not edit.')


def f8(x):
    return encode(FMTS['f8E4M3'], x < 0, abs(Fraction(x)))


# ------------------------------------------------------------------- groups


def gen_main(rng):
    out = File('interpret/convolution.mlir', GEN_NOTE + ' stablehlo.convolution with REF accumulation: SPEC\n'
               'examples, spatial ranks 0-3, layouts, groups, strides, padding (negative too),\n'
               'dilations, reversal, the three attribute spellings, zero-size shapes.')
    # SPEC examples ---------------------------------------------------------
    lhs = [1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17]
    c = make_case(rng, 'spec_example', ta='i64', S=2, N=1, C=1, O=1, isz=[4, 4], ksz=[3, 3], stride=[4, 4],
                  ldil=[2, 2], form='generic', L=lhs, R=[1] * 9)
    c['want'] = [10, 26, 46, 62]
    c['precision'] = '#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>'
    out.add(c, 'StableHLO\'s example: stride 4, lhs dilation 2, 3x3 window of ones')
    c = make_case(rng, 'spec_pretty_example', ta='i64', S=2, N=1, C=1, O=1, isz=[4, 4], ksz=[3, 3], stride=[4, 4],
                  pad=[(1, 1), (1, 1)], ldil=[2, 2], L=lhs, R=[1] * 9)
    c['precision'] = '#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>'
    c['want'] = [1, 5, 10, 14]
    out.add(c, 'the pretty form of SPEC 9.5.3 (padding 1): each window meets one input element')
    c = make_case(rng, 'spec_f8_twenty_ones', ta='f8E4M3', S=1, N=1, C=1, O=1, isz=[20], ksz=[20],
                  L=[f8(1)] * 20, R=[f8(1)] * 20, dn={'ib': 0, 'if': 2, 'isp': [1], 'ki': 1, 'ko': 2, 'ksp': [0],
                                                         'ob': 0, 'of': 2, 'osp': [1]})
    c['want'] = [0x58]
    out.add(c, 'SPEC 9.5.3 / 9.A #16: twenty ones in f8E4M3 sum to 16 (0x58): 16 + 1 ties to 16')
    # spatial ranks ---------------------------------------------------------
    out.add(make_case(rng, 'rank0_spatial', S=0, N=2, C=3, O=2, form='pretty'),
            'no spatial dimensions: a batched matrix product over the features')
    out.add(make_case(rng, 'rank0_generic', ta='i32', S=0, N=3, C=2, O=4, form='generic'))
    out.add(make_case(rng, 'rank1', S=1, N=2, C=2, O=3, isz=[7], ksz=[3]))
    out.add(make_case(rng, 'rank3', S=3, N=1, C=2, O=2, isz=[3, 4, 3], ksz=[2, 2, 2], stride=[1, 2, 1],
                      pad=[(1, 0), (0, 1), (1, 1)], rdil=[1, 1, 2]))
    out.add(make_case(rng, 'rank3_raw', ta='bf16', S=3, N=2, C=1, O=1, isz=[2, 3, 4], ksz=[1, 2, 3], form='raw',
                      dn='random'))
    # layouts ----------------------------------------------------------------
    out.add(make_case(rng, 'nchw', S=2, N=2, C=2, O=3, isz=[4, 3], ksz=[2, 2], dn='nchw'))
    for k in range(4):
        out.add(make_case(rng, 'layout_random_%d' % k, ta='f16', S=2, N=2, C=2, O=3, isz=[3, 4], ksz=[2, 3],
                          dn='random', form=['pretty', 'generic', 'raw', 'pretty'][k]))
    d = {'ib': 3, 'if': 0, 'isp': [1, 2], 'ki': 2, 'ko': 3, 'ksp': [0, 1], 'ob': 3, 'of': 0, 'osp': [1, 2]}
    out.add(make_case(rng, 'feature_before_batch', ta='i32', S=2, N=2, C=2, O=3, isz=[3, 3], ksz=[2, 2], dn=d),
            'output layout [f, 0, 1, b] with batch 2 and 3 features: results placed by the dimension\n'
            'numbers (decision 40; REF would pair them up wrongly)')
    # windows ----------------------------------------------------------------
    out.add(make_case(rng, 'strides', S=2, N=1, C=2, O=2, isz=[7, 6], ksz=[3, 2], stride=[3, 2]))
    out.add(make_case(rng, 'padding', S=2, N=1, C=1, O=2, isz=[3, 3], ksz=[3, 3], pad=[(2, 1), (0, 3)]))
    out.add(make_case(rng, 'negative_padding', S=2, N=1, C=2, O=1, isz=[6, 5], ksz=[2, 2], pad=[(-1, -2), (1, -1)]),
            'negative padding crops')
    out.add(make_case(rng, 'negative_low_beyond', ta='i16', S=1, N=1, C=1, O=1, isz=[4], ksz=[2], pad=[(-5, 4)]),
            'low padding -5 crops all four inputs and one more position: only high padding is left')
    out.add(make_case(rng, 'lhs_dilation', S=2, N=1, C=2, O=2, isz=[3, 2], ksz=[2, 3], ldil=[2, 3], pad=[(1, 1), (0, 2)]),
            'transposed-convolution style: lhs dilation holes are zeros')
    out.add(make_case(rng, 'rhs_dilation', S=2, N=2, C=1, O=2, isz=[6, 5], ksz=[2, 2], rdil=[3, 2]))
    out.add(make_case(rng, 'reversal', S=2, N=1, C=2, O=2, isz=[3, 4], ksz=[2, 3], rev=[True, False]))
    out.add(make_case(rng, 'reversal_both', ta='i8', S=2, N=1, C=1, O=1, isz=[3, 3], ksz=[3, 2], rev=[True, True],
                      form='generic'))
    c = make_case(rng, 'everything', ta='f8E5M2', S=2, N=2, C=4, O=4, isz=[4, 3], ksz=[3, 2], stride=[2, 1],
                  pad=[(2, -1), (1, 2)], ldil=[2, 1], rdil=[1, 2], rev=[False, True], G=2, dn='random')
    out.add(c, 'all window attributes at once, feature groups, random layout')
    c = make_case(rng, 'window_any_order', ta='i32', S=2, N=1, C=1, O=1, isz=[4, 4], ksz=[2, 2], stride=[2, 1],
                  pad=[(1, 0), (0, 1)], ldil=[1, 2], rdil=[2, 1], rev=[True, False])
    c['shuffle_window'] = True
    out.add(c, 'window entries in another order')
    # groups -----------------------------------------------------------------
    out.add(make_case(rng, 'feature_groups', S=2, N=2, C=6, O=4, isz=[3, 3], ksz=[2, 2], G=2),
            'feature_group_count 2: lhs features 0-2 with kernel outputs 0-1, features 3-5 with outputs 2-3')
    out.add(make_case(rng, 'depthwise', ta='bf16', S=2, N=1, C=3, O=6, isz=[4, 4], ksz=[3, 3], G=3, pad=[(1, 1), (1, 1)]),
            'depthwise: one input feature per group, two outputs each')
    out.add(make_case(rng, 'feature_groups_nchw', ta='i32', S=1, N=2, C=4, O=4, isz=[5], ksz=[2], G=4, dn='nchw'))
    out.add(make_case(rng, 'batch_groups', S=2, N=4, C=2, O=6, isz=[3, 3], ksz=[2, 2], Gb=2),
            'batch_group_count 2: batches 0-1 with kernel outputs 0-2, batches 2-3 with outputs 3-5')
    out.add(make_case(rng, 'batch_groups_random', ta='f16', S=1, N=3, C=2, O=3, isz=[4], ksz=[2], Gb=3, dn='random',
                      form='generic'))
    # zero sizes -------------------------------------------------------------
    out.add(make_case(rng, 'zero_input_features', S=1, N=2, C=0, O=2, isz=[3], ksz=[2]),
            'no input features: no products, every element is +0')
    out.add(make_case(rng, 'zero_batch', S=1, N=0, C=2, O=2, isz=[3], ksz=[2]))
    out.add(make_case(rng, 'empty_input_padded', ta='i32', S=1, N=1, C=1, O=1, isz=[0], ksz=[2], pad=[(2, 1)]),
            'an empty spatial dimension with padding: windows of padding only')
    out.add(make_case(rng, 'window_larger_than_input', S=1, N=1, C=1, O=1, isz=[2], ksz=[3]))
    out.add(make_case(rng, 'zero_output_features', ta='i8', S=1, N=1, C=1, O=0, isz=[3], ksz=[2]))
    # special values through padding -----------------------------------------
    inf, nan = 0x7F800000, 0x7FC00000
    c = make_case(rng, 'inf_kernel_meets_padding', S=1, N=1, C=1, O=1, isz=[2], ksz=[2], pad=[(1, 0)],
                  L=[0x3F800000, 0x40000000], R=[inf, 0x3F800000])
    out.add(c, 'padding is a real +0 operand: +0 * Inf = NaN in the first window')
    c = make_case(rng, 'negative_zero_products', S=1, N=1, C=1, O=1, isz=[2], ksz=[1],
                  L=[0x80000000, 0xBF800000], R=[0x3F800000])
    out.add(c, '-0 * 1 = -0 added to the +0 accumulator gives +0; -1 * 1 = -1')
    c = make_case(rng, 'nan_operand', S=1, N=1, C=2, O=1, isz=[2], ksz=[1], L=[nan, 0x3F800000, 0x40000000, 0x40400000],
                  R=[0x3F800000, 0x3F800000])
    out.add(c)
    return out


def gen_dynamic(rng):
    out = File('interpret/dynamic_conv.mlir', GEN_NOTE + ' stablehlo.dynamic_conv (SPEC 9.4.8): convolution\n'
               'with its padding read from a third operand of any integer type; the model is\n'
               'convolution\'s with that padding.')
    cases = [
        dict(name='dyn_spec_pretty', ta='i64', S=2, N=1, C=1, O=1, isz=[4, 4], ksz=[3, 3], stride=[4, 4],
             pad=[(1, 1), (1, 1)], ldil=[2, 2], L=[1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17],
             R=[1] * 9),
        dict(name='dyn_f32_asymmetric', S=2, N=1, C=2, O=2, isz=[3, 4], ksz=[2, 2], pad=[(2, 0), (0, 1)]),
        dict(name='dyn_negative_i32', ta='i32', S=1, N=2, C=1, O=2, isz=[6], ksz=[2], pad=[(-2, 1)],
             pad_type='i32'),
        dict(name='dyn_ui8_amounts', ta='bf16', S=1, N=1, C=2, O=1, isz=[3], ksz=[2], pad=[(1, 2)], pad_type='ui8'),
        dict(name='dyn_i16_everything', ta='f8E4M3FN', S=2, N=2, C=4, O=4, isz=[4, 3], ksz=[3, 2], stride=[2, 1],
             pad=[(2, -1), (1, 2)], ldil=[2, 1], rdil=[1, 2], rev=[False, True], G=2, dn='random',
             pad_type='i16'),
        dict(name='dyn_f8_order', ta='f8E5M2', tr='f8E5M2', S=1, N=1, C=3, O=1, isz=[5], ksz=[3], pad=[(1, 1)],
             tame=False),
        dict(name='dyn_zero_window', ta='f16', S=1, N=1, C=1, O=1, isz=[2], ksz=[3], pad=[(0, 0)]),
    ]
    for kw in cases:
        pt = kw.pop('pad_type', 'i64')
        c = make_case(rng, form='dynamic', **kw)
        c['pad_type'] = pt
        if kw['name'] == 'dyn_spec_pretty':
            c['want'] = [1, 5, 10, 14]
        out.add(c)
    return out


def gen_types(rng):
    out = File('interpret/convolution_types.mlir', GEN_NOTE + ' convolution on every element type (REF\n'
               'accumulation: operands converted to the result type, rounding or wrapping after every\n'
               'multiply and add) and mixed operand and result types.')
    types = FLOAT_NAMES + INT_NAMES + list(CPLX)
    for k, t in enumerate(types):
        for tame in (True, False):
            c = make_case(rng, 'type_%s_%s' % (t, 'tame' if tame else 'wild'), ta=t, S=2, N=1, C=2, O=2,
                          isz=[3, 3], ksz=[2, 2], pad=[(1, 0), (0, 1)], stride=[1, 2] if k % 2 else [1, 1],
                          dn='random' if k % 3 == 0 else 'nhwc', form=['pretty', 'generic', 'raw'][k % 3], tame=tame)
            out.add(c)
    # integer wrap: sums far past the type's range
    for t, v in (('i8', 100), ('ui8', 200), ('i4', 7), ('ui2', 3), ('i16', 30000), ('i32', 2 ** 30),
                 ('i64', 2 ** 62), ('ui64', 2 ** 63)):
        c = make_case(rng, 'wrap_%s' % t, ta=t, S=1, N=1, C=3, O=1, isz=[3], ksz=[2], L=[v] * 9, R=[v, 1] * 3)
        out.add(c, 'integer products and sums wrap modulo 2^N')
    out.add(make_case(rng, 'i1_and_or', ta='i1', S=2, N=2, C=2, O=2, isz=[3, 3], ksz=[2, 2], pad=[(1, 1), (0, 0)],
                      tame=False), 'i1: AND for products, OR for sums')
    mixed = [('f8E4M3FN', 'f8E4M3FN', 'f32'), ('f8E5M2', 'f8E4M3FN', 'bf16'), ('f8E4M3FN', 'f8E5M2', 'f16'),
             ('bf16', 'bf16', 'f32'), ('f32', 'f32', 'bf16'), ('f64', 'f32', 'f8E4M3FN'), ('f16', 'f16', 'f8E5M2'),
             ('i8', 'i8', 'i32'), ('ui4', 'ui4', 'ui16'), ('i8', 'i8', 'f16'), ('f32', 'f32', 'i32'),
             ('bf16', 'bf16', 'i8'), ('i1', 'i1', 'i8'), ('i16', 'i16', 'f8E4M3FN'), ('f4E2M1FN', 'f6E3M2FN', 'f8E4M3'),
             ('f8E8M0FNU', 'f16', 'f32'), ('f8E8M0FNU', 'f8E8M0FNU', 'f32')]
    for ta, tb, tr in mixed:
        c = make_case(rng, 'mixed_%s_%s_%s' % (ta, tb, tr), ta=ta, tb=tb, tr=tr, S=2, N=1, C=2, O=2, isz=[3, 2],
                      ksz=[2, 2], pad=[(1, 1), (0, 1)])
        note = None
        if ta == 'f8E8M0FNU':
            note = ('f8E8M0FNU has no zero: the padding is its 0x00 (2^-127, what 0 converts to),\n'
                    'converted to the result type like every lhs element')
        out.add(c, note)
    return out


def order_alternatives(c):
    """The same case summed in two wrong orders (features outermost; kernel
    positions reversed) -- a test pins the order only if these differ."""
    alts = []
    for kind in ('feature_major', 'reversed_t'):
        d = dict(c)
        d['_order'] = kind
        alts.append(conv_model_order(d, kind))
    return alts


def conv_model_order(c, kind):
    """conv_model with another fold order (for choosing order-sensitive
    cases only; REF's order is conv_model's)."""
    S, dn, tr = c['S'], c['dn'], c['tr']
    assert S == 1 and c['G'] == 1 and c['Gb'] == 1 and dn['ib'] == 0
    Ls, Rs, L, R = c['Ls'], c['Rs'], c['L'], c['R']
    n_in, C = Ls[dn['isp'][0]], Ls[dn['if']]
    w, O = Rs[dn['ksp'][0]], Rs[dn['ko']]
    lst, rst = strides_of(Ls), strides_of(Rs)
    res = []
    for q in range(n_in - w + 1):
        for o in range(O):
            pairs = []
            for t in range(w):
                for ci in range(C):
                    li = [0] * 3
                    li[dn['isp'][0]], li[dn['if']] = q + t, ci
                    ki = [0] * 3
                    ki[dn['ksp'][0]], ki[dn['ki']], ki[dn['ko']] = t, ci, o
                    pairs.append((t, ci, L[sum(a * b for a, b in zip(li, lst))], R[sum(a * b for a, b in zip(ki, rst))]))
            if kind == 'feature_major':
                pairs.sort(key=lambda p: (p[1], p[0]))
            else:
                pairs.sort(key=lambda p: (-p[0], p[1]))
            acc = 0
            for _, _, x, y in pairs:
                acc = add(tr, acc, mul(tr, x, y))
            res.append(acc)
    return res


def gen_order(rng):
    out = File('interpret/convolution_order.mlir', GEN_NOTE + ' REF\'s accumulation order decides these f8\n'
               'results: every case was chosen so that summing with the input features outermost, or\n'
               'with the kernel positions reversed, gives other bits (SPEC 9.5.3 step 3: kernel\n'
               'positions row-major, input feature innermost, rounding after every step).')
    d = {'ib': 0, 'if': 2, 'isp': [1], 'ki': 1, 'ko': 2, 'ksp': [0], 'ob': 0, 'of': 2, 'osp': [1]}
    found = 0
    tries = 0
    for t in ('f8E4M3FN', 'f8E5M2', 'f8E4M3', 'f8E3M4', 'f8E4M3FNUZ', 'f8E5M2FNUZ', 'f8E4M3B11FNUZ', 'f4E2M1FN',
              'f6E2M3FN', 'f6E3M2FN', 'bf16', 'f16'):
        made = 0
        while made < 2:
            tries += 1
            c = make_case(rng, 'order_%s_%d' % (t, made), ta=t, S=1, N=1, C=3, O=2, isz=[6], ksz=[3], dn=d)
            _, R = conv_model(c)
            if all(any(a != b for a, b in zip(R, alt)) for alt in order_alternatives(c)):
                out.add(c)
                made += 1
                found += 1
    # 2-D f8 with groups and padding: the big picture in low precision
    for k in range(3):
        out.add(make_case(rng, 'f8_2d_%d' % k, ta='f8E4M3FN', S=2, N=2, C=4, O=4, isz=[4, 4], ksz=[3, 3],
                          pad=[(1, 1), (1, 1)], G=[1, 2, 4][k], dn=['nhwc', 'nchw', 'random'][k]))
    return out


def gen_fail(rng):
    out = File('interpret/fail/convolution.mlir', GEN_NOTE + ' Failing checks on convolution results\n'
               '(the model\'s value with one element changed).\n'
               'EXPECT-ERR: error: check.expect_eq_const failed in function @conv_fails\n'
               'EXPECT-ERR: Element values don\'t match: 23 (actual) vs 24 (expected) at index [0, 1, 0]',
               run='ir-run --interpret -split-input-file %s   (must exit 1)')
    c = make_case(rng, 'conv_fails', ta='i32', S=1, N=1, C=1, O=1, isz=[3], ksz=[2], L=[1, 10, 3], R=[2, 1])
    _, R = conv_model(c)
    assert R == [12, 23], R
    out.chunks.append(render(c, expect=[12, 24])[0])
    out.checks += 2
    return out


def gen_acc(rng, acc):
    out = File('accumulation/%s/convolution.mlir' % acc,
               GEN_NOTE + ' convolution with --dot-accumulation=%s (docs/dot-accumulation.md):\n'
               'products of the operands\' exact values rounded to %s, summed in %s in REF\'s order,\n'
               'one final rounding into the result type; a NaN sum gives the result type\'s NaN.\n'
               'Integer and complex convolutions keep REF accumulation.' % (acc, acc, acc),
               run='ir-run --interpret --dot-accumulation=%s -split-input-file %%s' % acc)
    c = make_case(rng, 'twenty_ones', ta='f8E4M3', S=1, N=1, C=1, O=1, isz=[20], ksz=[20],
                  L=[f8(1)] * 20, R=[f8(1)] * 20, acc=acc)
    c['want'] = [0x5A]
    out.add(c, 'twenty ones in f8E4M3: 20 (0x5A), where REF stalls at 16')
    for k, (ta, tb, tr) in enumerate([('f8E4M3FN', 'f8E4M3FN', 'f8E4M3FN'), ('f8E5M2', 'f8E4M3FN', 'bf16'),
                                      ('bf16', 'bf16', 'bf16'), ('f16', 'f16', 'f16'), ('f32', 'f32', 'f32'),
                                      ('f64', 'f64', 'f64'), ('f64', 'f32', 'f8E4M3FN'), ('f4E2M1FN', 'f4E2M1FN', 'f32'),
                                      ('f8E8M0FNU', 'f8E4M3', 'f16'), ('f6E2M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ')]):
        for tame in (True, False):
            c = make_case(rng, 'acc_%s_%s_%s_%d' % (ta, tb, tr, tame), ta=ta, tb=tb, tr=tr, S=2, N=2, C=4, O=8 + 2 * k,
                          isz=[4, 3], ksz=[3, 2], pad=[(1, 1), (0, 1)], stride=[1, 1], G=2 if k % 3 == 1 else 1,
                          dn='random' if k % 2 else 'nhwc', tame=tame, acc=acc)
            out.add(c)
    # rows and columns beyond the vector blocks, a long dot
    out.add(make_case(rng, 'acc_long', ta='f8E4M3FN', tr='f16', S=2, N=3, C=16, O=19, isz=[5, 5], ksz=[3, 3],
                      pad=[(1, 1), (1, 1)], acc=acc))
    out.add(make_case(rng, 'acc_int_stays_ref', ta='i8', tr='i8', S=1, N=1, C=2, O=2, isz=[4], ksz=[2], acc=acc),
            'integers: REF accumulation (wrapping) in every mode')
    return out


def main():
    rng = random.Random(SEED)
    files = [gen_main(random.Random(SEED)), gen_types(random.Random(SEED + 1)), gen_order(random.Random(SEED + 2)),
             gen_fail(random.Random(SEED + 3)), gen_acc(random.Random(SEED + 4), 'f32'),
             gen_acc(random.Random(SEED + 5), 'f64'), gen_dynamic(random.Random(SEED + 6))]
    del rng
    for f in files:
        f.write()


if __name__ == '__main__':
    main()
