"""irrun.jax against XLA CPU (make check-jax; tests/python/jax.sh installs
jax[cpu] first). The expected figures are worked out by hand in each test.

Run with IRRUN (the command) and IRRUN_LIBRARY set."""

import os
import subprocess
import sys
import tempfile
import unittest

import ml_dtypes
import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import irrun  # noqa: E402
import irrun.jax  # noqa: E402

IRRUN = os.path.abspath(os.environ.get("IRRUN", os.path.join(ROOT, "build", "ir-run")))
BF16 = ml_dtypes.bfloat16


def dot3(x, w):
    return jnp.dot(x, w)


# bf16 has 8 significant bits: one ULP at 1 is 2^-7. x . w = 1 + 2^-8 + 2^-8.
# REF rounds after each step: 1 + 2^-8 is halfway between 1 and 1 + 2^-7 and
# goes to the even 1 (0x3F80), twice: 1.0. Summed in f32 and rounded once:
# 1 + 2^-7 exactly (0x3F81), which is what XLA CPU computes.
X3 = np.array([1.0, 2.0 ** -8, 2.0 ** -8], BF16)
W3 = np.array([1.0, 1.0, 1.0], BF16)


class Check(unittest.TestCase):
    def test_exact_function_passes(self):
        def f(x, y):
            return x * y + 1.0

        x = np.array([[1.5, -2.0], [0.25, 3.0]], np.float32)
        r = irrun.jax.check(f, x, x, verbose=False)
        self.assertTrue(r.passed)
        (o,) = r.outputs
        self.assertEqual((o.name, o.compared, o.differing, o.max_ulp), ("result", 4, 0, 0))
        # 1.5*1.5+1, 4+1, 0.0625+1, 9+1: exact in f32
        self.assertEqual(o.reference.tolist(), [[3.25, 5.0], [1.0625, 10.0]])
        self.assertIn("PASS", r.text)

    def test_dot_accumulation_ref_and_f32(self):
        ref = irrun.jax.check(dot3, X3, W3, verbose=False)
        (o,) = ref.outputs
        self.assertFalse(ref.passed)
        self.assertEqual(o.reference.view(np.uint16).tolist(), 0x3F80)
        self.assertEqual(o.backend.view(np.uint16).tolist(), 0x3F81)
        self.assertEqual((o.differing, o.max_ulp, o.max_abs_error, o.max_rel_error), (1, 1, 2.0 ** -7, 2.0 ** -7))
        (w,) = o.worst
        self.assertEqual((w.index, w.expected_bits, w.actual_bits, w.ulp), ((), "0x3F80", "0x3F81", 1))
        self.assertTrue(irrun.jax.check(dot3, X3, W3, ulp=1, verbose=False).passed)
        f32 = irrun.jax.check(dot3, X3, W3, dot_accumulation="f32", verbose=False)
        self.assertTrue(f32.passed, f32.text)
        self.assertIn("dot_accumulation=f32", f32.text)

    def test_fp8_weights_bf16_activations(self):
        # w (f8E4M3FN) = [0.5, -1.5], widened to bf16 exactly; x = [[2, 4]]: 1 - 6 = -5
        def f(x, w):
            return jnp.dot(x, w.astype(jnp.bfloat16))

        w = np.array([0.5, -1.5], ml_dtypes.float8_e4m3fn)
        x = np.array([[2.0, 4.0]], BF16)
        r = irrun.jax.check(f, x, w, verbose=False)
        (o,) = r.outputs
        self.assertTrue(r.passed)
        self.assertEqual(o.reference.dtype, np.dtype(BF16))
        self.assertEqual(o.reference.astype(np.float32).tolist(), [-5.0])

    def test_pytree_outputs_scalars_and_names(self):
        def f(x, s):
            return {"a": x * s, "b": jnp.sum(x)}

        x = np.array([1.0, 2.0, 4.0], np.float32)
        r = irrun.jax.check(f, x, 2.0, verbose=False)  # a Python float: an f32 rank-0 argument
        self.assertEqual([o.name for o in r.outputs], ["['a']", "['b']"])
        self.assertEqual(r.outputs[0].reference.tolist(), [2.0, 4.0, 8.0])
        self.assertEqual((r.outputs[1].reference.shape, r.outputs[1].reference.item()), ((), 7.0))
        self.assertTrue(r.passed)
        m = irrun.load(irrun.jax.lower(f, x, 2.0))
        self.assertEqual(m.entry().arg_names, ["x", "s"])
        self.assertEqual(m.run({"x": x, "s": 3.0})[0].tolist(), [3.0, 6.0, 12.0])

    def test_html_page(self):
        r = irrun.jax.check(dot3, X3, W3, verbose=False)
        with tempfile.TemporaryDirectory() as tmp:
            page = r.html(os.path.join(tmp, "r.html"))
            self.assertTrue(os.path.getsize(os.path.join(tmp, "r.html")) > 1000)
        self.assertIn("1 comparison, 1 failed", page)
        self.assertIn("ULP 1 to 1: 1 elements", page)

    def test_export_reruns_in_the_cli(self):
        with tempfile.TemporaryDirectory() as tmp:
            cmd = irrun.jax.export(dot3, X3, W3, path=tmp)
            for f in ("module.mlir", "x.npy", "w.npy", "xla_output0.npy", "run.sh"):
                self.assertTrue(os.path.exists(os.path.join(tmp, f)), f)
            self.assertEqual(cmd[:6], ["ir-run", "module.mlir", "--input", "0=x.npy", "--input", "1=w.npy"])
            # REF rounding: 0x3F80 against XLA's 0x3F81, exit 1; with f32 accumulation the same
            p = subprocess.run([IRRUN] + cmd[1:], cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(p.returncode, 1, p.stderr.decode())
            with open(os.path.join(tmp, "report.html"), encoding="utf-8") as fh:
                self.assertIn("<td>1</td><td>1</td><td>1</td>", fh.read())  # compared, differing, max ULP
            p = subprocess.run([IRRUN] + cmd[1:] + ["--dot-accumulation=f32"], cwd=tmp, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            self.assertEqual(p.returncode, 0, p.stderr.decode())
            p = subprocess.run(["sh", os.path.join(tmp, "run.sh"), "--dot-accumulation=f32"],
                               env=dict(os.environ, IRRUN=IRRUN), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(p.returncode, 0, p.stderr.decode())


def poly(x):
    """GELU (erf), top_k, gammaln (lgamma) and square over a batch of rows."""
    g = jax.nn.gelu(x, approximate=False)
    v, i = jax.lax.top_k(g, 2)
    return jnp.square(g), v, i, jax.scipy.special.gammaln(jnp.abs(x) + 0.5)


class ShapePolymorphic(unittest.TestCase):
    """A symbolic batch dimension (docs/shape-polymorphism.md "chlo ops"):
    jit(...).lower writes chlo ops on `?` types (erfc, lgamma, square, top_k)
    and the batch size as a leading i32 argument; jax.export decomposes
    them itself but writes top_k as a composite. Each runs at two batch
    sizes against XLA CPU's outputs, within 1e-6 (JAX's f32 tolerance)."""

    def run_at(self, text, leading, n):
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "m.mlir"), "w", encoding="utf-8") as fh:
                fh.write(text)
            x = np.random.default_rng(n).standard_normal((n, 4)).astype(np.float32)
            np.save(os.path.join(tmp, "x.npy"), x)
            cmd = [IRRUN, "m.mlir"] + (["--args", "[dense<%d> : tensor<i32>]" % n] if leading else [])
            cmd += ["--input", "%d=x.npy" % (1 if leading else 0), "--rtol", "1e-6", "--atol", "1e-6"]
            for k, o in enumerate(jax.jit(poly)(x)):
                np.save(os.path.join(tmp, "e%d.npy" % k), np.asarray(o))
                cmd += ["--expect", "%d=e%d.npy" % (k, k)]
            p = subprocess.run(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(p.returncode, 0, p.stderr.decode())
            self.assertIn("tensor<%dx2xi32>" % n, p.stderr.decode() + p.stdout.decode())

    def test_lowered_chlo_ops(self):
        spec = jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 4"), jnp.float32)
        text = jax.jit(poly).lower(spec).as_text()
        for op in ("chlo.erfc", "chlo.lgamma", "chlo.square", "chlo.top_k", "tensor<?x4xf32>"):
            self.assertIn(op, text)
        for n in (2, 5):
            self.run_at(text, True, n)

    def test_exported_composite(self):
        spec = jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 4"), jnp.float32)
        text = jax.export.export(jax.jit(poly))(spec).mlir_module()
        self.assertIn('stablehlo.composite "chlo.top_k"', text)
        for n in (2, 5):
            self.run_at(text, False, n)


class Backend(unittest.TestCase):
    def test_it_is_xla_cpu(self):
        self.assertEqual(jax.devices()[0].platform, "cpu")
        self.assertEqual(irrun.jax.check(dot3, X3, W3, verbose=False).backend, "XLA CPU")


if __name__ == "__main__":
    unittest.main(verbosity=1)
