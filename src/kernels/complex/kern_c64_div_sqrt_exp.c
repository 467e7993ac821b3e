/* Fast complex<f32> division, square root and exponential
 * (kern_c64_div_sqrt_exp.h).
 *
 * Division: the same operations as the definition. The definition is C99
 * division on the parts converted to binary64, which GCC and Clang compile
 * to a call of libgcc's __divdc3 (a + ib) / (c + id), then each part
 * rounded into f32. __divdc3 (both the plain Smith division of older GCC
 * and the scaled one since GCC 12) runs, for |c| < |d|:
 *     ratio = c / d; denom = c * ratio + d;
 *     x = (a * ratio + b) / denom; y = (b * ratio - a) / denom;
 * and otherwise (ties |c| == |d| included):
 *     ratio = d / c; denom = d * ratio + c;
 *     x = (b * ratio + a) / denom; y = (b - a * ratio) / denom;
 * The scaled version first multiplies a, b, c, d by the same power of two:
 * by 1/2 when max(|c|, |d|) >= DBL_MAX / 2, by 2^52 when it is below 2^-52
 * or when a or b is below DBL_MIN (i.e. zero, for converted f32 values)
 * and the others are below DBL_MAX / 2 * 2^-52. It then takes other
 * formulas (a / d first) when |ratio| <= DBL_MIN, and repairs NaN results
 * (Annex G) afterwards. A lane is kept here when a and b are finite and c
 * and d finite and nonzero (f32 values: at most 2^128, nonzero ones at
 * least 2^-149 in magnitude). Then:
 *   - the 1/2 scaling never happens (2^128 < DBL_MAX / 2), the 2^52 one
 *     may; in both cases let s be the scale, s = 1 without it;
 *   - |ratio| lies in [2^-277, 1] (the smaller divisor part over the
 *     larger), so it is above DBL_MIN and the formulas above run;
 *   - every intermediate is zero or of magnitude within [2^-700, 2^700]
 *     times s: the products (at least 2^-426 s), the sums (a nonzero sum
 *     of two binary64 values is at least an ulp of the smaller nonzero
 *     one, 2^-478 s; denom at least the larger divisor part), the
 *     quotients (numerator at most 2^130 s over denom at least 2^-149 s,
 *     at least 2^-478 s over 2^130 s). With s <= 2^52 all of it is normal
 *     binary64, where multiplying the operands by a power of two scales
 *     every rounded result by it exactly: the scaling changes no bit of x
 *     or y, whose ratios cancel s;
 *   - x and y are finite, so the NaN repair does not run.
 * So x and y are the formulas' values without any scaling, computed below
 * in the same order with the same roundings (the library is built with
 * -ffp-contract=off, so no multiply-add is fused), and rounded into f32 by
 * the conversion instruction as the definition does. Zeros in a or b keep
 * their signs through every step of both. Other lanes (a zero, Inf or NaN
 * divisor part, an Inf or NaN dividend part) take the definition. The
 * portable path selects between the two branches' operands lane by lane
 * and does the same operations, so it gives the same bits as AVX2.
 *
 * Square root: the band method of kern_mathf32.c. For x + iy with x, y
 * finite and nonzero, glibc's csqrt computes (no scaling for f32-range
 * parts) d = hypot(x, y), big = sqrt(0.5 (d + |x|)) and small = 0.5 (|y| /
 * big): for x > 0 the result is (big, copysign(small, y)), otherwise
 * (small, copysign(big, y)). With one zero part it returns (sqrt(x),
 * copysign(0, y)) for x > 0, (0, copysign(sqrt(-x), y)) for x < 0, and
 * (r, copysign(r, y)) with r = sqrt(0.5 |y|) for x = +-0: the same steps
 * below give these values or (small for r) within 2 ulps of them, so the
 * lanes below keep one zero part too (both zero: the definition). Nothing cancels: hypot is within an ulp and
 * each step adds at most an ulp, so each part is within 5 binary64 ulps,
 * |g - f| < 2^-50 |f| with f the true part. Each lane here does the same
 * steps with d = sqrt(x^2 + y^2): the squares of f32 values are exact in
 * binary64 (48-bit products, exponents within [-298, 256]), the sum rounds
 * once and the square root halves that error: |d - h| <= 1.5 u h with
 * u = 2^-53; d + |x| adds u (both positive), big's square root halves the
 * total and adds u: 2.25 u; small: 3.25 u. No step underflows (every
 * value is at least 2^-214). So the approximation p of each part's
 * magnitude is within 2^-51 |f|, and g within the band [p (1 - 2^-40),
 * p (1 + 2^-40)] (its rounded ends narrow it by 2^-53 |p| at most). When
 * both ends round to the same f32 value v, so does g (rounding is
 * monotonic), and v is the part's magnitude; the imaginary part takes y's
 * sign (rounding to nearest is symmetric). The other lanes (about 2^-14 of
 * ordinary operands, and two zero parts, Inf or NaN) take the definition.
 *
 * Exponential: the band method again. For finite x <= 709 and y, glibc's
 * cexp returns (fl(exp(x) cos y), fl(exp(x) sin y)) from its exp and
 * sincos (within an ulp each), and (exp(x), y) for y = +-0: each part
 * within 2^-51 of its true value. Lanes with x in [-104, 89] and |y| <=
 * 1024 compute (the operations below are exact where marked):
 *   - e^x = 2^k e^t: k = round(x / ln2) in [-150, 128], t = (x - k LN2_HI)
 *     - k LN2_LO with |t| <= 0.347, the first difference exact (the
 *     argument of kern_mathf32.c); e^t by its Taylor polynomial of degree
 *     13 (remainder < 2^-57 relative) in Horner's scheme: its 28 roundings
 *     cost at most 28 u e^|t| / e^t < 2^-47.2 relative (each term c_i t^i
 *     carries at most 28 rounding factors (1 + d), |d| <= u, and the sum of
 *     |c_i t^i| is e^|t|). The AVX2 form's Estrin scheme (t^2, t^4, t^8
 *     and fused steps) puts at most 13 on any term (c_12 t^12 and c_13
 *     t^13: 7 through t^8, 3 through t^4's step, 3 fused steps): inside;
 *     2^k exact;
 *   - y = j pi/2 + r: j = round(y 2/pi), |j| <= 652 < 2^10. PIO2_1 has 28
 *     significant bits (a multiple of 2^-26): j PIO2_1 is exact, and so is
 *     y - j PIO2_1 (for j != 0, |y| > pi/4 is a multiple of 2^-24; the
 *     difference, a multiple of 2^-26 below 1); j PIO2_2 is exact (38
 *     bits); two more roundings, and PIO2_1 + PIO2_2 + PIO2_3 is within
 *     2^-114 of pi/2: |r - (y - j pi/2)| <= 2^-53 (|r| + |r2|) + 2^-98.
 *     Lanes with j != 0 and |r| < 2^-20 take the definition, so r is
 *     within 2^-51.9 relatively (j = 0: r = y exactly);
 *   - sin r = r + r^3 S(r^2), cos r = 1 + r^2 C(r^2), Taylor polynomials
 *     of degree 15 and 16 (remainders < 2^-53.7 and 2^-58 relative for |r|
 *     <= pi/4 + 2^-40). S's Horner error (< 2^-48.9) reaches sin r scaled
 *     by |r^3 S| / |sin r| < 0.12; C's (< 2^-48.7 with r^2's) by |r^2 C| /
 *     cos r < 0.42: sin r and cos r within 2^-51 and 2^-49.5, plus r's own
 *     error (the relative sensitivity of sin and cos to r is at most 1 on
 *     |r| <= pi/4); j mod 4 picks and signs them as cos y and sin y;
 *   - each part is e^x times one of them, one more rounding: within 2^-46
 *     of the true part, glibc's within 2^-51, so glibc's value lies in
 *     the 2^-40 band around it. No value underflows binary64 (|parts| >=
 *     2^-150 sin(2^-20) or 2^-150 2^-149 0.84). For y = +-0 the imaginary
 *     part is y itself (glibc's sine of y is y).
 * The AVX2 path evaluates S and C by Estrin's scheme with fused steps:
 * the term of x^k = r^2k carries at most 12 rounding factors (x's own
 * included, as Horner's fused steps give the last term), and the
 * dominant terms S_3 = -1/6 and C_2 = -1/2 carry 3 instead of 1: summed
 * term by term (x <= 0.617), the relative errors of S and C stay below
 * 3.3 u and 3.4 u, under 2^-51, inside the bounds above. The portable path
 * rounds every operation. The other lanes take the definition. */
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#include "kernels/math/kern_ieee_arith.h"
#include "util/isa.h"
#include "kernels/complex/kern_c64_lanes.h"
#include "kernels/complex/kern_c64_log.h"
#include "kernels/math/kern_mathconst.h"
#include "kernels/math/kern_recip.h"

