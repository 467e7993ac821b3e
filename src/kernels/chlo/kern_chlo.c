/* Native kernels of chlo ops, bit-identical to their decompositions
 * (kern_chlo.h, docs/chlo.md "Native kernels").
 *
 * erf and lgamma on f32 perform the decomposition's operations (src/chlo:
 * chlo_erf.c erf_f32, chlo_gamma.c lgamma_f) on each element, in its order
 * and with its constants (chlo/chlo_coeffs.h), in blocks of BLOCK elements
 * that stay in cache. A block is computed twice over only where needed:
 *
 * - the fast pass runs the adds, multiplies and divides on the FPU (each
 *   correctly rounded, -ffp-contract=off: the bits of kern_f32_arith for
 *   every result that is not a NaN), compares and selects on floats, and
 *   the transcendental steps through kern_f32_math, the kernels of
 *   stablehlo.log, log_plus_one and sine on f32;
 * - a lane whose result is a NaN is computed again in the exact pass, where
 *   every add, multiply and divide is kern_f32_arith (APFloat's NaN rules,
 *   which decide the payload), clamp and floor follow kern_compare.c's and
 *   kern_unary.c's NaN rules.
 *
 * Why the fast pass is exact where its result is not a NaN: every step
 * gives a NaN in the fast pass exactly when it does in the decomposition
 * (IEEE and APFloat agree on when an operation is invalid, and a NaN
 * operand gives a NaN), its value is the same wherever it is not a NaN, and
 * no step lets a NaN's payload decide a value that is not a NaN (compares
 * and is_finite look only at NaN-ness, selects pick a whole value). So the
 * two passes agree on every lane that is not a NaN, and the exact pass is
 * the decomposition step for step on the others.
 *
 * lgamma takes log(sine(pi frac)) only for the elements whose result is
 * the reflection (x < 1/2): the decomposition computes it for every element
 * and throws the others away. On AVX2 its log_plus_one(u) and log(a) are
 * kern_mathf32.c's own plain-vector steps (kern_logf32_avx2.h) inlined into
 * the loop of the Lanczos series, so that the series' divides overlap the
 * logs' multiplies; a vector they do not decide goes through kern_f32_math,
 * so every lane has kern_f32_math's bits either way.
 *
 * A whole block reads its operands where they are and, unless the op runs
 * in place, writes its results straight into the destination.
 *
 * top_k keeps the k best of each row by (key descending, index ascending),
 * the key ordering the type as the sort's comparator GT does (TOTALORDER on
 * floats): the first k of the stable sort the decomposition runs.
 *
 * The broadcasting binaries run the StableHLO op's kernel on parts of the
 * result, each operand's part read in place or copied from it as
 * broadcast_in_dim copies: the same bits through the same kernel, without
 * the whole broadcast operand. */
#include "kernels/chlo/kern_chlo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chlo/chlo_coeffs.h"
#include "kernels/kern.h"
#include "kernels/kern_split.h"
#include "kernels/math/kern_float_def.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_logf32_avx2.h"
#include "kernels/math/kern_mathf32.h"
#include "util/isa.h"
#include "util/mem.h"

enum { W = 8, BLOCK = 512, NV = BLOCK / W };

/* Each step is inlined into the fast and the exact pass, where ex is a
 * constant: the fast pass is then straight vector code. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* W lanes in the vector extensions of GCC and clang; a compare gives lane
 * masks (all ones or zero), selects are bitwise. Every function that takes or
 * gives one is inlined, so no such value crosses a call: GCC's note that
 * 32-byte vectors pass differently without AVX does not apply. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpsabi"
typedef float vf __attribute__((vector_size(4 * W)));
typedef int32_t vi __attribute__((vector_size(4 * W)));
typedef uint64_t vq __attribute__((vector_size(4 * W)));

typedef union {
    vf v[NV];
    float f[BLOCK];
    uint32_t u[BLOCK];
} lanes;

/* ---- the steps, fast (ex false) or exact (ex true) ---------------------- */

ALWAYS_INLINE vf splat(float k)
{
    vf v = { 0 }; /* (every lane is set below; gcc -O1 cannot tell) */
    for (int i = 0; i < W; i++)
        v[i] = k;
    return v;
}

ALWAYS_INLINE vf sel(vi m, vf a, vf b)
{
    return (vf)((m & (vi)a) | (~m & (vi)b));
}

ALWAYS_INLINE vf vabs(vf a)
{
    return (vf)((vi)a & 0x7FFFFFFF);
}

ALWAYS_INLINE vf vneg(vf a)
{
    return (vf)((vi)a ^ INT32_MIN);
}

/* vector i of the block's operands (unaligned in the source) */
#define XV(m, i) load_vf((m)->xs + (i) * W)

