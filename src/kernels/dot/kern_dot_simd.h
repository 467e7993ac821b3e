/* The vectorised inner loops of dot_general and convolution
 * (docs/dot-accumulation.md, "Implementation notes"), and the parameters
 * kern_dot.c gives them. Each has a portable C counterpart in kern_dot.c
 * with the same bits; isa_avx2() says whether these may run. */
#ifndef IRRUN_KERN_DOT_SIMD_H
#define IRRUN_KERN_DOT_SIMD_H

#include <stdbool.h>
#include <stdint.h>

/* A float format of at most 16 bits whose values, products of two values
 * and sums of two values binary32 computes exactly or with an innocuous
 * double rounding (24 >= 2p + 2 bits), so that REF's steps can run in
 * binary32 lanes: a product or sum x is rounded into the format as
 * (x + C) - C with C = 2^e * scale, where 2^e is x with its sign and
 * significand masked off (for products at least 2^emin, the subnormal
 * quantum; a sum of two values of the format below the normal range is
 * exact). Binary32's own rounding then happens exactly at the format's
 * quantum, ties to even.
 *
 * The lanes hold every value times 2^S (the rhs panel is scaled, the lhs
 * is not). Two ways to choose S:
 *
 * - Guarded (every format but bf16): C overflows to Inf from 2^(emax + 1)
 *   on, so the whole top binade computes in the lanes. A row whose
 *   operands are finite and whose products cannot exceed the format's max
 *   (|l| * |r| <= max over the row and the panel) is exact with no redo:
 *   while the largest accumulator is far enough from max that B more steps
 *   cannot reach it, steps run as above; past that, each step also applies
 *   the format's overflow rule (SPEC.md 3.5) to the rounded sum: NaN with
 *   the sign kept (FN; FNUZ's one NaN), +-Inf (IEEE; C's exponent capped so
 *   that Inf + C - C stays Inf) or +-max (finite-only). NaN and Inf are
 *   absorbing in such a chain (no operand is special and no product
 *   overflows), so a panel row whose lanes are all NaN stops early. A
 *   saturated or overflowing chain therefore stays in the vector loop. Any
 *   other row (a NaN or Inf operand, or products that may overflow) runs
 *   guarded steps that also apply the rule to each rounded product, with
 *   C's exponent capped for products too: Inf and overflow then go as IEEE
 *   and REF have them (Inf - Inf and 0 * Inf are NaN), and only its NaN
 *   lanes are redone by the definition (for their bits), which stops at
 *   the NaN; a row whose lanes are all NaN stops early.
 * - Unguarded (bf16, whose top binade is out of reach of the scaling): C
 *   overflows to Inf from 2^111, x + Inf - Inf is a NaN, which stays a NaN
 *   for the rest of the chain; overflow, Inf and NaN operands all end as a
 *   NaN lane, which the caller redoes by the definition. */
typedef enum {
    KERN_CHAIN_UNGUARDED,
    KERN_CHAIN_OVF_NAN, /* overflow gives a NaN with the sign kept (FN, FNUZ) */
    KERN_CHAIN_OVF_INF, /* +-Inf (IEEE) */
    KERN_CHAIN_OVF_SAT  /* +-max (finite-only formats) */
} kern_chain_overflow;

typedef struct {
    float scale; /* 1.5 * 2^(23 - mbits): C = 2^e * scale */
    float emin;  /* 2^(emin + S): the smallest normal, scaled */
    float up;    /* 2^S, applied to the rhs */
    float down;  /* 2^-S, applied to the results */
    kern_chain_overflow overflow;
    float max;   /* the largest finite value, scaled (guarded) */
    float rel;   /* 2^-(mbits + 1): a rounding's largest relative change (guarded) */
    float tiny;  /* half the subnormal quantum, scaled: its largest absolute one */
    float cap;   /* 2^(emax + S), the largest 2^e of a finite sum (guarded) */
    float split; /* 2^(23 - mbits) + 1: Veltkamp's splitter (below) */
} kern_chain_format;

/* Result columns of one panel of the REF chains: eight vectors of eight. */
enum { KERN_CHAIN_PANEL = 64 };

