/* Fast complex<f32> sine, cosine, tanh and tan (kern_c64_trig.h): the band
 * method of kern_mathf32.c on kern_c64_lanes.h's cores.
 *
 * glibc's formulas. For finite parts of the magnitudes below, glibc (2.36,
 * checked bit for bit in binary64 on 2e7 operands of every kind) computes,
 * with (sinix, cosix) = sincos(u) for a nonzero u and (u, 1) for u = +-0,
 * and (sinhv, coshv) = (sinh v, cosh v) (ctanh and ctan take (v, 1) for
 * v = +-0, the same values):
 *   csin(x + iy)  = (coshv sinix, sinhv cosix),   u = x, v = y
 *     (csin takes sincos(|x|) and negates sinix for x < 0: sin is odd);
 *   ccos(x + iy)  = ccosh(-y + ix) = (coshv cosix, sinhv sinix),
 *                                                 u = x, v = -y;
 *   ctanh(x + iy) = (sinhv coshv / den, sinix cosix / den),
 *                   den = sinhv^2 + cosix^2,      u = y, v = x;
 *   ctan(x + iy)  = (sinix cosix / den, sinhv coshv / den),
 *                   den = cosix^2 + sinhv^2,      u = x, v = y.
 * csin and ccos scale for |v| > 709, ctanh and ctan take other formulas for
 * |v| > 354 (see below for tanh and tan beyond 89). ctanh and ctan drop sinhv^2
 * from den when |sinhv| <= |cosix| 2^-52, which changes den by at most
 * 2^-104 of itself. glibc's sin, cos, sinh and cosh are within 4 binary64
 * ulps (< 2^-50 relative), so each part g of glibc's result is within
 * 2^-48.9 (sine, cosine) or 2^-47.5 (tanh, tan: den 2^-48.9, the product
 * 2^-48.9, the quotient one more rounding) of the true part f.
 *
 * The lanes kept here have |u| <= 1024, u not within 2^-20 of a nonzero
 * multiple of pi/2 (c64_sincos_core's domain) and |v| <= 89 (false for Inf
 * and NaN; tanh and tan clamp a finite |v| > 89 to 89, below). Every part
 * is computed by the same formula from (u = 2^-53):
 *   - s, c = c64_sincos_core(u), within 2^-49 of sin u, cos u, and for
 *     u = +-0 exactly (u, 1) (the core's c is 1 + 0 = 1; its s is replaced
 *     by u, whose sign the core's sum loses);
 *   - |v| = k ln2 + t, the reduction of c64_exp_core (k in [0, 129], t
 *     within 2^-54.4 of |v| - k ln2, |t| <= 0.3466; t = |v| for k = 0).
 *     E = 1 + t^2 PE(t^2) and O = t + t (t^2 PO(t^2)) are cosh t and sinh t
 *     by their Taylor sums to t^12 and t^13 (first omitted terms below
 *     2^-57.7 and 2^-61 |t|). PE and PO have positive terms, so Horner
 *     (fused or not), or the AVX2 path's Estrin scheme (at most 10
 *     rounding factors on any term), leaves them within 11 u, and t^2 PE <= 0.062, t^2 PO
 *     <= 0.021: E within 1.9 u, O within 1.3 u. So E + O = e^t and E - O =
 *     e^-t (E <= 1.061, |O| <= 0.354, e^+-t >= 0.707) are within 4.5 u,
 *     5.3 u with t's error, and ep = 2^k (E + O), em = 2^-k (E - O) (the
 *     scales exact) within 5.3 u of e^|v|, e^-|v|;
 *   - C = (ep + em) / 2, a sum of positives: within 6.3 u < 2^-50.3;
 *   - S = (ep - em) / 2 with v's sign for k >= 1 (|v| >= 0.3465): the
 *     difference scales ep's and em's errors by coth|v| <= 3.0005: within
 *     17 u < 2^-48.9; for k = 0, S = O with v's sign, within 2^-52. For
 *     v = +-0: t = 0, E = 1, O = +0, so C = 1 and S = v exactly.
 * Products: sine's and cosine's parts C s, S c, C c, S s within 2^-48.9 +
 * 2^-49 + u < 2^-47.8. tanh and tan: D = S^2 + c^2 within 2 2^-48.9 + 2 u
 * (a sum of positives: the larger relative error plus a rounding); q = 1/D
 * one more u: 2^-47.7; S C q within 2^-48.4 + 2^-47.7 + u < 2^-47 and
 * s c q within 2^-48 + 2^-47.7 + u < 2^-46.8. So |p - f| <= 2^-46.8 |f|
 * for each part p, |g - f| <= 2^-47.5 |f|, and g lies within 2^-46 |p| of
 * p, inside the band [p (1 - 2^-40), p (1 + 2^-40)] with a wide margin
 * (its rounded ends narrow it by 2^-53 |p|). Where both ends round to one
 * f32 value, g does too (the rounding is monotonic; the overflow to Inf
 * of large sine and cosine parts included), and the lane keeps it.
 *
 * tanh and tan beyond 89: for a finite |v| > 89 the lane computes with v
 * replaced by +-89 (v's sign). There the true hyperbolic part S C / D is
 * +-1 within 2^-250 (C^2 = S^2 + 1 and S >= 2^127), so p's band ends lie
 * within 2^-39.9 of +-1 and round to +-1 (the rounding boundaries nearest
 * 1 are 1 - 2^-25 and 1 + 2^-24); glibc's g is within 2^-47 of +-1 for
 * |v| <= 354 (the same identity on its S and C) and exactly copysign(1, v)
 * beyond: it rounds to +-1 too. The circular part s c / D is below 2^-254
 * in magnitude, so its band rounds to a zero with the sign of s c, and
 * glibc's (s c / den with den >= sinh(89)^2 up to 354, a quotient of
 * 4 sinix cosix by e^708 or more beyond) is as small, of the sign of
 * sinix cosix, the same as s c's (s and c have the signs of sin u and cos
 * u, or s = u exactly), and rounds to that zero. Either way the kept lane
 * is g's rounding.
 *
 * Range: every value above is zero or a normal binary64 number: |s|, |c|,
 * |S| >= 2^-150 (f32's least is 2^-149; near a nonzero multiple of pi/2,
 * |r| >= 2^-20), ep, em, C, S in [2^-129, 2^128.5], D <= 2^257, so the
 * quotients are >= 2^-430. Relative bounds hold throughout.
 *
 * Zero parts stay on the fast path: with u = +-0 or v = +-0 the cores give
 * glibc's exact values (u, 1) or (v, 1), and each part is then a product
 * of exact values, or a rounded value times an exact zero, whose sign
 * follows IEEE's rules in both (c has cos u's sign, S sinh v's, both
 * nonzero); a zero part p is its own band. The other lanes (sine and
 * cosine with |v| > 89, |u| > 1024, u near a multiple of pi/2, Inf, NaN,
 * a band straddling a rounding boundary: about 2^-14.5 of ordinary
 * operands) take the definition. The AVX2 path fuses steps and evaluates
 * the polynomials by Estrin's scheme (inside the bounds); the portable
 * path rounds every operation. */
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_trig.h"

