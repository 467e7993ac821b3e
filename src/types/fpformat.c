/* The format table, the generic decoder and the single rounding routine. */
#include "fpformat.h"

#include <string.h>

#include "util/bitcast.h"

/* The derived fields are constant expressions of the defining ones, so the
 * table is complete at compile time: no reader can see it half set up, and
 * no entry point has to remember to initialise it. */
/* shift counts kept in range even in the arms a format does not take, which
 * compilers still check */
#define ONES(n) ((n) == 0 ? 0 : (UINT64_C(2) << (((n) - 1) & 63)) - 1)
#define SIGN_MASK(b, has_sign) ((has_sign) ? UINT64_C(1) << ((b) - 1) : 0)
#define EMIN(style, bias) ((style) == FPN_E8M0 ? -(bias) : 1 - (bias))
#define MAX_BITS(style, e, m)                                                   \
    ((style) == FPN_IEEE   ? ((ONES(e) - 1) << (m)) | ONES(m)                   \
     : (style) == FPN_FN   ? (ONES(e) << (m)) | (ONES(m) - 1)                   \
     : (style) == FPN_E8M0 ? ONES(e) - 1                                        \
                           : (ONES(e) << (m)) | ONES(m))
#define CANON_NAN(style, b, e, m)                                                \
    ((style) == FPN_IEEE   ? (ONES(e) << (m)) | (UINT64_C(1) << (m) >> 1)       \
     : (style) == FPN_FN   ? (ONES(e) << (m)) | ONES(m)                         \
     : (style) == FPN_FNUZ ? SIGN_MASK(b, true)                                 \
     : (style) == FPN_E8M0 ? ONES(e)                                            \
                           : 0)
#define FORMAT(n, b, e, m, bias, style, has_sign, has_inf, has_negzero)                    \
    { n, b, e, m, bias, style, has_sign, has_inf, has_negzero, EMIN(style, bias),          \
      (int)(MAX_BITS(style, e, m) >> (m)) - (bias), MAX_BITS(style, e, m),                 \
      SIGN_MASK(b, has_sign), ONES(b), CANON_NAN(style, b, e, m) }
#define IEEE(n, b, e, m, bias) FORMAT(n, b, e, m, bias, FPN_IEEE, true, true, true)
#define FN(n, b, e, m, bias) FORMAT(n, b, e, m, bias, FPN_FN, true, false, true)
#define FNUZ(n, b, e, m, bias) FORMAT(n, b, e, m, bias, FPN_FNUZ, true, false, false)
#define FINITE(n, b, e, m, bias) FORMAT(n, b, e, m, bias, FPN_NONE, true, false, true)

const fp_format fp_formats[FP_COUNT] = {
    [FP_F4E2M1FN] = FINITE("f4E2M1FN", 4, 2, 1, 1),
    [FP_F6E2M3FN] = FINITE("f6E2M3FN", 6, 2, 3, 1),
    [FP_F6E3M2FN] = FINITE("f6E3M2FN", 6, 3, 2, 3),
    [FP_F8E3M4] = IEEE("f8E3M4", 8, 3, 4, 3),
    [FP_F8E4M3] = IEEE("f8E4M3", 8, 4, 3, 7),
    [FP_F8E4M3FN] = FN("f8E4M3FN", 8, 4, 3, 7),
    [FP_F8E4M3FNUZ] = FNUZ("f8E4M3FNUZ", 8, 4, 3, 8),
    [FP_F8E4M3B11FNUZ] = FNUZ("f8E4M3B11FNUZ", 8, 4, 3, 11),
    [FP_F8E5M2] = IEEE("f8E5M2", 8, 5, 2, 15),
    [FP_F8E5M2FNUZ] = FNUZ("f8E5M2FNUZ", 8, 5, 2, 16),
    [FP_F8E8M0FNU] = FORMAT("f8E8M0FNU", 8, 8, 0, 127, FPN_E8M0, false, false, false),
    [FP_BF16] = IEEE("bf16", 16, 8, 7, 127),
    [FP_F16] = IEEE("f16", 16, 5, 10, 15),
    [FP_F32] = IEEE("f32", 32, 8, 23, 127),
    [FP_F64] = IEEE("f64", 64, 11, 52, 1023),
    [FP_TF32] = IEEE("tf32", 19, 8, 10, 127),
};

