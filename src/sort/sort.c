/* The general sort path (SPEC.md 9.3.5): positions ordered through a
 * comparator callback by the algorithms of sort_algo.h; and the scratch
 * memory that both paths share. */
#include "sort/sort.h"

#include <string.h>

#include "util/mem.h"
#include "util/status.h"

void sort_work_free(sort_work *w)
{
    mem_free(w->p);
    w->p = NULL;
    w->bytes = 0;
}

void *sort_work_get(sort_work *w, size_t bytes)
{
    if (w->p && w->bytes >= bytes)
        return w->p;
    /* free first: the old contents are not needed, and keeping both blocks
     * would raise the peak for nothing */
    sort_work_free(w);
    w->p = mem_alloc(bytes);
    if (w->p)
        w->bytes = bytes;
    return w->p;
}

typedef struct {
    sort_less_fn less;
    void *ctx;
} callback;

#define SORT_ELEM int64_t
#define SORT_CTX callback
#define SORT_LESS(cx, x, y, out) ((cx)->less((cx)->ctx, (x), (y), (out)))
#define SORT_NAME(id) pos_##id
#include "sort/sort_algo.h"

int sort_positions(int64_t *a, int64_t n, bool stable, sort_less_fn less, void *ctx, sort_work *w)
{
    callback cb = { less, ctx };
    if (n <= 1)
        return IRRUN_OK;
    if (!stable)
        return pos_unstable(&cb, a, n);
    int64_t half = n / 2 + (n & 1); /* (n + 1) / 2 without overflow */
    if ((uint64_t)half > SIZE_MAX / sizeof *a)
        return IRRUN_NOMEM;
    sort_work local = SORT_WORK_INIT, *use = w ? w : &local;
    int64_t *buf = sort_work_get(use, (size_t)half * sizeof *a);
    int rc = buf ? pos_stable(&cb, a, n, buf) : IRRUN_NOMEM;
    sort_work_free(&local);
    return rc;
}
