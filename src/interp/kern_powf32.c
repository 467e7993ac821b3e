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
 * for the special operands (a zero, infinite or NaN base, an infinite or
 * NaN exponent), the lane is computed by the definition.
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
 * Two paths compute y with the same C source: the portable build over
 * blocks of BLOCK elements (vectorised by the compiler for the baseline
 * target) and the same blocks compiled for AVX2 (the library is built with
 * -ffp-contract=off, so neither fuses a multiply-add and both give the
 * same y bits, each covered by the bound above). */
#include "interp/kern_powf32.h"

#include <string.h>

#include "interp/kern_isa.h"

#define SHIFT 0x1.8p52 /* t + SHIFT rounds t (|t| < 2^51) to an integer, in the low bits */
#define INV_LN2 0x1.71547652b82fep+0
#define LN2_HI 0x1.62e42fefa2000p-1 /* 40 significant bits */
#define LN2_LO 0x1.9ef35793c7673p-41
#define BAND_LO (1.0 - 0x1p-36)
#define BAND_HI (1.0 + 0x1p-36)
#define T_MIN (-104.0) /* exp(t) rounds to +0 here and below, in every type */
#define T_MAX 89.0     /* exp(t) rounds to +Inf here and above */
#define SQRTH_BITS UINT64_C(0x3FE6A09E667F3BCD) /* sqrt(1/2) */
#define F32_ONE 0x3F800000u
#define F32_TWO_TO_30 0x4E800000u /* an even integer, like every f32 from 2^24 up */

/* kern_mathf32.c's polynomials. (e^r - 1 - r) / r^2 on [-0.35, 0.35]: */
#define Q0 0x1.0000000000000p-1
#define Q1 0x1.555555555395fp-3
#define Q2 0x1.5555555554c04p-5
#define Q3 0x1.1111111cf45efp-7
#define Q4 0x1.6c16c17403215p-10
#define Q5 0x1.a019aa4cb0aacp-13
#define Q6 0x1.a019c76bca76ap-16
#define Q7 0x1.72cbc2d6bad60p-19
#define Q8 0x1.28834fa5eb0e5p-22

/* (2 atanh(s) - 2s) / s^3 as a function of t = s^2 on [0, 0.0295] */
#define R0 0x1.55555555553b8p-1
#define R1 0x1.9999999b8677ap-2
#define R2 0x1.2492462af84a8p-2
#define R3 0x1.c71fccd953b29p-3
#define R4 0x1.7382dbfa15dbcp-3
#define R5 0x1.546a3156253dap-3