ALWAYS_INLINE vf load_vf(const float *p)
{
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}

ALWAYS_INLINE void store_vf(float *p, vf v)
{
    memcpy(p, &v, sizeof v);
}

/* a op b, each lane rounded once; exact: kern_f32_arith, whose NaN is
 * APFloat's */
ALWAYS_INLINE vf arith(fp_binop op, vf a, vf b, bool ex)
{
    if (ex) {
        vf r;
        for (int i = 0; i < W; i++)
            r[i] = bits_to_f32(kern_f32_arith(op, f32_to_bits(a[i]), f32_to_bits(b[i])));
        return r;
    }
    switch (op) {
    case FPOP_ADD: return a + b;
    case FPOP_SUB: return a - b;
    case FPOP_MUL: return a * b;
    case FPOP_DIV: return a / b;
    case FPOP_REM:
    case FPOP_COUNT: break;
    }
    return a;
}

#define ADD(a, b) arith(FPOP_ADD, a, b, ex)
#define SUB(a, b) arith(FPOP_SUB, a, b, ex)
#define MUL(a, b) arith(FPOP_MUL, a, b, ex)
#define DIV(a, b) arith(FPOP_DIV, a, b, ex)

/* stablehlo.clamp(lo, x, hi) for lo < hi, neither a NaN nor a zero: a NaN
 * x is made quiet (kern_compare.c's clamp loops) */
ALWAYS_INLINE vf clamp(float lo, vf x, float hi)
{
    vf vlo = splat(lo), vhi = splat(hi);
    vf r = sel(x < vlo, vlo, sel(vhi < x, vhi, x));
    return sel(x != x, (vf)((vi)x | 0x400000), r);
}

/* stablehlo.floor of a = |x|: for a finite a below 2^23, a + 2^23 - 2^23
 * rounds a to an integer, one less where that went up; a is its own floor
 * from 2^23 and for +Inf; a NaN through the definition */
ALWAYS_INLINE vf floor_abs(vf a, bool ex)
{
    vf big = splat(0x1p23f);
    vf t = (a + big) - big;
    t = sel(t > a, t - splat(1.0f), t);
    vf r = sel(a < big, t, a);
    if (ex)
        for (int i = 0; i < W; i++)
            if (a[i] != a[i])
                r[i] = bits_to_f32((uint32_t)kern_float_unary_def(FP_F32, KU_FLOOR, f32_to_bits(a[i])));
    return r;
}

/* ---- lgamma (chlo_gamma.c lgamma_f) ------------------------------------- */

/* The decomposition's constants, rounded to f32 as chlo_like rounds them. */
typedef struct {
    float c[8], k[8], base, gh, log_gh, half_log_2pi, log_pi, pi;
} lgamma_consts;

static lgamma_consts lgamma_consts_get(void)
{
    lgamma_consts k;
    for (int i = 0; i < 8; i++) {
        k.c[i] = (float)chlo_lanczos_c[i];
        k.k[i] = (float)(i + 1);
    }
    k.base = (float)chlo_lanczos_base;
    k.gh = (float)(chlo_lanczos_g + 0.5);
    k.log_gh = (float)log(chlo_lanczos_g + 0.5);
    k.half_log_2pi = (float)((log(2) + log(M_PI)) / 2);
    k.log_pi = (float)log(M_PI);
    k.pi = (float)M_PI;
    return k;
}

typedef struct {
    const float *xs; /* the block's operands: the source itself for a whole block, else x (padded) */
    float *rs;       /* its results: the destination itself for a whole block not in place, else r */
    lanes x, r, z, a, t, u, l1, la, den, s;
    int idx[BLOCK];
    unsigned char below[NV]; /* the reflection lanes of each vector (bit i: lane i) */
    lgamma_consts K;
    float alpha[7], beta[5]; /* erf's */
} block_mem;

/* ---- erf (chlo_erf.c erf_f32) ------------------------------------------- */

ALWAYS_INLINE vf erf_elem(const block_mem *m, vf x, bool ex)
{
    x = clamp(-4.0f, x, 4.0f);
    vf x2 = MUL(x, x);
    vf pa = splat(m->alpha[0]);
    for (int i = 1; i < 7; i++) {
        pa = MUL(pa, x2);
        pa = ADD(pa, splat(m->alpha[i]));
    }
    vf pb = splat(m->beta[0]);
    for (int i = 1; i < 5; i++) {
        pb = MUL(pb, x2);
        pb = ADD(pb, splat(m->beta[i]));
    }
    vf xa = MUL(x, pa);
    vf e = DIV(xa, pb);
    return clamp(-1.0f, e, 1.0f);
}

/* The series' constants as vectors (splatted once per block). */
typedef struct {
    vf c[8], k[8];
} series_consts;

