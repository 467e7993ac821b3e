/* Unary element-wise kernels (SPEC.md 4.9, 4.10, 4.13-4.24, 4.31, 9.5.1).
 * Math functions are class B: the exact operand in binary64, glibc's
 * binary64 function (never the float variants), one rounding into the
 * format. Each storage class has its loops (unary_loops below): formats of
 * 8 bits or fewer evaluate the op once per pattern into a 256-entry table
 * and then map the tensor through it. A class without loops takes the
 * generic loop (kern_generic.h): the per-pattern definition on every
 * element. */
#include <complex.h>
#include <float.h>

#include "kernels/kern.h"
#include "kernels/complex/kern_c64_pow.h"
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_trig.h"
#include "kernels/complex/kern_c64_expm1_recip.h"
#include "kernels/complex/kern_c64_log.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "kernels/math/kern_mathf32.h"
#include "kernels/math/kern_float_def.h"
#include "kernels/math/kern_recip.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
#include "types/fptables.h"
#include "util/mem.h"

/* A fast loop: x holds n elements of type t, of the storage class the loop
 * was written for, r room for n results; op applies to t
 * (kern_unop_applies). */
typedef irrun_status (*unary_loop)(kern_unop op, et_id t, const void *x, void *r, int64_t n);

static irrun_status small_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint8_t *x = vx;
    uint8_t *r = vr;
    fp_id f = et_get(t)->fmt;
    uint8_t tab[256];
    unsigned count = 1u << fp_fmt(f)->bits;
    for (unsigned p = 0; p < 256; p++)
        tab[p] = p < count ? (uint8_t)kern_float_unary_def(f, op, p) : 0;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[x[i]];
    return IRRUN_OK;
}

static inline irrun_status half_unary(kern_unop op, bool bf, fp_id f, const uint16_t *x,
                                      uint16_t *r, int64_t n)
{
    /* the table of the whole format costs 65536 definitions, once */
    const uint16_t *recip = n > 4096 ? kern_half_recip_table(f, op) : NULL;
    if (recip) {
        for (int64_t i = 0; i < n; i++)
            r[i] = recip[x[i]];
        return IRRUN_OK;
    }
    kern_mathfn fn = kern_float_libm(op);
    if (fn && n <= 65536) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn(bf ? kern_bf16_to_f64(x[i]) : kern_f16_to_f64(x[i]));
            if (v != v)
                r[i] = (uint16_t)fp_from_double(f, v, FPR_RNE);
            else
                r[i] = bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
        }
        return IRRUN_OK;
    }
    if (n > 65536) {
        uint16_t *tab = mem_alloc(65536 * sizeof *tab);
        if (!tab)
            return IRRUN_NOMEM;
        for (uint32_t p = 0; p < 65536; p++)
            tab[p] = (uint16_t)kern_float_unary_def(f, op, p);
        for (int64_t i = 0; i < n; i++)
            r[i] = tab[x[i]];
        mem_free(tab);
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint16_t)kern_float_unary_def(f, op, x[i]);
    return IRRUN_OK;
}

static irrun_status bf16_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    return half_unary(op, true, et_get(t)->fmt, x, r, n);
}

static irrun_status f16_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    return half_unary(op, false, et_get(t)->fmt, x, r, n);
}

/* floor, ceil, round-even and round-away on the magnitude a of a
 * binary32 or binary64 value below 2^P (P = 23 or 52, the place of the
 * last fraction bit), where adding and subtracting 2^P rounds to the
 * nearest integer, ties to even (the default rounding mode, which
 * nearbyint follows too); a - t is exact (|a - t| <= 1/2 and both are
 * multiples of a's ulp), so the tie test is exact. The result's sign is
 * the operand's: floor(-a) = -ceil(a), ceil(-a) = -floor(a). Magnitudes of
 * 2^P and more, and infinities, are integral already. */
#define ROUND_MAG(FT, op, neg, a, t)                                                       \
    ((op) == KU_ROUND_EVEN ? (t)                                                       \
     : (op) == KU_ROUND_AFZ ? ((a) - (t) == (FT)0.5 ? (t) + (FT)1 : (t))               \
     : ((op) == KU_FLOOR) != (neg) ? ((t) > (a) ? (t) - (FT)1 : (t))                   \
                                    : ((t) < (a) ? (t) + (FT)1 : (t)))

#define ROUND_LOOP(NAME, UT, FT, SIGN, NOTINT, INF, QBIT, BIG)                              \
    static void NAME(kern_unop op, const UT *x, UT *r, int64_t n)                       \
    {                                                                                   \
        for (int64_t i = 0; i < n; i++) {                                               \
            UT b = x[i], m = b & (UT)~SIGN;                                             \
            FT a, t;                                                                    \
            memcpy(&a, &m, sizeof a);                                                   \
            t = (a + BIG) - BIG;                                                        \
            t = m < NOTINT ? ROUND_MAG(FT, op, (b & SIGN) != 0, a, t) : a;                  \
            UT q;                                                                       \
            memcpy(&q, &t, sizeof q);                                                   \
            r[i] = m > INF ? b | QBIT : q | (b & SIGN);                                 \
        }                                                                               \
    }

