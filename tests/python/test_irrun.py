"""The irrun Python package against the ir-run command: on the golden files of
examples/ and on random bit patterns of every element type, the inputs the
package passes and the results it returns are bit-identical to what the
CLI's .npy path (--input, --output-dir) reads and writes; compare and info
agree with `ir-run compare` and `ir-run info`.

Run by tests/python/run.sh with IRRUN (the command) and IRRUN_LIBRARY set."""

import ast
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import irrun  # noqa: E402

IRRUN = os.path.abspath(os.environ.get("IRRUN", os.path.join(ROOT, "build", "ir-run")))
VALIDATION = os.path.join(ROOT, "examples", "validation")
GOLDEN = os.path.join(ROOT, "examples", "golden")


def npy_bytes(path):
    """(shape, element bytes) of a .npy file, whatever its descr: ml_dtypes
    names are not NumPy's, so np.load cannot read every golden file."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", path
    hlen_size = 2 if data[6] == 1 else 4
    hlen = int.from_bytes(data[8:8 + hlen_size], "little")
    header = ast.literal_eval(data[8 + hlen_size:8 + hlen_size + hlen].decode("latin1"))
    return tuple(header["shape"]), data[8 + hlen_size + hlen:]


def raw_array(path, dtype):
    shape, data = npy_bytes(path)
    return np.frombuffer(data, dtype=dtype).reshape(shape)


def cli(*args, ok=(0,)):
    p = subprocess.run([IRRUN] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in ok:
        raise AssertionError("ir-run %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr.decode()))
    return p.stdout.decode()


def cli_results(program, input_files, nresults, tmp):
    """The CLI's results written with plain-byte descrs (np.load reads them)."""
    out = os.path.join(tmp, "out")
    args = [program, "--output-dir", out, "--npy-descr=u1"]
    for k, f in enumerate(input_files):
        args += ["--input", "%d=%s" % (k, f)]
    cli(*args)
    return [np.load(os.path.join(out, "result%d.npy" % k)) for k in range(nresults)]


class GoldenFiles(unittest.TestCase):
    def test_matmul_f8_npy_inputs(self):
        program = os.path.join(VALIDATION, "matmul_f8.mlir")
        lhs = os.path.join(VALIDATION, "lhs.npy")  # descr '<V1'
        rhs = os.path.join(VALIDATION, "rhs.npy")  # descr 'float8_e4m3fn'
        (got,) = irrun.run(program, [raw_array(lhs, np.uint8), raw_array(rhs, np.uint8)])
        with tempfile.TemporaryDirectory() as tmp:
            (want,) = cli_results(program, [lhs, rhs], 1, tmp)
        self.assertEqual(got.dtype.itemsize, 1)
        self.assertEqual(got.shape, (2, 2))
        self.assertEqual(got.tobytes(), want.tobytes())
        shape, ref = npy_bytes(os.path.join(VALIDATION, "reference_out.npy"))
        self.assertEqual(got.tobytes(), ref)

    def test_golden_add_and_convert(self):
        with tempfile.TemporaryDirectory() as tmp:
            a = np.array([0x38, 0x1D, 0x7E, 0xC2], np.uint8)  # 1, 0.1015625, 448, -2.5
            b = np.array([0x38, 0x38, 0x08, 0xC0], np.uint8)
            np.save(os.path.join(tmp, "a.npy"), a)
            np.save(os.path.join(tmp, "b.npy"), b)
            program = os.path.join(GOLDEN, "add_f8.mlir")
            (got,) = irrun.run(program, [a, b])
            (want,) = cli_results(program, [os.path.join(tmp, "a.npy"), os.path.join(tmp, "b.npy")], 1, tmp)
            self.assertEqual(got.tobytes(), want.tobytes())
            self.assertEqual(list(got), [0x40, 0x39, 0x7E, 0xC9])  # 2, 1.125, 448 (+ 2^-6), -4.5

            x = np.array([[0.1, -3.3], [1e30, -0.0]], np.float32)
            np.save(os.path.join(tmp, "x.npy"), x)
            program = os.path.join(GOLDEN, "convert.mlir")
            got = irrun.run(program, [x])
            want = cli_results(program, [os.path.join(tmp, "x.npy")], 2, tmp)
            for g, w in zip(got, want):
                self.assertEqual(g.shape, w.shape)
                self.assertEqual(g.tobytes(), w.tobytes())


