/* Fast power on f32, bf16 and f16, bit-identical to the class-B definition
 * (kern_powf32.h).
 *
 * Why the result is exact. Let p = a^b be the true power of the operands
 * (exact in binary64), g glibc's binary64 pow and F the rounding of a
 * binary64 value into the element type (ties to even, overflow to Inf,
 * subnormals and zero included; for bf16 and f16 done directly from
 * binary64, never through f32). Each lane computes, in binary64, y with
 * |y - |p|| <= 2^-41 |p| (bounds below); glibc's pow is within 1 binary64
 * ulp, |g - p| <= 2^-52 |p|; so |g| lies in the band [y (1 - 2^-36),
 * y (1 + 2^-36)] with a margin of 2^5 (the products y (1 -+ 2^-36) are
 * rounded, which narrows the band by at most 2^-53 y). F is monotonic:
 * when both ends of the band round to the same value v, every point of it
 * does, |g| included, and v is the answer, with p's sign (F is symmetric).
 * Otherwise (the band holds a rounding boundary: a midpoint between two
 * values of the type, the overflow threshold or a boundary of the subnormal
 * grid, about 2^-10 of the f32 lanes and fewer of the narrow types), and
 * for the special operands (an infinite or NaN base or exponent), the lane
 * is computed by the definition.
 *
 * Negative bases: for an integer exponent b, p = (-1)^b |a|^b exactly, so
 * the lane approximates |a|^b and takes the sign of p (b odd: negative;
 * the band argument holds for |p| as it stands). For a non-integer finite
 * b, pow's result is NaN (C11 F.10.4.4), and glibc makes that NaN the same
 * way for every finite negative base (the invalid operation 0 / 0 of its
 * __math_invalid, the FPU's default NaN): such lanes get the definition's
 * result for a = -1, b = 1/2, computed once per call. The exhaustive bf16
 * and f16 runs of tools/verify_powf32.c check this with the host's glibc.
 *
 * The approximation: |p| = exp(t), t = b ln|a|, on the f32 values of the
 * operands (bf16 and f16 values are f32 values, exactly converted).
 *
 * ln|a| (|a| a positive finite f32, subnormals normal in binary64) is
 * kern_mathf32.c's log, with its constants and its bound: relative error
 * < 2^-48. The product t = b ln|a| rounds once: |t - b ln|a|| <=
 * |t| (2^-48 + 2^-53) (1 + tiny) < |t| 2^-47.9.
 *
 * t is clamped to [-104, 89]: exp(89) > 2^128 rounds to Inf in every
 * type, exp(-104) < 2^-150 (half the smallest f32 subnormal; the narrower
 * types' are larger) rounds to +0, and the computed t is within 2^-40 of
 * b ln|a| there, so no value of p on the clamped side of the true
 * threshold (88.72 for f32 and bf16, 11.09 for f16; -103.97, -92.98,
 * -17.33 for the zeros) lies within reach: the clamped y is rounded like
 * p. Inside, |t| <= 104, so t's absolute error is < 104 2^-47.9 <
 * 2^-41.2, which makes a relative error of at most 2^-41.2 (1 + tiny) in
 * exp(t).
 *
 * exp(t) = 2^k (1 + q), k = round(t / ln2) by adding 1.5 * 2^52 (|k| <=
 * 151), r = (t - k LN2_HI) - k LN2_LO with kern_mathf32.c's 40-bit LN2_HI:
 * k LN2_HI is exact (48 bits); t - k LN2_HI is exact by Sterbenz's lemma
 * for |k| >= 2 (their ratio is within [3/4, 5/4]) and for k = 0, and for
 * |k| = 1 (ratio within [1/2, 3/2] up to the rounding of t / ln2) off by
 * at most half an ulp of |r| <= 0.35, 2^-54; k LN2_LO and the subtraction
 * add < 2^-54 + 2^-90. |LN2_HI + LN2_LO - ln2| < 2^-102 times |k| is
 * negligible. An error of 2^-53 in r is a relative error of 2^-53 in
 * exp(t). q = r + r^2 Q(r), kern_mathf32.c's polynomial: relative error <
 * 2^-48, and 2^k (1 + q) computed as 2^k q + 2^k: < 2^-47 in all with r's.
 *
 * Total: (1 + 2^-41.2)(1 + 2^-47)(1 + 2^-52) - 1 < 2^-41, against the
 * band's 2^-36. tools/verify_powf32.c reports the largest |y - g| / |g|
 * met (about 2^-44 for these operands).
 *
 * Zero bases (with a finite b) have exact results, C11 F.10.4.4: 1 for
 * b = 0, else +0 for b > 0 and +Inf for b < 0, negated for a = -0 and an
 * odd integer b; they are rounded exactly into every type.
 *
 * Two paths compute y. The portable one, pow_block, is C over blocks of
 * BLOCK elements (no fused multiply-adds: the library is built with
 * -ffp-contract=off). The AVX2 path does the same steps on eight lanes at
 * a time, with these differences, each within the bounds above:
 * - the polynomials by Estrin's scheme and the sums of products fused, as
 *   in kern_mathf32.c's AVX2 path (fewer roundings; the choice of k may
 *   differ near a half-integer t / ln2, with |r| still below 0.35);
 * - ln|a|'s split |a| = 2^e m on the f32 pattern, at sqrt(1/2) rounded
 *   down to f32: m in [0.70710677, 1.4142135), |s| < 0.171573, t < 0.02944,
 *   inside R's interval; subnormal bases take the definition there;
 * - integrality and parity of b from its pattern, in integers;
 * - bf16 and f16: the band's ends rounded to f32 first, and the test for a
 *   rounding boundary between them on those patterns (round_half8 says
 *   why that is exact); f16 results below 2^-14 that do not round to +0
 *   take the definition.
 * The results are F(g) or the definition on both paths, so they agree. */
