/* The binary64 logarithm core of the fast class-B kernels (kern_mathf32.c's
 * log and log1p, kern_powf32.c's ln, kern_c64_log.c's complex log, kern_c64_pow.c's
 * cube root and power): u = 2^e
 * m with m in [sqrt(1/2), sqrt(2)), and log(2^e (1 + f)) = e ln2 + 2 atanh(f / (2 + f)).
 * kern_mathf32.c's head comment proves its bound (its log section: log(1 +
 * f) within about 2^-50 relatively for f = m - 1 exact, the sum with e ln2
 * within 2^-48); each kernel adds the error of its own f. One copy, so
 * that no kernel's proof can rest on a core another kernel changed. The
 * AVX2 form fuses steps (one rounding each instead of two, inside the same
 * bounds) and evaluates R by Estrin's scheme. */
#ifndef IRRUN_KERN_LOGPARTS_H
#define IRRUN_KERN_LOGPARTS_H

#include <stdint.h>

#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_mathconst.h"

#define SQRTH_BITS UINT64_C(0x3FE6A09E667F3BCD) /* sqrt(1/2) */

/* inlined even where the compiler would call: the callers' loops vectorise */
#define KERN_LOG_INLINE static inline __attribute__((always_inline))

/* log(2^e (1 + f)) for f in [sqrt(1/2) - 1, sqrt(2) - 1) */
KERN_LOG_INLINE double kern_log_parts(double e, double f)
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
KERN_LOG_INLINE uint64_t kern_log_exponent(uint64_t u)
{
    return (u - SQRTH_BITS + (UINT64_C(1024) << 52)) >> 52;
}

/* e from kern_log_exponent's e + 1024: 2^52 + eb exactly, minus 2^52 + 1024 */
KERN_LOG_INLINE double kern_log_exponent_value(uint64_t eb)
{
    return bits_to_f64(UINT64_C(0x4330000000000000) | eb) - (0x1p52 + 1024.0);
}

/* log(v) for a positive normal binary64 v: the exact split, then the parts */
KERN_LOG_INLINE double kern_log_core(double v)
{
    uint64_t u = f64_to_bits(v);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    return kern_log_parts(kern_log_exponent_value(eb), m - 1.0);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define KERN_LOG_AVX2_INLINE static inline __attribute__((always_inline, target("avx2,fma")))

/* kern_log_parts4's first step, s = f / (2 + f): a division, whose
 * latency a caller may overlap by running it over many lanes first */
KERN_LOG_AVX2_INLINE __m256d kern_log_ratio4(__m256d f)
{
    return _mm256_div_pd(f, _mm256_add_pd(f, _mm256_set1_pd(2.0)));
}

/* kern_log_parts4's other steps, from s = kern_log_ratio4(f) */
KERN_LOG_AVX2_INLINE __m256d kern_log_from_ratio4(__m256d e, __m256d s)
{
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

/* log(2^e (1 + f)) as log_parts */
KERN_LOG_AVX2_INLINE __m256d kern_log_parts4(__m256d e, __m256d f) { return kern_log_from_ratio4(e, kern_log_ratio4(f)); }

/* u = 2^e m as kern_log_exponent: e + 1024 (*eb), e and m */
KERN_LOG_AVX2_INLINE __m256d kern_log_split4(__m256i u, __m256i *eb, __m256d *e)
{
    *eb = _mm256_srli_epi64(
        _mm256_add_epi64(_mm256_sub_epi64(u, _mm256_set1_epi64x((long long)SQRTH_BITS)),
                         _mm256_set1_epi64x((long long)(UINT64_C(1024) << 52))),
        52);
    __m256i eu = _mm256_slli_epi64(_mm256_sub_epi64(*eb, _mm256_set1_epi64x(1024)), 52);
    *e = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(*eb, _mm256_set1_epi64x(0x4330000000000000LL))),
                       _mm256_set1_pd(0x1p52 + 1024.0));
    return _mm256_castsi256_pd(_mm256_sub_epi64(u, eu));
}

/* kern_log_core4's steps up to kern_log_ratio4: its s, and e */
KERN_LOG_AVX2_INLINE __m256d kern_log_core_ratio4(__m256d v, __m256d *e)
{
    __m256i eb;
    __m256d m = kern_log_split4(_mm256_castpd_si256(v), &eb, e);
    return kern_log_ratio4(_mm256_sub_pd(m, _mm256_set1_pd(1.0)));
}

/* kern_log_core on four lanes */
KERN_LOG_AVX2_INLINE __m256d kern_log_core4(__m256d v)
{
    __m256d e, s = kern_log_core_ratio4(v, &e);
    return kern_log_from_ratio4(e, s);
}

#endif

#endif
