/* Fast complex<f32> log and log_plus_one (kern_c64_log.h): the band method
 * of kern_mathf32.c, one part at a time.
 *
 * The definition. For z = x + iy with x and y finite and not both zero,
 * glibc's clog (2.36, s_clog_template.c) returns (R, atan2(y, x)), the
 * imaginary part its own binary64 atan2 of the parts, so the imaginary
 * part is kept exactly as kern_atan2f32.c keeps an f32 atan2: its core
 * (kern_atan2core.h) is within 2^-47 of |atan2(y, x)|, glibc's within
 * 2^-51, and the 2^-40 band around the core's value rounds to one f32
 * value or the lane takes the definition; y's sign bit goes onto it.
 * R approximates f = log|z|. With a = max(|x|, |y|)
 * and b the other (glibc's scalings never run: a <= 2^128 is far below
 * DBL_MAX / 2, and a, b >= 2^-149 unless zero), glibc takes:
 *   a = 1: log1p(b^2) / 2, b^2 exact;
 *   1 < a < 2, b < 1: log1p(d) / 2 with d = (a - 1)(a + 1) (+ b^2 when b
 *     >= 2^-52): positive terms, a few roundings; the dropped b^2 < 2^-104
 *     is below 2^-81 of d >= 2^-22 (a >= 1 + 2^-23);
 *   1/2 <= a < 1, b < 2^-53: log1p((a - 1)(a + 1)) / 2, the dropped b^2
 *     below 2^-81 of |d| >= 2^-24;
 *   1/2 <= a < 1, a^2 + b^2 >= 1/2 (rounded): log1p(d) / 2 with d =
 *     __x2y2m1(a, b), a^2 + b^2 - 1 from exact products and compensated
 *     sums (within an ulp or two);
 *   otherwise log(hypot(a, b)), where |z| >= sqrt(2) or |z| <= sqrt(1/2)
 *     (up to that last test's rounding), so |f| >= 0.3465 and hypot's ulp
 *     moves R by at most 2^-50.4 |f|.
 * log1p's relative sensitivity to its operand d, |d / ((1 + d) log1p(d))|,
 * is at most 2.2 on d in [-3/4, 3], which covers every branch; with glibc's
 * log, log1p and hypot within 2 ulps, |R - f| < 2^-48 |f|. (f = 0 only at
 * |z| = 1 exactly, which for values on a binary grid means one part zero
 * and the other +-1: R = +0 there.)
 *
 * The approximation p of f. x^2 and y^2 are exact in binary64 (48-bit
 * products, exponents within [-298, 256]). With B the larger, S the
 * smaller, h = B + S and l = S - (h - B) (Fast2Sum, B >= S >= 0): h + l = s
 * = |z|^2 exactly. h = 2^e m with m in [sqrt(1/2), sqrt(2)) (kern_logparts.h),
 * e in [-298, 257]; l 2^-e is exact (a power-of-two scaling of a multiple
 * of 2^-350 into the normal range) and so is m - 1 (Sterbenz), so f' = (m -
 * 1) + l 2^-e rounds once: it is s 2^-e - 1 within 2^-53 relatively, however
 * much the sum cancels near |z| = 1 (f' = 0 only when s = 1, and then p =
 * +0, glibc's value). |l 2^-e| <= 2^-53 moves f' outside kern_log_parts's
 * interval [sqrt(1/2) - 1, sqrt(2) - 1) by at most that, inside its
 * polynomial's range (t <= 0.02944 < 0.0295). The relative sensitivity of
 * log(1 + f') to f' is at most 1.2 there, so f''s rounding costs log(m)
 * 2^-52.7; kern_log_parts's log(1 + f') is within 2^-50 and its sum with
 * e ln2 grows the errors at most threefold (kern_mathf32.c's log): |p - f|
 * < 2^-47.5 |f| with p = kern_log_parts(e, f') / 2 (the halving exact).
 * Its term s t R can underflow only when |f'| < 2^-300, which needs e != 0
 * and then |p| >= 0.17 dwarfs it. So |p - R| < 2^-46.8 |p| and R lies in
 * the 2^-40 band around p (narrowed by its ends' roundings by 2^-53 |p| at
 * most): when both ends round to one f32 value, R rounds to it. The lanes
 * with an Inf or NaN part, with both parts zero, or whose band holds a
 * rounding boundary (about 2^-15 of ordinary operands) take the
 * definition.
 *
 * log_plus_one (SPEC.md 9.5.1) is clog of the binary64 parts X = x + 1
 * (rounded) and Y = y + 0 (an f32 value; -0 becomes +0), the same steps
 * with X in place of an f32 value:
 *   glibc: the branches above with a or b binary64 (X = 0 or |X| >=
 *   2^-24, as x + 1 is exact for x near -1): a > 1 means a >= 1 + 2^-52,
 *   so the dropped b^2 < 2^-104 stays below 2^-53 of d >= 2^-51; a < 1
 *   means a <= 1 - 2^-53, b^2 < 2^-106 below 2^-53.5 of |d| >= 2^-52.4
 *   (sensitivity 2.2): still |R - f| < 2^-48 |f|.
 *   Real part: X^2 = P + E with P = fl(X^2) and E exact (Dekker's product
 *   on Veltkamp's halves of X, an FMA on AVX2; no overflow or underflow
 *   for |X| in [2^-24, 2^128 + 1]); Y^2 is exact. l = (S - (h - B)) + E
 *   rounds once (both terms at most half an ulp of h): m_lo = l 2^-e
 *   carries 2^-53 of itself (scaled exactly: |l| >= 2^-607 unless zero),
 *   which reaches f' without bound when the sum cancels. A lane is kept
 *   only when |m_lo| <= GUARD |f'| (8): then f' is within 2^-53 + 8 2^-53
 *   (1 + 2^-50) < 2^-49.8 of s 2^-e - 1 relatively, log(1 + f') within 1.2
 *   2^-49.8 + 2^-50 < 2^-48.9, and |p - f| < 2^-47.2 |f| (the threefold
 *   growth for e != 0, as above): |p - R| < 2^-46.5 |p|, inside the band.
 *   For log the test always holds: E = 0, m - 1 is a multiple of ulp(m)
 *   and |m_lo| at most half an ulp of m, so |m_lo| <= |f'| (f' = m_lo when
 *   m = 1). The same code runs both, with E = 0 for log.
 *   Imaginary part: glibc's atan2(Y, X). In kern_atan2_reduced lo - hi and
 *   lo + hi now round too, so u carries three roundings instead of one:
 *   2^-52 more in atan(u), and the core stays within 2^-47.3 (kern_atan2f32.c's
 *   budget 2^-47.5 + 2^-51.4 + 2^-53 + 2^-53, plus 2^-52). Y's sign bit
 *   goes onto it.
 * The lanes with an Inf or NaN part, with X = Y = 0 (x = -1, y = +-0),
 * failing the guard or whose bands hold a rounding boundary take the
 * definition.
 *
 * Two paths compute p: portable C and AVX2 (kern_log_parts4's and
 * kern_atan2_mag4_pd's fused steps, inside the same bounds). Their p differ
 * in the last bits, but each result is glibc's rounded or the definition,
 * so both give the same bits. A lane's definition runs before anything of
 * its group is stored, so that r may be the operand. */
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_log.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#include "kernels/math/kern_atan2core.h"
#include "kernels/complex/kern_c64_lanes.h"
#include "kernels/math/kern_logparts.h"
#include "kernels/math/kern_recip.h"

