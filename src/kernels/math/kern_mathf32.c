/* Fast f32 exponential, log, tanh, sine, cosine, tan, expm1, log1p and
 * cbrt, bit-identical to the class-B definition (kern_mathf32.h).
 *
 * Why the result is exact. Let f be the true function, g glibc's binary64
 * result and F the rounding of a binary64 value into f32 (ties to even,
 * overflow to Inf, subnormals and zero included). Each lane computes, in
 * binary64, y with |y - f(x)| <= 2^-46 |f(x)| (bounds below), and glibc's
 * exp, log and tanh are within a few binary64 ulps, |g - f| <= 2^-50 |f|;
 * so g lies in the band B = [y (1 - 2^-40), y (1 + 2^-40)] with a wide
 * margin (the products y (1 -+ 2^-40) are rounded, which narrows B by at
 * most 2^-53 |y|). F is monotonic: when both ends of B round to the same
 * f32 value v, every point of B does, g included, and v is the answer.
 * Otherwise (B holds a rounding boundary: a midpoint between two f32
 * values, the overflow threshold or a boundary of the subnormal grid,
 * about 2^-15 of the lanes), and for NaN, the lane is computed by the
 * definition (kern_f32_classb). Comparing the two roundings of B's ends
 * needs no case analysis of where the boundaries are.
 *
 * Outside the approximated range the argument is clamped: exp's operand to
 * [-104, 89] (F(exp(-104)) = +0 and F(exp(89)) = Inf, both unambiguous,
 * and exp is monotonic, so every operand beyond rounds the same way:
 * -Inf and +Inf included), tanh's |x| to 10 (F(tanh(10)) = 1, tanh(10) =
 * 1 - 2^-27.9 while the midpoint below 1 is 1 - 2^-25). log takes the
 * definition for +-0, negative operands, +Inf and NaN.
 *
 * The error bounds (the exhaustive run of tools/verify_mathf32.c over all
 * 2^32 patterns on both paths is the proof; this is why it passes):
 *
 * exp and tanh share the reduction t = k ln2 + r, k = round(t / ln2) by
 * adding 1.5 * 2^52 (|t / ln2| <= 150), so |r| <= ln2/2 + 2^-45.
 * ln2 = LN2_HI + LN2_LO, LN2_HI with 40 significant bits (a multiple of
 * 2^-40): k LN2_HI is exact (|k| < 2^8), and t - k LN2_HI is exact (when
 * k != 0, |t| > 1/4 so the f32-valued t is a multiple of 2^-25; the
 * difference is a multiple of 2^-40 below 1). Subtracting k LN2_LO rounds
 * once: |error of r| <= 2^-54 + 2^-86, and |LN2_HI + LN2_LO - ln2| < 2^-102.
 * Then expm1(r) = q = r + r^2 Q(r), Q a degree-8 polynomial (Chebyshev
 * interpolation of (e^r - 1 - r) / r^2 on [-0.35, 0.35], computed with
 * mpmath and rounded to binary64; max |error| measured 2^-46.8 on a fine
 * grid). |r^2 Q(r)| <= 0.21 |r|, so q carries a relative error of at most
 * 0.35 * 2^-46.8 (the polynomial) + about 4 * 2^-53 (r, r^2, Horner in
 * Q ~ 1/2, the product and the sum) < 2^-48. The scale 2^k is exact.
 *   exp: y = 2^k + 2^k q (1 + q >= 0.70): relative error < 2^-48 + 2^-53
 *   + the error of r, < 2^-47.
 *   tanh(x) = e / (e + 2), e = expm1(2|x|) = (2^k - 1) + 2^k q: 2^k - 1 is
 *   exact (k <= 29) and so is 2^k q; the sum rounds once, and for k >= 1,
 *   e >= 2^k 0.7 - 1 >= |2^k q| / 2, so q's relative error reaches e at
 *   most doubled: < 2^-46.9. e + 2 and the quotient round once each, and the
 *   quotient's sensitivity to e is 2 / (e + 2) <= 1: |y - tanh| < 2^-46.5.
 *   At k = 0, r = 2|x| exactly, so tiny and subnormal operands keep their
 *   relative accuracy (no underflow in binary64).
 *
 * log: x = 2^e m with m in [sqrt(1/2), sqrt(2)) from the bits of the
 * binary64 operand (f32 subnormals are normal in binary64); f = m - 1 is
 * exact (Sterbenz); s = f / (2 + f) with relative error <= 2^-52, |s| <=
 * 0.1716; log(m) = 2 atanh(s) = 2s + s t R(t), t = s^2 <= 0.0295, R of
 * degree 5 (Chebyshev interpolation of (2 atanh(s) - 2s) / (s t), error
 * 2^-44.3, which reaches log(m) scaled by t / 2 <= 0.015: < 2^-50.3); so
 * log(m) is within about 2^-50 relatively. y = e LN2_HI + (e LN2_LO +
 * log(m)): e LN2_HI exact (|e| <= 150), two roundings; when e != 0 the
 * result is at least 0.3466 while the parts are at most 1.04 and 0.35 per
 * unit of |e|, so the errors grow at most threefold: < 2^-48.
 *
 * Constant classes. Where a function is constant on a class of operands
 * (log: +-0, the negatives with -Inf, +Inf; log1p: -1, below -1 with -Inf,
 * +Inf; sine, cosine, tan: +-Inf; cbrt: +-0 and +-Inf, where it is x
 * itself) the result is the definition of one representative
 * (class_constants), computed per call; the exhaustive run checks every
 * member against its own definition (these are NaNs, infinities and
 * zeros: glibc returns the same value for all, and the one rounding maps
 * equal values to equal bits).
 *
 * expm1 uses exp's reduction: y = (2^k - 1) + 2^k q, the operand clamped
 * to [-30, 89] (F(expm1(-30)) = -1, expm1(-30) = -1 + 2^-43.3; 89 as for
 * exp). 2^k - 1 is exact for -44 <= k <= 53 and rounds by 2^-54 of 2^k
 * beyond; for k >= 1 the error analysis is tanh's; for k <= -1, |y| >=
 * 0.29 while |2^k q| <= 0.21, so q's error reaches y at most scaled by
 * 0.72. At k = 0, r = x and y = q: tiny operands keep their relative
 * accuracy. The sign of x goes into the result (expm1(-0) = -0).
 *
 * log of a plain AVX2 vector (below: eight normal operands) splits the
 * f32 patterns instead (kern_logf32_avx2.h, kern_logf32_round8): x = 2^e
 * m with m in [c, 2c), c = 0x3F3504F3 = sqrt(1/2) - 1.2e-8 (the f32 below
 * it), e and m from the patterns by integer steps (m's pattern is x's minus
 * e 2^23: exact for normal x); f = m - 1 is exact in f32 (Sterbenz: m in
 * [1/2, 2]) and so in binary64; then s, R and the sum as above, from e and
 * f converted exactly. |s| <= 0.171572886 (t <= 0.0294373, inside R's
 * interval), so the bound is the same.
 *
 * log1p: u = 1 + x is exact except for |x| < 2^-29 (u's exponent is then 0
 * and f = x itself, exact) and x > 2^28 (u off by 2^-53 relatively moves
 * log(u) > 19 by 2^-53 absolutely); then log's analysis with f = m - 1, or
 * f = x where u's exponent is 0. The sign of x goes into the result.
 *
 * sine, cosine, tan: x = k pi/2 + r for |x| <= 2^20 (beyond, the
 * definition), k = round(x 2/pi) with the SHIFT trick, pi/2 = PIO2_1 +
 * PIO2_2 + PIO2_3 + d, |d| < 2^-122, PIO2_1 and PIO2_2 of 33 significant
 * bits: k PIO2_1 and k PIO2_2 are exact (|k| < 2^20), x - k PIO2_1 is exact
 * (Sterbenz: x and k PIO2_1 are within a factor 2), the next two steps
 * round once each (FMA) or twice (portable C) on values at most 2^-45 above
 * |r|: |error of r| <= 2^-52 |r| + 2^-97, far below 2^-46 |r| for every f32
 * in range (the exhaustive run measures the result: max |y - g| / |g| =
 * 2^-50.8). sin(r) = r (1 + z S(z)) and cos(r) = (1 - z/2) + z^2 C(z), z =
 * r^2, S and C Taylor's to r^15 and r^16 (truncation < 2^-53 for |r| <=
 * 0.8); the quadrant k mod 4 swaps them and sets the sign; tan is their
 * quotient, -cos/sin in odd quadrants (the relative error of a small r
 * passes to 1/r unamplified).
 *
 * Sine of a plain AVX2 vector whose eight |x| are at most 1.6 (lgamma's
 * reflection takes sine on [0, pi/2]) skips the reduction: sin(x) = x (1 +
 * z P(z)), z = x^2, P Taylor's to x^19 (S3 ... S19): the first omitted
 * term, x^21 / 21!, is below 2^-51.2 of sin(x) for |x| <= 1.6; z P(z) lies
 * in [-0.38, 0] and is computed with an error of a few 2^-53, so 1 + z P
 * (>= 0.62) and the product x (1 + z P) carry a relative error below
 * 2^-50: y within 2^-49.5 of sin(x).
 *
 * cbrt: |x| = 2^(3j + rem) m, m in [1, 2); y0 = P(m) cbrt(2^rem), P a
 * degree-4 interpolation of cbrt to 2^-16.2, then two Newton steps y +=
 * (a / y^2 - y) / 3 on a = m 2^rem (exact): the relative error squares
 * (2^-32, 2^-64) and the last step adds a few 2^-53; the scale 2^j is
 * exact, the sign of x goes into the result.
 *
 * Two paths compute y: portable C over blocks of BLOCK elements (written so
 * that compilers vectorise it, no fused multiply-adds since the library is
 * built with -ffp-contract=off) and AVX2 with FMA. Their y differ in the
 * last bits, but each result is F(g) or the definition, so both give the
 * same bits.
 *
 * Plain vectors (AVX2). Where all eight operands of a vector lie inside a
 * function's approximated range (plain8: log's normal positive finite
 * operands, log1p's (-1, Inf), |x| <= 2^20 for sine, cosine and tan, cbrt's
 * finite nonzero), none is NaN or in a constant class, so every class
 * blend of round4 would keep the approximation's lane: plain4 gives the
 * same bits with one test per vector instead of a test and a blend per
 * class and lane. The band decides each lane as before; a vector with an
 * undecided lane, and every vector that is not plain, takes round4.
 * kern_logf32_avx2.h holds the plain log and log1p (and the band) for
 * kern_chlo.c's lgamma, which inlines them into its own loop: one copy, so
 * that the exhaustive run of this path proves them there too. */