/* NOTINT: the pattern of 2^P, the first magnitude that is integral for
 * sure; NaNs are quieted as fp_quiet does */
#if FLT_EVAL_METHOD == 0
#define ROUND_LOOPS 1
ROUND_LOOP(round_f32_loop, uint32_t, float, 0x80000000u, 0x4B000000u, 0x7F800000u, 0x00400000u, 0x1p23f)
ROUND_LOOP(round_f64_loop, uint64_t, double, UINT64_C(0x8000000000000000), UINT64_C(0x4330000000000000),
           UINT64_C(0x7FF0000000000000), UINT64_C(0x0008000000000000), 0x1p52)
#endif

static uint32_t sqrt_f32_elem(uint32_t x)
{
    double v = sqrt((double)bits_to_f32(x));
    return v != v ? (uint32_t)fp_from_double(FP_F32, v, FPR_RNE) : f32_to_bits((float)v);
}

/* neg: the result of a negative operand (sqrt_f32_elem of -1), the same
 * for all of them */
static void sqrt_f32_loop(const uint32_t *x, uint32_t *r, int64_t n, uint32_t neg)
{
    for (int64_t i = 0; i < n; i++) {
        double v = sqrt((double)bits_to_f32(x[i]));
        r[i] = v == v ? f32_to_bits((float)v) : (x[i] & 0x7FFFFFFFu) > 0x7F800000u ? sqrt_f32_elem(x[i]) : neg;
    }
}

static void sqrt_f64_loop(const uint64_t *x, uint64_t *r, int64_t n, uint64_t neg)
{
    for (int64_t i = 0; i < n; i++) {
        double v = sqrt(bits_to_f64(x[i]));
        r[i] = v == v || (x[i] & ~(UINT64_C(1) << 63)) > UINT64_C(0x7FF0000000000000) ? f64_to_bits(v) : neg;
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define UNARY_AVX2 1
#define AVX2 __attribute__((target("avx2,fma")))

/* binary32 square root in binary64 rounded to binary32 is the correctly
 * rounded binary32 square root (53 >= 2 * 24 + 2: the double rounding is
 * innocuous), which vsqrtps computes; vsqrtpd is correctly rounded like
 * glibc's sqrt. A NaN lane is a negative operand, whose result (one NaN
 * for all: glibc returns the invalid operation's default NaN) the caller
 * passes as neg, or a NaN operand, which takes the scalar definition. */
static AVX2 void sqrt_f32_avx2(const uint32_t *x, uint32_t *r, int64_t n, uint32_t neg)
{
    const __m256 negv = _mm256_castsi256_ps(_mm256_set1_epi32((int)neg));
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_loadu_ps((const float *)(x + i));
        __m256 v = _mm256_sqrt_ps(a);
        __m256 bad = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
        unsigned nan = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(a, a, _CMP_UNORD_Q));
        uint32_t operand[8]; /* r may be x: the NaN operands as they were */
        if (nan)
            _mm256_storeu_ps((float *)operand, a);
        _mm256_storeu_ps((float *)(r + i), _mm256_blendv_ps(v, negv, bad));
        for (; nan; nan &= nan - 1)
            r[i + __builtin_ctz(nan)] = sqrt_f32_elem(operand[__builtin_ctz(nan)]);
    }
    sqrt_f32_loop(x + i, r + i, n - i, neg);
}

static AVX2 void sqrt_f64_avx2(const uint64_t *x, uint64_t *r, int64_t n, uint64_t neg)
{
    const __m256d negv = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)neg));
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d a = _mm256_loadu_pd((const double *)(x + i));
        __m256d v = _mm256_sqrt_pd(a);
        __m256d bad = _mm256_cmp_pd(v, v, _CMP_UNORD_Q);
        unsigned nan = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(a, a, _CMP_UNORD_Q));
        uint64_t operand[4]; /* r may be x: the NaN operands as they were */
        if (nan)
            _mm256_storeu_pd((double *)operand, a);
        _mm256_storeu_pd((double *)(r + i), _mm256_blendv_pd(v, negv, bad));
        for (; nan; nan &= nan - 1)
            r[i + __builtin_ctz(nan)] = f64_to_bits(sqrt(bits_to_f64(operand[__builtin_ctz(nan)])));
    }
    sqrt_f64_loop(x + i, r + i, n - i, neg);
}

/* The hardware's roundings are IEEE's roundToIntegral (exact); round-away
 * is trunc plus one away from zero where the dropped fraction (exact) is
 * at least 1/2. NaN lanes are quieted as fp_quiet does. */