/* What the chains know of their operands' magnitudes: lmax[m], the largest
 * |L[m][k]|, and pmax, the largest |P| of the panel (each NaN when a NaN is
 * among them); lmin[m] and pmin, the smallest nonzero ones (Inf when there
 * is none). */
typedef struct {
    const float *lmax, *lmin;
    float pmax, pmin;
} kern_chain_bounds;

/* For m < M: out[m][j] (j < 64) = the REF chain over k = 0 .. K-1 of
 * L[m][k] * P[k][j] (P scaled by 2^S), scaled by 2^S; bad[m] bit j is set
 * when column j must be redone by the definition.
 *
 * Rounding by splitting. Where every nonzero product of a row is at least
 * the format's smallest normal (lmin[m] * pmin >= emin), a step rounds with
 * Veltkamp's splitting instead of the constant C: for a binary32 x in the
 * normal range whose x * split does not overflow, c = x * split, then
 * c - (c - x), each rounded once, is x rounded to mbits + 1 bits, ties to
 * even (tools/verify_chain_split.c checks every such binary32 x for every
 * mbits of a chain format). Where that applies it is the constant's
 * rounding: a product is exact in binary32 and normal in the format; a sum
 * below the normal range is exact with at most mbits + 1 bits, which the
 * splitting keeps. The product's c is (L * split) * P, and c - x is one
 * fused step c - L * P: three operations for the rounded product instead of
 * five or six. Steps that apply the overflow rule to the sum (past the
 * point where max is within reach) round only the product so: a sum past
 * max needs the constant's rounding, which keeps the rule's results. A lane where c overflows (bf16's values from 2^112, Inf and
 * NaN operands) becomes a NaN and is redone; a guarded format's values up
 * to max never overflow it (max * 2^S * split < 2^128 - 2^(126 - mbits)). */
void kern_chains_avx2(const kern_chain_format *f, const float *L, const kern_chain_bounds *bounds, int64_t M,
                      int64_t K, const float *P, float *out, uint64_t *bad);

/* Result columns of one panel of the binary32 accumulation. */
enum { KERN_ACC_PANEL = 16 };

/* For m < M: out[m][j] (j < 16) = sum over k in order of A[m][k] * P[k][j]
 * in binary32 (A rows lda apart). fused: each step is one fused multiply-add,
 * which the caller allows only where every product is exact in binary32 (so
 * that it equals a multiply then an add). */
void kern_acc_f32_avx2(const float *A, int64_t lda, int64_t M, int64_t K, const float *P, float *out, bool fused);

/* The smallest nonzero and the largest finite |v[i]| (0 and 0 when there is
 * none): whether the f32 accumulation may fuse (kern_products_normal_f32). */
void kern_finite_range_avx2(const float *v, int64_t n, float *lo, float *hi);

/* dst[i] = src[i] (bf16) * scale, a power of two, for i < n. */
void kern_widen_bf16_avx2(const uint16_t *src, int64_t n, float scale, float *dst);

/* The largest |v[i]| (a NaN when one of them is a NaN) and the smallest
 * nonzero |v[i]| (Inf when there is none, NaNs passed over). */
void kern_magnitudes_avx2(const float *v, int64_t n, float *largest, float *least_nonzero);

/* Integer dot products on 16-bit lanes (kern_dot.c, "Integers in 16-bit
 * lanes"). P holds npanels panels of KERN_I16_PANEL result columns, each
 * Kp / 2 pairs of vectors: pair p of panel j is the 16 values
 * R[8j][2p], R[8j][2p+1], R[8j+1][2p], ..., R[8j+7][2p+1] (Kp even, zero
 * padded). For m < M and every column c < 8 * npanels: out[m * ldo + c] =
 * the sum over k < Kp of L[m * lda + k] * R[c][k], mod 2^32. */
enum { KERN_I16_PANEL = 8 };
void kern_dot_i16_avx2(const int16_t *L, int64_t lda, int64_t M, int64_t Kp, const int16_t *P, int64_t npanels,
                       int32_t *out, int64_t ldo);

#endif
