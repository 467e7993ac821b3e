/* Element-wise kernels split over a run's threads: the result's element
 * range is cut into parts of a fixed size and each part runs the ordinary
 * kernel (kern_binary, kern_unary, kern_convert) on views of the operands'
 * matching ranges. An element's result depends only on its operands, so the
 * bits are those of one call on the whole range, for every thread count. */
#include "interp/kern.h"

/* Elements per part: enough to hide the hand-over, small enough for two
 * cores to balance a tensor of KERN_SPLIT_MIN_ELEMS. */
enum { SPLIT_PART_ELEMS = 1 << 18 };

typedef struct {
    int kind; /* 0 binary, 1 unary, 2 convert */
    kern_binop bop;
    kern_unop uop;
    const tensor *a, *b;
    tensor *r;
} split_job;

/* A splat's part is a splat of the same one element. */
static tensor part_view(const tensor *t, int64_t lo, int64_t n)
{
    if (!t->splat)
        return tensor_view(t->type.elem, n, (unsigned char *)t->data + (size_t)lo * tensor_elem_bytes(t));
    tensor v = tensor_view(t->type.elem, n, t->data);
    v.splat = n > 1;
    v.nbytes = tensor_elem_bytes(t);
    return v;
}

/* Parts of 7 elements under the test hook: odd, so that boundaries fall
 * inside vector blocks. */
static int64_t part_elems(void) { return pool_tiny_parts() ? 7 : SPLIT_PART_ELEMS; }

static irrun_status split_part(void *vj, int64_t part)
{
    const split_job *j = vj;
    int64_t size = part_elems(), lo = part * size;
    int64_t n = j->r->count - lo < size ? j->r->count - lo : size;
    tensor a = part_view(j->a, lo, n), r = part_view(j->r, lo, n);
    if (j->kind == 0) {
        tensor b = part_view(j->b, lo, n);
        return kern_binary(j->bop, &a, &b, &r);
    }
    return j->kind == 1 ? kern_unary(j->uop, &a, &r) : kern_convert(&a, &r);
}

/* Whether to split: a pool, enough elements, operands with as many
 * elements as the result (a scalar operand runs whole), and a result
 * stored in full (a splat result has one element to compute). */
static bool worth_splitting(pool *p, const tensor *a, const tensor *b, const tensor *r)
{
    return p && pool_threads(p) > 1 && (r->count >= KERN_SPLIT_MIN_ELEMS || pool_tiny_parts()) && !r->splat &&
           a->count == r->count && (!b || b->count == r->count);
}

static int64_t parts(const tensor *r) { return (r->count + part_elems() - 1) / part_elems(); }

irrun_status kern_binary_on(pool *p, kern_binop op, const tensor *a, const tensor *b, tensor *r)
{
    if (!worth_splitting(p, a, b, r))
        return kern_binary(op, a, b, r);
    split_job j = { 0, op, KU_NEG, a, b, r };
    return pool_run(p, parts(r), split_part, &j);
}

irrun_status kern_unary_on(pool *p, kern_unop op, const tensor *x, tensor *r)
{
    if (!worth_splitting(p, x, NULL, r))
        return kern_unary(op, x, r);
    split_job j = { 1, KB_ADD, op, x, NULL, r };
    return pool_run(p, parts(r), split_part, &j);
}

irrun_status kern_convert_on(pool *p, const tensor *x, tensor *r)
{
    if (!worth_splitting(p, x, NULL, r))
        return kern_convert(x, r);
    split_job j = { 2, KB_ADD, KU_NEG, x, NULL, r };
    return pool_run(p, parts(r), split_part, &j);
}
