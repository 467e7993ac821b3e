/* Class-A scalar arithmetic for f32 and f64 and the IEEE-754-2019
 * maximum/minimum rule, shared by the elementwise, dot and reduce kernels.
 * The common case runs on the FPU; a NaN operand gives SPEC.md 3.7's NaN
 * (the left operand's if it is one, else the right's, made quiet) without
 * leaving the inline code, so that a chain of NaNs (a reduce over NaNs)
 * runs as fast as one of ordinary values; an invalid operation of non-NaN
 * operands is handed to fp_arith, which owns APFloat's default NaN. */
#ifndef IRRUN_KERN_IEEE_ARITH_H
#define IRRUN_KERN_IEEE_ARITH_H

#include "kernels/math/kern_ieee.h"

static inline double kern_apply_f64(fp_binop op, double x, double y)
{
    switch (op) {
    case FPOP_ADD: return x + y;
    case FPOP_SUB: return x - y;
    case FPOP_MUL: return x * y;
    case FPOP_DIV: return x / y;
    case FPOP_REM: return fmod(x, y);
    case FPOP_COUNT: break;
    }
    return NAN; /* not an operation */
}

static inline uint32_t kern_f32_arith(fp_binop op, uint32_t a, uint32_t b)
{
    /* binary64 holds 2p + 2 bits of an f32 result: rounding it once more
     * into f32 equals a single rounding */
    double x = (double)bits_to_f32(a), y = (double)bits_to_f32(b), r = kern_apply_f64(op, x, y);
    if (r != r) {
        if (x != x)
            return a | 0x00400000u;
        if (y != y)
            return b | 0x00400000u;
        return (uint32_t)fp_arith(FP_F32, op, a, b);
    }
    return f32_to_bits((float)r);
}

static inline uint64_t kern_f64_arith(fp_binop op, uint64_t a, uint64_t b)
{
    double x = bits_to_f64(a), y = bits_to_f64(b), r = kern_apply_f64(op, x, y);
    if (r != r) {
        if (x != x)
            return a | (UINT64_C(1) << 51);
        if (y != y)
            return b | (UINT64_C(1) << 51);
        return fp_arith(FP_F64, op, a, b);
    }
    return f64_to_bits(r);
}

/* fp_quiet of a NaN pattern, inline for the IEEE formats of 16 bits and
 * more (their quiet bit is the top fraction bit) */
static inline uint64_t kern_quiet(fp_id f, uint64_t nan)
{
    if (f == FP_F64)
        return nan | (UINT64_C(1) << 51);
    if (f == FP_F32)
        return nan | 0x00400000u;
    if (f == FP_F16)
        return nan | 0x0200u;
    if (f == FP_BF16)
        return nan | 0x0040u;
    return fp_quiet(f, nan);
}

/* kern_fmaxmin's NaN case, out of line: inline, it costs the reduce
 * kernels' interleaved max/min chains a quarter more instructions on
 * ordinary operands */
__attribute__((noinline, unused)) static uint64_t kern_fmaxmin_nan(fp_id f, uint64_t a, uint64_t b, double va)
{
    return kern_quiet(f, va != va ? a : b);
}

/* llvm::maximum / llvm::minimum on patterns of format f whose exact values
 * are va, vb (SPEC.md 4.11): a NaN operand wins (left first) and is made
 * quiet; +0 > -0; otherwise the larger / smaller value. */
static inline uint64_t kern_fmaxmin(fp_id f, bool is_max, uint64_t a, uint64_t b, double va,
                                    double vb)
{
    if (isunordered(va, vb))
        return kern_fmaxmin_nan(f, a, b, va);
    if (va == 0 && vb == 0) {
        bool na = signbit(va) != 0, nb = signbit(vb) != 0;
        if (na != nb)
            return (na == is_max) ? b : a;
        return a;
    }
    if (is_max)
        return va < vb ? b : a;
    return vb < va ? b : a;
}


