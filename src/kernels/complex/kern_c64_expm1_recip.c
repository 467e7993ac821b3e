/* Fast complex<f32> exponential_minus_one, logistic and rsqrt
 * (kern_c64_expm1_recip.h).
 *
 * Notation: u = 2^-53; F rounds a binary64 value into f32 (the definition's
 * rounding of a part that is not NaN, and the conversion instruction's);
 * F is monotonic. The band method (kern_mathf32.c): a lane computes p with
 * |g - p| <= w for glibc's binary64 value g of the part; when both ends of
 * [p - w, p + w], rounded to binary64 (which moves them inward by at most
 * u of their magnitude), round to the same f32 value v, F(g) = v. The
 * other lanes take the definition (kern_c64_unary_def).
 *
 * e^x, cos y, sin y come from kern_c64_lanes.h's cores (c64_exp_core within
 * 2^-47 of e^x for x in [-104, 89]; c64_sincos_core within 2^-49 of sin y
 * and cos y for |y| <= 1024 away from the nonzero multiples of pi/2, where
 * |cos y| >= 2^-21, and |sin y| >= 2^-21 or |sin y| >= 0.99 |y|). For
 * such x and y glibc's cexp is
 * (fl(exp(x) cos y), fl(exp(x) sin y)), each part within 2^-51 of its true
 * value, and (exp(x), y) for y = +-0 (kern_c64_div_sqrt_exp.c). The products P =
 * e c and S = e s of the cores are within 2^-46.5 of e^x cos y and e^x sin
 * y, so within 2^-46.4 |P| (|S|) of glibc's parts; no value underflows
 * (|P| >= 2^-171, |S| >= 2^-300).
 *
 * exponential_minus_one: the definition is F(fl(re - 1)), F(fl(im - 0))
 * with (re, im) glibc's cexp. im - 0 is im (a zero keeps its sign), so the
 * imaginary part is cexp's: S's band of 2^-40 |S|, and y itself for y =
 * +-0, as kern_c64_exp does. The real part cancels where e^x cos y is near
 * 1, and the errors of re and P are relative to them, not to re - 1: an
 * absolute band. With q = fl(P - 1) and D = re - 1:
 *   |fl(D) - q| <= u |D| + |re - P| + u |P - 1|
 *              <= 2^-46.4 |P| (1 + u) + 2u |q| (1 + 2u) < 2^-46.3 |P| + 2^-51.9 |q|.
 * The lane takes w = fl(2^-44 |P| + 2^-50 |q|) (the scalings are exact:
 * 2^-44 |P| >= 2^-215 is normal; q is 0 or at least 2^-53 in magnitude);
 * after w's rounding and the ends' inward rounding (u (|q| + w)) the band
 * still reaches beyond 2^-44.1 |P| + 2^-50.2 |q| on both sides. An exact
 * zero difference (re == 1, where the definition gives +0) lies inside
 * the band, whose ends then round to patterns of both signs (or +0 and a
 * positive one): such lanes take the definition, as do those with |q| below about 2^-20 |P|
 * (the band is wider than an f32 ulp of q).
 *
 * logistic: the definition negates z, takes cexp(-z) rounded per part (er,
 * ei), the class-A f32 sums c = 1 + er and d = +0 + ei, and C99 division
 * (1, 0) / (c, d) rounded per part. The lane gets er and ei from the bands
 * of P and S at -z (kern_c64_exp's lanes; for y = +-0 the band gives a
 * zero, and d = +0 either way), then c and d by the f32 additions (IEEE
 * binary32 sums are the class-A operation; the binary64 sum rounded once
 * into f32 is the same value: 53 >= 2 * 24 + 2). A lane whose c is zero or
 * infinite, or d infinite, takes the definition. Otherwise c and d are f32
 * values, c != 0, and d = +0 when zero (+0 + -0 = +0), and the lane does
 * the division's own operations, with no band: libgcc's __divdc3 (its
 * steps and scalings in kern_c64_div_sqrt_exp.c) runs, for |c| < |d|: ratio = c
 * / d, denom = c ratio + d, x = (1 ratio + 0) / denom, y = (0 ratio - 1)
 * / denom; otherwise ratio = d / c, denom = d ratio + c, x = (0 ratio + 1)
 * / denom, y = (0 - 1 ratio) / denom. The products by 1 and 0 are exact,
 * so the numerators are ratio + 0 and -1, or 1 and 0 - ratio (recip_div).
 * Every intermediate is zero or normal binary64 (c, d in [2^-149, 2^128]
 * when nonzero: |ratio| >= 2^-277, products >= 2^-426, quotients within
 * [2^-300, 2^150]), also after the scaling by 2^52 that __divdc3 applies
 * here (the dividend's imaginary part is 0), which therefore changes no
 * rounding. Its other formulas, for |ratio| <= DBL_MIN, run only for d =
 * +0 (ratio = +-0) and give the same bits: x = (1 + d (0 / c)) / c =
 * fl(1 / c) and y = (0 - d (1 / c)) / c = +0 / c, as recip_div's 1 / denom
 * with denom = +0 ratio + c = c and (0 - ratio) / c. No result is NaN or
 * infinite, so the NaN repair does not run. The conversion instruction
 * rounds x and y as the definition does.
 *
 * rsqrt: the definition is C99 division (1, 0) / (C, D) with (C, D)
 * glibc's csqrt in binary64, each quotient part rounded. For z = x + iy
 * finite and not 0, kern_c64_div_sqrt_exp.c's square root lanes compute each
 * part c, d of csqrt within 2^-51 relative of the true part (glibc's C, D
 * within 2^-50), and exactly glibc's value where that part is zero (+0
 * real part for x < 0, y = +-0; imaginary part copysign(0, y) for x > 0,
 * y = +-0); nonzero parts lie in [2^-215, 2^65]. The true quotient is the
 * conjugate of the square root over |z| (|sqrt z|^2 = |z|): the lane takes
 * (c / |z|, -d / |z|) as c inv, (0 - d) inv with inv = fl(1 / hyp), hyp =
 * fl(sqrt(x^2 + y^2)) within 1.5u of |z| (kern_c64_div_sqrt_exp.c), so inv
 * within 2.5u of 1 / |z| and each part within 2^-51 + 3.5u (1 + 2^-50)
 * < 2^-50 of the true one. glibc's: __divdc3 on (C, D), all intermediates normal as above, so
 * each step rounds with relative error u; relative perturbations e of C
 * and D move C / (C^2 + D^2) and -D / (C^2 + D^2) by at most 3.01 e (the
 * denominator is a sum of positive terms), and __divdc3's own steps add at
 * most 5u (ratio u; denom 2u, its two terms of the same sign; the
 * numerators exact; the quotient u): within 3.01 2^-50 + 5u < 2^-48.1 of
 * the true part. So the 2^-40 band around the lane's part holds glibc's.
 * A zero part of the quotient comes from a zero csqrt part and is the same
 * signed zero in both: for c = +0, __divdc3 gives (+0 + 0) / D = +0 / D
 * (its other formulas: (+0 (1 / D) + 0) / D, the same), the lane
 * copysign(0, d); for d = +-0, (0 - +-0) / C = +0 and (0 - d) inv = +0. The
 * band of a zero is that zero.
 *
 * The AVX2 path fuses the cores' polynomial steps (kern_c64_lanes.h) and
 * does every other step unfused, as the portable path does. */
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_expm1_recip.h"

