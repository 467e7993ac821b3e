#!/usr/bin/env python3
"""ir-run's portable artifacts against MLIR's own (docs/bytecode.md "Writing").

jaxlib's StableHLO bindings act as stablehlo-translate (pip install jax[cpu];
stablehlo 1.17.0 in jaxlib 0.8). For each program -- every chunk of the given
.mlir files (tests/interpret) and, with --stablehlo GIT --data DIR, the text
source of every artifact of DIR (stablehlo/testdata/NAME.mlir and the
interpret chunks at StableHLO commit 840c41ceb) -- at the target 1.17.0
(jaxlib's newest) and at the oldest target ir-run writes it at:

  ours:   ir-run --emit=bytecode; jaxlib deserializes the bytes and the
          module it prints must equal what jaxlib prints for the generic
          text ir-run's reader makes of the same bytes (tools/bc_text; that
          text is the program's own module: tests/bytecode_write.sh compares
          its --emit=ir with the text program's);
  theirs: jaxlib serializes that module; ir-run runs jaxlib's bytes with the
          same stdout and exit status as the text program. Programs with
          check or interpreter ops (no dialect jaxlib knows) are counted
          apart: jaxlib writes such ops as unrealized casts.

With --stablehlo GIT it also reads every .mlir.bc of stablehlo/tests/vhlo
that jaxlib reads (VHLO <= 1.17.0): ir-run's --emit=ir and jaxlib's
deserialized module, both parsed and printed by jaxlib, must be equal.

The check and interpreter ops are no dialect jaxlib knows: the context
allows unregistered dialects. Not part of `make check` (CI has no jax):
`make bytecode-mlir`.
Usage: tools/bytecode_mlir.py IRRUN BC_TEXT [--stablehlo GIT [--no-vhlo]] [--data DIR] [FILE.mlir ...]
"""
import os
import re
import subprocess
import sys
import tempfile

from jax._src.interpreters import mlir as jmlir
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

JAX_NEWEST = stablehlo.get_current_version()
REF_COMMIT = "840c41ceb"


def ctx():
    c = jmlir.make_ir_context()
    c.allow_unregistered_dialects = True
    return c


def split(text):
    return [c for c in re.split(r"^// -----.*$", text, flags=re.M) if c.strip()]


