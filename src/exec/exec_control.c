/* Control flow (SPEC.md 9.3.1-9.3.3): while, if and case run their regions
 * through the region executor; the values they carry are handed from one
 * region run to the next, never copied. */
#include <stdint.h>
#include <string.h>

#include "exec/exec.h"
#include "util/mem.h"

static void release_all(tensor **v, int n)
{
    for (int k = 0; k < n; k++) {
        tensor_release(v[k]);
        v[k] = NULL;
    }
}

static bool scalar_true(const tensor *t) { return *(const uint8_t *)t->data != 0; }

/* Decision 48: no limit unless --max-while-iterations gives one; the
 * iteration past it is an error, not a silent stop. */
static int over_limit(rt_ctx *c, const ir_op *op, unsigned long done)
{
    unsigned long max = c->opt->max_while_iterations;
    if (max == 0 || done < max)
        return 0;
    return rt_error(c, op->loc, "'stablehlo.while' would run more than %lu iterations (--max-while-iterations)",
                    max);
}

static bool block_reads(const ir_block *b, int v)
{
    for (int i = 0; i < b->nops; i++) {
        const ir_op *o = &b->ops[i];
        for (int k = 0; k < o->noperands; k++)
            if (o->operands[k] == v)
                return true;
        for (int g = 0; g < o->nregions; g++)
            if (block_reads(&o->regions[g], v))
                return true;
    }
    return false;
}

/* The operand's value ends at this op and nothing else reads it: the loop
 * may take its tensor over instead of sharing it. */
static bool movable_operand(const rt_frame *fr, const ir_op *op, int k)
{
    int v = op->operands[k];
    bool dies = false;
    for (int i = 0; i < op->ndead && !dies; i++)
        dies = op->dead[i] == v;
    for (int j = 0; j < op->noperands && dies; j++)
        dies = j == k || op->operands[j] != v;
    for (int g = 0; g < op->nregions && dies; g++)
        dies = !block_reads(&op->regions[g], v);
    return dies && fr->slots[v]->refs == 1;
}

/* A loop carrying rank-0 tensors whose regions are lane-safe (loop
 * counters, scalar recurrences) runs both regions pinned: the state lives
 * in two sets of tensors owned by the loop; the body reads one and its
 * results are copied into the other. */
static bool scalar_loop(const rt_frame *fr, const ir_op *op)
{
    for (int k = 0; k < op->noperands; k++)
        if (!shape_is_tensor(&op->operand_types[k]) || op->operand_types[k].rank != 0)
            return false;
    return rt_region_lane_safe(fr->f, &op->regions[0]) && rt_region_lane_safe(fr->f, &op->regions[1]);
}

static int while_pinned(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int n = op->noperands;
    tensor **st = mem_calloc((size_t)(3 * n + 1), sizeof *st);
    tensor **a = st, **b = st ? st + n : NULL, **out = st ? st + 2 * n : NULL;
    rt_pinned cond = { NULL }, body = { NULL };
    int rc = st ? 0 : IRRUN_NOMEM;
    for (int k = 0; k < n && rc == 0; k++) {
        a[k] = tensor_new(&op->operand_types[k]);
        b[k] = tensor_new(&op->operand_types[k]);
        if (!a[k] || !b[k])
            rc = IRRUN_NOMEM;
        else
            memcpy(a[k]->data, fr->slots[op->operands[k]]->data, a[k]->nbytes);
    }
    if (rc == 0)
        rc = rt_region_pin(fr, &op->regions[0], &cond);
    if (rc == 0)
        rc = rt_region_pin(fr, &op->regions[1], &body);
    if (rc == IRRUN_NOMEM)
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.while'");
    for (unsigned long done = 0; rc == 0; done++) {
        tensor *go;
        rc = rt_region_run_pinned(c, fr, &cond, a, &go);
        if (rc || !scalar_true(go) || (rc = over_limit(c, op, done)) != 0)
            break;
        rc = rt_region_run_pinned(c, fr, &body, a, out);
        for (int k = 0; k < n && rc == 0; k++)
            memcpy(b[k]->data, out[k]->data, b[k]->nbytes);
        tensor **t = a;
        a = b;
        b = t;
    }
    rt_region_unpin(fr, &cond);
    rt_region_unpin(fr, &body);
    for (int k = 0; st && k < n; k++) {
        res[k] = rc == 0 ? a[k] : NULL;
        if (rc)
            tensor_release(a[k]);
        tensor_release(b[k]);
    }
    mem_free(st);
    return rc;
}

/* state := operands; while cond(state): state := body(state). The state
 * lives in res and is moved, not shared, into each body run; cond is run
 * once more than body. */
int exec_while(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int n = op->noperands;
    if (n > 0 && scalar_loop(fr, op))
        return while_pinned(c, fr, op, res);
    tensor *local[8];
    tensor **next = n <= 8 ? local : mem_calloc((size_t)n, sizeof *next);
    if (!next)
        return rt_nomem(c, op->loc, "out of memory");
    for (int k = 0; k < n; k++) {
        int v = op->operands[k];
        if (movable_operand(fr, op, k)) {
            res[k] = fr->slots[v];
            fr->slots[v] = NULL;
        } else {
            res[k] = tensor_retain(fr->slots[v]);
        }
    }
    int rc = 0;
    for (unsigned long done = 0;; done++) {
        tensor *go = NULL;
        rc = rt_region_run(c, fr, &op->regions[0], res, &go);
        if (rc)
            break;
        bool more = scalar_true(go);
        rt_region_give_back(fr, &op->regions[0], 0, go);
        if (!more || (rc = over_limit(c, op, done)) != 0)
            break;
        rc = rt_region_run_moving(c, fr, &op->regions[1], res, next);
        if (rc)
            break;
        for (int k = 0; k < n; k++)
            res[k] = next[k];
    }
    if (rc)
        release_all(res, n);
    if (next != local)
        mem_free(next);
    return rc;
}

int exec_if(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_block *branch = &op->regions[scalar_true(fr->slots[op->operands[0]]) ? 0 : 1];
    return rt_region_run(c, fr, branch, NULL, res);
}

/* An index outside [0, n) runs the last branch. */
int exec_case(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int32_t k = *(const int32_t *)fr->slots[op->operands[0]]->data;
    int last = op->nregions - 1;
    return rt_region_run(c, fr, &op->regions[k >= 0 && k < last ? k : last], NULL, res);
}
