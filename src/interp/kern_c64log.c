/* Fast complex<f32> log (kern_c64log.h): the band method of kern_mathf32.c,
 * one part at a time.
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
 * Two paths compute p: portable C and AVX2 (kern_log_parts4's and
 * kern_atan2_mag4_pd's fused steps, inside the same bounds). Their p differ
 * in the last bits, but each result is glibc's rounded or the definition,
 * so both give the same bits. A lane's definition runs before anything of
 * its group is stored, so that r may be the operand. */
#include "interp/kern_c64log.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#include "interp/kern_atan2core.h"
#include "interp/kern_c64lanes.h"
#include "interp/kern_logparts.h"

void kern_c64_log_definition(const uint32_t *x, uint32_t *r)
{
    double p[2] = { bits_to_f32(x[0]), bits_to_f32(x[1]) }, q[2];
    double _Complex z;
    memcpy(&z, p, sizeof z);
    z = clog(z);
    memcpy(q, &z, sizeof q);
    r[0] = kern_f32_round_classb(q[0]);
    r[1] = kern_f32_round_classb(q[1]);
}

/* ---- the portable path ------------------------------------------------------ */

static inline bool finite_f32(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; }

/* log|z| for |z|^2 = xx + yy exactly, xx, yy >= 0 and not both zero (see
 * the head comment) */
static inline double log_abs(double xx, double yy)
{
    double big = xx > yy ? xx : yy, small = xx > yy ? yy : xx;
    double h = big + small;
    double l = small - (h - big);
    uint64_t u = f64_to_bits(h);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    double f = (m - 1.0) + l * bits_to_f64((2047 - eb) << 52);
    return 0.5 * kern_log_parts(kern_log_exponent_value(eb), f);
}

/* One element; false: it took the definition. */
static inline bool log_elem(const uint32_t *z, uint32_t *r)
{
    uint32_t xb = z[0], yb = z[1], re, im;
    if (finite_f32(xb) && finite_f32(yb) && ((xb | yb) & 0x7FFFFFFFu) != 0) {
        double x = bits_to_f32(xb), y = bits_to_f32(yb);
        if (c64_band_round(log_abs(x * x, y * y), &re) && c64_band_round(kern_atan2_mag(yb, xb), &im)) {
            r[0] = re;
            r[1] = im | (yb & 0x80000000u);
            return true;
        }
    }
    kern_c64_log_definition(z, r);
    return false;
}

static int64_t log_generic(const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !log_elem(x + 2 * i, r + 2 * i);
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#define AVX2 __attribute__((target("avx2,fma")))

/* log_abs on four lanes */
C64_AVX2_INLINE __m256d log_abs4(__m256d xx, __m256d yy)
{
    __m256d big = _mm256_max_pd(xx, yy), small = _mm256_min_pd(xx, yy);
    __m256d h = _mm256_add_pd(big, small);
    __m256d l = _mm256_sub_pd(small, _mm256_sub_pd(h, big));
    __m256i eb;
    __m256d e, m = kern_log_split4(_mm256_castpd_si256(h), &eb, &e);
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(2047), eb), 52));
    __m256d f = _mm256_fmadd_pd(l, scale, _mm256_sub_pd(m, _mm256_set1_pd(1.0)));
    return _mm256_mul_pd(_mm256_set1_pd(0.5), kern_log_parts4(e, f));
}

/* Four elements from z into r (which may be z): the lanes not in keep take
 * the definition, before anything is stored. */
C64_AVX2_INLINE int64_t finish4(const uint32_t *z, uint32_t *r, __m128 re, __m128 im, int keep)
{
    if (keep == 15) {
        c64_store4(r, re, im);
        return 0;
    }
    uint32_t out[8];
    c64_store4(out, re, im);
    int64_t slow = 0;
    for (int j = 0; j < 4; j++) {
        if (!(keep >> j & 1)) {
            kern_c64_log_definition(z + 2 * j, out + 2 * j);
            slow++;
        }
    }
    memcpy(r, out, sizeof out);
    return slow;
}

AVX2 static int64_t log_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d x, y;
        c64_load4(z + 2 * i, &x, &y);
        __m256d nonzero = _mm256_or_pd(_mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_NEQ_OQ),
                                       _mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_NEQ_OQ));
        __m256d ok = _mm256_and_pd(_mm256_and_pd(c64_finite4(x), c64_finite4(y)), nonzero);
        int same_re, same_im;
        __m128 re = c64_band_round4(log_abs4(_mm256_mul_pd(x, x), _mm256_mul_pd(y, y)), &same_re);
        __m128 im = c64_band_round4(kern_atan2_mag4_pd(y, x), &same_im);
        im = _mm_or_ps(im, _mm_and_ps(_mm256_cvtpd_ps(y), _mm_set1_ps(-0.0f)));
        slow += finish4(z + 2 * i, r + 2 * i, re, im, _mm256_movemask_pd(ok) & same_re & same_im);
    }
    return slow + log_generic(z + 2 * i, r + 2 * i, n - i);
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ----------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

int64_t kern_c64_log_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return log_avx2(x, r, n);
#endif
    return log_generic(x, r, n);
}

void kern_c64_log(const uint32_t *x, uint32_t *r, int64_t n)
{
    kern_c64_log_on(path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC, x, r, n);
}
