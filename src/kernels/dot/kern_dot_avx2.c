/* The AVX2 loops of kern_dot_simd.h. Compiled for the baseline target like
 * every file; only these functions are built for AVX2 and FMA
 * (target attributes), and kern_dot.c calls them only when the host has
 * both (isa.c). */
#include "kernels/dot/kern_dot_simd.h"

#if defined(__x86_64__) || defined(__i386__)

#include <float.h>
#include <immintrin.h>
#include <math.h>
#include <string.h>

#define AVX2 __attribute__((target("avx2,fma")))

/* The lanes' constants of a chain format (kern_dot_simd.h). */
typedef struct {
    __m256 expmask, absmask, signmask, inf, qnan, scale, emin, max, negmax, cap, split;
} chain_consts;

/* What a step checks: nothing (no overflow is possible in this block), the
 * rounded sum, or the rounded product and the rounded sum; STEP_SPLIT is
 * STEP_FAST rounding by splitting (kern_dot_simd.h), STEP_SUM_SPLIT is
 * STEP_SUM with the product rounded by splitting. */
typedef enum { STEP_FAST, STEP_SPLIT, STEP_SUM, STEP_SUM_SPLIT, STEP_BOTH } step_guard;

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* The format's overflow rule (SPEC.md 3.5) on rounded values: a NaN stays
 * the same NaN in every mode. */
static ALWAYS_INLINE AVX2 __m256 overflow_rule(kern_chain_overflow o, const chain_consts *c, __m256 v)
{
    switch (o) {
    case KERN_CHAIN_OVF_NAN: {
        __m256 over = _mm256_cmp_ps(_mm256_and_ps(v, c->absmask), c->max, _CMP_GT_OQ);
        return _mm256_or_ps(v, _mm256_and_ps(over, c->qnan));
    }
    case KERN_CHAIN_OVF_INF: {
        __m256 over = _mm256_cmp_ps(_mm256_and_ps(v, c->absmask), c->max, _CMP_GT_OQ);
        return _mm256_blendv_ps(v, _mm256_or_ps(_mm256_and_ps(v, c->signmask), c->inf), over);
    }
    case KERN_CHAIN_OVF_SAT:
        /* min and max return their second operand for a NaN */
        return _mm256_max_ps(c->negmax, _mm256_min_ps(c->max, v));
    case KERN_CHAIN_UNGUARDED:
        break;
    }
    return v;
}

/* One REF step on eight result elements: the product rounded into the
 * format, added to the accumulator, the sum rounded (kern_dot_simd.h). */
static ALWAYS_INLINE AVX2 __m256 chain_step(step_guard g, kern_chain_overflow o, const chain_consts *c, __m256 acc,
                                            __m256 x, __m256 xs, const float *ptr)
{
    __m256 rp;
    if (g == STEP_SPLIT || g == STEP_SUM_SPLIT) {
        __m256 y = _mm256_loadu_ps(ptr);
        __m256 cp = _mm256_mul_ps(xs, y);
        rp = _mm256_sub_ps(cp, _mm256_fnmadd_ps(x, y, cp)); /* c - (c - x y) */
    } else {
        __m256 p = _mm256_mul_ps(x, _mm256_loadu_ps(ptr));
        __m256 ep = _mm256_max_ps(_mm256_and_ps(p, c->expmask), c->emin);
        if (g == STEP_BOTH)
            ep = _mm256_min_ps(ep, c->cap); /* an Inf product stays Inf; one past the top binade overflows */
        __m256 cp = _mm256_mul_ps(ep, c->scale);
        rp = _mm256_sub_ps(_mm256_add_ps(p, cp), cp);
        if (g == STEP_BOTH)
            rp = overflow_rule(o, c, rp);
    }
    __m256 s = _mm256_add_ps(acc, rp);
    if (g == STEP_SPLIT) {
        __m256 cs = _mm256_mul_ps(s, c->split);
        return _mm256_sub_ps(cs, _mm256_sub_ps(cs, s));
    }
    /* a sum near max and past it: the constant's rounding, which keeps the
     * overflow rule's infinities and signed NaNs */
    __m256 e = _mm256_and_ps(s, c->expmask);
    if (g != STEP_FAST)
        e = _mm256_min_ps(e, c->cap); /* Inf + C - C stays Inf */
    __m256 cs = _mm256_mul_ps(e, c->scale);
    __m256 r = _mm256_sub_ps(_mm256_add_ps(s, cs), cs);
    return g == STEP_FAST ? r : overflow_rule(o, c, r);
}

