"""examples/jax: the FP8 MLP and the transformer block of models.py checked
against XLA CPU with irrun.jax.check, once with REF's rounding (every dot
rounded to bf16 after each multiply-add) and once with dot_accumulation="f32"
(dots summed in f32 and rounded once, as XLA does). Prints the figures the
README explains, writes an HTML report per model and accumulation into
--out (default build/examples-jax), and checks the figures the README
states: with f32 accumulation the MLP is bit for bit XLA's and the block
within the bounds below; with REF rounding both differ far more.

    make check-jax          (installs jax[cpu] into build/jax-env first)
    python3 examples/jax/run.py [--out DIR]"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)

import irrun.jax  # noqa: E402
import models  # noqa: E402

# what README.md says about the f32-accumulation runs (the REF-rounding runs
# differ by thousands of ULPs where a sum crosses zero: only "much worse")
EXPECT_F32 = {"mlp_fp8": 0, "transformer_block": 64}


def row(model, acc, out):
    r = out.report
    return "%-18s %-4s %5d %5d %8s %10s %10s %s" % (
        model, acc, r.compared, r.differing, "none" if r.max_ulp is None else r.max_ulp,
        "%.4g" % r.max_abs_error, "%.4g" % r.max_rel_error, "%d/%d/%d" % (
            r.nan_mismatches, r.inf_mismatches, r.negzero_mismatches))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", "build", "examples-jax"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    lines, failed = [], []
    for name, (f, inputs) in models.MODELS.items():
        xs = inputs()
        got = {}
        for acc in ("ref", "f32"):
            c = irrun.jax.check(f, *xs, dot_accumulation=acc, verbose=False)
            c.html(os.path.join(args.out, "%s_%s.html" % (name, acc)),
                   title="%s: ir-run (dot_accumulation=%s) vs XLA CPU" % (name, acc))
            (out,) = c.outputs
            got[acc] = out.report
            lines.append(row(name, acc, out))
            if acc == "ref":
                worst = out.report.worst[0]
                lines.append("%-18s      worst %s: ir-run %s, XLA %s, ULP %s" % (
                    "", list(worst.index), worst.expected_value, worst.actual_value, worst.ulp))
        if got["f32"].max_ulp is None or got["f32"].max_ulp > EXPECT_F32[name]:
            failed.append("%s: max ULP %s with f32 accumulation, the README says at most %d" % (
                name, got["f32"].max_ulp, EXPECT_F32[name]))
        if not got["ref"].max_ulp > 100 * max(1, got["f32"].max_ulp):
            failed.append("%s: REF rounding is not far from XLA (max ULP %s)" % (name, got["ref"].max_ulp))
    print("%-18s %-4s %5s %5s %8s %10s %10s %s" % ("model", "dot", "elems", "diff", "max ULP", "max abs",
                                                   "max rel", "NaN/Inf/-0"))
    print("\n".join(lines))
    print("HTML reports in %s" % os.path.abspath(args.out))
    for f in failed:
        print("examples/jax: " + f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
