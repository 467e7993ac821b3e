"""The irrun Python package against the ir-run command: on the golden files of
examples/ and on random bit patterns of every element type, the inputs the
package passes and the results it returns are bit-identical to what the
CLI's .npy path (--input, --output-dir) reads and writes; compare and info
agree with `ir-run compare` and `ir-run info`.

Run by tests/python/run.sh with IRRUN (the command) and IRRUN_LIBRARY set."""

import ast
import contextlib
import io
import json
import os
import pathlib
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


def identity(t):
    return "func.func @main(%%a: %s) -> %s {\n  return %%a : %s\n}\n" % (t, t, t)


def bits(a):
    """The bytes of an array as unsigned integers of its item size (ml_dtypes
    arrays and raw storage alike)."""
    return np.frombuffer(a.tobytes(), "<u%d" % a.dtype.itemsize).tolist()


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
            self.assertEqual(bits(got), [0x40, 0x39, 0x7E, 0xC9])  # 2, 1.125, 448 (+ 2^-6), -4.5

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


def storage(name, a):
    """The bytes of an array of element type `name`; for int2/int4 only their
    value bits (ml_dtypes keeps the rest of the byte zero, the CLI's plain
    .npy files sign-extend: the same values)."""
    if name in VALUE_BITS and name[0] in "iu":
        return (np.frombuffer(a.tobytes(), np.uint8) & ((1 << VALUE_BITS[name]) - 1)).tobytes()
    return a.tobytes()


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
                    self.assertEqual(storage(name, got[0]), storage(name, a), "input not passed through unchanged")
                    for g, w in zip(got, want):
                        self.assertEqual(g.shape, (3, 5))
                        self.assertEqual(g.dtype.itemsize, w.dtype.itemsize)
                        self.assertEqual(storage(name, g), storage(name, w))


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


class Documents(unittest.TestCase):
    """irrun.document and Report.worst (irrun_compare_document): the figures
    worked out by hand. e against a: [0, 1] is 1 ULP off (2 + 2^-22), [1, 1]
    a NaN against 4, [1, 0] 8 ULP off (3 + 8 * 2^-22)."""

    E = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    A = np.array([[1.0, 2.0 + 2.0 ** -22], [3.0 + 8 * 2.0 ** -22, np.nan]], np.float32)

    def test_worst_and_json(self):
        rep = irrun.compare(self.E, self.A)
        self.assertEqual([d.index for d in rep.first], [(0, 1), (1, 0), (1, 1)])
        self.assertEqual([(d.index, d.ulp) for d in rep.worst], [((1, 1), None), ((1, 0), 8), ((0, 1), 1)])
        doc = json.loads(irrun.document([rep, irrun.compare(self.E, self.E)], form="json", labels=["a", "same"],
                                        limit=1))
        first, second = doc["reports"]
        self.assertEqual((first["label"], first["differing"], first["max_ulp"], first["order"]), ("a", 3, 8, "worst"))
        self.assertEqual([e["index"] for e in first["elements"]], [[1, 1]])
        self.assertEqual((second["label"], second["passed"], second["elements"]), ("same", True, []))
        # 8 * 2^-22 is the largest absolute error, at [1, 0]
        self.assertEqual(first["max_abs_error"]["value"], 8 * 2.0 ** -22)
        every = json.loads(irrun.document([rep], form="json", limit=None, sort="index"))["reports"][0]
        self.assertEqual([e["index"] for e in every["elements"]], [[0, 1], [1, 0], [1, 1]])

    def test_html_and_text(self):
        rep = irrun.compare(self.E, self.A)
        page = irrun.document([rep], labels=["out"], title="t <1>")
        self.assertTrue(page.startswith("<!DOCTYPE html>"))
        self.assertIn("<title>t &lt;1&gt;</title>", page)
        self.assertIn("1 comparison, 1 failed", page)
        self.assertIn('class="heat"', page)  # rank 2
        self.assertIn("ULP 8 to 15: 1 elements", page)
        text = irrun.document([rep], form="text", labels=["out"])
        self.assertTrue(text.startswith("out: tensor<2x2xf32> (rule: exact): 4 compared, 3 differing"), text)
        with self.assertRaises(ValueError):
            irrun.document([rep], labels=["a", "b"])
        with self.assertRaises(irrun.Error):
            irrun.document([rep], form="pdf")


