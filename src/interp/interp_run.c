/* Running a module (SPEC.md 6.2-6.4): the entry function, its arguments
 * checked against its signature, a grid of processes for
 * --replicas/--partitions, and the returned values printed or handed to
 * the caller. The op table's exec column, made by exec/, is given to the
 * run here: the layers below never name an op's executor. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "interp/interp.h"
#include "exec/exec.h"
#include "runtime/rt_print.h"
#include "util/mem.h"

const ir_func *interp_entry(const ir_module *m, const char *entry)
{
    if (entry)
        return ir_module_find(m, entry);
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, "main") == 0)
            return &m->funcs[i];
    return m->nfuncs == 1 ? &m->funcs[0] : NULL;
}

/* A returned value as REF prints it (SPEC.md 9.3.7, decision 29): a tensor
 * in the result format, a token as its type; a tuple as its type and ` (`,
 * a `,` line between elements and `)`, while the elements themselves go to
 * `err` (REF dumps them there). */
static int print_result(const tensor *t, const rt_options *opt, FILE *out, FILE *err)
{
    char type[512];
    switch (shape_kind_of(&t->type)) {
    case SHAPE_TENSOR:
        return opt->print_decimal || opt->print_exact ? rt_print_tensor_decimal(t, opt->print_exact, out)
                                  : rt_print_tensor(t, opt->print_dense, opt->hex_threshold, out);
    case SHAPE_TOKEN: fputs("!stablehlo.token\n", out); return ferror(out) ? -1 : 0;
    case SHAPE_TUPLE: break;
    }
    shape_format(&t->type, type, sizeof type);
    fprintf(out, "%s (\n", type);
    int n = shape_tuple_size(&t->type);
    for (int i = 0; i < n; i++) {
        if (print_result(tensor_parts(t)[i], opt, err, err) != 0)
            return -1;
        if (i + 1 < n)
            fputs(",\n", out);
    }
    fputs("\n)\n", out);
    return ferror(out) ? -1 : 0;
}

/* After "no entry": what there is to choose from, and how (at most 20
 * names: a module of thousands would drown the error) */
static void note_functions(rt_ctx *c)
{
    const ir_module *m = c->m;
    fputs("note: the module's functions: ", c->err);
    for (int i = 0; i < m->nfuncs && i < 20; i++)
        fprintf(c->err, "%s@%s", i ? ", " : "", m->funcs[i].name);
    if (m->nfuncs > 20)
        fprintf(c->err, ", ... (%d in all)", m->nfuncs);
    fputs("; choose one with --entry NAME\n", c->err);
}

/* interp_entry, with the reference's errors when there is none. */
static const ir_func *entry_function(rt_ctx *c, int *rc)
{
    const ir_module *m = c->m;
    src_loc top = { 1, 1 };
    const ir_func *f = interp_entry(m, c->opt->entry);
    *rc = 0;
    if (!f && c->opt->entry)
        *rc = rt_error(c, top, "entry function @%s not found", c->opt->entry);
    else if (!f && m->nfuncs > 1)
        *rc = rt_error(c, m->funcs[0].loc, "module must have entry func with name main");
    if (!f && m->nfuncs > 0)
        note_functions(c);
    return f;
}

static irrun_status run_module(rt_ctx *c, bool keep_results, interp_outcome *outcome);

/* The pool lives as long as the run: freed whatever way the run ends. */
irrun_status interp_run_module(const ir_module *m, diag_source *src, const rt_options *opt,
                      bool keep_results, interp_outcome *outcome)
{
    rt_ctx c = { .m = m, .src = src, .opt = opt, .err = opt->err ? opt->err : stderr, .tiny_parts = pool_tiny_parts_asked(),
                 .exec = exec_table };
    irrun_status rc = run_module(&c, keep_results, outcome);
    rt_frames_free(&c);
    pool_free(c.pool);
    return rc;
}

static irrun_status run_module(rt_ctx *c, bool keep_results, interp_outcome *outcome)
{
    const rt_options *opt = c->opt;
    if (outcome)
        memset(outcome, 0, sizeof *outcome);
    int rc;
    const ir_func *f = entry_function(c, &rc);
    if (!f)
        return rc;
    if (!f->has_body)
        return rt_error(c, f->loc, "entry function @%s has no body", f->name);
    if (f->nargs != opt->nargs)
        return rt_error(c, f->loc,
                        "incorrect number of arguments specified, provided %d inputs but function "
                        "expected %d",
                        opt->nargs, f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        if (!shape_equal(&opt->args[i]->type, &f->arg_types[i])) {
            char want[256], got[256];
            shape_format(&f->arg_types[i], want, sizeof want);
            shape_format(&opt->args[i]->type, got, sizeof got);
            return rt_error(c, f->loc, "argument %d of @%s has type %s, but %s was provided", i,
                            f->name, want, got);
        }
    }
    /* with --replicas/--partitions every process returns f's results */
    int copies = opt->replicas > 0 ? opt->replicas * opt->partitions : 1;
    int nresults = f->nresults * copies;
    tensor **results = mem_calloc((size_t)(nresults ? nresults : 1), sizeof *results);
    if (!results)
        return rt_nomem(c, f->loc, "out of memory");
    for (int k = 0; k < f->nresults; k++)
        if (!shape_is_tensor(&f->result_types[k]) && (keep_results || opt->print_dense)) {
            char t[256];
            shape_format(&f->result_types[k], t, sizeof t);
            mem_free(results);
            return rt_error(c, f->loc, "result #%d of @%s is %s: only tensors can be %s", k, f->name, t,
                            keep_results ? "written to files or compared" : "printed as dense<...>");
        }
    rc = opt->replicas > 0 ? exec_run_grid_entry(c, f, opt->args, results) : rt_call(c, f, opt->args, results);
    /* the results leave the interpreter stored in full */
    for (int k = 0; rc == 0 && k < nresults; k++)
        if (!tensor_densify(&results[k]))
            rc = rt_nomem(c, f->loc, "out of memory storing the results");
    if (rc == 0 && !keep_results) {
        /* the first failed write ends the printing: one message, with why */
        for (int k = 0; k < nresults && rc == 0; k++) {
            errno = 0;
            if (print_result(results[k], opt, opt->out ? opt->out : stdout, c->err) != 0) {
                int e = errno;
                rc = rt_error(c, f->loc, "error writing results: %s", e ? strerror(e) : "write error");
            }
        }
    }
    if (outcome) {
        outcome->checks_passed = c->passed;
        outcome->checks_failed = c->failed;
        outcome->nfailed = c->failed < RT_FAILED_CHECKS_KEPT ? c->failed : RT_FAILED_CHECKS_KEPT;
        memcpy(outcome->failed, c->failed_at, sizeof c->failed_at);
    }
    if (rc == 0 && keep_results && outcome) {
        outcome->results = results;
        outcome->nresults = nresults;
    } else {
        for (int k = 0; k < nresults; k++)
            tensor_release(results[k]);
        mem_free(results);
    }
    if (rc)
        return rc;
    return c->failed ? IRRUN_CHECK_FAILED : IRRUN_OK;
}

void interp_outcome_free(interp_outcome *o)
{
    if (!o)
        return;
    for (int k = 0; k < o->nresults; k++)
        tensor_release(o->results[k]);
    mem_free(o->results);
    o->results = NULL;
    o->nresults = 0;
}
