/* Fast complex<f32> cube root and power (kern_c64_pow.h), by the band
 * method of kern_mathf32.c and kern_c64_div_sqrt_exp.c. u = 2^-53 below.
 *
 * Cube root. For a + ib with f32 parts (exact in binary64) the definition
 * computes, with glibc's functions:
 *   s = pow(a, 2) + pow(b, 2): pow(x, 2) returns x^2 exactly for every
 *     f32 x (checked on all 2^32 patterns against x * x, glibc 2.36: the
 *     exact square has 48 bits and exponent within [-298, 256], and
 *     glibc's pow is within 0.52 ulp); the sum rounds once;
 *   rho = pow(s, C6), C6 = 1.0 / 6.0 rounded: within an ulp of s^C6
 *     (relative 2^-52); the target is s^C6, C6 as it is;
 *   theta = atan2(b, a) / 3: atan2 within an ulp and the division rounds,
 *     so theta is within 2^-51.4 of atan2(b, a) / 3 relatively;
 *   (rho cos theta, rho sin theta), each product rounded.
 * Let F = s^C6 (cos T, sin T) with T = atan2(b, a) / 3 exactly, |T| <=
 * pi/3. A relative error d of theta moves cos by at most d T tan T <= 1.82
 * d relatively and sin by at most d (T cot T <= 1); cos and sin within an
 * ulp more: glibc's parts are within 2^-52 + 1.82 2^-51.4 + 2^-52 + 2^-53
 * < 2^-49.6 of F's, relatively.
 * A lane here computes s by the same operations (the squares exact, one
 * rounded sum, never fused), then:
 *   - L = log(s) by kern_logparts.h's core (s is a positive normal
 *     binary64, s in [2^-298, 2^257]; the split and f = m - 1 are exact
 *     for any such value): log(m) within 2^-50 relatively, |log(m)| <=
 *     0.347, e LN2_HI exact (|e| <= 298), e LN2_LO and the two sums rounded
 *     once each: |L - log s| <= 2^-51.3 + u |L|, |L| <= 207;
 *   - t = C6 L rounded: |t - C6 log s| <= 2^-53.9 + 2u |t| <= 2^-46.8
 *     (|t| <= 34.5);
 *   - rho' = kern_c64_lanes.h's e^t core (t is inside its domain [-104,
 *     89]), within 2^-47: with t's error, within 2^-45.9 of s^C6;
 *   - theta' = m THIRD, m kern_atan2core.h's |atan2(b, a)| (within 2^-47
 *     relatively), THIRD = 1/3 rounded, the product rounded: within
 *     2^-46.9 of |T|; sin theta', cos theta' by kern_c64_lanes.h's core
 *     (theta' in [0, 1.05]: always in its domain, never near pi/2),
 *     within 2^-49; so cos theta' within 1.82 2^-46.9 + 2^-49 < 2^-45.8 of
 *     cos T and sin theta' within 2^-46.5 of |sin T|;
 *   - each product rounded once: the real part within 2^-44.8 of F's, the
 *     imaginary part's magnitude within 2^-45.2.
 * So glibc's part lies within 2^-44.6 of the approximation p (measured:
 * 2^-47.6 at most), inside the band of 2^-40 |p| (whose rounded ends
 * narrow it by 2^-53 |p|): when both ends round to the same f32 value,
 * that is the definition's rounding (rounding is monotonic and
 * symmetric). Signs: cos T > 0; T has b's sign, zeros included (atan2 is
 * odd in its first operand, the division and the sine keep the sign, rho
 * > 0), so the imaginary part is the magnitude with b's sign. b = +-0
 * with a > 0 gives T = +-0, m = 0 and sin theta' = 0 exactly: the lane
 * keeps +-0, as the definition (rho (+-0)). Nothing underflows: s >=
 * 2^-298, a nonzero theta' >= 2^-278 (its cube in the sine's polynomial
 * >= 2^-834), rho >= 2^-50, so every value is zero or a normal binary64
 * and the relative bounds hold. The other lanes (both parts zero, an Inf
 * or NaN part, a band holding a rounding boundary: about 2^-12 of the
 * bench's operands) take the definition.
 *
 * Power. glibc's cpow(z, c) is cexp(c clog(z)) (glibc 2.36), its product
 * re = p L - q A, im = p A + q L with each product and sum rounded (the
 * NaN repair only touches NaN results). Let z = x + iy, c = p + iq (f32
 * parts), L = log|z| and A = arg z exactly, X = p L - q A, Y = p A + q L:
 * the true value is e^X (cos Y, sin Y).
 *   glibc: for f32 parts clog never scales; its real part is log(hypot)
 *   or half a log1p of an accurately formed |z|^2 - 1, within 2^-52 +
 *   2^-51 |L|; its imaginary part atan2(y, x) within 2^-52 |A|. With the
 *   product's roundings: |X_g - X| <= |p| (2^-52 + 2^-51 |L|) + 2^-52 |q|
 *   |A| + 2^-52 (|p L| + |q A|) (1 + 2^-50), Y_g likewise.
 *   Here: L' = log_core(s) / 2 with s = x^2 + y^2 rounded once (2^-54 in
 *   L): |L' - L| <= 2^-51.9 + u |L| (the cube root's bound, halved); A' =
 *   m with y's sign (atan2 is odd in y, zeros included), |A' - A| <= 2^-47
 *   |A|; X' and Y' by the same products and sums: |X' - X| <= |p| (2^-51.9
 *   + u |L|) + 2^-47 |q| |A| + 2^-52 (|p L| + |q A|) (1 + 2^-50).
 *   So |X_g - X'| <= dx = KA |q| |A| + KL |p| (1 + |L|), KA = 2^-46.5 >=
 *   2^-47 + 2^-51 (2^-46.83), KL = 2^-49 >= 2^-52 + 2^-51.9 and >= 2^-51 +
 *   u + 2^-51; |Y_g - Y'| <= dy, p and q swapped. Both are computed from
 *   L' and A' (within 2^-45 of L and A, with the roundings of dx and dy
 *   far inside the constants' margins of 25% and 85%).
 *   cexp: glibc's parts are fl(exp(X_g) cos(Y_g)) and fl(exp(X_g)
 *   sin(Y_g)), within 2^-50.7 of e^X_g cos Y_g, e^X_g sin Y_g. Here, for
 *   X' in [-104, 89] and Y' in the sincos core's domain, e' (within 2^-47
 *   of e^X') times C', S' (within 2^-49 of cos Y', sin Y'), rounded:
 *   within 2^-46.7 of e^X' cos Y', e^X' sin Y'. And cos(Y' + d) / cos Y' =
 *   cos d - tan Y' sin d: for |X_g - X'|, |Y_g - Y'| <= 2^-30,
 *   e^X_g cos Y_g = e^X' cos Y' (1 + r), |r| <= dx + dy |tan Y'| + 2^-59
 *   (1 + |tan Y'|); sine with |cot Y'|.
 * So glibc's real part lies within w_re |p_re| of the approximation p_re,
 * w_re = W0 + dx + dy |S'| / |C'|, W0 = 2^-46 > 2^-46.7 + 2^-50.7 + the
 * second-order terms + 2^-52 for the band's rounded ends; the imaginary
 * part within w_im = W0 + dx + dy |C'| / |S'|. (S' / C' is tan Y' within
 * 2^-48; the measured error is at most 0.37 of w.) No division is needed:
 * |p_re| |S'| / |C'| = |e' S'| is |p_im| within 2^-52 of itself (each
 * part one rounding of a product), inside the margins of KA and KL, so
 * the half-width w_re |p_re| is covered by d_re = (W0 + dx) |p_re| + dy
 * |p_im|, and w_im |p_im| by d_im, the parts swapped (the roundings of d
 * change it by 2^-51 of itself, far below W0's margin). A part p is kept
 * when p - d and p + d (one rounding each, the 2^-52 in W0) round to one
 * f32 value and d < 2^-30 |p|, i.e. w < 2^-30 (false for a zero C' or
 * S', whose part p is 0, and for a NaN: the lane takes the
 * definition). Nothing underflows: e' >= 2^-150; away from 0 the sincos
 * core keeps |C'|, |S'| >= 2^-21; near 0 a tiny nonzero Y' (>= 2^-480,
 * an ulp of the products it sums) has S' = Y' within the bound (the
 * core's cubic term may underflow, far below an ulp of S'), so every
 * product is a normal binary64. Rounding to f32 is monotonic, overflow to Inf included. The
 * other lanes (an Inf or NaN part, z = 0, X' outside [-104, 89], Y'
 * outside the sincos core's domain, a band too wide or holding a rounding
 * boundary: about 2^-10 of the bench's operands) take the definition.
 *
 * The AVX2 paths run four elements at a time and fuse some roundings
 * away (the cores' polynomial steps, the log core's), inside the bounds
 * above; the portable paths round every step. */
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_pow.h"