#define ROUND_AVX2(NAME, UT, V, SUF, W, SIGNBITS, QBIT)                                              \
    static AVX2 void NAME(kern_unop op, const UT *x, UT *r, int64_t n)                               \
    {                                                                                                \
        const V sign = _mm256_castsi256_##SUF(_mm256_set1_epi##W(SIGNBITS));                         \
        const V qbit = _mm256_castsi256_##SUF(_mm256_set1_epi##W(QBIT));                             \
        const V half = _mm256_set1_##SUF(0.5), one = _mm256_set1_##SUF(1.0);                         \
        int64_t i = 0;                                                                               \
        const int lanes = (int)(32 / sizeof(UT));                                                   \
        for (; i + lanes <= n; i += lanes) {                                                         \
            V v = _mm256_loadu_##SUF((const void *)(x + i)), t;                                      \
            if (op == KU_FLOOR) {                                                                    \
                t = _mm256_round_##SUF(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);                \
            } else if (op == KU_CEIL) {                                                              \
                t = _mm256_round_##SUF(v, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);                \
            } else if (op == KU_ROUND_EVEN) {                                                        \
                t = _mm256_round_##SUF(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);            \
            } else {                                                                                 \
                t = _mm256_round_##SUF(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);                   \
                V frac = _mm256_andnot_##SUF(sign, _mm256_sub_##SUF(v, t));                          \
                V up = _mm256_and_##SUF(_mm256_cmp_##SUF(frac, half, _CMP_GE_OQ), one);             \
                t = _mm256_add_##SUF(t, _mm256_or_##SUF(up, _mm256_and_##SUF(v, sign)));             \
            }                                                                                        \
            V nan = _mm256_cmp_##SUF(v, v, _CMP_UNORD_Q);                                            \
            t = _mm256_blendv_##SUF(t, _mm256_or_##SUF(v, qbit), nan);                               \
            _mm256_storeu_##SUF((void *)(r + i), t);                                                 \
        }                                                                                            \
        if (i < n)                                                                                   \
            NAME##_tail(op, x + i, r + i, n - i);                                                    \
    }
#endif

static void round_f32_tail(kern_unop op, const uint32_t *x, uint32_t *r, int64_t n);
static void round_f64_tail(kern_unop op, const uint64_t *x, uint64_t *r, int64_t n);

#ifdef UNARY_AVX2
ROUND_AVX2(round_f32, uint32_t, __m256, ps, 32, (int)0x80000000u, 0x00400000)
ROUND_AVX2(round_f64, uint64_t, __m256d, pd, 64x, (long long)0x8000000000000000ull, 0x0008000000000000ll)
#endif

/* The class-B ops kern_mathf32.c computes on f32; KM_COUNT for the others. */
static kern_mathf32_fn f32_fast_math(kern_unop op)
{
    static const struct {
        kern_unop op;
        kern_mathf32_fn fn;
    } fast[] = {
        { KU_EXP, KM_EXP }, { KU_LOG, KM_LOG },     { KU_TANH, KM_TANH },   { KU_SIN, KM_SIN },   { KU_COS, KM_COS },
        { KU_TAN, KM_TAN }, { KU_EXPM1, KM_EXPM1 }, { KU_LOG1P, KM_LOG1P }, { KU_CBRT, KM_CBRT },
    };
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++)
        if (fast[i].op == op)
            return fast[i].fn;
    return KM_COUNT;
}

static irrun_status f32_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint32_t *x = vx;
    uint32_t *r = vr;
    (void)t;
    if (op == KU_SQRT) {
        uint32_t neg = sqrt_f32_elem(0xBF800000u);
#ifdef UNARY_AVX2
        if (n >= 8 && isa_avx2()) {
            sqrt_f32_avx2(x, r, n, neg);
            return IRRUN_OK;
        }
#endif
        sqrt_f32_loop(x, r, n, neg);
        return IRRUN_OK;
    }
    if (op == KU_LOGISTIC || op == KU_RSQRT) { /* the same bits, faster (kern_recip.h) */
        (op == KU_LOGISTIC ? kern_f32_logistic : kern_f32_rsqrt)(x, r, n);
        return IRRUN_OK;
    }
    kern_mathfn fn = kern_float_libm(op);
    kern_mathf32_fn fast = f32_fast_math(op);
    if (fast != KM_COUNT) { /* the same bits, faster (kern_mathf32.h) */
        kern_f32_math(fast, x, r, n);
        return IRRUN_OK;
    }
    if (fn) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn((double)bits_to_f32(x[i]));
            r[i] = v != v ? (uint32_t)fp_from_double(FP_F32, v, FPR_RNE) : f32_to_bits((float)v);
        }
        return IRRUN_OK;
    }
    if (op == KU_NEG) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ 0x80000000u;
    } else if (op == KU_ABS) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & 0x7FFFFFFFu;
    } else if (op == KU_ROUND_AFZ || op == KU_FLOOR || op == KU_CEIL || op == KU_ROUND_EVEN) {
#ifdef UNARY_AVX2
        if (n >= 8 && isa_avx2()) {
            round_f32(op, x, r, n);
            return IRRUN_OK;
        }
#endif
        round_f32_tail(op, x, r, n);
    } else if (op == KU_SIGN) {
        /* NaN and zeros are their own sign; the rest +-1 */
        for (int64_t i = 0; i < n; i++) {
            uint32_t mag = x[i] & 0x7FFFFFFFu;
            r[i] = mag == 0 || mag > 0x7F800000u ? x[i] : (x[i] & 0x80000000u) | 0x3F800000u;
        }
    } else {
        for (int64_t i = 0; i < n; i++)
            r[i] = (uint32_t)kern_float_unary_def(FP_F32, op, x[i]);
    }
    return IRRUN_OK;
}

