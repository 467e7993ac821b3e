#include "core/tensor.h"

#include <stdalign.h>
#include <string.h>

#include "util/mem.h"

/* The header and the elements share one block: a reduce body on rank-0
 * values makes a tensor per op and step, so one allocation instead of two
 * is most of its cost. The elements start at the next max_align_t boundary
 * after the header. */
#define TENSOR_HEADER ((sizeof(tensor) + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t))

tensor *tensor_new(const tensor_type *type)
{
    int64_t count = shape_count(type);
    if (count < 0)
        return NULL;
    size_t nbytes = shape_kind_of(type) == SHAPE_TUPLE ? (size_t)shape_tuple_size(type) * sizeof(tensor *)
                                              : (size_t)count * et_get(type->elem)->bytes;
    /* glibc's calloc bypasses its per-thread cache; small blocks are
     * cheaper from malloc and a memset, large ones from calloc's zero pages */
    tensor *t = nbytes <= 4096 ? mem_alloc(TENSOR_HEADER + nbytes) : mem_calloc(1, TENSOR_HEADER + nbytes);
    if (!t)
        return NULL;
    if (nbytes <= 4096)
        memset((unsigned char *)t + TENSOR_HEADER, 0, nbytes);
    t->type = *type;
    t->count = count;
    t->nbytes = nbytes;
    t->refs = 1;
    t->data = (unsigned char *)t + TENSOR_HEADER;
    return t;
}

void tensor_free(tensor *t)
{
    if (shape_kind_of(&t->type) == SHAPE_TUPLE)
        for (int i = 0; i < shape_tuple_size(&t->type); i++)
            tensor_release(tensor_parts(t)[i]);
    mem_free(t);
}
