/* Running an element-wise kernel on operands some of which are splats
 * (core/tensor.h): each element-wise kernel hands itself to kern_splat_each
 * when kern_any_splat, and is called back on views that are not. */
#ifndef IRRUN_KERN_SPLAT_H
#define IRRUN_KERN_SPLAT_H

#include <stdbool.h>

#include "core/tensor.h"
#include "util/status.h"

/* The kernel on operands x (none a splat) into r (not a splat); ctx is
 * the kernel's own (its op). */
typedef irrun_status (*kern_each_fn)(const void *ctx, const tensor *const *x, tensor *r);

/* r = the kernel on x[0..n) (n <= 3; an entry may be rank 0 where the
 * kernel takes a scalar); r is a splat only when every operand is a splat
 * or a single element. */
irrun_status kern_splat_each(kern_each_fn fn, const void *ctx, const tensor *const *x, int n, tensor *r);

static inline bool kern_any_splat(const tensor *a, const tensor *b, const tensor *c, const tensor *r)
{
    return r->splat || (a && a->splat) || (b && b->splat) || (c && c->splat);
}

#endif
