#!/usr/bin/env python3
"""ir-run's portable artifacts against MLIR's own (docs/bytecode.md "Writing").

jaxlib's StableHLO bindings act as stablehlo-translate (pip install jax[cpu]):
for each program (every tests/interpret chunk and, with --data DIR, every
NAME.mlir beside the artifacts of DIR), at the target 1.17.0 (jaxlib's
newest) and at the oldest target ir-run can write it at:

  1. ir-run --emit=bytecode: jaxlib deserializes the bytes, and the module it
     prints must equal what jaxlib prints for the MLIR generic text ir-run's
     reader makes of the same bytes (tools/bc_text; tests/bytecode_write.sh
     shows that text is the program's own module, its --emit=ir equal);
  2. jaxlib serializes that text: ir-run runs jaxlib's bytes with the same
     stdout as the text program.

The check and interpreter ops are no dialect jaxlib knows: the context allows
unregistered dialects, so they print in the generic form both ways.
Not part of `make check` (CI has no jax): `make bytecode-mlir`.
Usage: tools/bytecode_mlir.py IRRUN BC_TEXT [FILE.mlir ...]
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


def ctx():
    c = jmlir.make_ir_context()
    c.allow_unregistered_dialects = True
    return c


def chunks(path):
    text = open(path).read()
    return [c for c in re.split(r"^// -----.*$", text, flags=re.M) if c.strip()]


def run(irrun, args, data=None):
    p = subprocess.run([irrun] + args, input=data, capture_output=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def main():
    irrun, bc_text = sys.argv[1], sys.argv[2]
    files = sys.argv[3:]
    counts = {}
    tmp = tempfile.mkdtemp()

    def count(key, ok):
        c = counts.setdefault(key, [0, 0])
        c[0 if ok else 1] += 1

    for f in files:
        for i, chunk in enumerate(chunks(f)):
            name = "%s:%d" % (os.path.basename(f), i)
            src = os.path.join(tmp, "c.mlir")
            open(src, "w").write(chunk)
            rc, want_out, _ = run(irrun, [src])
            if run(irrun, ["--emit=bytecode", "-o", os.path.join(tmp, "t.bc"), src])[0] != 0:
                count("ours: not written", False)
                continue
            rc_t, text, _ = run(bc_text, [os.path.join(tmp, "t.bc")])
            try:
                with ctx() as c:
                    want = str(ir.Module.parse(text.decode()))
            except Exception as e:
                count("generic text parsed by jaxlib", False)
                print("NOPARSE %s: %s" % (name, str(e)[:300]))
                continue
            # the oldest target ir-run writes it at: from 0.9.0, moving to the version each refusal names
            oldest = "0.9.0"
            while True:
                r, _, err = run(irrun, ["--emit=bytecode", "--target=" + oldest, "-o", os.path.join(tmp, "o.bc"), src])
                m = re.search(rb"needs VHLO ([0-9.]+) or newer", err)
                if r == 0 or not m or m.group(1).decode() == oldest:
                    break
                oldest = m.group(1).decode()
            for target in sorted({JAX_NEWEST, oldest}):
                out = os.path.join(tmp, "a.mlirbc")
                r, _, err = run(irrun, ["--emit=bytecode", "--target=" + target, "-o", out, src])
                if r != 0:
                    count("ours at %s: not written" % ("newest" if target == JAX_NEWEST else "oldest"), False)
                    continue
                try:
                    with ctx() as c:
                        got = str(stablehlo.deserialize_portable_artifact(c, open(out, "rb").read()))
                    ok = got == want
                except Exception as e:
                    ok = False
                    got = str(e)
                count("ours read by jaxlib at %s" % ("1.17.0" if target == JAX_NEWEST else "oldest"), ok)
                if not ok:
                    print("DIFF ours %s at %s: %s" % (name, target, got[:300].replace("\n", " ")))
                try:
                    with ctx() as c:
                        m = ir.Module.parse(text.decode())
                        theirs = stablehlo.serialize_portable_artifact(m, target, True) \
                            if hasattr(stablehlo, "serialize_portable_artifact") else None
                except Exception as e:
                    theirs = None
                if theirs is None:
                    count("jaxlib serializes at %s" % target, False)
                    continue
                open(out, "wb").write(theirs)
                r, got_out, err = run(irrun, [out])
                ok = r == rc and got_out == want_out
                count("jaxlib's read by ir-run at %s" % ("1.17.0" if target == JAX_NEWEST else "oldest"), ok)
                if not ok:
                    print("DIFF theirs %s at %s: %s" % (name, target, err[:300]))
    for k, (p, fl) in sorted(counts.items()):
        print("%s: %d of %d" % (k, p, p + fl))


if __name__ == "__main__":
    main()
