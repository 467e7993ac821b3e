/* The checker: every static rule of the program (SPEC.md sections 2.6, 4
 * and 5), names resolved to values and callees, value tables and
 * lifetimes, on a module the parser built (src/ir). */
#ifndef IRRUN_CHECK_H
#define IRRUN_CHECK_H

#include "ir/ir.h"
#include "util/diag.h"

/* Checks every rule of SPEC.md sections 2.6, 4 and 5, resolves values and
 * callees, computes value tables and lifetimes. Returns 0, or -1 after
 * reporting every error found (on src). */
int check_module(ir_module *m, diag_source *src);

/* The rules of one op of a checked module's function f, its types made
 * static by refinement (src/refine), before anything reads its attributes
 * as valid. Returns 0, or -1 after reporting the error (on src). */
int check_op(ir_module *m, diag_source *src, const ir_func *f, ir_op *o);

/* "tensor<2x3xf32>" in one of a few rotating buffers (valid for a few
 * calls, enough for one message). */
const char *check_type_str(const tensor_type *t);

#endif
