/* Native kernels of chlo ops (docs/chlo.md "Native kernels"), each giving
 * the bits of the op's StableHLO decomposition (src/chlo) as ir-run's
 * kernels run it, without its whole-tensor intermediates: erf and lgamma
 * on f32 (f16 and bf16 through f32, as the decomposition converts them),
 * top_k on the float and integer types of kern_chlo_top_k_applies.
 * tests/unit/test_chlo_native.c compares them with the decomposition. */
#ifndef IRRUN_KERN_CHLO_H
#define IRRUN_KERN_CHLO_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tensor.h"
#include "kernels/math/kern_ops.h"
#include "parallel/pool.h"
#include "util/status.h"

typedef enum { KCH_ERF, KCH_LGAMMA } kern_chlo_fn;

/* r = fn(x) for x and r of f32, f16 or bf16 (one type, one shape), split
 * over p's threads like the element-wise kernels. */
irrun_status kern_chlo_unary_on(pool *p, kern_chlo_fn fn, const tensor *x, tensor *r);

/* The same on n f32 patterns (r may be x). */
void kern_chlo_f32(kern_chlo_fn fn, const uint32_t *x, uint32_t *r, int64_t n);

/* Whether kern_chlo_top_k_on takes element type t. */
bool kern_chlo_top_k_applies(et_id t);

/* chlo.top_k: for each row of x's last dimension, the k largest elements
 * (values: x's type, indices: i32) in the order of a stable sort of the
 * row by the comparator GT (TOTALORDER on floats), descending. */
irrun_status kern_chlo_top_k_on(pool *p, const tensor *x, int64_t k, tensor *values, tensor *indices);

/* The broadcasting binaries of chlo (chlo.broadcast_add, ...): r = op(a',
 * b'), a' and b' a and b broadcast to r's shape as broadcast_in_dim does
 * (map[j]: the result dimension of operand dimension j; a dimension of 1
 * stretches), without building a' and b': r is computed in parts of about
 * 16K elements, the broadcast operand's part copied beside it. */
irrun_status kern_chlo_broadcast_on(pool *p, kern_binop op, const tensor *a, const int64_t *amap, const tensor *b,
                                    const int64_t *bmap, tensor *r);

#endif
