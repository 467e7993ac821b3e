/* A process grid (SPEC.md 9.6.1): R replicas x P partitions, one POSIX
 * thread per process, and the ways processes meet: meetings of a group
 * (the collectives), channels (send/recv), the infeed queue. Every wait is
 * watched: when every process that has not returned is waiting, nothing
 * can ever wake them, and the grid reports the deadlock (the waiting ops
 * and processes) and ends every wait instead of hanging (decision 45; no
 * timeouts). docs/collectives.md has the rules. */
#ifndef IRRUN_GRID_H
#define IRRUN_GRID_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/tensor.h"
#include "ir/ir.h"

/* At most this many processes (threads) in one grid. */
enum { GRID_MAX_PROCESSES = 1024 };

typedef struct grid grid;
typedef struct grid_meeting grid_meeting;

/* One process: its place in the grid. */
typedef struct grid_proc grid_proc;
struct grid_proc {
    grid *g;
    int replica, partition;
    int id;                   /* replica * partitions + partition */
    int replicas, partitions; /* the grid's R and P */
};

/* A grid of rows x cols processes whose diagnostics go to src (may be
 * NULL) on err; infeed functions (may be 0) form its queue. NULL out of
 * memory. IRRUN_SCHEDULE_SEED=N in the environment perturbs when each
 * process reaches each wait (docs/collectives.md). */
grid *grid_new(int rows, int cols, const ir_func *const *infeed, int ninfeed, diag_source *src, FILE *err);
void grid_free(grid *g);

/* Runs body(p, arg) on every process, each on a thread of its own, and
 * waits for all; the worst status any body returned (0 when all are 0).
 * A body that fails must have reported its error; grid_run then ends the
 * waits of the others quietly. */
typedef int (*grid_body)(grid_proc *p, void *arg);
int grid_run(grid *g, grid_body body, void *arg);
/* After grid_run: the id of the first process whose thread could not be
 * started (its error number in *error), which failed the grid without a
 * message; -1 when every process started. */
int grid_unstarted(const grid *g, int *error);

/* Marks the grid failed (a process reported an error): waits in progress
 * and to come end with IRRUN_BAD_INPUT, without a message. */
void grid_fail(grid *g);

/* Holds the grid's output lock: the reports and prints of one process
 * never interleave with another's. */
void grid_output_lock(grid *g);
void grid_output_unlock(grid *g);

/* Joins the meeting of `op` (its kind and channel) among `members` (ids in
 * the group's listed order, p among them); `contribution` is what the
 * others may read until grid_leave. Waits until every member has arrived.
 * 0 and *out, or a status (deadlock reported, or the grid failed). */
int grid_meet(grid_proc *p, const ir_op *op, int64_t channel, const int *members, int n, void *contribution,
              grid_meeting **out);
/* The contribution of the member at position `pos` of the listed order. */
void *grid_contribution(const grid_meeting *m, int pos);
/* The op of that member (programs may differ between processes). */
const ir_op *grid_member_op(const grid_meeting *m, int pos);
/* Waits until every member of the meeting has called grid_sync as often
 * (a barrier among them); each says whether its share of the work failed,
 * and *anyone_failed tells whether any member's did in this round. 0, or a
 * status when the grid deadlocked. */
int grid_sync(grid_proc *p, grid_meeting *m, bool failed, bool *anyone_failed);
/* Leaves the meeting; the last member to leave frees it. Contributions
 * must not be read after it: callers grid_sync first. */
void grid_leave(grid_proc *p, grid_meeting *m);

/* send: hands `values` (n tensors the grid takes over, also on error) to
 * the first recv on `handle`, waiting for one to be ready (SPEC 9.6.11).
 * recv: waits for a send on `handle` and takes its tensors (*values, *n,
 * owned by the caller). 0 or a status. */
int grid_send(grid_proc *p, const ir_op *op, int64_t handle, tensor **values, int n);
int grid_recv(grid_proc *p, const ir_op *op, int64_t handle, tensor ***values, int *n);

/* The next function of the infeed queue, or NULL when it is empty. */
const ir_func *grid_infeed_next(grid_proc *p);

/* A copy of a value that shares nothing with it (tensors, tokens, tuples):
 * values cross threads only as copies, since reference counts are not
 * atomic. NULL out of memory. */
tensor *grid_copy_value(const tensor *t);

#endif
