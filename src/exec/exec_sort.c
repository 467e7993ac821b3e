/* stablehlo.sort (SPEC.md 9.3.5): every slice along `dimension` is put in
 * the order REF's libstdc++ sort gives (sort.h), then every input is
 * permuted alike. A comparator that is one compare of the first operand
 * pair runs natively on decoded keys; any other runs through the region
 * executor once per comparison. */
#include <string.h>

#include "exec/exec.h"
#include "sort/sort.h"
#include "util/mem.h"
#include "util/status.h"

/* The native comparator of a body `%p = compare DIR, lhs_0, rhs_0[, TYPE];
 * return %p` (or with rhs_0, lhs_0: the mirrored direction). */
static bool native_comparator(const ir_op *op, const tensor *key, sort_key_cmp *cmp)
{
    const ir_block *b = &op->regions[0];
    if (b->nops != 2 || b->ops[0].kind != IR_OP_COMPARE || b->ops[1].noperands != 1 ||
        b->ops[1].operands[0] != b->ops[0].results[0])
        return false;
    const ir_op *cmpop = &b->ops[0];
    static const kern_cmpdir mirrored[] = { [KC_EQ] = KC_EQ, [KC_NE] = KC_NE, [KC_GE] = KC_LE,
                                            [KC_GT] = KC_LT, [KC_LE] = KC_GE, [KC_LT] = KC_GT };
    kern_cmpdir dir = (kern_cmpdir)cmpop->a.compare.dir;
    if (cmpop->operands[0] == b->args[1] && cmpop->operands[1] == b->args[0])
        dir = mirrored[dir];
    else if (cmpop->operands[0] != b->args[0] || cmpop->operands[1] != b->args[1])
        return false;
    if (!sort_native_supports(dir))
        return false;
    cmp->type = key->type.elem;
    cmp->dir = dir;
    cmp->totalorder = cmpop->a.compare.type == IR_CMPT_TOTALORDER && et_is_float(key->type.elem);
    return true;
}

/* The state of the general comparator: the slice being sorted and the
 * comparator's 2N rank-0 arguments, reused from call to call. */
typedef struct {
    rt_ctx *c;
    rt_frame *fr;
    const ir_op *op;
    int64_t base, stride; /* of the slice, in elements */
    tensor **args;
    rt_pinned pinned; /* .body set: the comparator runs pinned */
} region_less;

static int call_comparator(void *ctx, int64_t p, int64_t q, bool *out)
{
    region_less *s = ctx;
    const ir_op *op = s->op;
    for (int k = 0; k < op->noperands; k++) {
        const tensor *in = s->fr->slots[op->operands[k]];
        size_t es = tensor_elem_bytes(in);
        for (int j = 0; j < 2; j++) {
            tensor **a = &s->args[2 * k + j];
            if ((*a)->refs > 1) { /* still held by the last call's result: a fresh one */
                tensor *t = tensor_new(&(*a)->type);
                if (!t)
                    return rt_nomem(s->c, op->loc, "out of memory in 'stablehlo.sort'");
                tensor_release(*a);
                *a = t;
            }
            rt_copy_element((*a)->data, (const unsigned char *)in->data + (size_t)(s->base + (j ? q : p) * s->stride) * es,
                         es);
        }
    }
    tensor *r = NULL;
    if (s->pinned.body) {
        int rc = rt_region_run_pinned(s->c, s->fr, &s->pinned, s->args, &r);
        if (rc == 0)
            *out = *(const unsigned char *)r->data != 0;
        return rc;
    }
    int rc = rt_region_run(s->c, s->fr, &op->regions[0], s->args, &r);
    if (rc == 0)
        *out = *(const unsigned char *)r->data != 0;
    rt_region_give_back(s->fr, &op->regions[0], 0, r);
    return rc;
}

int exec_sort(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int N = op->noperands;
    const tensor *in0 = fr->slots[op->operands[0]];
    int d = (int)op->a.sort.dimension;
    int64_t n = in0->type.dims[d], inner = 1, outer = 1;
    for (int i = d + 1; i < in0->type.rank; i++)
        inner *= in0->type.dims[i];
    for (int i = 0; i < d; i++)
        outer *= in0->type.dims[i];
    int rc = 0;
    int64_t *perm = mem_calloc((size_t)(n ? n : 1), sizeof *perm);
    region_less s = { c, fr, op, 0, inner, mem_calloc((size_t)(2 * N), sizeof(tensor *)), { NULL } };
    if (!perm || !s.args)
        rc = IRRUN_NOMEM;
    for (int k = 0; k < N && rc == 0; k++) {
        res[k] = tensor_new(&fr->slots[op->operands[k]]->type);
        if (!res[k])
            rc = IRRUN_NOMEM;
    }
    sort_key_cmp cmp;
    bool native = rc == 0 && native_comparator(op, in0, &cmp);
    for (int k = 0; k < 2 * N && rc == 0 && !native; k++) {
        tensor_type t = { .elem = fr->slots[op->operands[k / 2]]->type.elem };
        if (!(s.args[k] = tensor_new(&t)))
            rc = IRRUN_NOMEM;
    }
    if (rc == 0 && !native && rt_region_lane_safe(fr->f, &op->regions[0]))
        rc = rt_region_pin(fr, &op->regions[0], &s.pinned);
    sort_work w = SORT_WORK_INIT;
    for (int64_t o = 0; o < outer && rc == 0; o++) {
        for (int64_t i = 0; i < inner && rc == 0; i++) {
            s.base = o * n * inner + i;
            if (native) {
                size_t es = tensor_elem_bytes(in0);
                rc = sort_native(&cmp, (const unsigned char *)in0->data + (size_t)s.base * es, inner, n,
                                 op->a.sort.is_stable, perm, &w);
            } else {
                for (int64_t j = 0; j < n; j++)
                    perm[j] = j;
                rc = sort_positions(perm, n, op->a.sort.is_stable, call_comparator, &s, &w);
            }
            for (int k = 0; k < N && rc == 0; k++) {
                const tensor *in = fr->slots[op->operands[k]];
                size_t es = tensor_elem_bytes(in);
                const unsigned char *src = (const unsigned char *)in->data + (size_t)s.base * es;
                unsigned char *dst = (unsigned char *)res[k]->data + (size_t)s.base * es;
                for (int64_t j = 0; j < n; j++)
                    memcpy(dst + (size_t)(j * inner) * es, src + (size_t)(perm[j] * inner) * es, es);
            }
        }
    }
    sort_work_free(&w);
    rt_region_unpin(fr, &s.pinned);
    for (int k = 0; s.args && k < 2 * N; k++)
        tensor_release(s.args[k]);
    mem_free(s.args);
    mem_free(perm);
    if (rc) {
        for (int k = 0; k < N; k++) {
            tensor_release(res[k]);
            res[k] = NULL;
        }
        /* a comparator error was reported where it happened */
        return rc == IRRUN_NOMEM ? rt_nomem(c, op->loc, "out of memory in 'stablehlo.sort'") : rc;
    }
    return 0;
}
