/* The element-wise ops (SPEC.md 4.3-4.32): one whole-tensor kernel call
 * each, on the run's threads when the result is large. */
#include "exec/exec.h"
#include "kernels/quant/kern_quant.h"

#define IN(k) fr->slots[op->operands[k]]

int exec_binary(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_binary_on(rt_pool(c, res[0]->count), rt_binop_of(op->kind), IN(0), IN(1), res[0]));
}

int exec_unary(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_unary_on(rt_pool(c, res[0]->count), rt_unop_of(op->kind), IN(0), res[0]));
}

int exec_convert(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_convert_on(rt_pool(c, res[0]->count), IN(0), res[0]));
}

int exec_bitcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_bitcast(IN(0), res[0]));
}

int exec_compare(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_compare_on(rt_pool(c, res[0]->count), (kern_cmpdir)op->a.compare.dir,
                                              rt_compare_total(op, IN(0)), IN(0), IN(1), res[0]));
}

int exec_select(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_select_on(rt_pool(c, res[0]->count), IN(0), IN(1), IN(2), res[0]));
}

int exec_clamp(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op, kern_clamp_on(rt_pool(c, res[0]->count), IN(0), IN(1), IN(2), res[0]));
}

#undef IN

/* uniform_quantize reaches a run only when src/quant kept it for its
 * native kernel (ir_op.native, f32 -> the storage of op->a.quant,
 * docs/quantization.md "Native uniform_quantize"); otherwise it is
 * lowered when read and never runs as such. */
int exec_uniform_quantize(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    if (!op->native || !op->a.quant)
        return exec_refused(c, fr, op, res);
    return rt_status(c, op, kern_quantize(rt_pool(c, res[0]->count), fr->slots[op->operands[0]], op->a.quant, res[0]));
}
