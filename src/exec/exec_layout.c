/* Making and moving tensors: constant, iota and the layout ops
 * (SPEC.md 4.1, 4.2, 4.33-4.39), one kernel call each. */
#include <string.h>

#include "exec/exec.h"
#include "util/mem.h"

#define IN(k) fr->slots[op->operands[k]]

/* res[0] NULL: the literal's elements in place (rt_constant_borrows), else
 * copied into res[0] */
int exec_constant(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_literal *lit = &op->a.constant;
    if (!res[0]) {
        /* read-only: a borrowed tensor is never written */
        res[0] = tensor_borrow(&fr->f->values[op->results[0]].type, lit->data);
        return res[0] ? 0 : rt_nomem(c, op->loc, "out of memory");
    }
    if (c->lanes || (lit->splat && !res[0]->splat)) {
        size_t es = tensor_elem_bytes(res[0]);
        for (int64_t i = 0; i < res[0]->count; i++)
            memcpy((unsigned char *)res[0]->data + (size_t)i * es, lit->data, es);
    }
    else if (lit->nbytes)
        memcpy(res[0]->data, lit->data, lit->nbytes < res[0]->nbytes ? lit->nbytes : res[0]->nbytes);
    return 0;
}

int exec_iota(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    return rt_status(c, op, kern_iota(op->a.iota_dim, res[0]));
}

int exec_reshape(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_reshape(IN(0), res[0]));
}

int exec_transpose(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_transpose(rt_pool(c, res[0]->count), IN(0), op->a.dims.v, res[0]));
}

int exec_broadcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_broadcast(rt_pool(c, res[0]->count), IN(0), op->a.dims.v, res[0]));
}

int exec_concatenate(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor **xs = mem_calloc((size_t)op->noperands, sizeof *xs);
    if (!xs)
        return rt_nomem(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        xs[i] = IN(i);
    pool *p = rt_pool(c, res[0]->count);
    int rc = rt_status(c, op, kern_concatenate(p, xs, op->noperands, op->a.concat_dim, res[0]));
    mem_free(xs);
    return rc;
}

int exec_slice(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    pool *p = rt_pool(c, res[0]->count);
    return rt_status(c, op, kern_slice(p, IN(0), op->a.slice.start.v, op->a.slice.stride.v, res[0]));
}

int exec_reverse(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_reverse(rt_pool(c, res[0]->count), IN(0), op->a.dims.v, op->a.dims.n, res[0]));
}

int exec_pad(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    pool *p = rt_pool(c, res[0]->count);
    return rt_status(c, op, kern_pad(p, IN(0), IN(1), op->a.pad.low.v, op->a.pad.interior.v, res[0]));
}

#undef IN