static void round_f32_tail(kern_unop op, const uint32_t *x, uint32_t *r, int64_t n)
{
#ifdef ROUND_LOOPS
    round_f32_loop(op, x, r, n);
#else
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint32_t)kern_float_unary_def(FP_F32, op, x[i]);
#endif
}

static void round_f64_tail(kern_unop op, const uint64_t *x, uint64_t *r, int64_t n)
{
#ifdef ROUND_LOOPS
    round_f64_loop(op, x, r, n);
#else
    for (int64_t i = 0; i < n; i++)
        r[i] = kern_float_unary_def(FP_F64, op, x[i]);
#endif
}

/* f64 cbrt: glibc's cbrt on a subnormal operand does arithmetic on
 * subnormals, which costs the FPU an assist (1.8x the time of ordinary
 * operands, issue 38). A subnormal x = m 2^-1074 is s 2^-54 with s =
 * m 2^-1020 normal (the product of m, exact in binary64, and a power of
 * two), and cbrt(x) = cbrt(s) 2^-18 with no rounding in the scaling (the
 * result is at least 2^-358). glibc's cbrt reduces its operand with frexp
 * and scales by ldexp(, e / 3), so this holds bit for bit there (and for
 * any correctly rounded cbrt); whether it holds for the library at hand
 * is checked per call on representatives (n >= 64), else every lane calls
 * cbrt as it is. The unit tests compare subnormals with cbrt itself. */
static uint64_t cbrt_f64_subnormal(uint64_t u)
{
    const uint64_t sign = UINT64_C(1) << 63;
    double s = (double)(int64_t)(u & ((UINT64_C(1) << 52) - 1)) * 0x1p-1020;
    return f64_to_bits(cbrt(s) * 0x1p-18) | (u & sign);
}

static bool cbrt_f64_scales(int64_t n)
{
    static const uint64_t representative[] = {
        1, UINT64_C(0x000FFFFFFFFFFFFF), UINT64_C(0x0008000000000000), UINT64_C(0x0005555555555555),
        UINT64_C(0x8000000000000003), UINT64_C(0x800123456789ABCD), UINT64_C(0x800FFFFFFFFFFFFE),
    };
    if (n < 64)
        return false;
    for (size_t i = 0; i < sizeof representative / sizeof representative[0]; i++)
        if (cbrt_f64_subnormal(representative[i]) != f64_to_bits(cbrt(bits_to_f64(representative[i]))))
            return false;
    return true;
}

static void cbrt_f64_loop(const uint64_t *x, uint64_t *r, int64_t n)
{
    if (!cbrt_f64_scales(n)) {
        for (int64_t i = 0; i < n; i++)
            r[i] = f64_to_bits(cbrt(bits_to_f64(x[i])));
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        uint64_t u = x[i];
        /* subnormal: u << 1 in [1, 2^53) */
        r[i] = (u << 1) - 1 < (UINT64_C(1) << 53) - 1 ? cbrt_f64_subnormal(u) : f64_to_bits(cbrt(bits_to_f64(u)));
    }
}

static irrun_status f64_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint64_t *x = vx;
    uint64_t *r = vr;
    (void)t;
    if (op == KU_SQRT) {
        uint64_t neg = f64_to_bits(sqrt(-1.0));
#ifdef UNARY_AVX2
        if (n >= 4 && isa_avx2()) {
            sqrt_f64_avx2(x, r, n, neg);
            return IRRUN_OK;
        }
#endif
        sqrt_f64_loop(x, r, n, neg);
        return IRRUN_OK;
    }
    if (op == KU_LOGISTIC || op == KU_RSQRT) { /* the same bits, faster (kern_recip.h) */
        (op == KU_LOGISTIC ? kern_f64_logistic : kern_f64_rsqrt)(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_CBRT) {
        cbrt_f64_loop(x, r, n);
        return IRRUN_OK;
    }
    kern_mathfn fn = kern_float_libm(op);
    if (fn) {
        /* +-Inf: the library's two results, found once per call (glibc
         * branches on the sign inside, which a tensor of infinities of
         * random signs mispredicts at every element) */
        const uint64_t inf2 = UINT64_C(0xFFE0000000000000); /* |Inf| shifted left once */
        uint64_t at_inf[2] = { f64_to_bits(fn(INFINITY)), f64_to_bits(fn(-INFINITY)) };
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] << 1 == inf2 ? at_inf[x[i] >> 63] : f64_to_bits(fn(bits_to_f64(x[i])));
        return IRRUN_OK;
    }
    if (op == KU_NEG) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ (UINT64_C(1) << 63);
    } else if (op == KU_ABS) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & ~(UINT64_C(1) << 63);
    } else if (op == KU_ROUND_AFZ || op == KU_FLOOR || op == KU_CEIL || op == KU_ROUND_EVEN) {
#ifdef UNARY_AVX2
        if (n >= 4 && isa_avx2()) {
            round_f64(op, x, r, n);
            return IRRUN_OK;
        }
#endif
        round_f64_tail(op, x, r, n);
    } else if (op == KU_SIGN) {
        const uint64_t sign = UINT64_C(1) << 63, inf = UINT64_C(0x7FF0000000000000);
        for (int64_t i = 0; i < n; i++) {
            uint64_t mag = x[i] & ~sign;
            r[i] = mag == 0 || mag > inf ? x[i] : (x[i] & sign) | UINT64_C(0x3FF0000000000000);
        }
    } else {
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_float_unary_def(FP_F64, op, x[i]);
    }
    return IRRUN_OK;
}

