/* Element-wise kernels split over a run's threads: the result's element
 * range is cut into parts of a fixed size and each part runs the ordinary
 * kernel on views of the operands' matching ranges. An element's result
 * depends only on its operands, so the bits are those of one call on the
 * whole range, for every thread count. Each kernel file hands its own
 * whole-tensor entry (the kern_each_fn it also gives kern_splat_each) to
 * kern_each_on. */
#include "kernels/kern_split.h"

#include "kernels/kern.h"

/* Elements per part: enough to hide the hand-over, small enough for two
 * cores to balance a tensor of KERN_SPLIT_MIN_ELEMS. */
enum { SPLIT_PART_ELEMS = 1 << 18, SPLIT_MAX_OPERANDS = 3 };

typedef struct {
    kern_each_fn fn;
    const void *ctx;
    const tensor *const *x;
    int n;
    tensor *r;
    int64_t size; /* elements per part */
} split_job;

/* Parts of 7 elements under the test hook: odd, so that boundaries fall
 * inside vector blocks. */
static int64_t part_elems(const pool *p) { return pool_tiny_parts(p) ? 7 : SPLIT_PART_ELEMS; }

/* Elements [lo, lo + n) of t: a splat's part is a splat of the same one
 * element; a rank-0 operand (select's predicate, clamp's bounds) is whole. */
static tensor part_view(const tensor *t, int64_t lo, int64_t n)
{
    if (t->type.rank == 0)
        return *t;
    if (!t->splat)
        return tensor_view(t->type.elem, n, (unsigned char *)t->data + (size_t)lo * tensor_elem_bytes(t));
    tensor v = tensor_view(t->type.elem, n, t->data);
    v.splat = n > 1;
    v.nbytes = tensor_elem_bytes(t);
    return v;
}

static irrun_status split_part(void *vj, int64_t part)
{
    const split_job *j = vj;
    int64_t size = j->size, lo = part * size;
    int64_t n = j->r->count - lo < size ? j->r->count - lo : size;
    tensor views[SPLIT_MAX_OPERANDS], r = part_view(j->r, lo, n);
    const tensor *in[SPLIT_MAX_OPERANDS];
    for (int k = 0; k < j->n; k++) {
        views[k] = part_view(j->x[k], lo, n);
        in[k] = &views[k];
    }
    return j->fn(j->ctx, in, &r);
}

/* Whether to split: a pool, enough elements, operands with as many
 * elements as the result or of rank 0, and a result stored in full (a
 * splat result has one element to compute). */
static bool worth_splitting(pool *p, const tensor *const *x, int n, const tensor *r)
{
    if (!p || pool_threads(p) < 2 || (r->count < KERN_SPLIT_MIN_ELEMS && !pool_tiny_parts(p)) || r->splat ||
        r->type.rank == 0 || n > SPLIT_MAX_OPERANDS)
        return false;
    for (int k = 0; k < n; k++)
        if (x[k]->count != r->count && x[k]->type.rank != 0)
            return false;
    return true;
}

irrun_status kern_each_on(pool *p, kern_each_fn fn, const void *ctx, const tensor *const *x, int n, tensor *r)
{
    if (!worth_splitting(p, x, n, r))
        return fn(ctx, x, r);
    split_job j = { fn, ctx, x, n, r, part_elems(p) };
    return pool_run(p, (r->count + j.size - 1) / j.size, split_part, &j);
}
