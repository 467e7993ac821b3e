/* Fast atan2 of f32, bf16 and f16, bit-identical to the class-B definition
 * (kern_atan2f32.h).
 *
 * Why the result is exact. Let f = atan2(y, x) be the true value, g glibc's
 * binary64 result and F the rounding of a binary64 value into the element
 * type (ties to even, subnormals and zero included; |f| <= pi, so no
 * overflow). Each lane computes, in binary64, an approximation m of |f|
 * with |m - |f|| <= 2^-47 |f| (bounds below); glibc's atan2 is within an
 * ulp or so, |g - f| <= 2^-51 |f|, so |m - |g|| <= 2^-46 m. glibc's atan2
 * is odd in y (atan2(-y, x) = -atan2(y, x), zeros included), so the answer
 * is F(|g|) with y's sign. F is monotonic and changes value only at the
 * midpoints between consecutive elements: F(|g|) = F(m) unless a midpoint
 * lies between m and |g| (|g| itself included).
 *   f32: the lane keeps F(m) when both ends of the band [m (1 - 2^-40),
 *   m (1 + 2^-40)] round to the same f32 value (the two products are
 *   rounded, which narrows the band by at most 2^-53 m: |g| is inside with
 *   a wide margin). About 2^-16 of the lanes fail the test (measured).
 *   bf16 and f16: their midpoints are binary32 values (bf16 is binary32
 *   with 16 fewer bits, exponent range included; scaled by 2^-112, an f16
 *   value is a binary32 with 13 fewer bits, subnormals included, and the
 *   scaling is exact in binary64). Let b be the binary32 rounding of m
 *   (of m 2^-112 for f16). A midpoint M within 2^-46 m of m is within half
 *   a binary32 ulp, so b = M; hence when b is not a midpoint (its low 16,
 *   resp. 13, bits are not 1000...0) none lies between m and |g|, and b
 *   lies on the same side of every midpoint as m (rounding to binary32
 *   cannot pass a binary32 value): F(|g|) = F(m) = the format's rounding of
 *   b, an integer rounding at bit 16 (bf16) or 13 (f16, the scaled
 *   pattern) that never rounds twice. b falls on a midpoint for 2^-15.1
 *   of all bf16 pairs and 2^-11.4 of all f16 pairs (measured; more than
 *   2^-16 and 2^-13 because tiny ratios give results t (1 - t^2/3) that
 *   round to t, which can be a midpoint).
 * Those lanes, and every lane with an Inf or NaN operand, are computed by
 * the definition.
 *
 * The approximation. Operands are f32 values (bf16 and f16 convert exactly),
 * so every quotient below stays far from binary64's underflow and overflow.
 * With a = |y|, b = |x|, lo = min(a, b) and hi = max(a, b) (hi = 2^-149
 * when both are zero, which gives 0 / hi = 0), t = lo / hi is in [0, 1] and
 *   |f| = k pi/4 +- atan(u), with
 *   u = t = lo / hi and no offset                   when t <= tan(pi/8),
 *   u = (t - 1) / (t + 1) = (lo - hi) / (lo + hi),
 *   and pi/4 added                                    otherwise;
 * then pi/2 - (that) when a > b, and pi - (that) when x is negative (its
 * sign bit: -0 counts, as in glibc's atan2(+-0, -0) = +-pi). Collected,
 * |f| = C + S atan(u) with C = k pi/4, k in 0..4, and S = +-1; this holds
 * for zero operands too (t = 0 gives 0, pi/2 or pi exactly, glibc's
 * values). |u| <= tan(pi/8) = 0.41421 (the test lo > ATAN2_TAN_PI_8 hi is
 * inexact by an ulp, which moves the bound by 2^-52 relatively), so
 * |atan(u)| <= pi/8, and C = 0 unless C >= pi/4: the sum never cancels,
 * |f| >= |atan(u)|, so an absolute error e |atan(u)| in atan(u) is a
 * relative error of at most e in |f|.
 *   u: lo - hi and lo + hi are exact (f32 values within a factor 2.5 of
 *   each other differ and sum in 27 bits), so u, like t, carries one
 *   rounding, relative 2^-53, and atan is less sensitive than the identity
 *   (|u atan'(u)| <= |atan(u)|): 2^-53 relative in atan(u).
 *   atan(u) = u + u s P(s), s = u^2 <= 0.1716, P of degree 8 (Chebyshev
 *   interpolation of (atan(u) / u - 1) / s at 9 nodes in s on [0, 0.1716],
 *   computed with mpmath and rounded to binary64; max |error| of the
 *   whole approximation measured 2^-47.9 relatively on a grid of 4000
 *   points). |s P(s)| <= 0.058, so the rounding errors of s, of the Horner
 *   steps (P ~ -1/3) and of the product reach atan(u) scaled by 0.058
 *   (under 2^-55 together); the final sum rounds once (2^-53) and
 *   atan(u) >= 0.94 u: atan(u) within 2^-47.5.
 *   C = k * ATAN2_PI_4 with ATAN2_PI_4 = pi/4 rounded (2^-54) and the product rounded
 *   (2^-53): |C - k pi/4| <= 2^-52.4 C <= 2^-51.4 |f| (C <= 2 |f| where
 *   C != 0). The sum C + S atan(u) rounds once more.
 *   Total: 2^-47.5 + 2^-51.4 + 2^-53 + 2^-53 < 2^-47 relative in |f|
 *   (the verifier measures at most 2^-47.88).
 *
 * The steps below are kern_atan2core.h's (shared with kern_c64_log.c).
 * Two paths compute m: portable C over blocks of BLOCK elements (written so
 * that compilers vectorise it, no fused multiply-adds since the library is
 * built with -ffp-contract=off) and AVX2 with FMA (its steps fuse some
 * roundings away, which only lowers the error). Their m differ in the last
 * bits, but each result is F(g) or the definition, so both give the same
 * bits. tools/verify_atan2f32.c runs all 2^32 bf16 pairs and all 2^32 f16
 * pairs, and billions of f32 pairs, through both paths. */
