/* convert (SPEC.md 3.6, 4.3) and bitcast_convert (4.32).
 *
 * One scalar routine defines every conversion, and the generic loop maps it
 * over the elements. The kernel takes a fast loop where one exists: 1-byte
 * sources through a 256-entry table built with the scalar routine, wider
 * sources through the single-pass loops of cvt_run below. */
#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "kernels/math/kern_ieee.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
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

/* Whether x is a NaN of F, an IEEE-style format (exponent all ones, a
 * fraction): fp_is_nan's answer without its call, for the scalar loop. */
static inline bool ieee_nan(const fp_format *F, uint64_t x)
{
    return (x & ~F->sign_mask) > (((UINT64_C(1) << F->ebits) - 1) << F->mbits);
}

/* SPEC.md 3.6's NaN -> float rules for a NaN x of IEEE-style format F into
 * another format T with a NaN (finite-only targets take the general
 * routine): what fp_convert returns, without decoding, so that a tensor
 * full of NaN converts at the speed of one of numbers. */
static uint64_t nan_into(const fp_format *F, const fp_format *T, uint64_t x)
{
    bool neg = (x & F->sign_mask) != 0;
    switch (T->nan) {
    case FPN_IEEE: {
        uint64_t frac = x & ((UINT64_C(1) << F->mbits) - 1);
        frac = T->mbits >= F->mbits ? frac << (T->mbits - F->mbits) : frac >> (F->mbits - T->mbits);
        uint64_t exp = ((UINT64_C(1) << T->ebits) - 1) << T->mbits;
        return (neg ? T->sign_mask : 0) | exp | frac | UINT64_C(1) << (T->mbits - 1);
    }
    case FPN_FN: return (T->mask & ~T->sign_mask) | (neg ? T->sign_mask : 0);
    case FPN_FNUZ: return T->sign_mask;
    case FPN_E8M0: return T->mask;
    case FPN_NONE: break;
    }
    return 0; /* not reached: the caller excludes finite-only targets */
}

/* The conversion of one scalar (never complex) source into a non-complex
 * target. */
static uint64_t cvt_real(et_id from, uint64_t x, et_id to)
{
    const et_traits *ft = et_get(from), *tt = et_get(to);
    if (ft->kind == EK_FLOAT) {
        const fp_format *F = fp_fmt(ft->fmt);
        if (F->nan == FPN_IEEE && ieee_nan(F, x) &&
            tt->kind == EK_FLOAT && ft->fmt != tt->fmt && fp_fmt(tt->fmt)->nan != FPN_NONE)
            return nan_into(F, fp_fmt(tt->fmt), x);
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
    case 16: { /* complex<f64>: two words per entry */
        uint64_t *d = r->data;
        const uint64_t *t = (const uint64_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++) {
            d[2 * i] = t[2 * src[i]];
            d[2 * i + 1] = t[2 * src[i] + 1];
        }
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

/* The single-pass conversion of every pair with a 16-bit or wider real
 * source (a complex side read or written through its real parts) into any
 * integer, boolean or IEEE-like target: one loop per (source storage,
 * target storage) pair, each element read, converted with one rounding and
 * stored in the same step. The intermediate value is exact: an integer as
 * int64_t (ui64 as its pattern), a float of 32 bits or fewer as binary32
 * (bf16, f16 and f32 are all exact there), an f64 as itself. A NaN into a
 * float takes the scalar routine, which owns the NaN rules. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

typedef struct {
    et_id from, to;          /* the real (part) types */
    const unsigned char *xs; /* source parts */
    unsigned char *rs;       /* target parts */
    int64_t fstep, tstep;    /* parts per element: 2 on a complex side */
    const uint8_t *small;    /* the f32 rounding table of an ES_FBYTE target */
    double lo, hi;           /* float -> integer: values in (lo, hi) truncate */
    uint64_t tmax, tmin;     /* and the others saturate to these patterns */
    unsigned sh;             /* integer -> 8-bit storage: the sub-byte wrap */
    uint8_t mask;
    bool sgn;
    /* A NaN of an IEEE-style float source into a float target with a NaN
     * (not the identity): nan_into's pattern, precomputed per call as
     * nan_base[sign] | the source fraction (nan_frac) shifted right by
     * nan_shift (left where negative); and the patterns of +-Inf
     * (inf_res[sign]) from an f32 or f64 source. So a tensor full of NaN
     * or Inf stores constants instead of calling the scalar routine.
     * tiny_direct: every nonzero f64 below binary32's normal range (which
     * the f32 table does not index) gives tiny_res[sign], a 1-byte target's
     * zero or least value. */
    bool nan_direct, inf_direct, tiny_direct;
    int nan_shift;
    uint64_t nan_base[2], nan_frac, inf_res[2], tiny_res[2];
} cvt;

ALWAYS_INLINE int64_t ld_int(et_storage s, const unsigned char *x, int64_t k)
{
    switch (s) {
    case ES_S16: return ((const int16_t *)(const void *)x)[k];
    case ES_U16: return ((const uint16_t *)(const void *)x)[k];
    case ES_S32: return ((const int32_t *)(const void *)x)[k];
    case ES_U32: return ((const uint32_t *)(const void *)x)[k];
    case ES_S64:
    case ES_U64: return ((const int64_t *)(const void *)x)[k];
    case ES_BOOL: case ES_S8: case ES_U8: case ES_FBYTE: case ES_BF16: case ES_F16:
    case ES_F32: case ES_F64: case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT: break;
    }
    return 0;
}

/* a bf16, f16 or f32 source part as the binary32 it equals */
ALWAYS_INLINE float ld_f32(et_storage s, const unsigned char *x, int64_t k)
{
    switch (s) {
    case ES_BF16: return kern_bf16_to_f32(((const uint16_t *)(const void *)x)[k]);
    case ES_F16: return kern_f16_to_f32(((const uint16_t *)(const void *)x)[k]);
    case ES_F32: return ((const float *)(const void *)x)[k];
    case ES_BOOL: case ES_S8: case ES_S16: case ES_S32: case ES_S64: case ES_U8: case ES_U16:
    case ES_U32: case ES_U64: case ES_FBYTE: case ES_F64: case ES_C64: case ES_C128:
    case ES_FLOAT: case ES_COUNT: break;
    }
    return 0;
}

ALWAYS_INLINE void st8(unsigned char *r, int64_t k, uint8_t v) { r[k] = v; }
ALWAYS_INLINE void st16(unsigned char *r, int64_t k, uint16_t v) { ((uint16_t *)(void *)r)[k] = v; }
ALWAYS_INLINE void st32(unsigned char *r, int64_t k, uint32_t v) { ((uint32_t *)(void *)r)[k] = v; }
ALWAYS_INLINE void st64(unsigned char *r, int64_t k, uint64_t v) { ((uint64_t *)(void *)r)[k] = v; }

/* The scalar routine for one element (its real part). */
static void cvt_one_scalar(cvt c, int64_t i)
{
    size_t fb = et_get(c.from)->bytes, tb = et_get(c.to)->bytes;
    uint64_t bits = et_load_bits(c.from, c.xs + (size_t)(i * c.fstep) * fb);
    et_store_bits(c.to, c.rs + (size_t)(i * c.tstep) * tb, cvt_real(c.from, bits, c.to));
}

/* A value of binary64 d (not NaN, or NaN for the integer targets, which
 * give 0, and i1, which gives true) into an integer target: truncated in
 * range, else saturated (fp_to_sint, fp_to_uint). */
ALWAYS_INLINE uint64_t sat_int(cvt c, et_storage ts, double d)
{
    if (d > c.lo && d < c.hi)
        return ts == ES_U64 ? (uint64_t)d : (uint64_t)(int64_t)d;
    return d != d ? 0 : d > 0 ? c.tmax : c.tmin;
}

/* One RNE rounding of a non-NaN binary64 into bf16 (mbits 7, bias 127) or
 * f16 (10, 15), as kern_f64_to_ieee16 does it, without its library calls:
 * in the normal range the field is rounded at the target's last bit (a
 * carry bumps the exponent, overflow gives Inf); below it, adding C, whose
 * ulp is the target's subnormal quantum, lets the hardware's nearest-even
 * rounding count the quanta (a count of 2^mbits is the smallest normal). */
ALWAYS_INLINE uint16_t f64_to_ieee16(double d, unsigned mbits, int bias)
{
    uint64_t u = f64_to_bits(d);
    uint16_t sign = (uint16_t)((u >> 48) & 0x8000);
    u &= ~(UINT64_C(1) << 63);
    unsigned shift = 52 - mbits;
    uint64_t inf = (uint64_t)((1u << (15 - mbits)) - 1) << mbits;
    if (u >= (uint64_t)(1023 + 1 - bias) << 52) {
        uint64_t r = u + ((UINT64_C(1) << (shift - 1)) - 1) + ((u >> shift) & 1);
        uint64_t q = (r >> shift) - ((uint64_t)(1023 - bias) << mbits);
        return (uint16_t)(sign | (q >= inf ? inf : q));
    }
    uint64_t cb = (uint64_t)(1023 + 1 - bias - (int)mbits + 52) << 52; /* C = 2^(52 + 1 - bias - mbits) */
    double s = bits_to_f64(u) + bits_to_f64(cb);
    return (uint16_t)(sign | (f64_to_bits(s) - cb));
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* f64_to_ieee16 over 4 lanes at a time, both of its ways computed and
 * one taken per lane by mask (random data would mispredict a branch, and
 * the lanes need no scalar code); AVX2 only: emulated on SSE2, the 64-bit
 * lanes are slower than the scalar loop. Signed 64-bit lanes: the
 * magnitudes are below 2^63, and x86 compares only signed. A NaN lane
 * (magnitude above Inf's) gets no defined bits here: the loop returns
 * whether any was seen, and the caller redoes those elements with the
 * scalar routine. */
typedef int64_t cv_i64 __attribute__((vector_size(32)));
typedef double cv_f64 __attribute__((vector_size(32)));
/* The low 16 bits of the 4 lanes of cv_i64 V stored at P: by a byte
 * shuffle and a dword permute (GCC's own narrowing goes through scalar
 * registers). */
#define CV_STORE16(P, V)                                                                         \
    do {                                                                                         \
        __m256i w_;                                                                              \
        memcpy(&w_, &(V), sizeof w_);                                                            \
        w_ = _mm256_shuffle_epi8(w_, _mm256_setr_epi8(0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, \
                                                      -1, -1, -1, -1, 0, 1, 8, 9, -1, -1, -1, -1, \
                                                      -1, -1, -1, -1, -1, -1, -1, -1));           \
        w_ = _mm256_permutevar8x32_epi32(w_, _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));        \
        _mm_storel_epi64((__m128i *)(void *)(P), _mm256_castsi256_si128(w_));                   \
    } while (0)
typedef uint64_t cv_u64 __attribute__((vector_size(32)));
/* (shifts of unsigned lanes: AVX2 has no arithmetic 64-bit shift) */
#define CV_SHR(A, K) ((cv_i64)((cv_u64)(A) >> (K)))
#define CV_SEL(m, a, b) (((m) & (a)) | (~(m) & (b)))
/* The lanes of cv_i64 A (magnitudes of non-NaN binary64s, bits 63 clear)
 * with the sign bits SIGN (bit 15) as bf16 or f16 patterns, by the steps
 * of f64_to_ieee16 (in the low 16 bits of each lane). */
#define IEEE16_LANES(OUT, A, SIGN, MBITS, BIAS)                                                  \
    do {                                                                                         \
        unsigned shift_ = 52 - (MBITS);                                                          \
        int64_t thr_ = (int64_t)(1023 + 1 - (BIAS)) << 52, off_ = (int64_t)(1023 - (BIAS)) << (MBITS); \
        int64_t inf_ = (int64_t)((1u << (15 - (MBITS))) - 1) << (MBITS);                         \
        int64_t cb_ = (int64_t)(1023 + 1 - (BIAS) - (int)(MBITS) + 52) << 52;                    \
        int64_t half_ = ((int64_t)1 << (shift_ - 1)) - 1;                                        \
        cv_i64 q_ = CV_SHR((A) + half_ + (CV_SHR(A, shift_) & 1), shift_) - off_, m_ = q_ >= inf_;  \
        cv_i64 infv_ = { inf_, inf_, inf_, inf_ }, cbv_ = { cb_, cb_, cb_, cb_ }, sb_;           \
        q_ = CV_SEL(m_, infv_, q_);                                                              \
        cv_f64 s_, c_;                                                                           \
        memcpy(&s_, &(A), sizeof s_);                                                            \
        memcpy(&c_, &cbv_, sizeof c_);                                                           \
        s_ = s_ + c_;                                                                            \
        memcpy(&sb_, &s_, sizeof sb_);                                                           \
        m_ = (A) >= thr_;                                                                        \
        (OUT) = CV_SEL(m_, q_, sb_ - cb_) | (SIGN);                                              \
    } while (0)
#define IEEE16_VEC(NAME, ATTR)                                                                   \
    ATTR static void NAME(const double *x, uint16_t *r, int64_t n, unsigned mbits, int bias)       \
    {                                                                                            \
        /* a NaN: quiet, its fraction's top mbits bits, sign kept (SPEC.md 3.6) */                \
        int64_t qnan = (((int64_t)1 << (16 - mbits)) - 1) << (mbits - 1);                        \
        int64_t frac = ((int64_t)1 << mbits) - 1;                                                \
        for (int64_t i = 0; i < n; i += 4) {                                                     \
            cv_i64 u;                                                                            \
            memcpy(&u, x + i, sizeof u);                                                         \
            cv_i64 a = u & INT64_MAX, sign = CV_SHR(u, 48) & 0x8000;                              \
            /* the number steps see Inf in a NaN's lane: its sums stay in range */               \
            cv_i64 is_nan = a > (int64_t)0x7FF0000000000000, inf = { 0x7FF0000000000000,          \
                0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000 };                     \
            cv_i64 num = CV_SEL(is_nan, inf, a), out;                                            \
            IEEE16_LANES(out, num, sign, mbits, bias);                                           \
            cv_i64 nan = (CV_SHR(a, 52 - mbits) & frac) | qnan | sign;                           \
            out = CV_SEL(is_nan, nan, out);                                                      \
            CV_STORE16(r + i, out);                                                              \
        }                                                                                        \
    }
IEEE16_VEC(ieee16_vec_avx2, __attribute__((target("avx2"))))
#undef IEEE16_VEC

/* A real f64 source into bf16 or f16 (AVX2 hosts): the vector loop above
 * by blocks (a multiple of 4 elements), NaNs included, the tail by the
 * scalar routine. */
static void f64_to_ieee16_run(cvt c, int64_t n, unsigned mbits, int bias)
{
    enum { BLOCK = 256 };
    const double *x = (const void *)c.xs;
    uint16_t *r = (void *)c.rs;
    int64_t i = 0;
    for (; i + 4 <= n; i += BLOCK) {
        int64_t k = n - i < BLOCK ? (n - i) & ~(int64_t)3 : BLOCK;
        ieee16_vec_avx2(x + i, r + i, k, mbits, bias);
        if (k < BLOCK) {
            i += k;
            break;
        }
    }
    for (; i < n; i++)
        cvt_one_scalar(c, i);
}
#endif

#if defined(__x86_64__) || defined(__i386__)
/* The bits of 8 f32 elements from element i on: of f32 (fstep 1) or the
 * real parts of complex<f32> (fstep 2). */
__attribute__((target("avx2"))) static inline __m256i f32x8_bits(const float *x, int64_t i, int64_t fstep)
{
    if (fstep == 1)
        return _mm256_loadu_si256((const __m256i *)(const void *)(x + i));
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(const void *)(x + 2 * i));
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(x + 2 * i + 8));
    return _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(v0, even), _mm256_permutevar8x32_epi32(v1, even),
                                     0x20);
}

