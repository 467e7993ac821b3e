/* irrun_run: one function of a module on the caller's tensors, with the
 * results, check counts and every message handed back. */
#include "api/api_internal.h"

#include <stdio.h>
#include <string.h>

#include "chlo/chlo.h"
#include "check/check.h"
#include "interp/interp.h"
#include "refine/refine.h"
#include "parallel/grid.h"
#include "runtime/rt_print.h"
#include "io/probe.h"
#include "util/mem.h"
#include "util/membuf.h"

void irrun_run_options_init(irrun_run_options *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof *o);
    o->dot_accumulation = IRRUN_DOT_REF;
    o->results = IRRUN_RESULTS_RETURN;
    o->print_format = IRRUN_PRINT_REF;
    o->hex_threshold = 100;
}

tensor *const *api_result_tensors(const irrun_results *r) { return r->internal; }

/* The interpreter's probe store over the files of a probe directory
 * (src/io/probe.h). */
static irrun_status probe_reset(void *ctx, char msg[RT_PROBE_MSG])
{
    io_error e;
    irrun_status s = io_probe_reset(ctx, &e);
    if (s != IRRUN_OK)
        snprintf(msg, RT_PROBE_MSG, "%s", e.text);
    return s;
}

static irrun_status probe_write(void *ctx, const char *id, int64_t k, const tensor *t, char msg[RT_PROBE_MSG])
{
    io_error e;
    irrun_status s = io_probe_write(ctx, id, k, t, &e);
    if (s != IRRUN_OK)
        snprintf(msg, RT_PROBE_MSG, "%s", e.text);
    return s;
}

static irrun_status probe_read(void *ctx, const char *id, uint32_t iter, const tensor_type *type, tensor **out,
                               char msg[RT_PROBE_MSG])
{
    io_error e;
    irrun_status s = io_probe_read(ctx, id, iter, type, out, &e);
    if (s != IRRUN_OK)
        snprintf(msg, RT_PROBE_MSG, "%s", e.text);
    return s;
}

/* Prints the returned values as REF does, in the options' format. */
static irrun_status print_results(const irrun_run_options *o, tensor *const *ts, int n, FILE *out)
{
    irrun_status s = IRRUN_OK;
    for (int k = 0; k < n && s == IRRUN_OK; k++)
        s = o->print_format == IRRUN_PRINT_DECIMAL || o->print_format == IRRUN_PRINT_EXACT
                ? rt_print_tensor_decimal(ts[k], o->print_format == IRRUN_PRINT_EXACT, out)
                : rt_print_tensor(ts[k], o->print_format == IRRUN_PRINT_DENSE, o->hex_threshold, out);
    return s;
}

static dot_accumulation dot_mode(irrun_dot_accumulation d)
{
    switch (d) {
    case IRRUN_DOT_REF: return DOT_ACC_REF;
    case IRRUN_DOT_ALGORITHM: return DOT_ACC_ALGORITHM;
    case IRRUN_DOT_F32: return DOT_ACC_F32;
    case IRRUN_DOT_F64: return DOT_ACC_F64;
    }
    return DOT_ACC_REF;
}

static void release_all(tensor **ts, int n)
{
    for (int i = 0; ts && i < n; i++)
        tensor_release(ts[i]);
    mem_free(ts);
}

/* Results that are (or hold) a borrowed tensor become copies: they outlive
 * the call, the caller's input bytes do not, nor the module's literals (a
 * constant returned as it is, rt_constant_borrows). */
static bool own_results(tensor **ts, int n)
{
    for (int i = 0; i < n; i++) {
        if (!ts[i])
            continue;
        if (shape_kind_of(&ts[i]->type) == SHAPE_TUPLE) {
            if (!own_results(tensor_parts(ts[i]), shape_tuple_size(&ts[i]->type)))
                return false;
            continue;
        }
        tensor *o = tensor_owned(ts[i]);
        if (!o)
            return false;
        tensor_release(ts[i]);
        ts[i] = o;
    }
    return true;
}

/* Whether an enum field holds one of its values (the caller's int may be
 * anything). */
