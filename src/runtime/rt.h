/* The runtime: a run's context, frames of value slots, calls, and the one
 * region executor that runs every block (a function body, the body of an
 * op) op by op, per invocation or in lanes. The op executors (src/exec)
 * are built on it; it reaches them only through the table of the run's
 * context (rt_ctx.exec), so no arrow points from here up to them. */
#ifndef IRRUN_RT_H
#define IRRUN_RT_H

#include <stdio.h>
#include <string.h>

#include "runtime/rt_literal.h"
#include "runtime/rt_options.h"
#include "util/diag.h"
#include "kernels/kern.h"
#include "kernels/kern_numerics.h"
#include "util/status.h"

typedef struct rt_ctx rt_ctx;
typedef struct rt_frame rt_frame;

/* How an op runs: computes the results `res` (allocated by the region
 * executor with the result types, lane-widened inside lanes) from its
 * operands in fr; 0 or the status of a located run-time error. */
typedef int (*rt_exec_fn)(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res);

/* One run of a module: options, where errors go, counters. */
struct rt_ctx {
    const ir_module *m;
    diag_source *src;
    const rt_options *opt;
    FILE *err;
    int depth;         /* blocks in progress: calls and regions (rt_region.c) */
    const ir_op *at;   /* the innermost op being run (rt_region.c), NULL before the first */
    int passed, failed;
    rt_failed_check failed_at[RT_FAILED_CHECKS_KEPT]; /* the first failures */
    const char *fname; /* function being run, for check reports */
    int64_t lanes;     /* > 0 while a body runs on L elements at once (rt_region.c) */
    int64_t probes;    /* interpreter.probe executions so far (their K) */
    bool probes_reset; /* the probe store was reset for this run */
    struct grid_proc *proc; /* the process running this (grid.h), NULL outside a grid */
    pool *pool;        /* the run's threads, made by the first kernel that needs them */
    bool pool_tried;
    bool tiny_parts;   /* pool_tiny_parts_asked(), read once per run: rt_pool is asked per op */
    /* per function of m (NULL until the first call ends): a frame its last
     * activation left, slots empty and spares kept, so that a function
     * called in a loop reuses its small tensors as a loop body does */
    struct rt_frame *idle;
    /* the op executors, by op kind: the op table's exec column (exec/) */
    const rt_exec_fn *exec;
};

/* How many blocks (function bodies and regions of ops) may be in progress
 * at once in one thread: a block nested deeper is a located run-time error
 * instead of a stack overflow. A level costs at most 1.9 KiB of stack (a
 * scatter's; 3.5 KiB in the sanitizer build), so this many fit in a
 * process thread's GRID_STACK_BYTES (grid.c) with room for the deepest op
 * (docs/control-flow.md, "Nesting limit"; tests/nesting.sh). */
enum { RT_NEST_DEPTH_MAX = 1000 };

/* Closes the idle frames of c (at the end of its run or process). */
void rt_frames_free(rt_ctx *c);

/* Kernels with less work than this (elements, or multiply-adds) run on the
 * calling thread: a run that never meets a large tensor starts no thread. */
enum { RT_POOL_MIN_WORK = 1 << 20 };

/* The run's pool for a kernel of `work` elements or multiply-adds: NULL (run
 * on this thread) below RT_POOL_MIN_WORK, with --threads 1, or when no
 * thread could be started. */
pool *rt_pool(rt_ctx *c, int64_t work);

/* The value slots of one function activation: one tensor per value of the
 * function (ir_func.values), the values of its nested regions included, so
 * a region reads the values around it through the same array. */
struct rt_frame {
    const ir_func *f;
    tensor **slots;
    /* spare[v]: the last small tensor value v held, kept when it died so
     * that the next computation of v (the next iteration of a loop body or
     * comparator) reuses it instead of allocating: rank-0 loop counters
     * then cost no allocation per iteration. */
    tensor **spare;
};

/* Tensors up to this many bytes are kept as spares. */
enum { RT_SPARE_MAX_BYTES = 256 };

/* Whether a constant op's result is its literal's elements used in place:
 * exec_constant is then called with res[0] NULL and makes a borrowed tensor
 * (tensor_borrow) over the module's literal, one header per run, instead of
 * a copy. So for a literal stored in full, of more than RT_SPARE_MAX_BYTES
 * (smaller ones go into a recycled spare), outside lanes, of the result's
 * type. The module is read by every run, maybe in several threads at once:
 * a run touches no count of the literal's and never writes a borrowed
 * tensor (no op takes it over: rt_region.c's donor, updated_operand and
 * spares check `borrowed`); results that leave the run are copied
 * (api_run.c's own_results). docs/bytecode.md, "Large tensors". */