#include <math.h>
#include <string.h>

#include "kernels/math/kern_ops.h"
#include "kernels/complex/kern_c64_lanes.h"
#include "kernels/math/kern_ieee_arith.h"
#include "util/isa.h"
#include "kernels/math/kern_mathconst.h"
#include "kernels/math/kern_recip.h"

/* exponential_minus_one's absolute band (see the head comment) */
#define EXPM1_W_P 0x1p-44
#define EXPM1_W_Q 0x1p-50

/* ---- the definitions -------------------------------------------------------- */

void kern_c64_expm1_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_EXPM1, x, r); }

void kern_c64_logistic_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_LOGISTIC, x, r); }

void kern_c64_rsqrt_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_RSQRT, x, r); }

/* ---- the portable path ------------------------------------------------------ */

static inline bool finite_f32(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; }

/* The f32 pattern v of fl(p - 1) when the absolute band around it rounds
 * to one value; false otherwise. */
static inline bool expm1_band_round(double p, uint32_t *v)
{
    double q = p - 1.0;
    double w = EXPM1_W_P * fabs(p) + EXPM1_W_Q * fabs(q);
    uint32_t lo = f32_to_bits((float)(q - w)), hi = f32_to_bits((float)(q + w));
    *v = lo;
    return lo == hi;
}

