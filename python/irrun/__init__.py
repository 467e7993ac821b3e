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
Python numbers and lists are values: rounded once into the element type
(encode), refused when they do not fit an integer type.

libirrun.so is found through IRRUN_LIBRARY, else next to this package, else
where the system loader finds it.
"""

__version__ = "0.3.0"  # the package's, which is the library's it matches (irrun.version())

import collections.abc as _abc
import ctypes as _ctypes
import math as _math
import operator as _operator
import os as _os

import numpy as _np

from . import _capi
from ._capi import lib as _lib
from ._types import NAMES as _NAMES, accepts as _accepts, int_range as _int_range, is_float as _is_float, \
    mlir_name as _mlir_name, storage_dtype as _storage_dtype

__all__ = ["Error", "Module", "Function", "TensorType", "RunResult", "Report", "Difference", "FloatInfo", "load",
           "load_file", "load_text", "run", "compare", "document", "info", "encode", "decode", "version"]

_SUBBYTE_INTS = {"i2": 0x3, "i4": 0xF, "ui2": 0x3, "ui4": 0xF}  # their value bits
_DOT_MODES = {None: 0, "ref": 0, "algorithm": 1, "f32": 2, "f64": 3}
# the largest max_while_iterations the C type holds
_ULONG_MAX = 2 ** (8 * _ctypes.sizeof(_ctypes.c_ulong)) - 1


class Error(Exception):
    """A failure reported by libirrun: `status` ("bad input", "out of
    memory", "unsupported", "check failed") and the located message."""

    def __init__(self, status, message):
        self.status = _lib.irrun_status_name(status).decode()
        self.message = message or ""
        super().__init__("%s: %s" % (self.status, self.message.rstrip()) if self.message else self.status)


def version():
    """The version of the loaded libirrun ("0.3.0")."""
    return _lib.irrun_version_string().decode()


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


def _arg_names(module_handle, fptr, nargs):
    """The names a dict of inputs may use for a function's arguments: the
    name the program gives argument K through its location (`loc("x")`,
    how JAX names them; irrun_function_arg_name), else "argK". A name
    given twice, or that is another argument's "argK", is left out for
    "argK" so every argument keeps a name of its own."""
    names = []
    for k in range(nargs):
        n = _lib.irrun_function_arg_name(module_handle, fptr, k)
        names.append(n.decode("utf-8", "replace") if n else None)
    taken = ["arg%d" % k for k in range(nargs)]
    out = []
    for k, n in enumerate(names):
        unique = n is not None and names.count(n) == 1 and (n not in taken or n == taken[k])
        out.append(n if unique else taken[k])
    return out


def _arg_index(f, key):
    """The argument of Function `f` that a dict key names: one of
    f.arg_names, "argK" or "%argK", or an index (an int or a decimal
    string); raises Error for any other key."""
    if isinstance(key, (int, _np.integer)) and not isinstance(key, bool):
        k = int(key)
    elif isinstance(key, str):
        name = key[1:] if key.startswith("%") else key
        if name in f.arg_names:
            return f.arg_names.index(name)
        digits = name[3:] if name.startswith("arg") else name
        k = int(digits) if digits.isdigit() and digits.isascii() else -1
    else:
        k = -1
    if not 0 <= k < len(f.args):
        raise Error(_capi.BAD_INPUT, "inputs: @%s has no argument %r (%s; give a name, argK or an index)" % (
            f.name, key, ", ".join("%s: %s" % (n, a.text) for n, a in zip(f.arg_names, f.args)) or "no arguments"))
    return k


def _ordered_inputs(f, inputs):
    """`inputs` (a sequence, one per argument, or a mapping from argument
    names or indices) as a list in argument order."""
    if isinstance(inputs, _abc.Mapping):
        given = [None] * len(f.args)
        for key, value in inputs.items():
            k = _arg_index(f, key)
            if given[k] is not None:
                raise Error(_capi.BAD_INPUT, "inputs: argument %d (%s) is given twice" % (k, f.arg_names[k]))
            given[k] = (value,)
        missing = [f.arg_names[k] for k in range(len(f.args)) if given[k] is None]
        if missing:
            raise Error(_capi.BAD_INPUT, "inputs: @%s takes %d arguments (%s); missing: %s" % (
                f.name, len(f.args), f.signature, ", ".join(missing)))
        return [g[0] for g in given]
    if isinstance(inputs, (str, bytes)):
        raise TypeError("inputs: a sequence or a mapping of inputs, not %s" % type(inputs).__name__)
    inputs = list(inputs)
    if len(inputs) != len(f.args):
        raise Error(_capi.BAD_INPUT, "@%s takes %d arguments (%s), %d given" % (
            f.name, len(f.args), f.signature, len(inputs)))
    return inputs


class Function:
    """A function of a module: `name`, `args` and `results` (TensorType
    lists), `signature` ("(tensor<2xf32>) -> tensor<2xf32>"), `is_public`,
    and `arg_names`, the names a dict of inputs may use ("arg0", ...)."""

    def __init__(self, fptr, module_handle):
        f = fptr.contents
        self.name = f.name.decode()
        self.is_public = bool(f.is_public)
        self.has_body = bool(f.has_body)
        self.args = [TensorType(f.args[k]) for k in range(f.nargs)]
        self.results = [TensorType(f.results[k]) for k in range(f.nresults)]
        self.signature = f.signature.decode()
        self.arg_names = _arg_names(module_handle, fptr, f.nargs)

    def __repr__(self):
        return "@%s: %s" % (self.name, self.signature)


def _message(ptr):
    return _capi.take_string(ptr) or ""


class Module:
    """A parsed and checked program. Build it with irrun.load."""

    def __init__(self, handle, name):
        self._handle = handle
        self.name = name
        count = _lib.irrun_function_count(handle)
        self.functions = [Function(_lib.irrun_function_at(handle, k), handle) for k in range(count)]

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        free = getattr(_lib, "irrun_module_free", None) if _lib is not None else None
        if handle and free is not None:  # at interpreter exit the library may be gone first
            free(handle)

    def entry(self, name=None):
        """The Function run for `name` (None: main, else the only one)."""
        f = _lib.irrun_function_find(self._handle, name.encode() if name else None)
        if not f:
            names = ", ".join("@" + g.name for g in self.functions) or "none"
            raise Error(_capi.BAD_INPUT, "no function %s in %s (functions: %s)" % (
                "@" + name if name else "main (and not exactly one function)", self.name, names))
        return Function(f, self._handle)

    def to_bytecode(self, target="current"):
        """The program as a StableHLO portable artifact (bytes): MLIR bytecode
        of VHLO at version `target` ("X.Y.Z", "current", "minimum"), as
        `ir-run --emit=bytecode --target=...` writes it (docs/bytecode.md).
        Raises Error when the target cannot express the program."""
        data = _ctypes.c_void_p()
        n = _ctypes.c_size_t()
        diag = _ctypes.c_void_p()
        status = _lib.irrun_module_write_bytecode(self._handle, target.encode(), _ctypes.byref(data),
                                                  _ctypes.byref(n), _ctypes.byref(diag))
        said = _message(diag.value)
        if status != _capi.OK:
            raise Error(status, said)
        try:
            return _ctypes.string_at(data.value, n.value)
        finally:
            _lib.irrun_string_free(data.value)

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
    """A Module from `program`: an os.PathLike (pathlib.Path) is a file;
    bytes are program text; a str is program text when it holds a line
    break or a '{' (every function with a body has one), else a file name.
    load_file and load_text take no guess. Raises Error with the located
    diagnostics when it does not check, or when a file cannot be read."""
    if isinstance(program, _os.PathLike):
        return load_file(program, name)
    if isinstance(program, (bytes, bytearray, memoryview)):
        return load_text(program, name)
    if isinstance(program, str):
        if "\n" in program or "{" in program:
            return load_text(program, name)
        return load_file(program, name)
    raise TypeError("load: program text (str or bytes) or a path (str or os.PathLike), not %s" % (
        type(program).__name__))


def load_file(path, name=None):
    """A Module from the file `path` (a str or an os.PathLike); `name`
    (default: the path) is what messages call it."""
    path = _os.fspath(path)
    if isinstance(path, bytes):
        path = _os.fsdecode(path)
    handle = _ctypes.c_void_p()
    diag = _ctypes.c_void_p()
    status = _lib.irrun_module_load_file(_os.fsencode(path), _ctypes.byref(handle), _ctypes.byref(diag))
    return _loaded(status, handle, diag, name or path)


def load_text(text, name=None):
    """A Module from program text (str or bytes); `name` (default
    "<text>") is what messages call it."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    name = name or "<text>"
    handle = _ctypes.c_void_p()
    diag = _ctypes.c_void_p()
    status = _lib.irrun_module_load_text(data, len(data), name.encode(), _ctypes.byref(handle), _ctypes.byref(diag))
    return _loaded(status, handle, diag, name)


def _loaded(status, handle, diag, name):
    said = _message(diag.value)
    if status != _capi.OK:
        raise Error(status, said)
    return Module(handle.value, name)


def _as_tensor(array, name, what):
    """A C tensor over `array`'s bytes (the array must stay alive while it is
    used) for element type `name`."""
    if not _accepts(array.dtype, name):
        raise Error(_capi.BAD_INPUT, "%s: an array of %s cannot hold %s elements (give %s%s, or numbers: a list, "
                    "or irrun.encode(%r, values))" % (
                        what, array.dtype, name, _storage_dtype(name),
                        "" if _NAMES[name] == str(_storage_dtype(name)) else " or the ml_dtypes %s" % _NAMES[name],
                        name))
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


def _native(a):
    """Array `a` C-contiguous in native byte order (rank 0 stays rank 0)."""
    if not a.dtype.isnative:  # '>f4' from np.frombuffer, FITS, HDF5: the bytes swapped, not reinterpreted
        a = a.byteswap().view(a.dtype.newbyteorder("="))
    if not a.flags.c_contiguous:
        a = a.copy(order="C")
    return a


def _float64(value, what):
    """Python numbers (or a nested list of them), or an array of a real
    type, as a float64 array: each value rounded to binary64 (exact for
    every float type and for integers up to 2^53); an integer past
    binary64's range becomes +-inf."""
    a = _np.asarray(value) if not isinstance(value, _np.ndarray) else value
    own = _mlir_name(a.dtype)
    if own is not None and _is_float(own) and a.dtype.kind not in "iufb":
        return a.astype(_np.float64)  # an ml_dtypes array: its values, exactly
    if a.dtype.kind in "iuf":
        return a.astype(_np.float64)
    if a.dtype.kind == "O":
        out = []
        for x in a.ravel().tolist():
            if isinstance(x, bool) or not isinstance(x, (int, float, _np.integer, _np.floating)):
                raise Error(_capi.BAD_INPUT, "%s: %r is not a real number" % (what, x))
            try:
                out.append(float(x))
            except OverflowError:
                out.append(_math.inf if x > 0 else -_math.inf)
        return _np.array(out, _np.float64).reshape(a.shape)
    raise Error(_capi.BAD_INPUT, "%s: values of %s are not real numbers" % (what, a.dtype))


