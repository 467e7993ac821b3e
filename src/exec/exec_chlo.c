/* The chlo ops that src/chlo keeps for a native kernel (ir_op.native,
 * docs/chlo.md "Native kernels"): erf and lgamma on f32, f16, bf16 and
 * top_k and the broadcasting binaries of a kern_binop, each bit-identical to the op's decomposition (kern_chlo.h). The
 * others never run as such: they are decomposed when read, and a chlo op
 * that reaches a run without the expander is refused. */
#include "exec/exec.h"
#include "kernels/chlo/kern_chlo.h"

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

/* The broadcasting binaries a kern_binop computes (the others, compare,
 * complex, the shifts, next_after, polygamma and zeta, are decomposed) */
static const int binop_of[IR_OP_COUNT] = {
    [IR_OP_CHLO_BROADCAST_ADD] = KB_ADD + 1,   [IR_OP_CHLO_BROADCAST_SUB] = KB_SUB + 1,
    [IR_OP_CHLO_BROADCAST_MUL] = KB_MUL + 1,   [IR_OP_CHLO_BROADCAST_DIV] = KB_DIV + 1,
    [IR_OP_CHLO_BROADCAST_MAX] = KB_MAX + 1,   [IR_OP_CHLO_BROADCAST_MIN] = KB_MIN + 1,
    [IR_OP_CHLO_BROADCAST_REM] = KB_REM + 1,   [IR_OP_CHLO_BROADCAST_POW] = KB_POW + 1,
    [IR_OP_CHLO_BROADCAST_ATAN2] = KB_ATAN2 + 1, [IR_OP_CHLO_BROADCAST_AND] = KB_AND + 1,
    [IR_OP_CHLO_BROADCAST_OR] = KB_OR + 1,     [IR_OP_CHLO_BROADCAST_XOR] = KB_XOR + 1,
};

int exec_chlo_broadcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    if (!op->native || !binop_of[op->kind])
        return exec_refused(c, fr, op, res);
    /* map[k][j]: the result dimension of operand k's dimension j, by
     * broadcast_dimensions for the operand of lower rank, else aligned at
     * the end (src/chlo/chlo_broadcast.c checked them) */
    int rank = res[0]->type.rank;
    int64_t map[2][SHAPE_MAX_RANK];
    for (int k = 0; k < 2; k++) {
        const tensor_type *t = &IN(k)->type;
        bool given = op->a.bcast.dims.n > 0 && t->rank < rank;
        for (int j = 0; j < t->rank; j++)
            map[k][j] = given ? op->a.bcast.dims.v[j] : rank - t->rank + j;
    }
    return rt_status(c, op,
                     kern_chlo_broadcast_on(rt_pool(c, res[0]->count), (kern_binop)(binop_of[op->kind] - 1), IN(0),
                                            map[0], IN(1), map[1], res[0]));
}

/* chlo.scan and chlo.ragged_dot never run as such: they are decomposed when
 * read (src/chlo). */
int exec_chlo_scan(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}

int exec_chlo_ragged_dot(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return exec_refused(c, fr, op, res);
}