enum { BLOCK = 64 };

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* ln x for a positive finite f32 pattern x (kern_mathf32.c's log_approx) */
ALWAYS_INLINE double ln_approx(uint32_t x)
{
    uint64_t u = f64_to_bits((double)bits_to_f32(x));
    /* eb = e + 1024: the offset keeps the difference positive, so that a
     * logical shift (what vector units have for 64 bits) extracts e */
    uint64_t eb = (u - SQRTH_BITS + (UINT64_C(1024) << 52)) >> 52;
    double m = bits_to_f64(u - ((eb - 1024) << 52));
    /* 2^52 + eb exactly, minus 2^52 + 1024 */
    double e = bits_to_f64(UINT64_C(0x4330000000000000) | eb) - (0x1p52 + 1024.0);
    double f = m - 1.0;
    double s = f / (2.0 + f);
    double t = s * s;
    double rr = R5;
    rr = rr * t + R4;
    rr = rr * t + R3;
    rr = rr * t + R2;
    rr = rr * t + R1;
    rr = rr * t + R0;
    double lm = 2.0 * s + s * (t * rr);
    return e * LN2_HI + (e * LN2_LO + lm);
}

/* exp t for t in [T_MIN, T_MAX] */
ALWAYS_INLINE double exp_approx(double t)
{
    double kd = t * INV_LN2 + SHIFT;
    double k = kd - SHIFT;
    double r = (t - k * LN2_HI) - k * LN2_LO;
    double r2 = r * r;
    double q = Q8;
    q = q * r + Q7;
    q = q * r + Q6;
    q = q * r + Q5;
    q = q * r + Q4;
    q = q * r + Q3;
    q = q * r + Q2;
    q = q * r + Q1;
    q = q * r + Q0;
    q = r + r2 * q;
    /* kd's low bits hold k in two's complement: shifted to the exponent
     * field with the bias they make 2^k */
    double scale = bits_to_f64((f64_to_bits(kd) + 1023) << 52);
    return scale * q + scale;
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

/* One block of BLOCK lanes: r[i] = F(y) with p's sign, bad[i] = 1 where
 * the lane takes the definition; returns whether any does. yout (NULL in
 * the kernels) receives the signed y, NaN where it is not used. fmt is a
 * constant in every caller, so each format gets its own loop. */
ALWAYS_INLINE unsigned pow_block(kern_pow_format fmt, const void *restrict va, const void *restrict vb,
                                 void *restrict vr, unsigned char *restrict bad, uint32_t nan_pattern,
                                 double *restrict yout)
{
    unsigned any = 0;
    for (int i = 0; i < BLOCK; i++) {
        uint32_t a, b, special;
        switch (fmt) {
        case KPF_F32:
            a = ((const uint32_t *)va)[i];
            b = ((const uint32_t *)vb)[i];
            special = ((a & 0x7FFFFFFFu) - 1u >= 0x7F7FFFFFu) | ((b & 0x7FFFFFFFu) >= 0x7F800000u);
            break;
        case KPF_BF16:
            a = (uint32_t)((const uint16_t *)va)[i] << 16;
            b = (uint32_t)((const uint16_t *)vb)[i] << 16;
            special = ((a & 0x7FFFFFFFu) - 1u >= 0x7F7FFFFFu) | ((b & 0x7FFFFFFFu) >= 0x7F800000u);
            break;
        case KPF_F16:
        case KPF_COUNT: {
            uint32_t ha = ((const uint16_t *)va)[i], hb = ((const uint16_t *)vb)[i];
            special = ((ha & 0x7FFFu) - 1u >= 0x7BFFu) | ((hb & 0x7FFFu) >= 0x7C00u);
            a = f16_as_f32(ha);
            b = f16_as_f32(hb);
            break;
        }
        }
        /* special lanes compute 1^0 instead, harmlessly */
        uint32_t keep = special - 1u;
        uint32_t mag = ((a & 0x7FFFFFFFu) & keep) | (F32_ONE & ~keep);
        b &= keep;
        uint32_t negative = a >> 31 & ~special;

        /* b's integrality and parity: the magnitude, capped at an even
         * integer (which keeps both), rounded to an integer in the low
         * bits of s */
        uint32_t bm = b & 0x7FFFFFFFu;
        bm = bm > F32_TWO_TO_30 ? F32_TWO_TO_30 : bm;
        double bd = (double)bits_to_f32(bm);
        double s = bd + 0x1p52;
        uint32_t integral = (s - 0x1p52) == bd;
        uint32_t odd = integral & (uint32_t)f64_to_bits(s) & 1u;
        uint32_t nan_lane = negative & (integral ^ 1u);

        double t = (double)bits_to_f32(b) * ln_approx(mag);
        double y = exp_approx(clamp(t));

        uint32_t lo = round_into(fmt, y * BAND_LO), hi = round_into(fmt, y * BAND_HI);
        uint32_t sign_bit = fmt == KPF_F32 ? 0x80000000u : 0x8000u;
        uint32_t v = hi | (sign_bit & -(negative & odd));
        uint32_t use_nan = -nan_lane;
        v = (v & ~use_nan) | (nan_pattern & use_nan);
        unsigned char lane_bad = (unsigned char)(((lo != hi) | special) & (nan_lane ^ 1u));
        if (fmt == KPF_F32)
            ((uint32_t *)vr)[i] = v;
        else
            ((uint16_t *)vr)[i] = (uint16_t)v;
        bad[i] = lane_bad;
        any |= lane_bad;
        if (yout) {
            uint64_t unused = -(uint64_t)(special | nan_lane);
            uint64_t signed_y = f64_to_bits(y) | (uint64_t)(negative & odd) << 63;
            yout[i] = bits_to_f64((signed_y & ~unused) | (f64_to_bits(NAN) & unused));
        }
    }
    return any;
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
 * exponent (the head comment). */
static uint32_t invalid_pattern(kern_pow_format fmt)
{
    switch (fmt) {
    case KPF_F32: return definition(fmt, 0xBF800000u, 0x3F000000u);
    case KPF_BF16: return definition(fmt, 0xBF80u, 0x3F00u);
    case KPF_F16: return definition(fmt, 0xBC00u, 0x3800u);
    case KPF_COUNT: break;
    }
    return 0;
}

typedef unsigned (*block_fn)(kern_pow_format fmt, const void *a, const void *b, void *r, unsigned char *bad,
                             uint32_t nan_pattern, double *yout);

static unsigned block_generic(kern_pow_format fmt, const void *a, const void *b, void *r, unsigned char *bad,
                              uint32_t nan_pattern, double *yout)
{
    switch (fmt) {
    case KPF_F32:
        return yout ? pow_block(KPF_F32, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_F32, a, b, r, bad, nan_pattern, NULL);
    case KPF_BF16:
        return yout ? pow_block(KPF_BF16, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_BF16, a, b, r, bad, nan_pattern, NULL);
    case KPF_F16:
        return yout ? pow_block(KPF_F16, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_F16, a, b, r, bad, nan_pattern, NULL);
    case KPF_COUNT: break;
    }
    return 0;
}

#if defined(__x86_64__) || defined(__i386__)

/* The same blocks, compiled for AVX2 (no fused multiply-adds: the
 * library's -ffp-contract=off) */
__attribute__((target("avx2"))) static unsigned block_avx2(kern_pow_format fmt, const void *a, const void *b, void *r,
                                                           unsigned char *bad, uint32_t nan_pattern, double *yout)
{
    switch (fmt) {
    case KPF_F32:
        return yout ? pow_block(KPF_F32, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_F32, a, b, r, bad, nan_pattern, NULL);
    case KPF_BF16:
        return yout ? pow_block(KPF_BF16, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_BF16, a, b, r, bad, nan_pattern, NULL);
    case KPF_F16:
        return yout ? pow_block(KPF_F16, a, b, r, bad, nan_pattern, yout) : pow_block(KPF_F16, a, b, r, bad, nan_pattern, NULL);
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
        if (kern_isa_avx2())
            return block_avx2;
#endif
        return NULL;
    case KMP_COUNT: break;
    }
    return NULL;
}

static int64_t run(kern_pow_format fmt, block_fn block, const void *a, const void *b, void *r, int64_t n,
                   double *y)
{
    /* copies in and out of the blocks let r be a or b and give the last
     * block its padding (zeros: special lanes) */
    uint32_t in_a[BLOCK], in_b[BLOCK], out[BLOCK];
    unsigned char bad[BLOCK];
    size_t es = fmt == KPF_F32 ? sizeof(uint32_t) : sizeof(uint16_t);
    uint32_t nan_pattern = invalid_pattern(fmt);
    int64_t slow = 0;
    for (int64_t at = 0; at < n; at += BLOCK) {
        int nb = n - at < BLOCK ? (int)(n - at) : BLOCK;
        memcpy(in_a, (const char *)a + (size_t)at * es, (size_t)nb * es);
        memcpy(in_b, (const char *)b + (size_t)at * es, (size_t)nb * es);
        if (nb < BLOCK) {
            memset((char *)in_a + (size_t)nb * es, 0, (size_t)(BLOCK - nb) * es);
            memset((char *)in_b + (size_t)nb * es, 0, (size_t)(BLOCK - nb) * es);
        }
        unsigned any = block(fmt, in_a, in_b, out, bad, nan_pattern, y ? y + at : NULL);
        if (any) {
            for (int i = 0; i < nb; i++) {
                if (!bad[i])
                    continue;
                slow++;
                if (fmt == KPF_F32) {
                    out[i] = definition(fmt, in_a[i], in_b[i]);
                } else {
                    uint16_t *o16 = (uint16_t *)out;
                    const uint16_t *a16 = (const uint16_t *)in_a, *b16 = (const uint16_t *)in_b;
                    o16[i] = (uint16_t)definition(fmt, a16[i], b16[i]);
                }
            }
        }
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