static bool dot_known(irrun_dot_accumulation d)
{
    switch (d) {
    case IRRUN_DOT_REF:
    case IRRUN_DOT_ALGORITHM:
    case IRRUN_DOT_F32:
    case IRRUN_DOT_F64: return true;
    }
    return false;
}

static bool print_known(irrun_print_format p)
{
    switch (p) {
    case IRRUN_PRINT_REF:
    case IRRUN_PRINT_DENSE:
    case IRRUN_PRINT_DECIMAL:
    case IRRUN_PRINT_EXACT: return true;
    }
    return false;
}

static bool results_known(irrun_results_mode r)
{
    switch (r) {
    case IRRUN_RESULTS_RETURN:
    case IRRUN_RESULTS_PRINT:
    case IRRUN_RESULTS_BOTH: return true;
    }
    return false;
}

/* The options checked as the command line checks its own (src/cli/run.c):
 * false after writing why to `err`. *replicas and *partitions get the grid
 * (0, 0: none; one of the two alone: a grid of one row or one column, as
 * with --replicas or --partitions alone). */
static bool options_valid(const irrun_run_options *o, FILE *err, int *replicas, int *partitions)
{
    bool ok = true;
    if (!dot_known(o->dot_accumulation)) {
        fprintf(err, "error: unknown dot_accumulation mode %d (IRRUN_DOT_REF, _ALGORITHM, _F32 or _F64)\n",
                (int)o->dot_accumulation);
        ok = false;
    }
    if (!print_known(o->print_format)) {
        fprintf(err, "error: unknown print_format %d (IRRUN_PRINT_REF, _DENSE, _DECIMAL or _EXACT)\n", (int)o->print_format);
        ok = false;
    }
    if (!results_known(o->results)) {
        fprintf(err, "error: unknown results mode %d (IRRUN_RESULTS_RETURN, _PRINT or _BOTH)\n", (int)o->results);
        ok = false;
    }
    /* the bound of --threads; the pool uses at most what it can */
    if (o->threads < 0 || o->threads > 1024) {
        fprintf(err, "error: threads needs a thread count from 1 to 1024 (or 0: the default), got %d\n", o->threads);
        ok = false;
    }
    const char *names[2] = { "replicas", "partitions" };
    int dims[2] = { o->replicas, o->partitions };
    for (int k = 0; k < 2; k++)
        if (dims[k] < 0 || dims[k] > GRID_MAX_PROCESSES) {
            fprintf(err, "error: %s needs an integer from 1 to %d (or 0: no grid), got %d\n", names[k],
                    GRID_MAX_PROCESSES, dims[k]);
            ok = false;
        }
    if (ok && (dims[0] || dims[1])) {
        dims[0] = dims[0] ? dims[0] : 1;
        dims[1] = dims[1] ? dims[1] : 1;
        if ((long)dims[0] * dims[1] > GRID_MAX_PROCESSES) {
            fprintf(err, "error: a grid of replicas x partitions (%d x %d) has more than %d processes\n", dims[0],
                    dims[1], GRID_MAX_PROCESSES);
            ok = false;
        }
    }
    if (o->nkeep_files < 0 || (o->nkeep_files > 0 && !o->keep_files)) {
        fprintf(err, "error: %d keep_files given without an array of them\n", o->nkeep_files);
        ok = false;
    }
    *replicas = dims[0];
    *partitions = dims[1];
    return ok;
}

/* The inputs as tensors, or NULL after writing why to `err`. */
static tensor **take_inputs(const irrun_tensor *inputs, int n, FILE *err, irrun_status *status)
{
    tensor **args = mem_calloc((size_t)n + 1, sizeof *args);
    if (!args) {
        *status = IRRUN_NOMEM;
        fputs("error: out of memory\n", err);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        char what[32], why[256];
        snprintf(what, sizeof what, "input %d", i);
        if (!(args[i] = api_tensor_from(&inputs[i], true, what, status, why, sizeof why))) {
            fprintf(err, "error: %s\n", why);
            release_all(args, i);
            return NULL;
        }
    }
    *status = IRRUN_OK;
    return args;
}

/* The interpreter's results as the caller's tensors: ownership of `oc`'s
 * array moves into r->internal. */