#include <math.h>

#include "kernels/math/kern_ops.h"
#include "kernels/complex/kern_c64_lanes.h"
#include "kernels/math/kern_ieee_arith.h"
#include "util/isa.h"
#include "kernels/math/kern_recip.h"

#define V_MAX 89.0 /* |v| above: the definition (tanh, tan: clamped to it) */

typedef enum { TRIG_SIN, TRIG_COS, TRIG_TANH, TRIG_TAN } trig_op;

/* ---- the definitions -------------------------------------------------------- */

void kern_c64_sin_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_SIN, x, r); }
void kern_c64_cos_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_COS, x, r); }
void kern_c64_tanh_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_TANH, x, r); }
void kern_c64_tan_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_TAN, x, r); }

static kern_unop trig_unop(trig_op op)
{
    switch (op) {
    case TRIG_SIN: return KU_SIN;
    case TRIG_COS: return KU_COS;
    case TRIG_TANH: return KU_TANH;
    case TRIG_TAN: return KU_TAN;
    }
    return KU_SIN;
}

/* ---- the portable path ------------------------------------------------------ */

/* S and C of the head comment, for |v| <= V_MAX: |v| = k ln2 + t as in
 * c64_exp_core, cosh t and sinh t by their Taylor polynomials in t^2 (so
 * e^t and e^-t are their sum and difference) */