#include "kernels/math/kern_mathf32.h"

#include <stdatomic.h>
#include <string.h>

#include "kernels/math/kern_expparts.h"
#include "util/isa.h"
#include "kernels/math/kern_logf32_avx2.h"
#include "kernels/math/kern_logparts.h"
#include "kernels/math/kern_mathconst.h"

#define BAND_LO KERN_BAND_LO
#define BAND_HI KERN_BAND_HI
#define EXP_MIN (-104.0) /* exp rounds to +0 here and below */
#define EXP_MAX 89.0     /* exp rounds to +Inf here and above */
#define TANH_MAX 10.0    /* tanh rounds to 1 here and above */
#define EXPM1_MIN (-30.0) /* expm1 rounds to -1 here and below */
#define TWO_OVER_PI 0x1.45f306dc9c883p-1
#define PIO2_1 0x1.921fb544p+0     /* 33 significant bits */
#define PIO2_2 0x1.0b4611a6p-34    /* 33 significant bits */
#define PIO2_3 0x1.3198a2e037073p-69 /* PIO2_1 + PIO2_2 + PIO2_3 - pi/2 < 2^-122 */
#define THIRD (1.0 / 3.0)
#define CBRT2 0x1.428a2f98d728bp+0
#define CBRT4 0x1.965fea53d6e3cp+0

/* cbrt(1.5 + t) on [-1/2, 1/2] to 2^-16 (Chebyshev interpolation, degree 4);
 * only the start of Newton's iteration */
#define CB0 0x1.250bfe1b082f5p+0
#define CB1 0x1.0462ef3d9956cp-2
#define CB2 (-0x1.ceaba1d5522cep-5)
#define CB3 0x1.70143bb077d9cp-6
#define CB4 (-0x1.4b077fcd0852ep-7)

enum { BLOCK = 64 };

/* ---- the portable path ---------------------------------------------------- */

/* The clamps work on the patterns, with masks: under GCC's default
 * -ftrapping-math a floating-point comparison or conversion that ends up
 * on one arm of a conditional keeps the loop from being vectorised (and a
 * conditional that picks between patterns is folded into one that picks
 * between their conversions). Magnitudes order like their patterns; NaNs
 * pass unchanged. */
#define EXP_MIN_BITS 0x42D00000u  /* 104.0f */
#define EXP_MAX_BITS 0x42B20000u  /* 89.0f */
#define TANH_MAX_BITS 0x41200000u /* 10.0f */

static inline double exp_approx(uint32_t x)
{
    uint32_t a = x & 0x7FFFFFFFu, lim = x >> 31 ? EXP_MIN_BITS : EXP_MAX_BITS;
    uint32_t big = -(uint32_t)(a > lim && a <= 0x7F800000u);
    x = (x & ~big) | (((x & 0x80000000u) | lim) & big);
    kern_expm1_parts p = kern_expm1_reduce((double)bits_to_f32(x));
    return p.scale * p.q + p.scale;
}

/* tanh(|x|) */
static inline double tanh_approx(uint32_t x)
{
    uint32_t a = x & 0x7FFFFFFFu;
    uint32_t big = -(uint32_t)(a > TANH_MAX_BITS && a <= 0x7F800000u);
    a = (a & ~big) | (TANH_MAX_BITS & big);
    kern_expm1_parts p = kern_expm1_reduce(2.0 * (double)bits_to_f32(a));
    double e = (p.scale - 1.0) + p.scale * p.q;
    return e / (e + 2.0);
}

/* Positive finite operands: +0, negatives, +Inf and NaN take the
 * definition. */
static inline bool log_domain(uint32_t x) { return x - 1u < 0x7F7FFFFFu; }

static inline double log_approx(uint32_t x)
{
    uint32_t in = -(uint32_t)log_domain(x);
    double v = (double)bits_to_f32((x & in) | (0x3F800000u & ~in));
    uint64_t u = f64_to_bits(v);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    return kern_log_parts(kern_log_exponent_value(eb), m - 1.0);
}

/* (-1, Inf): -1, below, +Inf and NaN take constants or the definition */
static inline bool log1p_domain(uint32_t x) { return (x < 0x7F800000u) | (x - 0x80000000u < 0x3F800000u); }

/* u = 1 + x is exact unless |x| < 2^-29 or x > 2^28; in the first case
 * u's exponent is 0 and f is x itself, in the second the rounding moves
 * log(u) by 2^-53 while log(u) > 19 */