/* (1, 0) / (c, d) by __divdc3's operations (see the head comment) */
static inline void recip_div(double c, double d, double *x, double *y)
{
    bool c_smaller = fabs(c) < fabs(d);
    double larger = c_smaller ? d : c, smaller = c_smaller ? c : d;
    double ratio = smaller / larger;
    double denom = smaller * ratio + larger;
    *x = (c_smaller ? ratio + 0.0 : 1.0) / denom;
    *y = (c_smaller ? -1.0 : 0.0 - ratio) / denom;
}

static inline bool expm1_elem(const uint32_t *z, uint32_t *r)
{
    double re, im;
    uint32_t rr, ri;
    if (c64_exp_parts(bits_to_f32(z[0]), bits_to_f32(z[1]), &re, &im) && expm1_band_round(re, &rr) &&
        c64_band_round(im, &ri)) {
        ri = (z[1] & 0x7FFFFFFFu) == 0 ? z[1] : ri;
        r[0] = rr;
        r[1] = ri;
        return true;
    }
    kern_c64_expm1_definition(z, r);
    return false;
}

static inline bool logistic_elem(const uint32_t *z, uint32_t *r)
{
    double re, im;
    uint32_t er, ei;
    if (c64_exp_parts(-(double)bits_to_f32(z[0]), -(double)bits_to_f32(z[1]), &re, &im) &&
        c64_band_round(re, &er) && c64_band_round(im, &ei)) {
        float dr = (float)(1.0 + (double)bits_to_f32(er)), di = (float)(0.0 + (double)bits_to_f32(ei));
        if (dr != 0 && fabsf(dr) < INFINITY && fabsf(di) < INFINITY) {
            double x, y;
            recip_div(dr, di, &x, &y);
            r[0] = f32_to_bits((float)x);
            r[1] = f32_to_bits((float)y);
            return true;
        }
    }
    kern_c64_logistic_definition(z, r);
    return false;
}

static inline bool rsqrt_elem(const uint32_t *z, uint32_t *r)
{
    uint32_t rr, ri;
    if (finite_f32(z[0]) && finite_f32(z[1]) && ((z[0] | z[1]) & 0x7FFFFFFFu) != 0) {
        double x = bits_to_f32(z[0]), y = bits_to_f32(z[1]);
        /* csqrt's parts as kern_c64_div_sqrt_exp.c's square root lanes compute them */
        double hyp = sqrt(x * x + y * y);
        double big = sqrt(0.5 * (hyp + fabs(x)));
        double small = 0.5 * (fabs(y) / big);
        double c = x > 0 ? big : small, d = copysign(x > 0 ? small : big, y), inv = 1.0 / hyp;
        double qr = c == 0 ? copysign(0.0, d) : c * inv, qi = (0.0 - d) * inv;
        if (c64_band_round(qr, &rr) && c64_band_round(qi, &ri)) {
            r[0] = rr;
            r[1] = ri;
            return true;
        }
    }
    kern_c64_rsqrt_definition(z, r);
    return false;
}