_Static_assert(sizeof fp_formats / sizeof fp_formats[0] == FP_COUNT, "one row per format");
/* spot checks of the derivation against values the formats' definitions give */
_Static_assert(MAX_BITS(FPN_FN, 4, 3) == 0x7E, "f8E4M3FN max is 448 = 0x7E");
_Static_assert(MAX_BITS(FPN_IEEE, 5, 2) == 0x7B, "f8E5M2 max is 57344 = 0x7B");
_Static_assert(CANON_NAN(FPN_IEEE, 32, 8, 23) == 0x7FC00000, "f32 quiet NaN");
_Static_assert(CANON_NAN(FPN_FNUZ, 8, 4, 3) == 0x80, "FNUZ NaN is the negative zero pattern");

static uint64_t ones(unsigned n) { return ONES(n); }

int fp_lookup(const char *name, size_t len)
{
    for (int i = 0; i < FP_COUNT; i++) {
        if (strlen(fp_formats[i].name) == len && memcmp(fp_formats[i].name, name, len) == 0)
            return i;
    }
    return -1;
}

static const char *const round_names[FPR_COUNT] = {
    [FPR_RNE] = "rne",
    [FPR_SATURATE] = "saturate",
    [FPR_STOCHASTIC] = "stochastic",
    [FPR_TRUNCATE] = "truncate",
};

int fp_round_lookup(const char *name)
{
    for (int i = 0; i < FPR_COUNT; i++)
        if (strcmp(round_names[i], name) == 0)
            return i;
    return -1;
}

const char *fp_round_name(fp_round r) { return round_names[r]; }

static int msb_index(uint64_t x) { return 63 - __builtin_clzll(x); }

fp_value fp_decode(fp_id id, uint64_t bits)
{
    const fp_format *f = &fp_formats[id];
    fp_value v = { FPC_ZERO, false, false, false, 0, 0 };
    bits &= f->mask;
    if (f->nan == FPN_E8M0) {
        if (bits == f->canon_nan) {
            v.cls = FPC_NAN;
            v.nan_canonical = true;
        } else {
            v.cls = FPC_FINITE;
            v.exp = (int32_t)bits - f->bias;
            v.sig = UINT64_C(1) << 63;
        }
        return v;
    }
    if (f->nan == FPN_FNUZ && bits == f->sign_mask) {
        /* the only NaN: its sign bit is set, which matters where the sign
         * survives (FN targets, the finite-only NaN rule) */
        v.cls = FPC_NAN;
        v.neg = true;
        v.nan_canonical = true;
        return v;
    }
    v.neg = (bits & f->sign_mask) != 0;
    uint64_t emask = ones(f->ebits), mmask = ones(f->mbits);
    uint64_t e = (bits >> f->mbits) & emask, m = bits & mmask;
    bool nan = (f->nan == FPN_IEEE && e == emask && m != 0) ||
               (f->nan == FPN_FN && e == emask && m == mmask);
    if (nan) {
        v.cls = FPC_NAN;
        v.sig = m << (64 - f->mbits);
        return v;
    }
    if (f->nan == FPN_IEEE && e == emask) {
        v.cls = FPC_INF;
        return v;
    }
    if (e == 0) {
        if (m == 0)
            return v;
        int top = msb_index(m);
        v.cls = FPC_FINITE;
        v.sig = m << (63 - top);
        v.exp = f->emin - (int)f->mbits + top;
        return v;
    }
    v.cls = FPC_FINITE;
    v.sig = ((UINT64_C(1) << f->mbits) | m) << (63 - f->mbits);
    v.exp = (int32_t)e - f->bias;
    return v;
}

