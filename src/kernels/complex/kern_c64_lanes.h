/* The pieces every fast complex<f32> kernel is built from: the band test,
 * binary64 cores of e^x and of sin y, cos y with proven bounds, and their
 * four-lane AVX2 forms with the lane loads and stores. kern_c64_div_sqrt_exp.c's
 * head comment proves the bounds of the two cores (its exponential
 * section); each kernel that uses them adds its own steps' errors and
 * keeps a lane only when its band rounds to one f32 value. One copy, so
 * that no kernel's proof can rest on a core another kernel changed.
 *
 * The portable form evaluates each polynomial by Horner's scheme, every
 * operation rounded; the AVX2 form by Estrin's, with fused multiply-adds,
 * whose chain of dependent steps is a third as long. Both stay inside the
 * bounds proven for Horner's (kern_c64_div_sqrt_exp.c counts, for each term of
 * each polynomial, the roundings on its path). */
#ifndef IRRUN_KERN_C64_LANES_H
#define IRRUN_KERN_C64_LANES_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_mathconst.h"

/* A part is kept when its binary64 approximation p, widened by 2^-40 of
 * itself both ways, rounds to one f32 value. */
#define C64_BAND_LO (1.0 - 0x1p-40)
#define C64_BAND_HI (1.0 + 0x1p-40)

/* c64_exp_core's domain: 2^k stays a normal binary64 power, the result
 * covers every f32 result of e^x times a value in [2^-150, 2^128]. */
#define C64_EXP_X_MIN (-104.0)
#define C64_EXP_X_MAX 89.0
/* c64_sincos_core's domain: |j| = |round(y 2/pi)| < 2^10 keeps j PIO2_1
 * exact; below C64_SINCOS_R_MIN the reduced argument of a y near a nonzero
 * multiple of pi/2 has lost too much to be within the bound. */
#define C64_SINCOS_Y_MAX 1024.0
#define C64_SINCOS_R_MIN 0x1p-20
#define C64_INV_PIO2 0x1.45f306dc9c883p-1
#define C64_PIO2_1 0x1.921fb54000000p+0 /* 28 significant bits */
#define C64_PIO2_2 0x1.10b4612000000p-30 /* the next 28 */
#define C64_PIO2_3 (-0x1.676733ae8fe48p-60) /* the rest, within 2^-114 */
/* Taylor coefficients 1/n! of e^t, rounded */
#define C64_E2 0x1.0000000000000p-1
#define C64_E3 0x1.5555555555555p-3
#define C64_E4 0x1.5555555555555p-5
#define C64_E5 0x1.1111111111111p-7
#define C64_E6 0x1.6c16c16c16c17p-10
#define C64_E7 0x1.a01a01a01a01ap-13
#define C64_E8 0x1.a01a01a01a01ap-16
#define C64_E9 0x1.71de3a556c734p-19
#define C64_E10 0x1.27e4fb7789f5cp-22
#define C64_E11 0x1.ae64567f544e4p-26
#define C64_E12 0x1.1eed8eff8d898p-29
#define C64_E13 0x1.6124613a86d09p-33
#define C64_C2 (-0x1.0000000000000p-1)

/* ---- the portable forms ------------------------------------------------------ */

/* The f32 pattern of p when the band around p rounds to one value; false
 * otherwise (for p < 0 the ends swap roles). */
static inline bool c64_band_round(double p, uint32_t *v)
{
    uint32_t lo = f32_to_bits((float)(p * C64_BAND_LO)), hi = f32_to_bits((float)(p * C64_BAND_HI));
    *v = lo;
    return lo == hi;
}

/* e^x for x in [C64_EXP_X_MIN, C64_EXP_X_MAX], within 2^-47 relative:
 * e^x = 2^k e^t, |t| <= 0.347, e^t by its degree-13 Taylor polynomial. */
static inline double c64_exp_core(double x)
{
    double kd = x * INV_LN2 + SHIFT;
    double k = kd - SHIFT;
    double t = (x - k * LN2_HI) - k * LN2_LO;
    double p = C64_E13;
    p = p * t + C64_E12;
    p = p * t + C64_E11;
    p = p * t + C64_E10;
    p = p * t + C64_E9;
    p = p * t + C64_E8;
    p = p * t + C64_E7;
    p = p * t + C64_E6;
    p = p * t + C64_E5;
    p = p * t + C64_E4;
    p = p * t + C64_E3;
    p = p * t + C64_E2;
    p = p * t + 1.0;
    return (p * t + 1.0) * bits_to_f64((uint64_t)((int64_t)k + 1023) << 52);
}