#include "kernels/math/kern_atan2f32.h"

#include <string.h>

#include "kernels/math/kern_atan2core.h"
#include "util/isa.h"
#include "kernels/math/kern_mathconst.h"

#define BAND_LO (1.0 - 0x1p-40)
#define BAND_HI (1.0 + 0x1p-40)

/* The patterns at or above which an operand is Inf or NaN (after the sign
 * is cleared), as the lanes hold them: f32 patterns, bf16 / f16 patterns
 * widened to 32 bits. */
static const uint32_t special_from[KA2_COUNT] = {
    [KA2_F32] = 0x7F800000u,
    [KA2_BF16] = 0x7F80u,
    [KA2_F16] = 0x7C00u,
};

enum { BLOCK = 64 };

/* ---- the portable path ---------------------------------------------------- */

/* The operands of one block as f32 patterns (bf16 and f16 exactly
 * widened; the Inf and NaN f16 patterns become finite values, their lanes
 * take the definition anyway), and the lanes with such an operand. */
static void decode_block(kern_atan2_type type, const uint32_t *restrict raw, uint32_t *restrict f32,
                         unsigned char *restrict special)
{
    uint32_t from = special_from[type];
    switch (type) {
    case KA2_F32:
        for (int i = 0; i < BLOCK; i++)
            f32[i] = raw[i];
        break;
    case KA2_BF16:
        for (int i = 0; i < BLOCK; i++)
            f32[i] = raw[i] << 16;
        break;
    case KA2_F16:
        /* the magnitude moved into binary32's field positions reads as a
         * value 2^112 times too small (subnormals included); one exact
         * multiply rescales it */
        for (int i = 0; i < BLOCK; i++) {
            uint32_t m = raw[i] & 0x7FFFu;
            f32[i] = f32_to_bits(bits_to_f32(m << 13) * 0x1p112f) | (raw[i] & 0x8000u) << 16;
        }
        break;
    case KA2_COUNT: break;
    }
    for (int i = 0; i < BLOCK; i++)
        special[i] |= (raw[i] & (from | (from - 1))) >= from;
}

/* bf16 and f16 decide on the binary32 rounding of m (of m 2^-112 for f16:
 * scaled so, an f16 value is a binary32 with 13 more bits, subnormals
 * included, as bf16 is one with 16 more): a midpoint of the format has
 * the low bits 1000...0 there. See the head comment. */
#define BF16_LOW 0xFFFFu
#define BF16_MID 0x8000u
#define F16_LOW 0x1FFFu
#define F16_MID 0x1000u

