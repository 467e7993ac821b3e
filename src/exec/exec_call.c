/* func.call and the terminators (SPEC.md 4.43, 4.44); custom_call is
 * exec_custom_call.c. */
#include "exec/exec.h"
#include "util/mem.h"

#define IN(k) fr->slots[op->operands[k]]

int exec_call(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_func *callee = op->a.call.func;
    if (!callee || !callee->has_body)
        return rt_error(c, op->loc, "call to @%s, which has no body", op->a.call.name);
    tensor *argv[16] = { 0 }; /* zeroed: gcc cannot tell that the body reads only noperands of them */
    tensor **args = op->noperands <= 16 ? argv : mem_calloc((size_t)op->noperands, sizeof *args);
    if (!args)
        return rt_nomem(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        args[i] = IN(i);
    int rc = rt_call(c, callee, args, res);
    if (args != argv)
        mem_free(args);
    return rc;
}

/* Terminators end their block in run_block and never get here; the checker
 * guarantees they are last. */
int exec_terminator(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    (void)res;
    return rt_error(c, op->loc, "'%s' in the middle of a block", ir_op_name(op->kind));
}
#undef IN
