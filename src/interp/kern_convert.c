/* convert (SPEC.md 3.6, 4.3) and bitcast_convert (4.32).
 *
 * One scalar routine defines every conversion, and the generic loop maps it
 * over the elements. The kernel takes a fast loop where one exists: 1-byte
 * sources through a 256-entry table built with the scalar routine, and the
 * float pairs of convert_loops below (f32 -> small float through the 128K
 * table, the binary64-exact IEEE pairs). */
#include "interp/kern.h"
#include "interp/kern_generic.h"
#include "interp/kern_num.h"
#include "interp/kern_splat.h"
#include "types/fptables.h"
#include "util/mem.h"

/* An element's value bits; complex: re in lo, im in hi. */
typedef struct {
    uint64_t lo, hi;
} kval;

static kval load_elem(et_id t, const unsigned char *p)
{
    et_id part = et_part(t);
    kval v = { et_load_bits(part, p), 0 };
    if (part != t)
        v.hi = et_load_bits(part, p + et_get(part)->bytes);
    return v;
}

static void store_elem(et_id t, unsigned char *p, kval v)
{
    et_id part = et_part(t);
    et_store_bits(part, p, v.lo);
    if (part != t)
        et_store_bits(part, p + et_get(part)->bytes, v.hi);
}

/* An integer element's value: magnitude and sign. */
static void int_value(et_id t, uint64_t bits, uint64_t *mag, bool *neg)
{
    const et_traits *tr = et_get(t);
    *neg = false;
    bits = (uint64_t)et_sign_extend(t, bits);
    if (tr->kind == EK_SINT && (int64_t)bits < 0) {
        *neg = true;
        *mag = (uint64_t)0 - bits;
    } else {
        *mag = bits;
    }
}

/* The conversion of one scalar (never complex) source into a non-complex
 * target. */
static uint64_t cvt_real(et_id from, uint64_t x, et_id to)
{
    const et_traits *ft = et_get(from), *tt = et_get(to);
    if (ft->kind == EK_FLOAT) {
        switch (tt->kind) {
        case EK_BOOL:
            return fp_classify(ft->fmt, x) != FPC_ZERO; /* NaN -> true */
        case EK_SINT:
            return (uint64_t)fp_to_sint(ft->fmt, x, tt->value_bits);
        case EK_UINT:
            return fp_to_uint(ft->fmt, x, tt->value_bits);
        case EK_FLOAT:
        case EK_COMPLEX:
            break;
        }
        return fp_convert(tt->fmt, ft->fmt, x);
    }
    /* integer or boolean source: its exact value */
    uint64_t mag;
    bool neg;
    int_value(from, x, &mag, &neg);
    switch (tt->kind) {
    case EK_BOOL:
        return mag != 0;
    case EK_SINT:
    case EK_UINT:
        return neg ? (uint64_t)0 - mag : mag; /* wrap: low bits kept by the store */
    case EK_FLOAT:
    case EK_COMPLEX:
        break;
    }
    fp_value v = fp_from_uint(mag, neg);
    return fp_encode(tt->fmt, &v, FPR_RNE, 0);
}

static kval cvt_scalar(et_id from, kval x, et_id to)
{
    kval r = { 0, 0 };
    bool fc = et_get(from)->kind == EK_COMPLEX, tc = et_get(to)->kind == EK_COMPLEX;
    et_id fr = et_part(from); /* real part's type */
    et_id tr = et_part(to);
    r.lo = cvt_real(fr, x.lo, tr);
    if (tc)
        r.hi = fc ? cvt_real(fr, x.hi, tr) : 0; /* imaginary part +0 */
    return r;
}