typedef enum { FAST_EXPM1, FAST_LOGISTIC, FAST_RSQRT } fast_op;

static int64_t generic(fast_op op, const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++) {
        bool fast = false;
        switch (op) {
        case FAST_EXPM1: fast = expm1_elem(x + 2 * i, r + 2 * i); break;
        case FAST_LOGISTIC: fast = logistic_elem(x + 2 * i, r + 2 * i); break;
        case FAST_RSQRT: fast = rsqrt_elem(x + 2 * i, r + 2 * i); break;
        }
        slow += !fast;
    }
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

C64_AVX2_INLINE __m128 expm1_band_round4(__m256d p, int *same)
{
    __m256d q = _mm256_sub_pd(p, _mm256_set1_pd(1.0));
    __m256d w = _mm256_add_pd(_mm256_mul_pd(c64_abs4(p), _mm256_set1_pd(EXPM1_W_P)),
                              _mm256_mul_pd(c64_abs4(q), _mm256_set1_pd(EXPM1_W_Q)));
    __m128 lo = _mm256_cvtpd_ps(_mm256_sub_pd(q, w)), hi = _mm256_cvtpd_ps(_mm256_add_pd(q, w));
    *same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(lo), _mm_castps_si128(hi))));
    return lo;
}

/* recip_div on four lanes, the branches' operands as blends */
C64_AVX2_INLINE void recip_div4(__m256d c, __m256d d, __m256d *x, __m256d *y)
{
    const __m256d zero = _mm256_setzero_pd();
    __m256d c_smaller = _mm256_cmp_pd(c64_abs4(c), c64_abs4(d), _CMP_LT_OQ);
    __m256d larger = _mm256_blendv_pd(c, d, c_smaller), smaller = _mm256_blendv_pd(d, c, c_smaller);
    __m256d ratio = _mm256_div_pd(smaller, larger);
    __m256d denom = _mm256_add_pd(_mm256_mul_pd(smaller, ratio), larger);
    __m256d x_num = _mm256_blendv_pd(_mm256_set1_pd(1.0), _mm256_add_pd(ratio, zero), c_smaller);
    __m256d y_num = _mm256_blendv_pd(_mm256_sub_pd(zero, ratio), _mm256_set1_pd(-1.0), c_smaller);
    *x = _mm256_div_pd(x_num, denom);
    *y = _mm256_div_pd(y_num, denom);
}

AVX2 static int64_t expm1_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = c64_exp_blocks(z, r, n, expm1_band_round4, kern_c64_expm1_definition, &slow);
    return slow + generic(FAST_EXPM1, z + 2 * i, r + 2 * i, n - i);
}

AVX2 static int64_t logistic_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d pr[C64_BLOCK], pi[C64_BLOCK], okd[C64_BLOCK], y[C64_BLOCK];
        c64_exp_parts_block(z + 2 * i, _mm256_set1_pd(-0.0), pr, pi, okd, y);
        for (int g = 0; g < C64_BLOCK; g++) {
            int same_re, same_im;
            __m128 er = c64_band_round4(pr[g], &same_re);
            __m128 ei = c64_band_round4(pi[g], &same_im);
            __m256d dr = _mm256_cvtps_pd(_mm_add_ps(_mm_set1_ps(1.0f), er));
            __m256d di = _mm256_cvtps_pd(_mm_add_ps(_mm_setzero_ps(), ei));
            int ok = _mm256_movemask_pd(_mm256_and_pd(okd[g], _mm256_and_pd(c64_finite_nonzero4(dr), c64_finite4(di))));
            __m256d qr, qi;
            recip_div4(dr, di, &qr, &qi);
            slow += c64_finish4(r + 2 * i + 8 * g, _mm256_cvtpd_ps(qr), _mm256_cvtpd_ps(qi), ok & same_re & same_im,
                                z + 2 * i + 8 * g, NULL, kern_c64_logistic_definition, NULL);
        }
    }
    return slow + generic(FAST_LOGISTIC, z + 2 * i, r + 2 * i, n - i);
}