/* The low 16 bits of 8 lanes (each below 2^16) stored at r. */
__attribute__((target("avx2"))) static inline void store_u16x8(uint16_t *r, __m256i v)
{
    __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(v, v), 0x08);
    _mm_storeu_si128((__m128i *)(void *)r, _mm256_castsi256_si128(p));
}

/* kern_f32_to_f16 over 8 lanes of 32 bits, its three ways computed and
 * one taken per lane by mask, from f32 (fstep 1) or the real parts of
 * complex<f32> (fstep 2), NaNs included. Signed compares: the magnitudes
 * are below 2^31. */
__attribute__((target("avx2"))) static void f32_f16_vec_avx2(const float *x, int64_t fstep, uint16_t *r,
                                                              int64_t n)
{
    for (int64_t i = 0; i < n; i += 8) {
        __m256i u = f32x8_bits(x, i, fstep);
        __m256i sign = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x8000));
        __m256i a = _mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF));
        __m256i rr = _mm256_add_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(0xFFF)),
                                      _mm256_and_si256(_mm256_srli_epi32(a, 13), _mm256_set1_epi32(1)));
        __m256i nrm = _mm256_srli_epi32(_mm256_sub_epi32(rr, _mm256_set1_epi32(0x38000000)), 13);
        __m256 s = _mm256_add_ps(_mm256_castsi256_ps(a), _mm256_set1_ps(0.5f));
        __m256i sub = _mm256_sub_epi32(_mm256_castps_si256(s), _mm256_set1_epi32(0x3F000000));
        __m256i res = _mm256_blendv_epi8(sub, nrm, _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x38800000 - 1)));
        res = _mm256_blendv_epi8(res, _mm256_set1_epi32(0x7C00),
                                 _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x477FF000 - 1)));
        /* a NaN: quiet, its fraction's top 10 bits (SPEC.md 3.6) */
        __m256i nan = _mm256_or_si256(_mm256_set1_epi32(0x7E00),
                                      _mm256_and_si256(_mm256_srli_epi32(a, 13), _mm256_set1_epi32(0x3FF)));
        res = _mm256_blendv_epi8(res, nan, _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x7F800000)));
        res = _mm256_or_si256(res, sign);
        store_u16x8(r + i, res);
    }
    }

/* kern_f32_to_bf16 over 8 lanes, from f32 (fstep 1) or the real parts of
 * complex<f32> (fstep 2); a NaN lane takes SPEC.md 3.6's NaN: quiet, sign
 * and the fraction's top 7 bits kept. */
__attribute__((target("avx2"))) static void f32_bf16_vec_avx2(const float *x, int64_t fstep, uint16_t *r,
                                                               int64_t n)
{
    for (int64_t i = 0; i < n; i += 8) {
        __m256i u = f32x8_bits(x, i, fstep);
        __m256i rr = _mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7FFF)),
                                      _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1)));
        __m256i res = _mm256_srli_epi32(rr, 16);
        __m256i nan = _mm256_or_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x0040));
        __m256i is_nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF)),
                                            _mm256_set1_epi32(0x7F800000));
        res = _mm256_blendv_epi8(res, nan, is_nan);
        store_u16x8(r + i, res);
    }
}

/* A real f32 source or complex<f32>'s real parts into f16 or bf16 (AVX2
 * hosts): by blocks of the loops above, the tail by the scalar routine. */
