/* Ops that move values without computing (SPEC.md 9.3.6-9.3.9):
 * optimization_barrier, tuples, tokens, and composite (a call of its
 * decomposition). Results share the operands' tensors. */
#include "exec/exec.h"

int exec_barrier(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    for (int k = 0; k < op->noperands; k++)
        res[k] = tensor_retain(fr->slots[op->operands[k]]);
    return 0;
}

int exec_tuple(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    res[0] = tensor_new(&fr->f->values[op->results[0]].type);
    if (!res[0])
        return rt_nomem(c, op->loc, "out of memory");
    for (int k = 0; k < op->noperands; k++)
        tensor_parts(res[0])[k] = tensor_retain(fr->slots[op->operands[k]]);
    return 0;
}

int exec_get_tuple_element(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    res[0] = tensor_retain(tensor_parts(fr->slots[op->operands[0]])[op->a.tuple_index]);
    return 0;
}

/* after_all and create_token: a token carries nothing (decision 30: REF
 * refuses create_token; ir-run runs it like after_all without operands). */
int exec_token(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    res[0] = tensor_new(&fr->f->values[op->results[0]].type);
    return res[0] ? 0 : rt_nomem(c, op->loc, "out of memory");
}

int exec_composite(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_call(c, fr, op, res);
}