# a StableHLO portable artifact (VHLO bytecode), the module
# tests/unit/test_bytecode.c writes byte by byte: main() returns [1, 2] + [3, 4]
ARTIFACT = (
    b'ML\xefR\rtest\x00\x01%\x05\x01\x07\x07\x07\x03\t\x01\x0b\x01\x03\x0b'
    b'\x03\t\x0f\x13\x17\x1b\x02Q\x1f\x1d\x0f#\x05\x03\x01\x1d\x11\x1f\x03\x11\x00\x00\x80?'
    b'\x00\x00\x00@\x1f\x03\x11\x00\x00@@\x00\x00\x80@\t)\x03\t\x01\x11\x01\x03\x03'
    b'\x03%\x0f\x07\x01\x03\x07\x03\r\x0b\x0b\x0b\x0b//\x03\x07\x07\x13\x13\x04[\x05\x01'
    b'\x10\x01\x07\x04M\x03\x01\x05\x03P\x01\x01\x07\x049\x03\x07\x11\x05B\x01\x03\x03\x03'
    b'\x05B\x01\x05\x03\x03\x07\x06\x01\x03\x03\x05\x01\x03\t\x04\x01\x03\x05\x08\x17\x07\x0b\x07'
    b'\x05\x07\x03\t\x03\x0b\x03\r\x00\x93\x13\x03\x0b\x15\x0f\x19\x11\x0f\x0b\x11buil'
    b'tin\x00vhlo\x00module\x00func_v1\x00'
    b'constant_v1\x00add_v1\x00retur'
    b'n_v1\x00main\x00\x00')


class Bytecode(unittest.TestCase):
    def test_artifact_from_bytes_and_file(self):
        (got,) = irrun.run(irrun.load(ARTIFACT, "add.mlirbc"))
        self.assertEqual(got.tolist(), [4.0, 6.0])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "add.bin")
            with open(path, "wb") as f:
                f.write(ARTIFACT)
            (got,) = irrun.load_file(path).run()
            self.assertEqual(got.tolist(), [4.0, 6.0])
        with self.assertRaises(irrun.Error) as e:
            irrun.load(ARTIFACT[:100], "cut.mlirbc")
        self.assertIn("cut.mlirbc: error: byte 94 (IR section): expected 45 bytes, only 6 remain", str(e.exception))

    def test_to_bytecode_round_trip_and_refusal(self):
        # the artifact written (issue 36) reads back to the same results; 1 + 1 and 2 + 2 by hand
        m = irrun.load("func.func @main() -> tensor<2xf32> {\n"
                       "  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
                       "  %1 = stablehlo.add %0, %0 : tensor<2xf32>\n"
                       "  return %1 : tensor<2xf32>\n}\n", "add.mlir")
        for target in ("current", "minimum", "1.17.0"):
            data = m.to_bytecode(target)
            self.assertTrue(data.startswith(b"ML\xefR"))
            (got,) = irrun.load(data, "w.mlirbc").run()
            self.assertEqual(got.tolist(), [2.0, 4.0])
        self.assertIn(b"StableHLO_v0.9.0", irrun.load(ARTIFACT, "a.mlirbc").to_bytecode("minimum")[:40])
        tan = irrun.load("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n"
                         "  %0 = stablehlo.tan %x : tensor<f32>\n  return %0 : tensor<f32>\n}\n", "tan.mlir")
        with self.assertRaises(irrun.Error) as e:
            tan.to_bytecode("1.3.0")
        self.assertIn("tan.mlir:2:8: error: 'stablehlo.tan' needs VHLO 1.4.0 or newer", str(e.exception))
        with self.assertRaises(irrun.Error) as e:
            tan.to_bytecode("9.9.9")
        self.assertIn("newer than 1.20.0", str(e.exception))


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
        with self.assertRaises(irrun.Error) as c:  # int32 data is never reinterpreted as FP8
            irrun.run(program, [np.zeros((2, 3), np.int32), good])
        self.assertIn("int32", str(c.exception))
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


