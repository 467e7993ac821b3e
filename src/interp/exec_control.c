/* Control flow (SPEC.md 9.3.1-9.3.3): while, if and case run their regions
 * through the region executor; the values they carry are handed from one
 * region run to the next, never copied. */
#include <stdint.h>

#include "interp/eval_internal.h"
#include "util/mem.h"

static void release_all(tensor **v, int n)
{
    for (int k = 0; k < n; k++) {
        tensor_release(v[k]);
        v[k] = NULL;
    }
}

static bool scalar_true(const tensor *t) { return *(const uint8_t *)t->data != 0; }

/* state := operands; while cond(state): state := body(state). The state
 * lives in res; cond is run once more than body. */
int exec_while(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    int n = op->noperands;
    tensor *local[8];
    tensor **next = n <= 8 ? local : mem_calloc((size_t)n, sizeof *next);
    if (!next)
        return rt_error(c, op->loc, "out of memory");
    for (int k = 0; k < n; k++)
        res[k] = tensor_retain(fr->slots[op->operands[k]]);
    int rc = 0;
    for (;;) {
        tensor *go = NULL;
        rc = region_run(c, fr, &op->regions[0], res, &go);
        if (rc)
            break;
        bool more = scalar_true(go);
        region_give_back(fr, &op->regions[0], 0, go);
        if (!more)
            break;
        rc = region_run(c, fr, &op->regions[1], res, next);
        if (rc)
            break;
        for (int k = 0; k < n; k++) {
            region_give_back(fr, &op->regions[1], k, res[k]);
            res[k] = next[k];
        }
    }
    if (rc)
        release_all(res, n);
    if (next != local)
        mem_free(next);
    return rc;
}

int exec_if(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const ir_block *branch = &op->regions[scalar_true(fr->slots[op->operands[0]]) ? 0 : 1];
    return region_run(c, fr, branch, NULL, res);
}

/* An index outside [0, n) runs the last branch. */
int exec_case(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    int32_t k = *(const int32_t *)fr->slots[op->operands[0]]->data;
    int last = op->nregions - 1;
    return region_run(c, fr, &op->regions[k >= 0 && k < last ? k : last], NULL, res);
}