static void round_block(kern_atan2_type type, const double *restrict m, const uint32_t *restrict raw,
                        uint32_t *restrict out, unsigned char *restrict bad)
{
    switch (type) {
    case KA2_F32:
        for (int i = 0; i < BLOCK; i++) {
            float lo = (float)(m[i] * BAND_LO), hi = (float)(m[i] * BAND_HI);
            bad[i] |= lo != hi;
            out[i] = f32_to_bits(hi) | (raw[i] & 0x80000000u);
        }
        break;
    case KA2_BF16:
        for (int i = 0; i < BLOCK; i++) {
            uint32_t b = f32_to_bits((float)m[i]);
            bad[i] |= (b & BF16_LOW) == BF16_MID;
            out[i] = ((b + 0x7FFFu + (b >> 16 & 1u)) >> 16) | (raw[i] & 0x8000u);
        }
        break;
    case KA2_F16:
        for (int i = 0; i < BLOCK; i++) {
            uint32_t b = f32_to_bits((float)(m[i] * 0x1p-112));
            bad[i] |= (b & F16_LOW) == F16_MID;
            out[i] = ((b + 0xFFFu + (b >> 13 & 1u)) >> 13) | (raw[i] & 0x8000u);
        }
        break;
    case KA2_COUNT: break;
    }
}

static uint32_t definition(kern_atan2_type type, uint32_t y, uint32_t x)
{
    switch (type) {
    case KA2_F32: return kern_f32_atan2_def(y, x);
    case KA2_BF16: return kern_half_atan2_def(true, (uint16_t)y, (uint16_t)x);
    case KA2_F16: return kern_half_atan2_def(false, (uint16_t)y, (uint16_t)x);
    case KA2_COUNT: break;
    }
    return 0;
}

static size_t type_bytes(kern_atan2_type type) { return type == KA2_F32 ? 4 : 2; }

/* nb <= width patterns of the type from p + at into dst, widened to 32
 * bits and padded with zeros up to width. */
static void load_block(kern_atan2_type type, const void *p, int64_t at, int nb, int width, uint32_t *dst)
{
    if (type == KA2_F32) {
        memcpy(dst, (const uint32_t *)p + at, (size_t)nb * sizeof *dst);
    } else {
        const uint16_t *h = (const uint16_t *)p + at;
        for (int i = 0; i < nb; i++)
            dst[i] = h[i];
    }
    for (int i = nb; i < width; i++)
        dst[i] = 0;
}

static void store_block(kern_atan2_type type, void *p, int64_t at, int nb, const uint32_t *src)
{
    if (type == KA2_F32) {
        memcpy((uint32_t *)p + at, src, (size_t)nb * sizeof *src);
    } else {
        uint16_t *h = (uint16_t *)p + at;
        for (int i = 0; i < nb; i++)
            h[i] = (uint16_t)src[i];
    }
}

static int64_t run_generic(kern_atan2_type type, const void *y, const void *x, void *r, int64_t n)
{
    /* copies in and out of the blocks let r be y or x and give the last
     * block its padding */
    uint32_t yraw[BLOCK], xraw[BLOCK], yf[BLOCK], xf[BLOCK], out[BLOCK];
    double m[BLOCK];
    unsigned char bad[BLOCK];
    int64_t slow = 0;
    for (int64_t at = 0; at < n; at += BLOCK) {
        int nb = n - at < BLOCK ? (int)(n - at) : BLOCK;
        load_block(type, y, at, nb, BLOCK, yraw);
        load_block(type, x, at, nb, BLOCK, xraw);
        memset(bad, 0, sizeof bad);
        decode_block(type, yraw, yf, bad);
        decode_block(type, xraw, xf, bad);
        for (int i = 0; i < BLOCK; i++)
            m[i] = kern_atan2_mag(yf[i], xf[i]);
        round_block(type, m, yraw, out, bad);
        unsigned any = 0;
        for (int i = 0; i < BLOCK; i++)
            any |= bad[i];
        if (any) {
            for (int i = 0; i < nb; i++) {
                if (bad[i]) {
                    out[i] = definition(type, yraw[i], xraw[i]);
                    slow++;
                }
            }
        }
        store_block(type, r, at, nb, out);
    }
    return slow;
}

static void approx_generic(kern_atan2_type type, const void *y, const void *x, double *v, int64_t n)
{
    uint32_t yraw[BLOCK], xraw[BLOCK], yf[BLOCK], xf[BLOCK];
    unsigned char special[BLOCK];
    for (int64_t at = 0; at < n; at += BLOCK) {
        int nb = n - at < BLOCK ? (int)(n - at) : BLOCK;
        load_block(type, y, at, nb, BLOCK, yraw);
        load_block(type, x, at, nb, BLOCK, xraw);
        memset(special, 0, sizeof special);
        decode_block(type, yraw, yf, special);
        decode_block(type, xraw, xf, special);
        for (int i = 0; i < nb; i++)
            v[at + i] = special[i] ? NAN : kern_atan2_mag(yf[i], xf[i]);
    }
}

/* ---- the AVX2 path --------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX2_INLINE static inline __attribute__((always_inline)) AVX2

/* Eight patterns of the type from p, widened to 32 bits. */
AVX2_INLINE __m256i load8(kern_atan2_type type, const void *p)
{
    if (type == KA2_F32)
        return _mm256_loadu_si256((const __m256i *)p);
    return _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p));
}

