/* An element-wise kernel on a run's threads (kern_split.c). */
#ifndef IRRUN_KERN_SPLIT_H
#define IRRUN_KERN_SPLIT_H

#include "kernels/kern_splat.h"
#include "parallel/pool.h"

/* r = fn(ctx, x[0..n)), fn a kernel's whole-tensor entry (n <= 3; an
 * operand has r's element count or rank 0). With a pool of two or more
 * threads and a result of at least KERN_SPLIT_MIN_ELEMS elements, fn runs
 * on parts of fixed ranges of the result, in parallel; otherwise once. */
irrun_status kern_each_on(pool *p, kern_each_fn fn, const void *ctx, const tensor *const *x, int n, tensor *r);

#endif