# element type -> (plain dtype its .npy file is written in, an op it supports)
TYPES = {
    "i1": (np.bool_, "or"), "i2": (np.int8, "add"), "i4": (np.int8, "add"), "i8": (np.int8, "add"),
    "i16": (np.int16, "multiply"), "i32": (np.int32, "add"), "i64": (np.int64, "subtract"),
    "ui2": (np.uint8, "add"), "ui4": (np.uint8, "multiply"), "ui8": (np.uint8, "add"),
    "ui16": (np.uint16, "add"), "ui32": (np.uint32, "add"), "ui64": (np.uint64, "multiply"),
    "f4E2M1FN": (np.uint8, "add"), "f6E2M3FN": (np.uint8, "multiply"), "f6E3M2FN": (np.uint8, "add"),
    "f8E3M4": (np.uint8, "add"), "f8E4M3": (np.uint8, "multiply"), "f8E4M3FN": (np.uint8, "add"),
    "f8E4M3FNUZ": (np.uint8, "subtract"), "f8E4M3B11FNUZ": (np.uint8, "add"), "f8E5M2": (np.uint8, "divide"),
    "f8E5M2FNUZ": (np.uint8, "add"), "f8E8M0FNU": (np.uint8, "multiply"), "bf16": (np.uint16, "add"),
    "f16": (np.float16, "multiply"), "f32": (np.float32, "divide"), "f64": (np.float64, "add"),
    "complex<f32>": (np.complex64, "multiply"), "complex<f64>": (np.complex128, "add"),
}

