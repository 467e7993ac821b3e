/* Fast logistic and rsqrt (kern_recip.h).
 *
 * Why the bits are the definition's (kern_unary.c, flt_unary and
 * complex_elem; SPEC.md 4.18, 4.14). The definition's class-A steps go
 * through fp_arith, which on operands and results that are not NaN is the
 * IEEE operation rounded to nearest-even: what the FPU computes in the
 * format, or in binary64 rounded once more into binary32 (53 >= 2 * 24 + 2
 * bits, the fact kern_f32_arith rests on). The loops below do those same
 * operations on the FPU and leave every element that meets a NaN to the
 * definition itself.
 *
 * logistic(x) = 1 / (1 + e), e = the rounding of exp(-x):
 *   e is never NaN unless x is (exp of -Inf is +0, of +Inf is +Inf), so
 *   1 + e lies in [1, +Inf] and 1 / (1 + e) in [0, 1]: no invalid
 *   operation, no NaN. f32: kern_f32_exp gives e with the class-B exp's
 *   bits (kern_mathf32.h) on negated blocks; f64: glibc's exp is the
 *   definition's own call, exp(-v) of the exact binary64 operand.
 * rsqrt(x) = the rounding of 1.0 / sqrt(x) in binary64 (two binary64
 *   roundings, as REF): vsqrtpd and vdivpd are the IEEE operations, the
 *   same as sqrt() and /; f32 operands convert exactly to binary64 and the
 *   quotient is rounded once into binary32 by vcvtpd2ps (ties to even, as
 *   the definition's conversion of a number). A NaN quotient of a non-NaN
 *   operand comes from a negative operand (-Inf included), where sqrt
 *   gives the invalid operation's default NaN whatever the operand (the
 *   instruction, and glibc's sqrt, which computes (x - x) / (x - x)): its
 *   result, the definition of -1, is the same for all of them (the tests
 *   hold every negative f32 pattern to the definition).
 * Complex operands: kern_c64_expm1_recip.c.
 * bf16 and f16: a table of the definition on all 65536 patterns. */
#include "kernels/math/kern_float_def.h"
#include "kernels/math/kern_recip.h"

#include <math.h>
#include <string.h>

#include "kernels/math/kern_ieee_arith.h"
#include "util/isa.h"
#include "kernels/math/kern_mathf32.h"
#include "types/fptables.h"
#include "util/bitcast.h"

#define F32_SIGN 0x80000000u
#define F32_INF 0x7F800000u
#define F64_SIGN (UINT64_C(1) << 63)
#define F64_INF UINT64_C(0x7FF0000000000000)

/* Elements per step of the f32 logistic chain: its buffers stay in L1. */
enum { CHAIN_BLOCK = 256 };

static bool f32_is_nan(uint32_t b) { return (b & ~F32_SIGN) > F32_INF; }
static bool f64_is_nan(uint64_t b) { return (b & ~F64_SIGN) > F64_INF; }

/* r = 1 / (1 + e) on f32 patterns e that are not NaN, kern_f32_arith's
 * binary64 operations */
static void logistic_finish_c(const uint32_t *e, uint32_t *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        float d = (float)(1.0 + (double)bits_to_f32(e[i]));
        r[i] = f32_to_bits((float)(1.0 / (double)d));
    }
}

/* neg: the result of every negative operand, the definition's of -1 */
static void f32_rsqrt_c(const uint32_t *x, uint32_t *r, int64_t n, uint32_t neg)
{
    for (int64_t i = 0; i < n; i++) {
        uint32_t b = x[i];
        double v = 1.0 / sqrt((double)bits_to_f32(b));
        r[i] = v == v ? f32_to_bits((float)v) : f32_is_nan(b) ? (uint32_t)kern_float_unary_def(FP_F32, KU_RSQRT, b) : neg;
    }
}

static void f64_rsqrt_c(const uint64_t *x, uint64_t *r, int64_t n, uint64_t neg)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t b = x[i];
        double v = 1.0 / sqrt(bits_to_f64(b));
        r[i] = v == v ? f64_to_bits(v) : f64_is_nan(b) ? kern_float_unary_def(FP_F64, KU_RSQRT, b) : neg;
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define RECIP_AVX2 1
#define AVX2 __attribute__((target("avx2,fma")))

/* kern_f32_logistic's block on this path: the negation, kern_f32_exp,
 * then binary32 add and divide, which are the correctly rounded
 * operations that logistic_finish_c's binary64 ones round to; NaN lanes
 * patched by the definition of the operand kept in neg (r may be x) */
static AVX2 void logistic_block_avx2(const uint32_t *x, uint32_t *r, int64_t k)
{
    uint32_t neg[CHAIN_BLOCK], e[CHAIN_BLOCK];
    const __m256 sign = _mm256_castsi256_ps(_mm256_set1_epi32(INT32_MIN)), one = _mm256_set1_ps(1.0f);
    int64_t i = 0;
    for (; i + 8 <= k; i += 8)
        _mm256_storeu_ps((float *)(neg + i), _mm256_xor_ps(sign, _mm256_loadu_ps((const float *)(x + i))));
    for (; i < k; i++)
        neg[i] = x[i] ^ F32_SIGN;
    kern_f32_exp(neg, e, k);
    for (i = 0; i + 8 <= k; i += 8) {
        __m256 v = _mm256_loadu_ps((const float *)(e + i));
        _mm256_storeu_ps((float *)(r + i), _mm256_div_ps(one, _mm256_add_ps(one, v)));
        unsigned nan = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
        for (; nan; nan &= nan - 1) {
            int j = __builtin_ctz(nan);
            r[i + j] = (uint32_t)kern_float_unary_def(FP_F32, KU_LOGISTIC, neg[i + j] ^ F32_SIGN);
        }
    }
    logistic_finish_c(e + i, r + i, k - i);
    for (; i < k; i++)
        if (f32_is_nan(e[i]))
            r[i] = (uint32_t)kern_float_unary_def(FP_F32, KU_LOGISTIC, neg[i] ^ F32_SIGN);
}

