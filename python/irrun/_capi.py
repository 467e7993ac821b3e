"""The C API of include/irrun.h through ctypes: finding libirrun.so, the
structures (field for field as in the header) and the function prototypes."""

import ctypes
import ctypes.util
import glob
import os

MAX_RANK = 16
HISTOGRAM_BUCKETS = 6
REPORT_FIRST = 10
ELEMENT_TEXT = 140

OK, CHECK_FAILED, BAD_INPUT, NOMEM, UNSUPPORTED = range(5)
# irrun_rounding, by the names `ir-run encode --mode` takes
ROUNDING = {"rne": 0, "saturate": 1, "truncate": 2, "stochastic": 3}

c_int64_p = ctypes.POINTER(ctypes.c_int64)


class Type(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int),
        ("element_type", ctypes.c_char_p),
        ("rank", ctypes.c_int),
        ("dims", c_int64_p),
        ("text", ctypes.c_char_p),
    ]


class Function(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("is_public", ctypes.c_int),
        ("has_body", ctypes.c_int),
        ("nargs", ctypes.c_int),
        ("args", ctypes.POINTER(Type)),
        ("nresults", ctypes.c_int),
        ("results", ctypes.POINTER(Type)),
        ("signature", ctypes.c_char_p),
    ]


class Tensor(ctypes.Structure):
    _fields_ = [
        ("element_type", ctypes.c_char_p),
        ("rank", ctypes.c_int),
        ("dims", ctypes.c_int64 * MAX_RANK),
        ("data", ctypes.c_void_p),
        ("nbytes", ctypes.c_size_t),
    ]


class RunOptions(ctypes.Structure):
    _fields_ = [
        ("entry", ctypes.c_char_p),
        ("dot_accumulation", ctypes.c_int),
        ("strict_eq", ctypes.c_int),
        ("max_while_iterations", ctypes.c_ulong),
        # since 0.2
        ("output", ctypes.c_void_p),
        ("messages", ctypes.c_void_p),
        ("results", ctypes.c_int),
        ("print_format", ctypes.c_int),
        ("hex_threshold", ctypes.c_long),
        ("threads", ctypes.c_int),
        ("replicas", ctypes.c_int),
        ("partitions", ctypes.c_int),
        ("probe_dir", ctypes.c_char_p),
        ("keep_files", ctypes.POINTER(ctypes.c_char_p)),
        ("nkeep_files", ctypes.c_int),
        ("progress", ctypes.c_void_p),
    ]


class Results(ctypes.Structure):
    _fields_ = [
        ("nresults", ctypes.c_int),
        ("results", ctypes.POINTER(Tensor)),
        ("checks_passed", ctypes.c_int),
        ("checks_failed", ctypes.c_int),
        ("output", ctypes.c_void_p),
        ("messages", ctypes.c_void_p),
        ("internal", ctypes.c_void_p),
    ]


class Rule(ctypes.Structure):
    _fields_ = [
        ("has_max_ulp", ctypes.c_int),
        ("max_ulp", ctypes.c_uint64),
        ("has_atol", ctypes.c_int),
        ("atol", ctypes.c_double),
        ("has_rtol", ctypes.c_int),
        ("rtol", ctypes.c_double),
        ("nan", ctypes.c_int),
        ("signed_zero", ctypes.c_int),
        ("inf", ctypes.c_int),
    ]


class Difference(ctypes.Structure):
    _fields_ = [
        ("flat_index", ctypes.c_int64),
        ("index", ctypes.c_int64 * MAX_RANK),
        ("expected_bits", ctypes.c_char * ELEMENT_TEXT),
        ("actual_bits", ctypes.c_char * ELEMENT_TEXT),
        ("expected_value", ctypes.c_char * ELEMENT_TEXT),
        ("actual_value", ctypes.c_char * ELEMENT_TEXT),
        ("ulp", ctypes.c_uint64),
        ("ulp_undefined", ctypes.c_char_p),
    ]


