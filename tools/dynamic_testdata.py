#!/usr/bin/env python3
"""Runs ir-run over StableHLO's testdata/dynamic files, read from a git
directory of the stablehlo repository (never copied): for each file,
(1) parse, check and print back (--emit=ir), and the printed text read
again gives the same text; (2) run at two concrete shapes (every `?` size
N = 2, then N = 3) with --random-inputs, where the entry's leading rank-0
integer arguments (JAX's dimension arguments) get N through --args. Prints
one line per failure (with --verbose) and the counts.

Usage: dynamic_testdata.py --ir-run BIN --repo GITDIR [--rev HEAD] [--verbose]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SIG = re.compile(r'func\.func\s+(?:public\s+)?@main\((.*?)\)\s*->', re.S)


def arg_types(text):
    m = SIG.search(text)
    if not m:
        return []
    return re.findall(r'%arg\d+:\s*(tensor<[^>]*>)', m.group(1))


def dim_args(types):
    """The leading rank-0 integer arguments when a later one is dynamic."""
    n = 0
    for t in types:
        if re.fullmatch(r'tensor<(i|ui)\d+>', t):
            n += 1
        else:
            break
    return types[:n] if any('?' in t for t in types[n:]) else []


def run(cmd, timeout=60):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, '', 'timeout'


def first_error(err):
    for line in err.splitlines():
        if 'error' in line:
            return re.sub(r'^\S+:\d+:\d+: ', '', line)[:150]
    return err.strip().splitlines()[0][:150] if err.strip() else '(no message)'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ir-run', required=True)
    ap.add_argument('--repo', required=True)
    ap.add_argument('--rev', default='HEAD')
    ap.add_argument('--verbose', action='store_true')
    a = ap.parse_args()
    names = subprocess.run(['git', '-C', a.repo, 'ls-tree', '--name-only', a.rev, 'stablehlo/testdata/dynamic/'],
                           capture_output=True, text=True, check=True).stdout.split()
    counts = {'files': 0, 'printed': 0, 'round_trip': 0, 'ran_2': 0, 'ran_3': 0, 'ran_both': 0}
    reasons = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            text = subprocess.run(['git', '-C', a.repo, 'show', '%s:%s' % (a.rev, name)], capture_output=True,
                                  text=True, check=True).stdout
            counts['files'] += 1
            base = os.path.basename(name)
            src = os.path.join(tmp, base)
            with open(src, 'w') as f:
                f.write(text)
            rc, out, err = run([a.ir_run, '--emit=ir', src])
            if rc != 0:
                reasons.setdefault('print: ' + first_error(err), []).append(base)
                continue
            counts['printed'] += 1
            again = os.path.join(tmp, 'again.mlir')
            with open(again, 'w') as f:
                f.write(out)
            rc2, out2, err2 = run([a.ir_run, '--emit=ir', again])
            if rc2 == 0 and out2 == out:
                counts['round_trip'] += 1
            else:
                reasons.setdefault('round trip: ' + first_error(err2), []).append(base)
            types = arg_types(text)
            dims = dim_args(types)
            ok = 0
            for n in (2, 3):
                cmd = [a.ir_run, src, '--random-inputs', '1', '--shape', '?=%d' % n]
                if dims:
                    cmd += ['--args', '[' + ', '.join('dense<%d> : %s' % (n, t) for t in dims) + ']']
                rc, out, err = run(cmd)
                if rc == 0:
                    counts['ran_%d' % n] += 1
                    ok += 1
                else:
                    reasons.setdefault('run N=%d: %s' % (n, first_error(err)), []).append(base)
            if ok == 2:
                counts['ran_both'] += 1
    for k, v in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
        print('%4d  %s' % (len(v), k))
        if a.verbose:
            print('        ' + ' '.join(v[:20]))
    print('testdata/dynamic: %(files)d files, %(printed)d parsed+checked+printed, %(round_trip)d print back '
          'identically, ran at N=2: %(ran_2)d, at N=3: %(ran_3)d, at both: %(ran_both)d' % counts)
    return 0


if __name__ == '__main__':
    sys.exit(main())