/* ---- the definitions -------------------------------------------------------- */

void kern_c64_div_definition(const uint32_t *a, const uint32_t *b, uint32_t *r) { kern_c64_binary_def(KB_DIV, a, b, r); }

void kern_c64_sqrt_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_SQRT, x, r); }

void kern_c64_exp_definition(const uint32_t *x, uint32_t *r) { kern_c64_unary_def(KU_EXP, x, r); }

/* ---- the portable path ------------------------------------------------------ */

static inline bool finite_f32(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u; }

static inline bool finite_nonzero_f32(uint32_t x) { return finite_f32(x) && (x & 0x7FFFFFFFu) != 0; }

/* __divdc3's operations for a lane that qualifies (see the head comment):
 * each branch's operands picked by the comparison, then one sequence. */
static inline void smith_div(double a, double b, double c, double d, double *x, double *y)
{
    bool c_smaller = fabs(c) < fabs(d);
    double larger = c_smaller ? d : c, smaller = c_smaller ? c : d;
    double ratio = smaller / larger;
    double denom = smaller * ratio + larger;
    double scaled = (c_smaller ? a : b) * ratio;
    double x_num = scaled + (c_smaller ? b : a);
    double other = (c_smaller ? b : a) * ratio;
    double y_num = c_smaller ? other - a : b - other;
    *x = x_num / denom;
    *y = y_num / denom;
}

