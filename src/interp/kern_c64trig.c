/* Fast complex<f32> sine, cosine, tanh and tan (kern_c64trig.h): the band
 * method of kern_mathf32.c on kern_c64lanes.h's cores.
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
 * |v| > 354; the lanes here have |v| <= 89. ctanh and ctan drop sinhv^2
 * from den when |sinhv| <= |cosix| 2^-52, which changes den by at most
 * 2^-104 of itself. glibc's sin, cos, sinh and cosh are within 4 binary64
 * ulps (< 2^-50 relative), so each part g of glibc's result is within
 * 2^-48.9 (sine, cosine) or 2^-47.5 (tanh, tan: den 2^-48.9, the product
 * 2^-48.9, the quotient one more rounding) of the true part f.
 *
 * The lanes kept here have |u| <= 1024, u not within 2^-20 of a nonzero
 * multiple of pi/2 (c64_sincos_core's domain) and |v| <= 89 (both false for
 * Inf and NaN). Every part is computed by the same formula from:
 *   - s, c = c64_sincos_core(u), within 2^-49 of sin u, cos u, and for
 *     u = +-0 exactly (u, 1) (the core's c is 1 + 0 = 1; its s is replaced
 *     by u, whose sign the core's sum loses);
 *   - e = c64_exp_core(|v|) within 2^-47 (e in [1, 2^128.5]); 1/e within
 *     2^-47 + 2^-53; C = (e + 1/e) / 2, a sum of positives: within 2^-46.9;
 *   - S for |v| >= 1: (e - 1/e) / 2 with v's sign; the difference scales
 *     e's and 1/e's errors by (e + 1/e) / (e - 1/e) = coth|v| <= 1.314:
 *     within 2^-46.5. For |v| < 1: v + v (v^2 P(v^2)), P the Taylor sum
 *     of 1/3! to 1/17! (first omitted term v^19 / 19! < 2^-57 |v|); P's
 *     terms are positive, so its Horner steps (fused or not) leave it
 *     within 15 u (u = 2^-53), the products add 3 u, and v (v^2 P) is at
 *     most 0.149 of S: S within 4 u + 2^-57 < 2^-51. For v = +-0 it is v
 *     exactly (v^2 P = +0, v (+0) = v, v + v = v) and C = 1 (e = 1).
 * Products: sine's and cosine's parts C s, S c, C c, S s within 2^-46.5 +
 * 2^-49 + u < 2^-46.2. tanh and tan: D = S^2 + c^2 within 2 2^-46.5 + 2 u
 * (a sum of positives: the larger relative error plus a rounding);
 * q = 1/D one more u; S C q within 2^-46.5 + 2^-46.9 + 2^-45.5 + 3 u and
 * s c q within 2^-48 + 2^-45.5 + 3 u, both < 2^-44.4. So |p - f| <=
 * 2^-44.4 |f| for each part p, |g - f| <= 2^-47.5 |f|, and g lies within
 * 2^-44 |p| of p, inside the band [p (1 - 2^-40), p (1 + 2^-40)] with a
 * wide margin (its rounded ends narrow it by 2^-53 |p|). Where both ends
 * round to one f32 value, g does too (the rounding is monotonic; the
 * overflow to Inf of large sine and cosine parts included), and the lane
 * keeps it.
 *
 * Range: every value above is zero or a normal binary64 number: |s|, |c|,
 * |S| >= 2^-150 (f32's least is 2^-149; near a nonzero multiple of pi/2,
 * |r| >= 2^-20), C, D <= 2^257, so the quotients are >= 2^-430, and
 * S^2 <= 2^256. Relative bounds hold throughout.
 *
 * Zero parts stay on the fast path: with u = +-0 or v = +-0 the cores give
 * glibc's exact values (u, 1) or (v, 1), and each part is then a product
 * of exact values, or a rounded value times an exact zero, whose sign
 * follows IEEE's rules in both (c has cos u's sign, S sinh v's, both
 * nonzero); a zero part p is its own band. The other lanes (|v| > 89,
 * |u| > 1024, u near a multiple of pi/2, Inf, NaN, a band straddling a
 * rounding boundary: about 2^-13 of ordinary operands) take the
 * definition. The AVX2 path fuses the Horner steps (inside the bounds); the
 * portable path rounds every operation. */
