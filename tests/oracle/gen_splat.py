"""Splat operands on every op family (issue 16: a tensor can be a splat).

Writes tests/interpret/splat.mlir: `dense<c> : tensor<...>` constants and
broadcasts of scalars (which ir-run keeps as one element) fed to binary ops
on either side and on both, unary ops, compare, select, clamp, convert, the
bit ops, reduce, every layout op, a while loop carrying a splat and a call
returning one, on one type of every class. Expected values come from
model.py's element rules and gen_layout.py's index arithmetic (SPEC alone);
results are pinned bit for bit with gen.pin, against literals written out
in full.

    python3 tests/oracle/gen_splat.py
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import gen_layout as gl  # noqa: E402
import model  # noqa: E402
from model import FMTS  # noqa: E402

OUT = os.path.join(HERE, '..', 'interpret', 'splat.mlir')
SEED = 16016

TYPES = ['i1', 'i4', 'ui8', 'i16', 'i32', 'i64', 'f4E2M1FN', 'f6E3M2FN', 'f8E4M3FN', 'f8E5M2',
         'f8E8M0FNU', 'bf16', 'f16', 'f32', 'f64']
SHAPE = [2, 3]
N = 6


def T(shape, t):
    return gen.ttype(shape, t)


def splat(name, t, shape, v):
    return '  %%%s = stablehlo.constant dense<%s> : %s' % (name, gen.lit_elem(t, v), T(shape, t))


def binops_of(t):
    if t == 'i1':
        return ['add', 'multiply', 'maximum', 'minimum']
    return ['add', 'subtract', 'multiply', 'divide', 'remainder', 'maximum', 'minimum']


def unop(op, t, a):
    if t in FMTS:
        return model.float_unop(op, FMTS[t], a)
    return model.int_unop(op, t, a)


def compare(direction, t, a, b):
    if t in FMTS:
        return model.float_compare(direction, FMTS[t], a, b)
    if t.startswith('ui') or t == 'i1':
        return model.int_compare(direction, a, b)
    return model.int_compare(direction, model.wrap(t, a), model.wrap(t, b))


class Case:
    def __init__(self, name):
        self.lines = ['func.func @%s() {' % name]
        self.k = 0

    def check(self, name, t, shape, vals):
        self.k += 1
        self.lines += gen.pin(name, t, shape, vals, tag='p%d' % self.k)

    def text(self):
        return '\n'.join(self.lines + ['  func.return', '}'])


def elementwise_case(rng, t):
    """Binary ops with a splat on the left, on the right and on both sides,
    unary ops, compare, select and clamp on splats."""
    c = Case('elementwise_%s' % gen.fname(t))
    s = gl.elem(rng, t, 0.5)
    s2 = gl.elem(rng, t, 0.5)
    X = gl.operand(rng, t, N)
    TT = T(SHAPE, t)
    c.lines += [splat('s', t, SHAPE, s), splat('s2', t, SHAPE, s2), gen.const('x', t, SHAPE, X)]
    for op in binops_of(t):
        c.lines.append('  %%%s_l = stablehlo.%s %%s, %%x : %s' % (op, op, TT))
        c.check('%s_l' % op, t, SHAPE, [model.binop(op, t, s, x) for x in X])
        c.lines.append('  %%%s_r = stablehlo.%s %%x, %%s : %s' % (op, op, TT))
        c.check('%s_r' % op, t, SHAPE, [model.binop(op, t, x, s) for x in X])
        c.lines.append('  %%%s_b = stablehlo.%s %%s, %%s2 : %s' % (op, op, TT))
        c.check('%s_b' % op, t, SHAPE, [model.binop(op, t, s, s2)] * N)
    if t != 'i1' and not t.startswith('ui'):
        for op in ['negate', 'abs']:
            c.lines.append('  %%%s_u = stablehlo.%s %%s : %s' % (op, op, TT))
            c.check('%s_u' % op, t, SHAPE, [unop(op, t, s)] * N)
    cmp_type = 'FLOAT' if t in FMTS else 'UNSIGNED' if t.startswith('ui') or t == 'i1' else 'SIGNED'
    c.lines.append('  %%lt = stablehlo.compare LT, %%s, %%x, %s : (%s, %s) -> %s' % (cmp_type, TT, TT, T(SHAPE, 'i1')))
    c.check('lt', 'i1', SHAPE, [int(compare('LT', t, s, x)) for x in X])
    c.lines.append('  %%ge = stablehlo.compare GE, %%x, %%s2, %s : (%s, %s) -> %s' % (cmp_type, TT, TT, T(SHAPE, 'i1')))
    c.check('ge', 'i1', SHAPE, [int(compare('GE', t, x, s2)) for x in X])
    P = [rng.randrange(2) for _ in range(N)]
    c.lines += [gen.const('p', 'i1', SHAPE, P), splat('pt', 'i1', SHAPE, 1)]
    c.lines.append('  %%sel = stablehlo.select %%p, %%s, %%x : %s, %s' % (T(SHAPE, 'i1'), TT))
    c.check('sel', t, SHAPE, [s if p else x for p, x in zip(P, X)])
    c.lines.append('  %%sel2 = stablehlo.select %%pt, %%s2, %%x : %s, %s' % (T(SHAPE, 'i1'), TT))
    c.check('sel2', t, SHAPE, [s2] * N)
    if t != 'i1':
        lo, hi = gl.elem(rng, t, 0.2), gl.elem(rng, t, 0.2)
        c.lines.append('  %%cl = stablehlo.clamp %%s, %%x, %%s2 : %s' % TT)
        c.check('cl', t, SHAPE, [gl.clamp_ref(t, s, x, s2) for x in X])
        c.lines += [splat('lo', t, [], lo), splat('hi', t, [], hi)]
        c.lines.append('  %%cs = stablehlo.clamp %%lo, %%s, %%hi : (%s, %s, %s) -> %s' % (T([], t), TT, T([], t), TT))
        c.check('cs', t, SHAPE, [gl.clamp_ref(t, lo, s, hi)] * N)
    return c.text()


def convert_case(rng, t):
    """convert of a splat into one type of every class, and of a dense
    tensor into t then added to a splat."""
    c = Case('convert_%s' % gen.fname(t))
    s = gl.elem(rng, t, 0.5)
    c.lines.append(splat('s', t, SHAPE, s))
    for dst in TYPES + ['ui64', 'f8E4M3B11FNUZ']:
        if dst == t:
            continue
        name = 'c_%s' % gen.fname(dst)
        c.lines.append('  %%%s = stablehlo.convert %%s : (%s) -> %s' % (name, T(SHAPE, t), T(SHAPE, dst)))
        c.check(name, dst, SHAPE, [model.convert(t, dst, s)] * N)
    return c.text()


def bits_case(rng, t):
    """Shifts, popcnt and count_leading_zeros with a splat operand."""
    c = Case('bits_%s' % gen.fname(t))
    width = int(t.lstrip('ui'))
    mask = (1 << width) - 1
    s = rng.randrange(1 << width)
    X = [rng.randrange(width + 2) for _ in range(N)]
    TT = T(SHAPE, t)
    c.lines += [splat('s', t, SHAPE, model.wrap(t, s)), gen.const('x', t, SHAPE, [model.wrap(t, x) for x in X])]
    c.lines.append('  %%shl = stablehlo.shift_left %%s, %%x : %s' % TT)
    c.check('shl', t, SHAPE, [model.wrap(t, (s << x) & mask if x < width else 0) for x in X])
    c.lines.append('  %%shr = stablehlo.shift_right_logical %%s, %%x : %s' % TT)
    c.check('shr', t, SHAPE, [model.wrap(t, s >> x if x < width else 0) for x in X])
    c.lines.append('  %%pc = stablehlo.popcnt %%s : %s' % TT)
    c.check('pc', t, SHAPE, [model.wrap(t, bin(s).count('1'))] * N)
    c.lines.append('  %%clz = stablehlo.count_leading_zeros %%s : %s' % TT)
    c.check('clz', t, SHAPE, [model.wrap(t, width - s.bit_length())] * N)
    return c.text()


def reduce_case(rng, t):
    """A splat into reduce (add or, for i1, or-like add) over each dim and
    over both, and a dense tensor reduced with a splat init broadcast."""
    c = Case('reduce_%s' % gen.fname(t))
    shape = [3, 4]
    s = gl.elem(rng, t, 0.3)
    init = gl.elem(rng, t, 0.3)
    c.lines += [splat('s', t, shape, s), splat('z', t, [], init)]
    X = [s] * 12
    for k, dims in enumerate([[0], [1], [0, 1]]):
        rshape, R = gen.reduce_ref('add', t, X, shape, dims, init)
        name = 'red%d' % k
        c.lines.append('  %%%s = stablehlo.reduce(%%s init: %%z) applies stablehlo.add across dimensions = [%s] : (%s, %s) -> %s'
                       % (name, ', '.join(map(str, dims)), T(shape, t), T([], t), T(rshape, t)))
        c.check(name, t, rshape, R)
    return c.text()


def layout_case(rng, t):
    """broadcast_in_dim of a scalar and of a splat, then every layout op on
    the splat; concatenate and pad mixing splats and dense tensors."""
    c = Case('layout_%s' % gen.fname(t))
    s = gl.elem(rng, t, 0.3)
    v = gl.elem(rng, t, 0.3)
    X = gl.operand(rng, t, 4)
    c.lines += [splat('e', t, [], s), gen.const('x', t, [2, 2], X), splat('v', t, [], v)]
    c.lines.append('  %%b = stablehlo.broadcast_in_dim %%e, dims = [] : (%s) -> %s' % (T([], t), T([2, 3], t)))
    c.check('b', t, [2, 3], [s] * 6)
    c.lines.append('  %%b2 = stablehlo.broadcast_in_dim %%b, dims = [0, 2] : (%s) -> %s' % (T([2, 3], t), T([2, 2, 3], t)))
    c.check('b2', t, [2, 2, 3], [s] * 12)
    c.lines.append('  %%rs = stablehlo.reshape %%b2 : (%s) -> %s' % (T([2, 2, 3], t), T([4, 3], t)))
    c.check('rs', t, [4, 3], [s] * 12)
    c.lines.append('  %%tr = stablehlo.transpose %%rs, dims = [1, 0] : (%s) -> %s' % (T([4, 3], t), T([3, 4], t)))
    c.check('tr', t, [3, 4], [s] * 12)
    c.lines.append('  %%sl = stablehlo.slice %%tr [0:3:2, 1:4] : (%s) -> %s' % (T([3, 4], t), T([2, 3], t)))
    c.check('sl', t, [2, 3], [s] * 6)
    c.lines.append('  %%rv = stablehlo.reverse %%sl, dims = [1] : %s' % T([2, 3], t))
    c.check('rv', t, [2, 3], [s] * 6)
    shapes = [[2, 3], [2, 2]]
    rshape, R = gl.ref_concat([[s] * 6, X], shapes, 1)
    c.lines.append('  %%cc = stablehlo.concatenate %%rv, %%x, dim = 1 : (%s, %s) -> %s'
                   % (T([2, 3], t), T([2, 2], t), T(rshape, t)))
    c.check('cc', t, rshape, R)
    rshape, R = gl.ref_pad([s] * 6, v, [2, 3], [1, -1], [0, 1], [1, 1])
    c.lines.append('  %%pd = stablehlo.pad %%rv, %%v, low = [1, -1], high = [0, 1], interior = [1, 1] : (%s, %s) -> %s'
                   % (T([2, 3], t), T([], t), T(rshape, t)))
    c.check('pd', t, rshape, R)
    # a broadcast of a dense one-element tensor is a splat too
    c.lines.append(gen.const('one', t, [1], [v]))
    c.lines.append('  %%b3 = stablehlo.broadcast_in_dim %%one, dims = [1] : (%s) -> %s' % (T([1], t), T([2, 2], t)))
    c.lines.append('  %%mx = stablehlo.select %%pt, %%b3, %%x : %s, %s' % (T([2, 2], 'i1'), T([2, 2], t)))
    c.lines.insert(1, splat('pt', 'i1', [2, 2], 1))
    c.check('mx', t, [2, 2], [v] * 4)
    return c.text()


def control_case():
    """A while loop whose state is a splat (the body adds a splat), a call
    returning a splat, and a splat through a tuple."""
    t = 'i32'
    TT = T([4], t)
    return '\n'.join([
        'func.func private @twice(%%a: %s) -> %s {' % (TT, TT),
        '  %r = stablehlo.add %a, %a : ' + TT,
        '  func.return %r : ' + TT,
        '}',
        'func.func @main() {',
        '  %i0 = stablehlo.constant dense<0> : tensor<i32>',
        '  %n = stablehlo.constant dense<5> : tensor<i32>',
        '  %one = stablehlo.constant dense<1> : tensor<i32>',
        '  %x0 = stablehlo.constant dense<3> : ' + TT,
        '  %step = stablehlo.constant dense<-2> : ' + TT,
        '  %r:2 = stablehlo.while(%i = %i0, %x = %x0) : tensor<i32>, ' + TT,
        '    cond {',
        '      %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>',
        '      stablehlo.return %c : tensor<i1>',
        '    } do {',
        '      %i1 = stablehlo.add %i, %one : tensor<i32>',
        '      %x1 = stablehlo.add %x, %step : ' + TT,
        '      stablehlo.return %i1, %x1 : tensor<i32>, ' + TT,
        '    }',
        # 3 + 5 * -2 = -7
        '  check.expect_eq_const %r#1, dense<[-7, -7, -7, -7]> : ' + TT,
        '  %%d = func.call @twice(%%r#1) : (%s) -> %s' % (TT, TT),
        '  check.expect_eq_const %d, dense<[-14, -14, -14, -14]> : ' + TT,
        '  %%tu = stablehlo.tuple %%d, %%x0 : tuple<%s, %s>' % (TT, TT),
        '  %%g = stablehlo.get_tuple_element %%tu[1] : (tuple<%s, %s>) -> %s' % (TT, TT, TT),
        '  check.expect_eq_const %g, dense<[3, 3, 3, 3]> : ' + TT,
        '  func.return',
        '}'])


def main():
    rng = random.Random(SEED)
    chunks = []
    for t in TYPES:
        chunks.append(elementwise_case(rng, t))
        chunks.append(convert_case(rng, t))
        chunks.append(layout_case(rng, t))
        if t != 'i1':
            chunks.append(reduce_case(rng, t))
        if t in ('i4', 'ui8', 'i16', 'i32', 'i64'):
            chunks.append(bits_case(rng, t))
    for t in ['complex<f32>', 'complex<f64>']:
        chunks.append(layout_case(rng, t))
    chunks.append(control_case())
    head = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_splat.py (exact model, tests/oracle/model.py);\n'
            '// do not edit. Splat operands (dense<c> constants, broadcasts of one element)\n'
            '// on every op family: binary ops on either side and both, unary, compare,\n'
            '// select, clamp, convert, bit ops, reduce, layout ops, while, call, tuple.\n\n')
    with open(OUT, 'w') as fh:
        fh.write(head + '\n\n// -----\n\n'.join(chunks) + '\n')
    print('%s: %d chunks' % (os.path.relpath(OUT), len(chunks)))


if __name__ == '__main__':
    main()
