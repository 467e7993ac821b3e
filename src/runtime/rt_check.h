/* The check ops' comparison and report (rt_check.c, SPEC.md 5). */
#ifndef IRRUN_RT_CHECK_H
#define IRRUN_RT_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "core/tensor.h"
#include "ir/ir.h"

/* Runs one check op on its operands (actual, expected); reports a failure on
 * err located at op->loc. Returns true when the check passed: a verdict the
 * caller counts, not a status, since a failed check does not stop the run. */
typedef struct {
    const char *file;     /* for the located header line */
    const char *function; /* enclosing function's name */
    bool strict_eq;
    FILE *err;
} rt_check_ctx;

bool rt_run_check(const rt_check_ctx *c, const ir_op *op, const tensor *actual,
                      const tensor *expected);

/* Reports a check that failed before any element was compared (a missing
 * probe record, a file that cannot be read): the located header line of
 * rt_run_check, then `detail` indented. */
void rt_check_failed(const rt_check_ctx *c, const ir_op *op, const char *detail);

#endif