static inline void sinhcosh_core(double v, double *sh, double *ch)
{
    double av = fabs(v);
    double kd = av * INV_LN2 + SHIFT;
    double k = kd - SHIFT;
    double t = (av - k * LN2_HI) - k * LN2_LO, t2 = t * t;
    double pe = C64_E12;
    pe = pe * t2 + C64_E10;
    pe = pe * t2 + C64_E8;
    pe = pe * t2 + C64_E6;
    pe = pe * t2 + C64_E4;
    pe = pe * t2 + C64_E2;
    double po = C64_E13;
    po = po * t2 + C64_E11;
    po = po * t2 + C64_E9;
    po = po * t2 + C64_E7;
    po = po * t2 + C64_E5;
    po = po * t2 + C64_E3;
    double even = 1.0 + t2 * pe, odd = t + t * (t2 * po);
    int64_t ki = (int64_t)k;
    double ep = (even + odd) * bits_to_f64((uint64_t)(ki + 1023) << 52);
    double em = (even - odd) * bits_to_f64((uint64_t)(1023 - ki) << 52);
    *ch = 0.5 * (ep + em);
    *sh = copysign(ki == 0 ? odd : 0.5 * (ep - em), v);
}

/* The parts' approximations from s, c (of u) and S, C (of v) */
static inline void trig_parts(trig_op op, double s, double c, double sh, double ch, double *re, double *im)
{
    switch (op) {
    case TRIG_SIN:
        *re = ch * s;
        *im = sh * c;
        return;
    case TRIG_COS:
        *re = ch * c;
        *im = sh * s;
        return;
    case TRIG_TANH:
    case TRIG_TAN: {
        double q = 1.0 / (sh * sh + c * c), hyp = sh * ch * q, circ = s * c * q;
        *re = op == TRIG_TANH ? hyp : circ;
        *im = op == TRIG_TANH ? circ : hyp;
        return;
    }
    }
}

/* One element on the portable path; false: it took the definition. */
static inline bool trig_elem(trig_op op, const uint32_t *z, uint32_t *r)
{
    double x = bits_to_f32(z[0]), y = bits_to_f32(z[1]);
    double u = op == TRIG_TANH ? y : x, v = op == TRIG_TANH ? x : op == TRIG_COS ? -y : y;
    /* re, im start at 0 only for gcc 12's -O1 -fsanitize=thread, which does
     * not see that trig_parts's switch sets both for every trig_op */
    double s, c, sh, ch, re = 0, im = 0;
    uint32_t rr, ri;
    if ((op == TRIG_TANH || op == TRIG_TAN) && fabs(v) > V_MAX && fabs(v) < INFINITY)
        v = copysign(V_MAX, v);
    if (fabs(v) <= V_MAX && c64_sincos_core(u, &s, &c)) {
        if (u == 0)
            s = u;
        sinhcosh_core(v, &sh, &ch);
        trig_parts(op, s, c, sh, ch, &re, &im);
        if (c64_band_round(re, &rr) && c64_band_round(im, &ri)) {
            r[0] = rr;
            r[1] = ri;
            return true;
        }
    }
    kern_c64_unary_def(trig_unop(op), z, r);
    return false;
}

