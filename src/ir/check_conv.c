/* The checks of convolution (SPEC.md 9.5.3): ranks, dimension numbers,
 * window attributes, group counts and the result shape, so the
 * interpreter's window arithmetic never meets an inconsistent op (and never
 * overflows: every size it computes is checked here first). */
#include <stdio.h>

#include "ir/check_internal.h"

#define FAIL(loc, ...)                    \
    do {                                  \
        check_error(c, loc, __VA_ARGS__); \
        return false;                     \
    } while (0)

#define TS(t) check_type_str(t)
#define NAME "'stablehlo.convolution'"

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
            FAIL(o->loc, NAME " %s dimension %lld is out of range [0, %d)", what, (long long)all[i], rank);
        for (int k = 0; k < i; k++)
            if (all[k] == all[i])
                FAIL(o->loc, NAME " %s dimension numbers name dimension %lld twice", what, (long long)all[i]);
    }
    return true;
}

/* SPEC 9.4.6's window count for spatial dimension j, the sizes it needs
 * computed without overflow. */
static bool window_count(checker *c, const ir_op *o, const ir_conv *cv, int j, int64_t n, int64_t w, int64_t *out)
{
    int64_t dil, padded, span;
    if (__builtin_mul_overflow(n == 0 ? 0 : n - 1, cv->lhs_dilation.v[j], &dil) ||
        __builtin_add_overflow(dil, n == 0 ? 0 : 1, &dil) || __builtin_add_overflow(cv->low.v[j], dil, &padded) ||
        __builtin_add_overflow(padded, cv->high.v[j], &padded) ||
        __builtin_mul_overflow(w - 1, cv->rhs_dilation.v[j], &span) || __builtin_add_overflow(span, 1, &span))
        FAIL(o->loc, NAME " window sizes of spatial dimension %d overflow 64 bits", j);
    if (padded < 0)
        FAIL(o->loc, NAME " padding leaves spatial dimension %d with negative size %lld", j, (long long)padded);
    *out = padded == 0 || span > padded ? 0 : (padded - span) / cv->strides.v[j] + 1;
    return true;
}

bool check_convolution(checker *c, ir_op *o)
{
    const tensor_type *lhs = &o->operand_types[0], *rhs = &o->operand_types[1], *r = &o->result_types[0];
    ir_conv *cv = &o->a.conv;
    int S = cv->in_spatial.n;
    if (cv->kernel_spatial.n != S || cv->out_spatial.n != S)
        FAIL(o->loc, NAME " input, kernel and output dimension numbers have %d, %d and %d spatial dimensions", S,
             cv->kernel_spatial.n, cv->out_spatial.n);
    if (lhs->rank != S + 2)
        FAIL(o->uses[0].loc, NAME " lhs %s must have rank %d (%d spatial dimension%s, batch and feature)", TS(lhs),
             S + 2, S, S == 1 ? "" : "s");
    if (rhs->rank != S + 2)
        FAIL(o->uses[1].loc, NAME " rhs %s must have rank %d (%d spatial dimension%s, input and output feature)",
             TS(rhs), S + 2, S, S == 1 ? "" : "s");
    if (r->rank != S + 2)
        FAIL(o->loc, NAME " result %s must have rank %d (%d spatial dimension%s, batch and feature)", TS(r), S + 2,
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
            FAIL(o->loc, NAME " %s has %d entr%s, expected %d (one per spatial dimension)", names[i], lists[i]->n,
                 lists[i]->n == 1 ? "y" : "ies", S);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < S; j++)
            if (lists[i]->v[j] <= 0)
                FAIL(o->loc, NAME " %s must be positive, got %lld in spatial dimension %d", names[i],
                     (long long)lists[i]->v[j], j);
    int64_t G = cv->feature_groups, Gb = cv->batch_groups;
    if (G < 1)
        FAIL(o->loc, NAME " feature_group_count must be at least 1, got %lld", (long long)G);
    if (Gb < 1)
        FAIL(o->loc, NAME " batch_group_count must be at least 1, got %lld", (long long)Gb);
    if (G > 1 && Gb > 1)
        FAIL(o->loc, NAME " feature_group_count (%lld) and batch_group_count (%lld) cannot both exceed 1",
             (long long)G, (long long)Gb);
    int64_t N = lhs->dims[cv->in_batch], C = lhs->dims[cv->in_feature];
    int64_t Ci = rhs->dims[cv->kernel_in], O = rhs->dims[cv->kernel_out];
    if (C % G)
        FAIL(o->uses[0].loc, NAME " input feature size %lld is not divisible by feature_group_count %lld",
             (long long)C, (long long)G);
    if (Ci != C / G)
        FAIL(o->uses[1].loc, NAME " kernel input feature size %lld should be %lld (input features %lld / "
             "feature_group_count %lld)", (long long)Ci, (long long)(C / G), (long long)C, (long long)G);
    if (O % G)
        FAIL(o->uses[1].loc, NAME " kernel output feature size %lld is not divisible by feature_group_count %lld",
             (long long)O, (long long)G);
    if (N % Gb)
        FAIL(o->uses[0].loc, NAME " input batch size %lld is not divisible by batch_group_count %lld", (long long)N,
             (long long)Gb);
    if (O % Gb)
        FAIL(o->uses[1].loc, NAME " kernel output feature size %lld is not divisible by batch_group_count %lld",
             (long long)O, (long long)Gb);
    tensor_type want = *r;
    want.dims[cv->out_batch] = N / Gb;
    want.dims[cv->out_feature] = O;
    for (int j = 0; j < S; j++) {
        int64_t w = rhs->dims[cv->kernel_spatial.v[j]];
        if (w < 1)
            FAIL(o->uses[1].loc, NAME " kernel spatial dimension %d (dimension %lld of %s) is empty: windows need a "
                 "positive size", j, (long long)cv->kernel_spatial.v[j], TS(rhs));
        if (!window_count(c, o, cv, j, lhs->dims[cv->in_spatial.v[j]], w, &want.dims[cv->out_spatial.v[j]]))
            return false;
    }
    if (!shape_same_dims(r, &want))
        FAIL(o->loc, NAME " result type %s should have shape %s", TS(r), TS(&want));
    if (cv->nprecision > 2)
        FAIL(o->loc, NAME " precision_config has %d entries, at most 2 allowed", cv->nprecision);
    if (lhs->elem != rhs->elem)
        check_warning(c, o->loc, NAME " operands have different element types %s and %s (converted to %s)",
                      et_get(lhs->elem)->name, et_get(rhs->elem)->name, et_get(r->elem)->name);
    return true;
}