/* One element on the portable path; false: it took the definition. */
static inline bool div_elem(const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    if (!(finite_f32(a[0]) && finite_f32(a[1]) && finite_nonzero_f32(b[0]) && finite_nonzero_f32(b[1]))) {
        kern_c64_div_definition(a, b, r);
        return false;
    }
    double x, y;
    smith_div(bits_to_f32(a[0]), bits_to_f32(a[1]), bits_to_f32(b[0]), bits_to_f32(b[1]), &x, &y);
    r[0] = f32_to_bits((float)x);
    r[1] = f32_to_bits((float)y);
    return true;
}

static int64_t div_generic(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !div_elem(a + 2 * i, b + 2 * i, r + 2 * i);
    return slow;
}

static inline bool sqrt_elem(const uint32_t *z, uint32_t *r)
{
    uint32_t rr, ri;
    if (finite_f32(z[0]) && finite_f32(z[1]) && ((z[0] | z[1]) & 0x7FFFFFFFu) != 0) {
        double x = bits_to_f32(z[0]), y = bits_to_f32(z[1]);
        double ax = fabs(x), ay = fabs(y);
        double d = sqrt(x * x + y * y);
        double big = sqrt(0.5 * (d + ax));
        double small = 0.5 * (ay / big);
        bool positive = x > 0;
        if (c64_band_round(positive ? big : small, &rr) && c64_band_round(positive ? small : big, &ri)) {
            r[0] = rr;
            r[1] = ri | (z[1] & 0x80000000u);
            return true;
        }
    }
    kern_c64_sqrt_definition(z, r);
    return false;
}