bool rt_constant_borrows(const rt_ctx *c, const rt_frame *fr, const ir_op *op);

/* A frame for f (slots and spares all NULL), or false out of memory. */
bool rt_frame_open(rt_frame *fr, const ir_func *f);
/* Releases every value and spare of the frame. */
void rt_frame_close(rt_frame *fr);

/* A located runtime error (the source line and a caret); returns the status
 * the run ends with, IRRUN_BAD_INPUT. */
/* Counts a check op's verdict (and keeps the first failures' op and place). */
void rt_count_check(rt_ctx *c, const ir_op *op, bool ok);

int rt_error(rt_ctx *c, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An element of es bytes from `from` to `to`: the common sizes as one
 * load and store, not a call (sort copies 2N per comparison, gather and
 * select_and_scatter one per element). */
static inline void rt_copy_element(void *to, const void *from, size_t es)
{
    switch (es) {
    case 1:
        *(uint8_t *)to = *(const uint8_t *)from;
        return;
    case 2:
        memcpy(to, from, 2);
        return;
    case 4:
        memcpy(to, from, 4);
        return;
    case 8:
        memcpy(to, from, 8);
        return;
    }
    memcpy(to, from, es);
}

/* The same for an allocation that failed: IRRUN_NOMEM. */
int rt_nomem(rt_ctx *c, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The status of a kernel's return code, reported at the op when not OK. */
int rt_status(rt_ctx *c, const ir_op *op, irrun_status rc);

void rt_frame_release(rt_frame *fr, int value);

/* Runs the ops of `body` in `fr` (the values of enclosing blocks are read
 * from the same slots). The region executor: binds args[k] (retained, not
 * consumed) to the body's arguments, runs its ops, and hands the operands of
 * its terminator to `results` (new references the caller owns). A function
 * call is a region run in a fresh frame. Returns 0 or an error status with
 * every result NULL. */
int rt_region_run(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor *const *args, tensor **results);
/* The same, taking over the caller's references to the arguments (args[k]
 * is NULL afterwards, also on error): a value carried from one loop
 * iteration to the next is then held once, and an element-wise op on its
 * last use may compute in place. */
int rt_region_run_moving(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor **args, tensor **results);

/* Hands back result k of a run of `body` that the caller no longer needs:
 * kept as the spare of the value the body returned there (when small and
 * not shared), so the next run of the body computes into it. */
void rt_region_give_back(rt_frame *fr, const ir_block *body, int k, tensor *t);

/* Pinned runs. A body of IR_F_LANES ops on rank-0 values (rt_region_lane_safe)
 * that runs many times in a row (a sort comparator, a loop condition or
 * body) keeps one tensor per op result in its slot from rt_region_pin to
 * rt_region_unpin: a run is then only the ops' exec functions, writing into
 * those tensors, with no allocation, reference counting or lifetime work.
 * rt_region_run_pinned borrows the arguments and lends its results: they stay
 * valid until the next run or rt_region_unpin. */
typedef struct {
    const ir_block *body;
} rt_pinned;

/* IRRUN_NOMEM (not reported: the caller reports it at its op) or 0. */
int rt_region_pin(rt_frame *fr, const ir_block *body, rt_pinned *p);
int rt_region_run_pinned(rt_ctx *c, rt_frame *fr, const rt_pinned *p, tensor *const *args, tensor **results);
void rt_region_unpin(rt_frame *fr, rt_pinned *p);

/* Lanes. A body whose ops are all IR_F_LANES ops on rank-0 values can run
 * once on L independent invocations at once: each rank-0 value becomes a
 * tensor<L x T> whose element i is the value in invocation i, and an
 * element-wise kernel on L elements computes exactly what it computes on
 * each alone. rt_region_lanes_enter widens every value the body reads from
 * outside (the same in every lane) and sets c->lanes; rt_region_lanes_leave
 * restores them. Between the two, rt_region_run takes and returns lane
 * tensors. */
typedef struct {
    int n;
    int *values;
    tensor **saved;
} rt_lanes;

bool rt_region_lane_safe(const ir_func *f, const ir_block *body);
/* A body (of f) that only computes its results from its arguments: no op
 * flagged IR_F_SIDE_EFFECTS or IR_F_CHECK (collectives, prints, probes,
 * checks), no call, composite or custom_call, and no value read from
 * outside it (which may differ between processes: a replica_id computed
 * before it), in it or in any region nested in it. How often and on which
 * process it runs cannot change what a run prints or returns. */
bool rt_region_pure(const ir_func *f, const ir_block *body);
/* A body of two arguments that is `return OP(arg0, arg1)` (or with the
 * arguments swapped: *first_left false) for an op of the BINARY family:
 * reduce and scatter run it as a kernel. */
bool rt_region_binop_body(const ir_block *body, kern_binop *op, bool *first_left);
int rt_region_lanes_enter(rt_ctx *c, rt_frame *fr, const ir_op *op, const ir_block *body, int64_t lanes,
                       rt_lanes *st);
void rt_region_lanes_leave(rt_ctx *c, rt_frame *fr, rt_lanes *st);
/* tensor<L x T> holding L copies of a rank-0 tensor's element; NULL out of
 * memory. */
tensor *rt_region_lane_splat(const tensor *scalar, int64_t lanes);
/* A zeroed tensor<L x T>. */
tensor *rt_region_lane_tensor(et_id elem, int64_t lanes);
/* One run of a lane-safe body in `lanes` lanes, between rt_region_lanes_enter
 * and rt_region_lanes_leave; args are lane tensors of at least `lanes`
 * elements, cut to their first `lanes` (their capacity is the caller's to
 * know). */
int rt_region_run_lanes(rt_ctx *c, rt_frame *fr, const ir_op *op, const ir_block *body, tensor **args, int64_t lanes,
                     tensor **results);

/* Rounds (rt_rounds.c): ordered combining in lanes. For pairs i = 0
 * .. n-1 in order, (cur_0[target_i], ...) := body(cur_0[target_i], ...,
 * val_0[vindex_i], ...) (the value arguments first when !cur_first), for a
 * lane-safe body of N results. Pairs may share a target: round k runs each
 * target's k-th pair, so every target takes its pairs in order, as a run
 * per pair would. At most `cap` pairs per call. */
typedef struct {
    int64_t target;
    int64_t n;
} rt_round_count;

typedef struct {
    const ir_block *body;
    int N;
    bool cur_first;
    int64_t cap;
    int bits;                  /* count has 2^bits slots */
    rt_round_count *count; /* pairs per target so far, hashed */
    int64_t *rank, *order;
    tensor **args; /* 2N lane arguments of cap elements, then N results */
} rt_rounds;

/* Pairs per block, and the fewest pairs for which the lanes pay their
 * set-up (below, a body runs pinned per pair: one update in a loop body). */
enum { RT_ROUNDS_BLOCK = 8192, RT_ROUNDS_MIN_PAIRS = 64 };
/* Whether an op with `pairs` pairs (or sources) should combine in lanes:
 * enough of them, or the test hook, which takes small golden files through
 * the lanes too; never inside another body's lanes. */
bool rt_rounds_pay(const rt_ctx *c, int64_t pairs);
/* The block for `pairs` pairs: RT_ROUNDS_BLOCK, fewer when there are
 * fewer pairs (at least 1), 5 under the test hook. */
int64_t rt_rounds_block(const rt_ctx *c, int64_t pairs);
/* 0 or IRRUN_NOMEM (not reported); rt_rounds_close in either case. cur
 * gives the element types. */
int rt_rounds_open(rt_rounds *r, const ir_block *body, int N, bool cur_first, tensor *const *cur,
                       int64_t cap);
int rt_rounds_run(rt_ctx *c, rt_frame *fr, const ir_op *op, rt_rounds *r, tensor **cur, tensor *const *val,
                      const int64_t *target, const int64_t *vindex, int64_t n);
void rt_rounds_close(rt_rounds *r);

/* The kernel op of an op of the BINARY family (the op table's kernel
 * column). */
kern_binop rt_binop_of(ir_op_kind k);
/* The same for the UNARY family. */
kern_unop rt_unop_of(ir_op_kind k);
/* Whether a compare op compares by totalOrder (its type, on floats). */
bool rt_compare_total(const ir_op *op, const tensor *lhs);

/* Calls a function with the given arguments (borrowed) in a new frame; a
 * call nested too deep (RT_NEST_DEPTH_MAX) is an error located at c->at. */
int rt_call(rt_ctx *c, const ir_func *callee, tensor *const *args, tensor **results);

#endif