/* log_abs keeps a lane when |l 2^-e| <= GUARD |f'| (see the head comment) */
#define GUARD 8.0

void kern_c64_log_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_LOG, x, r); }

void kern_c64_log_plus_one_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_LOG1P, x, r); }

/* ---- the portable path ------------------------------------------------------ */

static inline bool finite_f32(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; }

/* log|z| for |z|^2 = xx + xx_lo + yy exactly, xx, yy >= 0 and not both
 * zero, xx_lo at most half an ulp of xx; false when the rounding of l
 * (which holds xx_lo) may cost f' its relative accuracy (see the head
 * comment) */
static inline bool log_abs(double xx, double xx_lo, double yy, double *v)
{
    double big = xx > yy ? xx : yy, small = xx > yy ? yy : xx;
    double h = big + small;
    double l = (small - (h - big)) + xx_lo;
    uint64_t u = f64_to_bits(h);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    double m_lo = l * bits_to_f64((2047 - eb) << 52);
    double f = (m - 1.0) + m_lo;
    *v = 0.5 * kern_log_parts(kern_log_exponent_value(eb), f);
    return fabs(m_lo) <= GUARD * fabs(f);
}

/* x * x - fl(x * x) exactly (Dekker's product on Veltkamp's halves of x) */
static inline double square_err(double x, double p)
{
    double c = 0x1.0000002p27 * x;
    double hi = c - (c - x), lo = x - hi;
    return ((hi * hi - p) + 2.0 * hi * lo) + lo * lo;
}

