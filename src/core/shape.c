#include "core/shape.h"

#include <stdio.h>
#include <string.h>

int64_t shape_count(const tensor_type *t)
{
    if (!shape_is_tensor(t))
        return 0;
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
    if (shape_kind_of(a) != shape_kind_of(b))
        return false;
    switch (shape_kind_of(a)) {
    case SHAPE_TENSOR: return a->elem == b->elem && shape_same_dims(a, b);
    case SHAPE_TOKEN: return true;
    case SHAPE_TUPLE: break;
    }
    if (shape_tuple_size(a) != shape_tuple_size(b))
        return false;
    for (int i = 0; i < shape_tuple_size(a); i++)
        if (!shape_equal(shape_tuple_part(a, i), shape_tuple_part(b, i)))
            return false;
    return true;
}

/* snprintf into buf[at..size) that keeps counting past the end */
static int put(char *buf, int size, int at, const char *text)
{
    int n = (int)strlen(text);
    if (at < size - 1) {
        int room = size - 1 - at;
        memcpy(buf + at, text, (size_t)(n < room ? n : room));
    }
    return at + n;
}

/* `, #stablehlo.bounds<...>` when a `?` has a bound, then the closing '>' */
static int format_bounds(const tensor_type *t, char *buf, int size, int at)
{
    bool any = false;
    for (int d = 0; d < t->rank; d++)
        any |= shape_dim_bound(t->dims[d]) >= 0;
    if (any) {
        char num[24];
        at = put(buf, size, at, ", #stablehlo.bounds<");
        for (int d = 0; d < t->rank; d++) {
            int64_t b = shape_dim_bound(t->dims[d]);
            if (b >= 0)
                snprintf(num, sizeof num, "%s%lld", d ? ", " : "", (long long)b);
            else
                snprintf(num, sizeof num, "%s?", d ? ", " : "");
            at = put(buf, size, at, num);
        }
        at = put(buf, size, at, ">");
    }
    return put(buf, size, at, ">");
}

bool shape_is_static(const tensor_type *t)
{
    if (shape_kind_of(t) == SHAPE_TUPLE) {
        for (int i = 0; i < shape_tuple_size(t); i++)
            if (!shape_is_static(shape_tuple_part(t, i)))
                return false;
        return true;
    }
    for (int d = 0; d < t->rank; d++)
        if (shape_dim_dynamic(t->dims[d]))
            return false;
    return true;
}

static int format_at(const tensor_type *t, char *buf, int size, int at, bool quant)
{
    char num[24];
    switch (shape_kind_of(t)) {
    case SHAPE_TENSOR:
        at = put(buf, size, at, "tensor<");
        for (int d = 0; d < t->rank; d++) {
            if (shape_dim_dynamic(t->dims[d]))
                snprintf(num, sizeof num, "?x");
            else
                snprintf(num, sizeof num, "%lldx", (long long)t->dims[d]);
            at = put(buf, size, at, num);
        }
        if (quant && shape_quant_of(t))
            at += shape_quant_format(shape_quant_of(t), at < size ? buf + at : NULL, at < size ? size - at : 0);
        else
            at = put(buf, size, at, et_get(t->elem)->name);
        return format_bounds(t, buf, size, at);
    case SHAPE_TOKEN:
        return put(buf, size, at, "!stablehlo.token");
    case SHAPE_TUPLE:
        break;
    }
    at = put(buf, size, at, "tuple<");
    for (int i = 0; i < shape_tuple_size(t); i++) {
        if (i)
            at = put(buf, size, at, ", ");
        at = format_at(shape_tuple_part(t, i), buf, size, at, quant);
    }
    return put(buf, size, at, ">");
}

static int format_all(const tensor_type *t, char *buf, int size, bool quant)
{
    int at = format_at(t, buf, size, 0, quant);
    if (size > 0)
        buf[at < size - 1 ? at : size - 1] = '\0';
    return at;
}

int shape_format(const tensor_type *t, char *buf, int size)
{
    return format_all(t, buf, size, false);
}

int shape_format_quant(const tensor_type *t, char *buf, int size)
{
    return format_all(t, buf, size, true);
}

void shape_strides(const tensor_type *t, int64_t *strides)
{
    int64_t s = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        strides[d] = s;
        s *= t->dims[d];
    }
}

bool shape_window_count(int64_t n, int64_t base_dilation, int64_t low, int64_t high, int64_t w,
                        int64_t window_dilation, int64_t stride, int64_t *padded, int64_t *count)
{
    int64_t dil, pad, span;
    if (__builtin_mul_overflow(n == 0 ? 0 : n - 1, base_dilation, &dil) ||
        __builtin_add_overflow(dil, n == 0 ? 0 : 1, &dil) || __builtin_add_overflow(low, dil, &pad) ||
        __builtin_add_overflow(pad, high, &pad) || __builtin_mul_overflow(w - 1, window_dilation, &span) ||
        __builtin_add_overflow(span, 1, &span))
        return false;
    *padded = pad;
    *count = pad <= 0 || span > pad ? 0 : (pad - span) / stride + 1;
    return true;
}

shape_pad_verdict shape_pad_size(int64_t n, int64_t low, int64_t high, int64_t interior, int64_t *size)
{
    if (interior < 0)
        return SHAPE_PAD_INTERIOR_NEGATIVE;
    if (low < -SHAPE_PAD_MAX || low > SHAPE_PAD_MAX || high < -SHAPE_PAD_MAX || high > SHAPE_PAD_MAX ||
        interior > SHAPE_PAD_MAX)
        return SHAPE_PAD_TOO_LARGE;
    /* interior padding is a base dilation of interior + 1 */
    int64_t padded, count;
    if (!shape_window_count(n, interior + 1, low, high, 1, 1, 1, &padded, &count))
        return SHAPE_PAD_TOO_LARGE;
    *size = padded;
    return padded < 0 ? SHAPE_PAD_SIZE_NEGATIVE : SHAPE_PAD_OK;
}

bool shape_slice_count(int64_t n, int64_t start, int64_t limit, int64_t stride, int64_t *count)
{
    if (start < 0 || start > limit || limit > n || stride <= 0)
        return false;
    *count = limit > start ? (limit - start - 1) / stride + 1 : 0;
    return true;
}

void shape_unravel(const tensor_type *t, int64_t flat, int64_t *index)
{
    for (int d = t->rank - 1; d >= 0; d--) {
        int64_t n = t->dims[d];
        index[d] = n ? flat % n : 0;
        flat = n ? flat / n : 0;
    }
}
