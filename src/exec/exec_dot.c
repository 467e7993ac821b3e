/* dot_general (SPEC.md 4.41): the dimension numbers and the accumulation
 * mode (--dot-accumulation, the op's algorithm) handed to the kernel. */
#include <string.h>

#include "exec/exec.h"
#include "kernels/dot/kern_dot.h"

static int run_dot(rt_ctx *c, const ir_op *op, tensor **slots, tensor *r)
{
    const ir_dot *d = &op->a.dot;
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.nbatch = d->lhs_batch.n;
    dd.ncontract = d->lhs_contract.n;
    for (int i = 0; i < dd.nbatch; i++) {
        dd.lb[i] = d->lhs_batch.v[i];
        dd.rb[i] = d->rhs_batch.v[i];
    }
    for (int i = 0; i < dd.ncontract; i++) {
        dd.lc[i] = d->lhs_contract.v[i];
        dd.rc[i] = d->rhs_contract.v[i];
    }
    dd.mode = KACC_REF;
    dd.lprec = dd.rprec = FP_COUNT;
    switch (c->opt->dot_acc) {
    case DOT_ACC_F32:
    case DOT_ACC_F64:
        dd.mode = KACC_TYPE;
        dd.acc = c->opt->dot_acc == DOT_ACC_F32 ? FP_F32 : FP_F64;
        break;
    case DOT_ACC_ALGORITHM:
        if (d->has_algorithm) {
            dd.mode = KACC_TYPE;
            dd.acc = d->algorithm.accumulation;
            dd.lprec = d->algorithm.lhs_precision;
            dd.rprec = d->algorithm.rhs_precision;
        }
        break;
    case DOT_ACC_REF:
        break;
    }
    int64_t macs = r->count;
    for (int i = 0; i < dd.ncontract; i++)
        macs *= slots[op->operands[0]]->type.dims[dd.lc[i]];
    dd.pool = rt_pool(c, macs);
    return rt_status(c, op, kern_dot_general(slots[op->operands[0]], slots[op->operands[1]], &dd, r));
}

int exec_dot_general(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return run_dot(c, op, fr->slots, res[0]);
}
