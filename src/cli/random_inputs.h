/* `--random-inputs SEED` and `--shape ARG=DIMS` (docs/shape-polymorphism.md,
 * docs/ir-run.1): every entry argument that neither --args nor --input gives
 * is filled with reproducible values of its type, a `?` dimension taking the
 * size --shape gives it. */
#ifndef IRRUN_CLI_RANDOM_INPUTS_H
#define IRRUN_CLI_RANDOM_INPUTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/tensor.h"
#include "ir/ir.h"
#include "util/status.h"

enum { CLI_MAX_SHAPES = 64 };

typedef struct {
    bool on;        /* --random-inputs given */
    uint64_t seed;
    int nshapes;
    const char *shapes[CLI_MAX_SHAPES]; /* "K=AxB" or "?=N", as written */
} cli_random;

/* Reads the value of --random-inputs (a decimal seed) or of --shape; false
 * with a message on err when it is malformed. */
bool cli_random_seed(cli_random *r, const char *text, FILE *err);
bool cli_random_shape(cli_random *r, const char *text, FILE *err);

/* Fills every NULL args[i] of f (nargs == f->nargs) with a new tensor;
 * IRRUN_BAD_INPUT with a message when a dimension has no size. */
irrun_status cli_random_fill(const cli_random *r, const ir_func *f, tensor **args, FILE *err);

#endif