class ByteOrder(unittest.TestCase):
    """Big-endian arrays are data in another byte order, not other data."""

    def test_big_endian_inputs_are_swapped(self):
        for t, dtype, values in (("f32", ">f4", [1, 2, 3, 4]), ("i32", ">i4", [1, 2, -3, 2 ** 31 - 1]),
                                 ("complex<f32>", ">c8", [1 + 2j, -3.5j, 4, 0]), ("f64", ">f8", [0.1, -2, 3, 1e300]),
                                 ("ui16", ">u2", [1, 2, 0x1234, 0xFFFF])):
            big = np.array(values, dtype)
            with self.subTest(dtype=dtype):
                self.assertFalse(big.dtype.isnative)
                (got,) = irrun.run(identity("tensor<4x%s>" % t), [big])
                self.assertEqual(got.dtype, big.dtype.newbyteorder("="))
                self.assertEqual(got.tolist(), big.tolist())

    def test_big_endian_raw_storage(self):
        # bf16 bit patterns 1.0, -2.0 as big-endian uint16
        (got,) = irrun.run(identity("tensor<2xbf16>"), [np.array([0x3F80, 0xC000], ">u2")])
        self.assertEqual(bits(got), [0x3F80, 0xC000])

    def test_compare_big_endian(self):
        a = np.array([1, 2, 3, 4], np.float32)
        rep = irrun.compare(a, a.astype(">f4"))
        self.assertTrue(rep.passed, rep.text)
        rep = irrun.compare(a.astype(">f4"), np.array([1, 2, 3, 5], ">f4"))
        self.assertEqual((rep.passed, rep.differing), (False, 1))

    def test_strided_views(self):
        a = np.arange(8, dtype=np.float32)[::2]
        (got,) = irrun.run(identity("tensor<4xf32>"), [a])
        self.assertEqual(got.tolist(), [0, 2, 4, 6])


