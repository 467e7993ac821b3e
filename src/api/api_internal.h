/* What the public API's files share: the module behind irrun_module and the
 * conversions between irrun_tensor and the interpreter's tensors. */
#ifndef IRRUN_API_INTERNAL_H
#define IRRUN_API_INTERNAL_H

#include "irrun.h"

#include "core/tensor.h"
#include "ir/ir.h"
#include "util/diag.h"

struct irrun_module {
    ir_module *ir;
    char *name;        /* for diagnostics */
    char *text;        /* the program: run-time errors quote its lines */
    size_t len;
    int first_line;    /* of the file `text` was cut from */
    diag_blob *blobs;  /* the tensors `text` names (bytecode): the literals' bytes */
    size_t nblobs;
    int nfuncs;
    irrun_function *funcs;
    irrun_type *types; /* every function's arguments, then its results */
    int nstrings;
    char **strings;    /* type texts and signatures */
};

/* A new tensor (refs 1) holding a copy of `in`, or NULL with a message in
 * why (IRRUN_BAD_INPUT, or IRRUN_NOMEM in *status). `what` names the
 * tensor in the message ("input 0", "expected"). With may_borrow, aligned
 * bytes of a type without invalid patterns are used in place instead
 * (tensor_borrow: the caller keeps them alive and unchanged meanwhile). */
tensor *api_tensor_from(const irrun_tensor *in, bool may_borrow, const char *what, irrun_status *status, char *why,
                        size_t size);

/* The public view of `t` (data borrowed from it). */
void api_tensor_view(const tensor *t, irrun_tensor *out);

/* The interpreter's tensors behind results->results (for the command
 * line's result files, which write the interpreter's tensors). */
tensor *const *api_result_tensors(const irrun_results *results);

/* A module read from src's text as every reader of the library reads it:
 * parsed, quantized types lowered, chlo expanded (all of it decomposed when
 * `decompose`), checked; NULL after the messages went to src->out
 * (api_module.c). */
ir_module *api_read_module(diag_source *src, size_t len, int first_line, bool decompose);

#endif
