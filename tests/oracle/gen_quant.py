#!/usr/bin/env python3
"""Writes tests/interpret/quant_*.mlir: quantized types and ops
(docs/quantization.md) on every storage type, per tensor and per axis, with
saturation at the storage bounds and zero points at both ends. Expected
storage values come from a model written here from docs/quantization.md
(REF's lowering: every f32 step rounded by model.py's exact arithmetic,
doubles where the lowering computes in double; dot_general and convolution
by the spec's formula with exact integer accumulation), never from ir-run.
Python standard library only. Usage: python3 tests/oracle/gen_quant.py"""
import itertools
import os
import random
from fractions import Fraction

import model as M

F32 = M.FMTS['f32']
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'interpret')
STORAGE = ['i2', 'i4', 'i8', 'i16', 'i32', 'ui2', 'ui4', 'ui8', 'ui16']

# ------------------------------------------------------------------ f32 steps


def f32(x):
    """A double (or Fraction) rounded to f32 (static_cast<float>)."""
    x = Fraction(x)
    return M.encode(F32, x < 0, abs(x))


def value(p):
    return M.decode(F32, p).value


def fop(op, a, b):
    return M.float_binop(op, F32, a, b)


def clampf(lo, x, hi):
    v = value(x)
    return lo if v < value(lo) else hi if v > value(hi) else x


def width(t):
    return M.int_info(t)[0]


# ------------------------------------------------------------------ the type


class Q:
    def __init__(self, storage, scales, zps, axis=-1, lo=None, hi=None):
        self.storage, self.scales, self.zps, self.axis = storage, scales, zps, axis
        dlo, dhi = M.int_range(storage)
        self.lo = dlo if lo is None else lo
        self.hi = dhi if hi is None else hi
        self.custom = lo is not None

    def text(self):
        s = self.storage
        if self.custom:
            s += '<%d:%d>' % (self.lo, self.hi)
        def p(k):
            return repr(self.scales[k]) + ('' if self.zps[k] == 0 else ':%d' % self.zps[k])
        if self.axis < 0:
            return '!quant.uniform<%s:f32, %s>' % (s, p(0))
        return '!quant.uniform<%s:f32:%d, {%s}>' % (s, self.axis, ','.join(p(k) for k in range(len(self.scales))))

    def key(self):
        return (self.storage, self.lo, self.hi, self.axis, tuple(self.scales), tuple(self.zps))

    def ch(self, idx):
        return 0 if self.axis < 0 else idx[self.axis]


def tt(shape, elem):
    return 'tensor<%s%s>' % (''.join('%dx' % d for d in shape), elem)


def indices(shape):
    return list(itertools.product(*[range(n) for n in shape]))


# ------------------------------------------------------------------ the lowering's arithmetic


def quantize(x, q, c):
    """uniform_quantize of the f32 pattern x, channel c: divide, add, clamp, round, convert."""
    r = fop('divide', x, f32(q.scales[c]))
    r = fop('add', r, f32(q.zps[c]))
    r = clampf(f32(q.lo), r, f32(q.hi))
    r = M.float_unop('round_nearest_even', F32, r)
    return M.convert('f32', q.storage, r)


def dequantize(v, q, c):
    i = M.wrap('i32', M.convert(q.storage, 'i32', v) - q.zps[c])
    return fop('multiply', M.convert('i32', 'f32', i), f32(q.scales[c]))


def requantize(v, qi, qo, to, c):
    if qi.key() == qo.key():
        return M.convert(qi.storage, to, v)
    f = M.convert(qi.storage, 'f32', v)
    per_axis = qi.axis >= 0 or qo.axis >= 0
    n = len(qo.scales) if qo.axis >= 0 else len(qi.scales)

    def at(q, k):
        return (q.scales[0], q.zps[0]) if q.axis < 0 else (q.scales[k], q.zps[k])
    ms, mz = [], []
    for k in range(n):
        (si, zi), (so, zo) = at(qi, k), at(qo, k)
        s = si / so                      # double, as the pass computes
        ms.append(s)
        mz.append(float(zo) - float(zi) * s)
    any_zp = any(value(f32(z)) != 0 for z in mz) if per_axis else mz[0] != 0
    k = c if per_axis else 0
    f = fop('multiply', f, f32(ms[k]))
    if any_zp:
        f = fop('add', f, f32(mz[k]))
    if width(to) < 32:
        f = clampf(f32(qo.lo), f, f32(qo.hi))
    f = M.float_unop('round_nearest_even', F32, f)
    return M.convert('f32', to, f)


def add(a, b, qa, qb, qo, c):
    if qo.axis >= 0:
        return M.wrap('i32', a + b - qo.zps[c])
    s = M.wrap('i32', requantize(a, qa, qo, 'i32', 0) + requantize(b, qb, qo, 'i32', 0))
    s = M.wrap('i32', s - qo.zps[0])
    if qo.storage == 'i32':
        return s
    return M.convert('i32', qo.storage, min(max(s, qo.lo), qo.hi))


# ------------------------------------------------------------------ writing