/* sin y and cos y, each within 2^-49 relative (sin r within 2^-51, cos r
 * within 2^-49.5, plus r's error; the quadrant may swap them); false (s, c unset) when |y|
 * > C64_SINCOS_Y_MAX, y is not a number, or y lies within C64_SINCOS_R_MIN
 * of a nonzero multiple of pi/2.
 * s is +0 for y = -0, where glibc's sin gives -0: the reduction's last
 * step subtracts j C64_PIO2_3, which is -0 for j = 0 (the constant is
 * negative), and -0 - -0 = +0; nor can r + r^3 S(r^2) keep r's zero sign,
 * the product having the opposite one. Only a select puts it back, and the callers
 * that need it (exp and expm1: the imaginary part of y = +-0 is y; trig's
 * (u, 1) for u = +-0) already hold y and do it; cbrt's angle is never -0
 * and pow's lanes with a zero angle take the definition (their band
 * divides by sin), so a select here would cost those loops for nothing. */
static inline bool c64_sincos_core(double y, double *s, double *c)
{
    if (!(fabs(y) <= C64_SINCOS_Y_MAX))
        return false;
    double jd = y * C64_INV_PIO2 + SHIFT;
    double j = jd - SHIFT;
    double r = ((y - j * C64_PIO2_1) - j * C64_PIO2_2) - j * C64_PIO2_3;
    if (j != 0 && fabs(r) < C64_SINCOS_R_MIN)
        return false;
    double r2 = r * r;
    double sp = S15;
    sp = sp * r2 + S13;
    sp = sp * r2 + S11;
    sp = sp * r2 + S9;
    sp = sp * r2 + S7;
    sp = sp * r2 + S5;
    sp = sp * r2 + S3;
    double cp = C16;
    cp = cp * r2 + C14;
    cp = cp * r2 + C12;
    cp = cp * r2 + C10;
    cp = cp * r2 + C8;
    cp = cp * r2 + C6;
    cp = cp * r2 + C4;
    cp = cp * r2 + C64_C2;
    double sin_r = r + r * r2 * sp, cos_r = 1.0 + r2 * cp;
    /* y = j pi/2 + r: quadrant j mod 4, from jd's low bits */
    unsigned quadrant = (unsigned)f64_to_bits(jd) & 3u;
    double cy = quadrant & 1u ? sin_r : cos_r, sy = quadrant & 1u ? cos_r : sin_r;
    if ((quadrant + 1u) & 2u)
        cy = -cy;
    if (quadrant & 2u)
        sy = -sy;
    *s = sy;
    *c = cy;
    return true;
}

/* e^x (cos y, sin y) by the two cores, within 2^-46 relative of each part
 * (kern_c64_div_sqrt_exp.c); false (re, im unset) outside their domains, x not
 * in [C64_EXP_X_MIN, C64_EXP_X_MAX] or NaN included. The imaginary part of
 * y = -0 may be +0. */
static inline bool c64_exp_parts(double x, double y, double *re, double *im)
{
    double s, c;
    if (!(x >= C64_EXP_X_MIN && x <= C64_EXP_X_MAX && c64_sincos_core(y, &s, &c)))
        return false;
    double e = c64_exp_core(x);
    *re = e * c;
    *im = e * s;
    return true;
}

/* ---- the AVX2 forms ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define C64_AVX2_INLINE static inline __attribute__((always_inline, target("avx2,fma")))

/* Four elements (eight f32 patterns) as binary64 real and imaginary parts,
 * in element order. */
C64_AVX2_INLINE void c64_load4(const uint32_t *p, __m256d *re, __m256d *im)
{
    const __m256i split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    __m256 v = _mm256_permutevar8x32_ps(_mm256_loadu_ps((const float *)p), split);
    *re = _mm256_cvtps_pd(_mm256_castps256_ps128(v));
    *im = _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1));
}

C64_AVX2_INLINE void c64_store4(uint32_t *p, __m128 re, __m128 im)
{
    _mm_storeu_ps((float *)p, _mm_unpacklo_ps(re, im));
    _mm_storeu_ps((float *)p + 4, _mm_unpackhi_ps(re, im));
}

