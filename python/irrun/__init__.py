"""ir-run from Python: run StableHLO-style programs on NumPy arrays exactly as
the reference interpreter does, compare tensors with a ULP report, and
describe float formats (docs/python.md).

    import numpy as np, irrun
    (out,) = irrun.run("prog.mlir", [np.ones(4, np.float32)])
    rep = irrun.compare(expected, actual, type="f8E4M3FN", ulp=1)

Element types are named by their MLIR spelling ("f8E4M3FN") or their
ml_dtypes name ("float8_e4m3fn"). Types NumPy lacks (FP8, FP6, FP4, bf16,
int2/int4): when ml_dtypes is importable, arrays of its dtypes are taken and
returned; otherwise results come back as raw storage, uint8 bit patterns for
the floats of 8 bits or fewer, uint16 for bf16, int8/uint8 values for
int2/int4, and inputs may be given the same way, with the element type made
explicit by the function's signature (run) or by `type=` (compare).

libirrun.so is found through IRRUN_LIBRARY, else next to this package, else
where the system loader finds it.
"""

import ctypes
import math
import os

import numpy as np

from . import _capi
from ._capi import lib
from ._types import NAMES, accepts, mlir_name, storage_dtype

__all__ = ["Error", "Module", "RunResult", "Report", "Difference", "FloatInfo", "load", "run", "compare", "info",
           "version"]

_DOT_MODES = {None: 0, "ref": 0, "algorithm": 1, "f32": 2, "f64": 3}


class Error(Exception):
    """A failure reported by libirrun: `status` ("bad input", "out of
    memory", "unsupported", "check failed") and the located message."""

    def __init__(self, status, message):
        self.status = lib.irrun_status_name(status).decode()
        self.message = message or ""
        super().__init__("%s: %s" % (self.status, self.message.rstrip()) if self.message else self.status)


def version():
    """The version of the loaded libirrun ("0.3.0")."""
    return lib.irrun_version_string().decode()


class TensorType:
    """A value's type in a signature: `kind` ("tensor", "token", "tuple"),
    `element_type` (MLIR spelling; None unless a tensor), `shape`, `text`."""

    def __init__(self, t):
        self.kind = ("tensor", "token", "tuple")[t.kind]
        self.element_type = t.element_type.decode() if t.element_type else None
        self.shape = tuple(t.dims[k] for k in range(t.rank))
        self.text = t.text.decode()

    def __repr__(self):
        return self.text


class Function:
    """A function of a module: `name`, `args` and `results` (TensorType
    lists), `signature` ("(tensor<2xf32>) -> tensor<2xf32>"), `is_public`."""

    def __init__(self, f):
        self.name = f.name.decode()
        self.is_public = bool(f.is_public)
        self.has_body = bool(f.has_body)
        self.args = [TensorType(f.args[k]) for k in range(f.nargs)]
        self.results = [TensorType(f.results[k]) for k in range(f.nresults)]
        self.signature = f.signature.decode()

    def __repr__(self):
        return "@%s: %s" % (self.name, self.signature)


def _message(ptr):
    return _capi.take_string(ptr) or ""


class Module:
    """A parsed and checked program. Build it with irrun.load."""

    def __init__(self, handle, name):
        self._handle = handle
        self.name = name
        count = lib.irrun_function_count(handle)
        self.functions = [Function(lib.irrun_function_at(handle, k).contents) for k in range(count)]

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        free = getattr(lib, "irrun_module_free", None) if lib is not None else None
        if handle and free is not None:  # at interpreter exit the library may be gone first
            free(handle)

    def entry(self, name=None):
        """The Function run for `name` (None: main, else the only one)."""
        f = lib.irrun_function_find(self._handle, name.encode() if name else None)
        if not f:
            names = ", ".join("@" + g.name for g in self.functions) or "none"
            raise Error(_capi.BAD_INPUT, "no function %s in %s (functions: %s)" % (
                "@" + name if name else "main (and not exactly one function)", self.name, names))
        return Function(f.contents)

    def run(self, inputs=(), entry=None, dot_accumulation=None, strict_eq=False, max_while_iterations=0):
        """See irrun.run."""
        r = _run(self, inputs, entry, dot_accumulation, strict_eq, max_while_iterations)
        if r.checks_failed:
            failed = Error(_capi.CHECK_FAILED, r.messages)
            failed.results = r.results
            raise failed
        return r.results

    def run_details(self, inputs=(), entry=None, dot_accumulation=None, strict_eq=False,
                    max_while_iterations=0):
        """As run, but returns a RunResult, with what interpreter.print
        printed and the check counts; a failed check is not raised."""
        return _run(self, inputs, entry, dot_accumulation, strict_eq, max_while_iterations)


