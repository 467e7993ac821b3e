/* Independent jobs (files, test cases) in child processes, their output in
 * job order: `-j N` of the run command and of `ir-run test`.
 *
 * Processes rather than threads: a job shares nothing with another (the
 * allocator's counters, the conversion tables and the checker's buffers are
 * process-wide), and a job that crashes takes only its own process down.
 * Each child writes its standard output, its standard error and an extra
 * stream (the --expect reports of --report-file) into files of its own; the
 * parent copies them out when every earlier job is done, so the output of
 * two jobs never interleaves and reads as a run with -j 1 does. */
#ifndef IRRUN_CLI_PARALLEL_H
#define IRRUN_CLI_PARALLEL_H

#include <stddef.h>
#include <stdio.h>

#include "util/status.h"

/* In the child: runs job `job`, writing results to `out`, reports to
 * `extra` and everything else to stderr (already redirected), and fills
 * `result` (result_size bytes, zeroed; plain data, copied to the parent). */
typedef void par_job_fn(void *ctx, int job, FILE *out, FILE *extra, void *result);

/* In the parent, in job order: the job's result, or NULL when its process
 * died without giving one (then `why` says how). The job's stdout, stderr
 * and extra have been copied out before the call. */
typedef void par_done_fn(void *ctx, int job, const void *result, const char *why);

typedef struct {
    int njobs;
    int workers;        /* processes at once (>= 1) */
    size_t result_size;
    par_job_fn *run;
    par_done_fn *done;
    par_done_fn *before;  /* optional: called like `done`, before the job's
                             output is copied out (to write what precedes it) */
    void *ctx;
    FILE *out;          /* where each job's stdout goes */
    FILE *extra;        /* where each job's extra stream goes */
} par_plan;

/* Runs every job. IRRUN_OK, or the problem that kept jobs from running
 * (no temporary file, no process: reported on stderr; the jobs not run
 * are given to `done` with a NULL result). */
irrun_status par_run(const par_plan *p);

/* "-j N" / "-jN" / "--jobs N" / "--jobs=N": 1 consumed (*workers set), 0 not this
 * option, -1 after reporting a bad value (prefix "ir-run CMD: "). */
int par_jobs_option(const char *cmd, int argc, char **argv, int *i, int *workers);

#endif