ALWAYS_INLINE series_consts series_consts_of(const lgamma_consts *K)
{
    series_consts s;
    for (int j = 0; j < 8; j++) {
        s.c[j] = splat(K->c[j]);
        s.k[j] = splat(K->k[j]);
    }
    return s;
}

/* Before the transcendental steps, for vector i: z, the series a, t and z
 * / (g + 1/2) (for log_plus_one). */
ALWAYS_INLINE void lgamma_a_vec(block_mem *m, const series_consts *S, int i, bool ex)
{
    const lgamma_consts *K = &m->K;
    const vf *c = S->c, *k = S->k;
    vf x = XV(m, i);
    vf z = sel(x < splat(0.5f), vneg(x), SUB(x, splat(1.0f)));
    vf a = splat(K->base);
    /* the series' eight terms written out (a loop over them is not
     * unrolled at -O2: its counter and the constants' loads cost a
     * tenth of the block) */
    a = ADD(a, DIV(c[0], ADD(z, k[0])));
    a = ADD(a, DIV(c[1], ADD(z, k[1])));
    a = ADD(a, DIV(c[2], ADD(z, k[2])));
    a = ADD(a, DIV(c[3], ADD(z, k[3])));
    a = ADD(a, DIV(c[4], ADD(z, k[4])));
    a = ADD(a, DIV(c[5], ADD(z, k[5])));
    a = ADD(a, DIV(c[6], ADD(z, k[6])));
    a = ADD(a, DIV(c[7], ADD(z, k[7])));
    m->z.v[i] = z;
    m->a.v[i] = a;
    m->t.v[i] = ADD(splat(K->gh), z);
    m->u.v[i] = DIV(z, splat(K->gh));
}

/* lgamma_a_vec for vectors [0, nv), then l1 = log_plus_one(u) and la =
 * log(a) */
ALWAYS_INLINE void lgamma_a_logs(block_mem *m, int nv, bool ex)
{
    series_consts S = series_consts_of(&m->K);
    for (int i = 0; i < nv; i++)
        lgamma_a_vec(m, &S, i, ex);
    kern_f32_math(KM_LOG1P, m->u.u, m->l1.u, nv * W);
    kern_f32_math(KM_LOG, m->a.u, m->la.u, nv * W);
}

#if defined(__x86_64__) || defined(__i386__)
/* The same with AVX2, log_plus_one and log inlined into the loop of the
 * series (kern_logf32_avx2.h), so that the series' divisions overlap the
 * logs' multiplies (the divider would otherwise bound the series' loop).
 * A vector whose u or a are not all plain, or where a lane's band does not
 * decide, is computed by kern_f32_math afterwards: the same bits. */
__attribute__((target("avx2,fma"))) static void lgamma_a_logs_avx2(block_mem *m, int nv)
{
    series_consts S = series_consts_of(&m->K);
    int redo[NV], nredo = 0;
    lgamma_a_vec(m, &S, 0, false);
    for (int i = 0; i < nv; i++) {
        if (i + 1 < nv) /* (the next vector's series, independent of this vector's logs) */
            lgamma_a_vec(m, &S, i + 1, false);
        __m256 u = (__m256)m->u.v[i], a = (__m256)m->a.v[i];
        if (kern_log1pf32_plain8(u) && kern_logf32_plain8(a)) {
            int b0, b1, b2;
            __m128 l0 = kern_log1pf32_plain4(_mm256_castps256_ps128(u), &b0);
            __m128 l1 = kern_log1pf32_plain4(_mm256_extractf128_ps(u, 1), &b1);
            m->l1.v[i] = (vf)_mm256_set_m128(l1, l0);
            m->la.v[i] = (vf)kern_logf32_round8(a, &b2);
            if (!(b0 | b1 | b2))
                continue;
        }
        redo[nredo++] = i;
    }
    for (int j = 0; j < nredo; j++) {
        kern_f32_math(KM_LOG1P, m->u.u + redo[j] * W, m->l1.u + redo[j] * W, W);
        kern_f32_math(KM_LOG, m->a.u + redo[j] * W, m->la.u + redo[j] * W, W);
    }
}
#endif

/* pi * frac for sine, in place over vectors [0, nv) of v: the arguments of
 * the reflection lanes only, gathered (the decomposition computes it for
 * every element and selects it only below 1/2) */
ALWAYS_INLINE void lgamma_reflection_arg(const lgamma_consts *K, vf *v, int nv, bool ex)
{
    vf half = splat(0.5f), one = splat(1.0f);
    for (int i = 0; i < nv; i++) {
        vf ax = vabs(v[i]);
        vf frac = SUB(ax, floor_abs(ax, ex));
        frac = sel(half < frac, SUB(one, frac), frac);
        v[i] = MUL(splat(K->pi), frac);
    }
}

