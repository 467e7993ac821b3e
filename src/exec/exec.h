/* The op executors: what each op means on whole tensors. One exec_<name>
 * per value of the op table's exec column (src/ir/ops.def), one file per op
 * family, each built on the runtime (frames, regions, errors: rt.h) and
 * the kernels. The runtime reaches them only through exec_table, which the
 * interpreter's front door puts in a run's context. */
#ifndef IRRUN_EXEC_H
#define IRRUN_EXEC_H

#include "runtime/rt.h"

/* exec_table[k]: the executor of op kind k (exec_table.c). */
extern const rt_exec_fn exec_table[IR_OP_COUNT];

/* Element i of an integer tensor read as an index (SPEC 9.2.3, decision
 * 25: unsigned values saturate at INT64_MAX); exec_index.c. */
int64_t exec_index_value(const tensor *t, int64_t i);

/* --replicas/--partitions (exec_parallel.c): runs f on every process of
 * the options' grid, each on copies of args; results[i * f->nresults + k]
 * is result k of process i (row-major). */
int exec_run_grid_entry(rt_ctx *c, const ir_func *f, tensor *const *args, tensor **results);

/* How each op runs: the op table's exec column names exec_<exec>; each
 * computes the results `res` (allocated by the dispatcher with the result
 * types, lane-widened inside lanes) from its operands in fr. */
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) \
    int exec_##exec(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res);
#include "ir/ops.def"
#undef OP


#endif
