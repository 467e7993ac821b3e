/* Executing a checked module: the entry function of a chunk, check ops, and
 * printing of returned values (SPEC.md 5, 6.2-6.4). */
#ifndef IRRUN_INTERP_H
#define IRRUN_INTERP_H

#include <stdbool.h>
#include <stdio.h>

#include "core/tensor.h"
#include "ir/ir.h"
#include "util/diag.h"
#include "util/status.h"

typedef enum {
    DOT_ACC_REF,       /* REF: round after every multiply and add (default) */
    DOT_ACC_ALGORITHM, /* honour the op's algorithm accumulation_type */
    DOT_ACC_F32,
    DOT_ACC_F64
} dot_accumulation;

typedef struct {
    const char *entry;        /* --entry NAME; NULL = REF's rule (6.2) */
    bool strict_eq;           /* --strict-eq: float expect_eq* bitwise */
    dot_accumulation dot_acc; /* --dot-accumulation */
    bool print_dense;         /* --print-format=dense / --interpreter-print-dense */
    long hex_threshold;       /* --mlir-print-elementsattrs-with-hex-if-larger, default 100 */
    unsigned long max_while_iterations; /* --max-while-iterations; 0 = no limit (decision 48) */
    FILE *out;                /* returned values (stdout) */
    FILE *err;                /* check reports, runtime errors (stderr) */
    tensor **args;            /* entry arguments (--args / --input), borrowed */
    int nargs;
} interp_options;

typedef struct {
    int checks_passed;
    int checks_failed;
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
irrun_status interp_run_module(const ir_module *m, diag_source *src, const interp_options *opt,
                      bool keep_results, interp_outcome *outcome);
void interp_outcome_free(interp_outcome *o);

/* A new tensor holding a literal's elements (a copy); NULL out of memory. */
tensor *interp_literal_tensor(const ir_literal *lit);

/* The function interp_run_module runs (SPEC.md 6.2): `entry` when given,
 * else the first function named main, else the only function; NULL when
 * there is none. */
const ir_func *interp_entry(const ir_module *m, const char *entry);

#endif
