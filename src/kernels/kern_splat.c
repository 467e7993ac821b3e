/* Element-wise kernels over splat operands (core/tensor.h). A splat result
 * (every operand a splat or a single element) is the kernel run on one
 * element. Otherwise the kernel runs a chunk at a time on views: a dense
 * operand's chunk where it lies, a splat's element replicated once into a
 * chunk-sized buffer (so the fast loops need no stride-0 variants, and the
 * buffer stays in the cache), a rank-0 operand (select's predicate,
 * clamp's bounds) as it is. */
#include <string.h>

#include "kernels/kern_splat.h"

#include "kernels/kern.h"
#include "util/mem.h"

enum { SPLAT_CHUNK = 2048, SPLAT_MAX_OPERANDS = 3 };

irrun_status kern_splat_each(kern_each_fn fn, const void *ctx, const tensor *const *x, int n, tensor *r)
{
    tensor view[SPLAT_MAX_OPERANDS];
    const tensor *in[SPLAT_MAX_OPERANDS];
    unsigned char *rep[SPLAT_MAX_OPERANDS] = { NULL };
    irrun_status rc = IRRUN_OK;
    if (n > SPLAT_MAX_OPERANDS)
        return IRRUN_UNSUPPORTED;
    if (r->splat) {
        for (int k = 0; k < n; k++) {
            view[k] = tensor_view(x[k]->type.elem, 1, x[k]->data);
            in[k] = &view[k];
        }
        tensor out = tensor_view(r->type.elem, 1, r->data);
        return fn(ctx, in, &out);
    }
    /* a chunk, or the whole result when smaller: a loop body's small
     * tensors would otherwise fill 2048 copies per op */
    size_t reps = r->count < SPLAT_CHUNK ? (size_t)r->count : SPLAT_CHUNK;
    for (int k = 0; k < n && rc == IRRUN_OK; k++) {
        if (!x[k]->splat)
            continue;
        size_t es = x[k]->nbytes;
        rep[k] = mem_alloc(reps * es);
        if (!rep[k]) {
            rc = IRRUN_NOMEM;
            break;
        }
        kern_fill_elements(rep[k], (int64_t)reps, x[k]->data, es);
    }
    size_t rs = tensor_elem_bytes(r);
    for (int64_t at = 0; at < r->count && rc == IRRUN_OK; at += SPLAT_CHUNK) {
        int64_t m = r->count - at < SPLAT_CHUNK ? r->count - at : SPLAT_CHUNK;
        for (int k = 0; k < n; k++) {
            if (x[k]->type.rank == 0) {
                in[k] = x[k];
                continue;
            }
            void *data = rep[k] ? (void *)rep[k] : (unsigned char *)x[k]->data + (size_t)at * tensor_elem_bytes(x[k]);
            view[k] = tensor_view(x[k]->type.elem, m, data);
            in[k] = &view[k];
        }
        tensor out = tensor_view(r->type.elem, m, (unsigned char *)r->data + (size_t)at * rs);
        rc = fn(ctx, in, &out);
    }
    for (int k = 0; k < n; k++)
        mem_free(rep[k]);
    return rc;
}

void kern_fill_elements(unsigned char *o, int64_t n, const void *elem, size_t es)
{
    if (n <= 0)
        return;
    size_t total = (size_t)n * es;
    memcpy(o, elem, es);
    for (size_t have = es; have < total;) {
        size_t k = have < total - have ? have : total - have;
        memcpy(o + have, o, k);
        have += k;
    }
}
