/* stablehlo.reduce (SPEC.md 4.40): a body `return op(acc, elem)` of one
 * binary op runs as a kernel; any other body runs through the region
 * executor, in lanes when its ops allow it, else once per input element. */
#include <string.h>

#include "exec/exec.h"
#include "kernels/kern.h"
#include "util/mem.h"
#include "kernels/reduce/kern_reduce.h"

/* The state of N folds run side by side: the inputs rearranged so that the
 * elements of one fold step are adjacent, the accumulators, the body's
 * argument list (accumulators then elements) and its results. */
typedef struct {
    int N;
    int64_t R; /* fold length */
    tensor **xp, **acc, **args, **rets;
} folds;

static void folds_free(folds *s)
{
    for (int k = 0; k < s->N; k++) {
        tensor_release(s->xp ? s->xp[k] : NULL);
        tensor_release(s->acc ? s->acc[k] : NULL);
    }
    mem_free(s->xp);
    mem_free(s->acc);
    mem_free(s->args);
    mem_free(s->rets);
}

/* Each input transposed so that the elements of a fold step are adjacent:
 * reduced dimensions last (one fold's elements in a row) or first (one step
 * of every fold in a row). */
static bool folds_init(folds *s, const ir_op *op, rt_frame *fr, bool reduced_first)
{
    memset(s, 0, sizeof *s);
    s->N = op->noperands / 2;
    s->xp = mem_calloc((size_t)s->N, sizeof *s->xp);
    s->acc = mem_calloc((size_t)s->N, sizeof *s->acc);
    s->args = mem_calloc((size_t)(2 * s->N), sizeof *s->args);
    s->rets = mem_calloc((size_t)s->N, sizeof *s->rets);
    if (!s->xp || !s->acc || !s->args || !s->rets)
        return false;
    const ir_ints *dims = &op->a.reduce.dims;
    const tensor *in0 = fr->slots[op->operands[0]];
    s->R = 1;
    for (int i = 0; i < dims->n; i++)
        s->R *= in0->type.dims[dims->v[i]];
    for (int k = 0; k < s->N; k++) {
        s->xp[k] = kern_reduce_permuted(fr->slots[op->operands[k]], dims->v, dims->n, reduced_first);
        if (!s->xp[k])
            return false;
    }
    return true;
}

/* One fold step: the accumulators and, for each input, the elements from
 * element `at` (one rank-0 element, or one per lane) go to the body; its
 * results become the new accumulators. */
static int fold_step(rt_ctx *c, rt_frame *fr, const ir_op *op, folds *s, int64_t at)
{
    for (int k = 0; k < s->N; k++) {
        tensor_type et = { .elem = s->xp[k]->type.elem };
        if (c->lanes)
            et = (tensor_type){ .elem = et.elem, .rank = 1, .dims = { c->lanes } };
        tensor *e = tensor_new(&et);
        if (!e)
            return rt_nomem(c, op->loc, "out of memory in reduce");
        memcpy(e->data, (unsigned char *)s->xp[k]->data + (size_t)at * tensor_elem_bytes(e), e->nbytes);
        s->args[k] = s->acc[k];
        s->args[s->N + k] = e;
    }
    int rc = rt_region_run(c, fr, &op->regions[0], s->args, s->rets);
    for (int k = 0; k < s->N; k++) {
        tensor_release(s->args[k]);
        tensor_release(s->args[s->N + k]);
        s->acc[k] = s->rets[k];
        s->rets[k] = NULL;
    }
    return rc;
}

/* The body runs once per input element, on rank-0 tensors, in each result
 * element's row-major fold order. */
static int reduce_general(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    folds s;
    int rc = 0;
    if (!folds_init(&s, op, fr, false))
        rc = rt_nomem(c, op->loc, "out of memory in reduce");
    int64_t outputs = rc == 0 ? res[0]->count : 0;
    for (int64_t i = 0; i < outputs && rc == 0; i++) {
        for (int k = 0; k < s.N; k++)
            s.acc[k] = tensor_retain(fr->slots[op->operands[s.N + k]]);
        for (int64_t j = 0; j < s.R && rc == 0; j++)
            rc = fold_step(c, fr, op, &s, i * s.R + j);
        for (int k = 0; k < s.N; k++) {
            if (rc == 0 && s.acc[k])
                memcpy((unsigned char *)res[k]->data + i * (int64_t)tensor_elem_bytes(res[k]), s.acc[k]->data,
                       tensor_elem_bytes(res[k]));
            tensor_release(s.acc[k]);
            s.acc[k] = NULL;
        }
    }
    folds_free(&s);
    return rc;
}

/* Every result element's fold at once: R body runs on L lanes instead of
 * R x L runs on rank-0 values, with the same bits. */
