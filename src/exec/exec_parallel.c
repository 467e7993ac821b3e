/* interpreter.run_parallel (SPEC.md 9.6.1) and the command line's
 * --replicas/--partitions: a fresh grid (grid.h) whose process (r, p) runs
 * a function on its own copies of its arguments, in an evaluation context
 * of its own; results are collected in process order once every thread
 * has ended. */
#include <stdio.h>
#include <string.h>

#include "exec/exec.h"
#include "parallel/grid.h"
#include "util/mem.h"

typedef struct {
    rt_ctx *parent;
    const ir_func *const *funcs; /* per process */
    tensor ***args;             /* per process: its arguments, copies it owns */
    tensor ***results;          /* per process: its results */
    int *passed, *failed;       /* per process: its check counts */
} parallel_job;

static int process_main(grid_proc *p, void *arg)
{
    parallel_job *j = arg;
    rt_ctx c = *j->parent;
    c.proc = p;
    /* a process runs its kernels on its own thread: the grid is the
     * parallelism, and the run's pool takes work from one thread at a time */
    c.pool = NULL;
    c.pool_tried = true;
    c.passed = c.failed = 0;
    c.lanes = 0;
    c.depth = 0; /* the thread's stack is its own (RT_NEST_DEPTH_MAX) */
    c.idle = NULL; /* the parent's idle frames are its own thread's */
    /* the probe store and its numbering belong to the whole run: probes
     * inside processes are not supported (docs/collectives.md) */
    rt_options opt = *j->parent->opt;
    opt.probes = NULL;
    c.opt = &opt;
    int rc = rt_call(&c, j->funcs[p->id], j->args[p->id], j->results[p->id]);
    rt_frames_free(&c);
    j->passed[p->id] = c.passed;
    j->failed[p->id] = c.failed;
    return rc;
}

/* The text of an error number (strerror_r: processes of an outer grid may
 * report at the same time). */
static const char *error_text(int error, char *buf, size_t size)
{
    if (strerror_r(error, buf, size) != 0)
        snprintf(buf, size, "error %d", error);
    return buf;
}

static void job_free(parallel_job *j, int n)
{
    for (int i = 0; i < n; i++) {
        const ir_func *f = j->funcs ? j->funcs[i] : NULL;
        for (int k = 0; f && j->args && j->args[i] && k < f->nargs; k++)
            tensor_release(j->args[i][k]);
        for (int k = 0; f && j->results && j->results[i] && k < f->nresults; k++)
            tensor_release(j->results[i][k]);
        if (j->args)
            mem_free(j->args[i]);
        if (j->results)
            mem_free(j->results[i]);
    }
    mem_free(j->args);
    mem_free(j->results);
    mem_free(j->passed);
    mem_free(j->failed);
}

/* Runs funcs[i] on process i of a rows x cols grid with copies of
 * args[i]; on success the results are in j->results. */
static int run_grid(rt_ctx *c, const ir_op *op, int rows, int cols, const ir_func *const *funcs,
                    tensor *const *const *args, const ir_func *const *infeed, int ninfeed, parallel_job *j)
{
    int n = rows * cols;
    memset(j, 0, sizeof *j);
    if ((int64_t)rows * cols > GRID_MAX_PROCESSES)
        return rt_error(c, op->loc, "a grid of %d x %d processes is larger than the limit of %d", rows, cols,
                        GRID_MAX_PROCESSES);
    j->parent = c;
    j->funcs = funcs;
    j->args = mem_calloc((size_t)n, sizeof *j->args);
    j->results = mem_calloc((size_t)n, sizeof *j->results);
    j->passed = mem_calloc((size_t)n, sizeof *j->passed);
    j->failed = mem_calloc((size_t)n, sizeof *j->failed);
    bool ok = j->args && j->results && j->passed && j->failed;
    for (int i = 0; ok && i < n; i++) {
        j->args[i] = mem_calloc((size_t)funcs[i]->nargs + 1, sizeof **j->args);
        j->results[i] = mem_calloc((size_t)funcs[i]->nresults + 1, sizeof **j->results);
        ok = j->args[i] && j->results[i];
        /* copies: reference counts are not atomic, so no tensor may be
         * seen by two threads (one value may be given to two processes) */
        for (int k = 0; ok && k < funcs[i]->nargs; k++)
            ok = (j->args[i][k] = grid_copy_value(args[i][k])) != NULL;
    }
    grid *g = ok ? grid_new(rows, cols, infeed, ninfeed, c->src, c->err) : NULL;
    if (!g)
        return rt_nomem(c, op->loc, "out of memory starting a grid of %d x %d processes", rows, cols);
    int rc = grid_run(g, process_main, j);
    int error, who = grid_unstarted(g, &error);
    grid_free(g);
    if (who >= 0) {
        char why[128];
        rc = rt_nomem(c, op->loc, "cannot start process (%d, %d) of the %dx%d grid: %s", who / cols, who % cols,
                      rows, cols, error_text(error, why, sizeof why));
    }
    for (int i = 0; i < n; i++) {
        c->passed += j->passed[i];
        c->failed += j->failed[i];
    }
    return rc;
}

int exec_run_parallel(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_run_parallel *par = &op->a.par;
    int n = par->rows * par->cols;
    tensor ***args = mem_calloc((size_t)n, sizeof *args);
    if (!args)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    /* operands dealt out in row-major process order */
    int a = 0;
    for (int i = 0; i < n; i++) {
        args[i] = mem_calloc((size_t)par->funcs[i]->nargs + 1, sizeof **args);
        if (!args[i]) {
            for (int k = 0; k < i; k++)
                mem_free(args[k]);
            mem_free(args);
            return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
        }
        for (int k = 0; k < par->funcs[i]->nargs; k++)
            args[i][k] = fr->slots[op->operands[a++]];
    }
    parallel_job j;
    int rc = run_grid(c, op, par->rows, par->cols, par->funcs, (tensor *const *const *)args, par->infeed_funcs,
                      par->ninfeed, &j);
    for (int i = 0; i < n; i++)
        mem_free(args[i]);
    mem_free(args);
    int r = 0;
    for (int i = 0; rc == 0 && i < n; i++)
        for (int k = 0; k < par->funcs[i]->nresults; k++) {
            res[r++] = j.results[i][k];
            j.results[i][k] = NULL;
        }
    job_free(&j, n);
    return rc;
}

int exec_run_grid_entry(rt_ctx *c, const ir_func *f, tensor *const *args, tensor **results)
{
    const rt_options *opt = c->opt;
    int n = opt->replicas * opt->partitions;
    const ir_func **funcs = mem_calloc((size_t)n, sizeof *funcs);
    tensor *const **argv = mem_calloc((size_t)n, sizeof *argv);
    /* a call at the function's name: where errors of the whole run point */
    ir_op at;
    memset(&at, 0, sizeof at);
    at.kind = IR_OP_CALL;
    at.loc = f->loc;
    if (!funcs || !argv) {
        mem_free(funcs);
        mem_free(argv);
        return rt_nomem(c, f->loc, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        funcs[i] = f;
        argv[i] = args;
    }
    parallel_job j;
    int rc = run_grid(c, &at, opt->replicas, opt->partitions, funcs, (tensor *const *const *)argv, NULL, 0, &j);
    for (int i = 0; rc == 0 && i < n; i++)
        for (int k = 0; k < f->nresults; k++) {
            results[i * f->nresults + k] = j.results[i][k];
            j.results[i][k] = NULL;
        }
    job_free(&j, n);
    mem_free(funcs);
    mem_free(argv);
    return rc;
}