def nest(items, shape):
    """Element texts laid out as a dense literal of the shape."""
    if shape is None:
        shape = [len(items)]
    if not shape:
        return items[0]
    if len(shape) == 1:
        return '[%s]' % ', '.join(items)
    step = len(items) // shape[0] if shape[0] else 0
    return '[%s]' % ', '.join(nest(items[k * step:(k + 1) * step], shape[1:]) for k in range(shape[0]))


def ints(vs, shape=None):
    return nest([str(v) for v in vs], shape)


def hexes(vs, shape=None):
    return nest(['0x%08X' % v for v in vs], shape)


def rand_f32(rng, lo, hi):
    return f32(rng.uniform(lo, hi))


def rand_scale(rng):
    return float('%.6g' % rng.uniform(0.01, 2.0))


class File:
    def __init__(self, name, about):
        self.name, self.chunks = name, []
        self.head = ('// RUN: ir-run --interpret -split-input-file %%s\n'
                     '// Generated by tests/oracle/gen_quant.py (a model of the lowering in\n'
                     '// docs/quantization.md, never ir-run\'s output); do not edit.\n// %s\n' % about)

    def case(self, fname, comment, body):
        self.chunks.append('// %s\nfunc.func @%s() {\n%s  func.return\n}\n' % (comment, fname, body))

    def write(self):
        with open(os.path.join(OUT, self.name), 'w') as f:
            f.write(self.head + '\n' + '\n// -----\n\n'.join(self.chunks))


def storage_of(var, shape, q, out):
    """bitcast_convert of a quantized value to its storage type, checked."""
    return ('  %%s_%s = stablehlo.bitcast_convert %%%s : (%s) -> %s\n'
            '  check.expect_eq_const %%s_%s, dense<%s> : %s\n' % (
                var, var, tt(shape, q.text()), tt(shape, q.storage), var, ints(out, shape), tt(shape, q.storage)))


def from_storage(var, shape, q, vals):
    return ('  %%%s_i = stablehlo.constant dense<%s> : %s\n'
            '  %%%s = stablehlo.bitcast_convert %%%s_i : (%s) -> %s\n' % (
                var, ints(vals, shape), tt(shape, q.storage), var, var, tt(shape, q.storage), tt(shape, q.text())))


def f32_const(var, shape, ps):
    return '  %%%s = stablehlo.constant dense<%s> : %s\n' % (var, hexes(ps, shape), tt(shape, 'f32'))


def rand_storage(rng, q, n):
    return [rng.randint(q.lo, q.hi) for _ in range(n)]


# ------------------------------------------------------------------ cases


