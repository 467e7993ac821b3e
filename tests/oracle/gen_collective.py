#!/usr/bin/env python3
"""Golden tests for the distributed ops of SPEC 9.6 (issue 15).

Writes tests/interpret/collective_*.mlir: interpreter.run_parallel with
replica_id, partition_id, all_reduce, all_gather, all_to_all,
reduce_scatter, collective_permute, collective_broadcast,
collective_reduce, send/recv and infeed/outfeed, on every element type.
Expected values come from the model below (process groups of 9.6.2 and the
semantics of 9.6.3-9.6.12 written from SPEC, element arithmetic from
model.py through control_ir.binop), never from ir-run.

    python3 tests/oracle/gen_collective.py

Python 3 standard library only.
"""

import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
import control_ir as ci  # noqa: E402
import gen_control as gc  # noqa: E402
from model import FMTS  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret')
SEED = 20261124
TYPES = gc.TYPES
CPLX = gen.CPLX

# ------------------------------------------------------------------ tensors
# a tensor is (shape list, flat list of element values in row-major order)


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def strides(shape):
    s, acc = [], 1
    for d in reversed(shape):
        s.append(acc)
        acc *= d
    return list(reversed(s))


def index_of(shape, flat):
    idx = []
    for st in strides(shape):
        idx.append(flat // st if st else 0)
        flat = flat % st if st else 0
    return idx


def concat(parts, dim):
    """Concatenation along dim (SPEC 4.36)."""
    shape = list(parts[0][0])
    shape[dim] = sum(p[0][dim] for p in parts)
    out = []
    for flat in range(count(shape)):
        idx = index_of(shape, flat)
        k, at = 0, idx[dim]
        while at >= parts[k][0][dim]:
            at -= parts[k][0][dim]
            k += 1
        ps, pv = parts[k]
        j = idx[:]
        j[dim] = at
        out.append(pv[sum(a * b for a, b in zip(j, strides(ps)))])
    return shape, out


def part(t, dim, nparts, j):
    """Part j of t split into nparts equal parts along dim."""
    shape, vals = t
    ps = list(shape)
    ps[dim] //= nparts
    out = []
    for flat in range(count(ps)):
        idx = index_of(ps, flat)
        idx[dim] += j * ps[dim]
        out.append(vals[sum(a * b for a, b in zip(idx, strides(shape)))])
    return ps, out


def zero(t):
    return (0, 0) if t in CPLX else 0  # +0 (every format), 0, false, (+0, +0)


# ------------------------------------------------------------------ groups (SPEC 9.6.2)

FIRST_ROW = ('all_reduce', 'all_gather', 'reduce_scatter', 'collective_reduce')


def strategy(op, channel, use_global):
    if channel <= 0:
        return 'cross_replica'
    if op not in FIRST_ROW:
        return 'cross_partition'
    return 'flattened_ids' if use_global else 'cross_replica_and_partition'


def process_groups(op, R, P, groups, channel=0, use_global=False):
    """Every group as a list of process ids (r * P + p), in produced order."""
    s = strategy(op, channel, use_global)
    out = []
    for g in groups:
        g = [i for i in g if i != -1]
        if s == 'cross_replica':
            for p in range(P):
                out.append([r * P + p for r in g])
        elif s == 'cross_partition':
            for r in range(R):
                out.append([r * P + p for p in g])
        elif s == 'cross_replica_and_partition':
            out.append([r * P + p for p in range(P) for r in g])
        else:
            out.append(list(g))
    return out


def mesh_flatten(axes, device_ids, listed):
    """REF's flattening of replica_group_mesh_axes (SPEC 9.6.2): axes are
    (name, size) in mesh order, device_ids row-major over them; transpose
    so that the unlisted axes come first (mesh order) and the listed last
    (listed order), flatten, cut into runs of the listed sizes' product."""
    names = [a for a, _ in axes]
    size = dict(axes)
    order = [a for a in names if a not in listed] + list(listed)
    shape = [size[a] for a in names]
    flat = []
    for k in range(count(shape)):
        digits = index_of([size[a] for a in order], k)   # index in the transposed grid
        at = [digits[order.index(a)] for a in names]      # the same device in mesh order
        flat.append(device_ids[sum(i * st for i, st in zip(at, strides(shape)))])
    run = 1
    for a in listed:
        run *= size[a]
    return [flat[i:i + run] for i in range(0, len(flat), run)]


def mesh_attr(axes, device_ids, listed):
    return ('replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [%s]%s>, '
            'axes = [%s]>' % (
                ', '.join('#stablehlo.mesh_axis<name = "%s", size = %d>' % a for a in axes),
                '' if device_ids is None else ', device_ids = dense<[%s]> : tensor<%dxi64>' % (
                    ', '.join(str(d) for d in device_ids), len(device_ids)),
                ', '.join('#stablehlo.axis_ref<name = "%s">' % a for a in listed)))


def group_of(pid, groups):
    for g in groups:
        if pid in g:
            return g
    return None


# ------------------------------------------------------------------ element combining

def combine(op, t, a, b):
    if op == 'body2':   # the two-op body: add(multiply(a, b), b)
        return ci.binop('add', t, ci.binop('multiply', t, a, b), b)
    if op == 'body_max':  # compare + select: a if a > b else b
        return a if ci.compare('GT', gc.ctype_of(t), t, a, b) else b
    return ci.binop(op, t, a, b)


def fold(op, t, vals):
    acc = vals[0]
    for v in vals[1:]:
        acc = combine(op, t, acc, v)
    return acc


def fold_tensors(op, t, ts):
    """Element-wise fold of tensors in the given order (9.6.4)."""
    shape = ts[0][0]
    return shape, [fold(op, t, [x[1][i] for x in ts]) for i in range(count(shape))]


# ------------------------------------------------------------------ text

def T(t, shape):
    return gen.ttype(list(shape), t)


def region(op, t):
    s = T(t, [])
    lines = ['({', '      ^bb0(%a: ' + s + ', %b: ' + s + '):']
    if op == 'body2':
        lines += ['        %m = stablehlo.multiply %a, %b : ' + s,
                  '        %s = stablehlo.add %m, %b : ' + s]
    elif op == 'body_max':
        lines += ['        %c = stablehlo.compare GT, %a, %b, ' + gc.ctype_of(t) + ' : (' + s + ', ' + s
                  + ') -> tensor<i1>',
                  '        %s = stablehlo.select %c, %a, %b : tensor<i1>, ' + s]
    elif op == 'body_copy':  # a body the region executor runs once per element
        lines += ['        %x = stablehlo.transpose %a, dims = [] : (' + s + ') -> ' + s,
                  '        %s = stablehlo.add %x, %b : ' + s]
    else:
        lines += ['        %%s = stablehlo.%s %%a, %%b : %s' % (op, s)]
    lines += ['        stablehlo.return %s : ' + s, '    })']
    return '\n'.join(lines)


def groups_attr(groups):
    if not groups:
        return 'dense<> : tensor<0x0xi64>'
    w = max(len(g) for g in groups)
    rows = [g + [-1] * (w - len(g)) for g in groups]
    if w == 0:
        return 'dense<> : tensor<%dx0xi64>' % len(groups)
    return 'dense<[%s]> : tensor<%dx%dxi64>' % (
        ', '.join('[' + ', '.join(str(x) for x in r) + ']' for r in rows), len(rows), w)


def channel_attr(channel):
    return '#stablehlo.channel_handle<handle = %d, type = 1>' % channel


class Chunk:
    """One module: programs, a main that runs them in a grid and pins every
    result."""

    def __init__(self, name, comment):
        self.name = name
        self.comment = comment
        self.funcs = []
        self.main = []
        self.nconst = 0

    def const(self, t, shape, vals):
        self.nconst += 1
        name = 'x%d' % self.nconst
        self.main.append('    %%%s = stablehlo.constant %s' % (name, gen.dense(t, list(shape), vals)))
        return '%' + name

    def run(self, programs, args, arg_types, results):
        """programs: rows of function names; args: operand names; results:
        list of (type, shape, expected values)."""
        n = len(results)
        res = '%r' if n == 1 else '%%r:%d' % n
        self.main.append('    %s = "interpreter.run_parallel"(%s) {programs = [%s]} : (%s) -> (%s)' % (
            res, ', '.join(args),
            ', '.join('[' + ', '.join('@' + f for f in row) + ']' for row in programs),
            ', '.join(arg_types), ', '.join(T(t, s) for t, s, _ in results)))
        for k, (t, s, vals) in enumerate(results):
            name = 'r' if n == 1 else 'r#%d' % k
            for line in gen.pin(name, t, list(s), vals, tag='p%d' % k):
                self.main.append('  ' + line)

    def text(self):
        out = ['// ' + line for line in self.comment.split('\n')]
        out.append('module @%s {' % self.name)
        out += self.funcs
        out.append('  func.func @main() {')
        out += self.main
        out.append('    func.return')
        out.append('  }')
        out.append('}')
        return '\n'.join(out)


class File:
    def __init__(self, name, header):
        self.name = name
        self.header = header
        self.chunks = []

    def write(self):
        head = ('// RUN: ir-run --interpret -split-input-file %s\n'
                '// Generated by tests/oracle/gen_collective.py (model: gen_collective.py, model.py);\n'
                '// do not edit. ' + self.header.replace('\n', '\n// ') + '\n\n')
        path = os.path.join(OUT, 'collective_%s.mlir' % self.name)
        with open(path, 'w') as fh:
            fh.write(head + '\n\n// -----\n\n'.join(c.text() for c in self.chunks) + '\n')
        print('%-34s %3d chunks %7d bytes' % (os.path.basename(path), len(self.chunks), os.path.getsize(path)))


def values(rng, t, n):
    return gc.vec(rng, t, n) if n else []


def op_call(op, operands, in_types, out_types, attrs, body=None):
    return '    %%r%s = "stablehlo.%s"(%s) %s{%s} : (%s) -> (%s)' % (
        '' if len(out_types) == 1 else ':%d' % len(out_types), op, ', '.join(operands),
        (body + ' ') if body else '', ', '.join(attrs), ', '.join(in_types), ', '.join(out_types))


def spmd_func(name, in_types, out_types, body_lines):
    args = ', '.join('%%a%d: %s' % (i, t) for i, t in enumerate(in_types))
    rets = ', '.join(out_types)
    n = len(out_types)
    rnames = ['%r'] if n == 1 else ['%%r#%d' % k for k in range(n)]
    return ['  func.func @%s(%s) -> (%s) {' % (name, args, rets)] + body_lines + [
        '    return %s : %s' % (', '.join(rnames), rets), '  }']


def grid_case(f, name, comment, R, P, op, in_specs, out_shapes, attrs, model_fn, body_op=None, rng=None):
    """One SPMD chunk: every process of an R x P grid runs @f(x...) =
    op(x...); in_specs: [(type, shape)] per operand; model_fn(inputs) ->
    per process list of output tensors."""
    ch = Chunk(name, comment)
    in_types = [T(t, s) for t, s in in_specs]
    out_types = [T(t, s) for (t, _), s in zip(in_specs, out_shapes)]
    body = region(body_op, in_specs[0][0]) if body_op else None
    ch.funcs += spmd_func('f', in_types, out_types,
                          [op_call(op, ['%%a%d' % i for i in range(len(in_specs))], in_types, out_types, attrs,
                                   body)])
    inputs, args, arg_types = [], [], []
    for pid in range(R * P):
        xs = []
        for t, s in in_specs:
            v = values(rng, t, count(s))
            xs.append((list(s), v))
            args.append(ch.const(t, s, v))
            arg_types.append(T(t, s))
        inputs.append(xs)
    outs = model_fn(inputs)
    results = []
    for pid in range(R * P):
        for k, (t, _) in enumerate(in_specs):
            shape, vals = outs[pid][k]
            assert list(shape) == list(out_shapes[k]), (name, shape, out_shapes[k])
            results.append((t, shape, vals))
    ch.run([['f'] * P for _ in range(R)], args, arg_types, results)
    f.chunks.append(ch)
    return inputs, outs


# ------------------------------------------------------------------ all_reduce

def model_all_reduce(op, R, P, groups, channel, use_global, body_op, ts, kind='all_reduce'):
    def fn(inputs):
        gs = process_groups(kind, R, P, groups, channel, use_global)
        outs = []
        for pid in range(R * P):
            g = group_of(pid, gs)
            members = sorted(g)
            outs.append([fold_tensors(body_op, ts[k], [inputs[m][k] for m in members])
                         for k in range(len(ts))])
        return outs
    return fn


def coll_attrs(groups, channel=None, use_global=False, extra=()):
    a = list(extra)
    a.append('replica_groups = ' + groups_attr(groups))
    if channel is not None:
        a.append('channel_handle = ' + channel_attr(channel))
    if use_global:
        a.append('use_global_device_ids')
    return a


def body_for(t):
    return 'or' if t == 'i1' else 'add'


def order_sensitive_f8(rng, t, n, listed):
    """n values of float type t (one per process) whose fold in ascending
    process order differs from the fold in the listed order and from the
    reverse order: the combination order decides the bits (decision 43)."""
    f = FMTS[t]
    for _ in range(20000):
        v = [rng.randrange(f.mask + 1) for _ in range(n)]
        if any(model.decode(f, x).kind != 'num' for x in v):
            continue
        asc = fold('add', t, v)
        lst = fold('add', t, [v[i] for i in listed])
        rev = fold('add', t, list(reversed(v)))
        if asc != lst and asc != rev and lst != rev:
            return v
    raise RuntimeError('no order-sensitive values for ' + t)


def file_all_reduce(rng):
    f = File('all_reduce', 'all_reduce (SPEC 9.6.4): ascending (replica, partition) fold order (decision 43),\n'
             'every element type, groups of one, several groups, zero-size tensors, partitions\n'
             '(cross_replica_and_partition, flattened_ids), bodies of one op, of two ops (lanes)\n'
             'and of a non-lane op (once per element), several operands.')
    for t in TYPES:
        R, groups = 4, [[2, 0, 3, 1]]
        op = body_for(t)
        grid_case(f, 'all_reduce_%s' % gen.fname(t), '%s: 4 replicas, one group listed [2, 0, 3, 1], %s' % (t, op),
                  R, 1, 'all_reduce', [(t, [5])], [[5]], coll_attrs(groups, 0),
                  model_all_reduce(op, R, 1, groups, 0, False, op, [t]), op, rng)
    # order-sensitive FP8 sums: every 8-bit float format
    for t in [x for x in model.FLOAT_NAMES if FMTS[x].bits == 8 and FMTS[x].family != 'e8m0']:
        listed = [2, 0, 3, 1]
        cols = [order_sensitive_f8(rng, t, 4, listed) for _ in range(6)]
        ch = Chunk('all_reduce_order_%s' % gen.fname(t),
                   '%s add over 4 replicas, groups [[2, 0, 3, 1]]: each column of values was chosen so that\n'
                   'the ascending fold, the listed-order fold and the reverse fold give three different\n'
                   'results; the expected values are the ascending fold (decision 43)' % t)
        ty = T(t, [6])
        ch.funcs += spmd_func('f', [ty], [ty], [op_call('all_reduce', ['%a0'], [ty], [ty],
                                                         coll_attrs([listed], 0), region('add', t))])
        args = [ch.const(t, [6], [cols[j][pid] for j in range(6)]) for pid in range(4)]
        exp = [fold('add', t, cols[j]) for j in range(6)]
        ch.run([['f']] * 4, args, [ty] * 4, [(t, [6], exp)] * 4)
        f.chunks.append(ch)
    # SPEC 9.A vector 18
    ch = Chunk('all_reduce_vector18', 'SPEC 9.A #18: f32 add, 1e8 / 1 / -1e8 on replicas 0 / 1 / 2, groups [[0, 2, 1]]:\n'
               '(1e8 + 1) + (-1e8) = +0 everywhere; the listed order would give 1')
    ty = T('f32', [])
    ch.funcs += spmd_func('f', [ty], [ty], [op_call('all_reduce', ['%a0'], [ty], [ty], coll_attrs([[0, 2, 1]]),
                                                     region('add', 'f32'))])
    vals = [gc.enc('f32', 10 ** 8), gc.enc('f32', 1), gc.enc('f32', -10 ** 8)]
    assert fold('add', 'f32', vals) == 0
    args = [ch.const('f32', [], [v]) for v in vals]
    ch.run([['f']] * 3, args, [ty] * 3, [('f32', [], [0])] * 3)
    f.chunks.append(ch)
    cases = [
        ('groups_of_one', 'f8E4M3FN', 3, 1, [[0], [1], [2]], None, False, 'add', [[3, 2]]),
        ('two_groups', 'bf16', 4, 1, [[3, 1], [0, 2]], None, False, 'add', [[2, 2]]),
        ('zero_size', 'f32', 2, 1, [[1, 0]], 0, False, 'add', [[0, 3]]),
        ('cross_partition_rows', 'i32', 2, 2, [[1, 0]], 0, False, 'add', [[3]]),
        ('replica_and_partition', 'f16', 2, 2, [[0, 1]], 1, False, 'add', [[4]]),
        ('flattened_ids', 'f8E5M2', 2, 3, [[5, 0, 3], [1, 2, 4]], 2, True, 'add', [[4]]),
        ('two_operands', 'f8E4M3', 3, 1, [[0, 1, 2]], None, False, 'maximum', [[3], [3]]),
        ('body_two_ops', 'f8E4M3FN', 3, 1, [[2, 1, 0]], None, False, 'body2', [[6]]),
        ('body_compare_select', 'f16', 3, 1, [[1, 2, 0]], None, False, 'body_max', [[5]]),
        ('body_per_element', 'i8', 3, 1, [[1, 2, 0]], None, False, 'body_copy', [[4]]),
        ('complex_multiply', 'complex<f32>', 3, 1, [[2, 1, 0]], None, False, 'multiply', [[3]]),
    ]
    # replica_group_mesh_axes: a 2x3 mesh (x, y), flattened by REF's rule
    axes = [('x', 2), ('y', 3)]
    for listed, ids in ((['x'], [5, 1, 4, 0, 3, 2]), (['y'], None), (['y', 'x'], [0, 2, 4, 1, 3, 5])):
        groups = mesh_flatten(axes, ids if ids else list(range(6)), listed)
        t = 'f8E4M3FN'
        grid_case(f, 'all_reduce_mesh_' + '_'.join(listed), 'replica_group_mesh_axes over mesh x=2, y=3, device_ids %s, axes %s:\n'
                  'groups %s (flattened_ids on a 2x3 grid)' % (ids, listed, groups),
                  2, 3, 'all_reduce', [(t, [3])], [[3]],
                  [mesh_attr(axes, ids, listed), 'channel_handle = ' + channel_attr(1), 'use_global_device_ids'],
                  model_all_reduce('add', 2, 3, groups, 1, True, 'add', [t]), 'add', rng)
    for name, t, R, P, groups, channel, glob, op, shapes in cases:
        model_op = 'add' if op == 'body_copy' else op
        specs = [(t, s) for s in shapes]
        grid_case(f, 'all_reduce_' + name, '%s, %dx%d grid, groups %s, channel %s%s, body %s' % (
            t, R, P, groups, channel, ', use_global_device_ids' if glob else '', op),
            R, P, 'all_reduce', specs, shapes, coll_attrs(groups, channel, glob),
            model_all_reduce(model_op, R, P, groups, channel or 0, glob, model_op, [t] * len(shapes)), op, rng)
    return f


# ------------------------------------------------------------------ all_gather, all_to_all, reduce_scatter

def model_all_gather(R, P, groups, channel, use_global, dim, n):
    def fn(inputs):
        gs = process_groups('all_gather', R, P, groups, channel, use_global)
        return [[concat([inputs[m][k] for m in group_of(pid, gs)], dim) for k in range(n)]
                for pid in range(R * P)]
    return fn


def file_all_gather(rng):
    f = File('all_gather', 'all_gather (SPEC 9.6.5): concatenation in the listed order of the group, every\n'
             'element type, dimensions 0 and 1, partitions, zero-size tensors, several operands.')
    for i, t in enumerate(TYPES):
        dim = i % 2
        shape = [2, 2]
        out = list(shape)
        out[dim] *= 3
        grid_case(f, 'all_gather_%s' % gen.fname(t), '%s: 3 replicas, groups [[2, 0, 1]], all_gather_dim %d' % (t, dim),
                  3, 1, 'all_gather', [(t, shape)], [out], coll_attrs([[2, 0, 1]], extra=['all_gather_dim = %d : i64' % dim]),
                  model_all_gather(3, 1, [[2, 0, 1]], 0, False, dim, 1), None, rng)
    cases = [
        ('replica_and_partition', 'f8E4M3FN', 2, 2, [[1, 0]], 1, False, 0, [[2, 3]]),
        ('flattened', 'i16', 2, 2, [[3, 0], [2, 1]], 1, True, 1, [[2, 1]]),
        ('groups_of_one', 'f32', 2, 1, [[0], [1]], None, False, 0, [[3]]),
        ('zero_size', 'ui8', 2, 1, [[0, 1]], None, False, 1, [[2, 0]]),
        ('two_operands', 'bf16', 2, 1, [[1, 0]], None, False, 0, [[1, 2], [2]]),
    ]
    for name, t, R, P, groups, channel, glob, dim, shapes in cases:
        gsize = len(process_groups('all_gather', R, P, groups, channel or 0, glob)[0])
        outs = []
        for s in shapes:
            o = list(s)
            o[dim] *= gsize
            outs.append(o)
        grid_case(f, 'all_gather_' + name, '%s, %dx%d grid, groups %s, channel %s%s, all_gather_dim %d' % (
            t, R, P, groups, channel, ', use_global_device_ids' if glob else '', dim),
            R, P, 'all_gather', [(t, s) for s in shapes], outs,
            coll_attrs(groups, channel, glob, ['all_gather_dim = %d : i64' % dim]),
            model_all_gather(R, P, groups, channel or 0, glob, dim, len(shapes)), None, rng)
    return f


def model_all_to_all(R, P, groups, channel, split_dim, concat_dim, count_, n):
    def fn(inputs):
        gs = process_groups('all_to_all', R, P, groups, channel)
        outs = []
        for pid in range(R * P):
            g = group_of(pid, gs)
            j = g.index(pid)
            outs.append([concat([part(inputs[m][k], split_dim, count_, j) for m in g], concat_dim)
                         for k in range(n)])
        return outs
    return fn


def file_all_to_all(rng):
    f = File('all_to_all', 'all_to_all (SPEC 9.6.6): the member at position j of its group receives part j of\n'
             'every member, in listed order; every element type, cross_partition, groups of one,\n'
             'zero-size tensors, several operands.')
    for i, t in enumerate(TYPES):
        sd, cd = (1, 0) if i % 2 else (0, 1)
        shape = [2, 4] if sd == 1 else [4, 2]
        out = list(shape)
        out[sd] //= 2
        out[cd] *= 2
        grid_case(f, 'all_to_all_%s' % gen.fname(t), '%s: 2 replicas, groups [[1, 0]], split %d concat %d' % (t, sd, cd),
                  2, 1, 'all_to_all', [(t, shape)], [out],
                  coll_attrs([[1, 0]], extra=['split_dimension = %d : i64' % sd, 'concat_dimension = %d : i64' % cd,
                                              'split_count = 2 : i64']),
                  model_all_to_all(2, 1, [[1, 0]], 0, sd, cd, 2, 1), None, rng)
    cases = [
        ('three', 'f8E4M3FN', 3, 1, [[2, 0, 1]], None, 0, 0, [[6, 1]], 3),
        ('cross_partition', 'i32', 2, 2, [[1, 0]], 1, 1, 0, [[1, 4]], 2),
        ('groups_of_one', 'f16', 2, 1, [[1], [0]], None, 0, 0, [[2]], 1),
        ('zero_size', 'f32', 2, 1, [[0, 1]], None, 1, 0, [[0, 2]], 2),
        ('two_operands', 'ui16', 2, 1, [[0, 1]], None, 0, 0, [[2], [4, 1]], 2),
    ]
    for name, t, R, P, groups, channel, sd, cd, shapes, cnt in cases:
        outs = []
        for s in shapes:
            o = list(s)
            o[sd] //= cnt
            o[cd] *= cnt
            outs.append(o)
        grid_case(f, 'all_to_all_' + name, '%s, %dx%d grid, groups %s, channel %s, split %d concat %d count %d' % (
            t, R, P, groups, channel, sd, cd, cnt),
            R, P, 'all_to_all', [(t, s) for s in shapes], outs,
            coll_attrs(groups, channel, False, ['split_dimension = %d : i64' % sd, 'concat_dimension = %d : i64' % cd,
                                                'split_count = %d : i64' % cnt]),
            model_all_to_all(R, P, groups, channel or 0, sd, cd, cnt, len(shapes)), None, rng)
    return f


def model_reduce_scatter(R, P, groups, channel, use_global, dim, op, t):
    def fn(inputs):
        gs = process_groups('reduce_scatter', R, P, groups, channel, use_global)
        s = len(gs[0])  # parts: the size of the first group (9.6.7)
        outs = []
        for pid in range(R * P):
            g = group_of(pid, gs)
            full = fold_tensors(op, t, [inputs[m][0] for m in sorted(g)])
            outs.append([part(full, dim, s, g.index(pid))])
        return outs
    return fn


def file_reduce_scatter(rng):
    f = File('reduce_scatter', 'reduce_scatter (SPEC 9.6.7): all_reduce in ascending order, then the member at\n'
             'position j (listed order) keeps part j; every element type, partitions, groups of one.')
    for i, t in enumerate(TYPES):
        dim = i % 2
        shape = [3, 2] if dim == 0 else [2, 3]
        out = list(shape)
        out[dim] //= 3
        op = body_for(t)
        grid_case(f, 'reduce_scatter_%s' % gen.fname(t), '%s: 3 replicas, groups [[1, 2, 0]], scatter_dimension %d, %s' % (t, dim, op),
                  3, 1, 'reduce_scatter', [(t, shape)], [out],
                  coll_attrs([[1, 2, 0]], extra=['scatter_dimension = %d : i64' % dim]),
                  model_reduce_scatter(3, 1, [[1, 2, 0]], 0, False, dim, op, t), op, rng)
    cases = [
        ('replica_and_partition', 'f8E4M3FN', 2, 2, [[1, 0]], 1, False, 0, [8]),
        ('flattened', 'f32', 2, 2, [[3, 1], [0, 2]], 1, True, 0, [4]),
        ('groups_of_one', 'i64', 2, 1, [[0], [1]], None, False, 0, [2]),
    ]
    for name, t, R, P, groups, channel, glob, dim, shape in cases:
        gsize = len(process_groups('reduce_scatter', R, P, groups, channel or 0, glob)[0])
        out = list(shape)
        out[dim] //= gsize
        grid_case(f, 'reduce_scatter_' + name, '%s, %dx%d grid, groups %s, channel %s%s' % (
            t, R, P, groups, channel, ', use_global_device_ids' if glob else ''),
            R, P, 'reduce_scatter', [(t, shape)], [out],
            coll_attrs(groups, channel, glob, ['scatter_dimension = %d : i64' % dim]),
            model_reduce_scatter(R, P, groups, channel or 0, glob, dim, 'add', t), 'add', rng)
    return f


# ------------------------------------------------------------------ permute, broadcast, collective_reduce

def model_permute(R, P, pairs, channel, t):
    def fn(inputs):
        outs = []
        for pid in range(R * P):
            r, p = divmod(pid, P)
            mine = r if channel <= 0 else p
            src = [a for a, b in pairs if b == mine]
            shape = inputs[pid][0][0]
            if not src:
                outs.append([(shape, [zero(t)] * count(shape))])
                continue
            a = src[0]
            spid = a * P + p if channel <= 0 else r * P + a
            outs.append([inputs[spid][0]])
        return outs
    return fn


def pairs_attr(pairs):
    if not pairs:
        return 'source_target_pairs = dense<> : tensor<0x2xi64>'
    return 'source_target_pairs = dense<[%s]> : tensor<%dx2xi64>' % (
        ', '.join('[%d, %d]' % p for p in pairs), len(pairs))


def file_permute(rng):
    f = File('permute', 'collective_permute (SPEC 9.6.8): targets receive their source\'s operand, everyone\n'
             'else zeros of the element type; every element type, a pair (a, a), partitions (channel > 0),\n'
             'no pairs at all, zero-size tensors.')
    for t in TYPES:
        pairs = [(0, 1), (1, 2), (3, 3)]
        grid_case(f, 'permute_%s' % gen.fname(t), '%s: 4 replicas, pairs %s (replica 0 gets zeros)' % (t, pairs),
                  4, 1, 'collective_permute', [(t, [3])], [[3]], [pairs_attr(pairs)],
                  model_permute(4, 1, pairs, 0, t), None, rng)
    cases = [
        ('cross_partition', 'f8E5M2', 2, 3, [(2, 0), (0, 1)], 1, [2]),
        ('by_replica_with_partitions', 'i8', 3, 2, [(2, 0), (0, 2)], 0, [2]),
        ('no_pairs', 'f32', 2, 1, [], 0, [2]),
        ('zero_size', 'bf16', 2, 1, [(0, 1), (1, 0)], 0, [0]),
    ]
    for name, t, R, P, pairs, channel, shape in cases:
        grid_case(f, 'permute_' + name, '%s, %dx%d grid, pairs %s, channel %d' % (t, R, P, pairs, channel),
                  R, P, 'collective_permute', [(t, shape)], [shape],
                  [pairs_attr(pairs), 'channel_handle = ' + channel_attr(channel)],
                  model_permute(R, P, pairs, channel, t), None, rng)
    return f


def model_broadcast(R, P, groups, channel, roots, ts, reduce_op=None):
    def fn(inputs):
        kind = 'collective_reduce' if reduce_op else 'collective_broadcast'
        gs = process_groups(kind, R, P, groups, channel)
        outs = []
        for pid in range(R * P):
            g = group_of(pid, gs)
            row = []
            for k, t in enumerate(ts):
                shape = inputs[pid][k][0]
                zeros = (shape, [zero(t)] * count(shape))
                if g is None:
                    row.append(zeros)
                    continue
                root = g[roots[k]] if roots else g[0]
                if not reduce_op:
                    row.append(inputs[root][k])
                elif pid == root:
                    row.append(fold_tensors(reduce_op, t, [inputs[m][k] for m in sorted(g)]))
                else:
                    row.append(zeros)
            outs.append(row)
        return outs
    return fn


def root_case(f, name, comment, R, P, op, t, shapes, groups, channel, roots, body_op, rng):
    """A chunk with has_dynamic_root: the roots operand is a constant in
    each program."""
    ch = Chunk(name, comment)
    tys = [T(t, s) for s in shapes]
    rt = T('i32', [len(shapes)])
    body = region(body_op, t) if body_op else None
    lines = ['    %%roots = stablehlo.constant dense<[%s]> : %s' % (', '.join(str(r) for r in roots), rt)]
    attrs = coll_attrs(groups, channel) + ['has_dynamic_root']
    lines.append(op_call(op, ['%%a%d' % i for i in range(len(shapes))] + ['%roots'], tys + [rt], tys, attrs, body))
    ch.funcs += spmd_func('f', tys, tys, lines)
    inputs, args = [], []
    for pid in range(R * P):
        xs = []
        for s in shapes:
            v = values(rng, t, count(s))
            xs.append((list(s), v))
            args.append(ch.const(t, s, v))
        inputs.append(xs)
    outs = model_broadcast(R, P, groups, channel or 0, roots, [t] * len(shapes), body_op)(inputs)
    results = [(t, outs[pid][k][0], outs[pid][k][1]) for pid in range(R * P) for k in range(len(shapes))]
    ch.run([['f'] * P for _ in range(R)], args, tys * (R * P), results)
    f.chunks.append(ch)


def file_broadcast(rng):
    f = File('broadcast', 'collective_broadcast (SPEC 9.6.9): every member gets the root\'s operand (group[0] or\n'
             'group[root[k]] with has_dynamic_root), processes in no group zeros; every element type,\n'
             'SPEC 9.A #19, partitions, several operands, empty groups.')
    for t in TYPES:
        grid_case(f, 'broadcast_%s' % gen.fname(t), '%s: 4 replicas, groups [[2, 1]]: replicas 1 and 2 get replica 2\'s value, 0 and 3 zeros' % t,
                  4, 1, 'collective_broadcast', [(t, [1, 2])], [[1, 2]], coll_attrs([[2, 1]]),
                  model_broadcast(4, 1, [[2, 1]], 0, None, [t]), None, rng)
    cases = [
        ('cross_partition', 'f8E4M3FN', 2, 3, [[2, 0], [1]], 1, [3]),
        ('empty_groups', 'i32', 2, 1, [], 0, [2]),
        ('two_operands', 'f16', 3, 1, [[1, 0, 2]], 0, [2]),
    ]
    for name, t, R, P, groups, channel, shape in cases:
        n = 2 if name == 'two_operands' else 1
        grid_case(f, 'broadcast_' + name, '%s, %dx%d grid, groups %s, channel %d' % (t, R, P, groups, channel),
                  R, P, 'collective_broadcast', [(t, shape)] * n, [shape] * n,
                  coll_attrs(groups, channel), model_broadcast(R, P, groups, channel, None, [t] * n), None, rng)
    root_case(f, 'broadcast_dynamic_root', 'has_dynamic_root: roots [1, 0] of groups [[2, 0, 1]] (4 replicas; 3 gets zeros)',
              4, 1, 'collective_broadcast', 'f8E5M2', [[2], [3]], [[2, 0, 1]], None, [1, 0], None, rng)
    return f


def file_collective_reduce(rng):
    f = File('reduce', 'collective_reduce (SPEC 9.6.10): the root gets the ascending fold of its group,\n'
             'every other process zeros; groups as all_reduce (decision 43); every element type,\n'
             'SPEC 9.A #20, dynamic roots, processes in no group.')
    for t in TYPES:
        op = body_for(t)
        grid_case(f, 'collective_reduce_%s' % gen.fname(t), '%s: 3 replicas, groups [[2, 0]], %s; replica 1 in no group' % (t, op),
                  3, 1, 'collective_reduce', [(t, [4])], [[4]], coll_attrs([[2, 0]]),
                  model_broadcast(3, 1, [[2, 0]], 0, None, [t], op), op, rng)
    ch = Chunk('collective_reduce_vector20', 'SPEC 9.A #20: add, groups [[0, 1]], [1, 2, 3, 4] and [5, 6, 7, 8]:\n'
               'replica 0 gets [6, 8, 10, 12], replica 1 zeros')
    ty = T('i64', [4])
    ch.funcs += spmd_func('f', [ty], [ty], [op_call('collective_reduce', ['%a0'], [ty], [ty], coll_attrs([[0, 1]]),
                                                     region('add', 'i64'))])
    a = ch.const('i64', [4], [1, 2, 3, 4])
    b = ch.const('i64', [4], [5, 6, 7, 8])
    ch.run([['f']] * 2, [a, b], [ty] * 2, [('i64', [4], [6, 8, 10, 12]), ('i64', [4], [0, 0, 0, 0])])
    f.chunks.append(ch)
    root_case(f, 'collective_reduce_dynamic_root', 'has_dynamic_root: roots [2, 1] of groups [[1, 3, 0]] (4 replicas), f8E4M3FN add',
              4, 1, 'collective_reduce', 'f8E4M3FN', [[3], [2]], [[1, 3, 0]], None, [2, 1], 'add', rng)
    grid_case(f, 'collective_reduce_partitions', 'bf16 add, 2x2 grid, channel 1, groups [[1, 0]] (cross_replica_and_partition)',
              2, 2, 'collective_reduce', [('bf16', [3])], [[3]], coll_attrs([[1, 0]], 1),
              model_broadcast(2, 2, [[1, 0]], 1, None, ['bf16'], 'add'), 'add', rng)
    return f


# ------------------------------------------------------------------ ids, send/recv, infeed

def file_processes(rng):
    f = File('processes', 'replica_id and partition_id (SPEC 9.6.3), send/recv (9.6.11: per handle, the k-th send\n'
             'feeds the k-th recv; decision 46), infeed/outfeed (9.6.12), tokens through run_parallel,\n'
             'different programs per process, programs that call functions.')
    ch = Chunk('ids', 'a 2x3 grid: each process returns its replica_id, partition_id, and both through a call')
    u = T('ui32', [])
    ch.funcs += ['  func.func @ids() -> (tensor<ui32>, tensor<ui32>) {',
                 '    %r = stablehlo.replica_id : tensor<ui32>',
                 '    %p = "stablehlo.partition_id"() : () -> tensor<ui32>',
                 '    return %r, %p : tensor<ui32>, tensor<ui32>',
                 '  }',
                 '  func.func @f() -> (tensor<ui32>, tensor<ui32>) {',
                 '    %a:2 = func.call @ids() : () -> (tensor<ui32>, tensor<ui32>)',
                 '    return %a#0, %a#1 : tensor<ui32>, tensor<ui32>',
                 '  }']
    results = []
    for pid in range(6):
        results += [('ui32', [], [pid // 3]), ('ui32', [], [pid % 3])]
    ch.run([['f'] * 3] * 2, [], [], results)
    f.chunks.append(ch)

    for t in ['f8E4M3FN', 'i4', 'complex<f64>', 'f32']:
        ch = Chunk('send_recv_%s' % gen.fname(t), '%s: process 1 sends twice on handle 1, then once on handle 2; process 0\n'
                   'receives in the same order (a send waits for a ready recv); tokens in and out' % t)
        ty = T(t, [2, 2])
        tok = '!stablehlo.token'
        v = [values(rng, t, 4) for _ in range(3)]
        ch.funcs += [
            '  func.func @recv(%%t: !stablehlo.token) -> (%s, %s, %s, !stablehlo.token) {' % (ty, ty, ty),
            '    %%x, %%t1 = "stablehlo.recv"(%%t) {channel_handle = %s, is_host_transfer = true} : (%s) -> (%s, %s)' % (channel_attr(1), tok, ty, tok),
            '    %%y, %%t2 = "stablehlo.recv"(%%t1) {channel_handle = %s, is_host_transfer = true} : (%s) -> (%s, %s)' % (channel_attr(1), tok, ty, tok),
            '    %%z, %%t3 = "stablehlo.recv"(%%t2) {channel_handle = %s, is_host_transfer = true} : (%s) -> (%s, %s)' % (channel_attr(2), tok, ty, tok),
            '    return %%x, %%y, %%z, %%t3 : %s, %s, %s, %s' % (ty, ty, ty, tok),
            '  }',
            '  func.func @send(%%t: !stablehlo.token, %%a: %s, %%b: %s, %%c: %s) -> !stablehlo.token {' % (ty, ty, ty),
            '    %%t1 = "stablehlo.send"(%%a, %%t) {channel_handle = %s, is_host_transfer = true} : (%s, %s) -> %s' % (channel_attr(1), ty, tok, tok),
            '    %%t2 = "stablehlo.send"(%%b, %%t1) {channel_handle = %s, is_host_transfer = true} : (%s, %s) -> %s' % (channel_attr(1), ty, tok, tok),
            '    %%t3 = "stablehlo.send"(%%c, %%t2) {channel_handle = %s, is_host_transfer = true} : (%s, %s) -> %s' % (channel_attr(2), ty, tok, tok),
            '    return %t3 : !stablehlo.token',
            '  }']
        ch.main.append('    %tok = stablehlo.after_all : !stablehlo.token')
        args = ['%tok', '%tok'] + [ch.const(t, [2, 2], x) for x in v]
        n = 5
        ch.main.append('    %%r:%d = "interpreter.run_parallel"(%s) {programs = [[@recv, @send]]} : (%s) -> (%s)' % (
            n, ', '.join(args), ', '.join([tok, tok, ty, ty, ty]), ', '.join([ty, ty, ty, tok, tok])))
        for k, vals in enumerate(v[:3]):
            for line in gen.pin('r#%d' % k, t, [2, 2], vals, tag='p%d' % k):
                ch.main.append('  ' + line)
        f.chunks.append(ch)

    ch = Chunk('infeed', 'infeed: one FIFO of function names shared by the grid; each process takes one (which one\n'
               'depends on the order, so both queued functions return the same value) and outfeeds it')
    ty = T('i16', [3])
    ch.funcs += ['  func.func @q() -> %s {' % ty,
                 '    %%c = stablehlo.constant dense<[7, -8, 9]> : %s' % ty,
                 '    return %%c : %s' % ty,
                 '  }',
                 '  func.func @f(%%t: !stablehlo.token) -> (%s, !stablehlo.token) {' % ty,
                 '    %%x, %%t1 = "stablehlo.infeed"(%%t) {infeed_config = ""} : (!stablehlo.token) -> (%s, !stablehlo.token)' % ty,
                 '    %%t2 = "stablehlo.outfeed"(%%x, %%t1) {outfeed_config = ""} : (%s, !stablehlo.token) -> !stablehlo.token' % ty,
                 '    return %%x, %%t2 : %s, !stablehlo.token' % ty,
                 '  }']
    ch.main.append('    %tok = stablehlo.after_all : !stablehlo.token')
    ch.main.append('    %%r:4 = "interpreter.run_parallel"(%%tok, %%tok) {programs = [[@f], [@f]], infeed = [@q, @q]} : '
                   '(!stablehlo.token, !stablehlo.token) -> (%s, !stablehlo.token, %s, !stablehlo.token)' % (ty, ty))
    for k in (0, 2):
        for line in gen.pin('r#%d' % k, 'i16', [3], [7, -8, 9], tag='p%d' % k):
            ch.main.append('  ' + line)
    f.chunks.append(ch)

    ch = Chunk('programs_differ', 'different programs per process: process (0, 0) all_reduces with an add body, process\n'
               '(0, 1) with the same body written in another function; both fold in ascending order')
    ty = T('f8E4M3FN', [4])
    for name in ('f', 'g'):
        ch.funcs += spmd_func(name, [ty], [ty], [op_call('all_reduce', ['%a0'], [ty], [ty],
                                                          coll_attrs([[0]], 1), region('add', 'f8E4M3FN'))])
    xs = [values(rng, 'f8E4M3FN', 4) for _ in range(2)]
    args = [ch.const('f8E4M3FN', [4], x) for x in xs]
    exp = [fold('add', 'f8E4M3FN', [xs[0][i], xs[1][i]]) for i in range(4)]
    ch.run([['f', 'g']], args, [ty, ty], [('f8E4M3FN', [4], exp)] * 2)
    f.chunks.append(ch)
    return f


FILES = [file_all_reduce, file_all_gather, file_all_to_all, file_reduce_scatter, file_permute, file_broadcast,
         file_collective_reduce, file_processes]


def main():
    for i, fn in enumerate(FILES):
        rng = random.Random(SEED + i)
        fn(rng).write()


if __name__ == '__main__':
    main()