/* The eight widened patterns as f32 values (decode_block's steps). */
AVX2_INLINE __m256 decode8(kern_atan2_type type, __m256i raw)
{
    switch (type) {
    case KA2_F32: return _mm256_castsi256_ps(raw);
    case KA2_BF16: return _mm256_castsi256_ps(_mm256_slli_epi32(raw, 16));
    case KA2_F16: {
        __m256i m = _mm256_and_si256(raw, _mm256_set1_epi32(0x7FFF));
        __m256 v = _mm256_mul_ps(_mm256_castsi256_ps(_mm256_slli_epi32(m, 13)), _mm256_set1_ps(0x1p112f));
        __m256i s = _mm256_slli_epi32(_mm256_and_si256(raw, _mm256_set1_epi32(0x8000)), 16);
        return _mm256_or_ps(v, _mm256_castsi256_ps(s));
    }
    case KA2_COUNT: break;
    }
    return _mm256_setzero_ps();
}

/* The lanes (bit i for lane i) with an Inf or NaN pattern. */
AVX2_INLINE unsigned special8(kern_atan2_type type, __m256i raw)
{
    uint32_t from = special_from[type];
    __m256i mag = _mm256_and_si256(raw, _mm256_set1_epi32((int)(from | (from - 1))));
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(mag, _mm256_set1_epi32((int)from - 1))));
}

/* Four magnitudes rounded into the type, as 32-bit patterns without the
 * sign; *bad gets the lanes where the band does not decide. */
AVX2_INLINE __m128i round4(kern_atan2_type type, __m256d m, unsigned *bad)
{
    switch (type) {
    case KA2_F32: {
        __m256d lo = _mm256_mul_pd(m, _mm256_set1_pd(BAND_LO)), hi = _mm256_mul_pd(m, _mm256_set1_pd(BAND_HI));
        __m128 l = _mm256_cvtpd_ps(lo), h = _mm256_cvtpd_ps(hi);
        *bad = (unsigned)_mm_movemask_ps(_mm_cmp_ps(l, h, _CMP_NEQ_UQ));
        return _mm_castps_si128(h);
    }
    case KA2_BF16:
    case KA2_F16: {
        /* round_block's steps */
        bool bf = type == KA2_BF16;
        __m128i b = _mm_castps_si128(_mm256_cvtpd_ps(bf ? m : _mm256_mul_pd(m, _mm256_set1_pd(0x1p-112))));
        __m128i mid = _mm_cmpeq_epi32(_mm_and_si128(b, _mm_set1_epi32(bf ? BF16_LOW : F16_LOW)),
                                      _mm_set1_epi32(bf ? BF16_MID : F16_MID));
        *bad = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(mid));
        int shift = bf ? 16 : 13;
        __m128i odd = _mm_and_si128(_mm_srli_epi32(b, shift), _mm_set1_epi32(1));
        __m128i half = _mm_set1_epi32(bf ? 0x7FFF : 0xFFF);
        return _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(b, half), odd), shift);
    }
    case KA2_COUNT: break;
    }
    *bad = 0xF;
    return _mm_setzero_si128();
}

/* One loop per type (type is a constant in each caller below). */
AVX2_INLINE int64_t run_avx2_loop(kern_atan2_type type, const void *y, const void *x, void *r, int64_t n)
{
    const size_t es = type_bytes(type);
    const uint32_t sign = type == KA2_F32 ? 0x80000000u : 0x8000u;
    int64_t slow = 0;
    for (int64_t at = 0; at < n; at += 8) {
        uint32_t ys[8], xs[8], out[8];
        const void *yp = (const char *)y + (size_t)at * es, *xp = (const char *)x + (size_t)at * es;
        int nb = n - at < 8 ? (int)(n - at) : 8;
        if (nb < 8) {
            load_block(type, y, at, nb, 8, ys);
            load_block(type, x, at, nb, 8, xs);
        }
        __m256i yraw = nb < 8 ? _mm256_loadu_si256((const __m256i *)ys) : load8(type, yp);
        __m256i xraw = nb < 8 ? _mm256_loadu_si256((const __m256i *)xs) : load8(type, xp);
        __m256 yv = decode8(type, yraw), xv = decode8(type, xraw);
        __m256d m0 = kern_atan2_mag4(_mm256_castps256_ps128(yv), _mm256_castps256_ps128(xv));
        __m256d m1 = kern_atan2_mag4(_mm256_extractf128_ps(yv, 1), _mm256_extractf128_ps(xv, 1));
        unsigned b0, b1;
        __m128i r0 = round4(type, m0, &b0), r1 = round4(type, m1, &b1);
        __m256i res = _mm256_or_si256(_mm256_set_m128i(r1, r0), _mm256_and_si256(yraw, _mm256_set1_epi32((int)sign)));
        unsigned bad = (b1 << 4 | b0 | special8(type, yraw) | special8(type, xraw)) & ((1u << nb) - 1);
        if (nb == 8 && !bad) {
            if (type == KA2_F32) {
                _mm256_storeu_si256((__m256i *)((uint32_t *)r + at), res);
            } else {
                __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(res), _mm256_extracti128_si256(res, 1));
                _mm_storeu_si128((__m128i *)((uint16_t *)r + at), packed);
            }
            continue;
        }
        /* rare: through copies, so that r may be y or x */
        _mm256_storeu_si256((__m256i *)ys, yraw);
        _mm256_storeu_si256((__m256i *)xs, xraw);
        _mm256_storeu_si256((__m256i *)out, res);
        for (int i = 0; i < nb; i++) {
            if (bad >> i & 1) {
                out[i] = definition(type, ys[i], xs[i]);
                slow++;
            }
        }
        store_block(type, r, at, nb, out);
    }
    return slow;
}