static void f32_to_ieee16_run(cvt c, int64_t n, bool bf16)
{
    enum { BLOCK = 256 };
    const float *x = (const void *)c.xs;
    uint16_t *r = (void *)c.rs;
    int64_t i = 0;
    for (; i + 8 <= n; i += BLOCK) {
        int64_t k = n - i < BLOCK ? (n - i) & ~(int64_t)7 : BLOCK;
        if (bf16)
            f32_bf16_vec_avx2(x + i * c.fstep, c.fstep, r + i, k);
        else
            f32_f16_vec_avx2(x + i * c.fstep, c.fstep, r + i, k);
        if (k < BLOCK) {
            i += k;
            break;
        }
    }
    for (; i < n; i++)
        cvt_one_scalar(c, i);
}
#endif

#if defined(__x86_64__) || defined(__i386__)
/* sticky_double (below) over 4 lanes of i64 or ui64 (u64), then rounded
 * once into f32 (the hardware's RNE), bf16 or f16: the scalar loop's
 * arithmetic, so its bits. The binary64 of val (below 2^53) is exact as
 * its halves by the 2^52 trick (AVX2 has no 64-bit integer conversion):
 * the high half times 2^32 plus the low half, both exact, sum below 2^53.
 * Targets: 0 f32, 1 complex<f32> (imaginary +0), 2 bf16, 3 f16. (Not
 * i64 -> f32, where the hardware's signed conversion is as fast; but i64 ->
 * complex<f32>, whose strided scalar loop is not: its (float)v rounds the
 * integer once, as the sticky binary64's rounding does, so the same bits.) */
typedef float cv_f32 __attribute__((vector_size(16)));
typedef uint32_t cv_u32 __attribute__((vector_size(16)));
#define WIDE_INT_LOOP(...)                                                                        \
    for (int64_t i = 0; i + 4 <= n; i += 4) {                                                    \
        cv_u64 v, m, big, val, mag;                                                              \
        memcpy(&v, x + i, sizeof v);                                                             \
        m = u64 ? (cv_u64){ 0, 0, 0, 0 } : (cv_u64)((cv_i64)v < 0);                              \
        mag = (v ^ m) - m;                                                                       \
        big = (cv_u64)((mag >> 53) != 0);                                                        \
        val = CV_SEL(big, (mag >> 12 << 1) | ((cv_u64)((mag & 0xFFF) != 0) & 1), mag);           \
        cv_u64 hb = (val >> 32) | 0x4330000000000000u, lb = (val & 0xFFFFFFFFu) | 0x4330000000000000u; \
        cv_f64 dh, dl;                                                                           \
        memcpy(&dh, &hb, sizeof dh);                                                             \
        memcpy(&dl, &lb, sizeof dl);                                                             \
        cv_f64 d = (dh - 0x1p52) * 0x1p32 + (dl - 0x1p52);                                       \
        cv_u64 db;                                                                               \
        memcpy(&db, &d, sizeof db);                                                              \
        db += big & ((uint64_t)11 << 52);                                                        \
        __VA_ARGS__                                                                              \
    }
#define WIDE_INT_VEC(NAME, ATTR)                                                                 \
    ATTR static int64_t NAME(const int64_t *x, unsigned char *rs, int64_t n, bool u64, int tgt)  \
    {                                                                                            \
        switch (tgt) {                                                                           \
        case 0:                                                                                  \
        case 1:                                                                                  \
            WIDE_INT_LOOP({                                                                      \
                db |= m << 63;                                                                   \
                memcpy(&d, &db, sizeof d);                                                       \
                cv_f32 f = __builtin_convertvector(d, cv_f32);                                   \
                if (tgt == 0) {                                                                  \
                    memcpy((float *)(void *)rs + i, &f, sizeof f);                               \
                } else {                                                                         \
                    cv_u32 fb;                                                                   \
                    memcpy(&fb, &f, sizeof fb);                                                  \
                    cv_u64 pair = __builtin_convertvector(fb, cv_u64); /* im: +0 */              \
                    memcpy((uint64_t *)(void *)rs + i, &pair, sizeof pair);                      \
                }                                                                                \
            })                                                                                   \
            break;                                                                               \
        case 2:                                                                                  \
        case 3:                                                                                  \
            WIDE_INT_LOOP({                                                                      \
                cv_i64 a = (cv_i64)db, sg = (cv_i64)(m & 0x8000);                                \
                cv_i64 out;                                                                      \
                if (tgt == 2)                                                                    \
                    IEEE16_LANES(out, a, sg, 7, 127);                                            \
                else                                                                             \
                    IEEE16_LANES(out, a, sg, 10, 15);                                            \
                CV_STORE16((uint16_t *)(void *)rs + i, out);                                     \
            })                                                                                   \
            break;                                                                               \
        }                                                                                        \
        return n & ~(int64_t)3;                                                                  \
    }
WIDE_INT_VEC(wide_int_vec_avx2, __attribute__((target("avx2"))))
#undef WIDE_INT_VEC
#undef WIDE_INT_LOOP
#endif

/* Stores a finite-or-infinite binary64 (fb32: it came from a binary32 f)
 * into target part k. */
ALWAYS_INLINE void st_real(cvt c, et_storage ts, int64_t k, double d, bool fb32, float f)
{
    unsigned char *r = c.rs;
    switch (ts) {
    case ES_BOOL: st8(r, k, d != 0); return; /* NaN: true */
    case ES_S8:
    case ES_U8: st8(r, k, (uint8_t)sat_int(c, ts, d)); return;
    case ES_S16:
    case ES_U16: st16(r, k, (uint16_t)sat_int(c, ts, d)); return;
    case ES_S32:
    case ES_U32: st32(r, k, (uint32_t)sat_int(c, ts, d)); return;
    case ES_S64:
    case ES_U64: st64(r, k, sat_int(c, ts, d)); return;
    case ES_F32: st32(r, k, f32_to_bits(fb32 ? f : (float)d)); return;
    case ES_F64: st64(r, k, f64_to_bits(d)); return;
    case ES_BF16:
        st16(r, k, fb32 ? kern_f32_to_bf16(f) : f64_to_ieee16(d, 7, 127));
        return;
    case ES_F16:
        st16(r, k, fb32 ? kern_f32_to_f16(f) : f64_to_ieee16(d, 10, 15));
        return;
    case ES_FBYTE: {
        if (fb32) {
            st8(r, k, fp_small_from_f32(c.small, f32_to_bits(f)));
            return;
        }
        /* fp_small_from_f64's index into the f32 table, in fewer steps:
         * bits 62..45 less 896 << 7 are f32's exponent and top 7 fraction
         * bits where the exponent is inside f32's normal range (it wraps
         * below), bits 44..0 only a sticky bit */
        uint64_t x = f64_to_bits(d);
        uint64_t t = ((x >> 45) & 0x3FFFF) - ((uint64_t)896 << 7);
        uint32_t sign = (uint32_t)(x >> 63) << 16;
        if (t - ((uint64_t)1 << 7) < ((uint64_t)253 << 7))
            st8(r, k, c.small[sign | (uint32_t)t << 1 | (uint32_t)((x << 19) != 0)]);
        else if (d == 0) /* the table's entry for a zero of that sign */
            st8(r, k, c.small[sign]);
        else
            st8(r, k, fp_small_from_f64_slow(et_get(c.to)->fmt, x, FPR_RNE));
        return;
    }
    case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT: break;
    }
}

/* A 64-bit integer (u64: v holds a ui64 pattern) as a binary64 that rounds
 * like it into formats of 11 significant bits or fewer (bf16, f16 and the
 * small formats): below 2^53 its exact value; above, its bits 11 and up
 * with bit 11 set if any bit below is (53 bits at most, so exact). Such a
 * format rounds a value of 2^53 or more at bit 43 or higher, with the half
 * bit at 42 or higher, so bits 11..0 only ever act as a sticky bit. */
ALWAYS_INLINE double sticky_double(int64_t v, bool u64)
{
    /* masks instead of branches: random signs and sizes would mispredict */
    uint64_t m = u64 ? 0 : (uint64_t)0 - (uint64_t)(v < 0); /* all ones if negative */
    uint64_t mag = ((uint64_t)v ^ m) - m;
    uint64_t kept = mag >> 12 << 1 | (uint64_t)((mag & 0xFFF) != 0); /* that value / 2^11 */
    uint64_t big = (uint64_t)0 - (uint64_t)(mag >= (UINT64_C(1) << 53));
    uint64_t val = (kept & big) | (mag & ~big); /* below 2^53: exact as a signed conversion */
    /* times 2^11 where kept was taken (val >= 2^41 there: a normal) */
    uint64_t bits = f64_to_bits((double)(int64_t)val) + (big & ((uint64_t)11 << 52));
    return bits_to_f64(bits | m << 63);
}