/* A lane's definition: r[0], r[1] from the element at a (and at b). */
typedef void c64_unary_definition(const uint32_t *a, uint32_t *r);
typedef void c64_binary_definition(const uint32_t *a, const uint32_t *b, uint32_t *r);

/* Stores four lanes' results at r, those whose bit in keep is clear
 * computed by their definition from the operands instead (unary's from a,
 * or binary's from a and b: one of the two is NULL); the operands are read
 * before r is written, so r may be one of them. Returns the number of
 * lanes the definition computed. */
C64_AVX2_INLINE int64_t c64_finish4(uint32_t *r, __m128 re, __m128 im, int keep, const uint32_t *a, const uint32_t *b,
                                    c64_unary_definition *unary, c64_binary_definition *binary)
{
    if (keep == 15) {
        c64_store4(r, re, im);
        return 0;
    }
    uint32_t out[8];
    c64_store4(out, re, im);
    int64_t slow = 0;
    for (int j = 0; j < 4; j++) {
        if (keep >> j & 1)
            continue;
        if (unary)
            unary(a + 2 * j, out + 2 * j);
        else
            binary(a + 2 * j, b + 2 * j, out + 2 * j);
        slow++;
    }
    memcpy(r, out, sizeof out);
    return slow;
}

C64_AVX2_INLINE __m256d c64_abs4(__m256d v) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v); }

C64_AVX2_INLINE __m256d c64_finite4(__m256d v)
{
    return _mm256_cmp_pd(c64_abs4(v), _mm256_set1_pd(INFINITY), _CMP_LT_OQ);
}

C64_AVX2_INLINE __m256d c64_finite_nonzero4(__m256d v)
{
    return _mm256_and_pd(c64_finite4(v), _mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_NEQ_OQ));
}

/* c64_band_round on four lanes: the rounded value, mask bits of the lanes
 * whose band rounds to one value. */
C64_AVX2_INLINE __m128 c64_band_round4(__m256d p, int *same)
{
    __m128 lo = _mm256_cvtpd_ps(_mm256_mul_pd(p, _mm256_set1_pd(C64_BAND_LO)));
    __m128 hi = _mm256_cvtpd_ps(_mm256_mul_pd(p, _mm256_set1_pd(C64_BAND_HI)));
    *same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(lo), _mm_castps_si128(hi))));
    return lo;
}

C64_AVX2_INLINE __m256d c64_horner4(__m256d p, __m256d x, double c)
{
    return _mm256_fmadd_pd(p, x, _mm256_set1_pd(c));
}

/* c64_exp_core on four lanes (the caller checks the domain) */
C64_AVX2_INLINE __m256d c64_exp_core4(__m256d x)
{
    const __m256d shift = _mm256_set1_pd(SHIFT);
    __m256d kd = _mm256_add_pd(_mm256_mul_pd(x, _mm256_set1_pd(INV_LN2)), shift);
    __m256d k = _mm256_sub_pd(kd, shift);
    __m256d t = _mm256_sub_pd(_mm256_sub_pd(x, _mm256_mul_pd(k, _mm256_set1_pd(LN2_HI))),
                              _mm256_mul_pd(k, _mm256_set1_pd(LN2_LO)));
    /* Estrin's scheme on 1 + t + C64_E2 t^2 + ... + C64_E13 t^13 */
    __m256d t2 = _mm256_mul_pd(t, t), t4 = _mm256_mul_pd(t2, t2), t8 = _mm256_mul_pd(t4, t4);
    __m256d q0 = _mm256_add_pd(_mm256_set1_pd(1.0), t);
    __m256d q1 = c64_horner4(_mm256_set1_pd(C64_E3), t, C64_E2);
    __m256d q2 = c64_horner4(_mm256_set1_pd(C64_E5), t, C64_E4);
    __m256d q3 = c64_horner4(_mm256_set1_pd(C64_E7), t, C64_E6);
    __m256d q4 = c64_horner4(_mm256_set1_pd(C64_E9), t, C64_E8);
    __m256d q5 = c64_horner4(_mm256_set1_pd(C64_E11), t, C64_E10);
    __m256d q6 = c64_horner4(_mm256_set1_pd(C64_E13), t, C64_E12);
    __m256d r0 = _mm256_fmadd_pd(q1, t2, q0), r1 = _mm256_fmadd_pd(q3, t2, q2), r2 = _mm256_fmadd_pd(q5, t2, q4);
    __m256d s0 = _mm256_fmadd_pd(r1, t4, r0), s1 = _mm256_fmadd_pd(q6, t4, r2);
    __m256d p = _mm256_fmadd_pd(s1, t8, s0);
    __m256i kbits = _mm256_sub_epi64(_mm256_castpd_si256(kd), _mm256_castpd_si256(shift));
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(kbits, _mm256_set1_epi64x(1023)), 52));
    return _mm256_mul_pd(p, scale);
}