#include <math.h>
#include <string.h>

#include "kernels/math/kern_atan2core.h"
#include "kernels/complex/kern_c64_lanes.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"
#include "util/isa.h"
#include "kernels/math/kern_logparts.h"

#define SIXTH (1.0 / 6.0) /* the definition's exponent, rounded as it rounds it */
#define THIRD (1.0 / 3.0)

/* The power's bands (see the head comment): half-widths (POW_W0 + dx)
 * |p| + dy |q| around each part p (q the other part), dx and dy the
 * bounds on the errors of c log z's parts */
#define POW_W0 0x1p-46
#define POW_KA 0x1.6a09e667f3bcdp-47 /* 2^-46.5 */
#define POW_KL 0x1p-49
#define POW_W_MAX 0x1p-30

/* ---- the definitions -------------------------------------------------------- */

void kern_c64_cbrt_definition(const uint32_t *x, uint32_t *r)
{
    double re, im;
    kern_cbrt_ref(bits_to_f32(x[0]), bits_to_f32(x[1]), &re, &im);
    r[0] = kern_f32_round_classb(re);
    r[1] = kern_f32_round_classb(im);
}

void kern_c64_pow_definition(const uint32_t *a, const uint32_t *b, uint32_t *r) { kern_c64_binary_def(KB_POW, a, b, r); }

