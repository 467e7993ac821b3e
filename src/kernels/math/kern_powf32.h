/* Fast power on f32, bf16 and f16 with exactly the bits of the class-B
 * definition (SPEC.md 9.5.1): both operands in binary64, glibc's pow, one
 * rounding into the element type (a NaN by fp_from_double's rules).
 * kern_powf32.c computes an approximation y of the true |a|^b with a proven
 * relative error far below the formats' resolution and keeps the rounding
 * of y only where every value within a band of 2^-36 |y| around y rounds to
 * the same value of the element type: glibc's result lies in that band. The
 * other lanes (about 2^-10 of the f32 ones, special operands) are computed
 * by the definition. tools/verify_powf32.c (`make verify-powf32`) checks
 * all 2^32 operand pairs of bf16 and of f16, and random f32 pairs. */
#ifndef IRRUN_KERN_POWF32_H
#define IRRUN_KERN_POWF32_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "kernels/math/kern_mathf32.h"
#include "kernels/math/kern_ieee.h"

typedef enum { KPF_F32, KPF_BF16, KPF_F16, KPF_COUNT } kern_pow_format;

/* r[i] = the class-B power of a[i] and b[i], i < n (r may be a or b). */
void kern_f32_pow(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_bf16_pow(const uint16_t *a, const uint16_t *b, uint16_t *r, int64_t n);
void kern_f16_pow(const uint16_t *a, const uint16_t *b, uint16_t *r, int64_t n);

/* The same on a chosen path (for the tests and the verifier): a, b, r are
 * arrays of the format's patterns (uint32_t for f32, uint16_t for the
 * others). Returns the number of elements that took the definition, or -1
 * when the host cannot run the path. */
int64_t kern_pow_on(kern_pow_format fmt, kern_mathf32_path path, const void *a, const void *b, void *r,
                    int64_t n);

/* The approximations y of a path (signed, before the rounding); NaN where
 * the lane always takes the definition or its result is NaN. For the
 * verifier's error report. */
bool kern_pow_approx(kern_pow_format fmt, kern_mathf32_path path, const void *a, const void *b,
                     double *y, int64_t n);

/* The definition of one element, as the float loops of kern_binary.c
 * computed it before this file. */
static inline uint32_t kern_f32_pow_definition(uint32_t a, uint32_t b)
{
    return kern_f32_round_classb(pow((double)bits_to_f32(a), (double)bits_to_f32(b)));
}

static inline uint16_t kern_half_pow_definition(bool bf, uint16_t a, uint16_t b)
{
    double v = bf ? pow(kern_bf16_to_f64(a), kern_bf16_to_f64(b)) : pow(kern_f16_to_f64(a), kern_f16_to_f64(b));
    if (v != v)
        return (uint16_t)fp_from_double(bf ? FP_BF16 : FP_F16, v, FPR_RNE);
    return bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
}

#endif