irrun_status kern_convert_generic(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    size_t fb = et_get(from)->bytes, tb = et_get(to)->bytes;
    const unsigned char *src = x->data;
    unsigned char *dst = r->data;
    if (et_part(from) == from && et_part(to) == to) {
        /* (no complex side: no parts to split, which is most of the time
         * spent outside cvt_real) */
        for (int64_t i = 0; i < x->count; i++)
            et_store_bits(to, dst + i * tb, cvt_real(from, et_load_bits(from, src + i * fb), to));
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < x->count; i++)
        store_elem(to, dst + i * tb, cvt_scalar(from, load_elem(from, src + i * fb), to));
    return IRRUN_OK;
}

/* Any 1-byte source: 256 conversions, then a table lookup per element. */
static irrun_status byte_source_convert(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    size_t tb = et_get(to)->bytes;
    unsigned char *tab = mem_alloc(256 * tb);
    if (!tab)
        return IRRUN_NOMEM;
    for (unsigned p = 0; p < 256; p++) {
        unsigned char b[16] = { (unsigned char)p };
        store_elem(to, tab + p * tb, cvt_scalar(from, load_elem(from, b), to));
    }
    const uint8_t *src = x->data;
    int64_t n = x->count;
    switch (tb) {
    case 1: {
        uint8_t *d = r->data;
        for (int64_t i = 0; i < n; i++)
            d[i] = tab[src[i]];
        break;
    }
    case 2: {
        uint16_t *d = r->data;
        const uint16_t *t = (const uint16_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++)
            d[i] = t[src[i]];
        break;
    }
    case 4: {
        uint32_t *d = r->data;
        const uint32_t *t = (const uint32_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++)
            d[i] = t[src[i]];
        break;
    }
    case 8: {
        uint64_t *d = r->data;
        const uint64_t *t = (const uint64_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++)
            d[i] = t[src[i]];
        break;
    }
    default: {
        unsigned char *d = r->data;
        for (int64_t i = 0; i < n; i++)
            memcpy(d + i * tb, tab + src[i] * tb, tb);
        break;
    }
    }
    mem_free(tab);
    return IRRUN_OK;
}

/* The fast float -> float loops: n elements of type `from` at xs into type
 * `to` at rs. A NaN defers to fp_convert, which owns the NaN rules. */
typedef irrun_status (*convert_loop)(et_id from, et_id to, const void *xs, void *rs, int64_t n);

static irrun_status f32_to_fbyte(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    const uint8_t *tab = fp_table_from_f32(et_get(to)->fmt, FPR_RNE);
    if (!tab)
        return IRRUN_NOMEM;
    const uint32_t *x = xs;
    uint8_t *r = rs;
    for (int64_t i = 0; i < n; i++)
        r[i] = fp_small_from_f32(tab, x[i]);
    return IRRUN_OK;
}

static irrun_status f32_to_f64(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    (void)to;
    const uint32_t *x = xs;
    uint64_t *r = rs;
    for (int64_t i = 0; i < n; i++) {
        float v = bits_to_f32(x[i]);
        r[i] = v == v ? f64_to_bits((double)v) : fp_convert(FP_F64, FP_F32, x[i]);
    }
    return IRRUN_OK;
}

static irrun_status f64_to_f32(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    (void)to;
    const uint64_t *x = xs;
    uint32_t *r = rs;
    for (int64_t i = 0; i < n; i++) {
        double v = bits_to_f64(x[i]);
        r[i] = v == v ? f32_to_bits((float)v) : (uint32_t)fp_convert(FP_F32, FP_F64, x[i]);
    }
    return IRRUN_OK;
}

/* f32 or f64 (wide_f64) into bf16 or f16 (bf): one rounding of the exact
 * binary64 value. */
static inline irrun_status to_half(bool wide_f64, bool bf, fp_id ff, fp_id tf, const void *xs,
                                   uint16_t *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t b = wide_f64 ? ((const uint64_t *)xs)[i] : ((const uint32_t *)xs)[i];
        double v = wide_f64 ? bits_to_f64(b) : (double)bits_to_f32((uint32_t)b);
        if (v != v)
            r[i] = (uint16_t)fp_convert(tf, ff, b);
        else
            r[i] = bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
    }
    return IRRUN_OK;
}

