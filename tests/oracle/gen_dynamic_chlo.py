#!/usr/bin/env python3
"""Writes tests/dynamic/chlo_*.mlir: chlo ops in shape-polymorphic programs
(docs/shape-polymorphism.md "chlo ops"), each run at two or more input shapes
(one `// ARGS:` line per run). Every program compares what it computes with
an argument holding the expected bits (check.expect_eq on the bits), so each
run prints only the check summary. The expected values come from
gen_chlo.py's models of the decompositions (exact rational arithmetic, glibc
through ctypes) and from Python's own arithmetic for the rest (top_k, the
broadcasting adds), nothing from ir-run. Python standard library only.
Usage: python3 tests/oracle/gen_dynamic_chlo.py"""
import os
import random
import struct

import gen_chlo as G

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'dynamic')

ERF = G.upcast(G.erf64, G.erf32)
LGAMMA = G.through_f32(G.lgamma_)


def f32(v):
    return struct.unpack('<f', struct.pack('<f', v))[0]


def lit(vals, shape, ty):
    """A dense literal of a nested list, hex bits for f32."""
    def el(v):
        return '0x%08X' % G.bits(v, 'f32') if ty == 'f32' else str(v)

    def nest(flat, dims):
        if not dims:
            return el(flat[0])
        step = len(flat) // dims[0] if dims[0] else 0
        return '[' + ', '.join(nest(flat[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + ']'
    t = 'tensor<%s%s>' % (''.join('%dx' % d for d in shape), ty)
    return 'dense<%s> : %s' % (nest(vals, shape), t)


def args_line(*lits):
    return "// ARGS: --args '[%s]'" % ', '.join(lits)


def rnd_f32(rng, n, lo, hi):
    return [f32(rng.uniform(lo, hi)) for _ in range(n)]


def write(name, header, args, body):
    with open(os.path.join(OUT, name + '.mlir'), 'w') as f:
        f.write('\n'.join(args) + '\n' + header + '\n' + body)
    with open(os.path.join(OUT, name + '.out'), 'w') as f:
        f.write('')


def unary(rng):
    """erf and lgamma on tensor<?xf32>, at 3 and 5 elements."""
    args = []
    for n in (3, 5):
        x = rnd_f32(rng, n, -3.0, 3.0)
        y = [f32(rng.uniform(0.25, 6.0)) for _ in range(n)]
        args.append(args_line(lit(x, [n], 'f32'), lit([ERF('f32', v) for v in x], [n], 'f32'),
                              lit(y, [n], 'f32'), lit([LGAMMA('f32', v) for v in y], [n], 'f32')))
    body = '''func.func @main(%x: tensor<?xf32>, %erf: tensor<?xf32>, %y: tensor<?xf32>, %lgamma: tensor<?xf32>) {
  %e = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  %l = chlo.lgamma %y : tensor<?xf32> -> tensor<?xf32>
  %eb = stablehlo.bitcast_convert %e : (tensor<?xf32>) -> tensor<?xui32>
  %ew = stablehlo.bitcast_convert %erf : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %eb, %ew : tensor<?xui32>
  %lb = stablehlo.bitcast_convert %l : (tensor<?xf32>) -> tensor<?xui32>
  %lw = stablehlo.bitcast_convert %lgamma : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %lb, %lw : tensor<?xui32>
  func.return
}
'''
    write('chlo_erf_lgamma', '// chlo.erf and chlo.lgamma on a `?` dimension: kept at load, expanded once refined',
          args, body)


def top_k(rng):
    """top_k k = 2 over rows of a ?x4 and a ? operand."""
    args = []
    for rows, n in ((2, 3), (3, 6)):
        x = [rng.randrange(-9, 10) for _ in range(rows * 4)]
        vals, idx = [], []
        for r in range(rows):
            row = x[r * 4:(r + 1) * 4]
            order = sorted(range(4), key=lambda i: -row[i])  # stable: equal values keep their order
            vals += [row[i] for i in order[:2]]
            idx += order[:2]
        y = rnd_f32(rng, n, -4.0, 4.0)
        yo = sorted(range(n), key=lambda i: -y[i])[:2]
        args.append(args_line(lit(x, [rows, 4], 'i32'), lit(vals, [rows, 2], 'i32'), lit(idx, [rows, 2], 'i32'),
                              lit(y, [n], 'f32'), lit([y[i] for i in yo], [2], 'f32'), lit(yo, [2], 'i32')))
    body = '''func.func @main(%x: tensor<?x4xi32>, %xv: tensor<?x2xi32>, %xi: tensor<?x2xi32>,
                %y: tensor<?xf32>, %yv: tensor<2xf32>, %yi: tensor<2xi32>) {
  %v:2 = chlo.top_k(%x, k = 2) : tensor<?x4xi32> -> (tensor<?x2xi32>, tensor<?x2xi32>)
  check.expect_eq %v#0, %xv : tensor<?x2xi32>
  check.expect_eq %v#1, %xi : tensor<?x2xi32>
  %w:2 = chlo.top_k(%y, k = 2) : tensor<?xf32> -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_eq %w#0, %yv : tensor<2xf32>
  check.expect_eq %w#1, %yi : tensor<2xi32>
  func.return
}
'''
    write('chlo_top_k', '// chlo.top_k on operands with `?` dimensions (rows, and the sorted dimension itself)',
          args, body)


def broadcast(rng):
    """broadcast_add of ?x1 and ? (numpy's rule) and broadcast_multiply with
    broadcast_dimensions, integers (exact)."""
    args = []
    for m, n in ((2, 3), (4, 5)):
        a = [rng.randrange(-50, 50) for _ in range(m)]
        b = [rng.randrange(-50, 50) for _ in range(n)]
        s = [a[i] + b[j] for i in range(m) for j in range(n)]
        p = [a[i] * s[i * n + j] for i in range(m) for j in range(n)]
        args.append(args_line(lit(a, [m, 1], 'i32'), lit(b, [n], 'i32'), lit(s, [m, n], 'i32'),
                              lit(p, [m, n], 'i32')))
    body = '''func.func @main(%a: tensor<?x1xi32>, %b: tensor<?xi32>, %sum: tensor<?x?xi32>, %prod: tensor<?x?xi32>) {
  %s = chlo.broadcast_add %a, %b : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  check.expect_eq %s, %sum : tensor<?x?xi32>
  %r = stablehlo.reshape %a : (tensor<?x1xi32>) -> tensor<?xi32>
  %p = chlo.broadcast_multiply %r, %s {broadcast_dimensions = array<i64: 0>} : (tensor<?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  check.expect_eq %p, %prod : tensor<?x?xi32>
  func.return
}
'''
    write('chlo_broadcast', '// chlo.broadcast_add and broadcast_multiply with `?` dimensions', args, body)


def call_while(rng):
    """erf in a called function (refined for its call) and in a while body
    (erf applied three times)."""
    args = []
    for n in (2, 4):
        x = rnd_f32(rng, n, -2.0, 2.0)
        once = [ERF('f32', v) for v in x]
        thrice = x
        for _ in range(3):
            thrice = [ERF('f32', v) for v in thrice]
        args.append(args_line(lit(x, [n], 'f32'), lit(once, [n], 'f32'), lit(thrice, [n], 'f32')))
    body = '''func.func @main(%x: tensor<?xf32>, %once: tensor<?xf32>, %thrice: tensor<?xf32>) {
  %c = func.call @erf_of(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %cb = stablehlo.bitcast_convert %c : (tensor<?xf32>) -> tensor<?xui32>
  %cw = stablehlo.bitcast_convert %once : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %cb, %cw : tensor<?xui32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<?xf32>
   cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %e = chlo.erf %v : tensor<?xf32> -> tensor<?xf32>
    stablehlo.return %j, %e : tensor<i32>, tensor<?xf32>
  }
  %wb = stablehlo.bitcast_convert %r#1 : (tensor<?xf32>) -> tensor<?xui32>
  %ww = stablehlo.bitcast_convert %thrice : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %wb, %ww : tensor<?xui32>
  func.return
}
func.func private @erf_of(%x: tensor<?xf32>) -> tensor<?xf32> {
  %e = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  func.return %e : tensor<?xf32>
}
'''
    write('chlo_call_while', '// chlo.erf with `?` types in a called function and in a while body', args, body)


def main():
    rng = random.Random(35033)
    unary(rng)
    top_k(rng)
    broadcast(rng)
    call_while(rng)


if __name__ == '__main__':
    main()
