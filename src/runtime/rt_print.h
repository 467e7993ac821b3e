/* Printing tensors as REF prints results (rt_print.c): what a run returns,
 * and what interpreter.print writes. */
#ifndef IRRUN_RT_PRINT_H
#define IRRUN_RT_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "core/tensor.h"
#include "util/status.h"

/* Writes a tensor in REF's result format or as dense<...> : T (6.3).
 * A tensor without elements for which REF's layout would print more than
 * RT_PRINT_MAX_EMPTY_LISTS empty lists (`[]` per row) is printed as
 * `tensor<...> {}` (docs/semantics.md, "Printing tensors without
 * elements"), so printing never costs more than a bounded amount. */
enum { RT_PRINT_MAX_EMPTY_LISTS = 1 << 20 };
/* IRRUN_OK, or IRRUN_BAD_INPUT when `out` reports a write error. */
irrun_status rt_print_tensor(const tensor *t, bool dense, long hex_threshold, FILE *out);
/* REF's layout with floats as the shortest decimals that read back to the
 * same bits (--print-format=decimal), or with `exact` as their exact
 * decimal values (--print-format=exact): for people, not for diffing with
 * REF */
irrun_status rt_print_tensor_decimal(const tensor *t, bool exact, FILE *out);

#endif
