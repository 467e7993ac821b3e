/* What a run is asked to do: the options of one run of a module (entry,
 * comparisons, accumulation, printing, arguments, probes, grid, threads,
 * a watcher), set by the command line or the library and read by every op
 * through its run's context (rt.h). */
#ifndef IRRUN_RT_OPTIONS_H
#define IRRUN_RT_OPTIONS_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "irrun.h"

#include "core/tensor.h"
#include "ir/ir.h"

typedef enum {
    DOT_ACC_REF,       /* REF: round after every multiply and add (default) */
    DOT_ACC_ALGORITHM, /* honour the op's algorithm accumulation_type */
    DOT_ACC_F32,
    DOT_ACC_F64
} dot_accumulation;

/* Where interpreter.probe writes and check.expect_serialized_eq reads
 * (SPEC.md 9.3.11, 9.3.12): files the caller owns (the command line binds
 * them to --probe-output-dir, src/cli/run.c). The interpreter decides what
 * a chunk's probes are (numbered from 1 per run, the records reset before
 * the first one); the store decides how they are kept. On failure each
 * function writes a message (no newline) into `msg`. */
enum { RT_PROBE_MSG = 640 };
typedef struct {
    void *ctx;
    /* Forgets every record: a run's first probe or lookup comes after it. */
    irrun_status (*reset)(void *ctx, char msg[RT_PROBE_MSG]);
    /* Keeps probe number k of the run, with its id and tensor t, and
     * records it; IRRUN_UNSUPPORTED (nothing written) for an element type
     * REF cannot write. */
    irrun_status (*write)(void *ctx, const char *id, int64_t k, const tensor *t, char msg[RT_PROBE_MSG]);
    /* The tensor of the iter-th (0-based) record of `id`, read as `type`:
     * IRRUN_OK and *out; IRRUN_CHECK_FAILED when there is no such record,
     * it has another type or its file cannot be read as `type`;
     * IRRUN_UNSUPPORTED for an element type REF cannot write; IRRUN_NOMEM. */
    irrun_status (*read)(void *ctx, const char *id, uint32_t iter, const tensor_type *type, tensor **out,
                         char msg[RT_PROBE_MSG]);
} rt_probe_store;

/* Which op is running, for a watcher outside the run's flow (the command
 * line's progress line, read from a timer signal): the public
 * irrun_progress, whose `op` is the ir_op being run. */
typedef irrun_progress rt_watch;

typedef struct {
    const char *entry;        /* --entry NAME; NULL = REF's rule (6.2) */
    bool strict_eq;           /* --strict-eq: float expect_eq* bitwise */
    dot_accumulation dot_acc; /* --dot-accumulation */
    bool print_dense;         /* --print-format=dense / --interpreter-print-dense */
    bool print_decimal;       /* --print-format=decimal: shortest round-trip decimals */
    bool print_exact;         /* --print-format=exact: exact decimals */
    long hex_threshold;       /* --mlir-print-elementsattrs-with-hex-if-larger, default 100 */
    unsigned long max_while_iterations; /* --max-while-iterations; 0 = no limit (decision 48) */
    FILE *out;                /* returned values and interpreter.print (stdout) */
    FILE *err;                /* check reports, runtime errors (stderr) */
    tensor **args;            /* entry arguments (--args / --input), borrowed */
    int nargs;
    const rt_probe_store *probes; /* NULL: probes and their lookups are errors */
    /* --replicas/--partitions: run the entry on every process of a
     * replicas x partitions grid (0 and 0: no grid); the results of all
     * processes, in process order, are the run's (docs/collectives.md) */
    int replicas, partitions;
    int threads;              /* --threads; 0 = IRRUN_THREADS or the online cores (docs/threads.md) */
    rt_watch *watch;      /* NULL: nobody watches */
} rt_options;

enum { RT_FAILED_CHECKS_KEPT = 4 };

/* A check op that failed: which, and where (for one-line summaries such as
 * `ir-run test`'s; the full report went to opt->err). */
typedef struct {
    ir_op_kind kind;
    src_loc loc;
} rt_failed_check;

#endif