/* Steps k0 .. k1-1 of one row against the panel, on the eight accumulators. */
static ALWAYS_INLINE AVX2 void chain_steps(step_guard g, kern_chain_overflow o, const chain_consts *c, __m256 *a,
                                           const float *l, const float *P, int64_t k0, int64_t k1)
{
    __m256 a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
    const float *p = P + k0 * KERN_CHAIN_PANEL;
    for (int64_t k = k0; k < k1; k++, p += KERN_CHAIN_PANEL) {
        __m256 x = _mm256_broadcast_ss(l + k);
        /* exact, or Inf (redone) */
        __m256 xs = g == STEP_SPLIT || g == STEP_SUM_SPLIT ? _mm256_mul_ps(x, c->split) : x;
        a0 = chain_step(g, o, c, a0, x, xs, p);
        a1 = chain_step(g, o, c, a1, x, xs, p + 8);
        a2 = chain_step(g, o, c, a2, x, xs, p + 16);
        a3 = chain_step(g, o, c, a3, x, xs, p + 24);
        a4 = chain_step(g, o, c, a4, x, xs, p + 32);
        a5 = chain_step(g, o, c, a5, x, xs, p + 40);
        a6 = chain_step(g, o, c, a6, x, xs, p + 48);
        a7 = chain_step(g, o, c, a7, x, xs, p + 56);
    }
    a[0] = a0, a[1] = a1, a[2] = a2, a[3] = a3, a[4] = a4, a[5] = a5, a[6] = a6, a[7] = a7;
}

static ALWAYS_INLINE AVX2 uint64_t nan_lanes(__m256 v, int at)
{
    return (uint64_t)_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) << at;
}

static ALWAYS_INLINE AVX2 bool all_nan(const __m256 *a)
{
    uint64_t nan = 0;
    for (int i = 0; i < 8; i++)
        nan |= nan_lanes(a[i], 8 * i);
    return nan == UINT64_MAX;
}

/* Whether every accumulator of the row is +-Inf or NaN. */
static ALWAYS_INLINE AVX2 bool all_nonfinite(const chain_consts *c, const __m256 *a)
{
    __m256 m = _mm256_and_ps(a[0], c->expmask);
    for (int i = 1; i < 8; i++)
        m = _mm256_and_ps(m, _mm256_and_ps(a[i], c->expmask));
    return _mm256_movemask_ps(_mm256_cmp_ps(m, c->expmask, _CMP_EQ_OQ)) == 0xFF;
}

/* Steps k0 .. K-1 of a row whose accumulators are all +-Inf or NaN, in a
 * format that overflows to Inf: such a sum changes only into a NaN, by a
 * rounded product that is a NaN or an infinity of the other sign, and a
 * rounded product is infinite exactly when |p| >= thr (max plus half its
 * ulp: max's last bit is odd, so the tie rounds up). So each step adds 0
 * for a product below thr, and the product times FLT_MAX (+-Inf, as thr >= 2;
 * a NaN stays a NaN) for the others. The lanes that end as NaN are redone
 * as every NaN lane is. */