class Values(unittest.TestCase):
    """Python numbers and lists are values, rounded once into the type (the
    bit patterns worked out by hand: f8E4M3FN has bias 7, 3 mantissa bits,
    max 448 = 0 1111 110 and NaN only at S1111111; bf16 is f32's top half)."""

    def test_fp8_lists_are_rounded_not_taken_as_bits(self):
        p = identity("tensor<4xf8E4M3FN>")
        cases = (
            ([1.0, 2.0, 3.0, 4.0], [0x38, 0x40, 0x44, 0x48]),
            # 0.1 = 1.6 * 2^-4: mantissa 4.8/8 rounds to 5/8 (0.1015625); 500 is past 464, the midpoint
            # above 448: NaN (no Inf)
            ([0.1, 448.0, 500.0, -2.5], [0x1D, 0x7E, 0x7F, 0xC2]),
            ([0.5, 448, -1.0, 1e9], [0x30, 0x7E, 0xB8, 0x7F]),
            # halfway cases go to the even pattern: 1.0625 between 0x38 and 0x39, 1.1875 between 0x39
            # and 0x3A; 2^-10 between +0 and the least subnormal 2^-9
            ([1.0625, 1.1875, 2.0 ** -10, -0.0], [0x38, 0x3A, 0x00, 0x80]),
        )
        for values, want in cases:
            with self.subTest(values=values):
                (got,) = irrun.run(p, [values])
                self.assertEqual(bits(got), want)

    def test_other_small_types(self):
        # bf16: 1.0 0x3F80, 3.0 0x4040, 0.1 0x3DCD (f32 0x3DCCCCCD rounded up), -0.5 0xBF00
        (got,) = irrun.run(identity("tensor<4xbf16>"), [[1.0, 3.0, 0.1, -0.5]])
        self.assertEqual(bits(got), [0x3F80, 0x4040, 0x3DCD, 0xBF00])
        # f4E2M1FN: 2.5 halfway from 2 (0 10 0) to 3 (0 10 1): 0x4; 5 halfway from 4 (0x6) to 6 (0x7):
        # 0x6; 0.75 halfway from 0.5 (0x1) to 1 (0x2): 0x2; -6 is 0xF
        (got,) = irrun.run(identity("tensor<4xf4E2M1FN>"), [[2.5, 5, 0.75, -6]])
        self.assertEqual(bits(got), [0x4, 0x6, 0x2, 0xF])
        # f8E5M2: 1.0 is 0 01111 00, 57344 (max) 0 11110 11, inf 0 11111 00
        (got,) = irrun.run(identity("tensor<3xf8E5M2>"), [[1, 57344, float("inf")]])
        self.assertEqual(bits(got), [0x3C, 0x7B, 0x7C])

    def test_numpy_float_types(self):
        (got,) = irrun.run(identity("tensor<3xf32>"), [[0.1, 10 ** 400, -(10 ** 400)]])
        self.assertEqual(bits(got), [0x3DCCCCCD, 0x7F800000, 0xFF800000])
        (got,) = irrun.run(identity("tensor<2xf16>"), [[65520.0, 1 / 3]])  # halfway past max: Inf
        self.assertEqual(bits(got), [0x7C00, 0x3555])

    def test_integers_are_checked_not_truncated(self):
        p = identity("tensor<3xi32>")
        for values in ([1.5, 2.7, -0.9], [2 ** 40, 0, 0], [-(2 ** 31) - 1, 0, 0], [1, float("nan"), 2],
                       ["1", "2", "3"]):
            with self.subTest(values=values):
                with self.assertRaises(irrun.Error) as c:
                    irrun.run(p, [values])
                self.assertEqual(c.exception.status, "bad input")
        (got,) = irrun.run(p, [[2.0, -(2 ** 31), 2 ** 31 - 1]])
        self.assertEqual(got.tolist(), [2, -(2 ** 31), 2 ** 31 - 1])
        for t, bad, good in (("i4", [8, -9], [-8, 7]), ("ui4", [16, -1], [0, 15]), ("ui8", [256, -1], [0, 255]),
                             ("i1", [2, -1], [True, 0]), ("ui64", [2 ** 64, -1], [2 ** 64 - 1, 0])):
            with self.subTest(type=t):
                for v in bad:
                    with self.assertRaises(irrun.Error):
                        irrun.run(identity("tensor<2x%s>" % t), [[v, good[1]]])
                (got,) = irrun.run(identity("tensor<2x%s>" % t), [good])
                self.assertEqual(got.tolist(), [int(x) for x in good] if t != "i1" else [True, False])

    def test_float_arrays_are_values_rounded_once(self):
        # a float32 or float64 array for an FP8 argument holds values: each rounded once (to nearest,
        # ties to even), never read as bits; the patterns as in test_fp8_lists_are_rounded_not_taken_as_bits
        p = identity("tensor<4xf8E4M3FN>")
        for dtype in (np.float32, np.float64, ">f8"):
            (got,) = irrun.run(p, [np.array([0.1, 448.0, 500.0, -2.5], dtype)])
            self.assertEqual(bits(got), [0x1D, 0x7E, 0x7F, 0xC2])
        # float64 for f32: 0.1 rounds to 0x3DCCCCCD; 1 + 2^-24 is halfway between 1 and 1 + 2^-23: even
        (got,) = irrun.run(identity("tensor<2xf32>"), [np.array([0.1, 1 + 2.0 ** -24])])
        self.assertEqual(bits(got), [0x3DCCCCCD, 0x3F800000])
        # rank 0: np.float64(1.0625) halfway between 0x38 and 0x39: 0x38
        (got,) = irrun.run(identity("tensor<f8E4M3FN>"), [np.float64(1.0625)])
        self.assertEqual(bits(got.reshape(1)), [0x38])
        # integers and booleans are still not taken for a float argument, nor floats for compare
        with self.assertRaises(irrun.Error) as c:
            irrun.run(identity("tensor<2xf8E4M3FN>"), [np.array([1, 2], np.int32)])
        self.assertIn("irrun.encode", str(c.exception))
        with self.assertRaises(irrun.Error):
            irrun.compare(np.zeros(2, np.float32), np.zeros(2, np.float32), type="f8E4M3FN")