/* An integer (u64: v holds a ui64 pattern) into target part k. */
ALWAYS_INLINE void st_int(cvt c, et_storage fs, et_storage ts, int64_t k, int64_t v)
{
    unsigned char *r = c.rs;
    bool u64 = fs == ES_U64, wide = fs == ES_S64 || fs == ES_U64;
    switch (ts) {
    case ES_BOOL: st8(r, k, v != 0); return;
    case ES_S8:
    case ES_U8: {
        uint8_t b = (uint8_t)v; /* wrap into i2/i4/ui2/ui4 as their layout wants */
        st8(r, k, c.sgn ? (uint8_t)((int8_t)(uint8_t)(b << c.sh) >> c.sh) : (uint8_t)(b & c.mask));
        return;
    }
    case ES_S16:
    case ES_U16: st16(r, k, (uint16_t)v); return;
    case ES_S32:
    case ES_U32: st32(r, k, (uint32_t)v); return;
    case ES_S64:
    case ES_U64: st64(r, k, (uint64_t)v); return;
    /* the hardware's conversions round once (RNE); a ui64 avoids the
     * unsigned conversion's branch on its top bit: into f64 its exact
     * halves are summed with one rounding, into f32 the sticky binary64
     * (bits 11..0 are below f32's half bit for any value of 2^53 or more)
     * is rounded */
    case ES_F32: st32(r, k, f32_to_bits(u64 ? (float)sticky_double(v, true) : (float)v)); return;
    case ES_F64:
        st64(r, k, f64_to_bits(u64 ? (double)(uint32_t)((uint64_t)v >> 32) * 0x1p32 + (double)(uint32_t)v
                                   : (double)v));
        return;
    case ES_BF16:
    case ES_F16:
    case ES_FBYTE: {
        if (fs == ES_S16 || fs == ES_U16) { /* exact in binary32 */
            float f = (float)v;
            st_real(c, ts, k, f, true, f);
            return;
        }
        if (!wide) {
            st_real(c, ts, k, (double)v, false, 0);
            return;
        }
        /* The hardware's rounding to 53 bits, where it cannot have moved
         * the value across a rounding boundary of the target: every such
         * boundary (a midpoint of a grid of 11 bits or fewer) is a binary64
         * with bits 40..0 zero, and the rounding is monotone, so a result
         * that is not one of them rounds on like the integer. The rest
         * (results with those bits zero, of 2^53 or more: rare) take the
         * sticky binary64. (ui64: its exact halves, summed with one rounding,
         * so no branch on the top bit as the unsigned conversion takes.) */
        double d = u64 ? (double)(uint32_t)((uint64_t)v >> 32) * 0x1p32 + (double)(uint32_t)v
                       : (double)v;
        uint64_t b = f64_to_bits(d);
        if ((b << 23) == 0 && (b & ~(UINT64_C(1) << 63)) >= (uint64_t)(1023 + 53) << 52)
            d = sticky_double(v, u64);
        st_real(c, ts, k, d, false, 0);
        return;
    }
    case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT: break;
    }
}

ALWAYS_INLINE bool is_float_storage(et_storage s)
{
    return s >= ES_FBYTE && s <= ES_F64;
}

/* Pattern b stored as target part k of a float storage ts. */
ALWAYS_INLINE void st_bits(et_storage ts, unsigned char *r, int64_t k, uint64_t b)
{
    switch (ts) {
    case ES_FBYTE: st8(r, k, (uint8_t)b); return;
    case ES_BF16:
    case ES_F16: st16(r, k, (uint16_t)b); return;
    case ES_F32: st32(r, k, (uint32_t)b); return;
    case ES_F64: st64(r, k, b); return;
    case ES_BOOL: case ES_S8: case ES_U8: case ES_S16: case ES_U16: case ES_S32: case ES_U32:
    case ES_S64: case ES_U64: case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT: break;
    }
}

/* x: a NaN pattern of the source, neg its sign */
ALWAYS_INLINE uint64_t nan_direct_bits(const cvt *c, uint64_t x, bool neg)
{
    uint64_t f = x & c->nan_frac;
    return c->nan_base[neg] | (c->nan_shift >= 0 ? f >> c->nan_shift : f << -c->nan_shift);
}

/* A NaN element i (source pattern x, sign neg) into float target part tk:
 * SPEC.md 3.6's NaN stored directly (precomputed from nan_into), or the
 * scalar routine where nan_into does not apply (a finite-only target, the
 * identity). */
ALWAYS_INLINE void st_nan(cvt c, et_storage ts, int64_t i, int64_t tk, uint64_t x, bool neg)
{
    if (!c.nan_direct) {
        cvt_one_scalar(c, i);
        return;
    }
    st_bits(ts, c.rs, tk, nan_direct_bits(&c, x, neg));
}

/* Elements [0, n): the loop for one pair; fs and ts are constants where it
 * is inlined, so the switches above fold away. */
ALWAYS_INLINE void cvt_pair_steps(cvt c, et_storage fs, et_storage ts, int64_t n, int64_t fstep,
                                  int64_t tstep)
{
    bool zero_im = tstep == 2;
    for (int64_t i = 0; i < n; i++) {
        int64_t sk = i * fstep, tk = i * tstep;
        if (fs == ES_F64) {
            double d = ((const double *)(const void *)c.xs)[sk];
            if (d != d && is_float_storage(ts))
                st_nan(c, ts, i, tk, f64_to_bits(d), signbit(d) != 0);
            else
                st_real(c, ts, tk, d, false, 0);
        } else if (fs == ES_BF16 || fs == ES_F16 || fs == ES_F32) {
            float f = ld_f32(fs, c.xs, sk);
            if (f != f && is_float_storage(ts))
                st_nan(c, ts, i, tk,
                       fs == ES_F32 ? f32_to_bits(f) : ((const uint16_t *)(const void *)c.xs)[sk],
                       signbit(f) != 0);
            else
                st_real(c, ts, tk, f, true, f);
        } else {
            st_int(c, fs, ts, tk, ld_int(fs, c.xs, sk));
        }
        if (zero_im) { /* +0, the zero pattern of f32 and f64 */
            if (ts == ES_F32)
                st32(c.rs, tk + 1, 0);
            else if (ts == ES_F64)
                st64(c.rs, tk + 1, 0);
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* ---- AVX2 lanes of the pairs whose scalar loop is slowest ------------------
 * Each lane takes the scalar loop's own steps for its element (the same
 * integer operations, and binary64 operations that are exact or round once
 * as the scalar ones do), so it gives the scalar loop's bits. Where the
 * scalar loop calls the scalar routine (a NaN into a float, a binary64
 * outside f32's normal range into a small format) the lane is marked and
 * the element redone by that routine; the last n % 4 (or % 8) elements take
 * the scalar loop. */
#define AVX2_FN __attribute__((target("avx2")))

/* 4 source elements from element i on, each as the binary64 it equals
 * exactly (as the scalar loop's double): f64 or f32 of step 1 or 2 (the
 * real parts of a complex source), i32 or ui32. */
AVX2_FN static inline __m256d exact_f64x4(et_storage fs, const unsigned char *xs, int64_t i, int64_t fstep)
{
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    switch (fs) {
    case ES_F64: {
        const double *x = (const double *)(const void *)xs;
        if (fstep == 1)
            return _mm256_loadu_pd(x + i);
        /* (r0 i0 r1 i1), (r2 i2 r3 i3) -> (r0 r2 r1 r3) -> (r0 r1 r2 r3) */
        __m256d lo = _mm256_unpacklo_pd(_mm256_loadu_pd(x + 2 * i), _mm256_loadu_pd(x + 2 * i + 4));
        return _mm256_permute4x64_pd(lo, 0xD8);
    }
    case ES_F32: {
        const float *x = (const float *)(const void *)xs;
        if (fstep == 1)
            return _mm256_cvtps_pd(_mm_loadu_ps(x + i));
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(x + 2 * i));
        return _mm256_cvtps_pd(_mm256_castps256_ps128(_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(v, even))));
    }
    case ES_S32:
        return _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)(const void *)(xs + 4 * i)));
    case ES_U32: {
        /* x - 2^31 as an i32, converted, plus 2^31: every step exact */
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(xs + 4 * i));
        __m256d d = _mm256_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(INT32_MIN)));
        return _mm256_add_pd(d, _mm256_set1_pd(0x1p31));
    }
    case ES_BOOL: case ES_S8: case ES_S16: case ES_S64: case ES_U8: case ES_U16: case ES_U64:
    case ES_FBYTE: case ES_BF16: case ES_F16: case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT:
        break;
    }
    return _mm256_setzero_pd();
}

/* 4 i64 (u64: ui64) lanes at x as the binary64 the scalar loop's st_int
 * rounds them to (the high half times 2^32 plus the low half, each exact,
 * summed with one rounding: for an i64 the one correct rounding of its
 * (double)v), a NaN pattern where st_int takes the sticky binary64 instead
 * (a result of 2^53 or more with bits 40..0 zero: the lane goes to the
 * scalar routine). */
AVX2_FN static inline __m256d rounded_f64x4(const unsigned char *x, bool u64)
{
    const __m256i lows = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6), highs = _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7);
    const __m128i bias = _mm_set1_epi32(INT32_MIN);
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)x);
    __m128i lo = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, lows));
    __m128i hi = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, highs));
    __m256d dlo = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(lo, bias)), _mm256_set1_pd(0x1p31));
    __m256d dhi = u64 ? _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(hi, bias)), _mm256_set1_pd(0x1p31))
                      : _mm256_cvtepi32_pd(hi);
    __m256i b = _mm256_castpd_si256(_mm256_add_pd(_mm256_mul_pd(dhi, _mm256_set1_pd(0x1p32)), dlo));
    __m256i on_boundary =
        _mm256_and_si256(_mm256_cmpeq_epi64(_mm256_slli_epi64(b, 23), _mm256_setzero_si256()),
                         _mm256_cmpgt_epi64(_mm256_and_si256(b, _mm256_set1_epi64x(INT64_MAX)),
                                            _mm256_set1_epi64x(((int64_t)(1023 + 53) << 52) - 1)));
    return _mm256_castsi256_pd(_mm256_or_si256(b, on_boundary));
}

/* A lane's index into the small format's f32 table that the scalar loop
 * takes; SMALL_BY_SCALAR where it takes the scalar routine. */
#define SMALL_BY_SCALAR UINT32_MAX

