/* The sort engine behind stablehlo.sort (SPEC.md 9.3.5): one slice at a
 * time, the positions 0 … n-1 are put in the order libstdc++'s std::sort
 * (is_stable = false) or std::stable_sort (is_stable = true) gives them in
 * REF (SPEC.md 9.3.5.1, decision 26), calling the comparator on the same
 * pairs in the same order, so ties and comparators that are not strict weak
 * orders (LT on floats with NaNs, LE) come out as in REF. Where REF itself
 * would leave its array (undefined behaviour) this engine stops at the
 * array's ends instead: see the top of sort_algo.h.
 *
 * Two entry points run the same algorithm:
 *  - sort_positions: any comparator, through a callback (a comparator
 *    region);
 *  - sort_native: a comparator that is one `compare DIR, lhs_0, rhs_0[,
 *    TYPE]` of the first operand pair, evaluated inline on keys decoded once
 *    per slice; it returns exactly the permutation sort_positions gives
 *    with that comparator.
 * The caller applies the permutation: result_k[…j…] := in_k[…perm[j]…].
 *
 * Status: 0 (IRRUN_OK), IRRUN_NOMEM when scratch memory cannot be had, or
 * the comparator's own nonzero status, returned as soon as it occurs. */
#ifndef IRRUN_SORT_H
#define IRRUN_SORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kern.h"
#include "types/etype.h"

/* less(p, q) of SPEC.md 9.3.5: *out := comparator(in[…p…], in[…q…], …).
 * Returns 0, or a nonzero status that stops the sort and is returned by it
 * (an error inside the comparator region). */
typedef int (*sort_less_fn)(void *ctx, int64_t p, int64_t q, bool *out);

/* Scratch memory kept across the slices of one sort op, so that sorting
 * many short slices does not allocate per slice. Zero-initialise it
 * (SORT_WORK_INIT), pass it to every call, release it with sort_work_free.
 * Every entry point also accepts NULL: it then allocates and frees its own. */
typedef struct {
    void *p;
    size_t bytes;
} sort_work;
#define SORT_WORK_INIT { NULL, 0 }

void sort_work_free(sort_work *w);
/* At least `bytes` bytes of w's block (contents not kept); NULL when memory
 * runs out, w then holds nothing. */
void *sort_work_get(sort_work *w, size_t bytes);

/* Sorts a[0..n) (for REF's order: a[i] = i on entry) with less, which is
 * called with elements of a. On a nonzero status a[0..n) is unspecified. */
int sort_positions(int64_t *a, int64_t n, bool stable, sort_less_fn less, void *ctx, sort_work *w);

/* The comparator `compare dir, lhs_0, rhs_0, TYPE` over element type `type`,
 * with the semantics of kern_compare (SPEC.md 4.25): integers and i1 by
 * value with the type's signedness (compare_type is ignored, as REF and
 * exec_compare do); floats IEEE (NaN unordered, -0 = +0), or SPEC's
 * totalOrder keys when `totalorder` (read only for float types, as
 * exec_compare); complex lexicographic on (re, im). */
typedef struct {
    et_id type;
    kern_cmpdir dir;
    bool totalorder;
} sort_key_cmp;

/* Whether sort_native handles dir: LT, GT, LE and GE. (EQ and NE are
 * legal comparators, only pointless ones: sort_positions runs them.) */
bool sort_native_supports(kern_cmpdir dir);

/* The slice is the n elements at base, base + stride, …, base + (n-1) *
 * stride, stride counted in elements of cmp->type (et_get(type)->bytes
 * bytes each, so any dimension of a row-major tensor can be sorted in
 * place; negative strides are fine). Writes the permutation to perm[0..n):
 * perm[j] is the position (0 … n-1 along the slice) of the j-th element of
 * the sorted slice. Status 0, IRRUN_NOMEM, or IRRUN_UNSUPPORTED for a
 * direction sort_native_supports refuses. */
int sort_native(const sort_key_cmp *cmp, const void *base, int64_t stride, int64_t n, bool stable,
                int64_t *perm, sort_work *w);

#endif