/* ---- the portable path ------------------------------------------------------ */

static inline bool finite_f32(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; }

/* The cube root of (x[0], x[1]) into v when the lane is kept. */
static inline bool cbrt_approx(const uint32_t *x, uint32_t *v)
{
    if (!(finite_f32(x[0]) && finite_f32(x[1])))
        return false;
    double a = bits_to_f32(x[0]), b = bits_to_f32(x[1]);
    double s = a * a + b * b;
    double sn, cs;
    if (!(s > 0) || !c64_sincos_core(kern_atan2_mag(x[1], x[0]) * THIRD, &sn, &cs))
        return false;
    double rho = c64_exp_core(SIXTH * kern_log_core(s));
    if (!(c64_band_round(rho * cs, &v[0]) && c64_band_round(rho * sn, &v[1])))
        return false;
    v[1] |= x[1] & 0x80000000u;
    return true;
}

/* The f32 pattern of p when the band p +- d rounds to one value and d <
 * POW_W_MAX |p| (false for p = 0 and for a NaN d). */
static inline bool band_round_d(double p, double d, uint32_t *v)
{
    uint32_t lo = f32_to_bits((float)(p - d)), hi = f32_to_bits((float)(p + d));
    *v = lo;
    return d < POW_W_MAX * fabs(p) && lo == hi;
}