def gen_uniform(rng):
    f = File('quant_uniform.mlir', 'uniform_quantize (f32 -> quantized, quantized -> quantized) and uniform_dequantize')
    for st in STORAGE:
        lo, hi = M.int_range(st)
        for end, zp in (('min', lo), ('max', hi)):
            q = Q(st, [rand_scale(rng)], [zp])
            span = (hi - lo) * q.scales[0]
            xs = [f32(0.0), f32(-0.0), f32(q.scales[0] * 0.5), f32(-q.scales[0] * 2.5)]
            xs += [f32(span * 3), f32(-span * 3), f32(1e30), f32(-1e30)]       # saturation
            xs += [rand_f32(rng, -span, span) for _ in range(8)]
            shape = [len(xs)]
            out = [quantize(x, q, 0) for x in xs]
            f.case('quantize_%s_zp_%s' % (st, end),
                   'uniform_quantize f32 -> %s, zero point at the storage %s, saturating values' % (st, end),
                   f32_const('x', shape, xs) +
                   '  %%q = stablehlo.uniform_quantize %%x : (%s) -> %s\n' % (tt(shape, 'f32'), tt(shape, q.text())) +
                   storage_of('q', shape, q, out))
            vals = sorted({lo, hi, zp} | set(rand_storage(rng, q, 6)))
            shape = [len(vals)]
            res = [dequantize(v, q, 0) for v in vals]
            f.case('dequantize_%s_zp_%s' % (st, end), 'uniform_dequantize %s -> f32, zero point at the storage %s' % (st, end),
                   from_storage('q', shape, q, vals) +
                   '  %%d = stablehlo.uniform_dequantize %%q : (%s) -> %s\n' % (tt(shape, q.text()), tt(shape, 'f32')) +
                   '  %%b = stablehlo.bitcast_convert %%d : (%s) -> %s\n' % (tt(shape, 'f32'), tt(shape, 'ui32')) +
                   '  check.expect_eq_const %%b, dense<%s> : %s\n' % (hexes(res, shape), tt(shape, 'ui32')))
    # a narrowed storage range
    q = Q('i8', [0.25], [3], lo=-100, hi=100)
    xs = [f32(v) for v in (-40.0, -25.0, -24.25, 0.0, 0.125, 0.375, 24.0, 24.5, 40.0)]
    shape = [len(xs)]
    f.case('quantize_narrow_range', 'uniform_quantize into i8<-100:100>: clamped to the range, not to i8\'s',
           f32_const('x', shape, xs) +
           '  %%q = stablehlo.uniform_quantize %%x : (%s) -> %s\n' % (tt(shape, 'f32'), tt(shape, q.text())) +
           storage_of('q', shape, q, [quantize(x, q, 0) for x in xs]))
    # per axis
    for st in ('i8', 'ui8', 'i4', 'i16'):
        for axis in (0, 1):
            shape = [3, 4]
            lo, hi = M.int_range(st)
            n = shape[axis]
            q = Q(st, [rand_scale(rng) for _ in range(n)], [rng.choice([lo, hi, rng.randint(lo, hi)]) for _ in range(n)], axis)
            xs = [rand_f32(rng, -(hi - lo) * 1.5, (hi - lo) * 1.5) for _ in range(12)]
            out = [quantize(x, q, q.ch(i)) for x, i in zip(xs, indices(shape))]
            f.case('quantize_per_axis_%s_%d' % (st, axis), 'uniform_quantize f32 -> %s per axis %d' % (st, axis),
                   f32_const('x', shape, xs) +
                   '  %%q = stablehlo.uniform_quantize %%x : (%s) -> %s\n' % (tt(shape, 'f32'), tt(shape, q.text())) +
                   storage_of('q', shape, q, out))
            vals = rand_storage(rng, q, 12)
            res = [dequantize(v, q, q.ch(i)) for v, i in zip(vals, indices(shape))]
            f.case('dequantize_per_axis_%s_%d' % (st, axis), 'uniform_dequantize %s per axis %d' % (st, axis),
                   from_storage('q', shape, q, vals) +
                   '  %%d = stablehlo.uniform_dequantize %%q : (%s) -> %s\n' % (tt(shape, q.text()), tt(shape, 'f32')) +
                   '  %%b = stablehlo.bitcast_convert %%d : (%s) -> %s\n' % (tt(shape, 'f32'), tt(shape, 'ui32')) +
                   '  check.expect_eq_const %%b, dense<%s> : %s\n' % (hexes(res, shape), tt(shape, 'ui32')))
    # requantization
    pairs = [('i8', 'i8'), ('i8', 'ui4'), ('i16', 'i8'), ('ui8', 'i2'), ('i32', 'i8'), ('i4', 'i16'), ('ui16', 'ui2')]
    for a, b in pairs:
        la, ha = M.int_range(a)
        lb, hb = M.int_range(b)
        qa = Q(a, [rand_scale(rng)], [rng.choice([la, ha, rng.randint(la, ha)])])
        qb = Q(b, [rand_scale(rng)], [rng.choice([lb, hb, rng.randint(lb, hb)])])
        vals = sorted({la, ha} | set(rand_storage(rng, qa, 10)))
        shape = [len(vals)]
        out = [requantize(v, qa, qb, b, 0) for v in vals]
        f.case('requantize_%s_%s' % (a, b), 'uniform_quantize %s -> %s (requantization, clamped to %s)' % (a, b, b),
               from_storage('q', shape, qa, vals) +
               '  %%r = stablehlo.uniform_quantize %%q : (%s) -> %s\n' % (tt(shape, qa.text()), tt(shape, qb.text())) +
               storage_of('r', shape, qb, out))
    q = Q('i8', [0.5], [-3])
    vals = [-128, -3, 0, 127]
    f.case('requantize_same_type', 'uniform_quantize to its own type: the values unchanged',
           from_storage('q', [4], q, vals) +
           '  %%r = stablehlo.uniform_quantize %%q : (%s) -> %s\n' % (tt([4], q.text()), tt([4], q.text())) +
           storage_of('r', [4], q, vals))
    shape = [2, 3]
    for name, qa, qb in (
            ('axis_to_axis', Q('i8', [0.5, 0.25], [-10, 20], 0), Q('i8', [0.125, 1.5], [5, -128], 0)),
            ('tensor_to_axis', Q('i8', [0.3], [7]), Q('ui8', [0.1, 0.7, 0.05], [0, 255, 128], 1)),
            ('axis_to_tensor', Q('i16', [0.01, 0.02, 0.5], [100, -100, 0], 1), Q('i8', [0.2], [-1]))):
        vals = rand_storage(rng, qa, 6)
        out = [requantize(v, qa, qb, qb.storage, (qb if qb.axis >= 0 else qa).ch(i)) for v, i in zip(vals, indices(shape))]
        f.case('requantize_' + name, 'uniform_quantize per-axis requantization: ' + name.replace('_', ' '),
               from_storage('q', shape, qa, vals) +
               '  %%r = stablehlo.uniform_quantize %%q : (%s) -> %s\n' % (tt(shape, qa.text()), tt(shape, qb.text())) +
               storage_of('r', shape, qb, out))
    f.write()