static inline double log1p_approx(uint32_t x)
{
    uint32_t in = -(uint32_t)log1p_domain(x);
    double v = (double)bits_to_f32(x & in);
    uint64_t u = f64_to_bits(1.0 + v);
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    uint64_t e_zero = -(uint64_t)(eb == 1024);
    double f = bits_to_f64((f64_to_bits(m - 1.0) & ~e_zero) | (f64_to_bits(v) & e_zero));
    return kern_log_parts(kern_log_exponent_value(eb), f);
}

#define EXPM1_MIN_BITS 0x41F00000u /* 30.0f */

/* expm1(x) but for the sign of a zero result */
static inline double expm1_approx(uint32_t x)
{
    uint32_t a = x & 0x7FFFFFFFu, lim = x >> 31 ? EXPM1_MIN_BITS : EXP_MAX_BITS;
    uint32_t big = -(uint32_t)(a > lim && a <= 0x7F800000u);
    x = (x & ~big) | (((x & 0x80000000u) | lim) & big);
    kern_expm1_parts p = kern_expm1_reduce((double)bits_to_f32(x));
    /* 2^k - 1 is exact for k >= -44 (x >= -30) and k <= 53; beyond, 2^k
     * dominates */
    return (p.scale - 1.0) + p.scale * p.q;
}

#define SINCOS_MAX_BITS 0x49800000u /* 2^20 */

/* |x| up to 2^20 */
static inline bool sincos_domain(uint32_t x) { return (x & 0x7FFFFFFFu) <= SINCOS_MAX_BITS; }

/* sin, cos or tan of x = k pi/2 + r, |r| <= pi/4 (a little more where k
 * rounds the other way) */
static inline double sincos_approx(kern_mathf32_fn fn, uint32_t x)
{
    uint32_t in = -(uint32_t)sincos_domain(x);
    double v = (double)bits_to_f32(x & in);
    double kd = v * TWO_OVER_PI + SHIFT;
    double k = kd - SHIFT;
    /* k PIO2_1 and k PIO2_2 are exact (|k| < 2^20); v - k PIO2_1 is exact
     * (Sterbenz) */
    double r = ((v - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
    uint64_t q = f64_to_bits(kd);
    double z = r * r;
    double sp = S15;
    sp = sp * z + S13;
    sp = sp * z + S11;
    sp = sp * z + S9;
    sp = sp * z + S7;
    sp = sp * z + S5;
    sp = sp * z + S3;
    double cp = C16;
    cp = cp * z + C14;
    cp = cp * z + C12;
    cp = cp * z + C10;
    cp = cp * z + C8;
    cp = cp * z + C6;
    cp = cp * z + C4;
    /* r (1 + z sp) rather than r + r z sp: the same relative accuracy, and
     * sin(-0) = -0 */
    uint64_t sb = f64_to_bits(r * (1.0 + z * sp)), cb = f64_to_bits((1.0 - 0.5 * z) + (z * z) * cp);
    /* odd quadrants swap sine and cosine */
    uint64_t odd = q & 1, swap = 0 - odd;
    uint64_t sin_k = (sb & ~swap) | (cb & swap), cos_k = (cb & ~swap) | (sb & swap);
    switch (fn) {
    case KM_SIN: return bits_to_f64(sin_k ^ ((q & 2) << 62));
    case KM_COS: return bits_to_f64(cos_k ^ (((q + 1) & 2) << 62));
    case KM_TAN: return bits_to_f64(f64_to_bits(bits_to_f64(sin_k) / bits_to_f64(cos_k)) ^ (odd << 63));
    case KM_EXP:
    case KM_LOG:
    case KM_TANH:
    case KM_EXPM1:
    case KM_LOG1P:
    case KM_CBRT:
    case KM_COUNT: break;
    }
    return 0.0;
}

/* finite nonzero |x| */
static inline bool cbrt_domain(uint32_t x) { return (x & 0x7FFFFFFFu) - 1u < 0x7F7FFFFFu; }

/* cbrt(|x|): |x| = 2^(3j + rem) m, m in [1, 2); a start y0 ~ cbrt(m 2^rem)
 * to 2^-16, two Newton steps (the error squares each time, then the steps'
 * own roundings, a few 2^-53), the exact scale 2^j */
static inline double cbrt_approx(uint32_t x)
{
    uint32_t in = -(uint32_t)cbrt_domain(x);
    uint64_t u = f64_to_bits((double)bits_to_f32((x & 0x7FFFFFFFu & in) | (0x3F800000u & ~in)));
    /* n = E + 150 in [1, 277] for the exponent E of an f32 magnitude;
     * n * 21846 >> 16 is n / 3 rounded down there */
    uint64_t n = (u >> 52) - 873, j = n * 21846 >> 16, rem = n - 3 * j;
    double m = bits_to_f64((u & UINT64_C(0x000FFFFFFFFFFFFF)) | UINT64_C(0x3FF0000000000000));
    double t = m - 1.5;
    double p = CB4;
    p = p * t + CB3;
    p = p * t + CB2;
    p = p * t + CB1;
    p = p * t + CB0;
    uint64_t one = 0 - (uint64_t)(rem == 1), two = 0 - (uint64_t)(rem == 2);
    double c = bits_to_f64((f64_to_bits(1.0) & ~(one | two)) | (f64_to_bits(CBRT2) & one) | (f64_to_bits(CBRT4) & two));
    double a = bits_to_f64((u & UINT64_C(0x000FFFFFFFFFFFFF)) | (1023 + rem) << 52); /* m 2^rem */
    double y = p * c;
    y = y + (a / (y * y) - y) * THIRD;
    y = y + (a / (y * y) - y) * THIRD;
    return y * bits_to_f64((j - 50 + 1023) << 52);
}

/* out = F(y) where the band decides it; bad[i] = 1 where it does not. */
static inline uint32_t band_round(double y, unsigned char *bad)
{
    float lo = (float)(y * BAND_LO), hi = (float)(y * BAND_HI);
    *bad = lo != hi; /* a NaN y too */
    return f32_to_bits(hi);
}

static unsigned exp_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        r[i] = band_round(exp_approx(x[i]), &bad[i]);
        any |= bad[i];
    }
    return any;
}

static unsigned tanh_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        r[i] = band_round(tanh_approx(x[i]), &bad[i]) | (x[i] & 0x80000000u);
        any |= bad[i];
    }
    return any;
}

/* cond ? a : b for cond 0 or 1, without a branch */
static inline uint32_t pick(uint32_t cond, uint32_t a, uint32_t b)
{
    uint32_t m = 0u - cond;
    return (a & m) | (b & ~m);
}

static inline uint32_t is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }

/* The operands where a function is constant, by their patterns: the
 * classes of lane_class's constants. */
static inline uint32_t log_zero(uint32_t x) { return (x & 0x7FFFFFFFu) == 0; }
static inline uint32_t log_negative(uint32_t x) { return x - 0x80000001u < 0x7F800000u; } /* -Inf included */
static inline uint32_t log1p_minus_one(uint32_t x) { return x == 0xBF800000u; }
static inline uint32_t log1p_below(uint32_t x) { return x - 0xBF800001u < 0x40000000u; } /* -Inf included */
static inline uint32_t is_inf(uint32_t x) { return (x & 0x7FFFFFFFu) == 0x7F800000u; }

