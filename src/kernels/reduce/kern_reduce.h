/* The reduce kernels (src/kernels/reduce): folds of a binary op over the
 * reduced dimensions of a tensor, each result element in REF's order. */
#ifndef KERN_REDUCE_H
#define KERN_REDUCE_H

#include "kernels/kern.h"

/* Reduce fast path: r[i] = fold of op over the reduced dims of x in
 * row-major order starting from init (rank 0). acc_left says whether the
 * accumulator is the left operand of op (it matters for NaN propagation). */
irrun_status kern_reduce_binop(pool *p, kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                               const int64_t *dims, int ndims, tensor *r);

/* x transposed so that the reduced dims come last (or first), kept and
 * reduced dims each in increasing order: a result element's fold order is
 * then the row-major order of its reduced coordinates (shared with the
 * general reduce in eval). NULL when out of memory. */
tensor *kern_reduce_permuted(const tensor *x, const int64_t *dims, int ndims, bool reduced_first);

#endif