/* st_real's index for 4 binary64 lanes (bits x), as 4 32-bit lanes. */
AVX2_FN static inline __m128i small_index_f64x4(__m256i x)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i t = _mm256_sub_epi64(_mm256_and_si256(_mm256_srli_epi64(x, 45), _mm256_set1_epi64x(0x3FFFF)),
                                 _mm256_set1_epi64x(896 << 7));
    /* t - 128 < 253 << 7 unsigned: 128 <= t < 254 << 7 signed */
    __m256i in = _mm256_and_si256(_mm256_cmpgt_epi64(t, _mm256_set1_epi64x(127)),
                                  _mm256_cmpgt_epi64(_mm256_set1_epi64x(254 << 7), t));
    __m256i sign = _mm256_slli_epi64(_mm256_srli_epi64(x, 63), 16);
    __m256i sticky = _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_slli_epi64(x, 19), zero), _mm256_set1_epi64x(1));
    __m256i idx = _mm256_or_si256(sign, _mm256_or_si256(_mm256_slli_epi64(t, 1), sticky));
    __m256i is_zero = _mm256_cmpeq_epi64(_mm256_slli_epi64(x, 1), zero);
    __m256i other = _mm256_blendv_epi8(_mm256_set1_epi64x(-1), sign, is_zero);
    idx = _mm256_blendv_epi8(other, idx, in);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(idx, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

/* The high (h) and low (l) 32-bit halves of 8 binary64s (d0, then d1), in
 * the lane order 0 1 4 5 2 3 6 7. */
AVX2_FN static inline void f64x8_halves(__m256d d0, __m256d d1, __m256i *h, __m256i *l)
{
    __m256 v0 = _mm256_castpd_ps(d0), v1 = _mm256_castpd_ps(d1);
    *h = _mm256_castps_si256(_mm256_shuffle_ps(v0, v1, _MM_SHUFFLE(3, 1, 3, 1)));
    *l = _mm256_castps_si256(_mm256_shuffle_ps(v0, v1, _MM_SHUFFLE(2, 0, 2, 0)));
}

/* The same index for 8 binary64s from their halves (f64x8_halves): bits
 * 62..45 are the high half's bits 30..13, bits 44..0 its bits 12..0 and
 * the low half. (The lanes stay in the halves' order.) */
AVX2_FN static inline __m256i small_index_f64x8(__m256i h, __m256i l)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i a = _mm256_and_si256(h, _mm256_set1_epi32(0x7FFFFFFF));
    /* 128 <= t < 254 << 7 for t = bits 62..45 less 896 << 7 */
    __m256i in = _mm256_and_si256(_mm256_cmpgt_epi32(a, _mm256_set1_epi32(((896 << 7) + 128) * 8192 - 1)),
                                  _mm256_cmpgt_epi32(_mm256_set1_epi32(((896 << 7) + (254 << 7)) * 8192), a));
    __m256i t = _mm256_sub_epi32(_mm256_srli_epi32(a, 13), _mm256_set1_epi32(896 << 7));
    __m256i sign = _mm256_and_si256(_mm256_srli_epi32(h, 15), _mm256_set1_epi32(0x10000));
    __m256i below = _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi32(0x1FFF)), l);
    __m256i sticky = _mm256_andnot_si256(_mm256_cmpeq_epi32(below, zero), _mm256_set1_epi32(1));
    __m256i idx = _mm256_or_si256(sign, _mm256_or_si256(_mm256_slli_epi32(t, 1), sticky));
    __m256i is_zero = _mm256_cmpeq_epi32(_mm256_or_si256(a, l), zero);
    __m256i other = _mm256_blendv_epi8(_mm256_set1_epi32(-1), sign, is_zero);
    return _mm256_blendv_epi8(other, idx, in);
}

/* fp_small_from_f32's index for 8 binary32 lanes (bits x); NaNs marked. */
AVX2_FN static inline __m256i small_index_f32x8(__m256i x)
{
    __m256i sticky = _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0xFFFF)),
                                                            _mm256_setzero_si256()),
                                         _mm256_set1_epi32(1));
    __m256i idx = _mm256_or_si256(_mm256_slli_epi32(_mm256_srli_epi32(x, 16), 1), sticky);
    __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x7FFFFFFF)), _mm256_set1_epi32(0x7F800000));
    return _mm256_or_si256(idx, nan);
}

/* An index with SMALL_DIRECT set carries the target's pattern in its low
 * byte: a NaN or an infinity of f32 or f64, whose result cvt precomputed
 * (special_results), so that a tensor of them needs no scalar routine. */
#define SMALL_DIRECT (UINT32_C(1) << 30)

/* The lanes of ix whose element is a NaN (or, from f64, an infinity)
 * replaced by SMALL_DIRECT | its pattern. h: the elements' bits (f32) or
 * their high halves (f64, with low_nz the lanes whose low half is not
 * zero), in ix's lane order. */
AVX2_FN static inline __m256i small_specials(__m256i ix, __m256i h, __m256i low_nz, const cvt *c, bool wide)
{
    const __m256i tag = _mm256_set1_epi32((int32_t)SMALL_DIRECT);
    __m256i a = _mm256_and_si256(h, _mm256_set1_epi32(0x7FFFFFFF));
    __m256i expall = _mm256_set1_epi32(wide ? 0x7FF00000 : 0x7F800000);
    __m256i at_inf = _mm256_cmpeq_epi32(a, expall), neg = _mm256_srai_epi32(h, 31);
    __m256i is_nan = _mm256_or_si256(_mm256_cmpgt_epi32(a, expall), _mm256_and_si256(at_inf, low_nz));
    if (c->nan_direct) {
        /* the fraction's top bits: in the high half for f64 (nan_shift >= 49) */
        int sh = wide ? c->nan_shift - 32 : c->nan_shift;
        __m256i frac = _mm256_and_si256(h, _mm256_set1_epi32((int32_t)(c->nan_frac >> (wide ? 32 : 0))));
        __m256i v = _mm256_blendv_epi8(_mm256_set1_epi32((int32_t)c->nan_base[0]),
                                       _mm256_set1_epi32((int32_t)c->nan_base[1]), neg);
        v = _mm256_or_si256(_mm256_or_si256(v, _mm256_srl_epi32(frac, _mm_cvtsi32_si128(sh))), tag);
        ix = _mm256_blendv_epi8(ix, v, is_nan);
    }
    if (wide && c->inf_direct) {
        __m256i v = _mm256_blendv_epi8(_mm256_set1_epi32((int32_t)c->inf_res[0]),
                                       _mm256_set1_epi32((int32_t)c->inf_res[1]), neg);
        ix = _mm256_blendv_epi8(ix, _mm256_or_si256(v, tag), _mm256_andnot_si256(low_nz, at_inf));
    }
    if (wide && c->tiny_direct) {
        /* 0 < |x| < 2^-126: the high half below 0x38100000, x not zero */
        __m256i nonzero = _mm256_or_si256(low_nz, _mm256_xor_si256(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()),
                                                                    _mm256_set1_epi32(-1)));
        __m256i tiny = _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(0x38100000), a), nonzero);
        __m256i v = _mm256_blendv_epi8(_mm256_set1_epi32((int32_t)c->tiny_res[0]),
                                       _mm256_set1_epi32((int32_t)c->tiny_res[1]), neg);
        ix = _mm256_blendv_epi8(ix, _mm256_or_si256(v, tag), tiny);
    }
    return ix;
}

/* The indices of k elements (a multiple of 8) from element i0 on; bit 0:
 * whether any is SMALL_BY_SCALAR or SMALL_DIRECT, bit 1: whether any is
 * SMALL_BY_SCALAR. */
AVX2_FN static int small_index_block_avx2(const cvt *c, et_storage fs, const unsigned char *xs, int64_t i0,
                                           int64_t fstep, uint32_t *idx, int64_t k)
{
    const __m256i all = _mm256_set1_epi32(-1);
    const __m256i tag = _mm256_set1_epi32((int32_t)SMALL_DIRECT); /* (SMALL_BY_SCALAR has it too) */
    __m256i bad = _mm256_setzero_si256(), scalar = _mm256_setzero_si256();
    switch (fs) {
    case ES_F32:
        for (int64_t j = 0; j < k; j += 8) {
            __m256i v = f32x8_bits((const float *)(const void *)xs, i0 + j, fstep);
            __m256i ix = small_specials(small_index_f32x8(v), v, _mm256_setzero_si256(), c, false);
            bad = _mm256_or_si256(bad, _mm256_and_si256(ix, tag));
            scalar = _mm256_or_si256(scalar, _mm256_cmpeq_epi32(ix, all));
            _mm256_storeu_si256((__m256i *)(void *)(idx + j), ix);
        }
        break;
    case ES_F64:
        if (fstep == 1) {
            for (int64_t j = 0; j < k; j += 8) {
                const double *x = (const double *)(const void *)xs + i0 + j;
                __m256i h, l;
                f64x8_halves(_mm256_loadu_pd(x), _mm256_loadu_pd(x + 4), &h, &l);
                __m256i ix = small_index_f64x8(h, l);
                __m256i low_nz = _mm256_xor_si256(_mm256_cmpeq_epi32(l, _mm256_setzero_si256()), all);
                ix = _mm256_permute4x64_epi64(small_specials(ix, h, low_nz, c, true), 0xD8);
                bad = _mm256_or_si256(bad, _mm256_and_si256(ix, tag));
                scalar = _mm256_or_si256(scalar, _mm256_cmpeq_epi32(ix, all));
                _mm256_storeu_si256((__m256i *)(void *)(idx + j), ix);
            }
            break;
        }
        /* fallthrough */
    case ES_S32:
    case ES_U32:
        for (int64_t j = 0; j < k; j += 4) {
            __m128i ix = small_index_f64x4(_mm256_castpd_si256(exact_f64x4(fs, xs, i0 + j, fstep)));
            bad = _mm256_or_si256(bad, _mm256_castsi128_si256(_mm_cmpeq_epi32(ix, _mm256_castsi256_si128(all))));
            scalar = bad;
            _mm_storeu_si128((__m128i *)(void *)(idx + j), ix);
        }
        break;
    case ES_S64:
    case ES_U64:
        for (int64_t j = 0; j < k; j += 8) {
            const unsigned char *x = xs + 8 * (i0 + j);
            __m256i h, l;
            f64x8_halves(rounded_f64x4(x, fs == ES_U64), rounded_f64x4(x + 32, fs == ES_U64), &h, &l);
            __m256i ix = small_index_f64x8(h, l);
            ix = _mm256_permute4x64_epi64(ix, 0xD8);
            bad = _mm256_or_si256(bad, _mm256_cmpeq_epi32(ix, all));
            scalar = bad;
            _mm256_storeu_si256((__m256i *)(void *)(idx + j), ix);
        }
        break;
    case ES_BOOL: case ES_S8: case ES_S16: case ES_U8: case ES_U16: case ES_FBYTE: case ES_BF16:
    case ES_F16: case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT:
        break;
    }
    return (_mm256_testz_si256(bad, bad) ? 0 : 1) | (_mm256_testz_si256(scalar, scalar) ? 0 : 2);
}