/* konst: the constants of the function's classes (class_constants) */
static unsigned log_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad,
                          const uint32_t *konst)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        unsigned char b;
        uint32_t xi = x[i], v = band_round(log_approx(xi), &b);
        v = pick(log_zero(xi), konst[0], v);
        v = pick(log_negative(xi), konst[1], v);
        r[i] = pick(xi == 0x7F800000u, konst[2], v);
        bad[i] = (unsigned char)((b & log_domain(xi)) | is_nan(xi));
        any |= bad[i];
    }
    return any;
}

static unsigned log1p_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad,
                            const uint32_t *konst)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        unsigned char b;
        /* log1p has the sign of x, -0 included */
        uint32_t xi = x[i], v = band_round(log1p_approx(xi), &b) | (xi & 0x80000000u);
        v = pick(log1p_minus_one(xi), konst[0], v);
        v = pick(log1p_below(xi), konst[1], v);
        r[i] = pick(xi == 0x7F800000u, konst[2], v);
        bad[i] = (unsigned char)((b & log1p_domain(xi)) | is_nan(xi));
        any |= bad[i];
    }
    return any;
}

static unsigned expm1_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        /* expm1 has the sign of x, -0 included */
        r[i] = band_round(expm1_approx(x[i]), &bad[i]) | (x[i] & 0x80000000u);
        any |= bad[i];
    }
    return any;
}

static inline unsigned sincos_block(kern_mathf32_fn fn, const uint32_t *restrict x, uint32_t *restrict r,
                                    unsigned char *restrict bad, const uint32_t *konst)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        unsigned char b;
        uint32_t xi = x[i], in = sincos_domain(xi), inf = is_inf(xi);
        r[i] = pick(inf, konst[0], band_round(sincos_approx(fn, xi), &b));
        bad[i] = (unsigned char)((b & in) | (1u & ~in & ~inf));
        any |= bad[i];
    }
    return any;
}

static unsigned cbrt_block(const uint32_t *restrict x, uint32_t *restrict r, unsigned char *restrict bad)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        unsigned char b;
        uint32_t xi = x[i], v = band_round(cbrt_approx(xi), &b) | (xi & 0x80000000u);
        /* cbrt(+-0) = +-0, cbrt(+-Inf) = +-Inf */
        r[i] = pick(cbrt_domain(xi), v, xi);
        bad[i] = (unsigned char)((b & cbrt_domain(xi)) | is_nan(xi));
        any |= bad[i];
    }
    return any;
}

static double (*const libm_fn[KM_COUNT])(double) = {
    [KM_EXP] = exp, [KM_LOG] = log,     [KM_TANH] = tanh,   [KM_SIN] = sin,   [KM_COS] = cos,
    [KM_TAN] = tan, [KM_EXPM1] = expm1, [KM_LOG1P] = log1p, [KM_CBRT] = cbrt,
};

double (*kern_f32_math_libm(kern_mathf32_fn fn))(double) { return libm_fn[fn]; }

/* The results of the classes of operands where a function is constant
 * (log_zero, log_negative, +Inf; log1p_minus_one, log1p_below, +Inf; Inf
 * for sine, cosine and tan): the definition of one operand of each. The
 * exhaustive run of tools/verify_mathf32.c checks that every operand of a
 * class shares its bits. */
static void class_constants_of(kern_mathf32_fn fn, uint32_t konst[3])
{
    static const uint32_t representative[KM_COUNT][3] = {
        [KM_LOG] = { 0x00000000u, 0xBF800000u, 0x7F800000u },   /* +0, -1, +Inf */
        [KM_LOG1P] = { 0xBF800000u, 0xC0000000u, 0x7F800000u }, /* -1, -2, +Inf */
        [KM_SIN] = { 0x7F800000u }, [KM_COS] = { 0x7F800000u }, [KM_TAN] = { 0x7F800000u },
    };
    for (int c = 0; c < 3; c++)
        konst[c] = kern_f32_classb(libm_fn[fn], representative[fn][c]);
}

/* NaN operands. glibc's functions return their NaN operand (which the
 * conversion into binary64 made quiet), and its conversion back into f32
 * is the f32 operand made quiet: sign and payload kept. Where the library
 * does this on representatives (both signs, quiet and signaling, extreme
 * and mixed payloads), the NaN lanes take x | the quiet bit instead of the
 * definition, so that a tensor of NaNs runs as fast as one of ordinary
 * values (issue 38); the exhaustive run of tools/verify_mathf32.c checks
 * every NaN pattern against its definition. Found once per process
 * (library_facts) and used by calls of n >= 64 elements (a short call
 * takes the definition on its NaN lanes). Both paths
 * patch the NaN lanes among those the band left undecided (a NaN lane
 * always is), so ordinary operands pay nothing for it. */
static bool nan_rule_of(kern_mathf32_fn fn)
{
    static const uint32_t representative[] = {
        0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x7FFFFFFFu,
        0xFFFFFFFFu, 0x7FAAAAAAu, 0xFFD55555u, 0x7FBFFFFFu, 0xFFC00001u,
    };
    for (size_t c = 0; c < sizeof representative / sizeof representative[0]; c++)
        if (kern_f32_classb(libm_fn[fn], representative[c]) != (representative[c] | 0x00400000u))
            return false;
    return true;
}

/* What the two checks above find is a fact of the process's library, the
 * same on every call: found on a function's first call and kept (a call
 * of 512 elements, as chlo.lgamma's blocks make, paid 13 library calls
 * for them: a tenth of its instructions). Threads
 * that find it together store the same values; the state is written after
 * them (release) and read before them (acquire). */
static _Atomic uint32_t known_konst[KM_COUNT][3];
static _Atomic int known_state[KM_COUNT]; /* 0: not yet; 1: NaN rule off; 2: on */

static void library_facts(kern_mathf32_fn fn, int64_t n, uint32_t konst[3], bool *nan_quiet)
{
    int state = atomic_load_explicit(&known_state[fn], memory_order_acquire);
    if (state == 0) {
        uint32_t k[3];
        class_constants_of(fn, k);
        for (int c = 0; c < 3; c++)
            atomic_store_explicit(&known_konst[fn][c], k[c], memory_order_relaxed);
        state = nan_rule_of(fn) ? 2 : 1;
        atomic_store_explicit(&known_state[fn], state, memory_order_release);
    }
    for (int c = 0; c < 3; c++)
        konst[c] = atomic_load_explicit(&known_konst[fn][c], memory_order_relaxed);
    *nan_quiet = state == 2 && n >= 64;
}

static unsigned block(kern_mathf32_fn fn, const uint32_t *restrict x, uint32_t *restrict r,
                      unsigned char *restrict bad, const uint32_t *konst)
{
    switch (fn) {
    case KM_EXP: return exp_block(x, r, bad);
    case KM_LOG: return log_block(x, r, bad, konst);
    case KM_TANH: return tanh_block(x, r, bad);
    case KM_SIN: return sincos_block(KM_SIN, x, r, bad, konst);
    case KM_COS: return sincos_block(KM_COS, x, r, bad, konst);
    case KM_TAN: return sincos_block(KM_TAN, x, r, bad, konst);
    case KM_EXPM1: return expm1_block(x, r, bad);
    case KM_LOG1P: return log1p_block(x, r, bad, konst);
    case KM_CBRT: return cbrt_block(x, r, bad);
    case KM_COUNT: break;
    }
    return 0;
}