def qdq_case(f, rng, op, st, nargs, model_op, result_elem=None):
    lo, hi = M.int_range(st)
    qs = [Q(st, [rand_scale(rng)], [rng.randint(lo, hi)]) for _ in range(nargs)]
    qo = Q(st, [rand_scale(rng)], [rng.choice([lo, hi, rng.randint(lo, hi)])])
    n = 8
    shape = [n]
    vals = [rand_storage(rng, q, n) for q in qs]
    body = ''.join(from_storage('a%d' % k, shape, q, v) for k, (q, v) in enumerate(zip(qs, vals)))
    args = ', '.join('%%a%d' % k for k in range(nargs))
    in_types = ', '.join(tt(shape, q.text()) for q in qs)
    deq = [[dequantize(v, q, 0) for v in vs] for q, vs in zip(qs, vals)]
    res = [model_op(*[d[i] for d in deq]) for i in range(n)]
    if result_elem == 'i1':
        body += '  %%r = "stablehlo.compare"(%s) {comparison_direction = #stablehlo<comparison_direction GT>} : (%s) -> %s\n' % (
            args, in_types, tt(shape, 'i1'))
        body += '  check.expect_eq_const %%r, dense<%s> : %s\n' % (ints(['true' if r else 'false' for r in res]), tt(shape, 'i1'))
    else:
        body += '  %%r = "stablehlo.%s"(%s) : (%s) -> %s\n' % (op, args, in_types, tt(shape, qo.text()))
        body += storage_of('r', shape, qo, [quantize(r, qo, 0) for r in res])
    f.case('%s_%s' % (op, st), 'stablehlo.%s on %s: dequantized, computed in f32, quantized' % (op, st), body)


def gen_elementwise(rng):
    f = File('quant_elementwise.mlir', 'element-wise ops on quantized tensors: add in integers, the others dequantize/op/quantize')
    for st in STORAGE:
        lo, hi = M.int_range(st)
        qa = Q(st, [rand_scale(rng)], [rng.randint(lo, hi)])
        qb = Q(st, [rand_scale(rng)], [rng.randint(lo, hi)])
        for end, zp in (('min', lo), ('max', hi)):
            qo = Q(st, [rand_scale(rng)], [zp])
            va, vb = rand_storage(rng, qa, 8) + [lo, hi], rand_storage(rng, qb, 8) + [lo, hi]
            shape = [10]
            out = [add(a, b, qa, qb, qo, 0) for a, b in zip(va, vb)]
            f.case('add_%s_zp_%s' % (st, end), 'stablehlo.add on %s: both operands requantized to the result in i32, zero point at the storage %s' % (st, end),
                   from_storage('a', shape, qa, va) + from_storage('b', shape, qb, vb) +
                   '  %%r = stablehlo.add %%a, %%b : (%s, %s) -> %s\n' % (tt(shape, qa.text()), tt(shape, qb.text()), tt(shape, qo.text())) +
                   storage_of('r', shape, qo, out))
    q = Q('i32', [0.5, 0.25], [3, -7], 0)
    shape = [2, 3]
    va, vb = rand_storage(rng, Q('i16', [1], [0]), 6), rand_storage(rng, Q('i16', [1], [0]), 6)
    out = [add(a, b, q, q, q, q.ch(i)) for a, b, i in zip(va, vb, indices(shape))]
    f.case('add_per_axis_i32', 'stablehlo.add per axis (i32 storage, one type): lhs + rhs - zero point',
           from_storage('a', shape, q, va) + from_storage('b', shape, q, vb) +
           '  %%r = stablehlo.add %%a, %%b : %s\n' % tt(shape, q.text()) + storage_of('r', shape, q, out))
    ops = [('multiply', 2, lambda a, b: fop('multiply', a, b)), ('subtract', 2, lambda a, b: fop('subtract', a, b)),
           ('divide', 2, lambda a, b: fop('divide', a, b)), ('maximum', 2, lambda a, b: fop('maximum', a, b)),
           ('minimum', 2, lambda a, b: fop('minimum', a, b)), ('negate', 1, lambda a: M.float_unop('negate', F32, a)),
           ('abs', 1, lambda a: M.float_unop('abs', F32, a)), ('floor', 1, lambda a: M.float_unop('floor', F32, a))]
    for op, n, fn in ops:
        for st in ('i8', 'ui8', 'i4', 'i16'):
            qdq_case(f, rng, op, st, n, fn)
    for st in ('i8', 'ui4'):
        qdq_case(f, rng, 'compare', st, 2, lambda a, b: value(a) > value(b), 'i1')
    # select: predicate plain, the two cases quantized
    q1, q2, qo = Q('i8', [0.5], [2]), Q('i8', [0.25], [-5]), Q('i8', [0.75], [10])
    va, vb = rand_storage(rng, q1, 6), rand_storage(rng, q2, 6)
    pred = [rng.random() < 0.5 for _ in range(6)]
    res = [dequantize(a, q1, 0) if p else dequantize(b, q2, 0) for p, a, b in zip(pred, va, vb)]
    shape = [6]
    f.case('select_i8', 'stablehlo.select on quantized cases: dequantized, selected, quantized',
           '  %%p = stablehlo.constant dense<%s> : %s\n' % (ints(['true' if p else 'false' for p in pred]), tt(shape, 'i1')) +
           from_storage('a', shape, q1, va) + from_storage('b', shape, q2, vb) +
           '  %%r = stablehlo.select %%p, %%a, %%b : (%s, %s, %s) -> %s\n' % (tt(shape, 'i1'), tt(shape, q1.text()), tt(shape, q2.text()), tt(shape, qo.text())) +
           storage_of('r', shape, qo, [quantize(r, qo, 0) for r in res]))
    f.write()