class Scalars(unittest.TestCase):
    def test_rank_0_inputs(self):
        p = identity("tensor<f32>")
        for value in (np.float32(1.5), np.array(1.5, np.float32), 1.5, np.array(1.5, ">f4")):
            with self.subTest(value=repr(value)):
                (got,) = irrun.run(p, [value])
                self.assertEqual(got.shape, ())
                self.assertEqual(got.item(), 1.5)
        (got,) = irrun.run(identity("tensor<f8E4M3FN>"), [448.0])
        self.assertEqual((got.shape, bits(got.reshape(1))), ((), [0x7E]))
        rep = irrun.compare(np.float32(1.5), np.array(1.5, np.float32))
        self.assertEqual((rep.passed, rep.shape), (True, ()))


class Inputs(unittest.TestCase):
    """A mapping of inputs by argument name or index."""

    P = ("func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {\n"
         "  %0 = stablehlo.subtract %x, %y : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n")

    def test_dict_by_name_or_index(self):
        a, b = np.array([5, 7], np.float32), np.array([1, 2], np.float32)
        m = irrun.load(self.P)
        self.assertEqual(m.entry().arg_names, ["arg0", "arg1"])
        for inputs in ({"arg0": a, "arg1": b}, {"arg1": b, "arg0": a}, {"%arg1": b, 0: a}, {"1": b, np.int64(0): a}):
            with self.subTest(keys=list(inputs)):
                self.assertEqual(m.run(inputs)[0].tolist(), [4, 5])
        self.assertEqual(irrun.run(self.P, {"arg0": [5, 7], "arg1": [1, 2]})[0].tolist(), [4, 5])

    def test_dict_errors(self):
        a = np.zeros(2, np.float32)
        for inputs, said in (({"arg0": a}, "missing: arg1"), ({"arg0": a, "arg1": a, "z": a}, "no argument 'z'"),
                             ({"arg0": a, 0: a, "arg1": a}, "given twice"), ({"arg0": a, 2: a}, "no argument 2"),
                             ({"arg0": a, True: a}, "no argument True")):
            with self.subTest(keys=list(inputs)):
                with self.assertRaises(irrun.Error) as c:
                    irrun.run(self.P, inputs)
                self.assertIn(said, str(c.exception))


class Namespace(unittest.TestCase):
    def test_public_names(self):
        public = sorted(n for n in dir(irrun) if not n.startswith("_"))
        self.assertEqual(public, sorted(irrun.__all__))
        for n in ("np", "os", "ctypes", "math", "lib"):
            self.assertNotIn(n, dir(irrun))
        self.assertEqual(irrun.__version__, irrun.version())
        self.assertNotIn("jax", sys.modules)  # irrun.jax is imported only on request