static int64_t run_generic(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n)
{
    /* copies in and out of the blocks let r be x and give the last block
     * its padding */
    uint32_t in[BLOCK], out[BLOCK];
    unsigned char bad[BLOCK];
    int64_t slow = 0;
    uint32_t konst[3];
    bool nan_quiet;
    library_facts(fn, n, konst, &nan_quiet);
    for (int64_t at = 0; at < n; at += BLOCK) {
        int nb = n - at < BLOCK ? (int)(n - at) : BLOCK;
        memcpy(in, x + at, (size_t)nb * sizeof *in);
        if (nb < BLOCK)
            memset(in + nb, 0, (size_t)(BLOCK - nb) * sizeof *in);
        unsigned any = block(fn, in, out, bad, konst);
        if (any) {
            for (int i = 0; i < nb; i++) {
                if (bad[i] && nan_quiet && is_nan(in[i])) {
                    out[i] = in[i] | 0x00400000u;
                } else if (bad[i]) {
                    out[i] = kern_f32_classb(libm_fn[fn], in[i]);
                    slow++;
                }
            }
        }
        memcpy(r + at, out, (size_t)nb * sizeof *out);
    }
    return slow;
}

/* y with the sign of the result; NaN where the lane never uses y */
static double approx_one(kern_mathf32_fn fn, uint32_t x)
{
    double sign = x >> 31 ? -1.0 : 1.0;
    switch (fn) {
    case KM_EXP: return exp_approx(x);
    case KM_LOG: return log_domain(x) ? log_approx(x) : NAN;
    case KM_TANH: return sign * tanh_approx(x);
    case KM_SIN:
    case KM_COS:
    case KM_TAN: return sincos_domain(x) ? sincos_approx(fn, x) : NAN;
    case KM_EXPM1: return expm1_approx(x);
    case KM_LOG1P: return log1p_domain(x) ? log1p_approx(x) : NAN;
    case KM_CBRT: return cbrt_domain(x) ? sign * cbrt_approx(x) : NAN;
    case KM_COUNT: break;
    }
    return NAN;
}

static void approx_generic(kern_mathf32_fn fn, const uint32_t *x, double *y, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        y[i] = approx_one(fn, x[i]);
}

/* ---- the AVX2 path --------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX2_INLINE static inline __attribute__((always_inline)) AVX2

/* c[0] + c[1] x + ... + c[8] x^8 by Estrin's scheme (x2 = x^2, x4 = x^4):
 * four fused steps deep instead of Horner's eight, rounding errors of the
 * same order */
AVX2_INLINE __m256d estrin8(__m256d x, __m256d x2, __m256d x4, const double c[9])
{
    __m256d c01 = _mm256_fmadd_pd(_mm256_set1_pd(c[1]), x, _mm256_set1_pd(c[0]));
    __m256d c23 = _mm256_fmadd_pd(_mm256_set1_pd(c[3]), x, _mm256_set1_pd(c[2]));
    __m256d c45 = _mm256_fmadd_pd(_mm256_set1_pd(c[5]), x, _mm256_set1_pd(c[4]));
    __m256d c67 = _mm256_fmadd_pd(_mm256_set1_pd(c[7]), x, _mm256_set1_pd(c[6]));
    __m256d c03 = _mm256_fmadd_pd(c23, x2, c01);
    __m256d c48 = _mm256_fmadd_pd(_mm256_set1_pd(c[8]), x4, _mm256_fmadd_pd(c67, x2, c45));
    return _mm256_fmadd_pd(c48, x4, c03);
}

/* expm1(t) = 2^k (1 + q) - 1 as in kern_expm1_reduce, with fused steps */
AVX2_INLINE __m256d expm1_reduce4(__m256d t, __m256d *scale)
{
    const __m256d shift = _mm256_set1_pd(SHIFT);
    __m256d kd = _mm256_fmadd_pd(t, _mm256_set1_pd(INV_LN2), shift);
    __m256d k = _mm256_sub_pd(kd, shift);
    __m256d r = _mm256_fnmadd_pd(k, _mm256_set1_pd(LN2_HI), t);
    r = _mm256_fnmadd_pd(k, _mm256_set1_pd(LN2_LO), r);
    /* Estrin's scheme (tanh 3e8 -> 5e8 elements/s against Horner's; Q ~
     * 1/2, a few ulps) */
    static const double qc[9] = { Q0, Q1, Q2, Q3, Q4, Q5, Q6, Q7, Q8 };
    __m256d r2 = _mm256_mul_pd(r, r);
    __m256d r4 = _mm256_mul_pd(r2, r2);
    __m256d q = estrin8(r, r2, r4, qc);
    __m256i kb = _mm256_add_epi64(_mm256_castpd_si256(kd), _mm256_set1_epi64x(1023));
    *scale = _mm256_castsi256_pd(_mm256_slli_epi64(kb, 52));
    return _mm256_fmadd_pd(r2, q, r);
}

/* xs: four f32 operands (the signs cleared for tanh) */
AVX2_INLINE __m256d exp_approx4(__m128 xs)
{
    __m256d v = _mm256_cvtps_pd(xs);
    /* the operand second: max and min return it when it is NaN */
    v = _mm256_max_pd(_mm256_set1_pd(EXP_MIN), v);
    v = _mm256_min_pd(_mm256_set1_pd(EXP_MAX), v);
    __m256d scale;
    __m256d q = expm1_reduce4(v, &scale);
    return _mm256_fmadd_pd(scale, q, scale);
}

AVX2_INLINE __m256d tanh_approx4(__m128 xs)
{
    __m256d a = _mm256_min_pd(_mm256_set1_pd(TANH_MAX), _mm256_cvtps_pd(xs));
    __m256d scale;
    __m256d q = expm1_reduce4(_mm256_add_pd(a, a), &scale);
    __m256d e = _mm256_fmadd_pd(scale, q, _mm256_sub_pd(scale, _mm256_set1_pd(1.0)));
    return _mm256_div_pd(e, _mm256_add_pd(e, _mm256_set1_pd(2.0)));
}

/* log and log1p: kern_logf32_avx2.h (xs: four f32 operands, those outside
 * the domain replaced by 1 for log, by 0 for log1p) */

AVX2_INLINE __m256d expm1_approx4(__m128 xs)
{
    __m256d v = _mm256_cvtps_pd(xs);
    v = _mm256_max_pd(_mm256_set1_pd(EXPM1_MIN), v);
    v = _mm256_min_pd(_mm256_set1_pd(EXP_MAX), v);
    __m256d scale;
    __m256d q = expm1_reduce4(v, &scale);
    return _mm256_fmadd_pd(scale, q, _mm256_sub_pd(scale, _mm256_set1_pd(1.0)));
}

/* xs: four f32 operands, those beyond 2^20 replaced by 0; as sincos_approx,
 * with fused steps (r - k PIO2_2 and r - k PIO2_3 round once each) */
