/* The binary64 log core of the fast class-B kernels: log(2^e (1 + f)) for
 * f in [sqrt(1/2) - 1, sqrt(2) - 1), and the split of a positive normal
 * binary64 value into e and 1 + f. kern_mathf32.c's head comment (its log
 * section) proves the core's bound for f32 operands: log(1 + f) within
 * about 2^-50 relatively, then e LN2_HI exact (|e| < 2^12), e LN2_LO and
 * the two sums one rounding each; kern_c64pow.c extends it to binary64
 * operands (the split and f = m - 1 are exact for every positive normal
 * value). Portable and AVX2 forms; one copy, so that no kernel's proof
 * can rest on a core another kernel changed. */
#ifndef IRRUN_KERN_LOGCORE_H
#define IRRUN_KERN_LOGCORE_H

#include <stdint.h>

#include "interp/kern_mathconst.h"

#define KERN_LOG_SQRTH_BITS UINT64_C(0x3FE6A09E667F3BCD) /* sqrt(1/2) */

/* log(2^e (1 + f)) for f in [sqrt(1/2) - 1, sqrt(2) - 1) */
static inline __attribute__((always_inline)) double kern_log_parts(double e, double f)
{
    double s = f / (2.0 + f);
    double t = s * s;
    double rr = R5;
    rr = rr * t + R4;
    rr = rr * t + R3;
    rr = rr * t + R2;
    rr = rr * t + R1;
    rr = rr * t + R0;
    double lm = 2.0 * s + s * (t * rr);
    return e * LN2_HI + (e * LN2_LO + lm);
}

/* u = 2^e m, m in [sqrt(1/2), sqrt(2)), for a positive normal u: e + 1024
 * (the offset keeps the difference positive, so that a logical shift,
 * what vector units have for 64 bits, extracts e) */
static inline uint64_t kern_log_exponent(uint64_t u)
{
    return (u - KERN_LOG_SQRTH_BITS + (UINT64_C(1024) << 52)) >> 52;
}

/* e from kern_log_exponent's e + 1024: 2^52 + eb exactly, minus 2^52 + 1024 */
static inline double kern_log_exponent_value(uint64_t eb)
{
    return bits_to_f64(UINT64_C(0x4330000000000000) | eb) - (0x1p52 + 1024.0);
}

/* log(v) for a positive normal binary64 v */
static inline __attribute__((always_inline)) double kern_log_core(double v)
{
    uint64_t u = f64_to_bits(v);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    return kern_log_parts(kern_log_exponent_value(eb), m - 1.0);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define KERN_LOG_AVX2_INLINE static inline __attribute__((always_inline, target("avx2,fma")))

/* kern_log_parts on four lanes, with fused steps */
KERN_LOG_AVX2_INLINE __m256d kern_log_parts4(__m256d e, __m256d f)
{
    __m256d s = _mm256_div_pd(f, _mm256_add_pd(f, _mm256_set1_pd(2.0)));
    __m256d t = _mm256_mul_pd(s, s);
    __m256d t2 = _mm256_mul_pd(t, t);
    __m256d r01 = _mm256_fmadd_pd(_mm256_set1_pd(R1), t, _mm256_set1_pd(R0));
    __m256d r23 = _mm256_fmadd_pd(_mm256_set1_pd(R3), t, _mm256_set1_pd(R2));
    __m256d r45 = _mm256_fmadd_pd(_mm256_set1_pd(R5), t, _mm256_set1_pd(R4));
    __m256d rr = _mm256_fmadd_pd(_mm256_fmadd_pd(r45, t2, r23), t2, r01); /* Estrin */
    __m256d lm = _mm256_fmadd_pd(s, _mm256_mul_pd(t, rr), _mm256_add_pd(s, s));
    __m256d lo = _mm256_fmadd_pd(e, _mm256_set1_pd(LN2_LO), lm);
    return _mm256_fmadd_pd(e, _mm256_set1_pd(LN2_HI), lo);
}

/* u = 2^e m as kern_log_exponent: e + 1024 (*eb), e and m */
KERN_LOG_AVX2_INLINE __m256d kern_log_split4(__m256i u, __m256i *eb, __m256d *e)
{
    *eb = _mm256_srli_epi64(
        _mm256_add_epi64(_mm256_sub_epi64(u, _mm256_set1_epi64x((long long)KERN_LOG_SQRTH_BITS)),
                         _mm256_set1_epi64x((long long)(UINT64_C(1024) << 52))),
        52);
    __m256i eu = _mm256_slli_epi64(_mm256_sub_epi64(*eb, _mm256_set1_epi64x(1024)), 52);
    *e = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(*eb, _mm256_set1_epi64x(0x4330000000000000LL))),
                       _mm256_set1_pd(0x1p52 + 1024.0));
    return _mm256_castsi256_pd(_mm256_sub_epi64(u, eu));
}

/* kern_log_core on four lanes */
KERN_LOG_AVX2_INLINE __m256d kern_log_core4(__m256d v)
{
    __m256i eb;
    __m256d e, m = kern_log_split4(_mm256_castpd_si256(v), &eb, &e);
    return kern_log_parts4(e, _mm256_sub_pd(m, _mm256_set1_pd(1.0)));
}

#endif

#endif