/* Unsigned types share these loops: negate and not give the same bits
 * whichever way the storage is read (abs and sign of unsigned types do not
 * apply). */
#define INT_UNARY(NAME, T, UT)                                                  \
    static irrun_status NAME(kern_unop op, et_id t, const void *vx, void *vr,   \
                             int64_t n)                                         \
    {                                                                           \
        const T *x = vx;                                                        \
        T *r = vr;                                                              \
        if (op == KU_NEG) {                                                     \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)((UT)0 - (UT)x[i]);                                   \
        } else if (op == KU_ABS) {                                              \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = x[i] < 0 ? (T)((UT)0 - (UT)x[i]) : x[i];                 \
        } else if (op == KU_SIGN) {                                             \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)((x[i] > 0) - (x[i] < 0));                            \
        } else if (op == KU_NOT) {                                              \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)~(UT)x[i];                                            \
        } else {                                                                \
            return IRRUN_UNSUPPORTED;                                           \
        }                                                                       \
        kern_int_normalize(t, r, n);                                            \
        return IRRUN_OK;                                                        \
    }

INT_UNARY(un_i8, int8_t, uint8_t)
INT_UNARY(un_i16, int16_t, uint16_t)
INT_UNARY(un_i32, int32_t, uint32_t)
INT_UNARY(un_i64, int64_t, uint64_t)

static irrun_status bool_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint8_t *x = vx;
    uint8_t *r = vr;
    (void)t;
    if (op != KU_NOT)
        return IRRUN_UNSUPPORTED;
    for (int64_t i = 0; i < n; i++)
        r[i] = x[i] ^ 1;
    return IRRUN_OK;
}

/* |re + i im| of binary32 parts by binary64 arithmetic, when that gives
 * the class-B result round32(hypot(re, im)); false where it might not.
 *
 * Why it agrees: the squares of binary32 values are exact in binary64
 * (24-bit significands, exponents far inside binary64's range), so
 * s = fl(re^2 + im^2) = h^2 (1 + e1) and v = fl(sqrt(s)) = h sqrt(1 + e1)
 * (1 + e2) with h the true modulus and |e1|, |e2| <= u = 2^-53: |v - h| <=
 * (1.5 u + u^2) h < 2^-52 h, within 2 binary64 ulps of h (an ulp is at
 * least 2^-53 of the value), i.e. at most 3 patterns apart counting a
 * binade boundary. glibc's hypot is within 1 ulp of h, so v and hypot
 * differ by at most 5 patterns. Rounding to binary32 is monotone and only
 * changes its result at the midpoints between binary32 neighbours, whose
 * binary64 patterns end in 1 followed by 28 zeros (the 29 bits binary32
 * drops) for every normal result, the one between FLT_MAX and the
 * overflow threshold included. So where v's low 29 bits are more than
 * 5 patterns (SLACK allows 16) from such a midpoint, both round alike.
 * Results below FLT_MIN (binary32 subnormals have other midpoints, and
 * zeros) and non-finite operands take hypot. */
enum { ABS_SLACK = 16 };

static inline bool c64_abs_fast(float re, float im, float *out)
{
    double a = re, b = im;
    double v = sqrt(a * a + b * b);
    uint64_t low = f64_to_bits(v) & ((UINT64_C(1) << 29) - 1);
    if (!(v >= 0x1p-126 && v < INFINITY) || low - ((UINT64_C(1) << 28) - ABS_SLACK) <= 2 * ABS_SLACK)
        return false;
    *out = (float)v;
    return true;
}

static float c64_abs_elem(float re, float im)
{
    float v;
    if (c64_abs_fast(re, im, &v))
        return v;
    return bits_to_f32((uint32_t)kern_round_into(FP_F32, hypot(re, im)));
}

/* sign(z) = z / round32(|z|) by C99 division (__divdc3) of (re, im) by
 * (c, +0). With a divisor c > 0 that is a normal binary32 value and a
 * zero imaginary part, __divdc3's scalings are by powers of two (exact,
 * no binary64 overflow or underflow for binary32 operands) and its result
 * is ((re + 0 * (im / c)) / c, (im - 0 * (re / c)) / c): each part's one
 * rounded quotient; the products by zero only decide the sign of a zero
 * part (re = -0 stays -0 only for im < 0, im = -0 only for re > 0; the
 * other part is not zero then, as c > 0). Other elements take
 * complex_elem. */