AVX2 static int64_t rsqrt_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    const __m256d zero = _mm256_setzero_pd(), half = _mm256_set1_pd(0.5), sign = _mm256_set1_pd(-0.0);
    int64_t slow = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d x, y;
        c64_load4(z + 2 * i, &x, &y);
        __m256d not_both_zero = _mm256_or_pd(_mm256_cmp_pd(x, zero, _CMP_NEQ_OQ), _mm256_cmp_pd(y, zero, _CMP_NEQ_OQ));
        int ok = _mm256_movemask_pd(_mm256_and_pd(_mm256_and_pd(c64_finite4(x), c64_finite4(y)), not_both_zero));
        __m256d hyp = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(x, x), _mm256_mul_pd(y, y)));
        __m256d big = _mm256_sqrt_pd(_mm256_mul_pd(half, _mm256_add_pd(hyp, c64_abs4(x))));
        __m256d small = _mm256_mul_pd(half, _mm256_div_pd(c64_abs4(y), big));
        __m256d positive = _mm256_cmp_pd(x, zero, _CMP_GT_OQ);
        __m256d c = _mm256_blendv_pd(small, big, positive);
        __m256d d = _mm256_or_pd(_mm256_blendv_pd(big, small, positive), _mm256_and_pd(y, sign));
        __m256d inv = _mm256_div_pd(_mm256_set1_pd(1.0), hyp);
        __m256d qr =
            _mm256_blendv_pd(_mm256_mul_pd(c, inv), _mm256_and_pd(d, sign), _mm256_cmp_pd(c, zero, _CMP_EQ_OQ));
        __m256d qi = _mm256_mul_pd(_mm256_sub_pd(zero, d), inv);
        int same_re, same_im;
        __m128 re = c64_band_round4(qr, &same_re);
        __m128 im = c64_band_round4(qi, &same_im);
        slow += c64_finish4(r + 2 * i, re, im, ok & same_re & same_im, z + 2 * i, NULL, kern_c64_rsqrt_definition,
                            NULL);
    }
    return slow + generic(FAST_RSQRT, z + 2 * i, r + 2 * i, n - i);
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ----------------------------------------------------------- */

static int64_t run_on(fast_op op, kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!kern_math_path_runs(path, HAVE_AVX2_PATH))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2) {
        switch (op) {
        case FAST_EXPM1: return expm1_avx2(x, r, n);
        case FAST_LOGISTIC: return logistic_avx2(x, r, n);
        case FAST_RSQRT: return rsqrt_avx2(x, r, n);
        }
    }
#endif
    return generic(op, x, r, n);
}

int64_t kern_c64_expm1_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return run_on(FAST_EXPM1, path, x, r, n);
}

int64_t kern_c64_logistic_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return run_on(FAST_LOGISTIC, path, x, r, n);
}

int64_t kern_c64_rsqrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return run_on(FAST_RSQRT, path, x, r, n);
}

static kern_mathf32_path best_path(void)
{
    return kern_math_path_runs(KMP_AVX2, HAVE_AVX2_PATH) ? KMP_AVX2 : KMP_GENERIC;
}

void kern_c64_expm1(const uint32_t *x, uint32_t *r, int64_t n) { run_on(FAST_EXPM1, best_path(), x, r, n); }

void kern_c64_logistic(const uint32_t *x, uint32_t *r, int64_t n) { run_on(FAST_LOGISTIC, best_path(), x, r, n); }

void kern_c64_rsqrt(const uint32_t *x, uint32_t *r, int64_t n) { run_on(FAST_RSQRT, best_path(), x, r, n); }
