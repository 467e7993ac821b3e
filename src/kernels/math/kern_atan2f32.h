/* Fast atan2 of f32, bf16 and f16 with exactly the bits of the class-B
 * definition (SPEC.md 9.5.1, lhs = y, rhs = x): both operands exactly in
 * binary64, glibc's atan2, one rounding into the element type (a NaN by
 * SPEC.md 3.6). kern_atan2f32.c computes an approximation of the true value
 * with a proven relative error far below the formats' resolution and keeps
 * its rounding only where no rounding boundary of the element type can lie
 * between it and glibc's result; the other lanes (about 2^-16 of the f32
 * ones, 2^-15 of all bf16 pairs, 2^-11.4 of all f16 pairs, and every lane
 * with an Inf or NaN operand) take the definition. tools/verify_atan2f32.c (`make
 * verify-atan2f32`) checks all 2^32 pairs of bf16 and of f16 operands. */
#ifndef IRRUN_KERN_ATAN2F32_H
#define IRRUN_KERN_ATAN2F32_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "kernels/math/kern_mathf32.h"
#include "kernels/math/kern_ieee.h"

/* The element types with a fast atan2. */
typedef enum { KA2_F32, KA2_BF16, KA2_F16, KA2_COUNT } kern_atan2_type;

/* r[i] = the class-B atan2(y[i], x[i]), i < n; r may be y or x. */
void kern_f32_atan2(const uint32_t *y, const uint32_t *x, uint32_t *r, int64_t n);
void kern_bf16_atan2(const uint16_t *y, const uint16_t *x, uint16_t *r, int64_t n);
void kern_f16_atan2(const uint16_t *y, const uint16_t *x, uint16_t *r, int64_t n);

/* The same on a chosen path (kern_mathf32.h's paths; for the tests and the
 * verifier), the arrays of the type's patterns (uint32_t or uint16_t);
 * returns the number of elements that took the definition, or -1 when the
 * host cannot run the path. */
int64_t kern_atan2_on(kern_atan2_type type, kern_mathf32_path path, const void *y, const void *x,
                      void *r, int64_t n);

/* A path's binary64 approximations of |atan2(y, x)| before the rounding;
 * NaN where the lane always takes the definition (an Inf or NaN operand).
 * For the verifier's error report. */
bool kern_atan2_approx(kern_atan2_type type, kern_mathf32_path path, const void *y, const void *x,
                       double *v, int64_t n);

/* The definition of one element, as kern_binary.c's loops computed it. */
static inline uint32_t kern_f32_atan2_def(uint32_t y, uint32_t x)
{
    return kern_f32_round_classb(atan2((double)bits_to_f32(y), (double)bits_to_f32(x)));
}

/* glibc's binary64 result v rounded into bf16 (bf) or f16 */
static inline uint16_t kern_half_round_classb(bool bf, double v)
{
    if (v != v)
        return (uint16_t)fp_from_double(bf ? FP_BF16 : FP_F16, v, FPR_RNE);
    return bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
}

static inline uint16_t kern_half_atan2_def(bool bf, uint16_t y, uint16_t x)
{
    return kern_half_round_classb(bf, bf ? atan2(kern_bf16_to_f64(y), kern_bf16_to_f64(x))
                                         : atan2(kern_f16_to_f64(y), kern_f16_to_f64(x)));
}

#endif
