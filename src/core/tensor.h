/* Runtime tensors: row-major buffers of one element type, one element per
 * et_traits.bytes (sub-byte types one per byte; layout in types/etype.h).
 * Reference counted so a value is freed after its last use.
 *
 * A splat holds one element that stands for all `count` of them (read with
 * stride 0): splat constants and broadcasts of one element make them, so
 * `dense<c> : tensor<4Mxi32>` costs one element. Only tensors of two or
 * more elements are ever splats; code that reads elements by index must
 * check `splat` (docs/internals.md, "Splat tensors", says which code does). */
#ifndef IRRUN_TENSOR_H
#define IRRUN_TENSOR_H

#include <stddef.h>

#include "core/shape.h"

typedef struct tensor {
    tensor_type type;
    int64_t count;  /* number of elements */
    size_t nbytes;  /* bytes at data: count * bytes per element, one element for a splat */
    int refs;
    bool splat;     /* data holds one element, the value of every element */
    /* data is someone else's and never written (tensor_borrow: irrun_run's
     * inputs used in place, a module's large constants, rt_constant_borrows):
     * no op takes the buffer over (the runtime's donors, updated operands
     * and spares check the flag), and the API copies such a tensor before
     * it could outlive the call */
    bool borrowed;
    void *data;     /* nbytes, suitably aligned for any element type */
} tensor;

/* A new tensor with zeroed data, refs = 1; NULL when out of memory or the
 * shape is refused by shape_count. A token has no data; a tuple's data is
 * its parts (tensor_parts), NULL until set, released with it. */
tensor *tensor_new(const tensor_type *type);
/* The same with its elements not set (a tensor, not a tuple or token): for
 * a result that its op writes in full, where zeroing first would cost a
 * pass over the memory (glibc's calloc clears a reused large block). */
tensor *tensor_new_unset(const tensor_type *type);
/* A splat of `type` (a tensor of at least two elements) whose element is
 * zero, or a tensor_new one when the type has fewer elements. */
tensor *tensor_new_splat(const tensor_type *type);
/* A tensor of `type` (not a tuple or token) over `data`, which stays the
 * caller's: freeing the tensor frees only its header. NULL when out of
 * memory or the shape is refused. The caller must keep data alive and
 * unchanged while the tensor lives. */
tensor *tensor_borrow(const tensor_type *type, void *data);
/* t itself (retained) unless it is borrowed, else a copy that owns its
 * elements; NULL when out of memory. */
tensor *tensor_owned(tensor *t);
/* Whether every byte pattern of the element type is a value (so bytes
 * from outside can be used as they are, tensor_canonicalize_bytes would
 * change nothing): false only for booleans and sub-byte types, stored
 * one per byte. */
static inline bool tensor_elem_bytes_all_valid(et_id elem)
{
    const et_traits *tr = et_get(elem);
    return tr->bytes != 1 || (tr->value_bits == 8 && tr->kind != EK_BOOL);
}
/* t with every element stored: t itself (retained) unless it is a splat,
 * else a new tensor of t's type; NULL when out of memory. */
tensor *tensor_dense(tensor *t);
/* Replaces *slot (which holds a reference) by its tensor_dense, the parts
 * of a tuple too; false when out of memory (*slot may then be partly
 * stored, still valid). NULL is fine. */
bool tensor_densify(tensor **slot);
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
    /* field by field: dims past the rank are never read, and zeroing all
     * SHAPE_MAX_RANK of them was most of the cost of a one-element op */
    tensor t;
    t.type.elem = elem;
    t.type.rank = 1;
    t.type.dims[0] = n;
    t.count = n;
    t.nbytes = (size_t)n * et_get(elem)->bytes;
    t.refs = 1;
    t.splat = false;
    t.borrowed = false;
    t.data = data;
    return t;
}

/* Element i of a tensor (of a splat: its one element). */
static inline void *tensor_at(const tensor *t, int64_t i)
{
    return (unsigned char *)t->data + (t->splat ? 0 : (size_t)i * et_get(t->type.elem)->bytes);
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