def load(program, name=None):
    """A Module from program text, or from a file when `program` is an
    os.PathLike or a str naming an existing file (without a line break).
    Raises Error with the located diagnostics when it does not check."""
    handle = ctypes.c_void_p()
    diag = ctypes.c_void_p()
    is_path = isinstance(program, os.PathLike) or (
        isinstance(program, str) and "\n" not in program and os.path.isfile(program))
    if is_path:
        path = os.fspath(program)
        status = lib.irrun_module_load_file(path.encode(), ctypes.byref(handle), ctypes.byref(diag))
        name = name or path
    else:
        text = program.encode() if isinstance(program, str) else bytes(program)
        name = name or "<text>"
        status = lib.irrun_module_load_text(text, len(text), name.encode(), ctypes.byref(handle),
                                            ctypes.byref(diag))
    said = _message(diag.value)
    if status != _capi.OK:
        raise Error(status, said)
    return Module(handle.value, name)


def _as_tensor(array, name, what):
    """A C tensor over `array`'s bytes (the array must stay alive while it is
    used) for element type `name`."""
    if not accepts(array.dtype, name):
        raise Error(_capi.BAD_INPUT, "%s: an array of %s cannot hold %s elements (give %s%s)" % (
            what, array.dtype, name, storage_dtype(name),
            "" if NAMES[name] == str(storage_dtype(name)) else " or the ml_dtypes %s" % NAMES[name]))
    if array.ndim > _capi.MAX_RANK:
        raise Error(_capi.BAD_INPUT, "%s: rank %d is above %d" % (what, array.ndim, _capi.MAX_RANK))
    t = _capi.Tensor()
    t.element_type = name.encode()
    t.rank = array.ndim
    for k, d in enumerate(array.shape):
        t.dims[k] = d
    t.data = array.ctypes.data if array.size else None
    t.nbytes = array.nbytes
    return t


def _prepare(value, name, what):
    """`value` as a C-contiguous array for element type `name`."""
    if isinstance(value, np.ndarray):
        return np.ascontiguousarray(value)
    # Python numbers and lists: in the dtype results of that type come in
    return np.ascontiguousarray(np.asarray(value, dtype=storage_dtype(name)))


def _from_tensor(t):
    name = t.element_type.decode()
    shape = tuple(t.dims[k] for k in range(t.rank))
    raw = ctypes.string_at(t.data, t.nbytes) if t.nbytes else b""
    return np.frombuffer(raw, dtype=storage_dtype(name)).reshape(shape).copy()


class RunResult:
    """Everything a run gives: `results` (arrays), `output` (what
    interpreter.print printed), `checks_passed`, `checks_failed` (check.*
    ops) and `messages` (failed checks, located)."""

    def __init__(self, results, output, checks_passed, checks_failed, messages):
        self.results = results
        self.output = output
        self.checks_passed = checks_passed
        self.checks_failed = checks_failed
        self.messages = messages

    def __repr__(self):
        return "RunResult(%d results, checks passed %d, failed %d)" % (
            len(self.results), self.checks_passed, self.checks_failed)


def _run(module, inputs, entry, dot_accumulation, strict_eq, max_while_iterations):
    """A RunResult; raises Error unless everything ran (a failed check is
    not an error here)."""
    if dot_accumulation not in _DOT_MODES:
        raise ValueError("dot_accumulation must be one of ref, algorithm, f32, f64 (or None)")
    f = module.entry(entry)
    inputs = list(inputs)
    if len(inputs) != len(f.args):
        raise Error(_capi.BAD_INPUT, "@%s takes %d arguments (%s), %d given" % (
            f.name, len(f.args), f.signature, len(inputs)))
    arrays, tensors = [], (_capi.Tensor * max(1, len(inputs)))()
    for k, (value, arg) in enumerate(zip(inputs, f.args)):
        if arg.kind != "tensor":
            raise Error(_capi.UNSUPPORTED, "argument %d of @%s is %s: only tensors can be passed" % (
                k, f.name, arg.text))
        a = _prepare(value, arg.element_type, "argument %d" % k)
        arrays.append(a)
        tensors[k] = _as_tensor(a, arg.element_type, "argument %d of @%s (%s)" % (k, f.name, arg.text))
    options = _capi.RunOptions()
    lib.irrun_run_options_init(ctypes.byref(options))
    options.entry = entry.encode() if entry else None
    options.dot_accumulation = _DOT_MODES[dot_accumulation]
    options.strict_eq = 1 if strict_eq else 0
    options.max_while_iterations = max_while_iterations
    results = _capi.Results()
    status = lib.irrun_run(module._handle, ctypes.byref(options), tensors, len(arrays), ctypes.byref(results))
    try:
        def text(ptr):
            return ctypes.string_at(ptr).decode("utf-8", "replace") if ptr else ""
        messages = text(results.messages)
        if status not in (_capi.OK, _capi.CHECK_FAILED):
            raise Error(status, messages)
        return RunResult([_from_tensor(results.results[k]) for k in range(results.nresults)],
                         text(results.output), results.checks_passed, results.checks_failed, messages)
    finally:
        lib.irrun_results_free(ctypes.byref(results))


