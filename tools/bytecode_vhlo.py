#!/usr/bin/env python3
"""The .mlir.bc files of StableHLO's stablehlo/tests/vhlo (one per VHLO version,
each the serialization of its .mlir sibling) read by ir-run, compared function by
function with the .mlir source: every function of the artifact is loaded alone
(`ir-run --emit=ir`) and, where ir-run also reads the source's function, the two
printed modules must be identical. Functions that use what ir-run does not run
(index tensors, dynamic shapes, memrefs, ...) fail both ways and are counted
apart. invalid_vhlo_future.mlir.bc must fail with an error naming the version.
Not part of `make check` (the files do not ship with ir-run): `make bytecode-vhlo`.
Usage: bytecode_vhlo.py STABLEHLO_GIT_DIR IRRUN BC_TEXT"""
import os
import re
import subprocess
import sys
import tempfile


def git(gitdir, *args):
    return subprocess.run(['git', '-C', gitdir] + list(args), capture_output=True, check=True).stdout


def emit_ir(irrun, text, tmp):
    path = os.path.join(tmp, 'f.mlir')
    with open(path, 'w') as f:
        f.write(text)
    p = subprocess.run([irrun, '--emit=ir', path], capture_output=True, timeout=60)
    return p.stdout.decode() if p.returncode == 0 else None


def generated_funcs(text):
    """name -> text of each "func.func" of bc_text's output (indent 2)."""
    out = {}
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        if lines[i].startswith('  "func.func"()'):
            j = i
            while not lines[j].startswith('  })'):
                j += 1
            m = re.search(r'sym_name = "([^"]*)"', lines[i])
            out[m.group(1) if m else str(i)] = '\n'.join(lines[i:j + 1]) + '\n'
            i = j
        i += 1
    return out


def source_funcs(text):
    """name -> text of each top-level func.func of a .mlir source: up to the
    `}` at its own indentation (a declaration: up to the next function)."""
    out = {}
    lines = [l for l in text.split('\n') if not l.lstrip().startswith('//')]
    start = re.compile(r'( ?|  )func\.func\s+(?:(?:public|private)\s+)?@([\w.$-]+)')
    i = 0
    while i < len(lines):
        m = start.match(lines[i])
        if not m:
            i += 1
            continue
        close = m.group(1) + '}'
        j = i
        while j + 1 < len(lines) and lines[j].rstrip() != close and not (j > i and start.match(lines[j + 1])):
            j += 1
        if j > i and start.match(lines[j]):
            j -= 1
        out[m.group(2)] = '\n'.join(lines[i:j + 1]) + '\n'
        i = j + 1
    return out


def main():
    gitdir, irrun, bc_text = sys.argv[1:4]
    names = [n for n in git(gitdir, 'ls-tree', '--name-only', 'HEAD', 'stablehlo/tests/vhlo/').decode().split()
             if n.endswith('.mlir.bc')]
    decoded = 0
    totals = dict(funcs=0, loaded=0, compared=0, same=0, neither=0)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            data = git(gitdir, 'show', 'HEAD:' + n)
            bc = os.path.join(tmp, os.path.basename(n))
            with open(bc, 'wb') as f:
                f.write(data)
            p = subprocess.run([bc_text, bc], capture_output=True, timeout=60)
            base = os.path.basename(n)
            if 'invalid_vhlo_future' in base:
                ok = p.returncode != 0 and b'VHLO' in p.stderr and b'StableHLO_v2.0.0' in p.stderr
                print(('OK   ' if ok else 'BAD  ') + base + ': ' + p.stderr.decode().strip())
                decoded += ok
                bad += not ok
                continue
            if p.returncode != 0:
                print('BAD  %s: %s' % (base, p.stderr.decode().strip()))
                bad += 1
                continue
            decoded += 1
            gen = generated_funcs(p.stdout.decode())
            try:
                src = source_funcs(git(gitdir, 'show', 'HEAD:' + n[:-3]).decode())
            except subprocess.CalledProcessError:
                src = {}
            counts = dict(funcs=0, loaded=0, compared=0, same=0, neither=0)
            for name, text in gen.items():
                counts['funcs'] += 1
                mine = emit_ir(irrun, text, tmp)
                theirs = emit_ir(irrun, src[name], tmp) if name in src else None
                if mine is not None:
                    counts['loaded'] += 1
                if theirs is not None:
                    counts['compared'] += 1
                    if mine == theirs:
                        counts['same'] += 1
                    else:
                        print('DIFF %s @%s' % (base, name))
                elif mine is None:
                    counts['neither'] += 1
            for k in totals:
                totals[k] += counts[k]
            print('read %s: %d functions, %d load, %d of %d the source loads print the same; %d load neither way'
                  % (base, counts['funcs'], counts['loaded'], counts['same'], counts['compared'], counts['neither']))
    print('%d of %d files read as expected (the future one refused); functions: %d, %d load in ir-run, '
          '%d of %d that ir-run reads from the source print the same module, %d load neither way'
          % (decoded, len(names), totals['funcs'], totals['loaded'], totals['same'], totals['compared'],
             totals['neither']))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
