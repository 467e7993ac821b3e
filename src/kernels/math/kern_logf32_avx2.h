/* The AVX2 f32 log and log1p of kern_mathf32.c for vectors whose eight
 * operands all lie inside the approximated range (its "plain" vectors),
 * shared with callers that inline them into their own loops
 * (kern_chlo.c's lgamma): one copy, so that the exhaustive run of
 * tools/verify_mathf32.c over kern_mathf32.c's AVX2 path, which runs these
 * functions on every plain operand, proves them wherever they are used.
 * kern_mathf32.c's head comment proves the bounds: y within 2^-48 of log
 * and log1p (its "log of a plain AVX2 vector" for kern_logf32_round8),
 * the band B = [y (1 - 2^-40), y (1 + 2^-40)] holding glibc's result, F(y)
 * kept where both ends of B round alike. A lane whose band does not decide
 * is reported in *bad and must be computed by kern_f32_math (the
 * definition), as must every lane of a vector that is not plain. */
#ifndef IRRUN_KERN_LOGF32_AVX2_H
#define IRRUN_KERN_LOGF32_AVX2_H

/* the band's ends, relative to y (both paths of kern_mathf32.c) */
#define KERN_BAND_LO (1.0 - 0x1p-40)
#define KERN_BAND_HI (1.0 + 0x1p-40)

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>
#include <math.h>
#include <stdbool.h>

#include "kernels/math/kern_logparts.h"

#define KERN_LOGF32_AVX2_INLINE static inline __attribute__((always_inline, target("avx2,fma")))

/* F of y where the band decides it; *bad gets the lanes where it does
 * not (and NaN lanes) */
KERN_LOGF32_AVX2_INLINE __m128 kern_band_round4(__m256d y, int *bad)
{
    __m128 lo = _mm256_cvtpd_ps(_mm256_mul_pd(y, _mm256_set1_pd(KERN_BAND_LO)));
    __m128 hi = _mm256_cvtpd_ps(_mm256_mul_pd(y, _mm256_set1_pd(KERN_BAND_HI)));
    *bad = _mm_movemask_ps(_mm_cmp_ps(lo, hi, _CMP_NEQ_UQ));
    return hi;
}

/* xs: four f32 operands, positive and finite */
KERN_LOGF32_AVX2_INLINE __m256d kern_logf32_approx4(__m128 xs) { return kern_log_core4(_mm256_cvtps_pd(xs)); }

/* xs: four f32 operands in (-1, Inf) */
KERN_LOGF32_AVX2_INLINE __m256d kern_log1pf32_approx4(__m128 xs)
{
    __m256d v = _mm256_cvtps_pd(xs);
    __m256i eb;
    __m256d e, m = kern_log_split4(_mm256_castpd_si256(_mm256_add_pd(_mm256_set1_pd(1.0), v)), &eb, &e);
    __m256d e_zero = _mm256_castsi256_pd(_mm256_cmpeq_epi64(eb, _mm256_set1_epi64x(1024)));
    return kern_log_parts4(e, _mm256_blendv_pd(_mm256_sub_pd(m, _mm256_set1_pd(1.0)), v, e_zero));
}

/* whether all eight operands are inside log's range and normal: [2^-126,
 * Inf) (kern_logf32_round8 splits them in f32; a vector with a subnormal
 * takes kern_mathf32.c's general path, which splits in binary64) */
KERN_LOGF32_AVX2_INLINE bool kern_logf32_plain8(__m256 x)
{
    __m256 ok = _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(0x1p-126f), _CMP_GE_OQ),
                              _mm256_cmp_ps(x, _mm256_set1_ps(INFINITY), _CMP_LT_OQ));
    return _mm256_movemask_ps(ok) == 0xFF;
}

/* whether all eight operands are inside log1p's range: (-1, Inf) */
KERN_LOGF32_AVX2_INLINE bool kern_log1pf32_plain8(__m256 x)
{
    __m256 ok = _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(-1.0f), _CMP_GT_OQ),
                              _mm256_cmp_ps(x, _mm256_set1_ps(INFINITY), _CMP_LT_OQ));
    return _mm256_movemask_ps(ok) == 0xFF;
}

/* y of log x for the eight operands of a plain vector (F(y) is the result
 * where kern_logf32_round8's *bad, bit i for lane i, is clear). x = 2^e m, m in [c, 2c) for c = 0x3F3504F3, the f32
 * below sqrt(1/2): e and m from the f32 patterns, 8 lanes at once; f = m -
 * 1 is exact in f32 (Sterbenz); then log(2^e (1 + f)) in binary64
 * (kern_log_parts4) as kern_log_core4 computes it from its own split. */
KERN_LOGF32_AVX2_INLINE void kern_logf32_approx8(__m256 x, __m256d *y0, __m256d *y1)
{
    __m256i xi = _mm256_castps_si256(x);
    __m256i e = _mm256_srai_epi32(_mm256_sub_epi32(xi, _mm256_set1_epi32(0x3F3504F3)), 23);
    __m256 f = _mm256_sub_ps(_mm256_castsi256_ps(_mm256_sub_epi32(xi, _mm256_slli_epi32(e, 23))), _mm256_set1_ps(1.0f));
    __m256d f0 = _mm256_cvtps_pd(_mm256_castps256_ps128(f)), f1 = _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1));
    __m256d e0 = _mm256_cvtepi32_pd(_mm256_castsi256_si128(e)), e1 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(e, 1));
    *y0 = kern_log_parts4(e0, f0);
    *y1 = kern_log_parts4(e1, f1);
}

/* the same rounded (the band) */
KERN_LOGF32_AVX2_INLINE __m256 kern_logf32_round8(__m256 x, int *bad)
{
    __m256d y0, y1;
    kern_logf32_approx8(x, &y0, &y1);
    int b0, b1;
    __m128 r0 = kern_band_round4(y0, &b0), r1 = kern_band_round4(y1, &b1);
    *bad = b0 | b1 << 4;
    return _mm256_set_m128(r1, r0);
}

/* F(log1p x) for four operands of a plain vector, where *bad is clear:
 * with the sign of x (-0 included) */
KERN_LOGF32_AVX2_INLINE __m128 kern_log1pf32_plain4(__m128 xs, int *bad)
{
    __m128 v = kern_band_round4(kern_log1pf32_approx4(xs), bad);
    return _mm_or_ps(v, _mm_and_ps(xs, _mm_set1_ps(-0.0f)));
}

#endif

#endif
