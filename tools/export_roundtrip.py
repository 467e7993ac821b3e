#!/usr/bin/env python3
"""Does MLIR read ir-run's --emit=ir as the module it was given?

For every program of a real-world collection (the `program` of each
manifest.json entry under DIR, e.g. ../shared/real-world; test data, never
copied into this repository) and every tests/roundtrip/*.mlir and
tests/parse/ok/*.mlir (split at `// -----` lines, as --split-input-file
splits them), this

  1. parses the original text with MLIR (jaxlib's bindings: the StableHLO,
     CHLO, Shardy, func, arith and builtin dialects registered, as
     stablehlo-opt registers them; other dialects' attributes, types and ops
     read as unregistered ones, as `stablehlo-opt
     --allow-unregistered-dialect` reads them: Tenstorrent's #ttcore
     attributes, !quant types);
  2. runs `ir-run --emit=ir` on it (--split-input-file for split files);
  3. parses that printout with MLIR;
  4. compares the two modules as MLIR prints them: the generic op form,
     without locations (debug info), after MLIR's own parsing has resolved
     aliases, defaults, the pretty forms and the order of attributes.

What must be equal (docs/syntax.md, "Read back by MLIR"): every op, operand,
result, type, region and attribute, the module's and functions' attributes
and argument/result dictionaries included. Locations are not compared
(ir-run keeps JAX's argument names only). A `dense_resource<NAME>` of the
original is compared by value: ir-run prints it as `dense<"0x...">` (a
documented decision), so the original's resource uses are replaced by the
equivalent `dense<"0x...">` of their blob before MLIR parses it.

Each file ends in one class: `same`, `differs` (the first differing line of
both printouts is shown), `printout unreadable` (MLIR refuses ir-run's
printout: its message), `ir-run refuses` (ir-run does not read the file) or
`MLIR refuses the original` (ir-run-only syntax such as the check and
interpreter ops, or a dialect MLIR here does not register): the last two
are outside this comparison.

Needs jax (`pip install jax[cpu]`: jaxlib carries MLIR with the StableHLO
dialects); not part of `make check`. Usage:

  export_roundtrip.py [--ir-run PATH] [--verbose] [--show N] [--every-file] [DIR]

Prints the counts per source and class and the first lines of each
difference; exits 0 (it reports; it does not judge)."""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

try:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
except ImportError:
    print('export_roundtrip: needs jax (pip install jax[cpu]); run it with the python that has it')
    sys.exit(0)

CTX = jax_mlir.make_ir_context()
CTX.allow_unregistered_dialects = True

RESOURCES = re.compile(r'\{-#\s*dialect_resources\s*:\s*\{.*?#-\}', re.S)
BLOB = re.compile(r'([A-Za-z_][\w.$-]*|"[^"]*")\s*:\s*"0x([0-9A-Fa-f]*)"')


def resources_as_dense(text):
    """dense_resource<NAME> replaced by dense<"0x..."> of its blob (the blob
    without its 4-byte alignment prefix), the resource section dropped."""
    m = RESOURCES.search(text)
    if not m or 'dense_resource<' not in text:
        return text
    builtin = re.search(r'\bbuiltin\s*:\s*\{([^}]*)\}', m.group(0))
    blobs = {k.strip('"'): v[8:] for k, v in BLOB.findall(builtin.group(1) if builtin else '')}
    body = text[:m.start()] + text[m.end():]

    def one(u):
        name = u.group(1).strip('"')
        return 'dense<"0x%s">' % blobs[name] if name in blobs else u.group(0)
    return re.sub(r'dense_resource<([^>]+)>', one, body)


def canonical(text):
    """MLIR's generic printout without locations, or raises ValueError."""
    try:
        with CTX:
            m = ir.Module.parse(text)
            return m.operation.get_asm(print_generic_op_form=True, enable_debug_info=False)
    except Exception as e:  # MLIRError, or a binding's ValueError
        raise ValueError(' '.join(str(e).split())[:300])


def first_difference(a, b):
    """The first differing line of both, from a little before the first
    differing character."""
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            k = 0
            while k < min(len(x), len(y)) and x[k] == y[k]:
                k += 1
            k = max(0, k - 60)
            return i + 1, ('...' if k else '') + x[k:].strip(), ('...' if k else '') + y[k:].strip()
    n = min(len(la), len(lb))
    return n + 1, (la[n].strip() if n < len(la) else '(end)'), (lb[n].strip() if n < len(lb) else '(end)')