/* A small-format target from f64, f32 (or the real parts of a complex
 * source), i32, ui32, i64 or ui64: the indices by blocks, then one table
 * read per element. Returns the elements done (all but fewer than 8). */
/* Element i of a 1-byte float target that the lanes leave to the scalar
 * routine: a NaN of f32 or f64 by SPEC.md 3.6 directly (st_nan), the rest
 * (binary64s outside binary32's normal range, integers near a rounding
 * boundary) by that routine. */
static void small_by_scalar(const cvt *c, et_storage fs, int64_t i)
{
    if (fs != ES_F64 && fs != ES_F32) { /* an integer source */
        cvt_one_scalar(*c, i);
        return;
    }
    bool wide = fs == ES_F64;
    uint64_t x = wide ? ((const uint64_t *)(const void *)c->xs)[i * c->fstep]
                      : ((const uint32_t *)(const void *)c->xs)[i * c->fstep];
    uint64_t inf = wide ? UINT64_C(0x7FF0000000000000) : 0x7F800000u;
    uint64_t mag = x & (wide ? INT64_MAX : INT32_MAX);
    bool neg = x != mag;
    if (mag > inf && c->nan_direct)
        c->rs[i] = (uint8_t)nan_direct_bits(c, x, neg);
    else if (mag == inf && c->inf_direct)
        c->rs[i] = (uint8_t)c->inf_res[neg];
    else
        cvt_one_scalar(*c, i);
}

static int64_t small_run_avx2(cvt c, et_storage fs, int64_t n)
{
    enum { BLOCK = 256 };
    uint32_t idx[BLOCK];
    uint8_t *r = c.rs;
    int64_t i = 0;
    while (n - i >= 8) {
        int64_t k = n - i < BLOCK ? (n - i) & ~(int64_t)7 : BLOCK;
        int marks = small_index_block_avx2(&c, fs, c.xs, i, c.fstep, idx, k);
        if (marks) {
            /* (a table index is below 2^17: the masked read is in range) */
            for (int64_t j = 0; j < k; j++) {
                uint32_t ix = idx[j];
                uint8_t v = c.small[ix & 0x1FFFF];
                r[i + j] = ix < SMALL_DIRECT ? v : (uint8_t)ix;
            }
            if (marks & 2)
                for (int64_t j = 0; j < k; j++)
                    if (idx[j] == SMALL_BY_SCALAR)
                        small_by_scalar(&c, fs, i + j);
        } else {
            for (int64_t j = 0; j < k; j++)
                r[i + j] = c.small[idx[j]];
        }
        i += k;
    }
    return i;
}

/* The low 1, 2, 4 or 8 bytes of 4 64-bit lanes, stored at element i of r. */
AVX2_FN static inline void store_low_x4(unsigned char *r, int64_t i, __m256i v, unsigned bytes)
{
    switch (bytes) {
    case 8:
        _mm256_storeu_si256((__m256i *)(void *)(r + 8 * i), v);
        return;
    case 4:
        _mm_storeu_si128((__m128i *)(void *)(r + 4 * i),
                         _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6))));
        return;
    case 2: {
        __m256i w = _mm256_shuffle_epi8(v, _mm256_setr_epi8(0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                            0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        w = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));
        _mm_storel_epi64((__m128i *)(void *)(r + 2 * i), _mm256_castsi256_si128(w));
        return;
    }
    default: {
        __m256i w = _mm256_shuffle_epi8(v, _mm256_setr_epi8(0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                            -1, -1, 0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        uint32_t four = (uint32_t)_mm_cvtsi128_si32(
            _mm_or_si128(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1)));
        memcpy(r + i, &four, sizeof four);
        return;
    }
    }
}

/* sat_int (or, into i1, d != 0) over 4 binary64 lanes: the magnitude
 * truncated by shifting the significand (the exponent's distance from 52
 * says which way; AVX2's variable shifts give 0 for counts of 64 or more,
 * which covers |d| < 1), negated for a negative d. */
AVX2_FN static inline __m256i sat_int_x4(__m256d d, et_storage ts, __m256d lo, __m256d hi, __m256i tmax,
                                         __m256i tmin)
{
    const __m256d zero = _mm256_setzero_pd();
    if (ts == ES_BOOL)
        return _mm256_srli_epi64(_mm256_castpd_si256(_mm256_cmp_pd(d, zero, _CMP_NEQ_UQ)), 63);
    __m256i b = _mm256_castpd_si256(d);
    __m256i e = _mm256_srli_epi64(_mm256_slli_epi64(b, 1), 53);
    __m256i m = _mm256_or_si256(_mm256_and_si256(b, _mm256_set1_epi64x(((int64_t)1 << 52) - 1)),
                                _mm256_set1_epi64x((int64_t)1 << 52));
    __m256i mag = _mm256_or_si256(_mm256_sllv_epi64(m, _mm256_sub_epi64(e, _mm256_set1_epi64x(1075))),
                                  _mm256_srlv_epi64(m, _mm256_sub_epi64(_mm256_set1_epi64x(1075), e)));
    __m256i neg = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
    __m256i val = _mm256_sub_epi64(_mm256_xor_si256(mag, neg), neg);
    __m256d in = _mm256_and_pd(_mm256_cmp_pd(d, lo, _CMP_GT_OQ), _mm256_cmp_pd(d, hi, _CMP_LT_OQ));
    __m256i sat = _mm256_blendv_epi8(tmin, tmax, _mm256_castpd_si256(_mm256_cmp_pd(d, zero, _CMP_GT_OQ)));
    sat = _mm256_andnot_si256(_mm256_castpd_si256(_mm256_cmp_pd(d, d, _CMP_UNORD_Q)), sat);
    return _mm256_blendv_epi8(sat, val, _mm256_castpd_si256(in));
}

/* An integer or i1 target from f64 or f32 (or the real parts of a complex
 * source); returns the elements done (a multiple of 4). */
AVX2_FN static int64_t float_to_int_avx2(cvt c, et_storage fs, et_storage ts, unsigned bytes, int64_t n)
{
    __m256d lo = _mm256_set1_pd(c.lo), hi = _mm256_set1_pd(c.hi);
    __m256i tmax = _mm256_set1_epi64x((int64_t)c.tmax), tmin = _mm256_set1_epi64x((int64_t)c.tmin);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
        store_low_x4(c.rs, i, sat_int_x4(exact_f64x4(fs, c.xs, i, c.fstep), ts, lo, hi, tmax, tmin), bytes);
    return i;
}

/* f32 (tstep 2: complex<f32>, imaginary +0) or f64 from f64 or f32 (or
 * the real parts of a complex source), elements [i0, i0 + k), k a multiple
 * of 4: the exact binary64, stored as it is or narrowed by the hardware's
 * RNE (the scalar loop's (float)d; a binary32 comes back unchanged);
 * whether any is a NaN (the caller redoes those). */
AVX2_FN static bool float_to_float_block_avx2(cvt c, et_storage fs, et_storage ts, int64_t i0, int64_t k)
{
    __m256d bad = _mm256_setzero_pd();
    /* between f32 and f64 the hardware converts a NaN as SPEC.md 3.6 says
     * (quiet, sign kept, the fraction aligned at the top); the identity
     * keeps a signaling NaN, which the round trip through f64 would not */
    bool keep_nans = fs != ts;
    for (int64_t i = i0; i < i0 + k; i += 4) {
        __m256d d = exact_f64x4(fs, c.xs, i, c.fstep);
        if (!keep_nans)
            bad = _mm256_or_pd(bad, _mm256_cmp_pd(d, d, _CMP_UNORD_Q));
        if (ts == ES_F64) {
            _mm256_storeu_pd((double *)(void *)c.rs + i, d);
        } else if (c.tstep == 1) {
            _mm_storeu_ps((float *)(void *)c.rs + i, _mm256_cvtpd_ps(d));
        } else {
            __m256i pairs = _mm256_cvtepu32_epi64(_mm_castps_si128(_mm256_cvtpd_ps(d)));
            _mm256_storeu_si256((__m256i *)(void *)((float *)(void *)c.rs + 2 * i), pairs);
        }
    }
    return !_mm256_testz_pd(bad, bad);
}

/* The block loop of float_to_float_block_avx2; returns the elements done. */
static int64_t float_to_float_run_avx2(cvt c, et_storage fs, et_storage ts, int64_t n)
{
    enum { BLOCK = 256 };
    int64_t i = 0;
    while (n - i >= 4) {
        int64_t k = n - i < BLOCK ? (n - i) & ~(int64_t)3 : BLOCK;
        if (float_to_float_block_avx2(c, fs, ts, i, k))
            for (int64_t j = i; j < i + k; j++) {
                bool nan = fs == ES_F64 ? ((const double *)(const void *)c.xs)[j * c.fstep] !=
                                              ((const double *)(const void *)c.xs)[j * c.fstep]
                                        : ((const float *)(const void *)c.xs)[j * c.fstep] !=
                                              ((const float *)(const void *)c.xs)[j * c.fstep];
                if (nan)
                    cvt_one_scalar(c, j);
            }
        i += k;
    }
    return i;
}