#include "kernels/math/kern_powf32.h"

#include <string.h>

#include "kernels/math/kern_expparts.h"
#include "util/isa.h"
#include "kernels/math/kern_logparts.h"
#include "kernels/math/kern_mathconst.h"

#define BAND_LO (1.0 - 0x1p-36)
#define BAND_HI (1.0 + 0x1p-36)
#define T_MIN (-104.0) /* exp(t) rounds to +0 here and below, in every type */
#define T_MAX 89.0     /* exp(t) rounds to +Inf here and above */
#define F32_ONE 0x3F800000u
#define F32_TWO_TO_30 0x4E800000u /* an even integer, like every f32 from 2^24 up */
#define F32_SQRTH 0x3F3504F3u     /* sqrt(1/2) rounded down to f32 */

enum { BLOCK = 64 };

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* ln x for a positive finite f32 pattern x (kern_mathf32.c's log_approx) */
ALWAYS_INLINE double ln_approx(uint32_t x)
{
    uint64_t u = f64_to_bits((double)bits_to_f32(x));
    uint64_t eb = kern_log_exponent(u);
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    return kern_log_parts(kern_log_exponent_value(eb), m - 1.0);
}

/* exp t for t in [T_MIN, T_MAX] */
ALWAYS_INLINE double exp_approx(double t)
{
    kern_expm1_parts p = kern_expm1_reduce(t);
    return p.scale * p.q + p.scale;
}

/* t limited to [T_MIN, T_MAX] (t is not NaN). With masks on the patterns:
 * under GCC's default -ftrapping-math a conditional between floating-point
 * values keeps the loop from being vectorised. */
ALWAYS_INLINE double clamp(double t)
{
    uint64_t low = -(uint64_t)(t < T_MIN), high = -(uint64_t)(t > T_MAX);
    uint64_t u = f64_to_bits(t);
    u = (u & ~(low | high)) | (f64_to_bits(T_MIN) & low) | (f64_to_bits(T_MAX) & high);
    return bits_to_f64(u);
}

/* One RNE rounding of a positive normal binary64 v into an IEEE format of
 * `mbits` stored mantissa bits and exponent bias `bias`, with selects
 * instead of kern_f64_to_ieee16's branches. sub_magic = 2^(1 - bias -
 * mbits + 52): its ulp is the format's subnormal quantum, so v + sub_magic
 * rounds v (below 2^(1 - bias), far below sub_magic) to a multiple of the
 * quantum, by the FPU's ties-to-even; the difference of the patterns
 * counts the quanta, 2^mbits of them being the smallest normal's pattern. */
ALWAYS_INLINE uint32_t round_ieee16(double v, unsigned mbits, int bias, double sub_magic)
{
    uint64_t u = f64_to_bits(v);
    unsigned shift = 52 - mbits;
    uint64_t q = (u + ((UINT64_C(1) << (shift - 1)) - 1) + ((u >> shift) & 1)) >> shift;
    uint64_t normal = q - ((uint64_t)(1023 - bias) << mbits); /* wraps below the normal range */
    uint64_t inf = (uint64_t)((1u << (15 - mbits)) - 1) << mbits;
    normal = normal > inf ? inf : normal;
    uint64_t sub = f64_to_bits(v + sub_magic) - f64_to_bits(sub_magic);
    uint64_t below = -(uint64_t)(u < ((uint64_t)(1024 - bias) << 52));
    return (uint32_t)((sub & below) | (normal & ~below));
}

ALWAYS_INLINE uint32_t round_into(kern_pow_format fmt, double v)
{
    switch (fmt) {
    case KPF_F32: return f32_to_bits((float)v);
    case KPF_BF16: return round_ieee16(v, 7, 127, 0x1p-81);
    case KPF_F16: return round_ieee16(v, 10, 15, 0x1p28);
    case KPF_COUNT: break;
    }
    return 0;
}

/* A finite f16 pattern's value as an f32 pattern (kern_f16_to_f32's exact
 * rescaling; other patterns give some finite value). */
ALWAYS_INLINE uint32_t f16_as_f32(uint32_t h)
{
    uint32_t mag = f32_to_bits(bits_to_f32((h & 0x7FFFu) << 13) * 0x1p112f);
    return mag | (h & 0x8000u) << 16;
}

/* The patterns of 1, +Inf and the sign bit in the format. */
ALWAYS_INLINE uint32_t one_pattern(kern_pow_format fmt)
{
    return fmt == KPF_F32 ? F32_ONE : fmt == KPF_BF16 ? 0x3F80u : 0x3C00u;
}

ALWAYS_INLINE uint32_t inf_pattern(kern_pow_format fmt)
{
    return fmt == KPF_F32 ? 0x7F800000u : fmt == KPF_BF16 ? 0x7F80u : 0x7C00u;
}

ALWAYS_INLINE uint32_t sign_pattern(kern_pow_format fmt) { return fmt == KPF_F32 ? 0x80000000u : 0x8000u; }

/* One block of BLOCK lanes: r[i] = F(y) with p's sign; returns the mask of
 * the lanes (bit i for lane i) that take the definition. yout (NULL in the
 * kernels) receives the signed y, NaN where it is not used. fmt is a
 * constant in every caller, so each format gets its own loop. */
ALWAYS_INLINE uint64_t pow_block(kern_pow_format fmt, const void *restrict va, const void *restrict vb,
                                 void *restrict vr, uint32_t nan_pattern, double *restrict yout)
{
    uint64_t bad = 0;
    for (int i = 0; i < BLOCK; i++) {
        uint32_t a, b, special, zero;
        switch (fmt) {
        case KPF_F32:
        case KPF_BF16:
            if (fmt == KPF_F32) {
                a = ((const uint32_t *)va)[i];
                b = ((const uint32_t *)vb)[i];
            } else {
                a = (uint32_t)((const uint16_t *)va)[i] << 16;
                b = (uint32_t)((const uint16_t *)vb)[i] << 16;
            }
            special = ((a & 0x7FFFFFFFu) >= 0x7F800000u) | ((b & 0x7FFFFFFFu) >= 0x7F800000u);
            zero = (a & 0x7FFFFFFFu) == 0;
            break;
        case KPF_F16:
        case KPF_COUNT: {
            uint32_t ha = ((const uint16_t *)va)[i], hb = ((const uint16_t *)vb)[i];
            special = ((ha & 0x7FFFu) >= 0x7C00u) | ((hb & 0x7FFFu) >= 0x7C00u);
            zero = (ha & 0x7FFFu) == 0;
            a = f16_as_f32(ha);
            b = f16_as_f32(hb);
            break;
        }
        }
        zero &= special ^ 1u;
        /* the lanes whose y is not used compute 1^0 instead, harmlessly */
        uint32_t keep = (special | zero) - 1u;
        uint32_t mag = ((a & 0x7FFFFFFFu) & keep) | (F32_ONE & ~keep);
        uint32_t negative = a >> 31 & ~special;

        /* b's integrality and parity: the magnitude, capped at an even
         * integer (which keeps both; Inf and NaN patterns are capped too),
         * rounded to an integer in the low bits of s */
        uint32_t bm = b & 0x7FFFFFFFu;
        bm = bm > F32_TWO_TO_30 ? F32_TWO_TO_30 : bm;
        double bd = (double)bits_to_f32(bm);
        double s = bd + 0x1p52;
        uint32_t integral = (s - 0x1p52) == bd;
        uint32_t odd = integral & (uint32_t)f64_to_bits(s) & 1u;
        uint32_t nan_lane = negative & (integral ^ 1u) & (zero ^ 1u);

        double t = (double)bits_to_f32(b & keep) * ln_approx(mag);
        double y = exp_approx(clamp(t));

        uint32_t lo = round_into(fmt, y * BAND_LO), hi = round_into(fmt, y * BAND_HI);
        uint32_t sign = sign_pattern(fmt) & -(negative & odd);
        uint32_t v = hi | sign;
        uint32_t use_nan = -nan_lane;
        v = (v & ~use_nan) | (nan_pattern & use_nan);
        /* a zero base: 1 for a zero exponent, else +0 or +Inf by b's sign,
         * negated for an odd integer b and a -0 (C11 F.10.4.4) */
        uint32_t b_zero = (b & 0x7FFFFFFFu) == 0, b_negative = b >> 31 & (b_zero ^ 1u);
        uint32_t zero_value = (one_pattern(fmt) & -b_zero) | (inf_pattern(fmt) & -b_negative) | sign;
        uint32_t use_zero = -zero;
        v = (v & ~use_zero) | (zero_value & use_zero);
        uint32_t lane_bad = ((lo != hi) & (nan_lane ^ 1u) & (zero ^ 1u)) | special;
        if (fmt == KPF_F32)
            ((uint32_t *)vr)[i] = v;
        else
            ((uint16_t *)vr)[i] = (uint16_t)v;
        bad |= (uint64_t)lane_bad << i;
        if (yout) {
            uint64_t unused = -(uint64_t)(special | nan_lane | zero);
            uint64_t signed_y = f64_to_bits(y) | (uint64_t)(negative & odd) << 63;
            yout[i] = bits_to_f64((signed_y & ~unused) | (f64_to_bits(NAN) & unused));
        }
    }
    return bad;
}

/* ---- the definition and the driver --------------------------------------- */

static uint32_t definition(kern_pow_format fmt, uint32_t a, uint32_t b)
{
    switch (fmt) {
    case KPF_F32: return kern_f32_pow_definition(a, b);
    case KPF_BF16: return kern_half_pow_definition(true, (uint16_t)a, (uint16_t)b);
    case KPF_F16: return kern_half_pow_definition(false, (uint16_t)a, (uint16_t)b);
    case KPF_COUNT: break;
    }
    return 0;
}

/* The result of every finite negative base with a finite non-integer
 * exponent (the head comment). The operands are volatile: a compiler may
 * fold pow of constants into a NaN of its own (clang makes +NaN where
 * glibc's 0 / 0 gives x86's default -NaN). */
static uint32_t invalid_pattern(kern_pow_format fmt)
{
    volatile uint32_t minus_one, half;
    switch (fmt) {
    case KPF_F32: minus_one = 0xBF800000u, half = 0x3F000000u; break;
    case KPF_BF16: minus_one = 0xBF80u, half = 0x3F00u; break;
    case KPF_F16: minus_one = 0xBC00u, half = 0x3800u; break;
    case KPF_COUNT: return 0;
    }
    return definition(fmt, minus_one, half);
}

typedef uint64_t (*block_fn)(kern_pow_format fmt, const void *a, const void *b, void *r, uint32_t nan_pattern,
                             double *yout);

static uint64_t block_generic(kern_pow_format fmt, const void *a, const void *b, void *r, uint32_t nan_pattern,
                              double *yout)
{
    switch (fmt) {
    case KPF_F32:
        return yout ? pow_block(KPF_F32, a, b, r, nan_pattern, yout) : pow_block(KPF_F32, a, b, r, nan_pattern, NULL);
    case KPF_BF16:
        return yout ? pow_block(KPF_BF16, a, b, r, nan_pattern, yout) : pow_block(KPF_BF16, a, b, r, nan_pattern, NULL);
    case KPF_F16:
        return yout ? pow_block(KPF_F16, a, b, r, nan_pattern, yout) : pow_block(KPF_F16, a, b, r, nan_pattern, NULL);
    case KPF_COUNT: break;
    }
    return 0;
}

#if defined(__x86_64__) || defined(__i386__)

/* The AVX2 path: pow_block's steps on four lanes at a time, the
 * polynomials and the sums of products fused (kern_mathf32.c's AVX2 path
 * does the same): y differs from the portable path's in its last bits,
 * within the same bound (a fused step rounds once where the separate ones
 * round twice; the choice of k may differ near a half-integer t / ln2,
 * with |r| still below 0.35). */
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX2_INLINE static inline __attribute__((always_inline)) AVX2

#define SET1D _mm256_set1_pd
#define SET1Q(v) _mm256_set1_epi64x((long long)(v))

/* ln x = e ln2 + ln m for x = 2^e m, m given as an f32 pattern in
 * [F32_SQRTH, 2 F32_SQRTH) and e as an integer (stage_ln8 splits x) */
AVX2_INLINE __m256d ln_approx4(__m128i m_bits, __m128i e_int)
{
    __m256d m = _mm256_cvtps_pd(_mm_castsi128_ps(m_bits));
    return kern_log_parts4(_mm256_cvtepi32_pd(e_int), _mm256_sub_pd(m, SET1D(1.0)));
}

AVX2_INLINE __m256d exp_approx4(__m256d t)
{
    __m256d kd = _mm256_fmadd_pd(t, SET1D(INV_LN2), SET1D(SHIFT));
    __m256d k = _mm256_sub_pd(kd, SET1D(SHIFT));
    __m256d r = _mm256_fnmadd_pd(k, SET1D(LN2_LO), _mm256_fnmadd_pd(k, SET1D(LN2_HI), t));
    __m256d r2 = _mm256_mul_pd(r, r);
    __m256d r4 = _mm256_mul_pd(r2, r2);
    __m256d q01 = _mm256_fmadd_pd(SET1D(Q1), r, SET1D(Q0));
    __m256d q23 = _mm256_fmadd_pd(SET1D(Q3), r, SET1D(Q2));
    __m256d q45 = _mm256_fmadd_pd(SET1D(Q5), r, SET1D(Q4));
    __m256d q67 = _mm256_fmadd_pd(SET1D(Q7), r, SET1D(Q6));
    __m256d q03 = _mm256_fmadd_pd(q23, r2, q01);
    __m256d q48 = _mm256_fmadd_pd(SET1D(Q8), r4, _mm256_fmadd_pd(q67, r2, q45));
    __m256d q = _mm256_fmadd_pd(r2, _mm256_fmadd_pd(q48, r4, q03), r);
    __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(_mm256_castpd_si256(kd), SET1Q(1023)), 52));
    return _mm256_fmadd_pd(scale, q, scale);
}