static ALWAYS_INLINE AVX2 void settled_steps(const chain_consts *c, __m256 *a, const float *l, const float *P,
                                             __m256 thr, int64_t k0, int64_t K)
{
    const __m256 huge = _mm256_set1_ps(FLT_MAX);
    const float *p = P + k0 * KERN_CHAIN_PANEL;
    for (int64_t k = k0; k < K; k++, p += KERN_CHAIN_PANEL) {
        __m256 x = _mm256_broadcast_ss(l + k);
        for (int i = 0; i < 8; i++) {
            __m256 pr = _mm256_mul_ps(x, _mm256_loadu_ps(p + 8 * i));
            __m256 big = _mm256_cmp_ps(_mm256_and_ps(pr, c->absmask), thr, _CMP_NLT_UQ);
            a[i] = _mm256_add_ps(a[i], _mm256_mul_ps(_mm256_and_ps(pr, big), huge));
        }
    }
}

/* The largest |accumulator| of the row as a pattern: positive binary32
 * patterns order as integers, and NaN and Inf above every finite one. */
static ALWAYS_INLINE AVX2 uint32_t largest_pattern(const chain_consts *c, const __m256 *a)
{
    __m256i m = _mm256_castps_si256(_mm256_and_ps(a[0], c->absmask));
    for (int i = 1; i < 8; i++)
        m = _mm256_max_epi32(m, _mm256_castps_si256(_mm256_and_ps(a[i], c->absmask)));
    __m128i h = _mm_max_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    h = _mm_max_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    h = _mm_max_epi32(h, _mm_shuffle_epi32(h, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(h);
}

/* Steps per check of the accumulators' distance from max. */
enum { CHAIN_BLOCK = 32 };

/* One row of a guarded format: see kern_dot_simd.h. Returns its bad lanes. */
static ALWAYS_INLINE AVX2 uint64_t guarded_row(kern_chain_overflow o, const kern_chain_format *f, const chain_consts *c,
                                               double growth, __m256 *a, const float *l, float lmax, int64_t K,
                                               const float *P, float pmax, step_guard fast)
{
    double pm = (double)lmax * pmax;
    if (!(pm * (1.0 + f->rel) <= f->max)) {
        /* (max + half its ulp: frexp's exponent less one is max's binade) */
        int e;
        frexpf(f->max, &e);
        float thr = f->max + ldexpf(f->rel, e - 1);
        for (int64_t k0 = 0; k0 < K; k0 += CHAIN_BLOCK) {
            int64_t k1 = K - k0 < CHAIN_BLOCK ? K : k0 + CHAIN_BLOCK;
            chain_steps(STEP_BOTH, o, c, a, l, P, k0, k1);
            if (all_nan(a))
                break; /* every lane is redone; the definition stops at its NaN too */
            if (o == KERN_CHAIN_OVF_INF && thr >= 2.0f && all_nonfinite(c, a)) {
                settled_steps(c, a, l, P, _mm256_set1_ps(thr), k1, K);
                break;
            }
        }
        /* Inf and overflow follow IEEE in the lanes as in REF, Inf - Inf
         * and 0 * Inf included; only the bits of a NaN (which operand's,
         * the sign of an invalid operation's) are the definition's */
        uint64_t bad = 0;
        for (int i = 0; i < 8; i++)
            bad |= nan_lanes(a[i], 8 * i);
        return bad;
    }
    /* Each rounding changes a value by at most a factor 1 + rel, or by
     * tiny below the normal range: after CHAIN_BLOCK steps from largest
     * accumulator amax, no accumulator exceeds
     * (amax + CHAIN_BLOCK * pm * (1 + rel)) * (1 + rel)^CHAIN_BLOCK + 2 * CHAIN_BLOCK * tiny,
     * and no rounded product exceeds pm * (1 + rel) <= max (checked). */
    double reach = CHAIN_BLOCK * pm * (1.0 + f->rel);
    double slack = 2.0 * CHAIN_BLOCK * f->tiny;
    for (int64_t k0 = 0; k0 < K; k0 += CHAIN_BLOCK) {
        int64_t k1 = K - k0 < CHAIN_BLOCK ? K : k0 + CHAIN_BLOCK;
        uint32_t top = largest_pattern(c, a);
        float amax;
        memcpy(&amax, &top, sizeof amax);
        if (top < 0x7F800000u && (amax + reach) * growth + slack <= f->max) {
            chain_steps(fast, o, c, a, l, P, k0, k1);
            continue;
        }
        if (fast == STEP_SPLIT)
            chain_steps(STEP_SUM_SPLIT, o, c, a, l, P, k0, k1);
        else
            chain_steps(STEP_SUM, o, c, a, l, P, k0, k1);
        if (o == KERN_CHAIN_OVF_NAN && all_nan(a))
            break; /* absorbing: every lane's result is known */
        if (o == KERN_CHAIN_OVF_INF && all_nonfinite(c, a))
            break; /* finite products (checked above) leave Inf and NaN as they are */
    }
    return 0;
}

static ALWAYS_INLINE AVX2 void chain_rows(kern_chain_overflow o, const kern_chain_format *f, const float *L,
                                          const kern_chain_bounds *bd, int64_t M, int64_t K, const float *P,
                                          float *out, uint64_t *bad)
{
    double growth = pow(1.0 + f->rel, CHAIN_BLOCK);
    chain_consts c;
    c.expmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7F800000));
    c.absmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    c.signmask = _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u));
    c.inf = c.expmask;
    c.qnan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FC00000));
    c.scale = _mm256_set1_ps(f->scale);
    c.emin = _mm256_set1_ps(f->emin);
    c.max = _mm256_set1_ps(f->max);
    c.negmax = _mm256_set1_ps(-f->max);
    c.cap = _mm256_set1_ps(f->cap);
    c.split = _mm256_set1_ps(f->split);
    for (int64_t m = 0; m < M; m++) {
        /* every nonzero product normal in the format: splitting rounds */
        step_guard fast = (double)bd->lmin[m] * bd->pmin >= f->emin ? STEP_SPLIT : STEP_FAST;
        const float *l = L + m * K;
        __m256 a[8];
        for (int i = 0; i < 8; i++)
            a[i] = _mm256_setzero_ps();
        if (o == KERN_CHAIN_UNGUARDED) {
            if (fast == STEP_SPLIT)
                chain_steps(STEP_SPLIT, o, &c, a, l, P, 0, K);
            else
                chain_steps(STEP_FAST, o, &c, a, l, P, 0, K);
            bad[m] = 0;
            for (int i = 0; i < 8; i++)
                bad[m] |= nan_lanes(a[i], 8 * i);
        } else {
            bad[m] = guarded_row(o, f, &c, growth, a, l, bd->lmax[m], K, P, bd->pmax, fast);
        }
        for (int i = 0; i < 8; i++)
            _mm256_storeu_ps(out + m * KERN_CHAIN_PANEL + 8 * i, a[i]);
    }
}