def gen_layout(rng):
    f = File('quant_layout.mlir', 'layout and indexing ops on quantized tensors: the storage values moved, the type kept')
    q = Q('i8', [0.5], [-20])
    qa = Q('i8', [0.5, 0.25, 2.0], [1, 2, 3], 1)
    for name, qq in (('per_tensor', q), ('per_axis', qa)):
        vals = rand_storage(rng, qq, 6)
        shape = [2, 3]
        t = tt(shape, qq.text())
        # transpose
        qt = Q(qq.storage, qq.scales, qq.zps, 0 if qq.axis == 1 else qq.axis)
        tr = [vals[i * 3 + j] for j in range(3) for i in range(2)]
        f.case('transpose_' + name, 'stablehlo.transpose of a quantized tensor (' + name.replace('_', ' ') + ')',
               from_storage('a', shape, qq, vals) +
               '  %%r = stablehlo.transpose %%a, dims = [1, 0] : (%s) -> %s\n' % (t, tt([3, 2], qt.text())) +
               storage_of('r', [3, 2], qt, tr))
        # slice
        f.case('slice_' + name, 'stablehlo.slice of a quantized tensor (' + name.replace('_', ' ') + ')',
               from_storage('a', shape, qq, vals) +
               '  %%r = stablehlo.slice %%a [1:2, 0:3] : (%s) -> %s\n' % (t, tt([1, 3], qq.text())) +
               storage_of('r', [1, 3], qq, vals[3:]))
        # concatenate
        vb = rand_storage(rng, qq, 6)
        f.case('concatenate_' + name, 'stablehlo.concatenate of quantized tensors (' + name.replace('_', ' ') + ')',
               from_storage('a', shape, qq, vals) + from_storage('b', shape, qq, vb) +
               '  %%r = stablehlo.concatenate %%a, %%b, dim = 0 : (%s, %s) -> %s\n' % (t, t, tt([4, 3], qq.text())) +
               storage_of('r', [4, 3], qq, vals + vb))
        # broadcast_in_dim
        qb = Q(qq.storage, qq.scales, qq.zps, 2 if qq.axis == 1 else qq.axis)
        bc = [vals[i * 3 + k] for i in range(2) for _ in range(2) for k in range(3)]
        f.case('broadcast_in_dim_' + name, 'stablehlo.broadcast_in_dim of a quantized tensor (' + name.replace('_', ' ') + ')',
               from_storage('a', shape, qq, vals) +
               '  %%r = stablehlo.broadcast_in_dim %%a, dims = [0, 2] : (%s) -> %s\n' % (t, tt([2, 2, 3], qb.text())) +
               storage_of('r', [2, 2, 3], qb, bc))
    # reshape (per tensor only: a per-axis type's dimension would move)
    vals = rand_storage(rng, q, 6)
    f.case('reshape', 'stablehlo.reshape of a quantized tensor',
           from_storage('a', [2, 3], q, vals) +
           '  %%r = stablehlo.reshape %%a : (%s) -> %s\n' % (tt([2, 3], q.text()), tt([3, 2], q.text())) +
           storage_of('r', [3, 2], q, vals))
    # pad with a quantized padding value
    vals = rand_storage(rng, q, 3)
    f.case('pad', 'stablehlo.pad of a quantized tensor with a quantized padding value',
           from_storage('a', [3], q, vals) + from_storage('p', [], q, [-20]) +
           '  %%r = stablehlo.pad %%a, %%p, low = [1], high = [2], interior = [1] : (%s, %s) -> %s\n' % (
               tt([3], q.text()), tt([], q.text()), tt([8], q.text())) +
           storage_of('r', [8], q, [-20, vals[0], -20, vals[1], -20, vals[2], -20, -20]))
    # gather rows
    vals = rand_storage(rng, q, 12)
    idx = [2, 0, 3]
    out = [vals[i * 3 + k] for i in idx for k in range(3)]
    f.case('gather', 'stablehlo.gather of rows of a quantized tensor',
           from_storage('a', [4, 3], q, vals) +
           '  %%i = stablehlo.constant dense<%s> : tensor<3x1xi32>\n' % ints([[i] for i in idx]).replace("'", '') +
           '  %%r = "stablehlo.gather"(%%a, %%i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], '
           'start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (%s, tensor<3x1xi32>) -> %s\n' % (
               tt([4, 3], q.text()), tt([3, 3], q.text())) +
           storage_of('r', [3, 3], q, out))
    # reduce_window with a quantized maximum in its body (dequantize/max/quantize there)
    vals = rand_storage(rng, q, 6)
    s = lambda v: dequantize(v, q, 0)
    init = -128
    # the body runs max(acc, x) on quantized scalars: acc starts at init, each
    # step dequantizes both, takes the f32 maximum and quantizes it
    win = []
    for j in range(5):
        acc = init
        for k in (j, j + 1):
            acc = quantize(fop('maximum', s(acc), s(vals[k])), q, 0)
        win.append(acc)
    qs = tt([], q.text())
    f.case('reduce_window_max', 'stablehlo.reduce_window whose body is a quantized maximum',
           from_storage('a', [6], q, vals) + from_storage('z', [], q, [init]) +
           '  %%r = "stablehlo.reduce_window"(%%a, %%z) ({\n'
           '  ^bb0(%%x: %s, %%y: %s):\n'
           '    %%m = stablehlo.maximum %%x, %%y : %s\n'
           '    stablehlo.return %%m : %s\n'
           '  }) {window_dimensions = array<i64: 2>} : (%s, %s) -> %s\n' % (qs, qs, qs, qs, tt([6], q.text()), qs, tt([5], q.text())) +
           storage_of('r', [5], q, win))
    f.write()