/* Whether the band's ends, rounded to f32 (lo, hi: non-negative
 * patterns, Inf included), decide the rounding into bf16 or f16, and the
 * result: every rounding boundary of bf16 and f16 (a midpoint between
 * neighbours, the one to Inf included; f16's subnormal ones aside) is an
 * f32 value m, so the f32 rounding F32, being monotonic and fixing m,
 * cannot move a point across m: when no boundary lies in [lo, hi], none
 * lies in the real band, all of which rounds like hi, which is no tie.
 * The boundaries' patterns are evenly spaced: k 2^16 + 2^15 for bf16
 * (its values are the f32 patterns' high halves), k 2^13 + 2^12 for f16
 * from its smallest normal 2^-14 on. [lo, hi] holds none when (hi - half)
 * and (lo - half - 1) fall in the same step. f16 results below 2^-14 are
 * accepted only when hi is below 2^-25, so that they round to +0: the
 * others take the definition. *ok gets the lanes that are decided. */
AVX2_INLINE __m256i round_half8(kern_pow_format fmt, __m256i lo, __m256i hi, __m256i *ok)
{
    if (fmt == KPF_BF16) {
        __m256i above = _mm256_srai_epi32(_mm256_sub_epi32(hi, _mm256_set1_epi32(0x8000)), 16);
        __m256i below = _mm256_srai_epi32(_mm256_sub_epi32(lo, _mm256_set1_epi32(0x8001)), 16);
        *ok = _mm256_cmpeq_epi32(above, below);
        __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(hi, 16), _mm256_set1_epi32(1));
        return _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(hi, _mm256_set1_epi32(0x7FFF)), lsb), 16);
    }
    /* f16: beyond 65520 (0x477FF000, the boundary to Inf) every value
     * rounds to Inf: the ends are capped just above it */
    const __m256i cap = _mm256_set1_epi32(0x477FF001);
    __m256i above = _mm256_srli_epi32(_mm256_sub_epi32(_mm256_min_epi32(hi, cap), _mm256_set1_epi32(0x1000)), 13);
    __m256i below = _mm256_srli_epi32(_mm256_sub_epi32(_mm256_min_epi32(lo, cap), _mm256_set1_epi32(0x1001)), 13);
    __m256i normal = _mm256_cmpgt_epi32(lo, _mm256_set1_epi32(0x387FFFFF));
    __m256i to_zero = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x33000000), hi);
    *ok = _mm256_or_si256(_mm256_and_si256(normal, _mm256_cmpeq_epi32(above, below)), to_zero);
    /* kern_binary.c's f32_to_f16_sel on the normal range */
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(hi, 13), _mm256_set1_epi32(1));
    __m256i v = _mm256_srli_epi32(
        _mm256_sub_epi32(_mm256_add_epi32(_mm256_add_epi32(hi, _mm256_set1_epi32(0xFFF)), lsb), _mm256_set1_epi32(0x38000000)), 13);
    v = _mm256_min_epi32(v, _mm256_set1_epi32(0x7C00));
    return _mm256_andnot_si256(to_zero, v);
}