def _integers(value, name, what):
    """Python numbers (or a nested list) as an array of integer type
    `name`: every value an integer (2.0 is, 2.5 is not; True is 1) in
    the type's range, else Error."""
    # as objects: NumPy would make [2**64 - 1, 0] a float64 array, losing the value
    a = _np.array(value, dtype=object)
    lo, hi = _int_range(name)
    out = []
    for x in a.ravel().tolist():
        if isinstance(x, (_np.integer, _np.bool_)):
            x = int(x)
        elif isinstance(x, (float, _np.floating)) and float(x).is_integer():
            x = int(x)
        if not isinstance(x, int) or not lo <= x <= hi:
            raise Error(_capi.BAD_INPUT, "%s: %r is not an integer of %s (%d to %d)" % (what, x, name, lo, hi))
        out.append(x)
    return _np.array(out, _storage_dtype(name)).reshape(a.shape)


def _values(value, name, what):
    """Python numbers or a nested list of them as an array of element type
    `name`: floats rounded once into the type (to nearest, ties to even:
    NumPy's cast for f16/f32/f64, irrun_encode_values for the types NumPy
    lacks), complex numbers per part, integers checked (never truncated or
    wrapped)."""
    try:
        if _int_range(name) is not None:
            return _integers(value, name, what)
        if name.startswith("complex"):
            a = _np.asarray(value)
            if a.dtype.kind not in "iufc":
                raise Error(_capi.BAD_INPUT, "%s: values of %s are not numbers" % (what, a.dtype))
            return a.astype(_storage_dtype(name))
        a = _float64(value, what)
    except ValueError as e:  # a ragged list
        raise Error(_capi.BAD_INPUT, "%s: %s" % (what, e)) from None
    if _NAMES[name] in ("float16", "float32", "float64"):
        with _np.errstate(over="ignore"):  # overflow rounds to inf, as it should
            return a.astype(_storage_dtype(name))
    return _encode(name, a, "rne", 0)


