/* Declarations shared by the interpreter's files (eval, checks, printing);
 * not part of the public API in interp.h. */
#ifndef IRRUN_INTERP_INTERNAL_H
#define IRRUN_INTERP_INTERNAL_H

#include "interp/interp.h"
#include "util/status.h"

/* Writes a tensor in REF's result format or as dense<...> : T (6.3).
 * A tensor without elements for which REF's layout would print more than
 * INTERP_PRINT_MAX_EMPTY_LISTS empty lists (`[]` per row) is printed as
 * `tensor<...> {}` (docs/semantics.md, "Printing tensors without
 * elements"), so printing never costs more than a bounded amount. */
enum { INTERP_PRINT_MAX_EMPTY_LISTS = 1 << 20 };
/* IRRUN_OK, or IRRUN_BAD_INPUT when `out` reports a write error. */
irrun_status interp_print_tensor(const tensor *t, bool dense, long hex_threshold, FILE *out);
/* REF's layout with floats as the shortest decimals that read back to the
 * same bits (--print-format=decimal), or with `exact` as their exact
 * decimal values (--print-format=exact): for people, not for diffing with
 * REF */
irrun_status interp_print_tensor_decimal(const tensor *t, bool exact, FILE *out);

/* Runs one check op on its operands (actual, expected); reports a failure on
 * err located at op->loc. Returns true when the check passed: a verdict the
 * caller counts, not a status, since a failed check does not stop the run. */
typedef struct {
    const char *file;     /* for the located header line */
    const char *function; /* enclosing function's name */
    bool strict_eq;
    FILE *err;
} interp_check_ctx;

bool interp_run_check(const interp_check_ctx *c, const ir_op *op, const tensor *actual,
                      const tensor *expected);

/* Reports a check that failed before any element was compared (a missing
 * probe record, a file that cannot be read): the located header line of
 * interp_run_check, then `detail` indented. */
void interp_check_failed(const interp_check_ctx *c, const ir_op *op, const char *detail);

#endif