static int64_t sqrt_generic(const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !sqrt_elem(x + 2 * i, r + 2 * i);
    return slow;
}

static inline bool exp_elem(const uint32_t *z, uint32_t *r)
{
    double re, im;
    uint32_t rr, ri;
    if (c64_exp_parts(bits_to_f32(z[0]), bits_to_f32(z[1]), &re, &im) && c64_band_round(re, &rr) &&
        c64_band_round(im, &ri)) {
        r[0] = rr;
        r[1] = (z[1] & 0x7FFFFFFFu) == 0 ? z[1] : ri;
        return true;
    }
    kern_c64_exp_definition(z, r);
    return false;
}

static int64_t exp_generic(const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    for (int64_t i = 0; i < n; i++)
        slow += !exp_elem(x + 2 * i, r + 2 * i);
    return slow;
}

/* ---- the AVX2 path ---------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
AVX2 static int64_t div_avx2(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 * C64_BLOCK <= n; i += 4 * C64_BLOCK) {
        __m256d x_nums[C64_BLOCK], y_nums[C64_BLOCK], denoms[C64_BLOCK];
        int keeps[C64_BLOCK];
        for (int g = 0; g < C64_BLOCK; g++) {
            __m256d ar, ai, c, d;
            c64_load4(a + 2 * i + 8 * g, &ar, &ai);
            c64_load4(b + 2 * i + 8 * g, &c, &d);
            __m256d keep = _mm256_and_pd(_mm256_and_pd(c64_finite4(ar), c64_finite4(ai)),
                                         _mm256_and_pd(c64_finite_nonzero4(c), c64_finite_nonzero4(d)));
            keeps[g] = _mm256_movemask_pd(keep);
            /* smith_div, the operand choices as blends */
            __m256d c_smaller = _mm256_cmp_pd(c64_abs4(c), c64_abs4(d), _CMP_LT_OQ);
            __m256d larger = _mm256_blendv_pd(c, d, c_smaller), smaller = _mm256_blendv_pd(d, c, c_smaller);
            __m256d ratio = _mm256_div_pd(smaller, larger);
            denoms[g] = _mm256_add_pd(_mm256_mul_pd(smaller, ratio), larger);
            __m256d first = _mm256_blendv_pd(ai, ar, c_smaller), second = _mm256_blendv_pd(ar, ai, c_smaller);
            x_nums[g] = _mm256_add_pd(_mm256_mul_pd(first, ratio), second);
            __m256d other = _mm256_mul_pd(second, ratio);
            y_nums[g] = _mm256_sub_pd(_mm256_blendv_pd(ai, other, c_smaller), _mm256_blendv_pd(other, ar, c_smaller));
        }
        for (int g = 0; g < C64_BLOCK; g++) {
            __m128 x = _mm256_cvtpd_ps(_mm256_div_pd(x_nums[g], denoms[g]));
            __m128 y = _mm256_cvtpd_ps(_mm256_div_pd(y_nums[g], denoms[g]));
            slow += c64_finish4(r + 2 * i + 8 * g, x, y, keeps[g], a + 2 * i + 8 * g, b + 2 * i + 8 * g, NULL,
                                kern_c64_div_definition);
        }
    }
    return slow + div_generic(a + 2 * i, b + 2 * i, r + 2 * i, n - i);
}