def split(text):
    return re.split(r'(?m)^// -----.*\n', text)


def one_file(irrun, path, r):
    text = open(path, encoding='utf-8', errors='replace').read()
    pieces = split(text)
    cmd = [irrun, '--emit=ir', path] + (['--split-input-file'] if len(pieces) > 1 else [])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors='replace', timeout=300)
    except subprocess.TimeoutExpired:
        r['class'], r['why'] = 'ir-run refuses', 'timeout'
        return
    originals = []
    for piece in pieces:
        try:
            originals.append(canonical(resources_as_dense(piece)))
        except ValueError as e:
            r['class'], r['why'] = 'MLIR refuses the original', str(e)
            return
    if p.returncode != 0:
        err = [l for l in p.stderr.splitlines() if 'error:' in l]
        r['class'], r['why'] = 'ir-run refuses', (err[0] if err else p.stderr.strip()[:200])
        return
    printed = split(p.stdout)
    if len(printed) != len(originals):
        r['class'], r['why'] = 'differs', '%d pieces printed for %d' % (len(printed), len(originals))
        return
    for k, (orig, out) in enumerate(zip(originals, printed)):
        try:
            back = canonical(out)
        except ValueError as e:
            # stablehlo-opt registers the check and interpreter dialects;
            # jaxlib's MLIR does not, so their pretty ops are not read here
            lacks = re.search(r"Dialect `(check|interpreter)' not found", str(e))
            r['class'] = 'printout has %s ops (no such dialect in jaxlib)' % lacks.group(1) if lacks \
                else 'printout unreadable'
            r['why'] = str(e)
            return
        if back != orig:
            line, x, y = first_difference(orig, back)
            r['class'] = 'differs'
            r['why'] = '%sline %d:\n      MLIR: %s\n    ir-run: %s' % (
                'piece %d, ' % (k + 1) if len(pieces) > 1 else '', line, x[:200], y[:200])
            return
    r['class'] = 'same'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument('dir', nargs='?')
    ap.add_argument('--ir-run', default=os.path.join(here, '..', 'build', 'ir-run'))
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('--show', type=int, default=3, help='differences shown per class and source')
    ap.add_argument('--every-file', action='store_true',
                    help="every .mlir of the collection, the manifest's REF copies (.wrapped, .clean) too")
    a = ap.parse_args()
    irrun = os.path.abspath(a.ir_run)
    sources = []
    if a.dir and os.path.isdir(a.dir):
        for d in sorted(os.listdir(a.dir)):
            mf = os.path.join(a.dir, d, 'manifest.json')
            if os.path.isfile(mf):
                progs = json.load(open(mf))['programs']
                names = [p['program'] for p in progs]
                if a.every_file:  # also the REF copies: NAME.wrapped.mlir, NAME.clean.mlir
                    names = sorted(f for f in os.listdir(os.path.join(a.dir, d)) if f.endswith('.mlir'))
                sources.append((d, [os.path.join(a.dir, d, n) for n in names]))
    elif a.dir:
        print('export_roundtrip: no collection at %s (tests only)' % a.dir)
    tests = os.path.join(here, '..', 'tests')
    for sub in ('roundtrip', 'parse/ok'):
        folder = os.path.join(tests, sub)
        sources.append(('tests/' + sub, [os.path.join(folder, f) for f in sorted(os.listdir(folder))
                                         if f.endswith('.mlir')]))
    total = collections.Counter()
    for name, files in sources:
        results = []
        for f in files:
            r = {'file': os.path.basename(f)}
            one_file(irrun, f, r)
            results.append(r)
            if a.verbose:
                print('%-70s %s' % (r['file'][:70], r['class']))
        c = collections.Counter(r['class'] for r in results)
        total.update(c)
        print('== %s: %d files: %s' % (name, len(results), ', '.join('%d %s' % (n, k) for k, n in sorted(c.items()))))
        shown = collections.Counter()
        for r in results:
            if r['class'] != 'same' and shown[r['class']] < a.show:
                shown[r['class']] += 1
                print('  %s: %s\n    %s' % (r['class'], r['file'], r.get('why', '')))
    print('== all: %d files: %s' % (sum(total.values()), ', '.join('%d %s' % (n, k) for k, n in sorted(total.items()))))


if __name__ == '__main__':
    main()