/* bf16 or f16 (bf) into f32 or f64 (wide_f64): exact. */
static inline irrun_status from_half(bool bf, bool wide_f64, fp_id ff, fp_id tf,
                                     const uint16_t *x, void *rs, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double v = bf ? kern_bf16_to_f64(x[i]) : kern_f16_to_f64(x[i]);
        uint64_t b = v != v ? fp_convert(tf, ff, x[i])
                     : wide_f64 ? f64_to_bits(v) : f32_to_bits((float)v);
        if (wide_f64)
            ((uint64_t *)rs)[i] = b;
        else
            ((uint32_t *)rs)[i] = (uint32_t)b;
    }
    return IRRUN_OK;
}

#define HALF_PAIR(NAME, BODY)                                                              \
    static irrun_status NAME(et_id from, et_id to, const void *xs, void *rs, int64_t n)    \
    {                                                                                      \
        fp_id ff = et_get(from)->fmt, tf = et_get(to)->fmt;                                \
        return BODY;                                                                       \
    }

HALF_PAIR(f32_to_bf16, to_half(false, true, ff, tf, xs, rs, n))
HALF_PAIR(f32_to_f16, to_half(false, false, ff, tf, xs, rs, n))
HALF_PAIR(f64_to_bf16, to_half(true, true, ff, tf, xs, rs, n))
HALF_PAIR(f64_to_f16, to_half(true, false, ff, tf, xs, rs, n))
HALF_PAIR(bf16_to_f32, from_half(true, false, ff, tf, xs, rs, n))
HALF_PAIR(bf16_to_f64, from_half(true, true, ff, tf, xs, rs, n))
HALF_PAIR(f16_to_f32, from_half(false, false, ff, tf, xs, rs, n))
HALF_PAIR(f16_to_f64, from_half(false, true, ff, tf, xs, rs, n))

/* [source class][target class]; the pairs left out take the generic loop. */
static const convert_loop convert_loops[ES_COUNT][ES_COUNT] = {
    [ES_F32] = { [ES_FBYTE] = f32_to_fbyte, [ES_F64] = f32_to_f64, [ES_BF16] = f32_to_bf16,
                 [ES_F16] = f32_to_f16 },
    [ES_F64] = { [ES_F32] = f64_to_f32, [ES_BF16] = f64_to_bf16, [ES_F16] = f64_to_f16 },
    [ES_BF16] = { [ES_F32] = bf16_to_f32, [ES_F64] = bf16_to_f64 },
    [ES_F16] = { [ES_F32] = f16_to_f32, [ES_F64] = f16_to_f64 },
};

/* The staged conversion, for every pair of non-complex types the loops
 * above leave out: a chunk of source elements is read into one of two
 * exact intermediate forms (an integer as int64_t, or as uint64_t for
 * ui64; any float as its binary64 value, which holds every format of 32
 * bits or fewer exactly), and a loop chosen by the target's class writes
 * the chunk out with one rounding. Each stage is picked once per chunk;
 * values the intermediate form cannot carry through one correct rounding
 * (NaNs, integers of 2^53 or more into a narrow float, floats outside an
 * integer target's range) take the scalar routine. */
enum { STAGE_CHUNK = 512 };

typedef struct {
    et_id from, to;
    const unsigned char *src; /* the chunk's source elements */
    const uint8_t *small;     /* the f32 rounding table of an ES_FBYTE target */
} stage;

/* The scalar conversion of source element i into target element i. */
static void stage_scalar(const stage *st, int64_t i, void *dst)
{
    size_t fb = et_get(st->from)->bytes, tb = et_get(st->to)->bytes;
    uint64_t bits = cvt_real(st->from, et_load_bits(st->from, st->src + (size_t)i * fb), st->to);
    et_store_bits(st->to, (unsigned char *)dst + (size_t)i * tb, bits);
}