static int64_t trig_generic(trig_op op, const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !trig_elem(op, x + 2 * i, r + 2 * i);
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#define AVX2 __attribute__((target("avx2,fma")))

/* sinhcosh_core on four lanes (garbage where |v| > V_MAX: the caller's mask
 * drops those lanes) */
C64_AVX2_INLINE void sinhcosh_core4(__m256d v, __m256d *sh, __m256d *ch)
{
    const __m256d shift = _mm256_set1_pd(SHIFT);
    __m256d av = c64_abs4(v);
    __m256d kd = _mm256_add_pd(_mm256_mul_pd(av, _mm256_set1_pd(INV_LN2)), shift);
    __m256d k = _mm256_sub_pd(kd, shift);
    __m256d t = _mm256_sub_pd(_mm256_sub_pd(av, _mm256_mul_pd(k, _mm256_set1_pd(LN2_HI))),
                              _mm256_mul_pd(k, _mm256_set1_pd(LN2_LO)));
    __m256d t2 = _mm256_mul_pd(t, t);
    /* Estrin's scheme on PE(t2) and PO(t2) */
    __m256d t4 = _mm256_mul_pd(t2, t2), t8 = _mm256_mul_pd(t4, t4);
    __m256d ea0 = c64_horner4(_mm256_set1_pd(C64_E4), t2, C64_E2), ea1 = c64_horner4(_mm256_set1_pd(C64_E8), t2, C64_E6);
    __m256d ea2 = c64_horner4(_mm256_set1_pd(C64_E12), t2, C64_E10);
    __m256d pe = _mm256_fmadd_pd(ea2, t8, _mm256_fmadd_pd(ea1, t4, ea0));
    __m256d oa0 = c64_horner4(_mm256_set1_pd(C64_E5), t2, C64_E3), oa1 = c64_horner4(_mm256_set1_pd(C64_E9), t2, C64_E7);
    __m256d oa2 = c64_horner4(_mm256_set1_pd(C64_E13), t2, C64_E11);
    __m256d po = _mm256_fmadd_pd(oa2, t8, _mm256_fmadd_pd(oa1, t4, oa0));
    __m256d even = _mm256_add_pd(_mm256_set1_pd(1.0), _mm256_mul_pd(t2, pe));
    __m256d odd = _mm256_add_pd(t, _mm256_mul_pd(t, _mm256_mul_pd(t2, po)));
    __m256i kbits = _mm256_sub_epi64(_mm256_castpd_si256(kd), _mm256_castpd_si256(shift));
    /* ep / 2 and em / 2 (the halves exact, so C and S are the same) */
    __m256i bias = _mm256_set1_epi64x(1022);
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(bias, kbits), 52));
    __m256d iscale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(bias, kbits), 52));
    __m256d ep = _mm256_mul_pd(_mm256_add_pd(even, odd), scale);
    __m256d em = _mm256_mul_pd(_mm256_sub_pd(even, odd), iscale);
    *ch = _mm256_add_pd(ep, em);
    __m256d big = _mm256_sub_pd(ep, em);
    __m256d mag = _mm256_blendv_pd(big, odd, _mm256_cmp_pd(k, _mm256_setzero_pd(), _CMP_EQ_OQ));
    *sh = _mm256_or_pd(mag, _mm256_and_pd(v, _mm256_set1_pd(-0.0)));
}

/* Blocks of C64_BLOCK groups of four lanes, in phases: the sincos
 * reduction, its polynomial, sinh and cosh, the parts and bands; the tail
 * on the portable path */
C64_AVX2_INLINE int64_t trig_avx2(trig_op op, const uint32_t *z, uint32_t *r, int64_t n)
{
    c64_unary_definition *def = op == TRIG_SIN    ? kern_c64_sin_definition
                                : op == TRIG_COS  ? kern_c64_cos_definition
                                : op == TRIG_TANH ? kern_c64_tanh_definition
                                                  : kern_c64_tan_definition;
    const __m256d zero = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0);
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d ss[C64_BLOCK], cs[C64_BLOCK], oks[C64_BLOCK], vs[C64_BLOCK], shs[C64_BLOCK], chs[C64_BLOCK];
        __m256d us[C64_BLOCK], rs[C64_BLOCK], jds[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d x, y;
            c64_load4(z + 2 * (i + 4 * g), &x, &y);
            __m256d u = op == TRIG_TANH ? y : x;
            __m256d v = op == TRIG_TANH ? x : op == TRIG_COS ? _mm256_xor_pd(y, sign) : y;
            __m256d ok = c64_sincos_reduce4(u, &rs[g], &jds[g]);
            if (op == TRIG_TANH || op == TRIG_TAN) {
                ok = _mm256_and_pd(ok, c64_finite4(v));
                v = _mm256_or_pd(_mm256_min_pd(c64_abs4(v), _mm256_set1_pd(V_MAX)), _mm256_and_pd(v, sign));
            } else {
                ok = _mm256_and_pd(ok, _mm256_cmp_pd(c64_abs4(v), _mm256_set1_pd(V_MAX), _CMP_LE_OQ));
            }
            us[g] = u;
            oks[g] = ok;
            vs[g] = v;
        }
        for (int g = 0; g < C64_BLOCK; g++) {
            c64_sincos_poly4(rs[g], jds[g], &ss[g], &cs[g]);
            ss[g] = _mm256_blendv_pd(ss[g], us[g], _mm256_cmp_pd(us[g], zero, _CMP_EQ_OQ));
        }
        for (int g = 0; g < C64_BLOCK; g++)
            sinhcosh_core4(vs[g], &shs[g], &chs[g]);
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d s = ss[g], c = cs[g], sh = shs[g], ch = chs[g], re, im;
            switch (op) {
            case TRIG_SIN:
                re = _mm256_mul_pd(ch, s);
                im = _mm256_mul_pd(sh, c);
                break;
            case TRIG_COS:
                re = _mm256_mul_pd(ch, c);
                im = _mm256_mul_pd(sh, s);
                break;
            case TRIG_TANH:
            case TRIG_TAN: {
                __m256d q = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_add_pd(_mm256_mul_pd(sh, sh), _mm256_mul_pd(c, c)));
                __m256d hyp = _mm256_mul_pd(_mm256_mul_pd(sh, ch), q), circ = _mm256_mul_pd(_mm256_mul_pd(s, c), q);
                re = op == TRIG_TANH ? hyp : circ;
                im = op == TRIG_TANH ? circ : hyp;
                break;
            }
            }
            int same_re, same_im;
            __m128 fre = c64_band_round4(re, &same_re);
            __m128 fim = c64_band_round4(im, &same_im);
            int keep = _mm256_movemask_pd(oks[g]) & same_re & same_im;
            slow += c64_finish4(r + 2 * (i + 4 * g), fre, fim, keep, z + 2 * (i + 4 * g), NULL, def, NULL);
        }
    }
    return slow + trig_generic(op, z + 2 * i, r + 2 * i, n - i);
}