static int reduce_lanes(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int64_t L = res[0]->count;
    if (L == 0)
        return 0;
    folds s;
    int rc = 0;
    if (!folds_init(&s, op, fr, true))
        rc = rt_nomem(c, op->loc, "out of memory in reduce");
    for (int k = 0; k < s.N && rc == 0; k++) {
        s.acc[k] = rt_region_lane_splat(fr->slots[op->operands[s.N + k]], L);
        if (!s.acc[k])
            rc = rt_nomem(c, op->loc, "out of memory in reduce");
    }
    /* after reading the operands, which the body may capture too */
    rt_lanes st = { 0, NULL, NULL };
    if (rc == 0)
        rc = rt_region_lanes_enter(c, fr, op, &op->regions[0], L, &st);
    for (int64_t j = 0; j < s.R && rc == 0; j++)
        rc = fold_step(c, fr, op, &s, j * L);
    if (st.values)
        rt_region_lanes_leave(c, fr, &st);
    for (int k = 0; rc == 0 && k < s.N; k++)
        memcpy(res[k]->data, s.acc[k]->data, res[k]->nbytes);
    folds_free(&s);
    return rc;
}

/* Few long folds (a full reduction to one element): lanes would be too
 * narrow to pay, so each fold runs its lane-safe body pinned, the
 * accumulators copied from the body's results after every step. */
enum { REDUCE_PINNED_MAX_FOLDS = 8 };

static int reduce_pinned(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    folds s;
    rt_pinned body = { NULL };
    int rc = folds_init(&s, op, fr, false) ? rt_region_pin(fr, &op->regions[0], &body) : IRRUN_NOMEM;
    for (int k = 0; k < s.N && rc == 0; k++) {
        tensor_type t = { .elem = s.xp[k]->type.elem };
        if (!(s.args[k] = tensor_new(&t)) || !(s.args[s.N + k] = tensor_new(&t)))
            rc = IRRUN_NOMEM;
    }
    if (rc == IRRUN_NOMEM)
        rc = rt_nomem(c, op->loc, "out of memory in reduce");
    for (int64_t i = 0; i < res[0]->count && rc == 0; i++) {
        for (int k = 0; k < s.N; k++)
            memcpy(s.args[k]->data, fr->slots[op->operands[s.N + k]]->data, s.args[k]->nbytes);
        for (int64_t j = 0; j < s.R && rc == 0; j++) {
            for (int k = 0; k < s.N; k++) {
                size_t es = s.args[s.N + k]->nbytes;
                rt_copy_element(s.args[s.N + k]->data, (unsigned char *)s.xp[k]->data + (size_t)(i * s.R + j) * es, es);
            }
            rc = rt_region_run_pinned(c, fr, &body, s.args, s.rets);
            /* every result first: a result may be an argument */
            for (int k = 0; k < s.N && rc == 0; k++)
                rt_copy_element((unsigned char *)res[k]->data + (size_t)i * s.args[k]->nbytes, s.rets[k]->data,
                             s.args[k]->nbytes);
            for (int k = 0; k < s.N && rc == 0; k++)
                rt_copy_element(s.args[k]->data, (unsigned char *)res[k]->data + (size_t)i * s.args[k]->nbytes,
                             s.args[k]->nbytes);
        }
        for (int k = 0; k < s.N && rc == 0; k++)
            memcpy((unsigned char *)res[k]->data + (size_t)i * s.args[k]->nbytes, s.args[k]->data,
                   s.args[k]->nbytes);
    }
    rt_region_unpin(fr, &body);
    for (int k = 0; k < 2 * s.N && s.args; k++) {
        tensor_release(s.args[k]);
        s.args[k] = NULL;
    }
    for (int k = 0; k < s.N && s.rets; k++)
        s.rets[k] = NULL; /* lent by the pinned body */
    folds_free(&s);
    return rc;
}

int exec_reduce(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    kern_binop bop;
    bool acc_left;
    if (op->noperands == 2 && rt_region_binop_body(&op->regions[0], &bop, &acc_left))
        return rt_status(c, op,
                           kern_reduce_binop(rt_pool(c, fr->slots[op->operands[0]]->count), bop, acc_left,
                                             fr->slots[op->operands[0]], fr->slots[op->operands[1]],
                                             op->a.reduce.dims.v, op->a.reduce.dims.n, res[0]));
    /* the fast path above takes splat operands; the folds below index them */
    for (int k = 0; k < op->noperands; k++)
        if (!tensor_densify(&fr->slots[op->operands[k]]))
            return rt_nomem(c, op->loc, "out of memory in reduce");
    if (c->lanes == 0 && rt_region_lane_safe(fr->f, &op->regions[0]))
        return res[0]->count <= REDUCE_PINNED_MAX_FOLDS ? reduce_pinned(c, fr, op, res) : reduce_lanes(c, fr, op, res);
    return reduce_general(c, fr, op, res);
}
