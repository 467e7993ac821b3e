"""Element types: MLIR spellings, their ml_dtypes / NumPy names, and the
NumPy dtype an array of each is held in."""

import numpy as np

try:
    import ml_dtypes
except ImportError:  # the package works without it: see _storage_dtype
    ml_dtypes = None

# MLIR spelling -> ml_dtypes (or NumPy) name, as .npy files name them
NAMES = {
    "i1": "bool",
    "i2": "int2", "i4": "int4", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "ui2": "uint2", "ui4": "uint4", "ui8": "uint8", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64",
    "f4E2M1FN": "float4_e2m1fn", "f6E2M3FN": "float6_e2m3fn", "f6E3M2FN": "float6_e3m2fn",
    "f8E3M4": "float8_e3m4", "f8E4M3": "float8_e4m3", "f8E4M3FN": "float8_e4m3fn",
    "f8E4M3FNUZ": "float8_e4m3fnuz", "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
    "f8E5M2": "float8_e5m2", "f8E5M2FNUZ": "float8_e5m2fnuz", "f8E8M0FNU": "float8_e8m0fnu",
    "bf16": "bfloat16", "f16": "float16", "f32": "float32", "f64": "float64",
    "complex<f32>": "complex64", "complex<f64>": "complex128",
}
_BY_NAME = {v: k for k, v in NAMES.items()}
_NUMPY_HAS = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "float32", "float64", "complex64", "complex128")

# Without ml_dtypes: the NumPy dtype holding a type NumPy lacks, one element
# per item as libirrun lays them out (sub-byte integers sign- or
# zero-extended, so int8/uint8 arrays hold their values; small floats and
# bf16 as raw bit patterns).
_FALLBACK = {
    "i2": np.int8, "i4": np.int8, "ui2": np.uint8, "ui4": np.uint8,
    "bf16": np.uint16,
}


def mlir_name(t):
    """The MLIR spelling of an element type given as an MLIR or ml_dtypes
    name, a NumPy dtype or a scalar type; None when it is none of these
    (None itself too, which NumPy would take for float64)."""
    if t is None:
        return None
    if isinstance(t, str):
        if t in NAMES:
            return t
        if t in _BY_NAME:
            return _BY_NAME[t]
        return "tf32" if t == "tf32" else None
    try:
        return _BY_NAME.get(np.dtype(t).name)
    except TypeError:
        return None


def is_float(name):
    """Whether element type `name` (MLIR) is a real float type."""
    return name[0] == "f" or name == "bf16"


def int_range(name):
    """(lowest, highest) value of an integer element type (i1: 0, 1), or
    None for a float or complex type."""
    if name == "i1":
        return 0, 1
    if name.startswith("ui"):
        return 0, 2 ** int(name[2:]) - 1
    if name[0] == "i":
        bits = int(name[1:])
        return -2 ** (bits - 1), 2 ** (bits - 1) - 1
    return None


def _ml_dtype(name):
    if ml_dtypes is None:
        return None
    return getattr(ml_dtypes, NAMES[name], None)


def storage_dtype(name):
    """The dtype results of element type `name` come back in: NumPy's own,
    else ml_dtypes' when importable, else the raw storage of _FALLBACK (uint8
    for the floats of 8 bits or fewer)."""
    n = NAMES[name]
    if n in _NUMPY_HAS:
        return np.dtype(n)
    d = _ml_dtype(name)
    if d is not None:
        return np.dtype(d)
    return np.dtype(_FALLBACK.get(name, np.uint8))


def accepts(dtype, name):
    """Whether an array of `dtype` may stand for elements of type `name`:
    its own dtype, or for a type NumPy lacks its raw storage (uint8 bit
    patterns for FP8/FP6/FP4, int8 or uint8 for int2/int4, uint16 for bf16;
    also NumPy's void, which is what np.load makes of ml_dtypes' '<V1').
    Data of another type is refused, never reinterpreted."""
    dtype = np.dtype(dtype)
    own = mlir_name(dtype)
    if own == name:
        return True
    if NAMES[name] in _NUMPY_HAS or (own is not None and own not in ("i8", "ui8", "ui16")):
        return False
    size = 2 if name == "bf16" else 1
    return dtype.itemsize == size and (dtype.kind in "uV" or (dtype.kind == "i" and name in ("i2", "i4")))