AVX2_INLINE __m256d sincos_approx4(kern_mathf32_fn fn, __m128 xs)
{
    const __m256d shift = _mm256_set1_pd(SHIFT);
    __m256d v = _mm256_cvtps_pd(xs);
    __m256d kd = _mm256_fmadd_pd(v, _mm256_set1_pd(TWO_OVER_PI), shift);
    __m256d k = _mm256_sub_pd(kd, shift);
    __m256d r = _mm256_fnmadd_pd(k, _mm256_set1_pd(PIO2_1), v);
    r = _mm256_fnmadd_pd(k, _mm256_set1_pd(PIO2_2), r);
    r = _mm256_fnmadd_pd(k, _mm256_set1_pd(PIO2_3), r);
    /* Estrin's scheme. z is at least 2^-200, so that z2 and z4 are never
     * subnormal (f32 subnormal operands made z4 one, which costs the FPU an
     * assist per lane: 1.5x the time of ordinary operands, issue 38). The
     * results are the same bits: below 2^-200, z sp and z2 cp are far
     * below half an ulp of 1 whichever z, so sr = r, cr = 1 either way. */
    __m256d z = _mm256_max_pd(_mm256_set1_pd(0x1p-200), _mm256_mul_pd(r, r));
    __m256d z2 = _mm256_mul_pd(z, z), z4 = _mm256_mul_pd(z2, z2);
    __m256d s01 = _mm256_fmadd_pd(_mm256_set1_pd(S5), z, _mm256_set1_pd(S3));
    __m256d s23 = _mm256_fmadd_pd(_mm256_set1_pd(S9), z, _mm256_set1_pd(S7));
    __m256d s45 = _mm256_fmadd_pd(_mm256_set1_pd(S13), z, _mm256_set1_pd(S11));
    __m256d s47 = _mm256_fmadd_pd(_mm256_set1_pd(S15), z2, s45);
    __m256d sp = _mm256_fmadd_pd(s47, z4, _mm256_fmadd_pd(s23, z2, s01));
    __m256d c01 = _mm256_fmadd_pd(_mm256_set1_pd(C6), z, _mm256_set1_pd(C4));
    __m256d c23 = _mm256_fmadd_pd(_mm256_set1_pd(C10), z, _mm256_set1_pd(C8));
    __m256d c45 = _mm256_fmadd_pd(_mm256_set1_pd(C14), z, _mm256_set1_pd(C12));
    __m256d c46 = _mm256_fmadd_pd(_mm256_set1_pd(C16), z2, c45);
    __m256d cp = _mm256_fmadd_pd(c46, z4, _mm256_fmadd_pd(c23, z2, c01));
    __m256d sr = _mm256_mul_pd(r, _mm256_fmadd_pd(z, sp, _mm256_set1_pd(1.0))); /* sin(-0) = -0 */
    __m256d cr = _mm256_fmadd_pd(z2, cp, _mm256_fnmadd_pd(_mm256_set1_pd(0.5), z, _mm256_set1_pd(1.0)));
    __m256i q = _mm256_castpd_si256(kd);
    /* the sign bit of odd: the quadrant's low bit */
    __m256d odd = _mm256_castsi256_pd(_mm256_slli_epi64(q, 63));
    __m256d sin_k = _mm256_blendv_pd(sr, cr, odd), cos_k = _mm256_blendv_pd(cr, sr, odd);
    const __m256i two = _mm256_set1_epi64x(2);
    switch (fn) {
    case KM_SIN:
        return _mm256_xor_pd(sin_k, _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_and_si256(q, two), 62)));
    case KM_COS: {
        __m256i q1 = _mm256_add_epi64(q, _mm256_set1_epi64x(1));
        return _mm256_xor_pd(cos_k, _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_and_si256(q1, two), 62)));
    }
    case KM_TAN: return _mm256_xor_pd(_mm256_div_pd(sin_k, cos_k), odd);
    case KM_EXP:
    case KM_LOG:
    case KM_TANH:
    case KM_EXPM1:
    case KM_LOG1P:
    case KM_CBRT:
    case KM_COUNT: break;
    }
    return _mm256_setzero_pd();
}

/* sin(x) for |x| <= SIN_DIRECT_MAX without the reduction: x (1 + z P(z)),
 * z = x^2 (at least 2^-200, as in sincos_approx4), P Taylor's to x^19, by
 * Estrin's scheme */
#define SIN_DIRECT_MAX 1.6f
AVX2_INLINE __m256d sin_direct4(__m128 xs)
{
    __m256d r = _mm256_cvtps_pd(xs);
    __m256d z = _mm256_max_pd(_mm256_set1_pd(0x1p-200), _mm256_mul_pd(r, r));
    static const double sc[9] = { S3, S5, S7, S9, S11, S13, S15, S17, S19 };
    __m256d z2 = _mm256_mul_pd(z, z), z4 = _mm256_mul_pd(z2, z2);
    __m256d q = estrin8(z, z2, z4, sc);
    return _mm256_mul_pd(r, _mm256_fmadd_pd(z, q, _mm256_set1_pd(1.0))); /* sin(-0) = -0 */
}

/* whether all eight |x| are at most SIN_DIRECT_MAX (NaN: no) */
AVX2_INLINE bool sin_direct8(__m256 x)
{
    __m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
    return _mm256_movemask_ps(_mm256_cmp_ps(a, _mm256_set1_ps(SIN_DIRECT_MAX), _CMP_LE_OQ)) == 0xFF;
}

/* xs: four |x|, those not finite and nonzero replaced by 1; as cbrt_approx */
AVX2_INLINE __m256d cbrt_approx4(__m128 xs)
{
    const __m256i mant_mask = _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL);
    __m256i u = _mm256_castpd_si256(_mm256_cvtps_pd(xs));
    __m256i n = _mm256_sub_epi64(_mm256_srli_epi64(u, 52), _mm256_set1_epi64x(873));
    __m256i j = _mm256_srli_epi64(_mm256_mul_epu32(n, _mm256_set1_epi64x(21846)), 16);
    __m256i rem = _mm256_sub_epi64(n, _mm256_add_epi64(j, _mm256_add_epi64(j, j)));
    __m256i mant = _mm256_and_si256(u, mant_mask);
    __m256d m = _mm256_castsi256_pd(_mm256_or_si256(mant, _mm256_set1_epi64x(0x3FF0000000000000LL)));
    __m256d t = _mm256_sub_pd(m, _mm256_set1_pd(1.5));
    __m256d p = _mm256_fmadd_pd(_mm256_set1_pd(CB4), t, _mm256_set1_pd(CB3));
    p = _mm256_fmadd_pd(p, t, _mm256_set1_pd(CB2));
    p = _mm256_fmadd_pd(p, t, _mm256_set1_pd(CB1));
    p = _mm256_fmadd_pd(p, t, _mm256_set1_pd(CB0));
    __m256d c = _mm256_blendv_pd(_mm256_set1_pd(1.0), _mm256_set1_pd(CBRT2),
                                 _mm256_castsi256_pd(_mm256_cmpeq_epi64(rem, _mm256_set1_epi64x(1))));
    c = _mm256_blendv_pd(c, _mm256_set1_pd(CBRT4), _mm256_castsi256_pd(_mm256_cmpeq_epi64(rem, _mm256_set1_epi64x(2))));
    __m256d a = _mm256_castsi256_pd(
        _mm256_or_si256(mant, _mm256_slli_epi64(_mm256_add_epi64(rem, _mm256_set1_epi64x(1023)), 52)));
    __m256d y = _mm256_mul_pd(p, c);
    y = _mm256_fmadd_pd(_mm256_sub_pd(_mm256_div_pd(a, _mm256_mul_pd(y, y)), y), _mm256_set1_pd(THIRD), y);
    y = _mm256_fmadd_pd(_mm256_sub_pd(_mm256_div_pd(a, _mm256_mul_pd(y, y)), y), _mm256_set1_pd(THIRD), y);
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(j, _mm256_set1_epi64x(1023 - 50)), 52));
    return _mm256_mul_pd(y, scale);
}


/* y for four operands inside fn's domain (kern_mathf32.c's approximated
 * range: plain8 holds, or approx4 replaced the others) */