#define SET8I(v) _mm256_set1_epi32((int)(v))

/* A group of eight lanes between the two stages of pow_block_avx2. */
typedef struct {
    __m256d t_lo, t_hi;                              /* b ln|a|, clamped: lanes 0-3, 4-7 */
    __m256i special, zero, sign, nan_lane, zero_value; /* 32-bit lanes */
} group8;

/* b's integrality and parity from its f32 pattern, in integers (the
 * portable path's test is on the value): with E the biased exponent and
 * the significand with its leading bit (forced also for subnormals, which
 * are not integers), the bits of b below the binary point are the low
 * 150 - E of the significand (none from E = 150 on: all larger f32 values
 * are even integers; all of them, the leading one included, below E =
 * 127: only a zero is an integer there); the units bit is the next one
 * up. */
AVX2_INLINE __m256i integral8(__m256i b, __m256i *odd)
{
    __m256i mag = _mm256_and_si256(b, SET8I(0x7FFFFFFF));
    __m256i e = _mm256_srli_epi32(mag, 23);
    __m256i below = _mm256_max_epi32(_mm256_sub_epi32(SET8I(150), e), _mm256_setzero_si256());
    /* shift counts above 31 make 0, so the fraction mask is all ones */
    __m256i fraction = _mm256_sub_epi32(_mm256_sllv_epi32(SET8I(1), below), SET8I(1));
    __m256i significand = _mm256_or_si256(_mm256_and_si256(mag, SET8I(0x7FFFFF)), SET8I(0x800000));
    __m256i integral = _mm256_or_si256(_mm256_cmpeq_epi32(_mm256_and_si256(significand, fraction), _mm256_setzero_si256()),
                                       _mm256_cmpeq_epi32(mag, _mm256_setzero_si256()));
    __m256i units = _mm256_and_si256(_mm256_srlv_epi32(significand, below), SET8I(1));
    __m256i in_range = _mm256_cmpgt_epi32(SET8I(151), e);
    *odd = _mm256_and_si256(_mm256_and_si256(integral, in_range), _mm256_cmpeq_epi32(units, SET8I(1)));
    return integral;
}