class EncodeDecode(unittest.TestCase):
    def test_encode_bits(self):
        e = irrun.encode("f8E4M3FN", [0.1, 448, 500, -2.5])
        self.assertEqual((e.dtype, e.tolist()), (np.dtype(np.uint8), [0x1D, 0x7E, 0x7F, 0xC2]))
        self.assertEqual(irrun.encode("float8_e4m3fn", [[500.0], [-1e9]], mode="saturate").tolist(), [[0x7E], [0xFE]])
        self.assertEqual(irrun.encode("f8E4M3FN", 0.1, mode="truncate").tolist(), 0x1C)
        b = irrun.encode("bf16", np.array([1.0, 0.1], np.float32))
        self.assertEqual((b.dtype, b.tolist()), (np.dtype("<u2"), [0x3F80, 0x3DCD]))
        self.assertEqual(irrun.encode("f32", 1.0).tolist(), 0x3F800000)
        self.assertEqual(irrun.encode("f64", [-2.0]).tolist(), [0xC000000000000000])
        s1 = irrun.encode("f8E4M3FN", [1.0625] * 64, mode="stochastic", seed=3)
        self.assertTrue(set(s1.tolist()) == {0x38, 0x39})
        self.assertEqual(s1.tolist(), irrun.encode("f8E4M3FN", [1.0625] * 64, mode="stochastic", seed=3).tolist())
        # the bits run as they are
        (got,) = irrun.run(identity("tensor<4xf8E4M3FN>"), [irrun.encode("f8E4M3FN", [1, 2, 3, 4])])
        self.assertEqual(bits(got), [0x38, 0x40, 0x44, 0x48])

    def test_decode_values(self):
        self.assertEqual(irrun.decode("f8E4M3FN", [0x1D, 0x7E, 0xC2, 0x01]).tolist(),
                         [0.1015625, 448.0, -2.5, 2.0 ** -9])
        self.assertEqual(irrun.decode("f8E5M2", np.array([0x3C, 0x7C, 0xFC], np.uint8)).tolist(),
                         [1.0, float("inf"), float("-inf")])
        self.assertEqual(irrun.decode("f4E2M1FN", [0x7, 0xF]).tolist(), [6.0, -6.0])
        n = irrun.decode("f8E4M3FN", [0x7F, 0xFF])
        self.assertTrue(np.isnan(n).all())
        self.assertEqual(np.signbit(n).tolist(), [False, True])
        self.assertEqual(irrun.decode("bf16", np.array([0x3F80], ">u2")).tolist(), [1.0])
        # every finite pattern of f8E4M3FN comes back from its value
        every = np.arange(256, dtype=np.uint8)
        values = irrun.decode("f8E4M3FN", every)
        finite = ~np.isnan(values)
        self.assertEqual(irrun.encode("f8E4M3FN", values[finite]).tolist(), every[finite].tolist())

    def test_refused(self):
        for call in (lambda: irrun.encode("i8", [1]), lambda: irrun.encode("f9", [1]),
                     lambda: irrun.encode("f8E4M3FN", ["x"]), lambda: irrun.decode("f4E2M1FN", [0x10]),
                     lambda: irrun.decode("f8E4M3FN", [256]), lambda: irrun.decode("bf16", np.zeros(2, np.uint8)),
                     lambda: irrun.encode("f8E4M3FN", [[1, 2], [3]])):
            with self.assertRaises(irrun.Error):
                call()
        with self.assertRaises(ValueError):
            irrun.encode("f32", [1], mode="up")


class Arguments(unittest.TestCase):
    def test_program_paths_and_text(self):
        with self.assertRaises(irrun.Error) as c:
            irrun.run("/nonexistent.mlir", [])
        self.assertIn("/nonexistent.mlir", str(c.exception))
        self.assertIn("No such file", str(c.exception))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.mlir")
            with open(path, "w") as f:
                f.write(identity("tensor<2xf32>"))
            for program in (path, pathlib.Path(path), irrun.load_file(path), irrun.load_file(pathlib.Path(path))):
                self.assertEqual(irrun.run(program, [[1, 2]])[0].tolist(), [1, 2])
        one_line = "func.func @main(%a: tensor<f32>) -> tensor<f32> { return %a : tensor<f32> }"
        self.assertEqual(irrun.run(one_line, [2.5])[0].item(), 2.5)
        self.assertEqual(irrun.load_text(one_line, name="x.mlir").name, "x.mlir")

    def test_refused_arguments(self):
        with self.assertRaises(irrun.Error):
            irrun.info(None)
        p = identity("tensor<2xf32>")
        for bad in (-1, 2 ** 70):
            with self.assertRaises(ValueError):
                irrun.run(p, [[1, 2]], max_while_iterations=bad)
        with self.assertRaises(TypeError):
            irrun.run(p, [[1, 2]], max_while_iterations=2.5)
        self.assertEqual(irrun.run(p, [[1, 2]], max_while_iterations=2 ** 64 - 1)[0].tolist(), [1, 2])


