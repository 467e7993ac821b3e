/* Kernels of the element-wise numerics of SPEC.md 9.5.1 and 9.5.2 that are
 * not arithmetic: integer bit operations (kern_bits.c), the parts of
 * complex numbers and is_finite (kern_complex_parts.c), reduce_precision
 * (kern_precision.c). Same contracts as kern.h: whole tensors, the
 * element type resolved once, a fast loop per storage class or the generic
 * loop, results allocated by the caller with the checked type. Each
 * kernel has its generic loop here too, the definition the fast loops are
 * held to (tests/unit/test_numerics.c). */
#ifndef IRRUN_KERN_NUMERICS_H
#define IRRUN_KERN_NUMERICS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tensor.h"
#include "parallel/pool.h"
#include "util/status.h"

typedef enum {
    KBIT_SHL,    /* shift_left */
    KBIT_SHRA,   /* shift_right_arithmetic */
    KBIT_SHRL,   /* shift_right_logical */
    KBIT_POPCNT, /* popcnt (unary) */
    KBIT_CLZ,    /* count_leading_zeros (unary) */
    KBIT_COUNT
} kern_bitop;

typedef enum {
    KP_IS_FINITE, /* float -> i1 */
    KP_REAL,      /* complex -> its real part; float -> itself */
    KP_IMAG,      /* complex -> its imaginary part; float -> +0 */
    KP_COMPLEX,   /* (f32, f32) -> complex<f32>, (f64, f64) -> complex<f64> */
    KP_COUNT
} kern_partop;

static inline bool kern_bitop_is_unary(kern_bitop op) { return op == KBIT_POPCNT || op == KBIT_CLZ; }

/* r = a op b (b is NULL for the unary ops) on an integer type. */
irrun_status kern_bits(kern_bitop op, const tensor *a, const tensor *b, tensor *r);
irrun_status kern_bits_generic(kern_bitop op, const tensor *a, const tensor *b, tensor *r);
/* the same on a run's threads (kern_split.h) */
irrun_status kern_bits_on(pool *p, kern_bitop op, const tensor *a, const tensor *b, tensor *r);
/* The op on the value bits of one element (masked to the type's width):
 * the definition of SPEC 9.5.1. */
uint64_t kern_bits_scalar(et_id t, kern_bitop op, uint64_t a, uint64_t b);

/* r = op(a) or op(a, b) (KP_COMPLEX). */
irrun_status kern_parts(kern_partop op, const tensor *a, const tensor *b, tensor *r);
irrun_status kern_parts_generic(kern_partop op, const tensor *a, const tensor *b, tensor *r);
/* the same on a run's threads (kern_split.h) */
irrun_status kern_parts_on(pool *p, kern_partop op, const tensor *a, const tensor *b, tensor *r);

/* reduce_precision (SPEC 9.5.2) with exponent_bits e >= 1 and
 * mantissa_bits m >= 0 on a float tensor. */
irrun_status kern_reduce_precision(const tensor *x, int32_t e, int32_t m, tensor *r);
irrun_status kern_reduce_precision_generic(const tensor *x, int32_t e, int32_t m, tensor *r);
/* the same on a run's threads (kern_split.h) */
irrun_status kern_reduce_precision_on(pool *p, const tensor *x, int32_t e, int32_t m, tensor *r);
/* REF's bit algorithm on one pattern of format f (decision 36: for every
 * format, NaN by the format's own rule). */
uint64_t kern_reduce_precision_scalar(fp_id f, uint64_t x, int32_t e, int32_t m);

#endif
