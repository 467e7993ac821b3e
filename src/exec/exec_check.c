/* The check ops (SPEC.md 5): the actual value against the expected one
 * (a literal or an operand), the verdict counted, a failure reported at
 * the op; check.eq also returns it. */
#include "exec/exec.h"
#include "parallel/grid.h"
#include "runtime/rt_check.h"

static int run_check(rt_ctx *c, const ir_op *op, tensor **slots, tensor **res)
{
    const tensor *actual = slots[op->operands[0]];
    tensor *owned = NULL;
    const tensor *expected;
    if (op->kind == IR_OP_CHECK_EXPECT_EQ_CONST || op->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
        owned = rt_literal_tensor(&op->a.check.expected);
        if (!owned)
            return rt_nomem(c, op->loc, "out of memory");
        expected = owned;
    } else {
        expected = slots[op->operands[1]];
    }
    rt_check_ctx cc = { c->src && c->src->name ? c->src->name : "<input>", c->fname,
                            c->opt->strict_eq, c->err };
    if (c->proc)
        grid_output_lock(c->proc->g);
    bool ok = rt_run_check(&cc, op, actual, expected);
    if (c->proc)
        grid_output_unlock(c->proc->g);
    tensor_release(owned);
    rt_count_check(c, op, ok);
    if (op->kind == IR_OP_CHECK_EQ && op->nresults == 1)
        *(uint8_t *)res[0]->data = ok;
    return 0;
}

int exec_checkop(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return run_check(c, op, fr->slots, res);
}