def _prepare(value, name, what, round_floats=False):
    """`value` as a C-contiguous array in native byte order for element
    type `name`: an array or NumPy scalar is data of its dtype (checked
    against the type by _as_tensor), anything else a value (_values).
    With round_floats (inputs of run), an array of another float dtype
    (float32 or float64 for an FP8 argument, an ml_dtypes one for f32)
    holds values: each rounded once into the type, never bits."""
    if isinstance(value, (_np.ndarray, _np.generic)):
        a = _native(_np.asarray(value))
        own = _mlir_name(a.dtype)
        if round_floats and own is not None and own != name and _is_float(own) and _is_float(name):
            return _values(a, name, what)
        return a
    return _values(value, name, what)


def _from_tensor(t):
    name = t.element_type.decode()
    shape = tuple(t.dims[k] for k in range(t.rank))
    raw = _ctypes.string_at(t.data, t.nbytes) if t.nbytes else b""
    dtype = _storage_dtype(name)
    if name in _SUBBYTE_INTS and _mlir_name(dtype) == name:
        # ml_dtypes keeps an int2/int4 in the low bits of its byte, the rest
        # zero (libirrun sign-extends): its own layout, so bytes compare
        bits = _np.frombuffer(raw, _np.uint8) & _SUBBYTE_INTS[name]
        return bits.view(dtype).reshape(shape).copy()
    return _np.frombuffer(raw, dtype=dtype).reshape(shape).copy()


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
    limit = _operator.index(max_while_iterations)  # an int, never a float or None
    if not 0 <= limit <= _ULONG_MAX:
        raise ValueError("max_while_iterations must be 0 (no limit) or a positive integer up to %d, not %d" % (
            _ULONG_MAX, limit))
    f = module.entry(entry)
    inputs = _ordered_inputs(f, inputs)
    arrays, tensors = [], (_capi.Tensor * max(1, len(inputs)))()
    for k, (value, arg) in enumerate(zip(inputs, f.args)):
        if arg.kind != "tensor":
            raise Error(_capi.UNSUPPORTED, "argument %d of @%s is %s: only tensors can be passed" % (
                k, f.name, arg.text))
        what = "argument %d of @%s (%s)" % (k, f.name, arg.text)
        a = _prepare(value, arg.element_type, what, round_floats=True)
        arrays.append(a)
        tensors[k] = _as_tensor(a, arg.element_type, what)
    options = _capi.RunOptions()
    _lib.irrun_run_options_init(_ctypes.byref(options))
    options.entry = entry.encode() if entry else None
    options.dot_accumulation = _DOT_MODES[dot_accumulation]
    options.strict_eq = 1 if strict_eq else 0
    options.max_while_iterations = limit
    results = _capi.Results()
    status = _lib.irrun_run(module._handle, _ctypes.byref(options), tensors, len(arrays), _ctypes.byref(results))
    try:
        def text(ptr):
            return _ctypes.string_at(ptr).decode("utf-8", "replace") if ptr else ""
        messages = text(results.messages)
        if status not in (_capi.OK, _capi.CHECK_FAILED):
            raise Error(status, messages)
        return RunResult([_from_tensor(results.results[k]) for k in range(results.nresults)],
                         text(results.output), results.checks_passed, results.checks_failed, messages)
    finally:
        _lib.irrun_results_free(_ctypes.byref(results))


