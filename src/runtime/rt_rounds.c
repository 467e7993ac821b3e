/* Ordered combining in lanes (rt.h, "Rounds"): scatter and
 * select_and_scatter apply a body to (current value at a target, new
 * value) pairs in a fixed order, and several pairs may share a target, so
 * the pairs cannot all be one lane run. Round k takes every target's k-th
 * pair: within a round no two lanes write one target, and each target sees
 * its pairs in their order, which is all the order there is. */
#include "runtime/rt.h"
#include "util/mem.h"

bool rt_rounds_pay(const rt_ctx *c, int64_t pairs)
{
    return c->lanes == 0 && (pairs >= RT_ROUNDS_MIN_PAIRS || c->tiny_parts);
}

int64_t rt_rounds_block(const rt_ctx *c, int64_t pairs)
{
    /* the test hook's tiny blocks make golden files cross block borders */
    int64_t block = c->tiny_parts ? 5 : RT_ROUNDS_BLOCK;
    return pairs < block ? (pairs > 0 ? pairs : 1) : block;
}

int rt_rounds_open(rt_rounds *r, const ir_block *body, int N, bool cur_first, tensor *const *cur,
                       int64_t cap)
{
    *r = (rt_rounds){ .body = body, .N = N, .cur_first = cur_first, .cap = cap };
    for (r->bits = 1; ((int64_t)1 << r->bits) < 2 * cap; r->bits++)
        ;
    size_t slots = (size_t)1 << r->bits;
    r->count = mem_alloc(slots * sizeof *r->count);
    r->rank = mem_alloc((size_t)cap * sizeof *r->rank);
    r->order = mem_alloc((size_t)cap * sizeof *r->order);
    r->args = mem_calloc((size_t)(3 * N), sizeof *r->args);
    if (!r->count || !r->rank || !r->order || !r->args)
        return IRRUN_NOMEM;
    for (size_t i = 0; i < slots; i++)
        r->count[i] = (rt_round_count){ -1, 0 };
    for (int k = 0; k < 2 * N; k++)
        if (!(r->args[k] = rt_region_lane_tensor(cur[k % N]->type.elem, cap)))
            return IRRUN_NOMEM;
    return 0;
}

void rt_rounds_close(rt_rounds *r)
{
    for (int k = 0; r->args && k < 2 * r->N; k++)
        tensor_release(r->args[k]);
    mem_free(r->args);
    mem_free(r->count);
    mem_free(r->rank);
    mem_free(r->order);
    r->args = NULL;
    r->count = NULL;
    r->rank = r->order = NULL;
}

/* The count of `target` (linear probing; the table is twice as large as
 * the pairs of a call, and each call empties the slots it used). */
static rt_round_count *count_of(rt_rounds *r, int64_t target)
{
    size_t mask = ((size_t)1 << r->bits) - 1;
    size_t h = (size_t)(((uint64_t)target * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - r->bits));
    while (r->count[h].target != target && r->count[h].target != -1)
        h = (h + 1) & mask;
    r->count[h].target = target;
    return &r->count[h];
}

/* One round: the pairs order[0..len) in lanes. */
static int run_round(rt_ctx *c, rt_frame *fr, const ir_op *op, rt_rounds *r, tensor **cur, tensor *const *val,
                     const int64_t *target, const int64_t *vindex, const int64_t *order, int64_t len)
{
    int N = r->N, ci = r->cur_first ? 0 : N, vi = r->cur_first ? N : 0;
    for (int k = 0; k < N; k++) {
        size_t es = tensor_elem_bytes(cur[k]);
        unsigned char *a = r->args[ci + k]->data, *b = r->args[vi + k]->data;
        const unsigned char *from = cur[k]->data, *v = val[k]->data;
        for (int64_t i = 0; i < len; i++) {
            rt_copy_element(a + (size_t)i * es, from + (size_t)target[order[i]] * es, es);
            rt_copy_element(b + (size_t)i * es, v + (size_t)vindex[order[i]] * es, es);
        }
    }
    tensor **rets = r->args + 2 * N;
    int rc = rt_region_run_lanes(c, fr, op, r->body, r->args, len, rets);
    for (int k = 0; k < N; k++) {
        size_t es = tensor_elem_bytes(cur[k]);
        unsigned char *to = cur[k]->data;
        for (int64_t i = 0; rc == 0 && i < len; i++)
            rt_copy_element(to + (size_t)target[order[i]] * es, (const unsigned char *)rets[k]->data + (size_t)i * es,
                         es);
        tensor_release(rets[k]);
        rets[k] = NULL;
    }
    return rc;
}

int rt_rounds_run(rt_ctx *c, rt_frame *fr, const ir_op *op, rt_rounds *r, tensor **cur, tensor *const *val,
                      const int64_t *target, const int64_t *vindex, int64_t n)
{
    /* each pair's rank among the pairs of its target, then the pairs
     * sorted by rank (counting sort, stable: in order within a round) */
    int64_t rounds = 0;
    for (int64_t i = 0; i < n; i++) {
        rt_round_count *slot = count_of(r, target[i]);
        r->rank[i] = slot->n++;
        r->order[i] = slot - r->count; /* for the emptying below */
        rounds = r->rank[i] + 1 > rounds ? r->rank[i] + 1 : rounds;
    }
    /* only the slots this call used, found before any is emptied (an
     * emptied slot would cut the probe of a later one) */
    for (int64_t i = 0; i < n; i++)
        r->count[r->order[i]] = (rt_round_count){ -1, 0 };
    int64_t *end = mem_calloc((size_t)rounds + 1, sizeof *end);
    if (!end)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    for (int64_t i = 0; i < n; i++)
        end[r->rank[i] + 1]++;
    for (int64_t k = 0; k < rounds; k++)
        end[k + 1] += end[k];
    for (int64_t i = 0; i < n; i++)
        r->order[end[r->rank[i]]++] = i;
    /* end[k] is now where round k ends */
    int rc = 0;
    for (int64_t k = 0, begin = 0; k < rounds && rc == 0; begin = end[k++])
        rc = run_round(c, fr, op, r, cur, val, target, vindex, r->order + begin, end[k] - begin);
    mem_free(end);
    return rc;
}