AVX2 void kern_chains_avx2(const kern_chain_format *f, const float *L, const kern_chain_bounds *bounds, int64_t M,
                           int64_t K, const float *P, float *out, uint64_t *bad)
{
    switch (f->overflow) {
    case KERN_CHAIN_UNGUARDED: chain_rows(KERN_CHAIN_UNGUARDED, f, L, bounds, M, K, P, out, bad); return;
    case KERN_CHAIN_OVF_NAN: chain_rows(KERN_CHAIN_OVF_NAN, f, L, bounds, M, K, P, out, bad); return;
    case KERN_CHAIN_OVF_INF: chain_rows(KERN_CHAIN_OVF_INF, f, L, bounds, M, K, P, out, bad); return;
    case KERN_CHAIN_OVF_SAT: chain_rows(KERN_CHAIN_OVF_SAT, f, L, bounds, M, K, P, out, bad); return;
    }
}

/* One product added to accumulator c: fused, or a multiply then an add. */
#define ACC_STEP(fused, c, a, b) ((c) = (fused) ? _mm256_fmadd_ps((a), (b), (c)) : _mm256_add_ps((c), _mm256_mul_ps((a), (b))))

/* Row r of six: its broadcast element and its two accumulators. */
#define ACC_ROW(r)                                                                               \
    do {                                                                                         \
        __m256 a_ = _mm256_broadcast_ss(A + (r) * lda + k);                                     \
        ACC_STEP(fused, c##r##0, a_, b0);                                                        \
        ACC_STEP(fused, c##r##1, a_, b1);                                                        \
    } while (0)

#define ACC_STORE(r)                                                                             \
    do {                                                                                         \
        _mm256_storeu_ps(out + (r) * KERN_ACC_PANEL, c##r##0);                                   \
        _mm256_storeu_ps(out + (r) * KERN_ACC_PANEL + 8, c##r##1);                               \
    } while (0)

/* Six rows of A against a 16-column panel: twelve accumulators of eight
 * lanes (enough independent sums to cover the add latency on both FMA
 * pipes), each output summing its products in k order. */
static inline __attribute__((always_inline)) AVX2 void acc_six_rows(bool fused, const float *A, int64_t lda,
                                                                    int64_t K, const float *P, float *out)
{
    __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
    __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
    for (int64_t k = 0; k < K; k++, P += KERN_ACC_PANEL) {
        __m256 b0 = _mm256_loadu_ps(P), b1 = _mm256_loadu_ps(P + 8);
        ACC_ROW(0);
        ACC_ROW(1);
        ACC_ROW(2);
        ACC_ROW(3);
        ACC_ROW(4);
        ACC_ROW(5);
    }
    ACC_STORE(0);
    ACC_STORE(1);
    ACC_STORE(2);
    ACC_STORE(3);
    ACC_STORE(4);
    ACC_STORE(5);
}

/* One row (the rows past the last multiple of six). */
static inline __attribute__((always_inline)) AVX2 void acc_one_row(bool fused, const float *A, int64_t K,
                                                                   const float *P, float *out)
{
    __m256 c00 = _mm256_setzero_ps(), c01 = c00;
    const int64_t lda = 0;
    for (int64_t k = 0; k < K; k++, P += KERN_ACC_PANEL) {
        __m256 b0 = _mm256_loadu_ps(P), b1 = _mm256_loadu_ps(P + 8);
        ACC_ROW(0);
    }
    ACC_STORE(0);
}

AVX2 void kern_acc_f32_avx2(const float *A, int64_t lda, int64_t M, int64_t K, const float *P, float *out, bool fused)
{
    int64_t m = 0;
    for (; m + 6 <= M; m += 6, A += 6 * lda, out += 6 * KERN_ACC_PANEL) {
        if (fused)
            acc_six_rows(true, A, lda, K, P, out);
        else
            acc_six_rows(false, A, lda, K, P, out);
    }
    for (; m < M; m++, A += lda, out += KERN_ACC_PANEL) {
        if (fused)
            acc_one_row(true, A, K, P, out);
        else
            acc_one_row(false, A, K, P, out);
    }
}

/* The smallest nonzero and the largest finite |v[i]| (0 and 0 when there is
 * none), on the patterns: positive binary32 patterns order as integers. */
/* The least of l's lanes and the greatest of h's (unsigned patterns). */
static ALWAYS_INLINE AVX2 void fold_lanes(__m256i l, __m256i h, uint32_t *lo_bits, uint32_t *hi_bits)
{
    uint32_t lb[8], hb[8];
    _mm256_storeu_si256((__m256i *)(void *)lb, l);
    _mm256_storeu_si256((__m256i *)(void *)hb, h);
    *lo_bits = 0x7F800000u;
    *hi_bits = 0;
    for (int k = 0; k < 8; k++) {
        *lo_bits = lb[k] < *lo_bits ? lb[k] : *lo_bits;
        *hi_bits = hb[k] > *hi_bits ? hb[k] : *hi_bits;
    }
}

/* The least nonzero and the greatest |v[i]| as bit patterns (a NaN's above
 * Inf's above every finite one's); finite: only the finite ones count.
 * The least is Inf's pattern and the greatest 0 when none counts. */
static ALWAYS_INLINE AVX2 void abs_range(const float *v, int64_t n, bool finite, uint32_t *lo_bits,
                                         uint32_t *hi_bits)
{
    const __m256i abs = _mm256_set1_epi32(0x7FFFFFFF), inf = _mm256_set1_epi32(0x7F800000);
    const __m256i zero = _mm256_setzero_si256(), all = _mm256_set1_epi32(-1);
    __m256i l = inf, h = zero;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)(v + i)), abs);
        __m256i counted = _mm256_and_si256(_mm256_cmpgt_epi32(a, zero),
                                           finite ? _mm256_cmpgt_epi32(inf, a) : all);
        l = _mm256_min_epi32(l, _mm256_blendv_epi8(inf, a, counted));
        h = _mm256_max_epi32(h, _mm256_and_si256(a, counted));
    }
    fold_lanes(l, h, lo_bits, hi_bits);
    for (; i < n; i++) {
        uint32_t a;
        memcpy(&a, v + i, sizeof a);
        a &= 0x7FFFFFFFu;
        if (a > 0 && (!finite || a < 0x7F800000u)) {
            *lo_bits = a < *lo_bits ? a : *lo_bits;
            *hi_bits = a > *hi_bits ? a : *hi_bits;
        }
    }
}