/* The power (z[0], z[1]) ^ (c[0], c[1]) into v when the lane is kept. */
static inline bool pow_approx(const uint32_t *z, const uint32_t *c, uint32_t *v)
{
    if (!(finite_f32(z[0]) && finite_f32(z[1]) && finite_f32(c[0]) && finite_f32(c[1])))
        return false;
    double x = bits_to_f32(z[0]), y = bits_to_f32(z[1]), p = bits_to_f32(c[0]), q = bits_to_f32(c[1]);
    double s = x * x + y * y;
    if (!(s > 0))
        return false;
    double m = kern_atan2_mag(z[1], z[0]);
    double l = 0.5 * kern_log_core(s), a = z[1] >> 31 ? -m : m;
    double wx = p * l - q * a, wy = p * a + q * l;
    double sn, cs;
    if (!(wx >= C64_EXP_X_MIN && wx <= C64_EXP_X_MAX) || !c64_sincos_core(wy, &sn, &cs))
        return false;
    double e = c64_exp_core(wx);
    double ap = fabs(p), aq = fabs(q), aa = fabs(a), l1 = 1.0 + fabs(l);
    double dx = POW_KA * aq * aa + POW_KL * ap * l1, dy = POW_KA * ap * aa + POW_KL * aq * l1;
    double p_re = e * cs, p_im = e * sn, w = POW_W0 + dx;
    return band_round_d(p_re, w * fabs(p_re) + dy * fabs(p_im), &v[0]) &&
           band_round_d(p_im, w * fabs(p_im) + dy * fabs(p_re), &v[1]);
}

/* The results go through v: r may be an operand, which the definition
 * reads. */
static int64_t cbrt_generic(const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t v[2];
        if (cbrt_approx(x + 2 * i, v)) {
            r[2 * i] = v[0];
            r[2 * i + 1] = v[1];
        } else {
            kern_c64_cbrt_definition(x + 2 * i, r + 2 * i);
            slow++;
        }
    }
    return slow;
}

static int64_t pow_generic(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t v[2];
        if (pow_approx(a + 2 * i, b + 2 * i, v)) {
            r[2 * i] = v[0];
            r[2 * i + 1] = v[1];
        } else {
            kern_c64_pow_definition(a + 2 * i, b + 2 * i, r + 2 * i);
            slow++;
        }
    }
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX2_INLINE static inline __attribute__((always_inline)) AVX2

/* Four elements of z: the parts, and the approximations of |arg z| */
AVX2_INLINE __m256d load_arg4(const uint32_t *z, __m256d *x, __m256d *y)
{
    c64_load4(z, x, y);
    /* the parts are f32 values: converting back is exact */
    return kern_atan2_mag4(_mm256_cvtpd_ps(*y), _mm256_cvtpd_ps(*x));
}

