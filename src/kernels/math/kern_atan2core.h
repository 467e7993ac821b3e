/* The binary64 core of the fast atan2 kernels: |atan2(y, x)| = k pi/4 +-
 * atan(u), u = lo / hi or (lo - hi) / (lo + hi) with lo = min(|y|, |x|)
 * and hi = max(|y|, |x|), atan(u) by a polynomial on |u| <= tan(pi/8).
 * kern_atan2f32.c's head comment proves its bound for operands whose lo -
 * hi and lo + hi are exact (f32, bf16 and f16 values: 2^-47 relative);
 * kern_c64_log.c adds the roundings of those two for binary64 operands.
 * Used by kern_atan2f32.c (f32, bf16 and f16 atan2) and kern_c64_log.c (the
 * imaginary part of complex log). One copy, so that no kernel's proof can
 * rest on a core another kernel changed. The AVX2 form fuses steps and
 * evaluates the polynomial by Estrin's scheme (its rounding errors of the
 * same order). */
#ifndef IRRUN_KERN_ATAN2CORE_H
#define IRRUN_KERN_ATAN2CORE_H

#include <stdint.h>

#include "kernels/math/kern_ieee.h"

#define ATAN2_TAN_PI_8 0x1.a827999fcef32p-2 /* tan(pi/8) = sqrt(2) - 1 */
#define ATAN2_PI_4 0x1.921fb54442d18p-1

/* (atan(u) / u - 1) / s as a function of s = u^2 on [0, 0.1716] */
#define ATAN2_P0 (-0x1.55555555553a3p-2)
#define ATAN2_P1 0x1.99999998d13eep-3
#define ATAN2_P2 (-0x1.249248aa5b194p-3)
#define ATAN2_P3 0x1.c71c381e0a924p-4
#define ATAN2_P4 (-0x1.74563ccc389e2p-4)
#define ATAN2_P5 0x1.3a9d8856ba6e6p-4
#define ATAN2_P6 (-0x1.0c52c4d131bb4p-4)
#define ATAN2_P7 0x1.a76ab33fd6b4fp-5
#define ATAN2_P8 (-0x1.be23c10ccb5c7p-6)

static inline uint64_t kern_select64(uint64_t mask, uint64_t yes, uint64_t no) { return (yes & mask) | (no & ~mask); }

/* |atan2(y, x)| from lo = min(|y|, |x|) and hi = max(|y|, |x|) > 0, swap
 * all ones when |y| > |x| (else 0) and xsign x's sign bit (0 or 1). */
static inline double kern_atan2_reduced(double lo, double hi, uint32_t swap, uint32_t xsign)
{
    /* lo > ATAN2_TAN_PI_8 hi, read from the sign of the difference: a
     * comparison of doubles turned into a mask does not vectorise */
    uint64_t reduce = -(f64_to_bits(ATAN2_TAN_PI_8 * hi - lo) >> 63);
    double num = bits_to_f64(kern_select64(reduce, f64_to_bits(lo - hi), f64_to_bits(lo)));
    double den = bits_to_f64(kern_select64(reduce, f64_to_bits(lo + hi), f64_to_bits(hi)));
    double u = num / den;
    double s = u * u;
    double p = ATAN2_P8;
    p = p * s + ATAN2_P7;
    p = p * s + ATAN2_P6;
    p = p * s + ATAN2_P5;
    p = p * s + ATAN2_P4;
    p = p * s + ATAN2_P3;
    p = p * s + ATAN2_P2;
    p = p * s + ATAN2_P1;
    p = p * s + ATAN2_P0;
    double at = u + (u * s) * p;
    /* k = kr, 2 - kr after the swap, 4 - that for a negative x; S = -1
     * when exactly one of the two reflections applied */
    int32_t kr = (int32_t)(reduce & 1), sw = (int32_t)swap, xneg = -(int32_t)xsign;
    int32_t kb = kr + (sw & (2 - 2 * kr));
    int32_t k = kb + (xneg & (4 - 2 * kb));
    uint64_t flip = (uint64_t)((uint32_t)(sw ^ xneg) & 1u) << 63;
    return (double)k * ATAN2_PI_4 + bits_to_f64(f64_to_bits(at) ^ flip);
}

/* |atan2(y, x)| for the f32 patterns y and x, neither Inf nor NaN. The
 * selections work on patterns, with masks: under GCC's default
 * -ftrapping-math a conditional between floating-point values keeps the
 * loop from being vectorised. Magnitudes order like their patterns. */