/* |atan2(y, x)| for binary64 y and x, finite and not both zero */
static inline double atan2_mag_f64(double y, double x)
{
    double a = fabs(y), b = fabs(x);
    bool swap = a > b;
    return kern_atan2_reduced(swap ? b : a, swap ? a : b, -(uint32_t)swap, (uint32_t)(f64_to_bits(x) >> 63));
}

/* One element of log; false: it took the definition. */
static inline bool log_elem(const uint32_t *z, uint32_t *r)
{
    uint32_t xb = z[0], yb = z[1], re, im;
    double v;
    if (finite_f32(xb) && finite_f32(yb) && ((xb | yb) & 0x7FFFFFFFu) != 0) {
        double x = bits_to_f32(xb), y = bits_to_f32(yb);
        if (log_abs(x * x, 0.0, y * y, &v) && c64_band_round(v, &re) &&
            c64_band_round(kern_atan2_mag(yb, xb), &im)) {
            r[0] = re;
            r[1] = im | (yb & 0x80000000u);
            return true;
        }
    }
    kern_c64_log_definition(z, r);
    return false;
}

/* One element of log_plus_one: clog of (x + 1, y + 0) in binary64. */
static inline bool log_plus_one_elem(const uint32_t *z, uint32_t *r)
{
    uint32_t re, im;
    double v;
    if (finite_f32(z[0]) && finite_f32(z[1])) {
        double x = (double)bits_to_f32(z[0]) + 1.0, y = (double)bits_to_f32(z[1]) + 0.0;
        double xx = x * x;
        if ((x != 0 || y != 0) && log_abs(xx, square_err(x, xx), y * y, &v) && c64_band_round(v, &re) &&
            c64_band_round(atan2_mag_f64(y, x), &im)) {
            r[0] = re;
            r[1] = im | (uint32_t)(f64_to_bits(y) >> 32 & 0x80000000u);
            return true;
        }
    }
    kern_c64_log_plus_one_definition(z, r);
    return false;
}

static int64_t run_generic(bool plus_one, const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !(plus_one ? log_plus_one_elem : log_elem)(x + 2 * i, r + 2 * i);
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#define AVX2 __attribute__((target("avx2,fma")))

/* log_abs on four lanes up to log_parts: 2^e (1 + f) = |z|^2, and *ok the
 * lanes where the value will hold */
C64_AVX2_INLINE __m256d log_abs_split4(__m256d xx, __m256d xx_lo, __m256d yy, __m256d *e, __m256d *ok)
{
    __m256d big = _mm256_max_pd(xx, yy), small = _mm256_min_pd(xx, yy);
    __m256d h = _mm256_add_pd(big, small);
    __m256d l = _mm256_add_pd(_mm256_sub_pd(small, _mm256_sub_pd(h, big)), xx_lo);
    __m256i eb;
    __m256d m = kern_log_split4(_mm256_castpd_si256(h), &eb, e);
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(2047), eb), 52));
    __m256d m_lo = _mm256_mul_pd(l, scale);
    __m256d f = _mm256_add_pd(_mm256_sub_pd(m, _mm256_set1_pd(1.0)), m_lo);
    *ok = _mm256_cmp_pd(c64_abs4(m_lo), _mm256_mul_pd(_mm256_set1_pd(GUARD), c64_abs4(f)), _CMP_LE_OQ);
    return f;
}

