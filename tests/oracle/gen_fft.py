#!/usr/bin/env python3
"""Writes tests/interpret/fft.mlir: stablehlo.fft (SPEC.md 9.5.4) on
complex<f64>/f64 and, by decision 37, complex<f32>/f32, every fft_type, one
to three dimensions, odd lengths (decision 38 for IRFFT).

The model is SPEC 9.5.4's algorithm written here in Python, independently of
ir-run's C: naive O(N^2) sums in binary64, phi = (((-2*pi)*n)*k)/N left to
right, w = (cos phi, sin phi) from the platform's libm (glibc, as SPEC says),
the complex product of 4.6 with every product rounded, part-wise sums; the
IFFT division by (N, +0) of 4.7, which for a real divisor with a +0
imaginary part is (re / N, im / N) (Smith's form with |c| >= |d| = 0:
r = d/c = 0, den = c + d*r = c, so (a + b*0)/c, (b - a*0)/c: both exact
divisions of the parts); f32 results rounded once from binary64 (struct).
Expected values are printed with repr(), which parses back to the same
double (and, for f32 values, to the same f32). Standard library only;
deterministic (fixed seed)."""
import math
import os
import random
import struct

PI = float.fromhex('0x1.921fb54442d18p+1')
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'interpret', 'fft.mlir')


def cmul(a, b):
    ac, bd, ad, bc = a[0] * b[0], a[1] * b[1], a[0] * b[1], a[1] * b[0]
    return (ac - bd, ad + bc)


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def fft1d(t, dims, d, keep):
    """t: dict index-tuple -> (re, im) over dims; along d, keep outputs."""
    N = dims[d]
    out_dims = list(dims)
    out_dims[d] = keep
    out = {}
    for idx in indices(out_dims):
        k = idx[d]
        x = (0.0, 0.0)
        for n in range(N):
            phi = (((-2.0 * PI) * float(n)) * float(k)) / float(N)
            w = (math.cos(phi), math.sin(phi))
            src = list(idx)
            src[d] = n
            p = cmul(t[tuple(src)], w)
            x = (x[0] + p[0], x[1] + p[1])
        out[idx] = x
    return out, out_dims


def indices(dims):
    if not dims:
        yield ()
        return
    for i in range(dims[0]):
        for rest in indices(dims[1:]):
            yield (i,) + rest


def conj(t):
    return {k: (v[0], -v[1]) for k, v in t.items()}


def model(kind, x, dims, length):
    rank, L = len(dims), len(length)
    last = rank - 1
    t = dict(x)
    dims = list(dims)
    if kind == 'FFT':
        for d in range(last, last - L, -1):
            t, dims = fft1d(t, dims, d, dims[d])
    elif kind == 'IFFT':
        for d in range(rank - L, rank):
            u, _ = fft1d(conj(t), dims, d, dims[d])
            t = {k: (v[0] / dims[d], -v[1] / dims[d]) for k, v in u.items()}
    elif kind == 'RFFT':
        n = dims[last]
        t, dims = fft1d(t, dims, last, n // 2 + 1 if n else 0)
        for d in range(last - 1, last - L, -1):
            t, dims = fft1d(t, dims, d, dims[d])
    else:  # IRFFT
        for d in range(rank - L, last):
            u, _ = fft1d(conj(t), dims, d, dims[d])
            t = conj(u)
        M, n = dims[last], length[-1]
        e = {}
        ext = list(dims)
        ext[last] = n
        for idx in indices(ext):
            k = idx[last]
            if k < M:
                e[idx] = t[idx]
            else:
                src = list(idx)
                src[last] = n - k
                v = t[tuple(src)]
                e[idx] = (v[0], -v[1])
        u, dims = fft1d(conj(e), ext, last, n)
        scale = 1.0
        for v in length:
            scale *= float(v)
        t = {k: (v[0] / scale, 0.0) for k, v in u.items()}
    return t, dims


def literal(vals, dims, complex_, single):
    def one(v):
        if single:
            v = (f32(v[0]), f32(v[1]))
        return '(%r, %r)' % v if complex_ else repr(v[0])

    def nest(prefix, depth):
        if depth == len(dims):
            return one(vals[tuple(prefix)])
        return '[' + ', '.join(nest(prefix + [i], depth + 1) for i in range(dims[depth])) + ']'
    return nest([], 0)


def ttype(dims, elem):
    return 'tensor<' + ''.join('%dx' % d for d in dims) + elem + '>'


def main():
    rng = random.Random(9504)
    chunks = []
    cases = [('FFT', [2], [2]), ('FFT', [3, 5], [5]), ('FFT', [2, 3], [2, 3]), ('FFT', [2, 2, 3], [2, 2, 3]),
             ('IFFT', [4], [4]), ('IFFT', [3, 4], [3, 4]), ('RFFT', [8], [8]), ('RFFT', [2, 5], [5]),
             ('RFFT', [3, 4], [3, 4]), ('IRFFT', [5], [8]), ('IRFFT', [3], [5]), ('IRFFT', [2, 3], [2, 4]),
             ('IRFFT', [3, 3], [3, 5]), ('FFT', [0], [0])]
    for single in (False, True):
        part = 'f32' if single else 'f64'
        celem = 'complex<%s>' % part
        for kind, dims, length in cases:
            real_in = kind == 'RFFT'
            x = {}
            for idx in indices(dims):
                re = rng.choice([rng.uniform(-4, 4), float(rng.randint(-3, 3)), 0.5, -0.0])
                im = 0.0 if real_in else rng.choice([rng.uniform(-4, 4), float(rng.randint(-3, 3))])
                if single:
                    re, im = f32(re), f32(im)
                x[idx] = (re, im)
            r, rdims = model(kind, x, dims, length)
            in_t = ttype(dims, part if real_in else celem)
            out_t = ttype(rdims, part if kind == 'IRFFT' else celem)
            name = '%s_%s_%s' % (kind.lower(), part, 'x'.join(str(d) for d in dims))
            lit_in = literal(x, dims, not real_in, single) if dims != [0] else '[]'
            lit_out = literal(r, rdims, kind != 'IRFFT', single) if rdims != [0] else '[]'
            chunks.append(
                'func.func @%s() {\n'
                '  %%x = stablehlo.constant dense<%s> : %s\n'
                '  %%r = stablehlo.fft %%x, type = %s, length = [%s] : (%s) -> %s\n'
                '  check.expect_eq_const %%r, dense<%s> : %s\n'
                '  func.return\n}\n' % (name, lit_in, in_t, kind, ', '.join(map(str, length)), in_t, out_t,
                                       lit_out, out_t))
    head = ('// RUN: ir-run --interpret -split-input-file %s\n'
            '// Generated by tests/oracle/gen_fft.py: stablehlo.fft (SPEC.md 9.5.4) against an\n'
            '// independent Python model of SPEC\'s binary64 O(N^2) algorithm; f32 types per\n'
            '// decision 37 (binary64 inside, each part rounded once), odd IRFFT lengths per\n'
            '// decision 38 (full Hermitian extension). Do not edit: regenerate.\n\n')
    with open(OUT, 'w') as f:
        f.write(head + '\n// -----\n\n'.join(chunks))
    print('%s: %d chunks' % (os.path.relpath(OUT), len(chunks)))


if __name__ == '__main__':
    main()
