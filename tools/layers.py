#!/usr/bin/env python3
"""The layers of src/ (docs/internals.md, "Layers"), checked.

Each folder of src/ is one layer; LAYERS lists them from the top down. An
arrow (an #include, or a symbol one object file uses and another defines)
may only point from a folder to one listed below it. Inside the folders
that hold the interpreter, no two files depend on each other through a
circle of symbols. No folder holds more than MAX_FILES files or MAX_LINES
lines. Usage: layers.py SRC_DIR [OBJ_DIR]; with OBJ_DIR (the build's
obj/src) the symbol arrows are checked too (nm). Prints every breach and
exits 1 when there is one."""
import collections
import os
import re
import subprocess
import sys

LAYERS = [
    'cli', 'api', 'interp', 'exec', 'runtime', 'sort', 'kernels/dot', 'kernels/chlo', 'kernels/quant', 'kernels/reduce', 'kernels',
    'kernels/complex', 'kernels/math', 'parallel', 'io', 'refine', 'quant', 'bytecode', 'chlo', 'check', 'ir', 'core', 'types', 'util',
]
# the folders split by concern, where not even files within the folder may
# depend on each other in a circle
NO_FILE_CIRCLES = {'interp', 'exec', 'runtime', 'sort', 'kernels/dot', 'kernels/chlo', 'kernels/quant', 'kernels/reduce', 'kernels', 'kernels/complex',
                   'kernels/math', 'parallel'}
MAX_FILES, MAX_LINES = 25, 8500


def sources(src):
    for d, _, names in os.walk(src):
        for n in sorted(names):
            if n.endswith(('.c', '.h')):
                yield os.path.join(d, n)


def folder(src, path):
    return os.path.relpath(os.path.dirname(path), src)


def main():
    src = sys.argv[1]
    obj = sys.argv[2] if len(sys.argv) > 2 else None
    rank = {f: i for i, f in enumerate(LAYERS)}
    bad = []
    files = list(sources(src))
    sizes = collections.Counter()
    lines = collections.Counter()
    for f in files:
        d = folder(src, f)
        if d not in rank:
            bad.append(f'{d}: a folder that is not a layer (add it to tools/layers.py and docs/internals.md)')
            rank[d] = -1
        sizes[d] += 1
        text = open(f, encoding='utf-8', errors='replace').read()
        lines[d] += text.count('\n')
        for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            inc = m.group(1)
            if not os.path.exists(os.path.join(src, inc)):
                continue
            to = os.path.dirname(inc)
            if to != d and to in rank and rank[to] <= rank[d]:
                bad.append(f'{os.path.relpath(f, src)} includes {inc}: an arrow from {d} up to {to}')
    for d in sorted(sizes):
        if sizes[d] > MAX_FILES or lines[d] > MAX_LINES:
            bad.append(f'{d}: {sizes[d]} files, {lines[d]} lines (at most {MAX_FILES} and {MAX_LINES})')
    if obj:
        defined, used = {}, collections.defaultdict(set)
        for d, _, names in os.walk(obj):
            for n in names:
                if not n.endswith('.o'):
                    continue
                key = os.path.relpath(os.path.join(d, n[:-2]), obj)
                if not os.path.exists(os.path.join(src, key + '.c')):
                    continue  # left over from a file that is gone
                for line in subprocess.check_output(['nm', os.path.join(d, n)], text=True).splitlines():
                    p = line.split()
                    if len(p) == 3 and p[1] in 'TDRBC':
                        defined[p[2]] = key
                    elif len(p) == 2 and p[0] == 'U':
                        used[key].add(p[1])
        deps = {k: {defined[s] for s in u if s in defined and defined[s] != k} for k, u in used.items()}
        for a in sorted(deps):
            for b in sorted(deps[a]):
                fa, fb = os.path.dirname(a), os.path.dirname(b)
                if fa != fb and fa in rank and fb in rank and rank[fb] <= rank[fa]:
                    syms = sorted(s for s in used[a] if defined.get(s) == b)
                    bad.append(f'{a}.c uses {", ".join(syms[:3])} of {b}.c: an arrow from {fa} up to {fb}')
        # circles of files (Tarjan's strongly connected components)
        index, low, stack, on, n = {}, {}, [], set(), [0]

        def visit(v):
            index[v] = low[v] = n[0]
            n[0] += 1
            stack.append(v)
            on.add(v)
            for w in deps.get(v, ()):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 and any(os.path.dirname(c) in NO_FILE_CIRCLES for c in comp):
                    bad.append('a circle of files: ' + ' -> '.join(sorted(comp)))

        sys.setrecursionlimit(100000)
        for v in sorted(deps):
            if v not in index:
                visit(v)
    for b in bad:
        print('layers:', b)
    if bad:
        return 1
    print(f'layers: {len(sizes)} folders, {len(files)} files, every arrow points down'
          + (' (includes and symbols)' if obj else ' (includes)'))
    return 0


if __name__ == '__main__':
    sys.exit(main())