AVX2_INLINE __m256d core4(kern_mathf32_fn fn, __m128 xs)
{
    const __m128 sign = _mm_set1_ps(-0.0f);
    switch (fn) {
    case KM_EXP: return exp_approx4(xs);
    case KM_TANH: return tanh_approx4(_mm_andnot_ps(sign, xs));
    case KM_LOG: return kern_logf32_approx4(xs);
    case KM_SIN:
    case KM_COS:
    case KM_TAN: return sincos_approx4(fn, xs);
    case KM_EXPM1: return expm1_approx4(xs);
    case KM_LOG1P: return kern_log1pf32_approx4(xs);
    case KM_CBRT: return cbrt_approx4(_mm_andnot_ps(sign, xs));
    case KM_COUNT: break;
    }
    return _mm256_setzero_pd();
}

/* Whether all eight operands lie inside the approximated range of a
 * function that has constant classes or operands taken by the definition
 * (no NaN, no class constant): then round4's class blends would keep every
 * lane, and plain4 gives the same bits with one test per vector (exp, tanh
 * and expm1 have no such lanes but NaNs: round4 has nothing to skip) */
AVX2_INLINE bool plain8(kern_mathf32_fn fn, __m256 x)
{
    const __m256 inf = _mm256_set1_ps(INFINITY);
    __m256 ok;
    switch (fn) {
    case KM_LOG: return kern_logf32_plain8(x);
    case KM_LOG1P: return kern_log1pf32_plain8(x);
    case KM_SIN:
    case KM_COS:
    case KM_TAN:
        ok = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), x), _mm256_set1_ps(0x1p20f), _CMP_LE_OQ);
        break;
    case KM_CBRT: {
        __m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
        ok = _mm256_and_ps(_mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_GT_OQ), _mm256_cmp_ps(a, inf, _CMP_LT_OQ));
        break;
    }
    case KM_EXP:
    case KM_TANH:
    case KM_EXPM1:
    case KM_COUNT: return false;
    }
    return _mm256_movemask_ps(ok) == 0xFF;
}

/* The operands as the approximation takes them, and the lanes that take
 * the definition whatever y is. */
AVX2_INLINE __m256d approx4(kern_mathf32_fn fn, __m128 xs, int *special)
{
    const __m128 sign = _mm_set1_ps(-0.0f);
    *special = 0;
    switch (fn) {
    case KM_EXP:
    case KM_TANH:
    case KM_EXPM1: return core4(fn, xs);
    case KM_LOG: {
        __m128 ok = _mm_and_ps(_mm_cmp_ps(xs, _mm_setzero_ps(), _CMP_GT_OQ),
                               _mm_cmp_ps(xs, _mm_set1_ps(INFINITY), _CMP_LT_OQ));
        *special = _mm_movemask_ps(ok) ^ 0xF;
        return core4(fn, _mm_blendv_ps(_mm_set1_ps(1.0f), xs, ok));
    }
    case KM_SIN:
    case KM_COS:
    case KM_TAN: {
        __m128 ok = _mm_cmp_ps(_mm_andnot_ps(sign, xs), _mm_set1_ps(0x1p20f), _CMP_LE_OQ);
        *special = _mm_movemask_ps(ok) ^ 0xF;
        return core4(fn, _mm_and_ps(xs, ok));
    }
    case KM_LOG1P: {
        __m128 ok = _mm_and_ps(_mm_cmp_ps(xs, _mm_set1_ps(-1.0f), _CMP_GT_OQ),
                               _mm_cmp_ps(xs, _mm_set1_ps(INFINITY), _CMP_LT_OQ));
        *special = _mm_movemask_ps(ok) ^ 0xF;
        return core4(fn, _mm_and_ps(xs, ok));
    }
    case KM_CBRT: {
        __m128 a = _mm_andnot_ps(sign, xs);
        __m128 ok = _mm_and_ps(_mm_cmp_ps(a, _mm_setzero_ps(), _CMP_GT_OQ),
                               _mm_cmp_ps(a, _mm_set1_ps(INFINITY), _CMP_LT_OQ));
        *special = _mm_movemask_ps(ok) ^ 0xF;
        return core4(fn, _mm_blendv_ps(_mm_set1_ps(1.0f), a, ok));
    }
    case KM_COUNT: break;
    }
    return _mm256_setzero_pd();
}

/* v where cond, else keep; *taken gets cond's lanes */
AVX2_INLINE __m128 take4(__m128 keep, __m128 v, __m128 cond, int *taken)
{
    *taken |= _mm_movemask_ps(cond);
    return _mm_blendv_ps(keep, v, cond);
}

/* F(y) with the sign of the result: odd functions, or the sign of x
 * (zeros) */
AVX2_INLINE __m128 signed4(kern_mathf32_fn fn, __m128 v, __m128 xs)
{
    switch (fn) {
    case KM_EXP: break;
    case KM_TANH:
    case KM_EXPM1:
    case KM_LOG1P:
    case KM_CBRT: return _mm_or_ps(v, _mm_and_ps(xs, _mm_set1_ps(-0.0f)));
    case KM_LOG:
    case KM_SIN:
    case KM_COS:
    case KM_TAN:
    case KM_COUNT: break;
    }
    return v;
}

/* round4 for four operands of a vector where plain8 holds (log and log1p:
 * the functions that kern_chlo.c's lgamma inlines) */
AVX2_INLINE __m128 plain4(kern_mathf32_fn fn, __m128 xs, int *bad)
{
    switch (fn) {
    case KM_LOG1P: return kern_log1pf32_plain4(xs, bad);
    case KM_LOG: /* (run_avx2_loop takes kern_logf32_round8) */
    case KM_EXP:
    case KM_TANH:
    case KM_SIN:
    case KM_COS:
    case KM_TAN:
    case KM_EXPM1:
    case KM_CBRT:
    case KM_COUNT: break;
    }
    return signed4(fn, kern_band_round4(core4(fn, xs), bad), xs);
}

/* konst: the function's class constants (class_constants) */
AVX2_INLINE __m128 round4(kern_mathf32_fn fn, __m128 xs, const uint32_t *konst, int *bad)
{
    const __m128 sign = _mm_set1_ps(-0.0f), inf = _mm_set1_ps(INFINITY);
    int special, taken = 0;
    __m128 v = signed4(fn, kern_band_round4(approx4(fn, xs, &special), bad), xs);
    __m128 k0 = _mm_castsi128_ps(_mm_set1_epi32((int)konst[0])), k1 = _mm_castsi128_ps(_mm_set1_epi32((int)konst[1]));
    __m128 k2 = _mm_castsi128_ps(_mm_set1_epi32((int)konst[2]));
    switch (fn) {
    case KM_LOG:
        v = take4(v, k0, _mm_cmp_ps(xs, _mm_setzero_ps(), _CMP_EQ_OQ), &taken);
        v = take4(v, k1, _mm_cmp_ps(xs, _mm_setzero_ps(), _CMP_LT_OQ), &taken);
        v = take4(v, k2, _mm_cmp_ps(xs, inf, _CMP_EQ_OQ), &taken);
        break;
    case KM_LOG1P:
        v = take4(v, k0, _mm_cmp_ps(xs, _mm_set1_ps(-1.0f), _CMP_EQ_OQ), &taken);
        v = take4(v, k1, _mm_cmp_ps(xs, _mm_set1_ps(-1.0f), _CMP_LT_OQ), &taken);
        v = take4(v, k2, _mm_cmp_ps(xs, inf, _CMP_EQ_OQ), &taken);
        break;
    case KM_SIN:
    case KM_COS:
    case KM_TAN: v = take4(v, k0, _mm_cmp_ps(_mm_andnot_ps(sign, xs), inf, _CMP_EQ_OQ), &taken); break;
    case KM_CBRT: {
        __m128 a = _mm_andnot_ps(sign, xs);
        __m128 same = _mm_or_ps(_mm_cmp_ps(a, _mm_setzero_ps(), _CMP_EQ_OQ), _mm_cmp_ps(a, inf, _CMP_EQ_OQ));
        v = take4(v, xs, same, &taken);
        break;
    }
    case KM_EXP:
    case KM_TANH:
    case KM_EXPM1:
    case KM_COUNT: break;
    }
    *bad = (*bad | special) & ~taken;
    return v;
}

