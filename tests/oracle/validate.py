#!/usr/bin/env python3
"""Check model.py against every vector in tests/vectors that it covers:
decode/, convert/, from_f32/ (rne column), decimal/, arith/{add,subtract,
multiply,divide}/ (all operand pairs). Exit status 0 iff all match."""

import os
import sys
from fractions import Fraction

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402
from model import FMTS, decode, encode, convert  # noqa: E402

VEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'vectors')
stats = {}
bad = []


def note(kind, ok, msg):
    t = stats.setdefault(kind, [0, 0])
    t[0] += 1
    if not ok:
        t[1] += 1
        if len(bad) < 40:
            bad.append(kind + ': ' + msg)


def rows(path):
    with open(path) as fh:
        for line in fh:
            line = line.rstrip('\n')
            if line:
                yield line.split('\t')


def pat(s):
    return int(s, 16)


def decode_text(f, b):
    v = decode(f, b)
    if v.kind == 'nan':
        return 'nan'
    if v.kind == 'inf':
        return '-inf' if v.neg else 'inf'
    if v.mag == 0:
        return '-0' if v.neg else '0'
    return '%.17g' % float(v.value)


def main():
    for fn in sorted(os.listdir(os.path.join(VEC, 'decode'))):
        f = FMTS[fn[:-4]]
        for r in rows(os.path.join(VEC, 'decode', fn)):
            got = decode_text(f, pat(r[0]))
            note('decode', got == r[1], '%s %s want %s got %s' % (f, r[0], r[1], got))
    for fn in sorted(os.listdir(os.path.join(VEC, 'convert'))):
        src = fn[:-4]
        it = rows(os.path.join(VEC, 'convert', fn))
        hdr = next(it)
        for r in it:
            for dst, want in zip(hdr[1:], r[1:]):
                got = convert(src, dst, pat(r[0]))
                note('convert', got == pat(want),
                     '%s %s -> %s want %s got %#x' % (src, r[0], dst, want, got))
    for fn in sorted(os.listdir(os.path.join(VEC, 'from_f32'))):
        dst = fn[:-4]
        it = rows(os.path.join(VEC, 'from_f32', fn))
        next(it)
        for r in it:
            got = convert('f32', dst, pat(r[0]))
            note('from_f32', got == pat(r[1]),
                 'f32 %s -> %s want %s got %#x' % (r[0], dst, r[1], got))
    for fn in sorted(os.listdir(os.path.join(VEC, 'decimal'))):
        f = FMTS[fn[:-4]]
        for r in rows(os.path.join(VEC, 'decimal', fn)):
            text = r[0]
            neg = text.startswith('-')
            got = encode(f, neg, abs(Fraction(text.lstrip('-'))))
            note('decimal', got == pat(r[1]),
                 '%s %s want %s got %#x' % (f, text, r[1], got))
    for op in sorted(os.listdir(os.path.join(VEC, 'arith'))):
        for fn in sorted(os.listdir(os.path.join(VEC, 'arith', op))):
            f = FMTS[fn[:-4]]
            with open(os.path.join(VEC, 'arith', op, fn)) as fh:
                lines = [ln.split() for ln in fh if ln.strip()]
            assert len(lines) == 1 << f.bits, (op, fn, len(lines))
            for a, line in enumerate(lines):
                assert len(line) == 1 << f.bits
                for b, want in enumerate(line):
                    got = model.float_binop(op, f, a, b)
                    note('arith/' + op, got == int(want, 16),
                         '%s %#x %s %#x want %s got %#x' % (f, a, op, b, want, got))
    total = sum(t[0] for t in stats.values())
    fails = sum(t[1] for t in stats.values())
    for k in sorted(stats):
        print('%-16s %8d checked %6d mismatches' % (k, stats[k][0], stats[k][1]))
    for m in bad:
        print('MISMATCH', m)
    print('total %d vectors, %d mismatches' % (total, fails))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