AVX2 static int64_t cbrt_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d ms[C64_BLOCK], rhos[C64_BLOCK], oks[C64_BLOCK], sns[C64_BLOCK], css[C64_BLOCK];
        __m256d es[C64_BLOCK], rs[C64_BLOCK], jds[C64_BLOCK];
        __m128 bsign[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d a, b;
            ms[g] = load_arg4(z + 2 * (i + 4 * g), &a, &b);
        }
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d a, b;
            c64_load4(z + 2 * (i + 4 * g), &a, &b);
            /* not fused: the definition's sum of two exact squares rounds once */
            __m256d s = _mm256_add_pd(_mm256_mul_pd(a, a), _mm256_mul_pd(b, b));
            __m256d ok = _mm256_and_pd(_mm256_and_pd(c64_finite4(a), c64_finite4(b)),
                                       _mm256_cmp_pd(s, _mm256_setzero_pd(), _CMP_GT_OQ));
            /* the lanes not kept compute on harmless values */
            s = _mm256_blendv_pd(_mm256_set1_pd(1.0), s, ok);
            ms[g] = _mm256_and_pd(ms[g], ok);
            oks[g] = ok;
            bsign[g] = _mm_and_ps(_mm256_cvtpd_ps(b), _mm_set1_ps(-0.0f));
            rhos[g] = kern_log_core_ratio4(s, &es[g]);
        }
        for (int g = 0; g < C64_BLOCK; g++)
            rhos[g] = _mm256_mul_pd(_mm256_set1_pd(SIXTH), kern_log_from_ratio4(es[g], rhos[g]));
        for (int g = 0; g < C64_BLOCK; g++)
            rhos[g] = c64_exp_core4(rhos[g]);
        for (int g = 0; g < C64_BLOCK; g++)
            oks[g] = _mm256_and_pd(oks[g], c64_sincos_reduce4(_mm256_mul_pd(ms[g], _mm256_set1_pd(THIRD)), &rs[g], &jds[g]));
        for (int g = 0; g < C64_BLOCK; g++)
            c64_sincos_poly4(rs[g], jds[g], &sns[g], &css[g]);
        for (int g = 0; g < C64_BLOCK; g++) {
            const uint32_t *zg = z + 2 * (i + 4 * g);
            int same_re, same_im;
            __m128 rr = c64_band_round4(_mm256_mul_pd(rhos[g], css[g]), &same_re);
            __m128 ri = c64_band_round4(_mm256_mul_pd(rhos[g], sns[g]), &same_im);
            ri = _mm_or_ps(ri, bsign[g]);
            int keep = _mm256_movemask_pd(oks[g]) & same_re & same_im;
            slow += c64_finish4(r + 2 * (i + 4 * g), rr, ri, keep, zg, NULL, kern_c64_cbrt_definition, NULL);
        }
    }
    return slow + cbrt_generic(z + 2 * i, r + 2 * i, n - i);
}

/* band_round_d on four lanes: the rounded value, mask bits of the lanes
 * whose band rounds to one value */
AVX2_INLINE __m128 band_round_d4(__m256d p, __m256d d, int *same)
{
    __m128 lo = _mm256_cvtpd_ps(_mm256_sub_pd(p, d)), hi = _mm256_cvtpd_ps(_mm256_add_pd(p, d));
    __m128 eq = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(lo), _mm_castps_si128(hi)));
    __m256d narrow = _mm256_cmp_pd(d, _mm256_mul_pd(_mm256_set1_pd(POW_W_MAX), c64_abs4(p)), _CMP_LT_OQ);
    *same = _mm_movemask_ps(eq) & _mm256_movemask_pd(narrow);
    return lo;
}