/* After them: l1 = log_plus_one(u), la = log(a), den = log(sine(s)). */
ALWAYS_INLINE void lgamma_b(block_mem *m, int nv, bool ex)
{
    const lgamma_consts *K = &m->K;
    vf half = splat(0.5f), inf = splat(INFINITY);
    for (int i = 0; i < nv; i++) {
        vf x = XV(m, i), den = m->den.v[i];
        vf logt = ADD(splat(K->log_gh), m->l1.v[i]);
        vf tdl = DIV(m->t.v[i], logt);
        vf sum = SUB(ADD(m->z.v[i], half), tdl);
        vf lg = ADD(ADD(splat(K->half_log_2pi), MUL(sum, logt)), m->la.v[i]);
        vf refl = SUB(SUB(splat(K->log_pi), den), lg);
        refl = sel(vabs(den) < inf, refl, vneg(den));
        lg = sel(x < half, refl, lg);
        store_vf(m->rs + i * W, sel(vabs(x) == inf, inf, lg));
    }
}

/* ---- blocks ------------------------------------------------------------- */

/* The x of the reflection lanes of vectors [0, nv) packed into s, their
 * positions into idx; returns their number. */
static int reflection_pack(block_mem *m, int nv)
{
    int nr = 0;
    for (int v = 0; v < nv; v++) {
        vi below = XV(m, v) < splat(0.5f);
        vq q = (vq)below; /* (the lanes' OR in four 64-bit pieces) */
        if (!(q[0] | q[1] | q[2] | q[3])) /* (JAX's arguments are mostly positive) */
            continue;
        for (int i = v * W; i < (v + 1) * W; i++) {
            m->idx[nr] = i;
            nr += m->xs[i] < 0.5f;
        }
    }
    for (int j = 0; j < nr; j++)
        m->s.f[j] = m->xs[m->idx[j]];
    return nr;
}

#if defined(__x86_64__) || defined(__i386__)

/* The same with AVX2: a vector's lanes below 1/2 (mask b) are moved to its
 * first popcount(b) lanes by one permutation and stored at s + nr (the
 * lanes past them are overwritten by the next vector's store; nr + 8 <= 8 (v
 * + 1), so the store stays in s). PACK(b) holds, 4 bits per output lane k,
 * the input lane of the k-th set bit of b: lane i goes to the number of set
 * bits below it. UNPACK(b) holds, for each lane i, that number: the packed
 * lane that goes back to i. */
#define PC8(c) (((c) & 1) + ((c) >> 1 & 1) + ((c) >> 2 & 1) + ((c) >> 3 & 1) + ((c) >> 4 & 1) + ((c) >> 5 & 1) + ((c) >> 6 & 1) + ((c) >> 7 & 1))
#define PC_BELOW(b, i) PC8((b) & ((1u << (i)) - 1))
#define PACK_LANE(b, i) ((b) >> (i) & 1 ? (uint32_t)(i) << (4 * PC_BELOW(b, i)) : 0u)
#define PACK(b)                                                                                                   \
    (PACK_LANE(b, 0u) | PACK_LANE(b, 1u) | PACK_LANE(b, 2u) | PACK_LANE(b, 3u) | PACK_LANE(b, 4u) |                \
     PACK_LANE(b, 5u) | PACK_LANE(b, 6u) | PACK_LANE(b, 7u))
#define UNPACK(b)                                                                                                    \
    ((uint32_t)PC_BELOW(b, 1u) << 4 | (uint32_t)PC_BELOW(b, 2u) << 8 | (uint32_t)PC_BELOW(b, 3u) << 12 |          \
     (uint32_t)PC_BELOW(b, 4u) << 16 | (uint32_t)PC_BELOW(b, 5u) << 20 | (uint32_t)PC_BELOW(b, 6u) << 24 |        \
     (uint32_t)PC_BELOW(b, 7u) << 28)
#define ROW4(F, b) F(b), F(b + 1u), F(b + 2u), F(b + 3u)
#define ROW16(F, b) ROW4(F, b), ROW4(F, b + 4u), ROW4(F, b + 8u), ROW4(F, b + 12u)
#define ROW64(F, b) ROW16(F, b), ROW16(F, b + 16u), ROW16(F, b + 32u), ROW16(F, b + 48u)
#define ROW256(F) ROW64(F, 0u), ROW64(F, 64u), ROW64(F, 128u), ROW64(F, 192u)

static const uint32_t pack_table[256] = { ROW256(PACK) }, unpack_table[256] = { ROW256(UNPACK) };

/* the lane indices of a table entry */
__attribute__((target("avx2"))) static inline __m256i lane_perm(uint32_t e)
{
    return _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32((int)e), _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28)),
                            _mm256_set1_epi32(7));
}

