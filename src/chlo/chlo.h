/* The chlo dialect: every chlo op of a parsed module replaced by its
 * StableHLO decomposition, as `stablehlo-opt --chlo-legalize-to-stablehlo`
 * at stablehlo commit 840c41ceb writes it (docs/chlo.md). Runs between
 * ir_parse and ir_check_module, so the checker checks, and the evaluator
 * runs, only StableHLO ops. */
#ifndef IRRUN_CHLO_H
#define IRRUN_CHLO_H

#include "ir/ir.h"

/* Replaces every chlo op of m (in every function and nested region) by its
 * decomposition; one with a `?` in its types is checked as far as its
 * static sizes allow and kept, marked ir_op.deferred, for the expansion
 * after refinement (docs/shape-polymorphism.md "chlo ops"). Returns 0, or
 * -1 after reporting an error on src (a chlo op whose element type the
 * decomposition does not accept, a type it cannot have) or when out of
 * memory. */
int chlo_expand_module(ir_module *m, diag_source *src);

/* The same; the ops with a native kernel bit-identical to their
 * decomposition (docs/chlo.md "Native kernels") are kept, marked
 * ir_op.native, unless `decompose`. chlo_expand_module decomposes them too
 * when the environment has IRRUN_CHLO=decompose. */
int chlo_expand_module_as(ir_module *m, diag_source *src, bool decompose);

/* Refinement (src/refine) of a chlo op kept with `?` types (ir_op.deferred):
 * the dimensions of its results want[0..nresults) from its refined operand
 * types. 1: done (operands of an element-wise op or top_k that do not fit
 * leave want as it is: the expansion after refinement says why); -1: the
 * operands of a broadcasting op do not broadcast (reported on src); 0: an
 * op that is never kept (the written result types stay). */
int chlo_result_shapes(const ir_op *o, tensor_type *want, diag_source *src);

#endif
