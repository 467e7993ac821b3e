#include "tensor.h"

#include <string.h>

#include "util/mem.h"

tensor *tensor_new(const tensor_type *type)
{
    int64_t count = shape_count(type);
    if (count < 0)
        return NULL;
    tensor *t = mem_alloc(sizeof *t);
    if (!t)
        return NULL;
    t->type = *type;
    t->count = count;
    t->nbytes = (size_t)count * et_get(type->elem)->bytes;
    t->refs = 1;
    t->data = mem_calloc(t->nbytes ? t->nbytes : 1, 1);
    if (!t->data) {
        mem_free(t);
        return NULL;
    }
    return t;
}

tensor *tensor_retain(tensor *t)
{
    if (t)
        t->refs++;
    return t;
}

void tensor_release(tensor *t)
{
    if (t && --t->refs == 0) {
        mem_free(t->data);
        mem_free(t);
    }
}