__attribute__((target("avx2"))) static int reflection_pack_avx2(block_mem *m, int nv)
{
    int nr = 0;
    for (int v = 0; v < nv; v++) {
        __m256 x = _mm256_loadu_ps(m->xs + v * W);
        unsigned b = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(x, _mm256_set1_ps(0.5f), _CMP_LT_OQ));
        m->below[v] = (unsigned char)b;
        if (!b) /* (JAX's arguments are mostly positive) */
            continue;
        __m256 packed = _mm256_permutevar8x32_ps(x, lane_perm(pack_table[b]));
        _mm256_storeu_ps(m->s.f + nr, packed);
        nr += __builtin_popcount(b);
    }
    return nr;
}

/* den's reflection lanes from s (the other lanes of a vector that has one
 * get values of s that lgamma_b computes with and throws away) */
__attribute__((target("avx2"))) static void reflection_unpack_avx2(block_mem *m, int nv)
{
    int nr = 0;
    for (int v = 0; v < nv; v++) {
        unsigned b = m->below[v];
        if (!b)
            continue;
        __m256 packed = _mm256_loadu_ps(m->s.f + nr);
        _mm256_storeu_ps(m->den.f + v * W, _mm256_permutevar8x32_ps(packed, lane_perm(unpack_table[b])));
        nr += __builtin_popcount(b);
    }
}
#endif

/* Vectors [0, nv) of m->xs, the results in m->rs; ex as above, avx2: the
 * AVX2 copy of the fast pass. */
