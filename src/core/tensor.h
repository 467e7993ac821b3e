/* Runtime tensors: row-major buffers of one element type, one element per
 * et_traits.bytes (sub-byte types one per byte; layout in types/etype.h).
 * Reference counted so a value is freed after its last use. */
#ifndef IRRUN_TENSOR_H
#define IRRUN_TENSOR_H

#include <stddef.h>

#include "core/shape.h"

typedef struct tensor {
    tensor_type type;
    int64_t count;  /* number of elements */
    size_t nbytes;  /* count * bytes per element */
    int refs;
    void *data;     /* nbytes, suitably aligned for any element type */
} tensor;

/* A new tensor with zeroed data, refs = 1; NULL when out of memory or the
 * shape is refused by shape_count. A token has no data; a tuple's data is
 * its parts (tensor_parts), NULL until set, released with it. */
tensor *tensor_new(const tensor_type *type);
/* Inline: loops and comparators retain and release a few tensors per step. */
static inline tensor *tensor_retain(tensor *t)
{
    if (t)
        t->refs++;
    return t;
}
void tensor_free(tensor *t); /* releases a tuple's parts too */
static inline void tensor_release(tensor *t) /* frees at refs == 0; NULL is fine */
{
    if (t && --t->refs == 0)
        tensor_free(t);
}

/* A rank-1 tensor of n elements of `elem` over someone else's memory (on
 * the stack, never retained or released): kernels run on a slice of a
 * tensor through it. */
static inline tensor tensor_view(et_id elem, int64_t n, void *data)
{
    tensor t = { .type = { elem, 1, { n } }, .count = n, .refs = 1, .data = data };
    t.nbytes = (size_t)n * et_get(elem)->bytes;
    return t;
}

/* Sub-byte and boolean elements sit one per byte (types/etype.h): makes
 * every such byte canonical (i1 any nonzero -> 1; sign or zero extension of
 * the value bits) and returns -1, or returns the index of the first byte
 * outside the type's range (*byte set), which is left for the caller to
 * refuse. Other element types are left alone. */
int64_t tensor_canonicalize_bytes(tensor *t, unsigned char *byte);

static inline tensor **tensor_parts(const tensor *t) { return (tensor **)t->data; }

static inline size_t tensor_elem_bytes(const tensor *t) { return et_get(t->type.elem)->bytes; }

#endif