#include "interp/kern_c64trig.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#include "interp/kern_c64lanes.h"
#include "interp/kern_fscalar.h"
#include "interp/kern_isa.h"

#define V_MAX 89.0        /* |v| above: the definition */
#define SINH_POLY_MAX 1.0 /* |v| below: sinh by its Taylor polynomial */
/* 1/n! for the odd n of sinh's Taylor series, rounded */
#define SH3 0x1.5555555555555p-3
#define SH5 0x1.1111111111111p-7
#define SH7 0x1.a01a01a01a01ap-13
#define SH9 0x1.71de3a556c734p-19
#define SH11 0x1.ae64567f544e4p-26
#define SH13 0x1.6124613a86d09p-33
#define SH15 0x1.ae7f3e733b81fp-41
#define SH17 0x1.952c77030ad4ap-49

typedef enum { TRIG_SIN, TRIG_COS, TRIG_TANH, TRIG_TAN } trig_op;

/* ---- the definitions -------------------------------------------------------- */

static void classb(double _Complex (*fn)(double _Complex), const uint32_t *x, uint32_t *r)
{
    double p[2] = { bits_to_f32(x[0]), bits_to_f32(x[1]) }, q[2];
    double _Complex z;
    memcpy(&z, p, sizeof z);
    z = fn(z);
    memcpy(q, &z, sizeof q);
    r[0] = kern_f32_round_classb(q[0]);
    r[1] = kern_f32_round_classb(q[1]);
}

void kern_c64_sin_definition(const uint32_t *x, uint32_t *r) { classb(csin, x, r); }
void kern_c64_cos_definition(const uint32_t *x, uint32_t *r) { classb(ccos, x, r); }
void kern_c64_tanh_definition(const uint32_t *x, uint32_t *r) { classb(ctanh, x, r); }
void kern_c64_tan_definition(const uint32_t *x, uint32_t *r) { classb(ctan, x, r); }

static void trig_definition(trig_op op, const uint32_t *x, uint32_t *r)
{
    switch (op) {
    case TRIG_SIN: kern_c64_sin_definition(x, r); return;
    case TRIG_COS: kern_c64_cos_definition(x, r); return;
    case TRIG_TANH: kern_c64_tanh_definition(x, r); return;
    case TRIG_TAN: kern_c64_tan_definition(x, r); return;
    }
}

/* ---- the portable path ------------------------------------------------------ */

/* S and C of the head comment, for |v| <= V_MAX */
static inline void sinhcosh_core(double v, double *sh, double *ch)
{
    double av = fabs(v);
    double e = c64_exp_core(av), ie = 1.0 / e;
    *ch = 0.5 * (e + ie);
    if (av < SINH_POLY_MAX) {
        double v2 = v * v;
        double p = SH17;
        p = p * v2 + SH15;
        p = p * v2 + SH13;
        p = p * v2 + SH11;
        p = p * v2 + SH9;
        p = p * v2 + SH7;
        p = p * v2 + SH5;
        p = p * v2 + SH3;
        *sh = v + v * (v2 * p);
    } else {
        *sh = copysign(0.5 * (e - ie), v);
    }
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
    double s, c, sh, ch, re, im;
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
    trig_definition(op, z, r);
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
    const __m256d half = _mm256_set1_pd(0.5), sign = _mm256_set1_pd(-0.0);
    __m256d av = c64_abs4(v);
    __m256d e = c64_exp_core4(av), ie = _mm256_div_pd(_mm256_set1_pd(1.0), e);
    *ch = _mm256_mul_pd(half, _mm256_add_pd(e, ie));
    __m256d v2 = _mm256_mul_pd(v, v);
    __m256d p = _mm256_set1_pd(SH17);
    p = c64_horner4(p, v2, SH15);
    p = c64_horner4(p, v2, SH13);
    p = c64_horner4(p, v2, SH11);
    p = c64_horner4(p, v2, SH9);
    p = c64_horner4(p, v2, SH7);
    p = c64_horner4(p, v2, SH5);
    p = c64_horner4(p, v2, SH3);
    __m256d small = _mm256_add_pd(v, _mm256_mul_pd(v, _mm256_mul_pd(v2, p)));
    __m256d big = _mm256_or_pd(_mm256_mul_pd(half, _mm256_sub_pd(e, ie)), _mm256_and_pd(v, sign));
    *sh = _mm256_blendv_pd(big, small, _mm256_cmp_pd(av, _mm256_set1_pd(SINH_POLY_MAX), _CMP_LT_OQ));
}