/* The pattern of the largest finite magnitude with the given sign. */
static uint64_t max_with_sign(const fp_format *f, bool neg)
{
    return f->max_bits | (neg ? f->sign_mask : 0);
}

static uint64_t zero_with_sign(const fp_format *f, bool neg)
{
    return neg && f->has_negzero ? f->sign_mask : 0;
}

static uint64_t encode_nan(const fp_format *f, const fp_value *v, fp_round mode)
{
    switch (f->nan) {
    case FPN_IEEE:
        if (v->nan_canonical)
            return f->canon_nan;
        if (mode == FPR_SATURATE) /* ONNX's cast keeps only the sign */
            return f->canon_nan | (v->neg ? f->sign_mask : 0);
        return (v->neg ? f->sign_mask : 0) | (ones(f->ebits) << f->mbits) |
               (v->sig >> (64 - f->mbits)) | (UINT64_C(1) << (f->mbits - 1));
    case FPN_FN:
        return f->canon_nan | (v->neg ? f->sign_mask : 0);
    case FPN_FNUZ:
    case FPN_E8M0:
        return f->canon_nan;
    case FPN_NONE:
        /* no NaN to give: ONNX's cast saturates to +max, ml_dtypes (the
         * reference choice, SPEC.md section 8 item 5) gives a zero with the
         * opposite sign */
        if (mode == FPR_SATURATE)
            return f->max_bits;
        return zero_with_sign(f, !v->neg);
    }
    return 0;
}

static uint64_t encode_inf(const fp_format *f, bool neg, fp_round mode)
{
    if (mode == FPR_SATURATE) {
        if (f->nan == FPN_FNUZ)
            return f->canon_nan;
        if (f->nan == FPN_E8M0)
            return neg ? f->canon_nan : f->max_bits;
        return max_with_sign(f, neg);
    }
    switch (f->nan) {
    case FPN_IEEE:
        return (neg ? f->sign_mask : 0) | (ones(f->ebits) << f->mbits);
    case FPN_FN:
        return f->canon_nan | (neg ? f->sign_mask : 0);
    case FPN_FNUZ:
    case FPN_E8M0:
        return f->canon_nan;
    case FPN_NONE:
        return max_with_sign(f, neg);
    }
    return 0;
}

/* A finite magnitude beyond the largest finite value. */
static uint64_t encode_overflow(const fp_format *f, bool neg, fp_round mode)
{
    if (mode == FPR_SATURATE || mode == FPR_TRUNCATE)
        return f->nan == FPN_E8M0 ? f->max_bits : max_with_sign(f, neg);
    return encode_inf(f, neg, FPR_RNE);
}

