#include "core/tensor.h"

#include <stdalign.h>
#include <string.h>

#include "util/mem.h"

/* The header and the elements share one block: a reduce body on rank-0
 * values makes a tensor per op and step, so one allocation instead of two
 * is most of its cost. The elements start at the next max_align_t boundary
 * after the header. */
#define TENSOR_HEADER ((sizeof(tensor) + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t))

static tensor *tensor_make(const tensor_type *type, bool splat, bool zero)
{
    int64_t count = shape_count(type);
    if (count < 0)
        return NULL;
    splat = splat && count >= 2 && shape_kind_of(type) == SHAPE_TENSOR;
    size_t nbytes = shape_kind_of(type) == SHAPE_TUPLE ? (size_t)shape_tuple_size(type) * sizeof(tensor *)
                    : splat                            ? et_get(type->elem)->bytes
                                                       : (size_t)count * et_get(type->elem)->bytes;
    /* glibc's calloc bypasses its per-thread cache; small blocks are
     * cheaper from malloc and a memset, large ones from calloc's zero pages */
    tensor *t = nbytes <= 4096 || !zero ? mem_alloc(TENSOR_HEADER + nbytes) : mem_calloc(1, TENSOR_HEADER + nbytes);
    if (!t)
        return NULL;
    if (nbytes <= 4096 && zero)
        memset((unsigned char *)t + TENSOR_HEADER, 0, nbytes);
    t->type = *type;
    t->count = count;
    t->nbytes = nbytes;
    t->refs = 1;
    t->splat = splat;
    t->borrowed = false;
    t->data = (unsigned char *)t + TENSOR_HEADER;
    return t;
}

tensor *tensor_new(const tensor_type *type) { return tensor_make(type, false, true); }

tensor *tensor_new_unset(const tensor_type *type)
{
    return shape_kind_of(type) == SHAPE_TENSOR ? tensor_make(type, false, false) : tensor_new(type);
}

tensor *tensor_new_splat(const tensor_type *type) { return tensor_make(type, true, true); }

tensor *tensor_borrow(const tensor_type *type, void *data)
{
    int64_t count = shape_count(type);
    if (count < 0 || shape_kind_of(type) != SHAPE_TENSOR)
        return NULL;
    tensor *t = mem_alloc(sizeof *t);
    if (!t)
        return NULL;
    *t = (tensor){ .type = *type, .count = count, .refs = 1, .borrowed = true, .data = data };
    t->nbytes = (size_t)count * et_get(type->elem)->bytes;
    return t;
}

tensor *tensor_owned(tensor *t)
{
    if (!t->borrowed)
        return tensor_retain(t);
    tensor *o = tensor_new(&t->type);
    if (o && t->nbytes)
        memcpy(o->data, t->data, t->nbytes);
    return o;
}

tensor *tensor_dense(tensor *t)
{
    if (!t->splat)
        return tensor_retain(t);
    tensor *d = tensor_new(&t->type);
    if (!d)
        return NULL;
    size_t es = t->nbytes;
    unsigned char *o = d->data;
    /* doubling copies: log2(count) memcpy calls */
    memcpy(o, t->data, es);
    for (size_t have = es; have < d->nbytes;) {
        size_t n = have < d->nbytes - have ? have : d->nbytes - have;
        memcpy(o + have, o, n);
        have += n;
    }
    return d;
}

bool tensor_densify(tensor **slot)
{
    tensor *t = *slot;
    if (!t)
        return true;
    if (shape_kind_of(&t->type) == SHAPE_TUPLE) {
        for (int i = 0; i < shape_tuple_size(&t->type); i++)
            if (!tensor_densify(&tensor_parts(t)[i]))
                return false;
        return true;
    }
    if (!t->splat)
        return true;
    tensor *d = tensor_dense(t);
    if (!d)
        return false;
    tensor_release(t);
    *slot = d;
    return true;
}

void tensor_free(tensor *t)
{
    if (shape_kind_of(&t->type) == SHAPE_TUPLE)
        for (int i = 0; i < shape_tuple_size(&t->type); i++)
            tensor_release(tensor_parts(t)[i]);
    mem_free(t);
}

int64_t tensor_canonicalize_bytes(tensor *t, unsigned char *byte)
{
    et_id elem = t->type.elem;
    const et_traits *tr = et_get(elem);
    unsigned char *d = t->data;
    if (!shape_is_tensor(&t->type) || tensor_elem_bytes_all_valid(elem))
        return -1;
    for (int64_t i = 0; i < t->count; i++) {
        unsigned v = d[i];
        if (tr->kind == EK_BOOL) {
            d[i] = v != 0;
            continue;
        }
        unsigned lim = 1u << tr->value_bits;
        if (!(v < lim || (tr->kind == EK_SINT && v >= 256 - lim / 2))) {
            *byte = (unsigned char)v;
            return i;
        }
        et_store_bits(elem, d + i, v);
    }
    return -1;
}
