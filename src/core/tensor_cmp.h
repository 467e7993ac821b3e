/* Two tensors compared element by element: the one loop under both
 * comparison engines, the check ops (runtime/rt_check.c, SPEC.md 5) and
 * the tolerance rules of `ir-run compare`, --expect and `ir-run test`
 * (io/compare.c). Having one loop keeps them agreeing on what an element
 * is (a complex one is two parts), on how its bits are read and on the ULP
 * distance; what counts as a match, and how a mismatch is reported, stays
 * with each engine. It lives here because io and interp may not include
 * each other. */
#ifndef IRRUN_TENSOR_CMP_H
#define IRRUN_TENSOR_CMP_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tensor.h"

/* One scalar pair: an integer, a float, or one part of a complex element. */
typedef struct {
    et_id type;        /* the element type, or a complex element's part type */
    uint64_t expected; /* value bits (et_load_bits) */
    uint64_t actual;
    uint64_t ulp;      /* floats: SPEC.md 3.11's distance (2^64-1 when only one
                          side is finite); integers: |expected - actual| */
} tensor_part_pair;

/* The engine's rule for one pair: whether it matches. It may OR bits of its
 * own meaning into *flags (the kind of a mismatch, say); `rule` is the
 * engine's context. */
typedef bool tensor_part_rule(const void *rule, const tensor_part_pair *p, unsigned *flags);

typedef struct {
    int64_t index;  /* row-major position */
    bool pass;      /* every part matched */
    bool is_float;  /* float or complex: ulp is a ULP distance */
    uint64_t ulp;   /* the larger distance of the parts */
    unsigned flags; /* the rule's flags, OR-ed over the parts */
} tensor_elem_cmp;

typedef void tensor_elem_visit(void *ctx, const tensor_elem_cmp *c);

/* Calls `visit` for every element in row-major order. Both tensors have one
 * type and shape (the caller has made sure). Every part of an element is
 * judged, so flags describe the whole element. */
void tensor_compare_each(const tensor *expected, const tensor *actual, tensor_part_rule *rule,
                         const void *rule_ctx, tensor_elem_visit *visit, void *visit_ctx);

#endif
