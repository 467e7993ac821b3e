/* Fast logistic and rsqrt (SPEC.md 4.18, 4.14), the two class-B unary ops
 * whose last step is a division of 1, with exactly the bits of their
 * definition in kern_unary.c (kern_float_unary_def) on every operand; the
 * reasons are in kern_recip.c (complex<f32>: kern_c64_expm1_recip.h). Each
 * function runs over n elements; r may be x, not a partial overlap. */
#ifndef IRRUN_KERN_RECIP_H
#define IRRUN_KERN_RECIP_H

#include <stdint.h>

#include "kernels/math/kern_ops.h"
#include "types/fpformat.h"


void kern_f32_logistic(const uint32_t *x, uint32_t *r, int64_t n);
void kern_f64_logistic(const uint64_t *x, uint64_t *r, int64_t n);
void kern_f32_rsqrt(const uint32_t *x, uint32_t *r, int64_t n);
void kern_f64_rsqrt(const uint64_t *x, uint64_t *r, int64_t n);

/* pattern -> result of op (logistic or rsqrt) for the 16-bit format f (bf16,
 * f16), built at first use from kern_float_unary_def; NULL for other ops
 * and formats, or when memory runs out. */
const uint16_t *kern_half_recip_table(fp_id f, kern_unop op);

#endif