/* pow_block's steps up to t, on the eight lanes from `at` on. */
AVX2_INLINE group8 stage_ln8(kern_pow_format fmt, const void *va, const void *vb, int at)
{
    __m256i a, b, special, zero;
    const __m256i abs32 = SET8I(0x7FFFFFFF);
    switch (fmt) {
    case KPF_F32:
    case KPF_BF16:
        if (fmt == KPF_F32) {
            a = _mm256_loadu_si256((const __m256i *)((const uint32_t *)va + at));
            b = _mm256_loadu_si256((const __m256i *)((const uint32_t *)vb + at));
        } else {
            a = _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)va + at))), 16);
            b = _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)vb + at))), 16);
        }
        /* signed comparisons: the magnitudes are below 2^31; subnormal
         * bases are special here (rare; ln_approx4's split needs an
         * exponent field) */
        special = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_and_si256(a, abs32), SET8I(0x7F7FFFFF)),
                                  _mm256_cmpgt_epi32(_mm256_and_si256(b, abs32), SET8I(0x7F7FFFFF)));
        zero = _mm256_cmpeq_epi32(_mm256_and_si256(a, abs32), _mm256_setzero_si256());
        special = _mm256_or_si256(special, _mm256_andnot_si256(zero, _mm256_cmpgt_epi32(SET8I(0x00800000), _mm256_and_si256(a, abs32))));
        break;
    case KPF_F16:
    case KPF_COUNT: {
        __m256i ha = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)va + at)));
        __m256i hb = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)vb + at)));
        const __m256i abs16 = SET8I(0x7FFF);
        __m256i ma = _mm256_and_si256(ha, abs16), mb = _mm256_and_si256(hb, abs16);
        special = _mm256_or_si256(_mm256_cmpgt_epi32(ma, SET8I(0x7BFF)), _mm256_cmpgt_epi32(mb, SET8I(0x7BFF)));
        zero = _mm256_cmpeq_epi32(ma, _mm256_setzero_si256());
        /* f16_as_f32 */
        __m256 scale = _mm256_set1_ps(0x1p112f);
        a = _mm256_or_si256(_mm256_castps_si256(_mm256_mul_ps(_mm256_castsi256_ps(_mm256_slli_epi32(ma, 13)), scale)),
                            _mm256_slli_epi32(_mm256_andnot_si256(abs16, ha), 16));
        b = _mm256_or_si256(_mm256_castps_si256(_mm256_mul_ps(_mm256_castsi256_ps(_mm256_slli_epi32(mb, 13)), scale)),
                            _mm256_slli_epi32(_mm256_andnot_si256(abs16, hb), 16));
        break;
    }
    }
    zero = _mm256_andnot_si256(special, zero);
    __m256i skip = _mm256_or_si256(special, zero);
    __m256i mag = _mm256_blendv_epi8(_mm256_and_si256(a, abs32), SET8I(F32_ONE), skip);
    __m256i negative = _mm256_andnot_si256(special, _mm256_srai_epi32(a, 31));
    __m256i odd, integral = integral8(b, &odd);
    __m256i sign = _mm256_and_si256(_mm256_and_si256(negative, odd), SET8I(sign_pattern(fmt)));

    __m256i b_zero = _mm256_cmpeq_epi32(_mm256_and_si256(b, abs32), _mm256_setzero_si256());
    __m256i b_negative = _mm256_andnot_si256(b_zero, _mm256_srai_epi32(b, 31));
    __m256i zero_value = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(b_zero, SET8I(one_pattern(fmt))),
                                                         _mm256_and_si256(b_negative, SET8I(inf_pattern(fmt)))), sign);

    /* |a| = 2^e m on the f32 patterns (normal ones: subnormal bases are
     * special on this path) */
    __m256i e = _mm256_srai_epi32(_mm256_sub_epi32(mag, SET8I(F32_SQRTH)), 23);
    __m256i m = _mm256_sub_epi32(mag, _mm256_slli_epi32(e, 23));
    __m256i bt = _mm256_andnot_si256(skip, b);
    __m256d t_lo = _mm256_mul_pd(_mm256_cvtps_pd(_mm_castsi128_ps(_mm256_castsi256_si128(bt))),
                                 ln_approx4(_mm256_castsi256_si128(m), _mm256_castsi256_si128(e)));
    __m256d t_hi = _mm256_mul_pd(_mm256_cvtps_pd(_mm_castsi128_ps(_mm256_extracti128_si256(bt, 1))),
                                 ln_approx4(_mm256_extracti128_si256(m, 1), _mm256_extracti128_si256(e, 1)));
    /* t is not NaN: max and min pick as pow_block's comparisons do */
    t_lo = _mm256_min_pd(_mm256_max_pd(t_lo, SET1D(T_MIN)), SET1D(T_MAX));
    t_hi = _mm256_min_pd(_mm256_max_pd(t_hi, SET1D(T_MIN)), SET1D(T_MAX));
    __m256i nan_lane = _mm256_andnot_si256(_mm256_or_si256(integral, zero), negative);
    return (group8){ t_lo, t_hi, special, zero, sign, nan_lane, zero_value };
}

