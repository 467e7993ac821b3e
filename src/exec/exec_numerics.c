/* The run functions of the numerics of SPEC.md 9.5.1/9.5.2 (the op table's
 * exec column: bits, parts, reduce_precision) and of the ops the checker
 * refuses (decision 41), each a thin call of its whole-tensor kernel
 * (kern_numerics.h). */
#include "exec/exec.h"

/* The kernel column, expanded here like in rt_eval.c (K_NONE for ops without
 * a kernel op). */
enum { K_NONE = -1 };
static const int kernel_of[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = (int)(kernel),
#include "ir/ops.def"
#undef OP
};

#define IN(k) fr->slots[op->operands[k]]

int exec_bits(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    kern_bitop k = (kern_bitop)kernel_of[op->kind];
    return rt_status(c, op, kern_bits_on(rt_pool(c, res[0]->count), k, IN(0), kern_bitop_is_unary(k) ? NULL : IN(1), res[0]));
}

int exec_parts(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    kern_partop k = (kern_partop)kernel_of[op->kind];
    return rt_status(c, op, kern_parts_on(rt_pool(c, res[0]->count), k, IN(0), k == KP_COMPLEX ? IN(1) : NULL, res[0]));
}

int exec_reduce_precision(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return rt_status(c, op,
                       kern_reduce_precision_on(rt_pool(c, res[0]->count), IN(0),
                                                op->a.reduce_precision.exponent_bits,
                                                op->a.reduce_precision.mantissa_bits, res[0]));
}

/* Never reached from a checked module: the checker refuses these ops. */
/* chlo.top_k and the broadcasting binaries never run as such: they are
 * decomposed when read (src/chlo). */
int exec_chlo_top_k(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_constant_like(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_broadcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_scan(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_ragged_dot(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_refused(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    (void)res;
    rt_error(c, op->loc, "'%s': unsupported op (REF refuses: decomposable)", ir_op_name(op->kind));
    return IRRUN_UNSUPPORTED;
}