def run(program, inputs=(), entry=None, dot_accumulation=None, strict_eq=False, max_while_iterations=0):
    """Runs a function of `program` (text, a file, or a Module: see load)
    on `inputs` and returns its results as a list of NumPy arrays.

    inputs: one per argument, in order, or a mapping from argument (its
    name in Function.arg_names, "argK", "%argK" or an index) to input.
    An input that is a NumPy array or scalar is data of its dtype: the
    argument's own dtype, or for the types NumPy lacks (FP8, FP6, FP4,
    bf16, int2, int4) without ml_dtypes their raw storage (uint8 bit
    patterns, uint16 for bf16, int8/uint8 for int2/int4); data of another
    type is refused, never reinterpreted; big-endian arrays are swapped to
    the machine's order. Python numbers and (nested) lists are values:
    rounded once into a float type (to nearest, ties to even, as encode),
    refused for an integer type unless each is an integer in its range.
    Rank 0 (np.float32(1.5), 1.5) fits a tensor<f32> argument. Results
    come back in NumPy's dtype, else ml_dtypes' when importable, else that
    raw storage.

    entry: the function to run (default: main, else the only function).
    dot_accumulation: None or "ref" (round after every step, as the
    reference does), "algorithm", "f32" or "f64" (docs/dot-accumulation.md).
    max_while_iterations: 0 (no limit) or a positive integer (up to the C
    unsigned long's 2**64-1); more iterations of a while loop are an error.
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

    @classmethod
    def _from_json(cls, e):
        """From an element of a JSON report (irrun_compare_document)."""
        self = cls.__new__(cls)
        self.index = tuple(e["index"])
        self.flat_index = e["flat_index"]
        self.expected_bits, self.actual_bits = e["expected"], e["actual"]
        self.expected_value, self.actual_value = e["expected_text"], e["actual_text"]
        self.ulp = e["ulp"]
        self.ulp_undefined = e.get("ulp_reason")
        return self

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
    `negzero_mismatches`, `first` (the first Differences, at most 10),
    `worst` (the 10 worst: NaN mismatches, then the others without a
    distance, then by ULP distance), and `text` / `json` as `ir-run
    compare` prints them. True when it passed. irrun.document writes
    several as one text, JSON or HTML document."""

    def __init__(self, rep, pair=None):
        self._rep = rep
        self._pair = pair  # (expected, actual, element type, Rule): for worst and document
        self.element_type = rep.type.element_type.decode()
        self.shape = tuple(rep.type.dims[k] for k in range(rep.type.rank))
        self.passed = bool(rep.passed)
        self.compared = rep.compared
        self.differing = rep.differing
        self.max_ulp = None if rep.max_ulp == 2 ** 64 - 1 else rep.max_ulp
        self.max_ulp_undefined = rep.max_ulp_undefined.decode() if rep.max_ulp_undefined else None
        self.histogram = {_lib.irrun_histogram_label(k).decode(): rep.histogram[k]
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
        return _capi.take_string(_lib.irrun_report_text(_ctypes.byref(self._rep), None))

    @property
    def json(self):
        return _capi.take_string(_lib.irrun_report_json(_ctypes.byref(self._rep)))

    @property
    def worst(self):
        import json
        if self._pair is None:
            return []
        doc = json.loads(document([self], form="json", limit=10, sort="worst"))
        return [Difference._from_json(e) for e in doc["reports"][0]["elements"]]

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
    or "saturate". Arrays, NumPy scalars, numbers and lists are taken as by
    run (lists and numbers are values, rounded into the type). Raises Error
    when the arrays cannot be compared."""
    if type is not None:
        name = _mlir_name(type)
    else:
        name = _mlir_name((expected if isinstance(expected, (_np.ndarray, _np.generic)) else
                           _np.asarray(expected)).dtype)
    if name is None or name == "tf32":
        raise Error(_capi.BAD_INPUT, "give the element type: type=%r is not one (%s)" % (
            type if type is not None else str(_np.asarray(expected).dtype), ", ".join(_NAMES)))
    expected = _prepare(expected, name, "expected")
    actual = _prepare(actual, name, "actual")
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
    msg = _ctypes.c_void_p()
    status = _lib.irrun_compare(_ctypes.byref(te), _ctypes.byref(ta), _ctypes.byref(rule), _ctypes.byref(report),
                               _ctypes.byref(msg))
    said = _message(msg.value)
    if status not in (_capi.OK, _capi.CHECK_FAILED):
        raise Error(status, said)
    return Report(report, (expected, actual, name, rule))


def document(reports, form="html", labels=None, limit=10, sort="worst", title=None):
    """Reports of irrun.compare (their comparisons made again) as one
    document: form "text" (one after the other), "json" ({"reports": [...]},
    each with its "label") or "html" (one self-contained page with a
    summary table, ULP histograms on a log scale, heat maps over the first
    two dimensions and the listed elements: docs/tensor-files.md). labels
    name the reports ("result K" by default); limit is how many differing
    elements each lists (None: all); sort "worst" or "index"; title heads
    the page. Returns the text."""
    reports = list(reports)
    if labels is not None and len(labels) != len(reports):
        raise ValueError("document: %d labels for %d reports" % (len(labels), len(reports)))
    if sort not in ("worst", "index"):
        raise ValueError("sort must be worst or index")
    if any(r._pair is None for r in reports):
        raise ValueError("document: reports of irrun.compare only")
    n = len(reports)
    te, ta = (_capi.Tensor * max(1, n))(), (_capi.Tensor * max(1, n))()
    rules = (_capi.Rule * max(1, n))()
    names = (_ctypes.c_char_p * max(1, n))()
    for k, r in enumerate(reports):
        e, a, name, rule = r._pair
        te[k] = _as_tensor(e, name, "expected")
        ta[k] = _as_tensor(a, name, "actual")
        rules[k] = rule
        names[k] = (labels[k] if labels is not None else "result %d" % k).encode()
    out, msg = _ctypes.c_void_p(), _ctypes.c_void_p()
    status = _lib.irrun_compare_document(n, te, ta, rules, names, form.encode(), -1 if limit is None else int(limit),
                                         1 if sort == "worst" else 0, (title or "irrun report").encode(),
                                         _ctypes.byref(out), _ctypes.byref(msg))
    said = _message(msg.value)
    if status not in (_capi.OK, _capi.CHECK_FAILED):
        raise Error(status, said)
    return _capi.take_string(out.value)


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
        self.smallest_subnormal = None if _math.isnan(i.min_subnormal) else i.min_subnormal

    def __repr__(self):
        return "FloatInfo(%s: bits=%d, max=%r, eps=%r, smallest_normal=%r, smallest_subnormal=%r)" % (
            self.name, self.bits, self.max, self.eps, self.smallest_normal, self.smallest_subnormal)


def info(type):
    """FloatInfo of a float element type (MLIR or ml_dtypes name, a dtype,
    or "tf32")."""
    name = _mlir_name(type)  # None for None, which NumPy would take for float64
    out = _capi.FloatInfo()
    if name is None or _lib.irrun_float_info_get(name.encode(), _ctypes.byref(out)) != _capi.OK:
        raise Error(_capi.BAD_INPUT, "not a float format: %r" % (type,))
    return FloatInfo(out)


def _float_type(type, what):
    name = _mlir_name(type)
    if name is None or not _is_float(name):
        raise Error(_capi.BAD_INPUT, "%s: not a float element type: %r" % (what, type))
    return name


def _bits_dtype(name):
    return _np.dtype("<u%d" % _lib.irrun_element_size(name.encode()))


def _encode(name, values, mode, seed):
    """float64 array `values` (native, any shape) rounded into float type
    `name` by irrun_encode_values: its storage dtype (the ml_dtypes one
    when importable, else the raw bit patterns)."""
    values = _np.ascontiguousarray(values, _np.float64) if values.ndim else values.astype(_np.float64)
    out = _np.empty(values.shape, _bits_dtype(name))
    msg = _ctypes.c_void_p()
    status = _lib.irrun_encode_values(name.encode(), values.ctypes.data, values.size, _capi.ROUNDING[mode], seed,
                                      out.ctypes.data, out.nbytes, _ctypes.byref(msg))
    said = _message(msg.value)
    if status != _capi.OK:
        raise Error(status, said)
    return out.view(_storage_dtype(name))


def encode(type, values, mode="rne", seed=0):
    """The bit patterns of `values` (numbers, a nested list, or an array of
    a real type) rounded once into float type `type` (MLIR or ml_dtypes
    name), as `ir-run encode` gives them: an array of the values' shape of
    unsigned integers of the element's size (uint8 for FP8, FP6 and FP4,
    uint16 for bf16 and f16, uint32 for f32, uint64 for f64). An FP8, FP6,
    FP4 or bf16 argument takes them as they are.

    mode: "rne" (to nearest, ties to even, as literals and YAML values:
    round), "saturate" (overflow to +-max), "truncate" (toward zero) or
    "stochastic" (from `seed`, element k taking the random integer of
    index k, as `ir-run encode --mode stochastic --seed`). A Python float
    is a binary64 already: 0.1 is rounded from 0.1000000000000000055...
    """
    name = _float_type(type, "encode")
    if mode not in _capi.ROUNDING:
        raise ValueError("mode must be one of %s" % ", ".join(_capi.ROUNDING))
    seed = _operator.index(seed)
    if not 0 <= seed < 2 ** 64:
        raise ValueError("seed must be an integer from 0 to 2**64-1")
    if isinstance(values, (_np.ndarray, _np.generic)):
        values = _native(_np.asarray(values))
    try:
        a = _float64(values, "encode")
    except ValueError as e:
        raise Error(_capi.BAD_INPUT, "encode: %s" % e) from None
    return _encode(name, a, mode, seed).view(_bits_dtype(name))


def decode(type, bits):
    """The exact values (float64) of elements of float type `type`: bit
    patterns (unsigned integers, as encode gives them, or a list of ints)
    or an array of the type's own dtype (ml_dtypes). NaN patterns decode
    to a NaN of their sign. Bits outside the format (a byte above 0x0F for
    f4E2M1FN) raise Error."""
    name = _float_type(type, "decode")
    size = _lib.irrun_element_size(name.encode())
    if isinstance(bits, (_np.ndarray, _np.generic)):
        a = _native(_np.asarray(bits))
        if not (_mlir_name(a.dtype) == name or (a.dtype.kind in "uV" and a.dtype.itemsize == size)):
            raise Error(_capi.BAD_INPUT, "decode: an array of %s holds no %s bit patterns (give %s)" % (
                a.dtype, name, _bits_dtype(name)))
    else:
        a = _np.asarray(bits)
        if a.dtype.kind not in "iuO" or (a.size and not all(
                isinstance(x, int) and 0 <= x < 2 ** (8 * size) for x in a.ravel().tolist())):
            raise Error(_capi.BAD_INPUT, "decode: %s bit patterns are integers from 0 to 0x%X" % (
                name, 2 ** (8 * size) - 1))
        a = _np.array(a.ravel().tolist(), _bits_dtype(name)).reshape(a.shape)
    out = _np.empty(a.shape, _np.float64)
    msg = _ctypes.c_void_p()
    status = _lib.irrun_decode_values(name.encode(), a.ctypes.data, a.nbytes, out.ctypes.data, out.size,
                                      _ctypes.byref(msg))
    said = _message(msg.value)
    if status != _capi.OK:
        raise Error(status, said)
    return out