class Report(ctypes.Structure):
    _fields_ = [
        ("type", Tensor),
        ("rule", Rule),
        ("passed", ctypes.c_int),
        ("compared", ctypes.c_int64),
        ("differing", ctypes.c_int64),
        ("max_ulp", ctypes.c_uint64),
        ("max_ulp_undefined", ctypes.c_char_p),
        ("histogram", ctypes.c_int64 * HISTOGRAM_BUCKETS),
        ("nan_mismatches", ctypes.c_int64),
        ("inf_mismatches", ctypes.c_int64),
        ("negzero_mismatches", ctypes.c_int64),
        ("nfirst", ctypes.c_int),
        ("first", Difference * REPORT_FIRST),
        # since 0.3
        ("has_max_abs_error", ctypes.c_int),
        ("max_abs_error", ctypes.c_double),
        ("max_abs_error_at", Difference),
        ("has_max_rel_error", ctypes.c_int),
        ("max_rel_error", ctypes.c_double),
        ("max_rel_error_at", Difference),
    ]


class FloatInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("bits", ctypes.c_int),
        ("exponent_bits", ctypes.c_int),
        ("mantissa_bits", ctypes.c_int),
        ("bias", ctypes.c_int),
        ("is_signed", ctypes.c_int),
        ("has_inf", ctypes.c_int),
        ("has_nan", ctypes.c_int),
        ("has_negative_zero", ctypes.c_int),
        ("max", ctypes.c_double),
        ("min_normal", ctypes.c_double),
        ("min_subnormal", ctypes.c_double),
        ("epsilon", ctypes.c_double),
    ]


def _candidates():
    env = os.environ.get("IRRUN_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "libirrun.so*")))
    system = ctypes.util.find_library("irrun")
    return found + ([system] if system else []) + ["libirrun.so.0"]


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
            if os.environ.get("IRRUN_LIBRARY"):
                break
    raise ImportError(
        "irrun: cannot load libirrun.so (set IRRUN_LIBRARY to its path, or run "
        "`make install`): " + "; ".join(errors))


lib = _load()


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_proto("irrun_version", ctypes.c_int)
_proto("irrun_version_string", ctypes.c_char_p)
_proto("irrun_status_name", ctypes.c_char_p, ctypes.c_int)
_proto("irrun_string_free", None, ctypes.c_void_p)
_proto("irrun_element_size", ctypes.c_size_t, ctypes.c_char_p)
_proto("irrun_module_load_text", ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
       ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_module_load_file", ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
       ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_module_free", None, ctypes.c_void_p)
_proto("irrun_module_write_bytecode", ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
       ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_function_count", ctypes.c_int, ctypes.c_void_p)
_proto("irrun_function_at", ctypes.POINTER(Function), ctypes.c_void_p, ctypes.c_int)
_proto("irrun_function_find", ctypes.POINTER(Function), ctypes.c_void_p, ctypes.c_char_p)
_proto("irrun_function_arg_name", ctypes.c_char_p, ctypes.c_void_p, ctypes.POINTER(Function), ctypes.c_int)
_proto("irrun_run_options_init", None, ctypes.POINTER(RunOptions))
_proto("irrun_run", ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(RunOptions), ctypes.POINTER(Tensor),
       ctypes.c_int, ctypes.POINTER(Results))
_proto("irrun_results_free", None, ctypes.POINTER(Results))
_proto("irrun_compare", ctypes.c_int, ctypes.POINTER(Tensor), ctypes.POINTER(Tensor), ctypes.POINTER(Rule),
       ctypes.POINTER(Report), ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_report_text", ctypes.c_void_p, ctypes.POINTER(Report), ctypes.c_char_p)
_proto("irrun_report_json", ctypes.c_void_p, ctypes.POINTER(Report))
_proto("irrun_compare_document", ctypes.c_int, ctypes.c_int, ctypes.POINTER(Tensor), ctypes.POINTER(Tensor),
       ctypes.POINTER(Rule), ctypes.POINTER(ctypes.c_char_p), ctypes.c_char_p, ctypes.c_long, ctypes.c_int,
       ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_histogram_label", ctypes.c_char_p, ctypes.c_int)
_proto("irrun_float_info_get", ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(FloatInfo))
_proto("irrun_encode_values", ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
       ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p))
_proto("irrun_decode_values", ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
       ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p))


def take_string(ptr):
    """The text of a string the library returned, which is then freed."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib.irrun_string_free(ptr)