AVX2 static int64_t sqrt_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d x, y;
        c64_load4(z + 2 * i, &x, &y);
        __m256d not_both_zero = _mm256_or_pd(_mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_NEQ_OQ),
                                             _mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_NEQ_OQ));
        int keep = _mm256_movemask_pd(_mm256_and_pd(_mm256_and_pd(c64_finite4(x), c64_finite4(y)), not_both_zero));
        __m256d d = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(x, x), _mm256_mul_pd(y, y)));
        __m256d big = _mm256_sqrt_pd(_mm256_mul_pd(_mm256_set1_pd(0.5), _mm256_add_pd(d, c64_abs4(x))));
        __m256d small = _mm256_mul_pd(_mm256_set1_pd(0.5), _mm256_div_pd(c64_abs4(y), big));
        __m256d positive = _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_GT_OQ);
        int same_re, same_im;
        __m128 re = c64_band_round4(_mm256_blendv_pd(small, big, positive), &same_re);
        __m128 im = c64_band_round4(_mm256_blendv_pd(big, small, positive), &same_im);
        im = _mm_or_ps(im, _mm_and_ps(_mm256_cvtpd_ps(y), _mm_set1_ps(-0.0f)));
        slow += c64_finish4(r + 2 * i, re, im, keep & same_re & same_im, z + 2 * i, NULL, kern_c64_sqrt_definition,
                            NULL);
    }
    return slow + sqrt_generic(z + 2 * i, r + 2 * i, n - i);
}