def dot_case(f, rng, name, comment, lq, rq, oq, sa, sb, lb, rb, lc, rc):
    A = rand_storage(rng, lq, prod(sa))
    B = rand_storage(rng, rq, prod(sb))
    lf = [d for d in range(len(sa)) if d not in lb and d not in lc]
    rf = [d for d in range(len(sb)) if d not in rb and d not in rc]
    rshape = [sa[d] for d in lb] + [sa[d] for d in lf] + [sb[d] for d in rf]
    # which result dimension the rhs's per-axis scales go along
    raxis = -1
    if rq.axis >= 0:
        raxis = (rb.index(rq.axis) if rq.axis in rb else len(lb) + len(lf) + rf.index(rq.axis))
    out = []
    for idx in indices(rshape):
        u, v = [0] * len(sa), [0] * len(sb)
        for k in range(len(lb)):
            u[lb[k]] = v[rb[k]] = idx[k]
        for k, d in enumerate(lf):
            u[d] = idx[len(lb) + k]
        for k, d in enumerate(rf):
            v[d] = idx[len(lb) + len(lf) + k]
        acc = 0
        for c in indices([sa[d] for d in lc]):
            for k in range(len(lc)):
                u[lc[k]] = v[rc[k]] = c[k]
            a = A[flat(u, sa)] - lq.zps[0]
            b = B[flat(v, sb)] - rq.zps[rq.ch(v)]
            acc = M.wrap('i32', acc + a * b)
        ch = idx[raxis] if raxis >= 0 else 0
        accq = Q('i32', [lq.scales[0] * s for s in rq.scales], [0] * len(rq.scales), raxis)
        out.append(requantize(acc, accq, oq, oq.storage, ch if raxis >= 0 else (idx[oq.axis] if oq.axis >= 0 else 0)))
    f.case(name, comment,
           from_storage('a', sa, lq, A) + from_storage('b', sb, rq, B) +
           '  %%r = stablehlo.dot_general %%a, %%b, batching_dims = %s x %s, contracting_dims = %s x %s : (%s, %s) -> %s\n' % (
               lb, rb, lc, rc, tt(sa, lq.text()), tt(sb, rq.text()), tt(rshape, oq.text())) +
           storage_of('r', rshape, oq, out))


def prod(s):
    p = 1
    for d in s:
        p *= d
    return p


def flat(idx, shape):
    r = 0
    for i, n in zip(idx, shape):
        r = r * n + i
    return r