/* The rest: y, its rounding, the sign, the NaN and zero lanes; returns the
 * results (32-bit lanes) and puts the lanes that take the definition in
 * *bad. */
AVX2_INLINE __m256i stage_exp8(kern_pow_format fmt, group8 g, uint32_t nan_pattern, int *bad, double *yout)
{
    __m256d y_lo = exp_approx4(g.t_lo), y_hi = exp_approx4(g.t_hi);
    __m256i lo = _mm256_castps_si256(_mm256_set_m128(_mm256_cvtpd_ps(_mm256_mul_pd(y_hi, SET1D(BAND_LO))),
                                                     _mm256_cvtpd_ps(_mm256_mul_pd(y_lo, SET1D(BAND_LO)))));
    __m256i hi = _mm256_castps_si256(_mm256_set_m128(_mm256_cvtpd_ps(_mm256_mul_pd(y_hi, SET1D(BAND_HI))),
                                                     _mm256_cvtpd_ps(_mm256_mul_pd(y_lo, SET1D(BAND_HI)))));
    __m256i same;
    if (fmt == KPF_F32)
        same = _mm256_cmpeq_epi32(lo, hi);
    else
        hi = round_half8(fmt, lo, hi, &same);
    __m256i v = _mm256_or_si256(hi, g.sign);
    v = _mm256_blendv_epi8(v, SET8I(nan_pattern), g.nan_lane);
    v = _mm256_blendv_epi8(v, g.zero_value, g.zero);
    __m256i fixed = _mm256_or_si256(g.nan_lane, g.zero);
    __m256i differ = _mm256_andnot_si256(_mm256_or_si256(same, fixed), SET8I(-1));
    *bad = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(differ, g.special)));
    if (yout) {
        __m256i unused = _mm256_or_si256(g.special, fixed);
        __m256i negate = _mm256_cmpeq_epi32(g.sign, SET8I(sign_pattern(fmt)));
        for (int half = 0; half < 2; half++) {
            __m128i u4 = half ? _mm256_extracti128_si256(unused, 1) : _mm256_castsi256_si128(unused);
            __m128i n4 = half ? _mm256_extracti128_si256(negate, 1) : _mm256_castsi256_si128(negate);
            __m256i sy = _mm256_or_si256(_mm256_castpd_si256(half ? y_hi : y_lo),
                                         _mm256_slli_epi64(_mm256_cvtepi32_epi64(n4), 63));
            sy = _mm256_blendv_epi8(sy, _mm256_castpd_si256(SET1D(NAN)), _mm256_cvtepi32_epi64(u4));
            _mm256_storeu_pd(yout + 4 * half, _mm256_castsi256_pd(sy));
        }
    }
    return v;
}