/* exp_elem on blocks of four lanes */
AVX2 static int64_t exp_avx2(const uint32_t *z, uint32_t *r, int64_t n)
{
    int64_t slow = 0, i = c64_exp_blocks(z, r, n, c64_band_round4, kern_c64_exp_definition, &slow);
    return slow + exp_generic(z + 2 * i, r + 2 * i, n - i);
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- complex atan2 ---------------------------------------------------------- */

enum { ATAN2_BLOCK = 64 };

static const uint32_t ONE = 0x3F800000u, MINUS_ZERO = 0x80000000u, MINUS_ONE = 0xBF800000u;

/* The first steps of complex atan2 on one element by their definitions:
 * num = x + (0, 1) y and sum = x x + y y by 4.6's product and class-A
 * sums, kern_f32_arith step by step (SPEC.md 3.7's NaN rules). */
static void atan2_front_definition(const uint32_t *y, const uint32_t *x, uint32_t *num, uint32_t *sum)
{
    uint32_t iyr, iyi, xxr, xxi, yyr, yyi;
    kern_cmul32(0, ONE, y[0], y[1], &iyr, &iyi);
    num[0] = kern_f32_arith(FPOP_ADD, x[0], iyr);
    num[1] = kern_f32_arith(FPOP_ADD, x[1], iyi);
    kern_cmul32(x[0], x[1], x[0], x[1], &xxr, &xxi);
    kern_cmul32(y[0], y[1], y[0], y[1], &yyr, &yyi);
    sum[0] = kern_f32_arith(FPOP_ADD, xxr, yyr);
    sum[1] = kern_f32_arith(FPOP_ADD, xxi, yyi);
}

/* The same in f32 arithmetic: each step's exact result rounded once into
 * f32 is kern_f32_arith's value whenever it is not a NaN (binary64 holds
 * 2p + 2 bits, so its rounding then f32's is one rounding; zeros' signs
 * follow the same IEEE rules). Every intermediate reaches num or sum and a
 * NaN propagates, so a lane whose num and sum hold no NaN had no NaN step;
 * the others take the definition. */
static inline void atan2_front(const uint32_t *y, const uint32_t *x, uint32_t *num, uint32_t *sum)
{
    float yr = bits_to_f32(y[0]), yi = bits_to_f32(y[1]), xr = bits_to_f32(x[0]), xi = bits_to_f32(x[1]);
    float nr = xr + (0.0f * yr - 1.0f * yi), ni = xi + (0.0f * yi + 1.0f * yr);
    float sr = (xr * xr - xi * xi) + (yr * yr - yi * yi), si = (xr * xi + xi * xr) + (yr * yi + yi * yr);
    if (nr == nr && ni == ni && sr == sr && si == si) {
        num[0] = f32_to_bits(nr);
        num[1] = f32_to_bits(ni);
        sum[0] = f32_to_bits(sr);
        sum[1] = f32_to_bits(si);
        return;
    }
    atan2_front_definition(y, x, num, sum);
}

/* The last step, r = (-0, -1) l by 4.6's product, the same way. */
static inline void atan2_back(const uint32_t *l, uint32_t *r)
{
    float lr = bits_to_f32(l[0]), li = bits_to_f32(l[1]);
    float rr = -0.0f * lr - -1.0f * li, ri = -0.0f * li + -1.0f * lr;
    if (rr == rr && ri == ri) {
        r[0] = f32_to_bits(rr);
        r[1] = f32_to_bits(ri);
        return;
    }
    kern_cmul32(MINUS_ZERO, MINUS_ONE, l[0], l[1], &r[0], &r[1]);
}

static void atan2_front_generic(const uint32_t *y, const uint32_t *x, uint32_t *num, uint32_t *sum, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        atan2_front(y + 2 * i, x + 2 * i, num + 2 * i, sum + 2 * i);
}

static void atan2_back_generic(const uint32_t *l, uint32_t *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        atan2_back(l + 2 * i, r + 2 * i);
}

#if HAVE_AVX2_PATH

/* 4.6's product a b on four interleaved elements, the same operations as
 * kern_cmul32: (ar br - ai bi, ar bi + ai br), each step rounded into f32 */
C64_AVX2_INLINE __m256 cmul8(__m256 a, __m256 b)
{
    __m256 re_b = _mm256_mul_ps(_mm256_moveldup_ps(a), b);                         /* ar br, ar bi */
    __m256 im_b = _mm256_mul_ps(_mm256_movehdup_ps(a), _mm256_permute_ps(b, 0xB1)); /* ai bi, ai br */
    return _mm256_addsub_ps(re_b, im_b);
}

/* The elements (bit j for element j) of four interleaved ones with a NaN part. */
C64_AVX2_INLINE int nan4(__m256 v)
{
    int m = _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    return (m | m >> 1) & 0x55;
}

/* atan2_front on four elements at a time (the same steps in f32 lanes) */
AVX2 static void atan2_front_avx2(const uint32_t *y, const uint32_t *x, uint32_t *num, uint32_t *sum, int64_t n)
{
    const __m256 i_unit = _mm256_setr_ps(0, 1, 0, 1, 0, 1, 0, 1);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256 yv = _mm256_loadu_ps((const float *)y + 2 * i), xv = _mm256_loadu_ps((const float *)x + 2 * i);
        __m256 nv = _mm256_add_ps(xv, cmul8(i_unit, yv));
        __m256 sv = _mm256_add_ps(cmul8(xv, xv), cmul8(yv, yv));
        _mm256_storeu_ps((float *)num + 2 * i, nv);
        _mm256_storeu_ps((float *)sum + 2 * i, sv);
        for (int bad = nan4(nv) | nan4(sv); bad; bad &= bad - 1) {
            int64_t j = i + __builtin_ctz((unsigned)bad) / 2;
            atan2_front_definition(y + 2 * j, x + 2 * j, num + 2 * j, sum + 2 * j);
        }
    }
    atan2_front_generic(y + 2 * i, x + 2 * i, num + 2 * i, sum + 2 * i, n - i);
}

/* atan2_back on four elements at a time */
AVX2 static void atan2_back_avx2(const uint32_t *l, uint32_t *r, int64_t n)
{
    const __m256 minus_i = _mm256_setr_ps(-0.0f, -1.0f, -0.0f, -1.0f, -0.0f, -1.0f, -0.0f, -1.0f);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256 rv = cmul8(minus_i, _mm256_loadu_ps((const float *)l + 2 * i));
        int bad = nan4(rv);
        _mm256_storeu_ps((float *)r + 2 * i, rv);
        for (; bad; bad &= bad - 1) {
            int64_t j = i + __builtin_ctz((unsigned)bad) / 2;
            kern_cmul32(MINUS_ZERO, MINUS_ONE, l[2 * j], l[2 * j + 1], &r[2 * j], &r[2 * j + 1]);
        }
    }
    atan2_back_generic(l + 2 * i, r + 2 * i, n - i);
}

