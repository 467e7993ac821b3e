/* A small pool of POSIX threads that runs the parts of one kernel at a time
 * (docs/threads.md). A kernel splits its result into parts fixed by the
 * result's shape alone, never by the number of threads, and each part is
 * computed the same way whichever thread takes it: the output bits do not
 * depend on the thread count. The pool belongs to a run (the interpreter's
 * run context creates it on first use and frees it at the end); there is
 * no process-wide state. */
#ifndef IRRUN_POOL_H
#define IRRUN_POOL_H

#include <stdbool.h>
#include <stdint.h>

#include "util/status.h"

typedef struct pool pool;

/* Computes part `part` of a kernel's result; IRRUN_OK or a failure (out of
 * memory). Parts run concurrently and must write disjoint memory. */
typedef irrun_status (*pool_task)(void *arg, int64_t part);

/* A pool running kernels on `threads` threads: the caller's and threads - 1
 * workers. NULL when threads <= 1 or nothing could be created: pool_run on
 * NULL runs every part on the calling thread. Fewer workers than asked for
 * when the system refuses some. */
pool *pool_new(int threads);
void pool_free(pool *p);
/* Threads a kernel runs on (1 for NULL). */
int pool_threads(const pool *p);

/* Runs parts 0 .. nparts - 1 of fn and returns when all are done: the
 * status of the lowest-numbered part that failed, else IRRUN_OK. Every part
 * runs even when one fails. A call from inside a part (a kernel that calls
 * another) runs its parts on the calling thread. */
irrun_status pool_run(pool *p, int64_t nparts, pool_task fn, void *arg);

/* Test hook (tests/threads.sh): with IRRUN_TEST_TINY_PARTS set in the
 * environment, kernels cut their work into the smallest parts they can and
 * split even tiny results, so that small golden files run the threaded
 * paths and their part boundaries. Parts stay fixed by the shapes.
 * pool_tiny_parts_asked reads the environment (once per run: it scans the
 * whole environment); pool_tiny_parts holds only for a pool of two or
 * more threads, so that kernels on the calling thread, called per
 * iteration of a loop, never read it. */
bool pool_tiny_parts_asked(void);
bool pool_tiny_parts(const pool *p);

/* The thread count asked for by the environment (IRRUN_THREADS, a positive
 * integer), else the number of online cores; at least 1. */
int pool_default_threads(void);

#endif