ALWAYS_INLINE void run_block(kern_chlo_fn fn, block_mem *m, int nv, bool ex, bool avx2)
{
    if (fn == KCH_ERF) {
        for (int i = 0; i < nv; i++)
            store_vf(m->rs + i * W, erf_elem(m, XV(m, i), ex));
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    if (avx2)
        lgamma_a_logs_avx2(m, nv);
    else
#endif
        lgamma_a_logs(m, nv, ex);
    /* log(sine(pi frac)) only where the reflection is selected (x < 1/2):
     * elsewhere its value is never used. The x of those lanes are packed
     * into s (in their order), computed there and put back into den. */
    int nr;
#if defined(__x86_64__) || defined(__i386__)
    if (avx2)
        nr = reflection_pack_avx2(m, nv);
    else
#endif
        nr = reflection_pack(m, nv);
    lgamma_reflection_arg(&m->K, m->s.v, (nr + W - 1) / W, ex);
    kern_f32_math(KM_SIN, m->s.u, m->s.u, nr);
    kern_f32_math(KM_LOG, m->s.u, m->s.u, nr);
#if defined(__x86_64__) || defined(__i386__)
    if (avx2)
        reflection_unpack_avx2(m, nv);
    else
#endif
        for (int j = 0; j < nr; j++)
            m->den.u[m->idx[j]] = m->s.u[j];
    lgamma_b(m, nv, ex);
}

/* the fast pass on vectors [0, nv) of a block, its trip counts constants
 * for a whole block (a short tail, as of an op in a body run per element,
 * computes only its own vectors); a copy built for AVX2 where the host has
 * it (the same operations, each rounded once: no contraction into FMA,
 * -ffp-contract=off) */
ALWAYS_INLINE bool fast_pass(kern_chlo_fn fn, block_mem *m, int nv, bool avx2)
{
    if (nv == NV)
        run_block(fn, m, NV, false, avx2);
    else
        run_block(fn, m, nv, false, avx2);
    vi any = { 0 };
    for (int i = 0; i < nv; i++) {
        vf r = load_vf(m->rs + i * W);
        any |= r != r;
    }
    bool some = false;
    for (int i = 0; i < W; i++)
        some |= any[i] != 0;
    return some; /* a NaN among the results (the padding gives none) */
}

static bool fast_block(kern_chlo_fn fn, block_mem *m, int nv)
{
    return fast_pass(fn, m, nv, false);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"))) static bool fast_block_avx2(kern_chlo_fn fn, block_mem *m, int nv)
{
    return fast_pass(fn, m, nv, true);
}
#endif

static void exact_lanes(kern_chlo_fn fn, block_mem *m, int nv)
{
    run_block(fn, m, nv, true, false);
}

static void f32_blocks(kern_chlo_fn fn, block_mem *m, const uint32_t *x, uint32_t *r, int64_t n)
{
    int idx[BLOCK];
    bool avx2 = isa_avx2();
    (void)avx2;
    for (int64_t lo = 0; lo < n; lo += BLOCK) {
        int len = n - lo < BLOCK ? (int)(n - lo) : BLOCK, nv = (len + W - 1) / W;
        /* a whole block is read in place (r is written only after it) and,
         * when r is not x, written in place */
        m->xs = (const float *)(x + lo);
        m->rs = len == BLOCK && r != x ? (float *)(r + lo) : m->r.f;
        if (len % W) {
            memcpy(m->x.u, x + lo, (size_t)len * 4);
            for (int i = len; i % W; i++)
                m->x.u[i] = 0;
            m->xs = m->x.f;
        }
        bool some;
#if defined(__x86_64__) || defined(__i386__)
        if (avx2)
            some = fast_block_avx2(fn, m, nv);
        else
#endif
            some = fast_block(fn, m, nv);
        int nan = 0;
        if (some) { /* the operands of the NaN lanes, before r (which may be x) is written */
            for (int i = 0; i < len; i++) {
                idx[nan] = i;
                nan += m->rs[i] != m->rs[i];
            }
            for (int j = 0; j < nan; j++) /* j <= idx[j]: in place where xs is x */
                m->x.f[j] = m->xs[idx[j]];
            for (int j = nan; j % W; j++)
                m->x.u[j] = 0;
        }
        if (m->rs == m->r.f)
            memcpy(r + lo, m->r.u, (size_t)len * 4);
        if (!some)
            continue;
        m->xs = m->x.f;
        m->rs = m->r.f;
        exact_lanes(fn, m, (nan + W - 1) / W);
        for (int j = 0; j < nan; j++)
            r[lo + idx[j]] = m->r.u[j];
    }
}

void kern_chlo_f32(kern_chlo_fn fn, const uint32_t *x, uint32_t *r, int64_t n)
{
    block_mem m; /* about 24 KB, in cache while the blocks run */
    m.K = lgamma_consts_get();
    /* the lanes of den that lgamma does not compute (no reflection) are
     * read and thrown away: set once, so that they are never uninitialised */
    memset(m.den.u, 0, sizeof m.den.u);
    memset(m.s.u, 0, sizeof m.s.u);
    for (int i = 0; i < 7; i++)
        m.alpha[i] = (float)chlo_erf32_alpha[i];
    for (int i = 0; i < 5; i++)
        m.beta[i] = (float)chlo_erf32_beta[i];
    f32_blocks(fn, &m, x, r, n);
}

/* kern_each_fn: x[0] and r of f32, not splats */
static irrun_status f32_each(const void *ctx, const tensor *const *x, tensor *r)
{
    kern_chlo_f32(*(const kern_chlo_fn *)ctx, x[0]->data, r->data, r->count);
    return IRRUN_OK;
}

irrun_status kern_chlo_unary_on(pool *p, kern_chlo_fn fn, const tensor *x, tensor *r)
{
    if (x->type.elem == ET_F32)
        return kern_each_on(p, f32_each, &fn, &x, 1, r);
    /* f16, bf16: converted to f32 and back, the decomposition's converts */
    tensor_type t = x->type;
    t.elem = ET_F32;
    tensor *w = tensor_new_unset(&t);
    if (!w)
        return IRRUN_NOMEM;
    const tensor *wx = w;
    irrun_status s = kern_convert_on(p, x, w);
    if (s == IRRUN_OK)
        s = kern_each_on(p, f32_each, &fn, &wx, 1, w);
    if (s == IRRUN_OK)
        s = kern_convert_on(p, w, r);
    tensor_release(w);
    return s;
}

/* ---- top_k --------------------------------------------------------------- */

#define TK(e) (UINT64_C(1) << (e))
static const uint64_t top_k_types = TK(ET_F16) | TK(ET_BF16) | TK(ET_F32) | TK(ET_F64) | TK(ET_I8) | TK(ET_I16) |
                                    TK(ET_I32) | TK(ET_I64) | TK(ET_UI8) | TK(ET_UI16) | TK(ET_UI32) | TK(ET_UI64);

bool kern_chlo_top_k_applies(et_id t)
{
    return (top_k_types >> t) & 1;
}

enum { KEY_CHUNK = 1024, TOP_K_SMALL = 64, TOP_K_ROWS = 8 };

/* An element's key: keys order as GT orders the values, TOTALORDER on
 * floats (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN, NaNs by
 * payload, as kern_compare.c's total_key). */
static inline int64_t float_key(uint64_t bits, int w)
{
    uint64_t sign = UINT64_C(1) << (w - 1), mag = bits & (sign - 1);
    return bits & sign ? -1 - (int64_t)mag : (int64_t)mag;
}

/* keys of elements [lo, lo + n) of a row */
static void row_keys(et_id t, const unsigned char *row, int64_t lo, int n, int64_t *key)
{
    if (t == ET_F32) {
        const int32_t *v = (const int32_t *)row + lo;
        for (int i = 0; i < n; i++)
            key[i] = v[i] ^ ((v[i] >> 31) & INT32_MAX); /* float_key for 32 bits */
        return;
    }
    const et_traits *tr = et_get(t);
    for (int i = 0; i < n; i++) {
        uint64_t b = et_load_bits(t, row + (size_t)(lo + i) * tr->bytes);
        key[i] = tr->kind == EK_FLOAT  ? float_key(b, (int)tr->bytes * 8)
                 : tr->kind == EK_SINT ? et_sign_extend(t, b)
                 : t == ET_UI64        ? (int64_t)(b ^ (UINT64_C(1) << 63))
                                       : (int64_t)b;
    }
}

typedef struct {
    int64_t key, pos;
} top_entry;

/* by key descending, then position ascending: a total order */
static int entry_order(const void *va, const void *vb)
{
    const top_entry *a = va, *b = vb;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

typedef struct {
    const tensor *x;
    int64_t n, k, rows;
    tensor *values, *indices;
} top_k_job;

/* The k best of one row into best[0..k) (k <= TOP_K_SMALL): an element
 * enters when its key beats the worst kept one, after the kept ones of an
 * equal key (they come first in the row). */
static void row_small(const top_k_job *j, const unsigned char *row, top_entry *best)
{
    int64_t key[KEY_CHUNK];
    int k = (int)j->k, m = 0;
    for (int64_t lo = 0; lo < j->n; lo += KEY_CHUNK) {
        int len = j->n - lo < KEY_CHUNK ? (int)(j->n - lo) : KEY_CHUNK;
        row_keys(j->x->type.elem, row, lo, len, key);
        for (int i = 0; i < len; i++) {
            if (m == k) {
                if (key[i] <= best[k - 1].key)
                    continue;
                m--;
            }
            int p = m++;
            for (; p > 0 && best[p - 1].key < key[i]; p--)
                best[p] = best[p - 1];
            best[p].key = key[i];
            best[p].pos = lo + i;
        }
    }
}

/* The whole row sorted by entry_order into best[0..n). */
static void row_sorted(const top_k_job *j, const unsigned char *row, top_entry *best)
{
    int64_t key[KEY_CHUNK];
    for (int64_t lo = 0; lo < j->n; lo += KEY_CHUNK) {
        int len = j->n - lo < KEY_CHUNK ? (int)(j->n - lo) : KEY_CHUNK;
        row_keys(j->x->type.elem, row, lo, len, key);
        for (int i = 0; i < len; i++) {
            best[lo + i].key = key[i];
            best[lo + i].pos = lo + i;
        }
    }
    qsort(best, (size_t)j->n, sizeof *best, entry_order);
}

static irrun_status top_k_part(void *arg, int64_t part)
{
    const top_k_job *j = arg;
    size_t es = tensor_elem_bytes(j->x);
    bool small = j->k <= TOP_K_SMALL;
    top_entry stack[TOP_K_SMALL], *best = small ? stack : mem_alloc((size_t)j->n * sizeof *best);
    if (!best)
        return IRRUN_NOMEM;
    int64_t end = (part + 1) * TOP_K_ROWS < j->rows ? (part + 1) * TOP_K_ROWS : j->rows;
    for (int64_t r = part * TOP_K_ROWS; r < end; r++) {
        const unsigned char *row = (const unsigned char *)j->x->data + (size_t)(r * j->n) * es;
        if (small)
            row_small(j, row, best);
        else
            row_sorted(j, row, best);
        unsigned char *v = (unsigned char *)j->values->data + (size_t)(r * j->k) * es;
        int32_t *ix = (int32_t *)j->indices->data + r * j->k;
        for (int64_t i = 0; i < j->k; i++) {
            memcpy(v + (size_t)i * es, row + (size_t)best[i].pos * es, es);
            ix[i] = (int32_t)best[i].pos;
        }
    }
    if (!small)
        mem_free(best);
    return IRRUN_OK;
}

irrun_status kern_chlo_top_k_on(pool *p, const tensor *x, int64_t k, tensor *values, tensor *indices)
{
    int64_t n = x->type.dims[x->type.rank - 1];
    if (k == 0 || n == 0 || x->count == 0)
        return IRRUN_OK;
    top_k_job j = { x, n, k, x->count / n, values, indices };
    return pool_run(p, (j.rows + TOP_K_ROWS - 1) / TOP_K_ROWS, top_k_part, &j);
}

/* ---- the broadcasting binaries ------------------------------------------- */

/* Result elements per part: the parts of the broadcast operands stay in
 * cache between their copy and the op. */
enum { BC_PART = 1 << 14 };

typedef struct {
    kern_binop op;
    const tensor *x[2];
    int64_t st[2][SHAPE_MAX_RANK]; /* element strides per result dimension */
    bool full[2];                  /* of the result's shape: read in place */
    bool inner[2];                 /* its elements of the dims after d lie as the result's: a part of one
                                      index of d is read in place too */
    tensor *r;
    int d;            /* parts are ranges of dimension d ... */
    int64_t inner_n;  /* ... of this many elements each (dims after d) */
    int64_t rows;     /* indices of d per part */
    int64_t per_outer; /* parts per index of the dimensions before d */
} bc_job;

static irrun_status bc_part(void *arg, int64_t part)
{
    const bc_job *j = arg;
    const tensor_type *rt = &j->r->type;
    int64_t outer = part / j->per_outer, start = part % j->per_outer * j->rows;
    int64_t len = rt->dims[j->d] - start < j->rows ? rt->dims[j->d] - start : j->rows, n = len * j->inner_n;
    int64_t at = (outer * rt->dims[j->d] + start) * j->inner_n, off[2] = { 0, 0 };
    for (int e = j->d - 1; e >= 0; e--) { /* outer's index of dimension e */
        int64_t i = outer % rt->dims[e];
        outer /= rt->dims[e];
        off[0] += i * j->st[0][e];
        off[1] += i * j->st[1][e];
    }
    size_t es = tensor_elem_bytes(j->x[0]);
    tensor v[2], r = tensor_view(j->r->type.elem, n, (unsigned char *)j->r->data + (size_t)at * tensor_elem_bytes(j->r));
    void *buf[2] = { NULL, NULL };
    irrun_status s = IRRUN_OK;
    for (int k = 0; k < 2 && s == IRRUN_OK; k++) {
        if (j->full[k] || (j->inner[k] && len == 1)) {
            int64_t from = j->full[k] ? at : off[k] + start * j->st[k][j->d];
            v[k] = tensor_view(j->x[k]->type.elem, n, (unsigned char *)j->x[k]->data + (size_t)from * es);
            continue;
        }
        if (!(buf[k] = mem_alloc((size_t)n * es))) {
            s = IRRUN_NOMEM;
            break;
        }
        v[k] = tensor_view(j->x[k]->type.elem, n, buf[k]);
        v[k].type.rank = rt->rank - j->d; /* the box: len, then the dims after d */
        v[k].type.dims[0] = len;
        for (int e = j->d + 1; e < rt->rank; e++)
            v[k].type.dims[e - j->d] = rt->dims[e];
        s = kern_strided_copy_on(NULL, j->x[k], off[k] + start * j->st[k][j->d], &j->st[k][j->d], &v[k]);
        v[k].type.rank = 1;
        v[k].type.dims[0] = n;
    }
    if (s == IRRUN_OK)
        s = kern_binary(j->op, &v[0], &v[1], &r);
    mem_free(buf[0]);
    mem_free(buf[1]);
    return s;
}

irrun_status kern_chlo_broadcast_on(pool *p, kern_binop op, const tensor *a, const int64_t *amap, const tensor *b,
                                    const int64_t *bmap, tensor *r)
{
    const tensor_type *rt = &r->type;
    if (rt->rank == 0 || r->count == 0)
        return r->count == 0 ? IRRUN_OK : kern_binary(op, a, b, r);
    bc_job j = { .op = op, .x = { a, b }, .r = r };
    const int64_t *map[2] = { amap, bmap };
    for (int k = 0; k < 2; k++) {
        const tensor_type *t = &j.x[k]->type;
        memset(j.st[k], 0, sizeof j.st[k]);
        int64_t s = 1;
        for (int e = t->rank - 1; e >= 0; e--) {
            j.st[k][map[k][e]] = t->dims[e] == 1 ? 0 : s;
            s *= t->dims[e];
        }
        j.full[k] = t->rank == rt->rank && j.x[k]->count == r->count;
    }
    j.d = rt->rank - 1;
    j.inner_n = 1;
    while (j.d > 0 && j.inner_n * rt->dims[j.d] <= BC_PART) {
        j.inner_n *= rt->dims[j.d];
        j.d--;
    }
    j.rows = BC_PART / j.inner_n > 1 ? BC_PART / j.inner_n : 1;
    /* an operand repeated along d (a bias row): parts of one index of d
     * read it in place, when they are not too small */
    for (int k = 0; k < 2; k++) {
        int64_t s = 1;
        j.inner[k] = true;
        for (int e = rt->rank - 1; e > j.d; e--) {
            j.inner[k] = j.inner[k] && (j.st[k][e] == s || rt->dims[e] == 1);
            s *= rt->dims[e];
        }
        if (!j.full[k] && j.inner[k] && j.inner_n >= 1024)
            j.rows = 1;
    }
    j.per_outer = (rt->dims[j.d] + j.rows - 1) / j.rows;
    int64_t outer = r->count / (rt->dims[j.d] * j.inner_n);
    return pool_run(p, outer * j.per_outer, bc_part, &j);
}
