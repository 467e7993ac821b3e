/* Shape refinement (docs/shape-polymorphism.md): a checked module whose entry
 * function has `?` dimensions, given the actual arguments of a run, rewritten
 * into a static module, as REF's "remove dynamism" pipeline does
 * (StablehloRefineArguments, StablehloRefineShapes, StablehloCanonicalizeDynamism
 * at stablehlo 840c41ceb): the arguments take the inputs' types, every op's
 * result types follow from its operands, the integer computations of shapes
 * are folded, the dynamic ops whose shape operands are then known become
 * their static ops, `custom_call @shape_assertion` is evaluated, and every
 * function called with dynamic types gets a copy refined for its call.
 * The caller checks the module again (check_module) before running it. */
#ifndef IRRUN_REFINE_H
#define IRRUN_REFINE_H

#include "core/tensor.h"
#include "ir/ir.h"
#include "util/status.h"

/* True when some argument type of f has a `?` (the run must refine). */
bool refine_needed(const ir_func *f);

/* Refines m for a call of `entry` (a function of m) with args[0..nargs): the
 * argument types become theirs, and the values of small integer arguments
 * (dimension sizes passed as values, as JAX's older exports do) are known
 * to the folding. IRRUN_OK, or IRRUN_BAD_INPUT after a located error on src
 * (an input that contradicts a static dimension, a failing shape
 * assertion, a shape that stays unknown), or IRRUN_NOMEM. *chlo: the
 * refined module has chlo ops to expand (chlo_expand_module) before it is
 * checked (`@stablehlo.dynamic_top_k` became chlo.top_k). */
irrun_status refine_module(ir_module *m, diag_source *src, ir_func *entry, tensor *const *args, int nargs,
                           bool *chlo);

#endif