AVX2 static int64_t sin_avx2(const uint32_t *x, uint32_t *r, int64_t n) { return trig_avx2(TRIG_SIN, x, r, n); }
AVX2 static int64_t cos_avx2(const uint32_t *x, uint32_t *r, int64_t n) { return trig_avx2(TRIG_COS, x, r, n); }
AVX2 static int64_t tanh_avx2(const uint32_t *x, uint32_t *r, int64_t n) { return trig_avx2(TRIG_TANH, x, r, n); }
AVX2 static int64_t tan_avx2(const uint32_t *x, uint32_t *r, int64_t n) { return trig_avx2(TRIG_TAN, x, r, n); }

static int64_t trig_avx2_of(trig_op op, const uint32_t *x, uint32_t *r, int64_t n)
{
    switch (op) {
    case TRIG_SIN: return sin_avx2(x, r, n);
    case TRIG_COS: return cos_avx2(x, r, n);
    case TRIG_TANH: return tanh_avx2(x, r, n);
    case TRIG_TAN: return tan_avx2(x, r, n);
    }
    return -1;
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ----------------------------------------------------------- */

static int64_t trig_on(trig_op op, kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!kern_math_path_runs(path, HAVE_AVX2_PATH))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return trig_avx2_of(op, x, r, n);
#endif
    return trig_generic(op, x, r, n);
}

static kern_mathf32_path best_path(void)
{
    return kern_math_path_runs(KMP_AVX2, HAVE_AVX2_PATH) ? KMP_AVX2 : KMP_GENERIC;
}

int64_t kern_c64_sin_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return trig_on(TRIG_SIN, path, x, r, n);
}

int64_t kern_c64_cos_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return trig_on(TRIG_COS, path, x, r, n);
}

int64_t kern_c64_tanh_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return trig_on(TRIG_TANH, path, x, r, n);
}

int64_t kern_c64_tan_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return trig_on(TRIG_TAN, path, x, r, n);
}

void kern_c64_sin(const uint32_t *x, uint32_t *r, int64_t n) { trig_on(TRIG_SIN, best_path(), x, r, n); }
void kern_c64_cos(const uint32_t *x, uint32_t *r, int64_t n) { trig_on(TRIG_COS, best_path(), x, r, n); }
void kern_c64_tanh(const uint32_t *x, uint32_t *r, int64_t n) { trig_on(TRIG_TANH, best_path(), x, r, n); }
void kern_c64_tan(const uint32_t *x, uint32_t *r, int64_t n) { trig_on(TRIG_TAN, best_path(), x, r, n); }
