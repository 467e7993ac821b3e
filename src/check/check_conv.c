/* The checks of convolution (SPEC.md 9.5.3): ranks, dimension numbers,
 * window attributes, group counts and the result shape, so the
 * interpreter's window arithmetic never meets an inconsistent op (and never
 * overflows: every size it computes is checked here first). */
#include <stdio.h>

#include "check/check_internal.h"

/* the op's own name: convolution and dynamic_conv share these rules */
#define NAME "'%s'"
#define ON ir_op_name(o->kind)

/* One tensor's dimension numbers are a permutation of [0, rank). */
static bool permutation(checker *c, const ir_op *o, const char *what, int64_t d0, int64_t d1, const ir_ints *sp,
                        int rank)
{
    int64_t all[SHAPE_MAX_RANK + 2];
    int n = 0;
    all[n++] = d0;
    all[n++] = d1;
    for (int j = 0; j < sp->n && n < SHAPE_MAX_RANK + 2; j++)
        all[n++] = sp->v[j];
    for (int i = 0; i < n; i++) {
        if (all[i] < 0 || all[i] >= rank)
            FAIL(o->loc, NAME " %s dimension %lld is out of range [0, %d)", ON, what, (long long)all[i], rank);
        for (int k = 0; k < i; k++)
            if (all[k] == all[i])
                FAIL(o->loc, NAME " %s dimension numbers name dimension %lld twice", ON, what, (long long)all[i]);
    }
    return true;
}

/* SPEC 9.4.6's window count for spatial dimension j */
static bool window_count(checker *c, const ir_op *o, const ir_conv *cv, int j, int64_t n, int64_t w, int64_t *out)
{
    int64_t padded;
    if (!shape_window_count(n, cv->lhs_dilation.v[j], cv->low.v[j], cv->high.v[j], w, cv->rhs_dilation.v[j],
                            cv->strides.v[j], &padded, out))
        FAIL(o->loc, NAME " window sizes of spatial dimension %d overflow 64 bits", ON, j);
    if (padded < 0)
        FAIL(o->loc, NAME " padding leaves spatial dimension %d with negative size %lld", ON, j, (long long)padded);
    return true;
}

/* padding_known: dynamic_conv's padding is an operand, so its result's
 * spatial sizes are checked at run time (decision 34) and only its batch
 * and feature sizes here. */