AVX2 void kern_finite_range_avx2(const float *v, int64_t n, float *lo, float *hi)
{
    uint32_t lo_bits, hi_bits;
    abs_range(v, n, true, &lo_bits, &hi_bits);
    if (hi_bits == 0)
        lo_bits = 0;
    memcpy(lo, &lo_bits, sizeof *lo);
    memcpy(hi, &hi_bits, sizeof *hi);
}

/* bf16 is binary32's upper half: widening is a shift, and the scale a
 * power of two, exact. */
AVX2 void kern_widen_bf16_avx2(const uint16_t *src, int64_t n, float scale, float *dst)
{
    const __m256 k = _mm256_set1_ps(scale);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(src + i)));
        _mm256_storeu_ps(dst + i, _mm256_mul_ps(_mm256_castsi256_ps(_mm256_slli_epi32(w, 16)), k));
    }
    for (; i < n; i++) {
        uint32_t u = (uint32_t)src[i] << 16;
        float f;
        memcpy(&f, &u, sizeof f);
        dst[i] = f * scale;
    }
}

/* (NaN patterns are positive integers above Inf's: the signed maximum
 * finds them.) */
AVX2 void kern_magnitudes_avx2(const float *v, int64_t n, float *largest, float *least_nonzero)
{
    uint32_t lo_bits, hi_bits;
    abs_range(v, n, false, &lo_bits, &hi_bits);
    memcpy(largest, &hi_bits, sizeof *largest);
    memcpy(least_nonzero, &lo_bits, sizeof *least_nonzero);
}

