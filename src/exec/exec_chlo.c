/* The chlo ops that src/chlo keeps for a native kernel (ir_op.native,
 * docs/chlo.md "Native kernels"): erf and lgamma on f32, f16, bf16 and
 * top_k, each bit-identical to the op's decomposition (kern_chlo.h). The
 * others never run as such: they are decomposed when read, and a chlo op
 * that reaches a run without the expander is refused. */
#include "exec/exec.h"
#include "kernels/kern_chlo.h"

#define IN(k) fr->slots[op->operands[k]]

int exec_chlo_unary(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    if (!op->native)
        return exec_refused(c, fr, op, res);
    kern_chlo_fn fn = op->kind == IR_OP_CHLO_ERF ? KCH_ERF : KCH_LGAMMA;
    return rt_status(c, op, kern_chlo_unary_on(rt_pool(c, res[0]->count), fn, IN(0), res[0]));
}

int exec_chlo_top_k(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    if (!op->native || !kern_chlo_top_k_applies(IN(0)->type.elem))
        return exec_refused(c, fr, op, res);
    return rt_status(c, op, kern_chlo_top_k_on(rt_pool(c, IN(0)->count), IN(0), op->a.top_k.k, res[0], res[1]));
}

int exec_chlo_constant_like(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_broadcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}
