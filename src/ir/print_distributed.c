/* The attribute dictionaries of the distributed ops (SPEC.md 9.6) in the
 * generic form, for the printer (print.c): what build.c reads, written
 * back so that the output parses to the same IR. */
#include <inttypes.h>

#include "ir/ir.h"

/* Opens the dictionary before the first entry, separates the others. */
static FILE *entry(FILE *out, int *n)
{
    fputs((*n)++ ? ", " : " {", out);
    return out;
}

/* rows of `cols` ids; a group shorter than cols is padded with -1 again */
static void print_groups(FILE *out, const ir_collective *col)
{
    fputs("replica_groups = dense<", out);
    if (col->ngroups == 0 || col->group_cols == 0) {
        fprintf(out, "> : tensor<%dx%" PRId64 "xi64>", col->ngroups, col->group_cols);
        return;
    }
    fputc('[', out);
    for (int g = 0; g < col->ngroups; g++) {
        fputs(g ? ", [" : "[", out);
        for (int64_t k = 0; k < col->group_cols; k++) {
            int at = col->group_start[g] + (int)k;
            fprintf(out, k ? ", %" PRId64 : "%" PRId64, at < col->group_start[g + 1] ? col->ids[at] : -1);
        }
        fputc(']', out);
    }
    fprintf(out, "]> : tensor<%dx%" PRId64 "xi64>", col->ngroups, col->group_cols);
}

static void print_pairs(FILE *out, const ir_ints *p)
{
    fputs("source_target_pairs = dense<", out);
    if (p->n) {
        fputc('[', out);
        for (int i = 0; i < p->n; i += 2)
            fprintf(out, i ? ", [%" PRId64 ", %" PRId64 "]" : "[%" PRId64 ", %" PRId64 "]", p->v[i], p->v[i + 1]);
        fputc(']', out);
    }
    fprintf(out, "> : tensor<%dx2xi64>", p->n / 2);
}

static void print_symbols(FILE *out, const char *const *names, int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++)
        fprintf(out, i ? ", @%s" : "@%s", names[i]);
    fputc(']', out);
}

void ir_print_distributed_attrs(FILE *out, const ir_op *o)
{
    int n = 0;
    if (o->kind == IR_OP_RUN_PARALLEL) {
        const ir_run_parallel *par = &o->a.par;
        fputs(" {programs = [", out);
        for (int r = 0; r < par->rows; r++) {
            if (r)
                fputs(", ", out);
            print_symbols(out, par->names + (size_t)r * (size_t)par->cols, par->cols);
        }
        fputc(']', out);
        if (par->ninfeed) {
            fputs(", infeed = ", out);
            print_symbols(out, par->infeed, par->ninfeed);
        }
        fputc('}', out);
        return;
    }
    bool collective = o->kind == IR_OP_ALL_REDUCE || o->kind == IR_OP_ALL_GATHER || o->kind == IR_OP_ALL_TO_ALL ||
                      o->kind == IR_OP_REDUCE_SCATTER || o->kind == IR_OP_COLLECTIVE_PERMUTE ||
                      o->kind == IR_OP_COLLECTIVE_BROADCAST || o->kind == IR_OP_COLLECTIVE_REDUCE;
    if (!collective && o->kind != IR_OP_SEND && o->kind != IR_OP_RECV)
        return;
    const ir_collective *col = &o->a.coll;
    if (o->kind == IR_OP_ALL_GATHER)
        fprintf(entry(out, &n), "all_gather_dim = %" PRId64 " : i64", col->dim);
    if (o->kind == IR_OP_REDUCE_SCATTER)
        fprintf(entry(out, &n), "scatter_dimension = %" PRId64 " : i64", col->dim);
    if (o->kind == IR_OP_ALL_TO_ALL)
        fprintf(entry(out, &n),
                "split_dimension = %" PRId64 " : i64, concat_dimension = %" PRId64 " : i64, split_count = %" PRId64
                " : i64",
                col->dim, col->concat_dim, col->split_count);
    /* as written (9.6.2 ignores the type); absent stays absent */
    if (col->has_channel)
        fprintf(entry(out, &n), "channel_handle = #stablehlo.channel_handle<handle = %" PRId64 ", type = %" PRId64 ">",
                col->channel, col->channel_type);
    if (o->kind == IR_OP_COLLECTIVE_PERMUTE)
        print_pairs(entry(out, &n), &col->pairs);
    else if (collective)
        print_groups(entry(out, &n), col);
    if (col->use_global_ids)
        fputs("use_global_device_ids", entry(out, &n));
    if (col->dynamic_root)
        fputs("has_dynamic_root", entry(out, &n));
    fputc('}', out);
}