/* Lanes whose mask bit is clear take the definition, from the operands
 * (the results are not stored yet, so r may be x). */
C64_AVX2_INLINE int64_t finish4(trig_op op, uint32_t *r, __m128 re, __m128 im, int keep, const uint32_t *x)
{
    if (keep == 15) {
        c64_store4(r, re, im);
        return 0;
    }
    uint32_t out[8];
    c64_store4(out, re, im);
    int64_t slow = 0;
    for (int j = 0; j < 4; j++)
        if (!(keep >> j & 1)) {
            trig_definition(op, x + 2 * j, out + 2 * j);
            slow++;
        }
    memcpy(r, out, sizeof out);
    return slow;
}

/* trig_elem's approximation on four lanes: the parts rounded into f32, and
 * the mask bits of the lanes kept */
C64_AVX2_INLINE int trig_lanes4(trig_op op, const uint32_t *z, __m128 *fre, __m128 *fim)
{
    const __m256d zero = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0);
    __m256d x, y;
    c64_load4(z, &x, &y);
    __m256d u = op == TRIG_TANH ? y : x;
    __m256d v = op == TRIG_TANH ? x : op == TRIG_COS ? _mm256_xor_pd(y, sign) : y;
    __m256d s, c, sh, ch, re, im;
    __m256d ok = c64_sincos_core4(u, &s, &c);
    if (op == TRIG_TANH || op == TRIG_TAN) {
        ok = _mm256_and_pd(ok, c64_finite4(v));
        v = _mm256_or_pd(_mm256_min_pd(c64_abs4(v), _mm256_set1_pd(V_MAX)), _mm256_and_pd(v, sign));
    } else {
        ok = _mm256_and_pd(ok, _mm256_cmp_pd(c64_abs4(v), _mm256_set1_pd(V_MAX), _CMP_LE_OQ));
    }
    s = _mm256_blendv_pd(s, u, _mm256_cmp_pd(u, zero, _CMP_EQ_OQ));
    sinhcosh_core4(v, &sh, &ch);
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
    *fre = c64_band_round4(re, &same_re);
    *fim = c64_band_round4(im, &same_im);
    return _mm256_movemask_pd(ok) & same_re & same_im;
}

/* Eight lanes at a time (two independent groups, whose long dependency
 * chains then overlap), four, then the tail on the portable path. Both
 * groups are computed before either is stored, so r may be z. */
C64_AVX2_INLINE int64_t trig_avx2(trig_op op, const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128 re0, im0, re1, im1;
        int keep0 = trig_lanes4(op, z + 2 * i, &re0, &im0), keep1 = trig_lanes4(op, z + 2 * i + 8, &re1, &im1);
        slow += finish4(op, r + 2 * i, re0, im0, keep0, z + 2 * i);
        slow += finish4(op, r + 2 * i + 8, re1, im1, keep1, z + 2 * i + 8);
    }
    for (; i + 4 <= n; i += 4) {
        __m128 re, im;
        int keep = trig_lanes4(op, z + 2 * i, &re, &im);
        slow += finish4(op, r + 2 * i, re, im, keep, z + 2 * i);
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