/* f64 from i64 or ui64 (u64): the high half times 2^32 plus the low half,
 * each exact as a binary64, summed with one rounding (the scalar loop's
 * ui64 arithmetic; for an i64, one correct rounding as its (double)v);
 * returns the elements done. */
AVX2_FN static int64_t wide_int_to_f64_avx2(const unsigned char *xs, double *r, int64_t n, bool u64)
{
    const __m256i lows = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6), highs = _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7);
    const __m128i bias = _mm_set1_epi32(INT32_MIN);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(xs + 8 * i));
        __m128i lo = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, lows));
        __m128i hi = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, highs));
        __m256d dlo = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(lo, bias)), _mm256_set1_pd(0x1p31));
        __m256d dhi = u64 ? _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(hi, bias)), _mm256_set1_pd(0x1p31))
                          : _mm256_cvtepi32_pd(hi);
        _mm256_storeu_pd(r + i, _mm256_add_pd(_mm256_mul_pd(dhi, _mm256_set1_pd(0x1p32)), dlo));
    }
    return i;
}

/* bf16 or f16 from i32 or ui32, by the steps of f64_to_ieee16 on the
 * exact binary64 (as the scalar loop); returns the elements done. */
AVX2_FN static int64_t int32_to_ieee16_avx2(const unsigned char *xs, et_storage fs, uint16_t *r, int64_t n, bool bf16)
{
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i u = _mm256_castpd_si256(exact_f64x4(fs, xs, i, 1));
        cv_i64 b, out;
        memcpy(&b, &u, sizeof b);
        cv_i64 a = b & INT64_MAX, sign = CV_SHR(b, 48) & 0x8000;
        if (bf16)
            IEEE16_LANES(out, a, sign, 7, 127);
        else
            IEEE16_LANES(out, a, sign, 10, 15);
        CV_STORE16(r + i, out);
    }
    return i;
}
#endif

/* (the loop without complex sides on its own: constant steps) */
ALWAYS_INLINE void cvt_pair(cvt c, et_storage fs, et_storage ts, int64_t n)
{
#if defined(__x86_64__) || defined(__i386__)
    if (fs == ES_F64 && (ts == ES_BF16 || ts == ES_F16) && c.fstep == 1 && c.tstep == 1 &&
        isa_avx2()) {
        f64_to_ieee16_run(c, n, ts == ES_BF16 ? 7 : 10, ts == ES_BF16 ? 127 : 15);
        return;
    }
    if (fs == ES_F32 && (ts == ES_F16 || ts == ES_BF16) && c.tstep == 1 && isa_avx2()) {
        f32_to_ieee16_run(c, n, ts == ES_BF16);
        return;
    }
    if ((fs == ES_S64 || fs == ES_U64) && c.fstep == 1 &&
        ((ts == ES_F32 && (fs == ES_U64 || c.tstep == 2)) || (c.tstep == 1 && (ts == ES_BF16 || ts == ES_F16))) &&
        isa_avx2()) {
        int tgt = ts == ES_F32 ? (c.tstep == 2 ? 1 : 0) : ts == ES_BF16 ? 2 : 3;
        int64_t done = wide_int_vec_avx2((const int64_t *)(const void *)c.xs, c.rs, n, fs == ES_U64, tgt);
        cvt t = c; /* the tail */
        t.xs += done * 8;
        t.rs += done * c.tstep * (ts == ES_F32 ? 4 : 2);
        cvt_pair_steps(t, fs, ts, n - done, 1, c.tstep);
        return;
    }
    bool float_src = fs == ES_F64 || fs == ES_F32, int32_src = fs == ES_S32 || fs == ES_U32;
    if ((fs == ES_S64 || fs == ES_U64) && ts == ES_F64 && c.tstep == 1 && isa_avx2()) {
        int64_t done = wide_int_to_f64_avx2(c.xs, (double *)(void *)c.rs, n, fs == ES_U64);
        cvt t = c; /* the tail */
        t.xs += done * 8;
        t.rs += done * 8;
        cvt_pair_steps(t, fs, ts, n - done, 1, 1);
        return;
    }
    if (float_src && (ts == ES_F32 || (ts == ES_F64 && c.tstep == 1)) && isa_avx2()) {
        int64_t done = float_to_float_run_avx2(c, fs, ts, n);
        cvt t = c; /* the tail */
        t.xs += done * c.fstep * (int64_t)et_get(c.from)->bytes;
        t.rs += done * c.tstep * (int64_t)et_get(c.to)->bytes;
        cvt_pair_steps(t, fs, ts, n - done, c.fstep, c.tstep);
        return;
    }
    bool small_src = float_src || int32_src || fs == ES_S64 || fs == ES_U64;
    bool int_tgt = ts == ES_BOOL || ts == ES_S8 || ts == ES_U8 || ts == ES_S16 || ts == ES_U16 ||
                   ts == ES_S32 || ts == ES_U32 || ts == ES_S64 || ts == ES_U64;
    if (((ts == ES_FBYTE && small_src) || (float_src && int_tgt) ||
         (int32_src && (ts == ES_BF16 || ts == ES_F16))) &&
        isa_avx2()) {
        size_t tb = et_get(c.to)->bytes;
        int64_t done;
        if (ts == ES_FBYTE)
            done = small_run_avx2(c, fs, n);
        else if (float_src)
            done = float_to_int_avx2(c, fs, ts, (unsigned)tb, n);
        else
            done = int32_to_ieee16_avx2(c.xs, fs, (uint16_t *)(void *)c.rs, n, ts == ES_BF16);
        cvt t = c; /* the tail (integer and small-format targets are never complex parts) */
        t.xs += done * c.fstep * (int64_t)et_get(c.from)->bytes;
        t.rs += done * (int64_t)tb;
        cvt_pair_steps(t, fs, ts, n - done, c.fstep, 1);
        return;
    }
#endif
    if (c.fstep == 1 && c.tstep == 1)
        cvt_pair_steps(c, fs, ts, n, 1, 1);
    else
        cvt_pair_steps(c, fs, ts, n, c.fstep, c.tstep);
}

#define CVT_TARGETS(FS)                                                                        \
    switch (ts) {                                                                              \
    case ES_BOOL: cvt_pair(*c, FS, ES_BOOL, n); return true;                                    \
    case ES_S8: cvt_pair(*c, FS, ES_S8, n); return true;                                        \
    case ES_U8: cvt_pair(*c, FS, ES_U8, n); return true;                                        \
    case ES_S16: cvt_pair(*c, FS, ES_S16, n); return true;                                      \
    case ES_U16: cvt_pair(*c, FS, ES_U16, n); return true;                                      \
    case ES_S32: cvt_pair(*c, FS, ES_S32, n); return true;                                      \
    case ES_U32: cvt_pair(*c, FS, ES_U32, n); return true;                                      \
    case ES_S64: cvt_pair(*c, FS, ES_S64, n); return true;                                      \
    case ES_U64: cvt_pair(*c, FS, ES_U64, n); return true;                                      \
    case ES_FBYTE: cvt_pair(*c, FS, ES_FBYTE, n); return true;                                  \
    case ES_BF16: cvt_pair(*c, FS, ES_BF16, n); return true;                                    \
    case ES_F16: cvt_pair(*c, FS, ES_F16, n); return true;                                      \
    case ES_F32: cvt_pair(*c, FS, ES_F32, n); return true;                                      \
    case ES_F64: cvt_pair(*c, FS, ES_F64, n); return true;                                      \
    case ES_C64: case ES_C128: case ES_FLOAT: case ES_COUNT: return false;                     \
    }                                                                                          \
    return false;

static bool cvt_run(const cvt *c, et_storage fs, et_storage ts, int64_t n)
{
    switch (fs) {
    case ES_S16: CVT_TARGETS(ES_S16)
    case ES_U16: CVT_TARGETS(ES_U16)
    case ES_S32: CVT_TARGETS(ES_S32)
    case ES_U32: CVT_TARGETS(ES_U32)
    case ES_S64: CVT_TARGETS(ES_S64)
    case ES_U64: CVT_TARGETS(ES_U64)
    case ES_BF16: CVT_TARGETS(ES_BF16)
    case ES_F16: CVT_TARGETS(ES_F16)
    case ES_F32: CVT_TARGETS(ES_F32)
    case ES_F64: CVT_TARGETS(ES_F64)
    case ES_BOOL: case ES_S8: case ES_U8: case ES_FBYTE: case ES_C64: case ES_C128:
    case ES_FLOAT: case ES_COUNT: break;
    }
    return false;
}
#undef CVT_TARGETS

static bool fs_is_wide_int(et_storage s)
{
    return s == ES_S32 || s == ES_U32 || s == ES_S64 || s == ES_U64;
}

/* Whether cvt_run takes a pair of these (part) storages. */
static bool cvt_takes(et_storage fs, et_storage ts)
{
    bool src = (fs >= ES_S16 && fs <= ES_S64) || (fs >= ES_U16 && fs <= ES_U64) ||
               (fs >= ES_BF16 && fs <= ES_F64);
    return src && ts < ES_C64;
}

/* Integers into a format whose largest finite value is below 2^16 (f16
 * and most small formats): every integer of magnitude L or more, for L the
 * power of two above that largest value, rounds past it, and those of one
 * sign all give the one pattern that L does; so the integers are clamped to
 * [-L, L] and looked up in a table of those 2L + 1 conversions. 0: the
 * format's range is too wide for that. */
static int64_t clamp_limit(fp_id f)
{
    int e;
    frexp(fp_to_double(f, fp_fmt(f)->max_bits), &e); /* max < 2^e */
    return e <= 16 ? INT64_C(1) << e : 0;
}

