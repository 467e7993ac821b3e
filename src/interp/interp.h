/* The interpreter's front door: runs a checked module (its entry function,
 * with the options of runtime/rt_options.h) and hands back or prints what
 * it returned (SPEC.md 5, 6.2-6.4). What src/api and src/cli call. */
#ifndef IRRUN_INTERP_H
#define IRRUN_INTERP_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "irrun.h"

#include "core/tensor.h"
#include "runtime/rt_options.h"
#include "ir/ir.h"
#include "util/diag.h"
#include "util/status.h"

typedef struct {
    int checks_passed;
    int checks_failed;
    rt_failed_check failed[RT_FAILED_CHECKS_KEPT]; /* the first ones */
    int nfailed; /* entries of `failed` in use */
    tensor **results; /* when keep_results: the entry's returned values (owned) */
    int nresults;
} interp_outcome;

/* Runs one checked module. Returns an irrun_status (util/status.h):
 * IRRUN_OK when everything ran and every check passed, IRRUN_CHECK_FAILED
 * when a check failed, IRRUN_BAD_INPUT on a runtime error (no entry
 * function, wrong arguments, call depth, results that cannot be written),
 * IRRUN_NOMEM when memory ran out, IRRUN_UNSUPPORTED for an op or case
 * ir-run does not run; each reported on opt->err with the location of the
 * op. When keep_results is set the returned values are handed to the caller
 * in `outcome` (free with interp_outcome_free) instead of being printed. */
irrun_status interp_run_module(const ir_module *m, diag_source *src, const rt_options *opt,
                      bool keep_results, interp_outcome *outcome);
void interp_outcome_free(interp_outcome *o);

/* The function interp_run_module runs (SPEC.md 6.2): `entry` when given,
 * else the first function named main, else the only function; NULL when
 * there is none. */
const ir_func *interp_entry(const ir_module *m, const char *entry);

#endif