static inline double kern_atan2_mag(uint32_t y, uint32_t x)
{
    uint32_t a = y & 0x7FFFFFFFu, b = x & 0x7FFFFFFFu;
    uint32_t swap = -(uint32_t)(a > b);
    uint32_t lo_bits = (b & swap) | (a & ~swap), hi_bits = (a & swap) | (b & ~swap);
    hi_bits += hi_bits == 0;
    return kern_atan2_reduced((double)bits_to_f32(lo_bits), (double)bits_to_f32(hi_bits), swap, x >> 31);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define KERN_ATAN2_AVX2_INLINE static inline __attribute__((always_inline, target("avx2,fma")))

/* kern_atan2_reduced's steps on four binary64 operand pairs, fused */
KERN_ATAN2_AVX2_INLINE __m256d kern_atan2_mag4_pd(__m256d y, __m256d x)
{
    const __m256d sign = _mm256_set1_pd(-0.0);
    __m256d a = _mm256_andnot_pd(sign, y), b = _mm256_andnot_pd(sign, x);
    __m256d swap = _mm256_cmp_pd(a, b, _CMP_GT_OQ);
    __m256d lo = _mm256_min_pd(a, b);
    /* 2^-149 when both are zero: 0 / hi = 0; any other hi is larger */
    __m256d hi = _mm256_max_pd(_mm256_max_pd(a, b), _mm256_set1_pd(0x1p-149));
    __m256d reduce = _mm256_cmp_pd(lo, _mm256_mul_pd(_mm256_set1_pd(ATAN2_TAN_PI_8), hi), _CMP_GT_OQ);
    __m256d num = _mm256_blendv_pd(lo, _mm256_sub_pd(lo, hi), reduce);
    __m256d den = _mm256_blendv_pd(hi, _mm256_add_pd(lo, hi), reduce);
    __m256d u = _mm256_div_pd(num, den);
    __m256d s = _mm256_mul_pd(u, u);
    /* Estrin's scheme: four fused steps deep instead of Horner's eight */
    __m256d s2 = _mm256_mul_pd(s, s), s4 = _mm256_mul_pd(s2, s2);
    __m256d p01 = _mm256_fmadd_pd(_mm256_set1_pd(ATAN2_P1), s, _mm256_set1_pd(ATAN2_P0));
    __m256d p23 = _mm256_fmadd_pd(_mm256_set1_pd(ATAN2_P3), s, _mm256_set1_pd(ATAN2_P2));
    __m256d p45 = _mm256_fmadd_pd(_mm256_set1_pd(ATAN2_P5), s, _mm256_set1_pd(ATAN2_P4));
    __m256d p67 = _mm256_fmadd_pd(_mm256_set1_pd(ATAN2_P7), s, _mm256_set1_pd(ATAN2_P6));
    __m256d p03 = _mm256_fmadd_pd(p23, s2, p01);
    __m256d p48 = _mm256_fmadd_pd(_mm256_set1_pd(ATAN2_P8), s4, _mm256_fmadd_pd(p67, s2, p45));
    __m256d p = _mm256_fmadd_pd(p48, s4, p03);
    __m256d at = _mm256_fmadd_pd(_mm256_mul_pd(u, s), p, u);
    /* k as in kern_atan2_reduced; blendv reads x's sign bit directly */
    __m256d kr = _mm256_and_pd(reduce, _mm256_set1_pd(1.0));
    __m256d kb = _mm256_blendv_pd(kr, _mm256_sub_pd(_mm256_set1_pd(2.0), kr), swap);
    __m256d k = _mm256_blendv_pd(kb, _mm256_sub_pd(_mm256_set1_pd(4.0), kb), x);
    __m256d flip = _mm256_and_pd(_mm256_xor_pd(swap, x), sign);
    return _mm256_add_pd(_mm256_mul_pd(k, _mm256_set1_pd(ATAN2_PI_4)), _mm256_xor_pd(at, flip));
}

/* kern_atan2_mag on four f32 operand pairs */
KERN_ATAN2_AVX2_INLINE __m256d kern_atan2_mag4(__m128 ys, __m128 xs)
{
    return kern_atan2_mag4_pd(_mm256_cvtps_pd(ys), _mm256_cvtps_pd(xs));
}

#endif

#endif