def run(args, data=None):
    p = subprocess.run(args, input=data, capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def git_show(repo, path):
    """path as REV:FILE; a file missing at the REF commit is taken from HEAD"""
    r, out, _ = run(["git", "-C", repo, "show", path])
    if r != 0 and path.startswith(REF_COMMIT + ":"):
        r, out, _ = run(["git", "-C", repo, "show", "HEAD:" + path[len(REF_COMMIT) + 1:]])
    return out if r == 0 else None


class Counts:
    def __init__(self):
        self.c = {}

    def add(self, key, ok):
        v = self.c.setdefault(key, [0, 0])
        v[0 if ok else 1] += 1

    def show(self):
        for k, (p, f) in sorted(self.c.items()):
            print("%s: %d of %d" % (k, p, p + f))
        return all(f == 0 for k, (p, f) in self.c.items() if not k.startswith("("))


def one_program(irrun, bc_text, tmp, name, text, counts):
    src = os.path.join(tmp, "c.mlir")
    open(src, "w").write(text)
    rc, want_out, _ = run([irrun, src])
    if run([irrun, "--emit=ir", src])[0] != 0:
        return  # ir-run does not read it as text: nothing to compare
    # the oldest target: from 0.9.0, moving to the version each refusal names
    oldest, why = "0.9.0", b""
    while True:
        r, _, why = run([irrun, "--emit=bytecode", "--target=" + oldest, "-o", os.path.join(tmp, "o.bc"), src])
        m = re.search(rb"needs VHLO ([0-9.]+) or newer", why)
        if r == 0 or not m or m.group(1).decode() == oldest:
            break
        oldest = m.group(1).decode()
    if r != 0:
        counts.add("(not written by ir-run)", False)
        print("NOT WRITTEN %s: %s" % (name, why.decode(errors="replace").splitlines()[0][:200]))
        return
    targets = [JAX_NEWEST] + ([oldest] if oldest != JAX_NEWEST else [])
    newest = tuple(int(x) for x in JAX_NEWEST.split("."))
    for target in targets:
        label = "1.17.0" if target == JAX_NEWEST else "oldest"
        if tuple(int(x) for x in target.split(".")) > newest:
            counts.add("(oldest target newer than jaxlib's %s)" % JAX_NEWEST, True)
            continue
        out = os.path.join(tmp, "a.mlirbc")
        r, _, err = run([irrun, "--emit=bytecode", "--target=" + target, "-o", out, src])
        if r != 0:
            counts.add("ours at %s: written" % label, False)
            print("NOT WRITTEN %s at %s: %s" % (name, target, err.decode(errors="replace")[:200]))
            continue
        _, generic, _ = run([bc_text, out])
        # ops of the check or interpreter dialect (not custom calls to check.* targets)
        foreign = re.search(rb'"(check|interpreter)\.[a-z_]+"\(', generic) is not None
        try:
            with ctx() as c:
                want = str(ir.Module.parse(generic.decode()))
        except Exception as e:
            # jaxlib's verifier refuses what ir-run runs (a newer StableHLO's forms, ...)
            counts.add("(module jaxlib's verifier refuses)", True)
            print("REFUSED BY JAXLIB %s: %s" % (name, str(e)[:200].replace("\n", " ")))
            continue
        try:
            with ctx() as c:
                got = str(stablehlo.deserialize_portable_artifact(c, open(out, "rb").read()))
            ok = got == want
        except Exception as e:
            ok, got = False, str(e)
        counts.add("ours read by jaxlib at %s, same module" % label, ok)
        if not ok:
            print("DIFF ours %s at %s: %s" % (name, target, got[:300].replace("\n", " ")))
        if foreign:
            counts.add("(theirs: check/interpreter ops, not serializable by jaxlib)", True)
            continue
        try:
            with ctx() as c:
                theirs = stablehlo.serialize_portable_artifact(ir.Module.parse(generic.decode()), target)
        except Exception as e:
            counts.add("theirs at %s: serialized by jaxlib" % label, False)
            print("NOT SERIALIZED %s at %s: %s" % (name, target, str(e)[:200]))
            continue
        open(out, "wb").write(theirs)
        r, got_out, err = run([irrun, out])
        ok = r == rc and got_out == want_out
        counts.add("theirs at %s: run by ir-run, same stdout" % label, ok)
        if not ok:
            print("DIFF theirs %s at %s: %s" % (name, target, err.decode(errors="replace")[:300]))


def funcs_of(module_text):
    """name -> printed func.func of a module jaxlib parses"""
    out = {}
    with ctx() as c:
        m = ir.Module.parse(module_text)
        for op in m.body.operations:
            if op.operation.name == "func.func":
                out[ir.StringAttr(op.attributes["sym_name"]).value] = str(op)
    return out


def vhlo_files(irrun, bc_text, repo, tmp, counts):
    """The first 'Done when' line with jaxlib as REF: each .mlir.bc jaxlib
    reads, function by function: ir-run's --emit=ir of the function (its
    generic text from ir-run's reader, through the front end and printer)
    parsed and printed by jaxlib, against jaxlib's deserialized function.
    jaxlib's Python context has no quant dialect: functions on quantized
    types print but do not parse there, and are counted apart."""
    r, names, _ = run(["git", "-C", repo, "ls-tree", "--name-only", "HEAD", "stablehlo/tests/vhlo/"])
    newest = tuple(int(x) for x in JAX_NEWEST.split("."))
    for path in names.decode().split():
        m = re.search(r"\.(\d+)_(\d+)_(\d+)\.mlir\.bc$", path)
        if not m or tuple(int(x) for x in m.groups()) > newest:
            continue  # jaxlib does not read it
        data = git_show(repo, "HEAD:" + path)
        f = os.path.join(tmp, "v.mlir.bc")
        open(f, "wb").write(data)
        name = os.path.basename(path)
        theirs = {}
        try:
            with ctx() as c:
                mod = stablehlo.deserialize_portable_artifact(c, data)
                for op in mod.body.operations:
                    if op.operation.name == "func.func":
                        theirs[ir.StringAttr(op.attributes["sym_name"]).value] = str(op)
        except Exception as e:
            counts.add("(vhlo: not read by jaxlib)", False)
            print("JAXLIB %s: %s" % (name, str(e)[:200]))
            continue
        r, generic, err = run([bc_text, f])
        counts.add("vhlo files read by ir-run's reader", r == 0)
        # function by function through ir-run's front end and printer
        lines = generic.decode().splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith('  "func.func"'):
                i += 1
                continue
            j = i
            while j < len(lines) and lines[j] != "  }) : () -> ()":
                j += 1
            fn = "\n".join(lines[i:j + 1])
            i = j + 1
            fname = re.search(r'sym_name = "([^"]*)"', fn)
            if not fname or fname.group(1) not in theirs:
                continue
            fname = fname.group(1)
            src = os.path.join(tmp, "f.mlir")
            open(src, "w").write('"builtin.module"() ({\n' + fn + "\n}) : () -> ()\n")
            r, ours, err = run([irrun, "--emit=ir", src])
            if r != 0:
                counts.add("(vhlo functions ir-run does not load: index tensors, ...)", True)
                continue
            try:
                mine = funcs_of(ours.decode()).get(fname)
            except Exception as e:
                if "quant" in str(e):
                    counts.add("(vhlo functions on quantized types: jaxlib parses no quant types)", True)
                    continue
                mine = "unparsed: " + str(e)[:200]
            ok = mine == theirs[fname]
            counts.add("vhlo functions: ir-run's --emit=ir is jaxlib's", ok)
            if not ok:
                print("DIFF vhlo %s @%s:\n  ir-run: %s\n  jaxlib: %s" % (name, fname, (mine or "")[:300].replace("\n", " "),
                      theirs[fname][:300].replace("\n", " ")))


def main():
    args = sys.argv[1:]
    irrun, bc_text = args[0], args[1]
    repo = data = None
    no_vhlo = False
    files = []
    i = 2
    while i < len(args):
        if args[i] == "--stablehlo":
            repo = args[i + 1]
            i += 2
        elif args[i] == "--no-vhlo":
            no_vhlo = True
            i += 1
        elif args[i] == "--data":
            data = args[i + 1]
            i += 2
        else:
            files.append(args[i])
            i += 1
    tmp = tempfile.mkdtemp()
    counts = Counts()
    for f in files:
        for k, chunk in enumerate(split(open(f).read())):
            one_program(irrun, bc_text, tmp, "%s:%d" % (os.path.basename(f), k), chunk, counts)
        print("PROGRESS %s: %s" % (os.path.basename(f), sorted(counts.c.items())), flush=True)
    if repo and data:
        # the artifacts' text sources (not copied: read from the StableHLO git directory)
        for n in sorted(os.listdir(data)):
            if not n.endswith(".out"):
                continue
            base = n[:-4]
            if base.startswith("testdata_"):
                text = git_show(repo, "%s:stablehlo/testdata/%s.mlir" % (REF_COMMIT, base[len("testdata_"):]))
                text = text.decode() if text else None
            else:
                m = re.match(r"interpret_(.*)\.(\d+)$", base)
                src = git_show(repo, "%s:stablehlo/tests/interpret/%s.mlir" % (REF_COMMIT, m.group(1))) if m else None
                chunks = split(src.decode()) if src else []
                text = chunks[int(m.group(2))] if m and int(m.group(2)) < len(chunks) else None
            if text is None:
                counts.add("(shared program without its source)", False)
                continue
            one_program(irrun, bc_text, tmp, base, text, counts)
    if repo and not no_vhlo:
        vhlo_files(irrun, bc_text, repo, tmp, counts)
    sys.exit(0 if counts.show() else 1)


if __name__ == "__main__":
    main()
