/* Floating-point formats as data: one descriptor per format drives a single
 * exact decoder and a single correctly rounding encoder (SPEC.md 3.3-3.6). */
#ifndef IRRUN_FPFORMAT_H
#define IRRUN_FPFORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    FP_F4E2M1FN,
    FP_F6E2M3FN,
    FP_F6E3M2FN,
    FP_F8E3M4,
    FP_F8E4M3,
    FP_F8E4M3FN,
    FP_F8E4M3FNUZ,
    FP_F8E4M3B11FNUZ,
    FP_F8E5M2,
    FP_F8E5M2FNUZ,
    FP_F8E8M0FNU,
    FP_BF16,
    FP_F16,
    FP_F32,
    FP_F64,
    FP_TF32, /* only a dot-algorithm precision type, never a tensor element */
    FP_COUNT
} fp_id;

/* How a format spends its special encodings. */
typedef enum {
    FPN_IEEE,    /* exponent all ones: M = 0 Inf, M != 0 NaN */
    FPN_FN,      /* only exponent and mantissa all ones is NaN; no Inf */
    FPN_FNUZ,    /* the pattern "sign set, rest zero" is the only NaN; no -0 */
    FPN_NONE,    /* finite-only: every pattern is a number */
    FPN_E8M0     /* unsigned exponent-only; all ones is NaN */
} fp_nan_style;

typedef struct {
    const char *name;
    unsigned bits;  /* value bits of a pattern */
    unsigned ebits; /* exponent field width */
    unsigned mbits; /* stored mantissa width */
    int bias;
    fp_nan_style nan;
    bool has_sign;
    bool has_inf;
    bool has_negzero;
    /* derived from the fields above, at compile time */
    int emin;            /* exponent of the smallest normal */
    int emax;            /* exponent of the largest finite */
    uint64_t max_bits;   /* pattern of the largest finite */
    uint64_t sign_mask;  /* 0 for unsigned formats */
    uint64_t mask;       /* all value bits */
    uint64_t canon_nan;  /* APFloat's default NaN, 0 where there is none */
} fp_format;

extern const fp_format fp_formats[FP_COUNT];

static inline const fp_format *fp_fmt(fp_id f) { return &fp_formats[f]; }

/* Returns the format named by an MLIR spelling ("f8E4M3FN", "tf32", ...) or
 * -1. */
int fp_lookup(const char *name, size_t len);

typedef enum { FPC_ZERO, FPC_FINITE, FPC_INF, FPC_NAN } fp_class;

/* An exact (or exact-up-to-sticky) value, independent of any format.
 * Finite: |v| = sig * 2^(exp - 63), bit 63 of sig set; sticky means the true
 * magnitude is a little more than that (bits beyond the 64 kept).
 * NaN: sig holds the source's fraction left-aligned (bit 63 is the quiet-bit
 * position); nan_canonical marks a NaN from a format that has no payload
 * (FNUZ, E8M0), which converts to the target's default NaN. */
typedef struct {
    fp_class cls;
    bool neg;
    bool sticky;
    bool nan_canonical;
    int32_t exp;
    uint64_t sig;
} fp_value;

typedef enum {
    FPR_RNE,        /* the reference semantics */
    FPR_SATURATE,   /* ONNX's saturating cast, SPEC.md 3.12 */
    FPR_STOCHASTIC, /* compare the discarded field with a random integer */
    FPR_TRUNCATE,   /* toward zero */
    FPR_COUNT
} fp_round;

/* "rne", "saturate", "stochastic", "truncate" -> mode, or -1. */
int fp_round_lookup(const char *name);
const char *fp_round_name(fp_round r);

fp_value fp_decode(fp_id f, uint64_t bits);

/* The single rounding routine: every conversion, literal and arithmetic
 * result goes through it. `random` is only read in FPR_STOCHASTIC mode and is
 * a uniformly distributed 64-bit integer. */
uint64_t fp_encode(fp_id f, const fp_value *v, fp_round mode, uint64_t random);

/* A conversion between two formats; from a format to itself it is the
 * identity, a signaling NaN included (APFloat returns at once for the same
 * semantics: SPEC.md 3.6). */
static inline uint64_t fp_convert(fp_id to, fp_id from, uint64_t bits)
{
    if (to == from)
        return bits & fp_formats[from].mask;
    fp_value v = fp_decode(from, bits);
    return fp_encode(to, &v, FPR_RNE, 0);
}

/* Exact binary64 value of a pattern (every format but f64 embeds exactly in
 * binary64; NaNs convert as a NaN conversion would). */
double fp_to_double(fp_id f, uint64_t bits);
fp_value fp_from_double_value(double d);
uint64_t fp_from_double(fp_id f, double d, fp_round mode);

/* Exact integer values. */
fp_value fp_from_uint(uint64_t magnitude, bool neg);

/* The counter-based generator behind stochastic rounding: the random integer
 * of element `index` under `seed` (SPEC.md section 8, item 18). */
uint64_t fp_random(uint64_t seed, uint64_t index);

/* Classification of a pattern. */
fp_class fp_classify(fp_id f, uint64_t bits);
static inline bool fp_is_nan(fp_id f, uint64_t bits) { return fp_classify(f, bits) == FPC_NAN; }
bool fp_is_negative(fp_id f, uint64_t bits); /* sign bit set (NaN included) */

#endif
