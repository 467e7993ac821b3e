/* convolution (SPEC.md 9.5.3) and dynamic_conv (9.4.8): the op's
 * attributes and the run's --dot-accumulation mode for kern_convolution
 * (kern_conv.c). */
#include <stdio.h>
#include <string.h>

#include "exec/exec.h"
#include "kernels/dot/kern_dot.h"

/* low: the low padding of each spatial dimension (the attribute's, or
 * dynamic_conv's operand) */
static int run_conv(rt_ctx *c, rt_frame *fr, const ir_op *op, const int64_t *low, tensor **res)
{
    const ir_conv *cv = &op->a.conv;
    kern_conv_dims cd;
    memset(&cd, 0, sizeof cd);
    int S = cd.nspatial = cv->in_spatial.n;
    cd.in_batch = cv->in_batch;
    cd.in_feature = cv->in_feature;
    cd.kernel_in = cv->kernel_in;
    cd.kernel_out = cv->kernel_out;
    cd.out_batch = cv->out_batch;
    cd.out_feature = cv->out_feature;
    for (int j = 0; j < S; j++) {
        cd.in_spatial[j] = cv->in_spatial.v[j];
        cd.kernel_spatial[j] = cv->kernel_spatial.v[j];
        cd.out_spatial[j] = cv->out_spatial.v[j];
        cd.strides[j] = cv->strides.v[j];
        cd.low[j] = low[j];
        cd.lhs_dilation[j] = cv->lhs_dilation.v[j];
        cd.rhs_dilation[j] = cv->rhs_dilation.v[j];
        cd.reversal[j] = cv->reversal.v[j] != 0;
    }
    cd.feature_groups = cv->feature_groups;
    cd.batch_groups = cv->batch_groups;
    cd.mode = KACC_REF;
    switch (c->opt->dot_acc) {
    case DOT_ACC_F32:
    case DOT_ACC_F64:
        cd.mode = KACC_TYPE;
        cd.acc = c->opt->dot_acc == DOT_ACC_F32 ? FP_F32 : FP_F64;
        break;
    case DOT_ACC_ALGORITHM: /* convolution has no algorithm attribute: REF, like a dot_general without one */
    case DOT_ACC_REF:
        break;
    }
    /* multiply-adds: every result element folds a kernel slice of its group */
    const tensor *kernel = fr->slots[op->operands[1]];
    int64_t out_features = kernel->type.dims[cd.kernel_out];
    cd.pool = rt_pool(c, out_features ? res[0]->count * (kernel->count / out_features) : 0);
    return rt_status(c, op, kern_convolution(fr->slots[op->operands[0]], kernel, &cd, res[0]));
}

int exec_convolution(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    return run_conv(c, fr, op, op->a.conv.low.v, res);
}

/* The padding operand must give the result type's spatial sizes
 * (decision 34); sizes that overflow are an error too. */
int exec_dynamic_conv(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_conv *cv = &op->a.conv;
    const tensor *lhs = fr->slots[op->operands[0]], *rhs = fr->slots[op->operands[1]];
    const tensor *pad = fr->slots[op->operands[2]];
    int64_t low[SHAPE_MAX_RANK];
    for (int j = 0; j < cv->in_spatial.n; j++) {
        int64_t lo = exec_index_value(pad, 2 * j), hi = exec_index_value(pad, 2 * j + 1), padded, count;
        int64_t n = lhs->type.dims[cv->in_spatial.v[j]], w = rhs->type.dims[cv->kernel_spatial.v[j]];
        int64_t want = res[0]->type.dims[cv->out_spatial.v[j]];
        bool ok = shape_window_count(n, cv->lhs_dilation.v[j], lo, hi, w, cv->rhs_dilation.v[j], cv->strides.v[j],
                                     &padded, &count);
        if (!ok || padded < 0)
            return rt_error(c, op->loc, "'stablehlo.dynamic_conv' padding [%lld, %lld] leaves spatial dimension %d "
                            "without a valid size", (long long)lo, (long long)hi, j);
        if (count != want)
            return rt_error(c, op->loc, "'stablehlo.dynamic_conv' padding [%lld, %lld] gives %lld windows in spatial "
                            "dimension %d but the result type has %lld", (long long)lo, (long long)hi,
                            (long long)count, j, (long long)want);
        low[j] = lo;
    }
    return run_conv(c, fr, op, low, res);
}