class Readme(unittest.TestCase):
    def test_readme_snippet_runs(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            text = f.read()
        code = text.split("```python\n", 1)[1].split("```", 1)[0]
        out = io.StringIO()
        cwd = os.getcwd()
        try:
            os.chdir(ROOT)
            with contextlib.redirect_stdout(out):
                exec(compile(code, "README.md", "exec"), {})
        finally:
            os.chdir(cwd)
        # 1 + 1, 0.1015625 + 0.1015625, 2 + 2, -2.5 + -2.5; the same as the encoded values
        self.assertEqual(out.getvalue().split("]")[0].split(), ["[", "2.", "0.203125", "4.", "-5."])
        self.assertIn("Report(passed=True", out.getvalue())


LOW_PRECISION = ("f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ",
                 "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU", "bf16", "i2", "i4", "ui2", "ui4")


def ml_dtypes_or_skip(test):
    try:
        import ml_dtypes
    except ImportError:
        test.skipTest("ml_dtypes is not installed: the uint8 path is the one tested")
    return ml_dtypes


class MlDtypes(unittest.TestCase):
    def test_ml_dtypes_arrays(self):
        ml_dtypes = ml_dtypes_or_skip(self)
        program = os.path.join(VALIDATION, "matmul_f8.mlir")
        lhs = raw_array(os.path.join(VALIDATION, "lhs.npy"), np.uint8).view(ml_dtypes.float8_e4m3fn)
        rhs = raw_array(os.path.join(VALIDATION, "rhs.npy"), np.uint8).view(ml_dtypes.float8_e4m3fn)
        (got,) = irrun.run(program, [lhs, rhs])
        self.assertEqual(got.dtype, np.dtype(ml_dtypes.float8_e4m3fn))
        self.assertEqual(got.tobytes(), npy_bytes(os.path.join(VALIDATION, "reference_out.npy"))[1])
        self.assertEqual(irrun.info("float8_e5m2").max, float(ml_dtypes.finfo(ml_dtypes.float8_e5m2).max))

    def test_round_trip_every_low_precision_type(self):
        """Every element of every type NumPy lacks, as an array of its ml_dtypes dtype, goes into a
        program and comes back in the same dtype with the same bytes; its value (ml_dtypes' own
        astype(float64), an independent model) is what irrun.decode says; and ml_dtypes' float64
        values given as numbers come back as the same element (NaNs: as a NaN)."""
        ml_dtypes = ml_dtypes_or_skip(self)
        for name in LOW_PRECISION:
            dtype = np.dtype(getattr(ml_dtypes, irrun._types.NAMES[name]))
            with self.subTest(type=name):
                if name in ("i2", "i4", "ui2", "ui4"):
                    info = ml_dtypes.iinfo(dtype)
                    every = np.arange(int(info.min), int(info.max) + 1).astype(dtype)
                else:
                    nbits = 16 if name == "bf16" else {"f4": 4, "f6": 6, "f8": 8}[name[:2]]
                    every = np.arange(2 ** nbits, dtype=np.uint16 if nbits == 16 else np.uint8).view(dtype)
                t = "tensor<%dx%s>" % (every.size, name)
                (got,) = irrun.run(identity(t), [every])
                self.assertEqual(got.dtype, dtype)
                self.assertEqual(got.tobytes(), every.tobytes())
                (got,) = irrun.run(identity(t), {"arg0": every})
                self.assertEqual(got.tobytes(), every.tobytes())
                if name[0] == "i" or name[0] == "u":
                    (got,) = irrun.run(identity(t), [every.astype(np.int64).tolist()])
                    self.assertEqual(got.tobytes(), every.tobytes())
                    continue
                with np.errstate(invalid="ignore"):  # the NaN patterns
                    values = every.astype(np.float64)
                decoded = irrun.decode(name, every)
                nan = np.isnan(values)
                self.assertEqual(np.isnan(decoded).tolist(), nan.tolist())
                self.assertEqual(decoded[~nan].tolist(), values[~nan].tolist())
                self.assertEqual(np.signbit(decoded[~nan]).tolist(), np.signbit(values[~nan]).tolist())
                (got,) = irrun.run(identity(t), [values.tolist()])
                self.assertEqual(got.dtype, dtype)
                back = got.astype(np.float64)
                self.assertEqual(np.isnan(back).tolist(), nan.tolist())
                self.assertEqual(got[~nan].tobytes(), every[~nan].tobytes())

    def test_rounding_agrees_with_ml_dtypes(self):
        """Random float64 values rounded once into each float type: ml_dtypes' cast from float64 (a
        model written apart from ir-run) and the input path agree, element for element (values past
        the largest finite one are left out: formats without Inf differ in how they say overflow)."""
        ml_dtypes = ml_dtypes_or_skip(self)
        rng = np.random.default_rng(37)
        for name in LOW_PRECISION[:12]:
            dtype = np.dtype(getattr(ml_dtypes, irrun._types.NAMES[name]))
            fmax = float(ml_dtypes.finfo(dtype).max)
            x = rng.standard_normal(2000) * np.exp2(rng.integers(-12, 12, 2000))
            x = x[np.abs(x) < fmax]
            if name == "f8E8M0FNU":  # unsigned, no zero: positive normal values only
                x = np.abs(x)
                x = x[x >= float(ml_dtypes.finfo(dtype).tiny)]
            with self.subTest(type=name):
                (got,) = irrun.run(identity("tensor<%dx%s>" % (x.size, name)), [x])
                want = x.astype(dtype)
                self.assertEqual(got.dtype, dtype)
                diff = np.flatnonzero(got.view(np.uint8 if dtype.itemsize == 1 else np.uint16) !=
                                      want.view(np.uint8 if dtype.itemsize == 1 else np.uint16))
                self.assertEqual(diff.size, 0, "first differing value %r" % (x[diff[:1]].tolist(),))


class ArgumentNames(unittest.TestCase):
    P = ("func.func @main(%arg0: tensor<2xf32> loc(\"x\"), %arg1: tensor<2xf32> loc(\"y\"), %arg2: tensor<f32>)"
         " -> tensor<2xf32> {\n  %0 = stablehlo.subtract %arg0, %arg1 : tensor<2xf32>\n"
         "  %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2xf32>\n"
         "  %2 = stablehlo.multiply %0, %1 : tensor<2xf32>\n  return %2 : tensor<2xf32>\n}\n")

    def test_loc_names_as_jax_writes_them(self):
        m = irrun.load(self.P)
        self.assertEqual(m.entry().arg_names, ["x", "y", "arg2"])
        for inputs in ({"x": [5, 7], "y": [1, 2], "arg2": 2}, {"arg0": [5, 7], "y": [1, 2], 2: 2.0}):
            with self.subTest(keys=list(inputs)):
                self.assertEqual(m.run(inputs)[0].tolist(), [8, 10])
        with self.assertRaises(irrun.Error) as c:
            m.run({"x": [5, 7], "z": [1, 2], "arg2": 2})
        self.assertIn("x: tensor<2xf32>", str(c.exception))

    def test_repeated_or_clashing_names_fall_back(self):
        p = self.P.replace('loc(\"y\")', 'loc(\"x\")')
        self.assertEqual(irrun.load(p).entry().arg_names, ["arg0", "arg1", "arg2"])
        p = self.P.replace('loc(\"x\")', 'loc(\"arg1\")')
        self.assertEqual(irrun.load(p).entry().arg_names, ["arg0", "y", "arg2"])


if __name__ == "__main__":
    unittest.main(verbosity=1)