/* c64_sincos_core's first half on four lanes, y = j pi/2 + r: returns the mask of the
 * lanes it holds for, r in *r and j + SHIFT (whose low bits are the
 * quadrant) in *jd */
C64_AVX2_INLINE __m256d c64_sincos_reduce4(__m256d y, __m256d *r, __m256d *jd)
{
    const __m256d shift = _mm256_set1_pd(SHIFT);
    __m256d ok = _mm256_cmp_pd(c64_abs4(y), _mm256_set1_pd(C64_SINCOS_Y_MAX), _CMP_LE_OQ);
    *jd = _mm256_add_pd(_mm256_mul_pd(y, _mm256_set1_pd(C64_INV_PIO2)), shift);
    __m256d j = _mm256_sub_pd(*jd, shift);
    *r = _mm256_sub_pd(_mm256_sub_pd(_mm256_sub_pd(y, _mm256_mul_pd(j, _mm256_set1_pd(C64_PIO2_1))),
                                     _mm256_mul_pd(j, _mm256_set1_pd(C64_PIO2_2))),
                       _mm256_mul_pd(j, _mm256_set1_pd(C64_PIO2_3)));
    return _mm256_and_pd(ok, _mm256_or_pd(_mm256_cmp_pd(j, _mm256_setzero_pd(), _CMP_EQ_OQ),
                                          _mm256_cmp_pd(c64_abs4(*r), _mm256_set1_pd(C64_SINCOS_R_MIN), _CMP_GE_OQ)));
}

/* c64_sincos_core's second half on four lanes: sin y and cos y from r
 * and jd */
C64_AVX2_INLINE void c64_sincos_poly4(__m256d rr, __m256d jd, __m256d *s, __m256d *c)
{
    __m256d r2 = _mm256_mul_pd(rr, rr);
    /* Estrin's scheme on S(r2) and C(r2) */
    __m256d r4 = _mm256_mul_pd(r2, r2), r8 = _mm256_mul_pd(r4, r4);
    __m256d sa0 = c64_horner4(_mm256_set1_pd(S5), r2, S3), sa1 = c64_horner4(_mm256_set1_pd(S9), r2, S7);
    __m256d sa2 = c64_horner4(_mm256_set1_pd(S13), r2, S11);
    __m256d sb0 = _mm256_fmadd_pd(sa1, r4, sa0), sb1 = _mm256_fmadd_pd(_mm256_set1_pd(S15), r4, sa2);
    __m256d sp = _mm256_fmadd_pd(sb1, r8, sb0);
    __m256d ca0 = c64_horner4(_mm256_set1_pd(C4), r2, C64_C2), ca1 = c64_horner4(_mm256_set1_pd(C8), r2, C6);
    __m256d ca2 = c64_horner4(_mm256_set1_pd(C12), r2, C10), ca3 = c64_horner4(_mm256_set1_pd(C16), r2, C14);
    __m256d cb0 = _mm256_fmadd_pd(ca1, r4, ca0), cb1 = _mm256_fmadd_pd(ca3, r4, ca2);
    __m256d cp = _mm256_fmadd_pd(cb1, r8, cb0);
    __m256d sin_r = _mm256_add_pd(rr, _mm256_mul_pd(_mm256_mul_pd(rr, r2), sp));
    __m256d cos_r = _mm256_add_pd(_mm256_set1_pd(1.0), _mm256_mul_pd(r2, cp));
    __m256i quadrant = _mm256_castpd_si256(jd);
    __m256i one_i = _mm256_set1_epi64x(1), two_i = _mm256_set1_epi64x(2);
    __m256d swap = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(quadrant, one_i), one_i));
    __m256d cy = _mm256_blendv_pd(cos_r, sin_r, swap), sy = _mm256_blendv_pd(sin_r, cos_r, swap);
    __m256i c_neg = _mm256_slli_epi64(_mm256_and_si256(_mm256_add_epi64(quadrant, one_i), two_i), 62);
    __m256i s_neg = _mm256_slli_epi64(_mm256_and_si256(quadrant, two_i), 62);
    *c = _mm256_xor_pd(cy, _mm256_castsi256_pd(c_neg));
    *s = _mm256_xor_pd(sy, _mm256_castsi256_pd(s_neg));
}