uint64_t fp_encode(fp_id id, const fp_value *v, fp_round mode, uint64_t random)
{
    const fp_format *f = &fp_formats[id];
    switch (v->cls) {
    case FPC_NAN:
        return encode_nan(f, v, mode);
    case FPC_INF:
        if (f->nan == FPN_E8M0 && v->neg && mode != FPR_SATURATE)
            return f->canon_nan;
        return encode_inf(f, v->neg, mode);
    case FPC_ZERO:
        return zero_with_sign(f, v->neg);
    case FPC_FINITE:
        break;
    }
    if (v->neg && !f->has_sign)
        return f->canon_nan; /* E8M0 has no negative values: NaN, as ml_dtypes */

    /* Quantum 2^q of the result: fixed below the normal range. */
    int m = (int)f->mbits;
    int32_t q = (v->exp > f->emin ? v->exp : f->emin) - m;
    /* number of low bits of sig that fall below the quantum (>= 11) */
    int64_t shift = 63 - ((int64_t)v->exp - q);
    uint64_t kept, rem, half;
    bool beyond = v->sticky; /* nonzero bits beyond rem */
    if (shift < 64) {
        kept = v->sig >> shift;
        rem = v->sig & ones((unsigned)shift);
        half = UINT64_C(1) << (shift - 1);
    } else {
        kept = 0;
        if (shift == 64) {
            rem = v->sig;
            half = UINT64_C(1) << 63;
        } else {
            rem = 0; /* below half a quantum; only "nonzero" matters */
            half = 1;
            beyond = true;
        }
    }
    bool up = false;
    switch (mode) {
    case FPR_RNE:
    case FPR_SATURATE:
        up = rem > half || (rem == half && (beyond || (kept & 1)));
        break;
    case FPR_TRUNCATE:
        break;
    case FPR_STOCHASTIC: {
        /* the discarded field as a 64-bit binary fraction of the quantum,
         * compared with the random integer: P(up) = field / 2^64 */
        uint64_t field;
        bool field_sticky = v->sticky;
        if (shift < 64) {
            field = rem << (64 - shift);
        } else {
            int64_t extra = shift - 64;
            field = extra < 64 ? v->sig >> extra : 0;
            field_sticky = field_sticky || (extra < 64 ? (v->sig & ones((unsigned)extra)) != 0 : true);
        }
        up = field > random || (field == random && field_sticky);
        break;
    }
    case FPR_COUNT:
        break;
    }
    uint64_t mag = kept + (up ? 1 : 0);
    if (mag == 0)
        return f->nan == FPN_E8M0 ? 0 : zero_with_sign(f, v->neg);
    if (mag >> (m + 1)) { /* carry into the next binade */
        mag >>= 1;
        q++;
    }
    uint64_t pattern;
    if (mag >> m) {
        int64_t e = (int64_t)q + m + f->bias;
        if (e >= (int64_t)(UINT64_C(1) << f->ebits))
            return encode_overflow(f, v->neg, mode);
        pattern = ((uint64_t)e << m) | (mag & ones((unsigned)m));
    } else {
        pattern = mag; /* subnormal */
    }
    if (pattern > f->max_bits)
        return encode_overflow(f, v->neg, mode);
    return pattern | (v->neg ? f->sign_mask : 0);
}

fp_value fp_from_double_value(double d)
{
    return fp_decode(FP_F64, f64_to_bits(d));
}

uint64_t fp_from_double(fp_id f, double d, fp_round mode)
{
    fp_value v = fp_from_double_value(d);
    return fp_encode(f, &v, mode, 0);
}

double fp_to_double(fp_id f, uint64_t bits)
{
    uint64_t b;
    if (f == FP_F64) {
        b = bits;
    } else if (f == FP_F32) {
        float x = bits_to_f32((uint32_t)bits);
        if (x == x)
            return (double)x;
        fp_value v = fp_decode(f, bits);
        b = fp_encode(FP_F64, &v, FPR_RNE, 0);
    } else {
        fp_value v = fp_decode(f, bits);
        b = fp_encode(FP_F64, &v, FPR_RNE, 0);
    }
    return bits_to_f64(b);
}

fp_value fp_from_uint(uint64_t magnitude, bool neg)
{
    fp_value v = { FPC_ZERO, neg, false, false, 0, 0 };
    if (magnitude == 0)
        return v;
    int top = msb_index(magnitude);
    v.cls = FPC_FINITE;
    v.exp = top;
    v.sig = magnitude << (63 - top);
    return v;
}

uint64_t fp_random(uint64_t seed, uint64_t index)
{
    /* a counter-based generator: a bijective 64-bit mixer applied to a
     * seed-dependent point of a Weyl sequence, so element i's random integer
     * depends on nothing but (seed, i) */
    uint64_t z = seed * UINT64_C(0xD1342543DE82EF95) + (index + 1) * UINT64_C(0x9E3779B97F4A7C15);
    z ^= z >> 30;
    z *= UINT64_C(0xBF58476D1CE4E5B9);
    z ^= z >> 27;
    z *= UINT64_C(0x94D049BB133111EB);
    z ^= z >> 31;
    return z;
}

fp_class fp_classify(fp_id f, uint64_t bits) { return fp_decode(f, bits).cls; }

bool fp_is_negative(fp_id id, uint64_t bits)
{
    return (bits & fp_formats[id].sign_mask) != 0;
}
