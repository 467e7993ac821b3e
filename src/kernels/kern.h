/* Whole-tensor kernels. Each kernel resolves the element type once and runs
 * the loop its table holds for the type's storage class (et_storage), or its
 * generic loop when there is none (kern_generic.h); the result tensor is
 * allocated by the caller with the checked result type. Kernels return
 * IRRUN_OK, IRRUN_NOMEM when memory runs out (nothing is leaked) or
 * IRRUN_UNSUPPORTED for an op the element type does not have. Operands have
 * passed the checker, so shapes and element types are consistent; kernels do
 * not re-validate them. */
#ifndef IRRUN_KERN_H
#define IRRUN_KERN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tensor.h"
#include "kernels/math/kern_ops.h"
#include "parallel/pool.h"
#include "util/status.h"


/* r = a op b element-wise (SPEC.md 4.4-4.12, 4.28-4.30). */
irrun_status kern_binary(kern_binop op, const tensor *a, const tensor *b, tensor *r);
/* r = op(x) element-wise; for complex abs r has the component type. */
irrun_status kern_unary(kern_unop op, const tensor *x, tensor *r);

/* The same on a run's threads (kern_split.c): results of at least
 * KERN_SPLIT_MIN_ELEMS elements are computed in parts of fixed ranges, with
 * the bits of one call on the whole range. So are compare, select, clamp
 * (below), the bit ops and reduce_precision (kern_numerics.h). */
enum { KERN_SPLIT_MIN_ELEMS = 1 << 20 };
irrun_status kern_binary_on(pool *p, kern_binop op, const tensor *a, const tensor *b, tensor *r);
irrun_status kern_unary_on(pool *p, kern_unop op, const tensor *x, tensor *r);
irrun_status kern_convert_on(pool *p, const tensor *x, tensor *r);

/* Element-wise conversion (SPEC.md 3.6, 4.3). */
irrun_status kern_convert(const tensor *x, tensor *r);
/* r's first n elements from the i64 values v, converted as by kern_convert
 * (iota's indices). */
irrun_status kern_convert_from_i64(const int64_t *v, int64_t n, tensor *r);
/* Reinterpretation of value bits (SPEC.md 4.32). */
irrun_status kern_bitcast(const tensor *x, tensor *r);

/* r (i1) = a DIR b; totalorder selects SPEC's totalOrder for floats. */
irrun_status kern_compare(kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                          tensor *r);
/* p is rank 0 or has r's shape. */
irrun_status kern_select(const tensor *p, const tensor *t, const tensor *f, tensor *r);
/* mn and mx are rank 0 or have x's shape. */
irrun_status kern_clamp(const tensor *mn, const tensor *x, const tensor *mx, tensor *r);
/* The same on a run's threads (kern_split.h) */
irrun_status kern_compare_on(pool *p, kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                             tensor *r);
irrun_status kern_select_on(pool *threads, const tensor *p, const tensor *t, const tensor *f, tensor *r);
irrun_status kern_clamp_on(pool *p, const tensor *mn, const tensor *x, const tensor *mx, tensor *r);

/* Layout ops (SPEC.md 4.33-4.39, 4.2); lists have the operand's rank unless
 * stated. With a pool (NULL: the calling thread), copies of at least
 * KERN_LAYOUT_SPLIT_MIN_BYTES run in parts fixed by the shapes. */
enum { KERN_LAYOUT_SPLIT_MIN_BYTES = 4 << 20 };
irrun_status kern_reshape(const tensor *x, tensor *r);
irrun_status kern_transpose(pool *p, const tensor *x, const int64_t *perm, tensor *r);
/* dims has rank(x) entries: operand dim d goes to result dim dims[d]. */
irrun_status kern_broadcast(pool *p, const tensor *x, const int64_t *dims, tensor *r);
irrun_status kern_concatenate(pool *p, const tensor *const *xs, int n, int64_t dim, tensor *r);
irrun_status kern_slice(pool *p, const tensor *x, const int64_t *start, const int64_t *stride, tensor *r);
irrun_status kern_reverse(pool *p, const tensor *x, const int64_t *dims, int ndims, tensor *r);
irrun_status kern_pad(pool *p, const tensor *x, const tensor *value, const int64_t *low,
                      const int64_t *interior, tensor *r);
irrun_status kern_iota(int64_t dim, tensor *r);
/* r[start + j] = u[j] for every index j of u (dynamic_update_slice; the
 * box must lie inside r) */
irrun_status kern_update_slice(pool *p, const tensor *u, const int64_t *start, tensor *r);
/* n copies of the es bytes at elem into o: doubling copies, log2(n) calls
 * (a result starting as its init value, a splat replicated). */
void kern_fill_elements(unsigned char *o, int64_t n, const void *elem, size_t es);

/* The copy engine behind the layout ops: r[i] = x[offset + sum_d i_d *
 * stride[d]] for every result index i (strides in elements, may be 0 or
 * negative). */
irrun_status kern_strided_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r);
/* The same into the box `box` of r at r's element `roffset` (r's own
 * row-major strides): r[roffset + sum_d i_d * rstride_d] = x[offset +
 * sum_d i_d * stride[d]] for every index i of the box. */
irrun_status kern_box_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r,
                              int64_t roffset, const int64_t *box);


#endif