/* --- integers in 16-bit lanes --------------------------------------- */

/* rows x (panels * 8) results: each step broadcasts the pair (L[m][2p],
 * L[m][2p+1]) and multiplies it into a panel's pair vector by vpmaddwd,
 * whose adjacent-product sums go into 32-bit lanes; vpaddd wraps mod 2^32
 * (kern_dot.c says why the sums are then exact mod 2^32). */
static ALWAYS_INLINE AVX2 void i16_block(int rows, int panels, const int16_t *L, int64_t lda, int64_t pairs,
                                         const int16_t *P, int64_t pstride, int32_t *out, int64_t ldo)
{
    __m256i acc[4][2];
    for (int r = 0; r < 4; r++)
        acc[r][0] = acc[r][1] = _mm256_setzero_si256();
    for (int64_t p = 0; p < pairs; p++) {
        __m256i b0 = _mm256_loadu_si256((const __m256i *)(P + p * 16));
        __m256i b1 = panels > 1 ? _mm256_loadu_si256((const __m256i *)(P + pstride + p * 16)) : b0;
        for (int r = 0; r < rows; r++) {
            int32_t w;
            memcpy(&w, L + r * lda + 2 * p, sizeof w);
            __m256i a = _mm256_set1_epi32(w);
            acc[r][0] = _mm256_add_epi32(acc[r][0], _mm256_madd_epi16(a, b0));
            if (panels > 1)
                acc[r][1] = _mm256_add_epi32(acc[r][1], _mm256_madd_epi16(a, b1));
        }
    }
    for (int r = 0; r < rows; r++) {
        _mm256_storeu_si256((__m256i *)(out + r * ldo), acc[r][0]);
        if (panels > 1)
            _mm256_storeu_si256((__m256i *)(out + r * ldo + 8), acc[r][1]);
    }
}