static inline bool c64_sign_fast(float re, float im, uint32_t *rr, uint32_t *ri)
{
    float c;
    if (!c64_abs_fast(re, im, &c) || !(c < INFINITY))
        return false;
    uint32_t a = f32_to_bits(re), b = f32_to_bits(im);
    uint32_t qr = f32_to_bits((float)((double)re / c)), qi = f32_to_bits((float)((double)im / c));
    const uint32_t s = 0x80000000u;
    *rr = (a & ~s) == 0 ? a & b & s : qr;
    *ri = (b & ~s) == 0 ? b & ~a & s : qi;
    return true;
}

static void c64_sign_elem(const uint32_t *x, uint32_t *r)
{
    if (c64_sign_fast(bits_to_f32(x[0]), bits_to_f32(x[1]), &r[0], &r[1]))
        return;
    uint64_t rr, ri;
    kern_complex_unary_def(FP_F32, KU_SIGN, x[0], x[1], &rr, &ri, true);
    r[0] = (uint32_t)rr;
    r[1] = (uint32_t)ri;
}

#ifdef UNARY_AVX2
/* c64_abs_fast and c64_sign_fast on four elements at a time, the same
 * binary64 operations lane by lane (hadd sums each element's two squares);
 * a group with a lane that fails the test goes element by element.
 * sign: abs != 0. */
static AVX2 void c64_abs_sign_avx2(const uint32_t *x, uint32_t *r, int64_t n, bool sign)
{
    const __m256d fmin = _mm256_set1_pd(0x1p-126), inf = _mm256_set1_pd(INFINITY);
    const __m256i low29 = _mm256_set1_epi64x((INT64_C(1) << 29) - 1);
    const __m256i mid = _mm256_set1_epi64x((INT64_C(1) << 28) - ABS_SLACK);
    const __m256i minus1 = _mm256_set1_epi64x(-1), width = _mm256_set1_epi64x(2 * ABS_SLACK + 1);
    const __m256 sign_bit = _mm256_castsi256_ps(_mm256_set1_epi32(INT32_MIN));
    const __m256 odd_sign = _mm256_castsi256_ps(_mm256_set_epi32(INT32_MIN, 0, INT32_MIN, 0, INT32_MIN, 0, INT32_MIN, 0));
    float *out = (float *)r;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256 raw = _mm256_loadu_ps((const float *)(x + 2 * i));
        __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(raw));
        __m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(raw, 1));
        __m256d sq = _mm256_hadd_pd(_mm256_mul_pd(lo, lo), _mm256_mul_pd(hi, hi));
        __m256d v = _mm256_sqrt_pd(_mm256_permute4x64_pd(sq, 0xD8));
        __m256i d = _mm256_sub_epi64(_mm256_and_si256(_mm256_castpd_si256(v), low29), mid);
        __m256i near = _mm256_and_si256(_mm256_cmpgt_epi64(d, minus1), _mm256_cmpgt_epi64(width, d));
        __m256d ok = _mm256_and_pd(_mm256_cmp_pd(v, fmin, _CMP_GE_OQ), _mm256_cmp_pd(v, inf, _CMP_LT_OQ));
        ok = _mm256_andnot_pd(_mm256_castsi256_pd(near), ok);
        __m128 c = _mm256_cvtpd_ps(v);
        if (!sign) {
            if (_mm256_movemask_pd(ok) == 15) {
                _mm_storeu_ps(out + i, c);
            } else {
                for (int j = 0; j < 4; j++)
                    out[i + j] = c64_abs_elem(bits_to_f32(x[2 * (i + j)]), bits_to_f32(x[2 * (i + j) + 1]));
            }
            continue;
        }
        int finite_c = _mm_movemask_ps(_mm_cmp_ps(c, _mm_set1_ps(INFINITY), _CMP_LT_OQ));
        if (_mm256_movemask_pd(ok) != 15 || finite_c != 15) {
            for (int j = 0; j < 4; j++)
                c64_sign_elem(x + 2 * (i + j), r + 2 * (i + j));
            continue;
        }
        __m256d cd = _mm256_cvtps_pd(c);
        __m256d qlo = _mm256_div_pd(lo, _mm256_permute4x64_pd(cd, 0x50));
        __m256d qhi = _mm256_div_pd(hi, _mm256_permute4x64_pd(cd, 0xFA));
        __m256 q = _mm256_set_m128(_mm256_cvtpd_ps(qhi), _mm256_cvtpd_ps(qlo));
        /* a zero part's quotient is its own zero; its sign stays where
         * c64_sign_fast keeps it: a real part's if the imaginary part is
         * negative, an imaginary part's if the real part is not */
        __m256 zero = _mm256_cmp_ps(raw, _mm256_setzero_ps(), _CMP_EQ_OQ);
        __m256 keep = _mm256_xor_ps(_mm256_permute_ps(raw, 0xB1), odd_sign);
        __m256 clear = _mm256_andnot_ps(keep, _mm256_and_ps(zero, sign_bit));
        _mm256_storeu_ps(out + 2 * i, _mm256_andnot_ps(clear, q));
    }
    for (; i < n; i++) {
        if (sign)
            c64_sign_elem(x + 2 * i, r + 2 * i);
        else
            out[i] = c64_abs_elem(bits_to_f32(x[2 * i]), bits_to_f32(x[2 * i + 1]));
    }
}
#endif