def run(program, inputs=(), entry=None, dot_accumulation=None, strict_eq=False, max_while_iterations=0):
    """Runs a function of `program` (text, a file, or a Module from load) on
    `inputs`, one per argument, and returns its results as a list of NumPy
    arrays.

    Each input is read as the element type its argument declares: an array
    of that type's dtype, or for the types NumPy lacks (FP8, FP6, FP4, bf16,
    int2, int4) without ml_dtypes its raw storage (uint8 bit patterns,
    uint16 for bf16, int8/uint8 for int2/int4); lists and numbers are
    converted. Results come back in NumPy's dtype, else ml_dtypes' when
    importable, else that raw storage.

    entry: the function to run (default: main, else the only function).
    dot_accumulation: None or "ref" (round after every step, as the
    reference does), "algorithm", "f32" or "f64" (docs/dot-accumulation.md).
    A failed check op (check.expect_*) raises Error with status
    "check failed" and the results in its `results`; any other problem
    raises Error with the located message.
    """
    module = program if isinstance(program, Module) else load(program)
    return module.run(inputs, entry, dot_accumulation, strict_eq, max_while_iterations)


class Difference:
    """One differing element: `index` (tuple), `flat_index`, the expected
    and actual bit patterns ("0x3A") and values as the reference prints
    them, and their `ulp` distance (None when one side is not finite, with
    the reason in `ulp_undefined`)."""

    def __init__(self, d, rank):
        self.index = tuple(d.index[k] for k in range(rank))
        self.flat_index = d.flat_index
        self.expected_bits = d.expected_bits.decode()
        self.actual_bits = d.actual_bits.decode()
        self.expected_value = d.expected_value.decode()
        self.actual_value = d.actual_value.decode()
        self.ulp = None if d.ulp == 2 ** 64 - 1 else d.ulp
        self.ulp_undefined = d.ulp_undefined.decode() if d.ulp_undefined else None

    def __repr__(self):
        return "Difference(index=%s, expected=%s (%s), actual=%s (%s), ulp=%s)" % (
            list(self.index), self.expected_value, self.expected_bits, self.actual_value, self.actual_bits,
            self.ulp)


class Report:
    """The outcome of compare: `passed`, `compared`, `differing`, `max_ulp`
    (the largest over the elements that have a ULP distance; None when
    none has, with the reason in `max_ulp_undefined`), `max_abs_error`,
    `max_rel_error` (None when no element qualifies), `histogram` (ULP
    bucket label -> count), `nan_mismatches`, `inf_mismatches`,
    `negzero_mismatches`, `first` (the first Differences, at most 10), and
    `text` / `json` as `ir-run compare` prints them. True when it passed."""

    def __init__(self, rep):
        self._rep = rep
        self.element_type = rep.type.element_type.decode()
        self.shape = tuple(rep.type.dims[k] for k in range(rep.type.rank))
        self.passed = bool(rep.passed)
        self.compared = rep.compared
        self.differing = rep.differing
        self.max_ulp = None if rep.max_ulp == 2 ** 64 - 1 else rep.max_ulp
        self.max_ulp_undefined = rep.max_ulp_undefined.decode() if rep.max_ulp_undefined else None
        self.histogram = {lib.irrun_histogram_label(k).decode(): rep.histogram[k]
                          for k in range(_capi.HISTOGRAM_BUCKETS)}
        self.nan_mismatches = rep.nan_mismatches
        self.inf_mismatches = rep.inf_mismatches
        self.negzero_mismatches = rep.negzero_mismatches
        self.first = [Difference(rep.first[k], rep.type.rank) for k in range(rep.nfirst)]
        self.max_abs_error = rep.max_abs_error if rep.has_max_abs_error else None
        self.max_rel_error = rep.max_rel_error if rep.has_max_rel_error else None

    def __bool__(self):
        return self.passed

    @property
    def text(self):
        return _capi.take_string(lib.irrun_report_text(ctypes.byref(self._rep), None))

    @property
    def json(self):
        return _capi.take_string(lib.irrun_report_json(ctypes.byref(self._rep)))

    def __repr__(self):
        return "Report(passed=%s, compared=%d, differing=%d, max_ulp=%s)" % (
            self.passed, self.compared, self.differing, self.max_ulp)