static irrun_status hand_over(interp_outcome *oc, irrun_results *r)
{
    if (!oc->results)
        return IRRUN_OK;
    r->results = mem_calloc((size_t)oc->nresults + 1, sizeof *r->results);
    if (!r->results)
        return IRRUN_NOMEM;
    for (int k = 0; k < oc->nresults; k++)
        api_tensor_view(oc->results[k], &r->results[k]);
    r->nresults = oc->nresults;
    r->internal = oc->results;
    oc->results = NULL;
    oc->nresults = 0;
    return IRRUN_OK;
}

/* A dynamic entry (issue 35, docs/shape-polymorphism.md): the module read
 * again from its text, refined for these arguments and checked as a static
 * program, so that the loaded module stays as it was for other runs. NULL
 * with *s set after the messages went to src->out. `decompose`: every chlo
 * op decomposed, none kept for a native kernel (for printing, as --emit=ir
 * prints a static module). */
static ir_module *refined_module(const irrun_module *m, diag_source *src, const char *entry, tensor **args,
                                 int nargs, bool decompose, irrun_status *s)
{
    *s = IRRUN_BAD_INPUT;
    ir_module *ir = api_read_module(src, m->len, m->first_line, decompose);
    if (!ir)
        return NULL;
    const ir_func *f = interp_entry(ir, entry);
    bool chlo;
    *s = refine_module(ir, src, &ir->funcs[f - ir->funcs], args, nargs, &chlo);
    if (*s == IRRUN_OK &&
        ((chlo && (decompose ? chlo_expand_module_as(ir, src, true) : chlo_expand_module(ir, src)) != 0) ||
         check_module(ir, src) != 0))
        *s = IRRUN_BAD_INPUT;
    if (*s != IRRUN_OK) {
        ir_module_free(ir);
        return NULL;
    }
    return ir;
}

/* The output and message streams of a call, and its inputs as tensors
 * (args NULL and the reason on err when they cannot be taken). */
static irrun_status open_call(membuf *out, membuf *err, const irrun_module *m, const irrun_tensor *inputs,
                              int ninputs, tensor ***args)
{
    *args = NULL;
    if (membuf_open(out) != 0)
        return IRRUN_NOMEM;
    if (membuf_open(err) != 0) {
        mem_free(membuf_take(out));
        return IRRUN_NOMEM;
    }
    irrun_status s = IRRUN_BAD_INPUT;
    if (!m)
        fputs("error: no module\n", err->f);
    else if (ninputs < 0 || (ninputs > 0 && !inputs))
        fprintf(err->f, "error: %d inputs given without an array of them\n", ninputs);
    else
        s = IRRUN_OK;
    return s;
}