VALUE_BITS = {"i2": 2, "i4": 4, "ui2": 2, "ui4": 4, "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6}


def random_elements(rng, name, dtype, n):
    """n elements of type `name` in its storage dtype, from random bits."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_)
    bits = rng.integers(0, 256, n * dtype.itemsize, dtype=np.uint8)
    if name in VALUE_BITS:
        v = VALUE_BITS[name]
        bits &= (1 << v) - 1
        if name.startswith("i"):  # sign-extend to the byte
            bits = np.where(bits >= 1 << (v - 1), bits | (0xFF << v) & 0xFF, bits).astype(np.uint8)
    return bits.view(dtype).copy()


class EveryType(unittest.TestCase):
    def test_inputs_and_results_bit_identical_to_cli(self):
        rng = np.random.default_rng(17)
        with tempfile.TemporaryDirectory() as tmp:
            for name, (dtype, op) in TYPES.items():
                t = "tensor<3x5x%s>" % name
                program = os.path.join(tmp, "p.mlir")
                with open(program, "w") as f:
                    f.write("func.func @main(%%a: %s, %%b: %s) -> (%s, %s) {\n"
                            "  %%0 = stablehlo.%s %%a, %%b : %s\n"
                            "  return %%a, %%0 : %s, %s\n}\n" % (t, t, t, t, op, t, t, t))
                a = random_elements(rng, name, dtype, 15).reshape(3, 5)
                b = random_elements(rng, name, dtype, 15).reshape(3, 5)
                if op == "divide" and name.startswith(("i", "ui")):
                    b |= 1
                fa, fb = os.path.join(tmp, "a.npy"), os.path.join(tmp, "b.npy")
                np.save(fa, a)
                np.save(fb, b)
                got = irrun.run(program, [a, b])
                want = cli_results(program, [fa, fb], 2, tmp)
                with self.subTest(type=name):
                    self.assertEqual(got[0].tobytes(), a.tobytes(), "input not passed through unchanged")
                    for g, w in zip(got, want):
                        self.assertEqual(g.shape, (3, 5))
                        self.assertEqual(g.dtype.itemsize, w.dtype.itemsize)
                        self.assertEqual(g.tobytes(), w.tobytes())


class Compare(unittest.TestCase):
    def test_report_matches_cli(self):
        exp = os.path.join(VALIDATION, "reference_out.npy")
        act = os.path.join(VALIDATION, "backend_out.npy")
        e, a = raw_array(exp, np.uint8), raw_array(act, np.uint8)
        for rule, args in (({}, []), ({"ulp": 1}, ["--max-ulp", "1"]), ({"atol": 0.3}, ["--atol", "0.3"])):
            rep = irrun.compare(e, a, type="float8_e4m3fn", **rule)
            out = cli("compare", "--type", "f8E4M3FN", exp, act, "--report", "json", *args, ok=(0, 1))
            j = json.loads(out)
            with self.subTest(rule=rule):
                self.assertEqual(rep.passed, j["passed"])
                self.assertEqual(bool(rep), j["passed"])
                self.assertEqual(rep.compared, j["compared"])
                self.assertEqual(rep.differing, j["differing"])
                self.assertEqual(rep.max_ulp, j["max_ulp"])
                self.assertEqual(rep.histogram, j["histogram"])
                # reference_out vs backend_out: |-6 - -7| = 1 and 1/7 the largest errors
                self.assertEqual((rep.max_abs_error, rep.max_rel_error), (1.0, 1 / 7))
                self.assertEqual(rep.max_abs_error, j["max_abs_error"]["value"])
                self.assertEqual(rep.max_rel_error, j["max_rel_error"]["value"])
                self.assertEqual([list(d.index) for d in rep.first], [d["index"] for d in j["elements"]])
                self.assertEqual([d.actual_bits for d in rep.first], [d["actual"] for d in j["elements"]])
                self.assertEqual([d.ulp for d in rep.first], [d["ulp"] for d in j["elements"]])
                self.assertEqual(json.loads(rep.json), j)
        text = cli("compare", "--type", "f8E4M3FN", exp, act, ok=(1,))
        self.assertEqual(irrun.compare(e, a, type="f8E4M3FN").text, text)

    def test_dtype_decides_the_type(self):
        x = np.array([1.0, -0.0, np.nan], np.float32)
        y = np.array([1.0, 0.0, np.nan], np.float32)
        rep = irrun.compare(x, y)
        self.assertEqual((rep.passed, rep.differing, rep.negzero_mismatches), (False, 1, 1))
        self.assertTrue(irrun.compare(x, y, signed_zero="equal"))
        with self.assertRaises(irrun.Error):
            irrun.compare(np.zeros(3, np.uint8), np.zeros(3, np.uint8), type="f9")
        with self.assertRaises(irrun.Error):
            irrun.compare(np.zeros(3, np.float32), np.zeros(4, np.float32))


class Info(unittest.TestCase):
    def test_matches_cli_info(self):
        for name in ("f4E2M1FN", "f6E3M2FN", "f8E4M3FN", "f8E5M2FNUZ", "f8E8M0FNU", "bf16", "f16", "f32", "tf32"):
            lines = dict(l.split(None, 1) if not l.startswith(("min ", "exponent", "mantissa", "negative"))
                         else (" ".join(l.split()[:2]), l.split(None, 2)[2]) for l in cli("info", name).splitlines())
            i = irrun.info(name)
            with self.subTest(type=name):
                self.assertEqual(i.bits, int(lines["bits"]))
                self.assertEqual(i.nexp, int(lines["exponent bits"]))
                self.assertEqual(i.nmant, int(lines["mantissa bits"]))
                self.assertEqual(i.bias, int(lines["bias"]))
                self.assertEqual(i.max, float(lines["max"].split()[0]))
                self.assertEqual(i.eps, float(lines["epsilon"]))
                self.assertEqual(i.smallest_normal, float(lines["min normal"].split()[0]))
                sub = lines["min subnormal"]
                self.assertEqual(i.smallest_subnormal, None if sub == "none" else float(sub.split()[0]))
                self.assertEqual(i.has_inf, lines["inf"].startswith("yes"))
                self.assertEqual(i.has_nan, lines["nan"].startswith("yes"))
        self.assertEqual(irrun.info("float8_e4m3fn").max, 448.0)
        self.assertEqual(irrun.info(np.float16).max, 65504.0)
        with self.assertRaises(irrun.Error):
            irrun.info("i8")


class Errors(unittest.TestCase):
    def test_located_and_typed(self):
        bad = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %b : tensor<2xf32>\n}\n"
        with self.assertRaises(irrun.Error) as c:
            irrun.run(bad, [np.zeros(2, np.float32)])
        self.assertIn("<text>:2:10: error:", c.exception.message)
        program = os.path.join(VALIDATION, "matmul_f8.mlir")
        good = np.zeros((3, 2), np.uint8)
        with self.assertRaises(irrun.Error) as c:  # float32 data is never reinterpreted as FP8
            irrun.run(program, [np.zeros((2, 3), np.float32), good])
        self.assertIn("float32", str(c.exception))
        with self.assertRaises(irrun.Error) as c:
            irrun.run(program, [np.zeros((3, 3), np.uint8), good])
        self.assertIn("tensor<3x3xf8E4M3FN>", str(c.exception))
        with self.assertRaises(irrun.Error) as c:
            irrun.run(program, [np.zeros((2, 3), np.uint8)])
        self.assertIn("takes 2 arguments", str(c.exception))
        with self.assertRaises(irrun.Error) as c:
            irrun.run(program, [np.zeros((2, 3), np.uint8), good], entry="nope")
        self.assertIn("@main", str(c.exception))
        f4 = "func.func @main(%a: tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN> {\n  return %a : tensor<2xf4E2M1FN>\n}\n"
        with self.assertRaises(irrun.Error) as c:
            irrun.run(f4, [np.array([1, 0x10], np.uint8)])
        self.assertIn("element 1 is the byte 0x10", str(c.exception))

    def test_failed_check_keeps_results(self):
        prog = ("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>\n"
                "  return %a : tensor<2xf32>\n}\n")
        self.assertEqual(irrun.run(prog, [[1, 2]])[0].tolist(), [1.0, 2.0])
        with self.assertRaises(irrun.Error) as c:
            irrun.run(prog, [[1, 3]])
        self.assertEqual(c.exception.status, "check failed")
        self.assertEqual(c.exception.results[0].tolist(), [1.0, 3.0])
        d = irrun.load(prog).run_details([[1, 3]])
        self.assertEqual((d.checks_passed, d.checks_failed), (0, 1))
        self.assertIn("<text>:2:", d.messages)
        self.assertEqual(d.results[0].tolist(), [1.0, 3.0])

    def test_interpreter_print_output(self):
        prog = ("func.func @main(%a: tensor<2xbf16>) -> tensor<2xbf16> {\n"
                "  \"interpreter.print\"(%a) : (tensor<2xbf16>) -> ()\n"
                "  return %a : tensor<2xbf16>\n}\n")
        a = np.array([0x3F80, 0xC000], np.uint16)  # bf16 1.0, -2.0 without ml_dtypes
        d = irrun.load(prog).run_details([a])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.mlir")
            with open(path, "w") as f:
                f.write(prog)
            np.save(os.path.join(tmp, "a.npy"), a)
            printed = cli(path, "--input", "0=" + os.path.join(tmp, "a.npy"))
        # the CLI prints interpreter.print's text, then the result in the same form
        self.assertTrue(d.output and printed.startswith(d.output), (d.output, printed))
        self.assertEqual(d.checks_passed + d.checks_failed, 0)


class MlDtypes(unittest.TestCase):
    def test_ml_dtypes_arrays(self):
        try:
            import ml_dtypes
        except ImportError:
            self.skipTest("ml_dtypes is not installed: the uint8 path is the one tested")
        program = os.path.join(VALIDATION, "matmul_f8.mlir")
        lhs = raw_array(os.path.join(VALIDATION, "lhs.npy"), np.uint8).view(ml_dtypes.float8_e4m3fn)
        rhs = raw_array(os.path.join(VALIDATION, "rhs.npy"), np.uint8).view(ml_dtypes.float8_e4m3fn)
        (got,) = irrun.run(program, [lhs, rhs])
        self.assertEqual(got.dtype, np.dtype(ml_dtypes.float8_e4m3fn))
        self.assertEqual(got.tobytes(), npy_bytes(os.path.join(VALIDATION, "reference_out.npy"))[1])
        self.assertEqual(irrun.info("float8_e5m2").max, float(ml_dtypes.finfo(ml_dtypes.float8_e5m2).max))


if __name__ == "__main__":
    unittest.main(verbosity=1)
