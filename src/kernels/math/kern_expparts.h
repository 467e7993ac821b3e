/* The binary64 exponential core of the fast f32 class-B kernels
 * (kern_mathf32.c's exp, tanh and expm1, kern_powf32.c's e^t): t = k ln2
 * + r with |r| <= ln2 / 2, and e^t - 1 = 2^k (1 + q) - 1 with q = r + r^2
 * Q(r), Q the fitted polynomial of kern_mathconst.h. kern_mathf32.c's head
 * comment proves the bound of q; each kernel adds its own steps' errors.
 * One copy, so that no kernel's proof can rest on a core another kernel
 * changed. (kern_mathf32.c has the fused four-lane form beside its AVX2
 * loops.) */
#ifndef IRRUN_KERN_EXPPARTS_H
#define IRRUN_KERN_EXPPARTS_H

#include <stdint.h>

#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_mathconst.h"

/* e^t - 1 = scale (1 + q) - 1, scale = 2^k */
typedef struct {
    double q, scale;
} kern_expm1_parts;

/* inlined even where the compiler would call: the callers' loops vectorise */
static inline __attribute__((always_inline)) kern_expm1_parts kern_expm1_reduce(double t)
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
    /* kd's low bits hold k in two's complement: shifted to the exponent
     * field with the bias they make 2^k */
    uint64_t scale = (f64_to_bits(kd) + 1023) << 52;
    return (kern_expm1_parts){ r + r2 * q, bits_to_f64(scale) };
}

#endif