/* NaN operands are copied out before the store, which may overwrite them
 * (r may be x) */
static AVX2 void f32_rsqrt_avx2(const uint32_t *x, uint32_t *r, int64_t n, uint32_t neg)
{
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256 negv = _mm256_castsi256_ps(_mm256_set1_epi32((int)neg));
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_loadu_ps((const float *)(x + i));
        __m256d lo = _mm256_div_pd(one, _mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(a))));
        __m256d hi = _mm256_div_pd(one, _mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(a, 1))));
        __m256 q = _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
        unsigned nan = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(a, a, _CMP_UNORD_Q));
        uint32_t saved[8];
        if (nan)
            memcpy(saved, x + i, sizeof saved);
        _mm256_storeu_ps((float *)(r + i), _mm256_blendv_ps(q, negv, _mm256_cmp_ps(q, q, _CMP_UNORD_Q)));
        for (; nan; nan &= nan - 1) {
            int j = __builtin_ctz(nan);
            r[i + j] = (uint32_t)kern_float_unary_def(FP_F32, KU_RSQRT, saved[j]);
        }
    }
    f32_rsqrt_c(x + i, r + i, n - i, neg);
}

static AVX2 void f64_rsqrt_avx2(const uint64_t *x, uint64_t *r, int64_t n, uint64_t neg)
{
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d negv = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)neg));
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d a = _mm256_loadu_pd((const double *)(x + i));
        __m256d q = _mm256_div_pd(one, _mm256_sqrt_pd(a));
        unsigned nan = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(a, a, _CMP_UNORD_Q));
        uint64_t saved[4];
        if (nan)
            memcpy(saved, x + i, sizeof saved);
        _mm256_storeu_pd((double *)(r + i), _mm256_blendv_pd(q, negv, _mm256_cmp_pd(q, q, _CMP_UNORD_Q)));
        for (; nan; nan &= nan - 1) {
            int j = __builtin_ctz(nan);
            r[i + j] = kern_float_unary_def(FP_F64, KU_RSQRT, saved[j]);
        }
    }
    f64_rsqrt_c(x + i, r + i, n - i, neg);
}
#endif

void kern_f32_logistic(const uint32_t *x, uint32_t *r, int64_t n)
{
#ifdef RECIP_AVX2
    if (isa_avx2()) {
        for (int64_t at = 0; at < n; at += CHAIN_BLOCK)
            logistic_block_avx2(x + at, r + at, n - at < CHAIN_BLOCK ? n - at : CHAIN_BLOCK);
        return;
    }
#endif
    uint32_t neg[CHAIN_BLOCK], e[CHAIN_BLOCK];
    for (int64_t at = 0; at < n; at += CHAIN_BLOCK) {
        int64_t k = n - at < CHAIN_BLOCK ? n - at : CHAIN_BLOCK;
        for (int64_t i = 0; i < k; i++)
            neg[i] = x[at + i] ^ F32_SIGN;
        kern_f32_exp(neg, e, k);
        logistic_finish_c(e, r + at, k);
        /* e is NaN exactly where x is; neg keeps x (r may be x) */
        for (int64_t i = 0; i < k; i++)
            if (f32_is_nan(e[i]))
                r[at + i] = (uint32_t)kern_float_unary_def(FP_F32, KU_LOGISTIC, neg[i] ^ F32_SIGN);
    }
}

void kern_f64_logistic(const uint64_t *x, uint64_t *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t b = x[i];
        double v = bits_to_f64(b);
        r[i] = v == v ? f64_to_bits(1.0 / (1.0 + exp(-v))) : kern_float_unary_def(FP_F64, KU_LOGISTIC, b);
    }
}

void kern_f32_rsqrt(const uint32_t *x, uint32_t *r, int64_t n)
{
    uint32_t neg = (uint32_t)kern_float_unary_def(FP_F32, KU_RSQRT, 0xBF800000u); /* -1 */
#ifdef RECIP_AVX2
    if (isa_avx2()) {
        f32_rsqrt_avx2(x, r, n, neg);
        return;
    }
#endif
    f32_rsqrt_c(x, r, n, neg);
}

void kern_f64_rsqrt(const uint64_t *x, uint64_t *r, int64_t n)
{
    uint64_t neg = kern_float_unary_def(FP_F64, KU_RSQRT, UINT64_C(0xBFF0000000000000)); /* -1 */
#ifdef RECIP_AVX2
    if (isa_avx2()) {
        f64_rsqrt_avx2(x, r, n, neg);
        return;
    }
#endif
    f64_rsqrt_c(x, r, n, neg);
}

/* fp_table_unary16's slots of the two ops */
enum { SLOT_LOGISTIC, SLOT_RSQRT };

static uint64_t logistic_def(fp_id f, uint64_t x) { return kern_float_unary_def(f, KU_LOGISTIC, x); }
static uint64_t rsqrt_def(fp_id f, uint64_t x) { return kern_float_unary_def(f, KU_RSQRT, x); }

const uint16_t *kern_half_recip_table(fp_id f, kern_unop op)
{
    if (op == KU_LOGISTIC)
        return fp_table_unary16(f, SLOT_LOGISTIC, logistic_def);
    if (op == KU_RSQRT)
        return fp_table_unary16(f, SLOT_RSQRT, rsqrt_def);
    return NULL;
}