AVX2 static int64_t pow_avx2(const uint32_t *za, const uint32_t *cb, uint32_t *r, int64_t n)
{
    const __m256d zero = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0), one = _mm256_set1_pd(1.0);
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d wxs[C64_BLOCK], wys[C64_BLOCK], dxs[C64_BLOCK], dys[C64_BLOCK], oks[C64_BLOCK];
        __m256d ms[C64_BLOCK], ss[C64_BLOCK], ls[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d x, y;
            ms[g] = load_arg4(za + 2 * (i + 4 * g), &x, &y);
            __m256d s = _mm256_add_pd(_mm256_mul_pd(x, x), _mm256_mul_pd(y, y));
            __m256d ok = _mm256_and_pd(_mm256_and_pd(c64_finite4(x), c64_finite4(y)), _mm256_cmp_pd(s, zero, _CMP_GT_OQ));
            /* the lanes not kept compute on harmless values */
            ss[g] = _mm256_blendv_pd(one, s, ok);
            oks[g] = ok;
        }
        __m256d log_es[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++)
            ss[g] = kern_log_core_ratio4(ss[g], &log_es[g]);
        for (int g = 0; g < C64_BLOCK; g++)
            ls[g] = _mm256_mul_pd(_mm256_set1_pd(0.5), kern_log_from_ratio4(log_es[g], ss[g]));
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d x, y, p, q, l = ls[g];
            c64_load4(za + 2 * (i + 4 * g), &x, &y);
            c64_load4(cb + 2 * (i + 4 * g), &p, &q);
            __m256d ok = _mm256_and_pd(oks[g], _mm256_and_pd(c64_finite4(p), c64_finite4(q)));
            p = _mm256_and_pd(p, ok);
            q = _mm256_and_pd(q, ok);
            __m256d a = _mm256_or_pd(_mm256_and_pd(ms[g], ok), _mm256_and_pd(y, sign));
            __m256d wx = _mm256_sub_pd(_mm256_mul_pd(p, l), _mm256_mul_pd(q, a));
            __m256d wy = _mm256_add_pd(_mm256_mul_pd(p, a), _mm256_mul_pd(q, l));
            ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(wx, _mm256_set1_pd(C64_EXP_X_MIN), _CMP_GE_OQ),
                                                 _mm256_cmp_pd(wx, _mm256_set1_pd(C64_EXP_X_MAX), _CMP_LE_OQ)));
            __m256d ap = c64_abs4(p), aq = c64_abs4(q), aa = c64_abs4(a), l1 = _mm256_add_pd(one, c64_abs4(l));
            const __m256d ka = _mm256_set1_pd(POW_KA), kl = _mm256_set1_pd(POW_KL);
            dxs[g] = _mm256_add_pd(_mm256_mul_pd(_mm256_mul_pd(ka, aq), aa), _mm256_mul_pd(_mm256_mul_pd(kl, ap), l1));
            dys[g] = _mm256_add_pd(_mm256_mul_pd(_mm256_mul_pd(ka, ap), aa), _mm256_mul_pd(_mm256_mul_pd(kl, aq), l1));
            wxs[g] = _mm256_and_pd(wx, ok);
            wys[g] = wy;
            oks[g] = ok;
        }
        __m256d sns[C64_BLOCK], css[C64_BLOCK], es[C64_BLOCK], rs[C64_BLOCK], jds[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++)
            es[g] = c64_exp_core4(wxs[g]);
        for (int g = 0; g < C64_BLOCK; g++)
            oks[g] = _mm256_and_pd(oks[g], c64_sincos_reduce4(wys[g], &rs[g], &jds[g]));
        for (int g = 0; g < C64_BLOCK; g++)
            c64_sincos_poly4(rs[g], jds[g], &sns[g], &css[g]);
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d p_re = _mm256_mul_pd(es[g], css[g]), p_im = _mm256_mul_pd(es[g], sns[g]);
            __m256d a_re = c64_abs4(p_re), a_im = c64_abs4(p_im);
            __m256d w = _mm256_add_pd(_mm256_set1_pd(POW_W0), dxs[g]), dy = dys[g];
            int same_re, same_im;
            __m128 rr = band_round_d4(p_re, _mm256_fmadd_pd(w, a_re, _mm256_mul_pd(dy, a_im)), &same_re);
            __m128 ri = band_round_d4(p_im, _mm256_fmadd_pd(w, a_im, _mm256_mul_pd(dy, a_re)), &same_im);
            int keep = _mm256_movemask_pd(oks[g]) & same_re & same_im;
            int64_t at = i + 4 * g;
            slow += c64_finish4(r + 2 * at, rr, ri, keep, za + 2 * at, cb + 2 * at, NULL, kern_c64_pow_definition);
        }
    }
    return slow + pow_generic(za + 2 * i, cb + 2 * i, r + 2 * i, n - i);
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ----------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

int64_t kern_c64_cbrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return cbrt_avx2(x, r, n);
#endif
    return cbrt_generic(x, r, n);
}

int64_t kern_c64_pow_on(kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return pow_avx2(a, b, r, n);
#endif
    return pow_generic(a, b, r, n);
}

static kern_mathf32_path best_path(void) { return path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC; }

void kern_c64_cbrt(const uint32_t *x, uint32_t *r, int64_t n) { kern_c64_cbrt_on(best_path(), x, r, n); }

void kern_c64_pow(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    kern_c64_pow_on(best_path(), a, b, r, n);
}