/* Source integers as int64_t (ui64 as its bit pattern). */
static void load_ints(et_storage s, const void *src, int64_t *v, int64_t n)
{
#define LOAD(T)                                             \
    {                                                       \
        const T *p = src;                                   \
        for (int64_t i = 0; i < n; i++)                     \
            v[i] = (int64_t)p[i];                           \
        return;                                             \
    }
    switch (s) {
    case ES_BOOL:
    case ES_U8: LOAD(uint8_t)
    case ES_S8: LOAD(int8_t)
    case ES_S16: LOAD(int16_t)
    case ES_U16: LOAD(uint16_t)
    case ES_S32: LOAD(int32_t)
    case ES_U32: LOAD(uint32_t)
    case ES_S64:
    case ES_U64: LOAD(int64_t)
    case ES_FBYTE:
    case ES_BF16:
    case ES_F16:
    case ES_F32:
    case ES_F64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
#undef LOAD
}

/* Source floats as their binary64 values (NaNs as some NaN: the target
 * stage sends them to the scalar routine). */
static void load_reals(et_storage s, fp_id f, const void *src, double *v, int64_t n)
{
    switch (s) {
    case ES_FBYTE: {
        const double *tab = fp_table_to_double(f);
        const uint8_t *p = src;
        for (int64_t i = 0; i < n; i++)
            v[i] = tab[p[i]];
        return;
    }
    case ES_BF16: {
        const uint16_t *p = src;
        for (int64_t i = 0; i < n; i++)
            v[i] = kern_bf16_to_f64(p[i]);
        return;
    }
    case ES_F16: {
        const uint16_t *p = src;
        for (int64_t i = 0; i < n; i++)
            v[i] = kern_f16_to_f64(p[i]);
        return;
    }
    case ES_F32: {
        const float *p = src;
        for (int64_t i = 0; i < n; i++)
            v[i] = (double)p[i];
        return;
    }
    case ES_F64:
        memcpy(v, src, (size_t)n * sizeof *v);
        return;
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
}

/* An integer of 2^53 or more in magnitude as a binary64 rounded to odd: the
 * top 53 (or 52) bits, the last of them set if any bit below is. Rounding that once
 * more to nearest-even at 11 bits or fewer (bf16, f16 and the small
 * formats; f32 is converted directly) gives the correctly rounded result,
 * as 53 >= 11 + 2. */
static double odd_double(int64_t v, bool wide_unsigned)
{
    bool neg = !wide_unsigned && v < 0;
    uint64_t mag = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    /* the bit length from binary64's exponent of mag (one too long when
     * that conversion rounds up to a power of two: then 52 bits are kept,
     * still more than 11 + 2) */
    int shift = (int)((f64_to_bits((double)mag) >> 52) & 0x7FF) - 1023 - 52;
    uint64_t kept = mag >> shift;
    kept |= (mag & ((UINT64_C(1) << shift) - 1)) != 0;
    double d = (double)kept * bits_to_f64((uint64_t)(1023 + shift) << 52); /* exact: 2^shift */
    return neg ? -d : d;
}

/* Integers into the target. wide_unsigned: v holds ui64 patterns. */
static void store_ints(const stage *st, bool wide_unsigned, const int64_t *v, void *dst, int64_t n)
{
    const et_traits *tt = et_get(st->to);
#define STORE(T)                                            \
    {                                                       \
        T *r = dst;                                         \
        for (int64_t i = 0; i < n; i++)                     \
            r[i] = (T)v[i];                                 \
        break;                                              \
    }
/* into a narrow float through binary64: exact below 2^53, rounded to odd
 * above (odd_double) */
#define VIA_DOUBLE(T, EXPR)                                                                    \
    {                                                                                          \
        T *r = dst;                                                                            \
        for (int64_t i = 0; i < n; i++) {                                                      \
            bool exact = wide_unsigned ? (uint64_t)v[i] < (UINT64_C(1) << 53)                  \
                                       : v[i] > -(INT64_C(1) << 53) && v[i] < (INT64_C(1) << 53);\
            double d = exact ? (double)v[i] : odd_double(v[i], wide_unsigned);                 \
                r[i] = (T)(EXPR);                                                              \
        }                                                                                      \
        break;                                                                                 \
    }
    switch (tt->storage) {
    case ES_BOOL: {
        uint8_t *r = dst;
        for (int64_t i = 0; i < n; i++)
            r[i] = v[i] != 0;
        break;
    }
    case ES_S8:
    case ES_U8: STORE(uint8_t)
    case ES_S16:
    case ES_U16: STORE(uint16_t)
    case ES_S32:
    case ES_U32: STORE(uint32_t)
    case ES_S64:
    case ES_U64: STORE(uint64_t)
    case ES_F32: {
        /* the hardware's int64 -> binary32 conversion rounds once (RNE) */
        float *r = dst;
        if (wide_unsigned)
            for (int64_t i = 0; i < n; i++)
                r[i] = (float)(uint64_t)v[i];
        else
            for (int64_t i = 0; i < n; i++)
                r[i] = (float)v[i];
        break;
    }
    case ES_F64: {
        double *r = dst;
        if (wide_unsigned)
            for (int64_t i = 0; i < n; i++)
                r[i] = (double)(uint64_t)v[i];
        else
            for (int64_t i = 0; i < n; i++)
                r[i] = (double)v[i];
        break;
    }
    case ES_BF16: VIA_DOUBLE(uint16_t, kern_f64_to_bf16(d))
    case ES_F16: VIA_DOUBLE(uint16_t, kern_f64_to_f16(d))
    case ES_FBYTE: VIA_DOUBLE(uint8_t, fp_small_from_f64(tt->fmt, st->small, f64_to_bits(d), FPR_RNE))
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        for (int64_t i = 0; i < n; i++)
            stage_scalar(st, i, dst);
        break;
    }
#undef STORE
#undef VIA_DOUBLE
    if (et_is_int(st->to))
        kern_int_normalize(st->to, dst, n); /* wrap into i2/i4/ui2/ui4 */
}

/* Float values into the target: a NaN into a float takes the scalar
 * routine (which owns the NaN rules); into an integer, values beyond the
 * range saturate and NaN gives 0, as fp_to_sint and fp_to_uint do. */
static void store_reals(const stage *st, const double *v, void *dst, int64_t n)
{
    const et_traits *tt = et_get(st->to);
    /* the values (lo, hi) whose truncation an integer target holds */
    double lo = 0, hi = 0;
    if (tt->kind == EK_SINT) {
        hi = ldexp(1.0, (int)tt->value_bits - 1);
        lo = -hi - 1; /* (rounds to -hi for i64: -hi itself saturates to itself) */
    } else if (tt->kind == EK_UINT) {
        lo = -1.0;
        hi = ldexp(1.0, (int)tt->value_bits);
    }
    /* the saturated results, as two's complement patterns */
    unsigned w = tt->value_bits;
    uint64_t maxbits = tt->kind == EK_SINT ? (UINT64_C(1) << (w - 1)) - 1
                       : w >= 64           ? UINT64_MAX
                                           : (UINT64_C(1) << w) - 1;
    uint64_t minbits = tt->kind == EK_SINT ? (uint64_t)0 - (UINT64_C(1) << (w - 1)) : 0;
#define FLOAT_TO(T, EXPR)                                   \
    {                                                       \
        T *r = dst;                                         \
        for (int64_t i = 0; i < n; i++) {                   \
            double d = v[i];                                \
            if (d == d)                                     \
                r[i] = (T)(EXPR);                           \
            else                                            \
                stage_scalar(st, i, dst);                   \
        }                                                   \
        break;                                              \
    }
/* in range: truncated; beyond it saturated, NaN 0 (fp_to_sint, fp_to_uint) */
#define INT_TO(T, CAST)                                                                        \
    {                                                                                          \
        T *r = dst;                                                                            \
        T tmax = (T)maxbits, tmin = (T)minbits;                                                \
        for (int64_t i = 0; i < n; i++) {                                                      \
            double d = v[i];                                                                   \
            r[i] = d > lo && d < hi ? (T)(CAST)d : d != d ? (T)0 : d > 0 ? tmax : tmin;        \
        }                                                                                      \
        break;                                                                                 \
    }
    switch (tt->storage) {
    case ES_BOOL: {
        uint8_t *r = dst; /* NaN is true */
        for (int64_t i = 0; i < n; i++)
            r[i] = v[i] != 0;
        break;
    }
    case ES_S8: INT_TO(int8_t, int64_t)
    case ES_S16: INT_TO(int16_t, int64_t)
    case ES_S32: INT_TO(int32_t, int64_t)
    case ES_S64: INT_TO(int64_t, int64_t)
    case ES_U8: INT_TO(uint8_t, int64_t)
    case ES_U16: INT_TO(uint16_t, int64_t)
    case ES_U32: INT_TO(uint32_t, int64_t)
    case ES_U64: INT_TO(uint64_t, uint64_t)
    case ES_F32: FLOAT_TO(float, (float)d)
    case ES_F64: FLOAT_TO(double, d)
    case ES_BF16: FLOAT_TO(uint16_t, kern_f64_to_bf16(d))
    case ES_F16: FLOAT_TO(uint16_t, kern_f64_to_f16(d))
    case ES_FBYTE: FLOAT_TO(uint8_t, fp_small_from_f64(tt->fmt, st->small, f64_to_bits(d), FPR_RNE))
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        for (int64_t i = 0; i < n; i++)
            stage_scalar(st, i, dst);
        break;
    }
#undef FLOAT_TO
#undef INT_TO
}

static bool is_int_storage(et_storage s)
{
    return s == ES_BOOL || (s >= ES_S8 && s <= ES_U64);
}

/* Whether the staged conversion takes the pair: both sides real, the
 * source of a class it can read. */
static bool staged_pair(et_id from, et_id to)
{
    et_storage fs = et_get(from)->storage, ts = et_get(to)->storage;
    bool readable = is_int_storage(fs) || (fs >= ES_FBYTE && fs <= ES_F64);
    return readable && et_part(from) == from && et_part(to) == to && ts != ES_FLOAT;
}

static irrun_status staged_convert(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    const et_traits *ft = et_get(from), *tt = et_get(to);
    stage st = { .from = from, .to = to };
    if (tt->storage == ES_FBYTE && !(st.small = fp_table_from_f32(tt->fmt, FPR_RNE)))
        return IRRUN_NOMEM;
    if (ft->storage == ES_FBYTE && !fp_table_to_double(ft->fmt))
        return IRRUN_NOMEM;
    bool ints = is_int_storage(ft->storage);
    union {
        int64_t i[STAGE_CHUNK];
        double d[STAGE_CHUNK];
    } buf;
    for (int64_t at = 0; at < n; at += STAGE_CHUNK) {
        int64_t k = n - at < STAGE_CHUNK ? n - at : STAGE_CHUNK;
        st.src = (const unsigned char *)xs + (size_t)at * ft->bytes;
        void *dst = (unsigned char *)rs + (size_t)at * tt->bytes;
        if (ints) {
            load_ints(ft->storage, st.src, buf.i, k);
            store_ints(&st, ft->storage == ES_U64, buf.i, dst, k);
        } else {
            load_reals(ft->storage, ft->fmt, st.src, buf.d, k);
            store_reals(&st, buf.d, dst, k);
        }
    }
    return IRRUN_OK;
}

irrun_status kern_convert_from_i64(const int64_t *v, int64_t n, tensor *r)
{
    et_id to = r->type.elem;
    const et_traits *tt = et_get(to);
    stage st = { .from = ET_I64, .to = to };
    if (tt->storage == ES_FBYTE && !(st.small = fp_table_from_f32(tt->fmt, FPR_RNE)))
        return IRRUN_NOMEM;
    if (et_part(to) != to) {
        tensor src = tensor_view(ET_I64, n, (void *)v);
        return kern_convert_generic(&src, r);
    }
    for (int64_t at = 0; at < n; at += STAGE_CHUNK) {
        int64_t k = n - at < STAGE_CHUNK ? n - at : STAGE_CHUNK;
        st.src = (const unsigned char *)(v + at);
        store_ints(&st, false, v + at, (unsigned char *)r->data + (size_t)at * tt->bytes, k);
    }
    return IRRUN_OK;
}

static irrun_status convert_each(const void *ctx, const tensor *const *x, tensor *r)
{
    (void)ctx;
    return kern_convert(x[0], r);
}

/* Conversions with a complex side, through the parts: complex into complex
 * converts the 2n parts as reals; a real into a complex converts into the
 * real parts (imaginary parts +0, the zero pattern of every format);
 * a complex into a real converts the real parts (SPEC.md 3.6). Chunks of
 * parts are gathered or scattered through a buffer in the cache. */
static irrun_status complex_convert(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    et_id fp = et_part(from), tp = et_part(to);
    if (fp != from && tp != to) {
        tensor xs = tensor_view(fp, 2 * x->count, x->data), rs = tensor_view(tp, 2 * r->count, r->data);
        return kern_convert(&xs, &rs);
    }
    size_t fb = et_get(from)->bytes, tb = et_get(to)->bytes;
    size_t pb = et_get(fp != from ? fp : tp)->bytes; /* the complex side's part */
    unsigned char buf[STAGE_CHUNK * 8];
    irrun_status rc = IRRUN_OK;
    for (int64_t at = 0; at < x->count && rc == IRRUN_OK; at += STAGE_CHUNK) {
        int64_t k = x->count - at < STAGE_CHUNK ? x->count - at : STAGE_CHUNK;
        const unsigned char *src = (const unsigned char *)x->data + (size_t)at * fb;
        unsigned char *dst = (unsigned char *)r->data + (size_t)at * tb;
        if (fp != from) { /* complex -> real: gather the real parts */
            for (int64_t i = 0; i < k; i++)
                memcpy(buf + (size_t)i * pb, src + (size_t)i * fb, pb);
            tensor xs = tensor_view(fp, k, buf), rs = tensor_view(to, k, dst);
            rc = kern_convert(&xs, &rs);
        } else { /* real -> complex: convert, then scatter with +0 */
            tensor xs = tensor_view(from, k, (void *)src), rs = tensor_view(tp, k, buf);
            rc = kern_convert(&xs, &rs);
            for (int64_t i = 0; i < k && rc == IRRUN_OK; i++) {
                memcpy(dst + (size_t)i * tb, buf + (size_t)i * pb, pb);
                memset(dst + (size_t)i * tb + pb, 0, pb);
            }
        }
    }
    return rc;
}

irrun_status kern_convert(const tensor *x, tensor *r)
{
    if (kern_any_splat(x, NULL, NULL, r))
        return kern_splat_each(convert_each, NULL, &x, 1, r);
    et_id from = x->type.elem, to = r->type.elem;
    if (from == to) {
        /* the identity, a signaling NaN included (SPEC.md 3.6) */
        memcpy(r->data, x->data, x->nbytes);
        return IRRUN_OK;
    }
    if (x->count == 0)
        return IRRUN_OK;
    if (et_get(from)->bytes == 1 && x->count > 64)
        return byte_source_convert(x, r);
    convert_loop loop = convert_loops[et_get(from)->storage][et_get(to)->storage];
    if (loop)
        return loop(from, to, x->data, r->data, x->count);
    if (staged_pair(from, to))
        return staged_convert(from, to, x->data, r->data, x->count);
    if ((et_part(from) != from || et_part(to) != to) && et_get(from)->storage != ES_FLOAT &&
        et_get(to)->storage != ES_FLOAT)
        return complex_convert(x, r);
    return kern_convert_generic(x, r);
}

/* bitcast_convert: elements are streams of value bits, little-endian. */
static void get_value_bits(et_id t, const unsigned char *p, unsigned char out[16])
{
    memset(out, 0, 16);
    const et_traits *tr = et_get(t);
    if (tr->value_bits == 8 * tr->bytes) {
        memcpy(out, p, tr->bytes); /* memory image = value bits */
    } else {
        uint64_t v = et_load_bits(t, p);
        for (int i = 0; i < 8; i++)
            out[i] = (unsigned char)(v >> (8 * i));
    }
}

static void put_value_bits(et_id t, unsigned char *p, const unsigned char in[16])
{
    const et_traits *tr = et_get(t);
    if (tr->value_bits == 8 * tr->bytes) {
        memcpy(p, in, tr->bytes);
    } else {
        uint64_t v = 0;
        for (int i = 0; i < 8; i++)
            v |= (uint64_t)in[i] << (8 * i);
        et_store_bits(t, p, v);
    }
}

/* bits [at, at + n) of a little-endian byte string, n <= 64 */
static uint64_t read_bits(const unsigned char *s, unsigned at, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)((s[(at + k) / 8] >> ((at + k) % 8)) & 1) << k;
    return v;
}

static void write_bits(unsigned char *s, unsigned at, unsigned n, uint64_t v)
{
    for (unsigned k = 0; k < n; k++) {
        unsigned char m = (unsigned char)(1u << ((at + k) % 8));
        if ((v >> k) & 1)
            s[(at + k) / 8] |= m;
        else
            s[(at + k) / 8] &= (unsigned char)~m;
    }
}

irrun_status kern_bitcast(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    const et_traits *ft = et_get(from), *tt = et_get(to);
    unsigned w1 = ft->value_bits, w2 = tt->value_bits;
    const unsigned char *src = x->data;
    unsigned char *dst = r->data;
    unsigned char buf[16], piece[16];
    if (w1 == w2) {
        if (ft->bytes == tt->bytes && w1 == 8 * ft->bytes) {
            memcpy(dst, src, x->nbytes);
            return IRRUN_OK;
        }
        for (int64_t i = 0; i < x->count; i++) {
            get_value_bits(from, src + i * ft->bytes, buf);
            put_value_bits(to, dst + i * tt->bytes, buf);
        }
        return IRRUN_OK;
    }
    if (w1 > w2) { /* split each wide element into k narrow ones */
        unsigned k = w1 / w2;
        for (int64_t i = 0; i < x->count; i++) {
            get_value_bits(from, src + i * ft->bytes, buf);
            for (unsigned j = 0; j < k; j++) {
                memset(piece, 0, sizeof piece);
                if (w2 == 128)
                    memcpy(piece, buf, 16);
                else
                    write_bits(piece, 0, w2, read_bits(buf, j * w2, w2));
                put_value_bits(to, dst + (i * k + j) * tt->bytes, piece);
            }
        }
        return IRRUN_OK;
    }
    unsigned k = w2 / w1; /* join k narrow elements into one wide one */
    for (int64_t i = 0; i < r->count; i++) {
        memset(buf, 0, sizeof buf);
        for (unsigned j = 0; j < k; j++) {
            get_value_bits(from, src + (i * k + j) * ft->bytes, piece);
            if (w1 == 64) {
                memcpy(buf + 8 * j, piece, 8);
            } else {
                write_bits(buf, j * w1, w1, read_bits(piece, 0, w1));
            }
        }
        put_value_bits(to, dst + i * tt->bytes, buf);
    }
    return IRRUN_OK;
}