def gen_control(rng):
    f = File('quant_control.mlir', 'quantized ops inside the bodies of if and while (lowered where they stand)')
    q, qo = Q('i8', [0.25], [-7]), Q('i8', [0.5], [3])
    vals = rand_storage(rng, q, 4)
    d = [dequantize(v, q, 0) for v in vals]
    for branch, pred in (('true', True), ('false', False)):
        if pred:
            res = [dequantize(quantize(fop('multiply', x, x), qo, 0), qo, 0) for x in d]
        else:
            res = [fop('add', x, x) for x in d]
        t, tq, to = tt([4], 'f32'), tt([4], q.text()), tt([4], qo.text())
        f.case('if_' + branch, 'stablehlo.if whose branches dequantize, multiply quantized values and requantize (%s taken)' % branch,
               from_storage('a', [4], q, vals) +
               '  %%p = stablehlo.constant dense<%s> : tensor<i1>\n' % branch +
               '  %%r = "stablehlo.if"(%%p) ({\n'
               '    %%m = stablehlo.multiply %%a, %%a : (%s, %s) -> %s\n'
               '    %%d = stablehlo.uniform_dequantize %%m : (%s) -> %s\n'
               '    stablehlo.return %%d : %s\n'
               '  }, {\n'
               '    %%d = stablehlo.uniform_dequantize %%a : (%s) -> %s\n'
               '    %%s = stablehlo.add %%d, %%d : %s\n'
               '    stablehlo.return %%s : %s\n'
               '  }) : (tensor<i1>) -> %s\n' % (tq, tq, to, to, t, t, tq, t, t, t, t) +
               '  %%b = stablehlo.bitcast_convert %%r : (%s) -> %s\n' % (t, tt([4], 'ui32')) +
               '  check.expect_eq_const %%b, dense<%s> : %s\n' % (hexes(res), tt([4], 'ui32')))
    # a fake-quantization loop: x = dequantize(quantize(x * 1.5)) three times
    xs = [rand_f32(rng, -10, 10) for _ in range(4)]
    q = Q('i8', [0.3], [5])
    cur = list(xs)
    for _ in range(3):
        cur = [dequantize(quantize(fop('multiply', x, f32(1.5)), q, 0), q, 0) for x in cur]
    t, tq = tt([4], 'f32'), tt([4], q.text())
    f.case('while_fake_quant', 'stablehlo.while whose body quantizes and dequantizes its f32 value (3 iterations)',
           f32_const('x', [4], xs) +
           '  %%k0 = stablehlo.constant dense<0> : tensor<i32>\n'
           '  %%r:2 = stablehlo.while(%%k = %%k0, %%v = %%x) : tensor<i32>, %s\n'
           '  cond {\n'
           '    %%n = stablehlo.constant dense<3> : tensor<i32>\n'
           '    %%c = stablehlo.compare LT, %%k, %%n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n'
           '    stablehlo.return %%c : tensor<i1>\n'
           '  } do {\n'
           '    %%one = stablehlo.constant dense<1> : tensor<i32>\n'
           '    %%k1 = stablehlo.add %%k, %%one : tensor<i32>\n'
           '    %%h = stablehlo.constant dense<1.5> : %s\n'
           '    %%m = stablehlo.multiply %%v, %%h : %s\n'
           '    %%q = stablehlo.uniform_quantize %%m : (%s) -> %s\n'
           '    %%d = stablehlo.uniform_dequantize %%q : (%s) -> %s\n'
           '    stablehlo.return %%k1, %%d : tensor<i32>, %s\n'
           '  }\n' % (t, t, t, t, tq, tq, t, t) +
           '  %%b = stablehlo.bitcast_convert %%r#1 : (%s) -> %s\n' % (t, tt([4], 'ui32')) +
           '  check.expect_eq_const %%b, dense<%s> : %s\n' % (hexes(cur), tt([4], 'ui32')))
    f.write()


def gen_per_axis(rng):
    f = File('quant_per_axis.mlir', 'the dequantize/op/quantize ops on per-axis types (per channel scales and zero points)')
    shape = [3, 2]
    ins = [Q('i8', [0.5, 0.25], [-3, 100], 1), Q('ui8', [0.1, 0.2], [0, 255], 1)]
    outs = [Q('i8', [0.75, 0.125], [-128, 127], 1), Q('i8', [0.3], [2]), Q('i16', [0.01, 0.02, 0.04], [5, -5, 0], 0)]
    for qa in ins:
        for qo in outs:
            for op, fn in (('multiply', lambda a, b: fop('multiply', a, b)), ('subtract', lambda a, b: fop('subtract', a, b)),
                           ('maximum', lambda a, b: fop('maximum', a, b))):
                va, vb = rand_storage(rng, qa, 6), rand_storage(rng, qa, 6)
                res = []
                for a, b, i in zip(va, vb, indices(shape)):
                    r = fn(dequantize(a, qa, qa.ch(i)), dequantize(b, qa, qa.ch(i)))
                    res.append(quantize(r, qo, qo.ch(i)))
                name = '%s_%s_to_%s_%s' % (op, qa.storage, qo.storage, 'axis%d' % qo.axis if qo.axis >= 0 else 'tensor')
                t, to = tt(shape, qa.text()), tt(shape, qo.text())
                f.case(name, 'stablehlo.%s on a per-axis %s into %s' % (op, qa.storage, qo.text()),
                       from_storage('a', shape, qa, va) + from_storage('b', shape, qa, vb) +
                       '  %%r = stablehlo.%s %%a, %%b : (%s, %s) -> %s\n' % (op, t, t, to) + storage_of('r', shape, qo, res))
        va = rand_storage(rng, qa, 6)
        d = [dequantize(a, qa, qa.ch(i)) for a, i in zip(va, indices(shape))]
        res = [value(x) < 0 for x in d]
        f.case('compare_%s_per_axis' % qa.storage, 'stablehlo.compare LT 0 on a per-axis %s' % qa.storage,
               from_storage('a', shape, qa, va) +
               '  %%z = stablehlo.constant dense<0.0> : %s\n' % tt(shape, 'f32') +
               '  %%r = stablehlo.compare LT, %%a, %%z : (%s, %s) -> %s\n' % (tt(shape, qa.text()), tt(shape, 'f32'), tt(shape, 'i1')) +
               '  check.expect_eq_const %%r, dense<%s> : %s\n' % (ints(['true' if r else 'false' for r in res], shape), tt(shape, 'i1')))
    f.write()