static irrun_status clamped_int_convert(et_storage fs, et_id to, int64_t L, const void *xs, void *rs,
                                        int64_t n)
{
    size_t tb = et_get(to)->bytes;
    int64_t *vals = mem_alloc((size_t)(2 * L + 1) * sizeof *vals);
    unsigned char *tab = mem_alloc((size_t)(2 * L + 1) * tb);
    irrun_status rc = vals && tab ? IRRUN_OK : IRRUN_NOMEM;
    if (rc == IRRUN_OK) {
        for (int64_t v = -L; v <= L; v++)
            vals[v + L] = v;
        tensor t = tensor_view(to, 2 * L + 1, tab);
        rc = kern_convert_from_i64(vals, 2 * L + 1, &t);
    }
    if (rc == IRRUN_OK) {
#define CLAMPED(ST, TT)                                                             \
    {                                                                               \
        const ST *x = xs;                                                           \
        const TT *t = (const TT *)(const void *)tab;                                \
        TT *r = rs;                                                                 \
        for (int64_t i = 0; i < n; i++) {                                           \
            int64_t v = fs == ES_U64 ? ((uint64_t)x[i] > (uint64_t)L ? L : (int64_t)x[i]) \
                                     : (int64_t)x[i];                               \
            v = v < -L ? -L : v > L ? L : v;                                        \
            r[i] = t[v + L];                                                        \
        }                                                                           \
    }
#define CLAMPED_SRC(TT)                                                             \
    switch (fs) {                                                                   \
    case ES_S32: CLAMPED(int32_t, TT) break;                                        \
    case ES_U32: CLAMPED(uint32_t, TT) break;                                       \
    case ES_S64: CLAMPED(int64_t, TT) break;                                        \
    case ES_U64: CLAMPED(uint64_t, TT) break;                                       \
    case ES_BOOL: case ES_S8: case ES_S16: case ES_U8: case ES_U16: case ES_FBYTE:  \
    case ES_BF16: case ES_F16: case ES_F32: case ES_F64: case ES_C64: case ES_C128: \
    case ES_FLOAT: case ES_COUNT: rc = IRRUN_UNSUPPORTED; break;                    \
    }
        if (tb == 1)
            CLAMPED_SRC(uint8_t)
        else
            CLAMPED_SRC(uint16_t)
#undef CLAMPED_SRC
#undef CLAMPED
    }
    mem_free(vals);
    mem_free(tab);
    return rc;
}

/* Elements of a 16-bit source from which a 64K-entry table pays off. */
enum { HALF_TABLE_MIN = 1 << 17 };

/* cvt's precomputed NaN and Inf results for a float source and target */
static void special_results(cvt *c, const et_traits *ft, const et_traits *tt)
{
    bool float_src = ft->storage == ES_F64 || ft->storage == ES_F32 || ft->storage == ES_BF16 ||
                     ft->storage == ES_F16;
    if (!float_src || !is_float_storage(tt->storage))
        return;
    const fp_format *F = fp_fmt(ft->fmt), *T = fp_fmt(tt->fmt);
    if (T->nan != FPN_NONE && c->from != c->to) {
        c->nan_direct = true;
        /* nan_into of a pattern whose fraction is zero gives the bits that
         * do not come from the source's fraction */
        c->nan_base[0] = nan_into(F, T, 0);
        c->nan_base[1] = nan_into(F, T, F->sign_mask);
        if (T->nan == FPN_IEEE) {
            c->nan_frac = (UINT64_C(1) << F->mbits) - 1;
            c->nan_shift = (int)F->mbits - (int)T->mbits;
        }
    }
    if (ft->storage == ES_F64 || ft->storage == ES_F32) {
        uint64_t inf = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
        c->inf_direct = true;
        c->inf_res[0] = cvt_real(c->from, inf, c->to);
        c->inf_res[1] = cvt_real(c->from, inf | F->sign_mask, c->to);
    }
    if (ft->storage == ES_F64 && tt->storage == ES_FBYTE) {
        /* the least nonzero binary64 and the greatest below 2^-126 round
         * alike (for each sign): by monotonic rounding, so does all between */
        const uint64_t least = 1, below = UINT64_C(0x380FFFFFFFFFFFFF);
        c->tiny_direct = true;
        for (int neg = 0; neg < 2; neg++) {
            uint64_t sg = neg ? F->sign_mask : 0;
            c->tiny_res[neg] = cvt_real(c->from, least | sg, c->to);
            c->tiny_direct &= cvt_real(c->from, below | sg, c->to) == c->tiny_res[neg];
        }
    }
}

/* n elements of from at xs into to at rs, complex sides through their real
 * parts; IRRUN_UNSUPPORTED where cvt_run has no loop for the pair. */
static irrun_status cvt_elements(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    et_id fp = et_part(from), tp = et_part(to);
    const et_traits *ft = et_get(fp), *tt = et_get(tp);
    if (!cvt_takes(ft->storage, tt->storage))
        return IRRUN_UNSUPPORTED;
    cvt c = { .from = fp, .to = tp, .xs = xs, .rs = rs, .fstep = fp != from ? 2 : 1,
              .tstep = tp != to ? 2 : 1, .mask = 0xFF };
    if (tt->storage == ES_FBYTE && !(c.small = fp_table_from_f32(tt->fmt, FPR_RNE)))
        return IRRUN_NOMEM;
    special_results(&c, ft, tt);
    unsigned w = tt->value_bits;
    if (tt->kind == EK_SINT) {
        c.hi = ldexp(1.0, (int)w - 1);
        c.lo = -c.hi - 1; /* (rounds to -hi for i64: -hi itself saturates to itself) */
        c.tmax = (UINT64_C(1) << (w - 1)) - 1;
        c.tmin = (uint64_t)0 - (UINT64_C(1) << (w - 1));
        c.sgn = true;
        c.sh = 8 - (w < 8 ? w : 8);
    } else if (tt->kind == EK_UINT) {
        c.lo = -1.0;
        c.hi = ldexp(1.0, (int)w);
        c.tmax = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
        c.mask = (uint8_t)(w >= 8 ? 0xFF : (1u << w) - 1);
    }
    bool wide_int = fs_is_wide_int(ft->storage) && fp == from;
    /* (the AVX2 lanes of i32 and ui32 into the small formats are faster
     * than the clamped table, whose random signs defeat its loop) */
    bool int32_lanes = (ft->storage == ES_S32 || ft->storage == ES_U32) && tt->storage == ES_FBYTE &&
                       isa_avx2();
    if (wide_int && !int32_lanes && (tt->storage == ES_FBYTE || tt->storage == ES_F16) && tp == to) {
        int64_t L = clamp_limit(tt->fmt);
        if (L && n >= 8 * L)
            return clamped_int_convert(ft->storage, to, L, xs, rs, n);
    }
    bool half = ft->bytes == 2;
    if (!half || n < HALF_TABLE_MIN)
        return cvt_run(&c, ft->storage, tt->storage, n) ? IRRUN_OK : IRRUN_UNSUPPORTED;
    /* a 16-bit source: its 65536 patterns converted once by the loop
     * above, then one lookup per element */
    size_t tb = tt->bytes;
    uint16_t *pat = mem_alloc(65536 * sizeof *pat);
    unsigned char *tab = mem_alloc(65536 * tb);
    irrun_status rc = pat && tab ? IRRUN_OK : IRRUN_NOMEM;
    if (rc == IRRUN_OK) {
        for (unsigned k = 0; k < 65536; k++)
            pat[k] = (uint16_t)k;
        cvt tc = c;
        tc.xs = (const unsigned char *)pat;
        tc.rs = tab;
        tc.fstep = tc.tstep = 1;
        cvt_run(&tc, ft->storage, tt->storage, 65536);
        const uint16_t *x = xs;
        int64_t fs = c.fstep, ts = c.tstep;
        switch (tb) {
#define LOOKUP(T)                                                                   \
    {                                                                               \
        const T *t = (const T *)(const void *)tab;                                  \
        T *r = rs;                                                                  \
        if (ts == 2)                                                                \
            for (int64_t i = 0; i < n; i++) {                                       \
                r[2 * i] = t[x[i * fs]];                                            \
                r[2 * i + 1] = 0; /* +0 */                                          \
            }                                                                       \
        else                                                                        \
            for (int64_t i = 0; i < n; i++)                                         \
                r[i] = t[x[i * fs]];                                                \
        break;                                                                      \
    }
        case 1: LOOKUP(uint8_t)
        case 2: LOOKUP(uint16_t)
        case 4: LOOKUP(uint32_t)
        default: LOOKUP(uint64_t)
#undef LOOKUP
        }
    }
    mem_free(pat);
    mem_free(tab);
    return rc;
}

irrun_status kern_convert_from_i64(const int64_t *v, int64_t n, tensor *r)
{
    irrun_status rc = cvt_elements(ET_I64, r->type.elem, v, r->data, n);
    if (rc != IRRUN_UNSUPPORTED)
        return rc;
    tensor src = tensor_view(ET_I64, n, (void *)v);
    return kern_convert_generic(&src, r);
}

static irrun_status convert_each(const void *ctx, const tensor *const *x, tensor *r)
{
    (void)ctx;
    return kern_convert(x[0], r);
}

irrun_status kern_convert_on(pool *p, const tensor *x, tensor *r)
{
    return kern_each_on(p, convert_each, NULL, &x, 1, r);
}

/* Complex into complex converts the 2n parts as reals (SPEC.md 3.6). */
static irrun_status complex_pair_convert(const tensor *x, tensor *r)
{
    et_id fp = et_part(x->type.elem), tp = et_part(r->type.elem);
    tensor xs = tensor_view(fp, 2 * x->count, x->data), rs = tensor_view(tp, 2 * r->count, r->data);
    return kern_convert(&xs, &rs);
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
    if (et_part(from) != from && et_part(to) != to)
        return complex_pair_convert(x, r);
    irrun_status rc = cvt_elements(from, to, x->data, r->data, x->count);
    if (rc != IRRUN_UNSUPPORTED)
        return rc;
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