/* In two stages over the block: each stage's groups are independent, so
 * that the processor overlaps their long dependency chains. */
AVX2_INLINE uint64_t pow_block_avx2(kern_pow_format fmt, const void *va, const void *vb, void *vr,
                                    uint32_t nan_pattern, double *yout)
{
    group8 g[BLOCK / 8];
    for (int k = 0; k < BLOCK / 8; k++)
        g[k] = stage_ln8(fmt, va, vb, 8 * k);
    uint64_t bad = 0;
    for (int k = 0; k < BLOCK / 8; k++) {
        int b8;
        __m256i v = stage_exp8(fmt, g[k], nan_pattern, &b8, yout ? yout + 8 * k : NULL);
        if (fmt == KPF_F32)
            _mm256_storeu_si256((__m256i *)((uint32_t *)vr + 8 * k), v);
        else /* the 16-bit results, in lane order */
            _mm_storeu_si128((__m128i *)((uint16_t *)vr + 8 * k),
                             _mm_packus_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
        bad |= (uint64_t)(unsigned)b8 << (8 * k);
    }
    return bad;
}

AVX2 static uint64_t block_avx2(kern_pow_format fmt, const void *a, const void *b, void *r, uint32_t nan_pattern,
                                double *yout)
{
    switch (fmt) {
    case KPF_F32:
        return yout ? pow_block_avx2(KPF_F32, a, b, r, nan_pattern, yout) : pow_block_avx2(KPF_F32, a, b, r, nan_pattern, NULL);
    case KPF_BF16:
        return yout ? pow_block_avx2(KPF_BF16, a, b, r, nan_pattern, yout) : pow_block_avx2(KPF_BF16, a, b, r, nan_pattern, NULL);
    case KPF_F16:
        return yout ? pow_block_avx2(KPF_F16, a, b, r, nan_pattern, yout) : pow_block_avx2(KPF_F16, a, b, r, nan_pattern, NULL);
    case KPF_COUNT: break;
    }
    return 0;
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

static block_fn path_block(kern_mathf32_path path)
{
    switch (path) {
    case KMP_GENERIC: return block_generic;
    case KMP_AVX2:
#if HAVE_AVX2_PATH
        if (isa_avx2())
            return block_avx2;
#endif
        return NULL;
    case KMP_COUNT: break;
    }
    return NULL;
}

/* Whether the n elements of size es at r overlap those at x. */
static bool overlap(const void *r, const void *x, int64_t n, size_t es)
{
    uintptr_t r0 = (uintptr_t)r, x0 = (uintptr_t)x, len = (uintptr_t)n * es;
    return r0 < x0 + len && x0 < r0 + len;
}

static int64_t run(kern_pow_format fmt, block_fn block, const void *a, const void *b, void *r, int64_t n,
                   double *y)
{
    /* copies in and out of the blocks let r be a or b (the definition
     * needs the operands after the block has stored its results) and give
     * the last block its padding (zeros) */
    uint32_t in_a[BLOCK], in_b[BLOCK], out[BLOCK];
    size_t es = fmt == KPF_F32 ? sizeof(uint32_t) : sizeof(uint16_t);
    bool direct = !overlap(r, a, n, es) && !overlap(r, b, n, es);
    uint32_t nan_pattern = invalid_pattern(fmt);
    int64_t slow = 0;
    for (int64_t at = 0; at < n; at += BLOCK) {
        int nb = n - at < BLOCK ? (int)(n - at) : BLOCK;
        const void *pa = (const char *)a + (size_t)at * es, *pb = (const char *)b + (size_t)at * es;
        void *pr = (char *)r + (size_t)at * es;
        if (!direct || nb < BLOCK) {
            memcpy(in_a, pa, (size_t)nb * es);
            memcpy(in_b, pb, (size_t)nb * es);
            memset((char *)in_a + (size_t)nb * es, 0, (size_t)(BLOCK - nb) * es);
            memset((char *)in_b + (size_t)nb * es, 0, (size_t)(BLOCK - nb) * es);
            pa = in_a;
            pb = in_b;
            pr = out;
        }
        uint64_t bad = block(fmt, pa, pb, pr, nan_pattern, y ? y + at : NULL);
        bad &= nb < BLOCK ? (UINT64_C(1) << nb) - 1 : ~UINT64_C(0);
        for (; bad; bad &= bad - 1) {
            int i = __builtin_ctzll(bad);
            slow++;
            if (fmt == KPF_F32)
                ((uint32_t *)pr)[i] = definition(fmt, ((const uint32_t *)pa)[i], ((const uint32_t *)pb)[i]);
            else
                ((uint16_t *)pr)[i] = (uint16_t)definition(fmt, ((const uint16_t *)pa)[i], ((const uint16_t *)pb)[i]);
        }
        if (pr == out)
            memcpy((char *)r + (size_t)at * es, out, (size_t)nb * es);
    }
    return slow;
}

/* ---- entry points ---------------------------------------------------------- */

int64_t kern_pow_on(kern_pow_format fmt, kern_mathf32_path path, const void *a, const void *b, void *r,
                    int64_t n)
{
    block_fn block = path_block(path);
    return block ? run(fmt, block, a, b, r, n, NULL) : -1;
}

bool kern_pow_approx(kern_pow_format fmt, kern_mathf32_path path, const void *a, const void *b, double *y,
                     int64_t n)
{
    block_fn block = path_block(path);
    if (!block)
        return false;
    /* y's blocks are written whole: a full-length scratch result for the
     * patterns, the tail through a copy */
    int64_t whole = n / BLOCK * BLOCK;
    size_t es = fmt == KPF_F32 ? sizeof(uint32_t) : sizeof(uint16_t);
    uint32_t scratch[BLOCK];
    double tail[BLOCK];
    for (int64_t at = 0; at < whole; at += BLOCK)
        run(fmt, block, (const char *)a + (size_t)at * es, (const char *)b + (size_t)at * es, scratch, BLOCK,
            y + at);
    if (whole < n) {
        run(fmt, block, (const char *)a + (size_t)whole * es, (const char *)b + (size_t)whole * es, scratch,
            n - whole, tail);
        memcpy(y + whole, tail, (size_t)(n - whole) * sizeof *y);
    }
    return true;
}

static block_fn best_block(void)
{
    block_fn avx2 = path_block(KMP_AVX2);
    return avx2 ? avx2 : block_generic;
}

void kern_f32_pow(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n) { run(KPF_F32, best_block(), a, b, r, n, NULL); }
void kern_bf16_pow(const uint16_t *a, const uint16_t *b, uint16_t *r, int64_t n) { run(KPF_BF16, best_block(), a, b, r, n, NULL); }
void kern_f16_pow(const uint16_t *a, const uint16_t *b, uint16_t *r, int64_t n) { run(KPF_F16, best_block(), a, b, r, n, NULL); }
