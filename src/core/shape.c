#include "core/shape.h"

#include <stdio.h>
#include <string.h>

int64_t shape_count(const tensor_type *t)
{
    int64_t n = 1;
    for (int d = 0; d < t->rank; d++) {
        int64_t k = t->dims[d];
        if (k < 0)
            return -1;
        if (k == 0)
            n = 0;
        else if (n > SHAPE_MAX_ELEMENTS / k)
            return -1;
        else
            n *= k;
    }
    /* a zero dimension makes the product 0 even after a huge one, but each
     * dimension alone must still be sane */
    for (int d = 0; d < t->rank; d++)
        if (t->dims[d] > SHAPE_MAX_ELEMENTS)
            return -1;
    return n;
}

bool shape_same_dims(const tensor_type *a, const tensor_type *b)
{
    if (a->rank != b->rank)
        return false;
    for (int d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d])
            return false;
    return true;
}

bool shape_equal(const tensor_type *a, const tensor_type *b)
{
    return a->elem == b->elem && shape_same_dims(a, b);
}

int shape_format(const tensor_type *t, char *buf, int size)
{
    char tmp[SHAPE_MAX_RANK * 21 + 64];
    int at = snprintf(tmp, sizeof tmp, "tensor<");
    for (int d = 0; d < t->rank; d++)
        at += snprintf(tmp + at, sizeof tmp - (size_t)at, "%lldx", (long long)t->dims[d]);
    at += snprintf(tmp + at, sizeof tmp - (size_t)at, "%s>", et_get(t->elem)->name);
    if (size > 0) {
        int n = at < size - 1 ? at : size - 1;
        memcpy(buf, tmp, (size_t)n);
        buf[n] = '\0';
    }
    return at;
}

void shape_unravel(const tensor_type *t, int64_t flat, int64_t *index)
{
    for (int d = t->rank - 1; d >= 0; d--) {
        int64_t n = t->dims[d];
        index[d] = n ? flat % n : 0;
        flat = n ? flat / n : 0;
    }
}
