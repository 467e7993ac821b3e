/* The chlo dialect: every chlo op of a parsed module replaced by its
 * StableHLO decomposition, as `stablehlo-opt --chlo-legalize-to-stablehlo`
 * at stablehlo commit 840c41ceb writes it (docs/chlo.md). Runs between
 * ir_parse and ir_check_module, so the checker checks, and the evaluator
 * runs, only StableHLO ops. */
#ifndef IRRUN_CHLO_H
#define IRRUN_CHLO_H

#include "ir/ir.h"

/* Replaces every chlo op of m (in every function and nested region) by its
 * decomposition. Returns 0, or -1 after reporting an error on src (a chlo
 * op whose element type the decomposition does not accept, a type it cannot
 * have) or when out of memory. */
int chlo_expand_module(ir_module *m, diag_source *src);

/* The same; the ops with a native kernel bit-identical to their
 * decomposition (docs/chlo.md "Native kernels") are kept, marked
 * ir_op.native, unless `decompose`. chlo_expand_module decomposes them too
 * when the environment has IRRUN_CHLO=decompose. */
int chlo_expand_module_as(ir_module *m, diag_source *src, bool decompose);

#endif