AVX2 static int64_t run_avx2(kern_atan2_type type, const void *y, const void *x, void *r, int64_t n)
{
    switch (type) {
    case KA2_F32: return run_avx2_loop(KA2_F32, y, x, r, n);
    case KA2_BF16: return run_avx2_loop(KA2_BF16, y, x, r, n);
    case KA2_F16: return run_avx2_loop(KA2_F16, y, x, r, n);
    case KA2_COUNT: break;
    }
    return 0;
}

AVX2 static void approx_avx2(kern_atan2_type type, const void *y, const void *x, double *v, int64_t n)
{
    for (int64_t at = 0; at < n; at += 8) {
        uint32_t ys[8], xs[8];
        double out[8];
        int nb = n - at < 8 ? (int)(n - at) : 8;
        load_block(type, y, at, nb, 8, ys);
        load_block(type, x, at, nb, 8, xs);
        __m256i yraw = _mm256_loadu_si256((const __m256i *)ys), xraw = _mm256_loadu_si256((const __m256i *)xs);
        __m256 yv = decode8(type, yraw), xv = decode8(type, xraw);
        _mm256_storeu_pd(out, kern_atan2_mag4(_mm256_castps256_ps128(yv), _mm256_castps256_ps128(xv)));
        _mm256_storeu_pd(out + 4, kern_atan2_mag4(_mm256_extractf128_ps(yv, 1), _mm256_extractf128_ps(xv, 1)));
        unsigned special = special8(type, yraw) | special8(type, xraw);
        for (int i = 0; i < nb; i++)
            v[at + i] = special >> i & 1 ? NAN : out[i];
    }
}

#define HAVE_AVX2_PATH 1

#else

#define HAVE_AVX2_PATH 0

#endif

/* ---- entry points ---------------------------------------------------------- */

static bool path_runs(kern_mathf32_path path) { return kern_math_path_runs(path, HAVE_AVX2_PATH); }

int64_t kern_atan2_on(kern_atan2_type type, kern_mathf32_path path, const void *y, const void *x,
                      void *r, int64_t n)
{
    if (!path_runs(path))
        return -1;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2)
        return run_avx2(type, y, x, r, n);
#endif
    return run_generic(type, y, x, r, n);
}

bool kern_atan2_approx(kern_atan2_type type, kern_mathf32_path path, const void *y, const void *x,
                       double *v, int64_t n)
{
    if (!path_runs(path))
        return false;
#if HAVE_AVX2_PATH
    if (path == KMP_AVX2) {
        approx_avx2(type, y, x, v, n);
        return true;
    }
#endif
    approx_generic(type, y, x, v, n);
    return true;
}

static void run(kern_atan2_type type, const void *y, const void *x, void *r, int64_t n)
{
    kern_atan2_on(type, path_runs(KMP_AVX2) ? KMP_AVX2 : KMP_GENERIC, y, x, r, n);
}

void kern_f32_atan2(const uint32_t *y, const uint32_t *x, uint32_t *r, int64_t n) { run(KA2_F32, y, x, r, n); }
void kern_bf16_atan2(const uint16_t *y, const uint16_t *x, uint16_t *r, int64_t n) { run(KA2_BF16, y, x, r, n); }
void kern_f16_atan2(const uint16_t *y, const uint16_t *x, uint16_t *r, int64_t n) { run(KA2_F16, y, x, r, n); }
