#!/usr/bin/env python3
"""ir-run on a collection of real exported programs, and what became of each.

The collection (not part of this repository: public exports kept as test
data, e.g. ../shared/real-world) has one folder per source with a
manifest.json listing programs, their input .npy files and the outputs the
exporting platform computed. For every program this runs

  ir-run --emit=ir PROGRAM                        (read and checked?)
  ir-run PROGRAM --input K=FILE ... --expect K=FILE ... --rtol R --atol R
                                                  (run, and equal to what the
                                                   platform computed?)

the second only when the manifest gives input and expected files. Floats are
compared with JAX's default test tolerance for the result's element type
(jax._src.test_util.default_tolerance: 1e-6 for f32 and complex<f32>, 1e-15
for f64 and complex<f64>, 1e-3 for f16, 1e-2 for bf16, 1e-1 for the 8-bit
formats) as both relative and absolute tolerance, as JAX's back-compatibility
tests do when they do not set their own, or within the tolerance the manifest
states (expected_tol: IREE's CHECK lines); integers and booleans exactly.

Usage: real_world.py [--ir-run PATH] [--jobs N] [--only FOLDER] [--verbose] DIR
Prints one line per program with --verbose, then per folder the counts and
the first lines of the errors grouped, and exits 0 (it reports; it does not
judge)."""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

TOLERANCE = {
    'f32': 1e-6, 'complex<f32>': 1e-6, 'f64': 1e-15, 'complex<f64>': 1e-15,
    'f16': 1e-3, 'bf16': 1e-2,
}


def element_type(t):
    m = re.match(r'tensor<(?:[0-9?]+x)*(.*)>$', t.strip())
    return m.group(1) if m else t


def tolerance(result_type):
    e = element_type(result_type)
    if e in TOLERANCE:
        return TOLERANCE[e]
    if e.startswith('f8') or e.startswith('f6') or e.startswith('f4'):
        return 1e-1
    return 0.0


def first_error(text):
    lines = text.splitlines()
    # an error before any warning: a run refused at a custom call says so
    # after the checker's warning about it
    ranked = [l for l in lines if 'error: ' in l] + [l for l in lines if 'warning: ' in l]
    for line in ranked:
        m = re.search(r'(error|warning): (.*)', line)
        if m:
            # names of programs and values vary; the kind of error does not
            msg = re.sub(r"'@?[\w.$]+'", "'...'", m.group(2))
            msg = re.sub(r'@[\w.$]+', '@...', msg)
            msg = re.sub(r'\d+', 'N', msg)
            return m.group(1) + ': ' + msg[:110]
    lines = text.strip().splitlines()
    return lines[0][:120] if lines else '(no message)'


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors='replace', timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 'timeout', 'timeout after %d s' % timeout


def one(irrun, folder, prog):
    path = os.path.join(folder, prog['program'])
    rc, out = run([irrun, '--emit=ir', path], folder, 120)
    r = {'name': prog['name'], 'read': rc == 0, 'warnings': out.count('warning:') if rc == 0 else 0}
    if rc != 0:
        r['why'] = first_error(out)
        return r
    inputs, expected = prog.get('inputs'), prog.get('expected')
    # a dynamic program runs on its input files: ir-run refines it from
    # their shapes (docs/shape-polymorphism.md)
    if prog.get('parse_only') or not isinstance(inputs, list) \
            or not isinstance(expected, list) or not expected:
        r['runnable'] = False
        return r
    r['runnable'] = True
    cmd = [irrun, path]
    if prog.get('entry'):
        cmd += ['--entry', prog['entry']]
    for k, f in enumerate(inputs):
        cmd += ['--input', '%d=%s' % (k, f)]
    given = prog.get('expected_tol') or {}
    for k, f in enumerate(expected):
        tol = tolerance(prog['results'][k]) if k < len(prog.get('results', [])) else 0.0
        # a tolerance the source states (IREE's CHECK lines) replaces JAX's default
        atol, rtol = given.get('atol', tol), given.get('rtol', tol if 'atol' not in given else 0.0)
        cmd += ['--rtol', repr(rtol), '--atol', repr(atol), '--expect', '%d=%s' % (k, f)]
    rc, out = run(cmd, folder, int(prog.get('timeout_s', 300)))
    r['ran'] = rc in (0, 1)  # 1: an --expect or a check op failed
    r['matched'] = rc == 0
    if rc != 0:
        r['why'] = first_error(out) if 'error' in out else (out.strip().splitlines() or ['?'])[0][:120]
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--ir-run', default=os.path.join(os.path.dirname(__file__), '..', 'build', 'ir-run'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--only')
    ap.add_argument('--verbose', action='store_true')
    a = ap.parse_args()
    irrun = os.path.abspath(a.ir_run)
    folders = sorted(d for d in os.listdir(a.dir) if os.path.isfile(os.path.join(a.dir, d, 'manifest.json')))
    if a.only:
        folders = [d for d in folders if d == a.only]
    for d in folders:
        folder = os.path.join(a.dir, d)
        progs = json.load(open(os.path.join(folder, 'manifest.json')))['programs']
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            results = list(ex.map(lambda p: one(irrun, folder, p), progs))
        c = collections.Counter()
        why = collections.Counter()
        for r in results:
            c['programs'] += 1
            c['read and checked'] += r['read']
            c['runnable'] += bool(r.get('runnable'))
            c['ran'] += bool(r.get('ran'))
            c['matched'] += bool(r.get('matched'))
            if 'why' in r:
                why[r['why']] += 1
            if a.verbose:
                state = 'matched' if r.get('matched') else 'ran, differs' if r.get('ran') else \
                    'read' if r['read'] else 'refused'
                print('%-70s %-13s %s' % (r['name'][:70], state, r.get('why', '')))
        print('== %s: %s' % (d, ', '.join('%d %s' % (c[k], k) for k in
                                          ('programs', 'read and checked', 'runnable', 'ran', 'matched'))))
        for w, n in why.most_common():
            print('   %4d  %s' % (n, w))
    return 0


if __name__ == '__main__':
    sys.exit(main())
