/* Internal to src/refine: the refiner's state, shared by refine.c (the walk
 * over functions, regions and calls), refine_infer.c (each op's result
 * shapes) and refine_fold.c (the integer values of shape computations). */
#ifndef IRRUN_REFINE_INTERNAL_H
#define IRRUN_REFINE_INTERNAL_H

#include "refine/refine.h"

/* A value whose elements are known while refining: an integer or i1 tensor
 * of at most REFINE_KNOWN_MAX elements (shapes, sizes, paddings). */
enum { REFINE_KNOWN_MAX = 64 };
typedef struct {
    bool known;
    int n;
    int64_t v[REFINE_KNOWN_MAX];
} refine_known;

/* One function being refined: per value id, its refined type and, when
 * known, its elements. */
typedef struct {
    ir_func *f;
    tensor_type *types;
    refine_known *known;
} refine_frame;

typedef struct refine_spec refine_spec;

typedef struct {
    ir_module *m;
    diag_source *src;
    ir_func *orig;   /* the module's functions as parsed (m->funcs before) */
    int norig;
    refine_spec *specs; /* the refined copies made for calls */
    int depth;
    bool failed;     /* an error was reported */
    bool nomem;
    bool chlo;       /* a chlo op was made (dynamic_top_k): expand again */
} refiner;

/* Reports a located error and marks the refinement failed; returns false. */
bool refine_error(refiner *r, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool refine_oom(refiner *r);

/* The result types of o (written into want[0..nresults)) from its operand
 * types (o->operand_types, refined); a `?` left in want means "as
 * written". False after an error. */
bool refine_infer(refiner *r, ir_op *o, tensor_type *want);

/* The known values of o's results from its known operands (nothing when
 * they cannot be folded). */
void refine_fold(refine_frame *fr, const ir_op *o);

/* Values of operand k of o, or NULL when not known. */
const refine_known *refine_operand_known(const refine_frame *fr, const ir_op *o, int k);

#endif