irrun_status irrun_run(const irrun_module *m, const irrun_run_options *options, const irrun_tensor *inputs,
                       int ninputs, irrun_results *r)
{
    if (!r)
        return IRRUN_BAD_INPUT; /* nowhere to say more */
    memset(r, 0, sizeof *r);
    irrun_run_options defaults;
    if (!options) {
        irrun_run_options_init(&defaults);
        options = &defaults;
    }
    membuf out, err;
    tensor **args;
    int replicas = 0, partitions = 0;
    irrun_status s = open_call(&out, &err, m, inputs, ninputs, &args);
    if (s == IRRUN_NOMEM)
        return s;
    if (s == IRRUN_OK && options_valid(options, err.f, &replicas, &partitions))
        args = take_inputs(inputs, ninputs, err.f, &s);
    else
        s = IRRUN_BAD_INPUT;
    if (args) {
        FILE *to = options->output ? options->output : out.f, *msgs = options->messages ? options->messages : err.f;
        rt_options io = {
            .entry = options->entry,
            .strict_eq = options->strict_eq != 0,
            .dot_acc = dot_mode(options->dot_accumulation),
            .print_dense = options->print_format == IRRUN_PRINT_DENSE,
            .print_decimal = options->print_format == IRRUN_PRINT_DECIMAL,
            .print_exact = options->print_format == IRRUN_PRINT_EXACT,
            .hex_threshold = options->hex_threshold,
            .max_while_iterations = options->max_while_iterations,
            .out = to,
            .err = msgs,
            .args = args,
            .nargs = ninputs,
            .replicas = replicas,
            .partitions = partitions,
            .threads = options->threads,
            .watch = options->progress,
        };
        io_inputs keep = { .paths = (const char **)options->keep_files, .n = options->nkeep_files,
                           .cap = options->nkeep_files };
        io_probe_dir pd = { options->probe_dir, &keep };
        rt_probe_store store = { &pd, probe_reset, probe_write, probe_read };
        if (options->probe_dir)
            io.probes = &store;
        /* a copy per run: it counts the run's errors, and several threads
         * may run one module */
        diag_source src = { .name = m->name, .text = m->text, .len = m->len, .out = msgs, .first_line = m->first_line,
                            .blobs = m->blobs, .nblobs = m->nblobs };
        interp_outcome oc = { 0 };
        ir_module *refined = NULL;
        const ir_module *run = m->ir;
        if (refine_needed(interp_entry(m->ir, options->entry)))
            run = refined = refined_module(m, &src, options->entry, args, ninputs, false, &s);
        if (run)
            s = interp_run_module(run, &src, &io, options->results != IRRUN_RESULTS_PRINT, &oc);
        if (options->results == IRRUN_RESULTS_BOTH && oc.results) {
            irrun_status p = print_results(options, oc.results, oc.nresults, to);
            s = p != IRRUN_OK && s == IRRUN_OK ? p : s;
        }
        r->checks_passed = oc.checks_passed;
        r->checks_failed = oc.checks_failed;
        /* a result may be a constant of `run` (a borrowed tensor, copied
         * here): the refined module goes after */
        irrun_status h = own_results(oc.results, oc.nresults) ? hand_over(&oc, r) : IRRUN_NOMEM;
        if (h != IRRUN_OK) {
            fputs("error: out of memory\n", err.f);
            s = h;
        }
        interp_outcome_free(&oc);
        ir_module_free(refined);
        release_all(args, ninputs);
    }
    r->output = membuf_take(&out);
    r->messages = membuf_take(&err);
    if (!r->output || !r->messages)
        s = IRRUN_NOMEM;
    return s;
}

void irrun_results_free(irrun_results *r)
{
    if (!r)
        return;
    release_all(r->internal, r->nresults);
    mem_free(r->results);
    mem_free(r->output);
    mem_free(r->messages);
    memset(r, 0, sizeof *r);
}

irrun_status irrun_module_print_refined(const irrun_module *m, const char *entry, const irrun_tensor *inputs,
                                        int ninputs, char **text, char **diagnostics)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!text)
        return IRRUN_BAD_INPUT;
    *text = NULL;
    membuf out, err;
    tensor **args;
    irrun_status s = open_call(&out, &err, m, inputs, ninputs, &args);
    if (s == IRRUN_NOMEM)
        return s;
    if (s == IRRUN_OK)
        args = take_inputs(inputs, ninputs, err.f, &s);
    if (args) {
        const ir_func *f = interp_entry(m->ir, entry);
        diag_source src = { .name = m->name, .text = m->text, .len = m->len, .out = err.f, .first_line = m->first_line,
                            .blobs = m->blobs, .nblobs = m->nblobs };
        ir_module *refined = NULL;
        s = IRRUN_OK;
        if (!f)
            s = (fprintf(err.f, "error: no entry function%s%s\n", entry ? " @" : "", entry ? entry : ""),
                 IRRUN_BAD_INPUT);
        else if (refine_needed(f))
            refined = refined_module(m, &src, entry, args, ninputs, true, &s);
        if (s == IRRUN_OK && ir_print_module(refined ? refined : m->ir, out.f) != 0)
            s = IRRUN_NOMEM;
        ir_module_free(refined);
        release_all(args, ninputs);
    }
    char *printed = membuf_take(&out), *said = membuf_take(&err);
    if (!printed || !said)
        s = IRRUN_NOMEM;
    if (s == IRRUN_OK)
        *text = printed;
    else
        mem_free(printed);
    if (diagnostics && said)
        *diagnostics = said;
    else
        mem_free(said);
    return s;
}
