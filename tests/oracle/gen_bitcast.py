#!/usr/bin/env python3
"""stablehlo.bitcast_convert between every legal pair of element types (SPEC.md 4.32).

Usage:  python3 tests/oracle/gen_bitcast.py      (writes tests/interpret/random_bitcast.mlir)
        python3 tests/oracle/gen.py bitcast      (the same, as a gen.py group)

Legal pairs (4.32 checks): complex <-> complex only; otherwise the value
widths w1, w2 of source and result element types (3.1: i1 = 1, i2/ui2 = 2,
i4/ui4/f4E2M1FN = 4, f6* = 6, f8* and (u)i8 = 8, ... complex<f32> = 64,
complex<f64> = 128) must be equal (same shape), or one must divide the other:
splitting (w1 = k*w2) appends a dimension of size k to the result, joining
(w2 = k*w1) removes the source's last dimension, which must be k. 6-bit types
pair with f6*, i2/ui2 and i1 only. That gives 692 non-complex pairs plus the
4 complex pairs.

Expected values come from SPEC's little-endian bit rules alone, computed on
Python integers (no model of ir-run's code): the value bits of an element are
its pattern (i1: 0/1; integers: N-bit two's complement; floats: the format's
pattern; complex: real bits low, imaginary bits high). Narrow element j of a
wide value W is (W >> j*w_narrow) & mask.

Each pair is one chunk: a rank-1 (or, when joining, rank-2) source mixing
the special patterns of both element types (NaN with payloads, signaling
NaN, -0, Inf, max, FNUZ/E8M0 NaN, INT_MIN/-1/max) with random patterns,
plus, in rotation over the pairs (so every type meets each of them as source
and as result), one of: a rank-0 source (rank-0 result when joining), a
rank-2 source (rank 3 when joining), a zero-element source. Float results are pinned bit for
bit with gen.py's pin() (bitcast to uiN; f6 through an exact convert to
f32), integer and i1 results with expect_eq_const.

Complex results: every value used with expect_eq_const has no NaN and no
zero part (so IEEE equality is bit equality). Chunks with -0 and (signaling)
NaN parts pin complex<f32> bit for bit as in complex.mlir (pad to Nx2 with
(0, 0), bitcast to complex<f64>, convert to f64, bitcast to ui64 =
im << 32 | re), complex<f64> results through their real part (convert,
bitcast to ui64) and through a split to complex<f32> pinned that way; the
generator asserts that none of these f64 views is a signaling NaN (convert
would quiet it).
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from model import FMTS, FLOAT_NAMES, INT_NAMES, decode  # noqa: E402

CPLX = ['complex<f32>', 'complex<f64>']
NONCPLX = FLOAT_NAMES + INT_NAMES


def _gen():
    """gen.py's module (the running one if gen.py is the main program, so
    that its --out applies)."""
    main = sys.modules.get('__main__')
    if main is not None and os.path.basename(getattr(main, '__file__', '') or '') == 'gen.py':
        return main
    import gen
    return gen


def width(t):
    """Value bits (SPEC 3.1)."""
    if t in FMTS:
        return FMTS[t].bits
    if t == 'complex<f32>':
        return 64
    if t == 'complex<f64>':
        return 128
    if t == 'i1':
        return 1
    return int(t[2:]) if t.startswith('ui') else int(t[1:])


def to_pat(t, v):
    """Element value (gen.py's representation) -> value bits."""
    if t in FMTS:
        return v
    return v & ((1 << width(t)) - 1)


def from_pat(t, p):
    """Value bits -> element value: floats are patterns, iN signed, uiN and
    i1 unsigned."""
    w = width(t)
    assert 0 <= p < 1 << w
    if t in FMTS or t == 'i1' or t.startswith('ui'):
        return p
    return p - (1 << w) if p >> (w - 1) else p


def split(W, wide, narrow):
    k = wide // narrow
    return [(W >> (j * narrow)) & ((1 << narrow) - 1) for j in range(k)]


def join(parts, narrow):
    W = 0
    for j, p in enumerate(parts):
        assert 0 <= p < 1 << narrow
        W |= p << (j * narrow)
    return W


def legal(a, b):
    if (a in CPLX) != (b in CPLX):
        return False
    w1, w2 = width(a), width(b)
    return w1 % w2 == 0 or w2 % w1 == 0


def float_specials(t):
    """Patterns whose bits a bitcast must keep: NaN payloads (quiet and
    signaling, both signs), -0, Inf, max, the FNUZ and E8M0 NaN."""
    G = _gen()
    f = FMTS[t]
    s = list(G.specials(t))
    if f.family == 'ieee':
        emax = ((1 << f.e) - 1) << f.m
        q = 1 << (f.m - 1)
        s += [emax | 1, emax | (q - 1), f.sign_bit | emax | (q >> 1) | 1,    # signaling
              emax | q | (q - 1), f.sign_bit | emax | q | 1,                 # quiet, payload
              f.sign_bit, f.sign_bit | 1]                                    # -0, -min subnormal
    elif f.family in ('fn', 'finite'):
        s += [f.sign_bit, f.sign_bit | 1]
    return s


def sample_pat(rng, t, special_bias=0.4):
    G = _gen()
    if rng.random() < special_bias:
        if t in FMTS:
            return rng.choice(float_specials(t))
        return to_pat(t, rng.choice(G.specials(t)))
    return to_pat(t, G.sample(rng, t))


def wide_values(rng, wide, narrow, m):
    """m patterns of width w(wide): specials of the wide type, values made
    of special/random narrow parts, and random wide patterns."""
    ww, wn = width(wide), width(narrow)
    k = ww // wn
    res = []
    sp = [p for p in (float_specials(wide) if wide in FMTS else
                      [to_pat(wide, v) for v in _gen().specials(wide)])]
    rng.shuffle(sp)
    for i in range(m):
        r = rng.random()
        if i < m // 3 and sp:
            res.append(sp.pop())
        elif r < 0.5 or k == 1:
            res.append(join([sample_pat(rng, narrow) for _ in range(k)], wn) if k > 1
                       else sample_pat(rng, narrow))
        else:
            res.append(sample_pat(rng, wide, 0.2))
    rng.shuffle(res)
    return res


def case_lines(G, tag, src, dst, sshape, dshape, S, D):
    """Constant, bitcast and pin of one source tensor (patterns S, D)."""
    body = [G.const('a' + tag, src, sshape, [from_pat(src, p) for p in S]),
            '  %%r%s = stablehlo.bitcast_convert %%a%s : (%s) -> %s' % (
                tag, tag, G.ttype(sshape, src), G.ttype(dshape, dst))]
    body += G.pin('r' + tag, dst, dshape, [from_pat(dst, p) for p in D], tag='p' + tag)
    return body


def pair_chunk(G, rng, src, dst, variant):
    w1, w2 = width(src), width(dst)
    if w1 == w2:
        wide, narrow, k, kind = src, dst, 1, 'equal'
    elif w1 > w2:
        wide, narrow, k, kind = src, dst, w1 // w2, 'split'
    else:
        wide, narrow, k, kind = dst, src, w2 // w1, 'join'
    ww, wn = width(wide), width(narrow)
    m = 12 if k == 1 else max(2, 32 // k)

    def data(lead):
        """(source shape, result shape, source patterns, result patterns)
        for wide-side shape `lead`."""
        n = _gen().size(lead)
        if kind == 'equal':
            W = wide_values(rng, src, dst, n) if rng.random() < 0.5 else wide_values(rng, dst, src, n)
            return lead, lead, W, W
        W = wide_values(rng, wide, narrow, n)
        N = [p for x in W for p in split(x, ww, wn)]
        if kind == 'split':
            return lead, lead + [k], W, N
        return lead + [k], lead, N, W

    body = ['func.func @bitcast_%s_to_%s() {' % (src, dst)]
    nchecks = 0
    variants = [('0', []), ('2', [2, 3] if k == 1 else [2, 2] if k <= 4 else [2, 1]),
                ('z', [0] if rng.random() < 0.5 else [3, 0])]
    for tag, lead in [('', [m]), variants[variant]]:
        ss, ds, S, D = data(lead)
        body += case_lines(G, tag, src, dst, ss, ds, S, D)
        nchecks += len(D)
    body += ['  func.return', '}']
    return body, nchecks


# ------------------------------------------------------------------ complex

def f32_ok_for_eq(p):
    """Nonzero, non-NaN f32 pattern."""
    v = decode(FMTS['f32'], p)
    return v.kind != 'nan' and not (v.kind == 'num' and v.mag == 0)


def f64_ok_for_eq(p):
    v = decode(FMTS['f64'], p)
    return v.kind != 'nan' and not (v.kind == 'num' and v.mag == 0)


def f64_not_snan(p):
    v = decode(FMTS['f64'], p)
    return v.kind != 'nan' or (p >> 51) & 1


def cdense(t, shape, vals):
    return _gen().dense(t, shape, vals)


def c32_pat(z):
    return z[0] | z[1] << 32


def c32_of(p):
    return (p & 0xFFFFFFFF, p >> 32)


def c64_of(p):
    return (p & ((1 << 64) - 1), p >> 64)


def rand_c32_eqsafe(rng):
    """(re, im) f32 patterns, nonzero and non-NaN, whose f64 view im<<32|re
    is nonzero and non-NaN too."""
    G = _gen()
    while True:
        re_ = G.fsample(rng, FMTS['f32']) if rng.random() < 0.6 else rng.randrange(1 << 32)
        im = G.fsample(rng, FMTS['f32']) if rng.random() < 0.6 else rng.randrange(1 << 32)
        if f32_ok_for_eq(re_) and f32_ok_for_eq(im) and f64_ok_for_eq(re_ | im << 32):
            return (re_, im)


C32_SPECIAL_PARTS = [0x80000000, 0x00000000, 0x7F800001, 0xFF800001, 0x7FA00005, 0x7FC00001,
                     0xFFC12345, 0x7F800000, 0xFF800000, 0x00000001, 0x807FFFFF, 0x3F800000]


def cplx_chunks(G, rng):
    out = []
    c32, c64 = 'complex<f32>', 'complex<f64>'
    # NaN-free, zero-free values: expect_eq_const is a bit check
    for src, dst in ((c32, c32), (c64, c64), (c64, c32), (c32, c64)):
        body = ['func.func @bitcast_%s_to_%s() {' % (G.fname(src),
                                                    G.fname(dst))]
        nchk = 0
        for tag, lead in (('', [8]), ('0', []), ('2', [2, 3]), ('z', [0])):
            n = _gen().size(lead)
            if src == dst == c32:
                S = [rand_c32_eqsafe(rng) for _ in range(n)]
                D, ss, ds = S, lead, lead
            else:
                # wide complex<f64> values made of two eq-safe complex<f32>
                halves = [(rand_c32_eqsafe(rng), rand_c32_eqsafe(rng)) for _ in range(n)]
                W = [join([c32_pat(a), c32_pat(b)], 64) for a, b in halves]
                Wz = [c64_of(p) for p in W]
                assert all(f64_ok_for_eq(x) for z in Wz for x in z)
                N = [c32_of(p) for x in W for p in split(x, 128, 64)]
                if src == dst:
                    S, D, ss, ds = Wz, Wz, lead, lead
                elif src == c64:
                    S, D, ss, ds = Wz, N, lead, lead + [2]
                else:
                    S, D, ss, ds = N, Wz, lead + [2], lead
            body.append('  %%a%s = stablehlo.constant %s' % (tag, cdense(src, ss, S)))
            body.append('  %%r%s = stablehlo.bitcast_convert %%a%s : (%s) -> %s' % (
                tag, tag, G.ttype(ss, src), G.ttype(ds, dst)))
            body.append('  check.expect_eq_const %%r%s, %s' % (tag, cdense(dst, ds, D)))
            nchk += len(D)
            if src != dst:  # round trip back to the source, compared with the source literal
                body.append('  %%b%s = stablehlo.bitcast_convert %%r%s : (%s) -> %s' % (
                    tag, tag, G.ttype(ds, dst), G.ttype(ss, src)))
                body.append('  check.expect_eq %%b%s, %%a%s : %s' % (tag, tag, G.ttype(ss, src)))
                nchk += len(S)
        body += ['  func.return', '}']
        out.append((body, nchk))
    # -0 and (signaling) NaN parts, pinned bit for bit: no f64 view on
    # pin()'s route is a signalling NaN, which its convert would quiet
    parts = C32_SPECIAL_PARTS

    def sp_c32(n):
        res = []
        while len(res) < n:
            z = (rng.choice(parts), rng.choice(parts)) if rng.random() < 0.7 else rand_c32_eqsafe(rng)
            if f64_not_snan(c32_pat(z)):
                res.append(z)
        return res

    for src, dst in ((c32, c32), (c32, c64), (c64, c32), (c64, c64)):
        body = ['func.func @bitcast_specials_%s_to_%s() {' % (G.fname(src),
                                                             G.fname(dst))]
        nchk = 0
        n = 12
        if src == c32 and dst == c32:
            S = sp_c32(n)
            D, ss, ds = S, [n], [n]
        else:
            while True:
                Nn = sp_c32(2 * n)
                W = [join([c32_pat(Nn[2 * i]), c32_pat(Nn[2 * i + 1])], 64) for i in range(n)]
                Wz = [c64_of(p) for p in W]
                if all(f64_not_snan(x) for z in Wz for x in z):
                    break
            if src == c32:
                S, D, ss, ds = Nn, Wz, [n, 2], [n]
            elif dst == c32:
                S, D, ss, ds = Wz, Nn, [n], [n, 2]
            else:
                S, D, ss, ds = Wz, Wz, [n], [n]
        body.append('  %%a = stablehlo.constant %s' % cdense(src, ss, S))
        body.append('  %%r = stablehlo.bitcast_convert %%a : (%s) -> %s' % (G.ttype(ss, src), G.ttype(ds, dst)))
        body += G.pin('r', dst, ds, D, 'p')
        nchk += 2 * len(D)
        body += ['  func.return', '}']
        out.append((body, nchk))
    return out


def gen_bitcast(seed):
    G = _gen()
    rng = random.Random(seed)
    out = G.Out('bitcast', 'bitcast_convert between every legal pair of element types '
                '(SPEC 4.32: little-endian value bits; equal widths, splitting, joining; '
                'generated by tests/oracle/gen_bitcast.py).')
    for src in NONCPLX:
        for dst in NONCPLX:
            if not legal(src, dst):
                continue
            body, n = pair_chunk(G, rng, src, dst, (NONCPLX.index(src) + NONCPLX.index(dst)) % 3)
            out.add({'op': 'bitcast_convert', 'src': src, 'dst': dst}, body, n)
    for body, n in cplx_chunks(G, rng):
        out.add({'op': 'bitcast_convert', 'src': 'complex', 'dst': 'complex'}, body, n)
    return out.write()


if __name__ == '__main__':
    import gen
    gen.main(sys.argv[1:] + ['bitcast'])  # gen.py's options (--out DIR, --seed N)