def gen_dot(rng):
    f = File('quant_dot.mlir', 'dot_general and convolution on quantized tensors: integer accumulation (the spec\'s formula), hybrid ops')
    lq, rq = Q('i8', [0.02], [-3]), Q('i8', [0.05], [4])
    acc = Q('i32', [0.02 * 0.05], [0])
    dot_case(f, rng, 'dot_general_i32', 'dot_general i8 x i8 -> i32 at scale lhs*rhs: the exact integer sums of (lhs - zp)(rhs - zp)',
             lq, rq, acc, [2, 5], [5, 3], [], [], [1], [0])
    dot_case(f, rng, 'dot_general_i8', 'dot_general i8 x i8 -> i8: the sums requantized (clamped at the storage bounds)',
             lq, rq, Q('i8', [0.01], [127]), [2, 5], [5, 3], [], [], [1], [0])
    dot_case(f, rng, 'dot_general_batch', 'dot_general with a batch dimension, ui8 x i4 -> i16',
             Q('ui8', [0.1], [128]), Q('i4', [0.5], [-8]), Q('i16', [0.07], [-32768]), [2, 3, 4], [2, 4, 2], [0], [0], [2], [1])
    dot_case(f, rng, 'dot_general_per_axis', 'dot_general with a per-axis rhs (along its free dimension) and a per-axis result',
             lq, Q('i8', [0.05, 0.1, 0.2], [0, 0, 0], 1), Q('i32', [0.001, 0.002, 0.004], [0, 0, 0], 1), [2, 5], [5, 3], [], [], [1], [0])
    dot_case(f, rng, 'dot_general_per_axis_to_tensor', 'dot_general with a per-axis rhs and a per-tensor i8 result',
             lq, Q('i8', [0.05, 0.1, 0.2], [1, -2, 3], 1), Q('i8', [0.003], [-5]), [2, 5], [5, 3], [], [], [1], [0])
    # hybrid: f32 lhs, quantized rhs, f32 result
    rq = Q('i8', [0.05], [4])
    A = [rand_f32(rng, -2, 2) for _ in range(6)]
    B = rand_storage(rng, rq, 6)
    D = [dequantize(v, rq, 0) for v in B]
    _, R = M.dot_general('f32', 'f32', 'f32', A, D, [2, 3], [3, 2], [], [], [1], [0])
    f.case('dot_general_hybrid', 'dot_general with an f32 lhs and a quantized rhs: f32 on the dequantized rhs',
           f32_const('a', [2, 3], A) + from_storage('b', [3, 2], rq, B) +
           '  %%r = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : (%s, %s) -> %s\n' % (
               tt([2, 3], 'f32'), tt([3, 2], rq.text()), tt([2, 2], 'f32')) +
           '  %%b2 = stablehlo.bitcast_convert %%r : (%s) -> %s\n' % (tt([2, 2], 'f32'), tt([2, 2], 'ui32')) +
           '  check.expect_eq_const %%b2, dense<%s> : %s\n' % (hexes(R, [2, 2]), tt([2, 2], 'ui32')))
    # convolution: 1-D, [b, 0, f] x [0, i, o] -> [b, 0, f], padding 1 each side (zero in the centred values)
    for name, lq, kq, oq in (
            ('per_tensor', Q('i8', [0.1], [-128]), Q('i8', [0.2], [3]), Q('i8', [0.05], [10])),
            ('per_axis', Q('ui8', [0.1], [100]), Q('i8', [0.2, 0.4], [0, 0], 2), Q('i32', [0.02, 0.04], [0, 0], 2))):
        N, W, C, K, O = 1, 5, 2, 3, 2
        X = rand_storage(rng, lq, N * W * C)
        Kv = rand_storage(rng, kq, K * C * O)
        OW = W + 2 - K + 1
        out = []
        for b in range(N):
            for w in range(OW):
                for o in range(O):
                    acc = 0
                    for k in range(K):
                        x = w + k - 1
                        if x < 0 or x >= W:
                            continue
                        for c in range(C):
                            a = X[(b * W + x) * C + c] - lq.zps[0]
                            kk = Kv[(k * C + c) * O + o] - kq.zps[o if kq.axis >= 0 else 0]
                            acc = M.wrap('i32', acc + a * kk)
                    accq = Q('i32', [lq.scales[0] * s for s in kq.scales], [0] * len(kq.scales), 2 if kq.axis >= 0 else -1)
                    out.append(requantize(acc, accq, oq, oq.storage, o))
        f.case('convolution_' + name, 'convolution 1-D, padding 1, quantized ' + name.replace('_', ' ') + ': integer accumulation',
               from_storage('a', [N, W, C], lq, X) + from_storage('k', [K, C, O], kq, Kv) +
               '  %%r = stablehlo.convolution(%%a, %%k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]]} '
               '{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (%s, %s) -> %s\n' % (
                   tt([N, W, C], lq.text()), tt([K, C, O], kq.text()), tt([N, OW, O], oq.text())) +
               storage_of('r', [N, OW, O], oq, out))
    f.write()


def main():
    rng = random.Random(34)
    gen_uniform(rng)
    gen_elementwise(rng)
    gen_layout(rng)
    gen_dot(rng)
    gen_control(rng)
    gen_per_axis(random.Random(35))


if __name__ == '__main__':
    main()