_NAN_MODES = {None: 0, "any": 1, "exact": 2}
_ZERO_MODES = {None: 0, "equal": 1, "distinct": 2}
_INF_MODES = {None: 0, "exact": 0, "saturate": 1}


def _mode(table, value, what):
    if value not in table:
        raise ValueError("%s must be one of %s" % (what, ", ".join(k for k in table if k)))
    return table[value]


def compare(expected, actual, type=None, ulp=None, atol=None, rtol=None, nan=None, signed_zero=None,
            inf=None):
    """Compares `actual` with `expected` (same shape) element by element and
    returns a Report, as `ir-run compare` does (docs/tensor-files.md).

    type: the element type (MLIR or ml_dtypes name). Needed when the arrays'
    dtype does not say it: uint8 bit patterns of FP8/FP6/FP4 (without
    ml_dtypes), uint16 for bf16. Without ulp/atol/rtol the rule is exact
    (bit for bit); otherwise an element passes when a tolerance holds.
    nan: "any" or "exact"; signed_zero: "equal" or "distinct"; inf: "exact"
    or "saturate". Raises Error when the arrays cannot be compared."""
    expected = np.ascontiguousarray(expected)
    actual = np.ascontiguousarray(actual)
    name = mlir_name(type) if type is not None else mlir_name(expected.dtype)
    if name is None or name == "tf32":
        raise Error(_capi.BAD_INPUT, "give the element type: type=%r is not one (%s)" % (
            type if type is not None else str(expected.dtype), ", ".join(NAMES)))
    rule = _capi.Rule()
    if ulp is not None:
        rule.has_max_ulp, rule.max_ulp = 1, int(ulp)
    if atol is not None:
        rule.has_atol, rule.atol = 1, float(atol)
    if rtol is not None:
        rule.has_rtol, rule.rtol = 1, float(rtol)
    if (ulp is not None and ulp < 0) or (atol is not None and not atol >= 0) or (rtol is not None and not rtol >= 0):
        raise ValueError("ulp, atol and rtol must be non-negative")
    rule.nan = _mode(_NAN_MODES, nan, "nan")
    rule.signed_zero = _mode(_ZERO_MODES, signed_zero, "signed_zero")
    rule.inf = _mode(_INF_MODES, inf, "inf")
    te = _as_tensor(expected, name, "expected")
    ta = _as_tensor(actual, name, "actual")
    report = _capi.Report()
    msg = ctypes.c_void_p()
    status = lib.irrun_compare(ctypes.byref(te), ctypes.byref(ta), ctypes.byref(rule), ctypes.byref(report),
                               ctypes.byref(msg))
    said = _message(msg.value)
    if status not in (_capi.OK, _capi.CHECK_FAILED):
        raise Error(status, said)
    return Report(report)


class FloatInfo:
    """Like ml_dtypes.finfo: `bits`, `nexp`, `nmant`, `bias`, `max`, `min`
    (-max, or 0 for an unsigned format), `eps`, `smallest_normal` (also
    `tiny`), `smallest_subnormal` (None without subnormals), `has_inf`,
    `has_nan`, `has_negative_zero`, `is_signed`, and `name` (MLIR)."""

    def __init__(self, i):
        self.name = i.name.decode()
        self.bits = i.bits
        self.nexp = i.exponent_bits
        self.nmant = i.mantissa_bits
        self.bias = i.bias
        self.is_signed = bool(i.is_signed)
        self.has_inf = bool(i.has_inf)
        self.has_nan = bool(i.has_nan)
        self.has_negative_zero = bool(i.has_negative_zero)
        self.max = i.max
        self.min = -i.max if self.is_signed else 0.0
        self.eps = i.epsilon
        self.smallest_normal = self.tiny = i.min_normal
        self.smallest_subnormal = None if math.isnan(i.min_subnormal) else i.min_subnormal

    def __repr__(self):
        return "FloatInfo(%s: bits=%d, max=%r, eps=%r, smallest_normal=%r, smallest_subnormal=%r)" % (
            self.name, self.bits, self.max, self.eps, self.smallest_normal, self.smallest_subnormal)


def info(type):
    """FloatInfo of a float element type (MLIR or ml_dtypes name, a dtype,
    or "tf32")."""
    name = mlir_name(type)
    out = _capi.FloatInfo()
    if name is None or lib.irrun_float_info_get(name.encode(), ctypes.byref(out)) != _capi.OK:
        raise Error(_capi.BAD_INPUT, "not a float format: %r" % (type,))
    return FloatInfo(out)
