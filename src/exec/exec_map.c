/* stablehlo.map (SPEC.md 9.3.4): r[i] = body(a[i], b[i], ...) in row-major
 * order. A body of element-wise ops runs in lanes, a chunk of elements per
 * run (same bits as one run per element); any other body runs once per
 * element on rank-0 tensors. */
#include <string.h>

#include "exec/exec.h"
#include "util/mem.h"

/* Lanes per body run: bounds the widened copies of captured values. */
enum { MAP_CHUNK = 1 << 16 };

/* Elements [from, from + n) of every input as tensors of n elements (rank 1,
 * or rank 0 when not in lanes), the body run on them, its result copied to
 * r at `from`. */
static int map_step(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **args, int64_t from, int64_t n, tensor *r)
{
    int rc = 0;
    for (int k = 0; k < op->noperands && rc == 0; k++) {
        const tensor *in = fr->slots[op->operands[k]];
        tensor_type t = { .elem = in->type.elem, .rank = c->lanes ? 1 : 0, .dims = { n } };
        args[k] = tensor_new(&t);
        if (!args[k])
            rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.map'");
        else
            memcpy(args[k]->data, (const unsigned char *)in->data + (size_t)from * tensor_elem_bytes(in),
                   args[k]->nbytes);
    }
    tensor *out = NULL;
    if (rc == 0)
        rc = rt_region_run(c, fr, &op->regions[0], args, &out);
    if (rc == 0)
        memcpy((unsigned char *)r->data + (size_t)from * tensor_elem_bytes(r), out->data, out->nbytes);
    tensor_release(out);
    for (int k = 0; k < op->noperands; k++) {
        tensor_release(args[k]);
        args[k] = NULL;
    }
    return rc;
}

int exec_map(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    tensor *r = tensor_new(&fr->f->values[op->results[0]].type);
    tensor **args = mem_calloc((size_t)op->noperands, sizeof *args);
    int rc = 0;
    if (!r || !args)
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.map'");
    int64_t count = r ? r->count : 0;
    if (rc == 0 && count > 1 && c->lanes == 0 && rt_region_lane_safe(fr->f, &op->regions[0])) {
        for (int64_t from = 0; from < count && rc == 0; from += MAP_CHUNK) {
            int64_t n = count - from < MAP_CHUNK ? count - from : MAP_CHUNK;
            rt_lanes st;
            rc = rt_region_lanes_enter(c, fr, op, &op->regions[0], n, &st);
            if (rc == 0) {
                rc = map_step(c, fr, op, args, from, n, r);
                rt_region_lanes_leave(c, fr, &st);
            }
        }
    } else {
        /* inside another body's lanes this op is never reached: map has no
         * IR_F_LANES, so such a body runs per invocation */
        for (int64_t i = 0; i < count && rc == 0; i++)
            rc = map_step(c, fr, op, args, i, 1, r);
    }
    mem_free(args);
    if (rc) {
        tensor_release(r);
        return rc;
    }
    res[0] = r;
    return 0;
}