/* One loop per function (fn is a constant in each caller below). */
AVX2_INLINE int64_t run_avx2_loop(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n)
{
    int64_t slow = 0;
    uint32_t konst[3];
    bool nan_quiet;
    library_facts(fn, n, konst, &nan_quiet);
    const __m128 quiet = _mm_castsi128_ps(_mm_set1_epi32(0x00400000));
    for (int64_t at = 0; at < n; at += 8) {
        uint32_t xs[8], ys[8];
        const uint32_t *src = x + at;
        int nb = n - at < 8 ? (int)(n - at) : 8;
        if (nb < 8) {
            memset(xs, 0, sizeof xs);
            memcpy(xs, src, (size_t)nb * sizeof *xs);
            src = xs;
        }
        __m128 x0 = _mm_loadu_ps((const float *)src), x1 = _mm_loadu_ps((const float *)src + 4);
        int b0, b1;
        if (plain8(fn, _mm256_set_m128(x1, x0))) { /* (the padding of a short tail is 0: not plain for log) */
            __m128 p0, p1;
            if (fn == KM_LOG) {
                __m256 p = kern_logf32_round8(_mm256_set_m128(x1, x0), &b0);
                p0 = _mm256_castps256_ps128(p);
                p1 = _mm256_extractf128_ps(p, 1);
                b1 = 0;
            } else if (fn == KM_SIN && sin_direct8(_mm256_set_m128(x1, x0))) {
                p0 = kern_band_round4(sin_direct4(x0), &b0);
                p1 = kern_band_round4(sin_direct4(x1), &b1);
            } else {
                p0 = plain4(fn, x0, &b0);
                p1 = plain4(fn, x1, &b1);
            }
            if (nb == 8 && !(b0 | b1)) {
                _mm_storeu_ps((float *)(r + at), p0);
                _mm_storeu_ps((float *)(r + at) + 4, p1);
                continue;
            }
        }
        __m128 y0 = round4(fn, x0, konst, &b0), y1 = round4(fn, x1, konst, &b1);
        unsigned bad = ((unsigned)b1 << 4 | (unsigned)b0) & ((1u << nb) - 1);
        if (bad && nan_quiet) { /* NaN lanes (always in bad): x made quiet */
            __m128 n0 = _mm_cmp_ps(x0, x0, _CMP_UNORD_Q), n1 = _mm_cmp_ps(x1, x1, _CMP_UNORD_Q);
            y0 = _mm_blendv_ps(y0, _mm_or_ps(x0, quiet), n0);
            y1 = _mm_blendv_ps(y1, _mm_or_ps(x1, quiet), n1);
            bad &= ~(unsigned)(_mm_movemask_ps(n1) << 4 | _mm_movemask_ps(n0));
        }
        if (nb == 8 && !bad) {
            _mm_storeu_ps((float *)(r + at), y0);
            _mm_storeu_ps((float *)(r + at) + 4, y1);
            continue;
        }
        /* rare: through copies, so that r may be x */
        _mm_storeu_ps((float *)xs, x0);
        _mm_storeu_ps((float *)xs + 4, x1);
        _mm_storeu_ps((float *)ys, y0);
        _mm_storeu_ps((float *)ys + 4, y1);
        for (int i = 0; i < nb; i++) {
            if (bad >> i & 1) {
                ys[i] = kern_f32_classb(libm_fn[fn], xs[i]);
                slow++;
            }
        }
        memcpy(r + at, ys, (size_t)nb * sizeof *ys);
    }
    return slow;
}

AVX2 static int64_t run_avx2(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n)
{
    switch (fn) {
    case KM_EXP: return run_avx2_loop(KM_EXP, x, r, n);
    case KM_LOG: return run_avx2_loop(KM_LOG, x, r, n);
    case KM_TANH: return run_avx2_loop(KM_TANH, x, r, n);
    case KM_SIN: return run_avx2_loop(KM_SIN, x, r, n);
    case KM_COS: return run_avx2_loop(KM_COS, x, r, n);
    case KM_TAN: return run_avx2_loop(KM_TAN, x, r, n);
    case KM_EXPM1: return run_avx2_loop(KM_EXPM1, x, r, n);
    case KM_LOG1P: return run_avx2_loop(KM_LOG1P, x, r, n);
    case KM_CBRT: return run_avx2_loop(KM_CBRT, x, r, n);
    case KM_COUNT: break;
    }
    return 0;
}

/* y as run_avx2_loop computes it: eight lanes at a time, a plain vector of
 * log or a sine vector up to SIN_DIRECT_MAX through its own steps */
AVX2 static void approx_avx2(kern_mathf32_fn fn, const uint32_t *x, double *y, int64_t n)
{
    for (int64_t at = 0; at < n; at += 8) {
        uint32_t xs[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
        double out[8];
        int nb = n - at < 8 ? (int)(n - at) : 8, special[2];
        memcpy(xs, x + at, (size_t)nb * sizeof *xs);
        __m256 v = _mm256_loadu_ps((const float *)xs);
        __m256d y0, y1;
        special[0] = special[1] = 0;
        if (nb == 8 && fn == KM_LOG && plain8(fn, v)) {
            kern_logf32_approx8(v, &y0, &y1);
        } else if (nb == 8 && fn == KM_SIN && plain8(fn, v) && sin_direct8(v)) {
            y0 = sin_direct4(_mm256_castps256_ps128(v));
            y1 = sin_direct4(_mm256_extractf128_ps(v, 1));
        } else {
            y0 = approx4(fn, _mm256_castps256_ps128(v), &special[0]);
            y1 = approx4(fn, _mm256_extractf128_ps(v, 1), &special[1]);
        }
        _mm256_storeu_pd(out, y0);
        _mm256_storeu_pd(out + 4, y1);
        for (int i = 0; i < nb; i++) {
            if ((fn == KM_TANH || fn == KM_CBRT) && (xs[i] & 0x80000000u))
                out[i] = -out[i];
            y[at + i] = special[i / 4] >> i % 4 & 1 ? NAN : out[i];
        }
    }
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ---------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

int64_t kern_f32_math_on(kern_mathf32_fn fn, kern_mathf32_path path, const uint32_t *x, uint32_t *r,
                         int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return run_avx2(fn, x, r, n);
#endif
    return run_generic(fn, x, r, n);
}

bool kern_f32_math_approx(kern_mathf32_fn fn, kern_mathf32_path path, const uint32_t *x, double *y,
                          int64_t n)
{
    if (!path_runs(path))
        return false;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2) {
        approx_avx2(fn, x, y, n);
        return true;
    }
#endif
    approx_generic(fn, x, y, n);
    return true;
}

static void run(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n)
{
    kern_f32_math_on(fn, path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC, x, r, n);
}

void kern_f32_exp(const uint32_t *x, uint32_t *r, int64_t n) { run(KM_EXP, x, r, n); }
void kern_f32_log(const uint32_t *x, uint32_t *r, int64_t n) { run(KM_LOG, x, r, n); }
void kern_f32_tanh(const uint32_t *x, uint32_t *r, int64_t n) { run(KM_TANH, x, r, n); }
void kern_f32_math(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n) { run(fn, x, r, n); }