/* fmod(x, y) for binary32 values x, y (bf16 and f16 values are binary32
 * values) without fmod: true with *r set when |x|/|y| rounds below 2^29
 * and |y| is finite, where the steps are exact (the proof is at
 * rem_small_pd in kern_binary_avx2.c); false otherwise (zeros of y,
 * infinities, NaNs, huge quotients), for fmod to do. */
static inline bool kern_rem_small(double x, double y, double *r)
{
    double ax = fabs(x), ay = fabs(y), q = ax / ay;
    if (!(q < 0x1p29 && ay < INFINITY))
        return false;
    q = (double)(int32_t)q; /* trunc: q < 2^29 */
    double v = ax - q * ay;
    if (v < 0)
        v += ay;
    *r = copysign(v, x);
    return true;
}

/* fp_arith's result for an invalid operation op of format f (Inf - Inf,
 * 0 * Inf, 0 / 0, x rem 0, Inf rem y): one such operation asked of
 * fp_arith. APFloat gives every invalid operation of non-NaN operands the
 * same default NaN, so the vector loops patch such lanes with this pattern
 * and send only NaN operands to fp_arith one by one. */
static inline uint64_t kern_invalid_result(fp_id f, fp_binop op)
{
    uint64_t inf = fp_from_double(f, INFINITY, FPR_RNE), zero = 0;
    switch (op) {
    case FPOP_ADD: return fp_arith(f, op, inf, inf ^ fp_fmt(f)->sign_mask);
    case FPOP_SUB: return fp_arith(f, op, inf, inf);
    case FPOP_MUL: return fp_arith(f, op, zero, inf);
    case FPOP_DIV: return fp_arith(f, op, zero, zero);
    case FPOP_REM: return fp_arith(f, op, inf, zero);
    case FPOP_COUNT: break;
    }
    return 0;
}

/* One class-A operation on bf16 (bf) or f16 patterns of format f, the
 * definition the vector loops of kern_binary_avx2.c fall back on: computed
 * in binary64 (exact operands, 53 >= 2p + 2 bits: one more rounding into
 * the format equals one rounding; fmod is exact), a NaN result by
 * fp_arith. */
static inline uint16_t kern_half_arith(bool bf, fp_id f, fp_binop op, uint16_t a, uint16_t b)
{
    double v = bf ? kern_apply_f64(op, kern_bf16_to_f64(a), kern_bf16_to_f64(b))
                  : kern_apply_f64(op, kern_f16_to_f64(a), kern_f16_to_f64(b));
    if (v != v)
        return (uint16_t)fp_arith(f, op, a, b);
    return bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
}

/* 4.6's complex product on f32 / f64 parts: four rounded products, then a
 * rounded difference and sum, each step kern_f32_arith / kern_f64_arith
 * (so NaNs follow APFloat's rules step by step). */
static inline void kern_cmul32(uint32_t ar, uint32_t ai, uint32_t br, uint32_t bi, uint32_t *rr,
                               uint32_t *ri)
{
    uint32_t ac = kern_f32_arith(FPOP_MUL, ar, br), bd = kern_f32_arith(FPOP_MUL, ai, bi);
    uint32_t ad = kern_f32_arith(FPOP_MUL, ar, bi), bc = kern_f32_arith(FPOP_MUL, ai, br);
    *rr = kern_f32_arith(FPOP_SUB, ac, bd);
    *ri = kern_f32_arith(FPOP_ADD, ad, bc);
}

static inline void kern_cmul64(uint64_t ar, uint64_t ai, uint64_t br, uint64_t bi, uint64_t *rr,
                               uint64_t *ri)
{
    uint64_t ac = kern_f64_arith(FPOP_MUL, ar, br), bd = kern_f64_arith(FPOP_MUL, ai, bi);
    uint64_t ad = kern_f64_arith(FPOP_MUL, ar, bi), bc = kern_f64_arith(FPOP_MUL, ai, br);
    *rr = kern_f64_arith(FPOP_SUB, ac, bd);
    *ri = kern_f64_arith(FPOP_ADD, ad, bc);
}

#endif