static irrun_status c64_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint32_t *x = vx;
    uint32_t *r = vr;
    (void)t;
    if (op == KU_NEG) {
        /* both parts' sign bits, one word per element */
        const uint64_t *x2 = vx;
        uint64_t *r2 = vr, both = UINT64_C(0x8000000080000000);
        if (((uintptr_t)vx | (uintptr_t)vr) % 8 == 0) {
            for (int64_t i = 0; i < n; i++)
                r2[i] = x2[i] ^ both;
            return IRRUN_OK;
        }
    }
#ifdef UNARY_AVX2
    if ((op == KU_ABS || op == KU_SIGN) && n >= 4 && isa_avx2()) {
        c64_abs_sign_avx2(x, r, n, op == KU_SIGN);
        return IRRUN_OK;
    }
#endif
    if (op == KU_LOGISTIC || op == KU_RSQRT) { /* the same bits, faster (kern_c64_expm1_recip.h) */
        (op == KU_LOGISTIC ? kern_c64_logistic : kern_c64_rsqrt)(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_ABS) {
        float *out = vr;
        for (int64_t i = 0; i < n; i++)
            out[i] = c64_abs_elem(bits_to_f32(x[2 * i]), bits_to_f32(x[2 * i + 1]));
        return IRRUN_OK;
    }
    if (op == KU_SIGN) {
        for (int64_t i = 0; i < n; i++)
            c64_sign_elem(x + 2 * i, r + 2 * i);
        return IRRUN_OK;
    }
    if (op == KU_SQRT) {
        kern_c64_sqrt(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_EXP) {
        kern_c64_exp(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_SIN || op == KU_COS || op == KU_TANH || op == KU_TAN) {
        (op == KU_SIN ? kern_c64_sin : op == KU_COS ? kern_c64_cos : op == KU_TANH ? kern_c64_tanh : kern_c64_tan)(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_CBRT) {
        kern_c64_cbrt(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_LOG || op == KU_LOG1P) {
        (op == KU_LOG ? kern_c64_log : kern_c64_log_plus_one)(x, r, n);
        return IRRUN_OK;
    }
    if (op == KU_EXPM1) {
        kern_c64_expm1(x, r, n);
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < n; i++)
        kern_c64_unary_def(op, x + 2 * i, r + 2 * i);
    return IRRUN_OK;
}

static irrun_status c128_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint64_t *x = vx;
    uint64_t *r = vr;
    (void)t;
    if (op == KU_NEG) { /* both parts' sign bits, as complex_elem flips them */
        for (int64_t i = 0; i < 2 * n; i++)
            r[i] = x[i] ^ (UINT64_C(1) << 63);
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < n; i++) {
        uint64_t rr, ri;
        kern_complex_unary_def(FP_F64, op, x[2 * i], x[2 * i + 1], &rr, &ri, false);
        if (op == KU_ABS) {
            r[i] = rr;
        } else {
            r[2 * i] = rr;
            r[2 * i + 1] = ri;
        }
    }
    return IRRUN_OK;
}

static const unary_loop unary_loops[ES_COUNT] = {
    [ES_BOOL] = bool_unary,
    [ES_S8] = un_i8,
    [ES_S16] = un_i16,
    [ES_S32] = un_i32,
    [ES_S64] = un_i64,
    [ES_U8] = un_i8,
    [ES_U16] = un_i16,
    [ES_U32] = un_i32,
    [ES_U64] = un_i64,
    [ES_FBYTE] = small_unary,
    [ES_BF16] = bf16_unary,
    [ES_F16] = f16_unary,
    [ES_F32] = f32_unary,
    [ES_F64] = f64_unary,
    [ES_C64] = c64_unary,
    [ES_C128] = c128_unary,
    [ES_FLOAT] = NULL,
};

/* The element kinds each op exists for: one bit per et_kind. */
#define K_(k) (1u << (k))
#define K_FLOATING (K_(EK_FLOAT) | K_(EK_COMPLEX))
static const unsigned unop_kinds[KU_COUNT] = {
    [KU_NEG] = K_(EK_SINT) | K_(EK_UINT) | K_FLOATING,
    [KU_ABS] = K_(EK_SINT) | K_FLOATING,
    [KU_SQRT] = K_FLOATING,
    [KU_RSQRT] = K_FLOATING,
    [KU_EXP] = K_FLOATING,
    [KU_LOG] = K_FLOATING,
    [KU_TANH] = K_FLOATING,
    [KU_SIN] = K_FLOATING,
    [KU_COS] = K_FLOATING,
    [KU_TAN] = K_FLOATING,
    [KU_CBRT] = K_FLOATING,
    [KU_EXPM1] = K_FLOATING,
    [KU_LOG1P] = K_FLOATING,
    [KU_LOGISTIC] = K_FLOATING,
    [KU_FLOOR] = K_(EK_FLOAT),
    [KU_CEIL] = K_(EK_FLOAT),
    [KU_ROUND_EVEN] = K_(EK_FLOAT),
    [KU_ROUND_AFZ] = K_(EK_FLOAT),
    [KU_SIGN] = K_(EK_SINT) | K_FLOATING,
    [KU_NOT] = K_(EK_BOOL) | K_(EK_SINT) | K_(EK_UINT),
};

bool kern_unop_applies(et_kind k, kern_unop op)
{
    return op < KU_COUNT && (unop_kinds[op] >> k & 1u);
}

static irrun_status unary_each(const void *ctx, const tensor *const *x, tensor *r)
{
    return kern_unary(*(const kern_unop *)ctx, x[0], r);
}

irrun_status kern_unary_on(pool *p, kern_unop op, const tensor *x, tensor *r)
{
    return kern_each_on(p, unary_each, &op, &x, 1, r);
}

irrun_status kern_unary(kern_unop op, const tensor *x, tensor *r)
{
    if (kern_any_splat(x, NULL, NULL, r))
        return kern_splat_each(unary_each, &op, &x, 1, r);
    et_id t = x->type.elem;
    if (!kern_unop_applies(et_get(t)->kind, op))
        return IRRUN_UNSUPPORTED;
    unary_loop loop = unary_loops[et_get(t)->storage];
    if (!loop)
        return kern_unary_generic(op, x, r);
    const et_traits *tr = et_get(t);
    if (tr->bytes == 1 && tr->value_bits < 8 && (tr->kind == EK_SINT || tr->kind == EK_UINT) && x->count > 1024) {
        /* sub-byte integers: the loop (normalising pass included) once on
         * every byte, then a table lookup per element */
        uint8_t pat[256], tab[256];
        for (unsigned p = 0; p < 256; p++)
            pat[p] = (uint8_t)p;
        irrun_status rc = loop(op, t, pat, tab, 256);
        if (rc != IRRUN_OK)
            return rc;
        const uint8_t *px = x->data;
        uint8_t *pr = r->data;
        for (int64_t i = 0; i < x->count; i++)
            pr[i] = tab[px[i]];
        return IRRUN_OK;
    }
    return loop(op, t, x->data, r->data, x->count);
}

/* --- the generic loop --------------------------------------------------- */

/* Integers and booleans on value bits; the store keeps the low ones. */
static uint64_t int_elem(et_id t, kern_unop op, uint64_t x)
{
    int64_t s = et_sign_extend(t, x);
    switch (op) {
    case KU_NEG: return 0 - x;
    case KU_ABS: return s < 0 ? 0 - x : x;
    case KU_SIGN: return (uint64_t)(int64_t)((s > 0) - (s < 0));
    case KU_NOT: return ~x;
    case KU_SQRT:
    case KU_RSQRT:
    case KU_EXP:
    case KU_LOG:
    case KU_TANH:
    case KU_SIN:
    case KU_COS:
    case KU_TAN:
    case KU_CBRT:
    case KU_EXPM1:
    case KU_LOG1P:
    case KU_LOGISTIC:
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ:
    case KU_COUNT: break;
    }
    return x; /* not an op of integers (kern_unop_applies) */
}

irrun_status kern_unary_generic(kern_unop op, const tensor *x, tensor *r)
{
    et_id t = x->type.elem, rt = r->type.elem;
    const et_traits *tr = et_get(t);
    if (!kern_unop_applies(tr->kind, op))
        return IRRUN_UNSUPPORTED;
    size_t es = tr->bytes, rs = et_get(rt)->bytes;
    const unsigned char *px = x->data;
    unsigned char *pr = r->data;
    for (int64_t i = 0; i < x->count; i++) {
        const unsigned char *e = px + i * es;
        switch (tr->kind) {
        case EK_BOOL:
        case EK_SINT:
        case EK_UINT:
            et_store_bits(t, pr + i * rs, int_elem(t, op, et_load_bits(t, e)));
            break;
        case EK_FLOAT:
            et_store_bits(t, pr + i * rs, kern_float_unary_def(tr->fmt, op, et_load_bits(t, e)));
            break;
        case EK_COMPLEX: {
            et_id p = et_part(t);
            size_t h = et_get(p)->bytes;
            uint64_t rr, ri;
            kern_complex_unary_def(tr->fmt, op, et_load_bits(p, e), et_load_bits(p, e + h), &rr, &ri, false);
            et_store_bits(p, pr + i * rs, rr);
            if (op != KU_ABS)
                et_store_bits(p, pr + i * rs + h, ri);
            break;
        }
        }
    }
    return IRRUN_OK;
}