/* The kernels' loops run in blocks of C64_BLOCK groups of four elements,
 * each block in phases (a core over the whole block, then the next): one
 * group's chain of dependent steps is longer than the processor's window
 * of instructions waiting for their operands (measured on this project's
 * Zen 3 host: a loop over whole groups runs them one after another), and a
 * phase is short enough for the next groups' to overlap. Every lane's
 * operations are those of one pass, so the bits are too. */
#define C64_BLOCK 8

/* c64_exp_parts on the C64_BLOCK groups at z, each part's sign flipped
 * by flip (-0.0 or 0.0): re, im, the mask ok of the lanes in the domains,
 * and y the imaginary parts (flipped) */
C64_AVX2_INLINE void c64_exp_parts_block(const uint32_t *z, __m256d flip, __m256d *re, __m256d *im, __m256d *ok,
                                         __m256d *y)
{
    __m256d e[C64_BLOCK];
    for (int g = 0; g < C64_BLOCK; g++) {
        __m256d x;
        c64_load4(z + 8 * g, &x, &y[g]);
        x = _mm256_xor_pd(x, flip);
        y[g] = _mm256_xor_pd(y[g], flip);
        ok[g] = _mm256_and_pd(_mm256_cmp_pd(x, _mm256_set1_pd(C64_EXP_X_MIN), _CMP_GE_OQ),
                              _mm256_cmp_pd(x, _mm256_set1_pd(C64_EXP_X_MAX), _CMP_LE_OQ));
        e[g] = c64_exp_core4(x);
    }
    __m256d r[C64_BLOCK], jd[C64_BLOCK];
    for (int g = 0; g < C64_BLOCK; g++)
        ok[g] = _mm256_and_pd(ok[g], c64_sincos_reduce4(y[g], &r[g], &jd[g]));
    for (int g = 0; g < C64_BLOCK; g++) {
        __m256d s, c;
        c64_sincos_poly4(r[g], jd[g], &s, &c);
        re[g] = _mm256_mul_pd(e[g], c);
        im[g] = _mm256_mul_pd(e[g], s);
    }
}

/* A band test of four binary64 parts: the rounded values, and mask bits
 * of the lanes whose band rounds to one value (c64_band_round4's shape) */
typedef __m128 c64_band_test4(__m256d p, int *same);

/* The blocks of exp and expm1, which differ only in the real part's band
 * test (re_band) and their definition: from z into r, the whole blocks
 * only; returns the number of elements done and adds to *slow the lanes
 * the definition computed */
C64_AVX2_INLINE int64_t c64_exp_blocks(const uint32_t *z, uint32_t *r, int64_t n, c64_band_test4 *re_band,
                                       c64_unary_definition *definition, int64_t *slow)
{
    int64_t i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d pr[C64_BLOCK], pi[C64_BLOCK], ok[C64_BLOCK], y[C64_BLOCK];
        c64_exp_parts_block(z + 2 * i, _mm256_setzero_pd(), pr, pi, ok, y);
        for (int g = 0; g < C64_BLOCK; g++) {
            int same_re, same_im;
            __m128 re = re_band(pr[g], &same_re);
            __m128 im = c64_band_round4(pi[g], &same_im);
            /* y = +-0: glibc's sine is y itself, so the imaginary part is y */
            __m128 y_f32 = _mm256_cvtpd_ps(y[g]);
            im = _mm_blendv_ps(im, y_f32, _mm_cmpeq_ps(y_f32, _mm_setzero_ps()));
            *slow += c64_finish4(r + 2 * i + 8 * g, re, im, _mm256_movemask_pd(ok[g]) & same_re & same_im,
                                 z + 2 * i + 8 * g, NULL, definition, NULL);
        }
    }
    return i;
}

#endif

#endif