static bool check_conv(checker *c, ir_op *o, bool padding_known)
{
    const tensor_type *lhs = &o->operand_types[0], *rhs = &o->operand_types[1], *r = &o->result_types[0];
    ir_conv *cv = &o->a.conv;
    int S = cv->in_spatial.n;
    if (cv->kernel_spatial.n != S || cv->out_spatial.n != S)
        FAIL(o->loc, NAME " input, kernel and output dimension numbers have %d, %d and %d spatial dimensions", ON, S,
             cv->kernel_spatial.n, cv->out_spatial.n);
    if (lhs->rank != S + 2)
        FAIL(o->uses[0].loc, NAME " lhs %s must have rank %d (%d spatial dimension%s, batch and feature)", ON, TS(lhs),
             S + 2, S, S == 1 ? "" : "s");
    if (rhs->rank != S + 2)
        FAIL(o->uses[1].loc, NAME " rhs %s must have rank %d (%d spatial dimension%s, input and output feature)", ON,
             TS(rhs), S + 2, S, S == 1 ? "" : "s");
    if (r->rank != S + 2)
        FAIL(o->loc, NAME " result %s must have rank %d (%d spatial dimension%s, batch and feature)", ON, TS(r), S + 2,
             S, S == 1 ? "" : "s");
    if (!permutation(c, o, "input", cv->in_batch, cv->in_feature, &cv->in_spatial, S + 2) ||
        !permutation(c, o, "kernel", cv->kernel_in, cv->kernel_out, &cv->kernel_spatial, S + 2) ||
        !permutation(c, o, "output", cv->out_batch, cv->out_feature, &cv->out_spatial, S + 2))
        return false;
    const ir_ints *lists[5] = { &cv->strides, &cv->lhs_dilation, &cv->rhs_dilation, &cv->reversal, &cv->low };
    static const char *const names[5] = { "window_strides", "lhs_dilation", "rhs_dilation", "window_reversal",
                                          "padding" };
    for (int i = 0; i < 5; i++)
        if (lists[i]->n != S)
            FAIL(o->loc, NAME " %s has %d entr%s, expected %d (one per spatial dimension)", ON, names[i], lists[i]->n,
                 lists[i]->n == 1 ? "y" : "ies", S);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < S; j++)
            if (lists[i]->v[j] <= 0)
                FAIL(o->loc, NAME " %s must be positive, got %lld in spatial dimension %d", ON, names[i],
                     (long long)lists[i]->v[j], j);
    int64_t G = cv->feature_groups, Gb = cv->batch_groups;
    if (G < 1)
        FAIL(o->loc, NAME " feature_group_count must be at least 1, got %lld", ON, (long long)G);
    if (Gb < 1)
        FAIL(o->loc, NAME " batch_group_count must be at least 1, got %lld", ON, (long long)Gb);
    if (G > 1 && Gb > 1)
        FAIL(o->loc, NAME " feature_group_count (%lld) and batch_group_count (%lld) cannot both exceed 1", ON,
             (long long)G, (long long)Gb);
    int64_t N = lhs->dims[cv->in_batch], C = lhs->dims[cv->in_feature];
    int64_t Ci = rhs->dims[cv->kernel_in], O = rhs->dims[cv->kernel_out];
    if (C % G)
        FAIL(o->uses[0].loc, NAME " input feature size %lld is not divisible by feature_group_count %lld", ON,
             (long long)C, (long long)G);
    if (Ci != C / G)
        FAIL(o->uses[1].loc, NAME " kernel input feature size %lld should be %lld (input features %lld / "
             "feature_group_count %lld)", ON, (long long)Ci, (long long)(C / G), (long long)C, (long long)G);
    if (O % G)
        FAIL(o->uses[1].loc, NAME " kernel output feature size %lld is not divisible by feature_group_count %lld", ON,
             (long long)O, (long long)G);
    if (N % Gb)
        FAIL(o->uses[0].loc, NAME " input batch size %lld is not divisible by batch_group_count %lld", ON, (long long)N,
             (long long)Gb);
    if (O % Gb)
        FAIL(o->uses[1].loc, NAME " kernel output feature size %lld is not divisible by batch_group_count %lld", ON,
             (long long)O, (long long)Gb);
    tensor_type want = *r;
    want.dims[cv->out_batch] = N / Gb;
    want.dims[cv->out_feature] = O;
    for (int j = 0; j < S; j++) {
        int64_t w = rhs->dims[cv->kernel_spatial.v[j]];
        if (w < 1)
            FAIL(o->uses[1].loc, NAME " kernel spatial dimension %d (dimension %lld of %s) is empty: windows need a "
                 "positive size", ON, j, (long long)cv->kernel_spatial.v[j], TS(rhs));
        if (padding_known &&
            !window_count(c, o, cv, j, lhs->dims[cv->in_spatial.v[j]], w, &want.dims[cv->out_spatial.v[j]]))
            return false;
    }
    if (!shape_same_dims(r, &want))
        FAIL(o->loc, NAME " result type %s should have shape %s", ON, TS(r), TS(&want));
    if (cv->nprecision > 2)
        FAIL(o->loc, NAME " precision_config has %d entries, at most 2 allowed", ON, cv->nprecision);
    if (lhs->elem != rhs->elem)
        check_warning(c, o->loc, NAME " operands have different element types %s and %s (converted to %s)", ON,
                      et_get(lhs->elem)->name, et_get(rhs->elem)->name, et_get(r->elem)->name);
    return true;
}

bool check_convolution(checker *c, ir_op *o)
{
    return check_conv(c, o, true);
}

bool check_dynamic_conv(checker *c, ir_op *o)
{
    const tensor_type *pad = &o->operand_types[2];
    int S = o->a.conv.in_spatial.n;
    if (pad->rank != 2 || !et_is_int(pad->elem) || pad->dims[0] != S || pad->dims[1] != 2)
        FAIL(o->uses[2].loc, NAME " padding must be an integer tensor of shape %dx2 ([low, high] per spatial "
             "dimension), got %s", ON, S, TS(pad));
    return check_conv(c, o, false);
}