AVX2 void kern_dot_i16_avx2(const int16_t *L, int64_t lda, int64_t M, int64_t Kp, const int16_t *P, int64_t npanels,
                            int32_t *out, int64_t ldo)
{
    int64_t pairs = Kp / 2, pstride = Kp * KERN_I16_PANEL;
    for (int64_t j = 0; j < npanels; j += 2) {
        const int16_t *Pj = P + j * pstride;
        int panels = npanels - j >= 2 ? 2 : 1;
        int64_t m = 0;
        for (; m + 4 <= M; m += 4) {
            if (panels == 2)
                i16_block(4, 2, L + m * lda, lda, pairs, Pj, pstride, out + m * ldo + j * 8, ldo);
            else
                i16_block(4, 1, L + m * lda, lda, pairs, Pj, pstride, out + m * ldo + j * 8, ldo);
        }
        for (; m < M; m++) {
            if (panels == 2)
                i16_block(1, 2, L + m * lda, lda, pairs, Pj, pstride, out + m * ldo + j * 8, ldo);
            else
                i16_block(1, 1, L + m * lda, lda, pairs, Pj, pstride, out + m * ldo + j * 8, ldo);
        }
    }
}

#else

/* Never called: isa_avx2() is false on other hosts. */
void kern_chains_avx2(const kern_chain_format *f, const float *L, const kern_chain_bounds *bounds, int64_t M,
                      int64_t K, const float *P, float *out, uint64_t *bad)
{
    (void)f, (void)L, (void)bounds, (void)M, (void)K, (void)P, (void)out, (void)bad;
}

void kern_acc_f32_avx2(const float *A, int64_t lda, int64_t M, int64_t K, const float *P, float *out, bool fused)
{
    (void)A, (void)lda, (void)M, (void)K, (void)P, (void)out, (void)fused;
}

void kern_finite_range_avx2(const float *v, int64_t n, float *lo, float *hi)
{
    (void)v, (void)n, (void)lo, (void)hi;
}

void kern_magnitudes_avx2(const float *v, int64_t n, float *largest, float *least_nonzero)
{
    (void)v, (void)n, (void)largest, (void)least_nonzero;
}

void kern_widen_bf16_avx2(const uint16_t *src, int64_t n, float scale, float *dst)
{
    (void)src, (void)n, (void)scale, (void)dst;
}

void kern_dot_i16_avx2(const int16_t *L, int64_t lda, int64_t M, int64_t Kp, const int16_t *P, int64_t npanels,
                       int32_t *out, int64_t ldo)
{
    (void)L, (void)lda, (void)M, (void)Kp, (void)P, (void)npanels, (void)out, (void)ldo;
}

#endif