#endif

void kern_c64_atan2_definition(const uint32_t *y, const uint32_t *x, uint32_t *r) { kern_c64_binary_def(KB_ATAN2, y, x, r); }

/* SPEC.md 9.5.1's complex atan2(y, x), every step rounded into f32 as
 * kern_binary.c's part_catan2 does it: num = x + (0, 1) y and s = x x +
 * y y by 4.6's product and class-A sums, den = csqrt(s), q = num / den
 * (C99 division), l = clog(q), r = (-0, -1) l. Over a block, so that the
 * square roots, the divisions and the logs take the fast loops (the same
 * bits as their definitions; kern_c64_log.c for the log). Each block's
 * operands are read before its results are written, so r may be y or x.
 * Returns the number of square roots, divisions and logs that took their
 * definitions. */
static int64_t atan2_run(kern_mathf32_path path, const uint32_t *y, const uint32_t *x, uint32_t *r, int64_t n)
{
    uint32_t num[2 * ATAN2_BLOCK], sum[2 * ATAN2_BLOCK], den[2 * ATAN2_BLOCK], q[2 * ATAN2_BLOCK];
    int64_t slow = 0;
    for (int64_t at = 0; at < n; at += ATAN2_BLOCK) {
        int64_t nb = n - at < ATAN2_BLOCK ? n - at : ATAN2_BLOCK;
#if HAVE_AVX2_PATH
        if (path == KMP_AVX2)
            atan2_front_avx2(y + 2 * at, x + 2 * at, num, sum, nb);
        else
#endif
            atan2_front_generic(y + 2 * at, x + 2 * at, num, sum, nb);
        slow += kern_c64_sqrt_on(path, sum, den, nb);
        slow += kern_c64_div_on(path, num, den, q, nb);
        slow += kern_c64_log_on(path, q, q, nb);
#if HAVE_AVX2_PATH
        if (path == KMP_AVX2)
            atan2_back_avx2(q, r + 2 * at, nb);
        else
#endif
            atan2_back_generic(q, r + 2 * at, nb);
    }
    return slow;
}

/* ---- entry points ----------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

int64_t kern_c64_div_on(kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r,
                        int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return div_avx2(a, b, r, n);
#endif
    return div_generic(a, b, r, n);
}

int64_t kern_c64_sqrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return sqrt_avx2(x, r, n);
#endif
    return sqrt_generic(x, r, n);
}

int64_t kern_c64_exp_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return exp_avx2(x, r, n);
#endif
    return exp_generic(x, r, n);
}

int64_t kern_c64_atan2_on(kern_mathf32_path path, const uint32_t *y, const uint32_t *x, uint32_t *r,
                          int64_t n)
{
    if (!path_runs(path))
        return -1;
    return atan2_run(path, y, x, r, n);
}

static kern_mathf32_path best_path(void) { return path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC; }

void kern_c64_div(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    kern_c64_div_on(best_path(), a, b, r, n);
}

void kern_c64_sqrt(const uint32_t *x, uint32_t *r, int64_t n) { kern_c64_sqrt_on(best_path(), x, r, n); }

void kern_c64_exp(const uint32_t *x, uint32_t *r, int64_t n) { kern_c64_exp_on(best_path(), x, r, n); }

void kern_c64_atan2(const uint32_t *y, const uint32_t *x, uint32_t *r, int64_t n)
{
    kern_c64_atan2_on(best_path(), y, x, r, n);
}
