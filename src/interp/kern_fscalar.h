/* Class-A scalar arithmetic for f32 and f64 and the IEEE-754-2019
 * maximum/minimum rule, shared by the elementwise, dot and reduce kernels.
 * The common case runs on the FPU; a NaN result (NaN operand or invalid
 * operation) is handed to fp_arith, which owns APFloat's NaN rules. */
#ifndef IRRUN_KERN_FSCALAR_H
#define IRRUN_KERN_FSCALAR_H

#include "interp/kern_num.h"

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
    double r = kern_apply_f64(op, (double)bits_to_f32(a), (double)bits_to_f32(b));
    if (r != r)
        return (uint32_t)fp_arith(FP_F32, op, a, b);
    return f32_to_bits((float)r);
}

static inline uint64_t kern_f64_arith(fp_binop op, uint64_t a, uint64_t b)
{
    double r = kern_apply_f64(op, bits_to_f64(a), bits_to_f64(b));
    if (r != r)
        return fp_arith(FP_F64, op, a, b);
    return f64_to_bits(r);
}

/* llvm::maximum / llvm::minimum on patterns of format f whose exact values
 * are va, vb (SPEC.md 4.11): a NaN operand wins (left first) and is made
 * quiet; +0 > -0; otherwise the larger / smaller value. */
static inline uint64_t kern_fmaxmin(fp_id f, bool is_max, uint64_t a, uint64_t b, double va,
                                    double vb)
{
    if (va != va)
        return fp_quiet(f, a);
    if (vb != vb)
        return fp_quiet(f, b);
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

/* C99 (Annex G, __divdc3) complex division in binary64 (kern_binary.c). */
void kern_cdiv(double ar, double ai, double br, double bi, double *rr, double *ri);

#endif