/* clog(x + iy) for C64_BLOCK groups whose |z|^2 = xx + xx_lo + yy: x and y
 * of log (plus_one false) or log_plus_one from the elements at z */
C64_AVX2_INLINE int64_t clog_block(bool plus_one, const uint32_t *z, uint32_t *r)
{
    __m256d xs[C64_BLOCK], ys[C64_BLOCK], res[C64_BLOCK], oks[C64_BLOCK], ims[C64_BLOCK], es[C64_BLOCK];
    for (int g = 0; g < C64_BLOCK; g++) {
        __m256d a, b, x, y, xx_lo = _mm256_setzero_pd();
        c64_load4(z + 8 * g, &a, &b);
        __m256d finite = _mm256_and_pd(c64_finite4(a), c64_finite4(b));
        if (plus_one) {
            x = _mm256_add_pd(a, _mm256_set1_pd(1.0));
            y = _mm256_add_pd(b, _mm256_setzero_pd());
            xx_lo = _mm256_fmsub_pd(x, x, _mm256_mul_pd(x, x));
        } else {
            x = a;
            y = b;
        }
        __m256d nonzero = _mm256_or_pd(_mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_NEQ_OQ),
                                       _mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_NEQ_OQ));
        __m256d ok;
        res[g] = log_abs_split4(_mm256_mul_pd(x, x), xx_lo, _mm256_mul_pd(y, y), &es[g], &ok);
        oks[g] = _mm256_and_pd(_mm256_and_pd(finite, nonzero), ok);
        xs[g] = x;
        ys[g] = y;
    }
    /* f, then s = f / (2 + f), then log|z| = log(2^e (1 + f)) / 2 */
    for (int g = 0; g < C64_BLOCK; g++)
        res[g] = kern_log_ratio4(res[g]);
    for (int g = 0; g < C64_BLOCK; g++)
        res[g] = _mm256_mul_pd(_mm256_set1_pd(0.5), kern_log_from_ratio4(es[g], res[g]));
    for (int g = 0; g < C64_BLOCK; g++)
        ims[g] = kern_atan2_mag4_pd(ys[g], xs[g]);
    int64_t slow = 0;
    for (int g = 0; g < C64_BLOCK; g++) {
        int same_re, same_im;
        __m128 re = c64_band_round4(res[g], &same_re);
        __m128 im = c64_band_round4(ims[g], &same_im);
        im = _mm_or_ps(im, _mm_and_ps(_mm256_cvtpd_ps(ys[g]), _mm_set1_ps(-0.0f)));
        int kept = _mm256_movemask_pd(oks[g]) & same_re & same_im;
        slow += c64_finish4(r + 8 * g, re, im, kept, z + 8 * g, NULL,
                            plus_one ? kern_c64_log_plus_one_definition : kern_c64_log_definition, NULL);
    }
    return slow;
}

AVX2 static int64_t log_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK)
        slow += clog_block(false, z + 2 * i, r + 2 * i);
    return slow + run_generic(false, z + 2 * i, r + 2 * i, n - i);
}

AVX2 static int64_t log_plus_one_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK)
        slow += clog_block(true, z + 2 * i, r + 2 * i);
    return slow + run_generic(true, z + 2 * i, r + 2 * i, n - i);
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ----------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

static int64_t run(bool plus_one, kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return (plus_one ? log_plus_one_avx2 : log_avx2)(x, r, n);
#endif
    return run_generic(plus_one, x, r, n);
}

int64_t kern_c64_log_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return run(false, path, x, r, n);
}

int64_t kern_c64_log_plus_one_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    return run(true, path, x, r, n);
}

static kern_mathf32_path best_path(void) { return path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC; }

void kern_c64_log(const uint32_t *x, uint32_t *r, int64_t n) { kern_c64_log_on(best_path(), x, r, n); }

void kern_c64_log_plus_one(const uint32_t *x, uint32_t *r, int64_t n)
{
    kern_c64_log_plus_one_on(best_path(), x, r, n);
}
