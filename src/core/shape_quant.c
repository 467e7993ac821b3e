/* Quantized element types (shape.h): equality and MLIR's text. */
#include <stdio.h>

#include "core/shape.h"
#include "types/fpprint.h"

bool shape_quant_equal(const shape_quant *a, const shape_quant *b)
{
    if (!a || !b)
        return a == b;
    if (a->storage != b->storage || a->expressed != b->expressed || a->min != b->min || a->max != b->max ||
        a->axis != b->axis || a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->scales[i] != b->scales[i] || a->zero_points[i] != b->zero_points[i])
            return false;
    return true;
}

/* appends to buf[at..size) and keeps counting past the end */
static int add(char *buf, int size, int at, const char *text)
{
    int n = snprintf(at < size ? buf + at : NULL, at < size ? (size_t)(size - at) : 0, "%s", text);
    return at + n;
}

/* MLIR's printQuantParams: the scale as MLIR prints a double, ":zp" unless 0 */
static int params(char *buf, int size, int at, double scale, int64_t zp)
{
    char num[FP_PRINT_MAX + 24];
    uint64_t bits;
    memcpy(&bits, &scale, sizeof bits);
    size_t n = fp_print_mlir(FP_F64, bits, num);
    if (zp != 0)
        snprintf(num + n, sizeof num - n, ":%lld", (long long)zp);
    return add(buf, size, at, num);
}

int shape_quant_format(const shape_quant *q, char *buf, int size)
{
    const et_traits *st = et_get(q->storage);
    bool sgn = st->kind == EK_SINT;
    unsigned w = st->value_bits;
    int64_t dmin = sgn ? -(INT64_C(1) << (w - 1)) : 0;
    int64_t dmax = sgn ? (INT64_C(1) << (w - 1)) - 1 : (int64_t)((UINT64_C(1) << w) - 1);
    char num[64];
    int at = add(buf, size, 0, "!quant.uniform<");
    snprintf(num, sizeof num, "%c%u", sgn ? 'i' : 'u', w);
    at = add(buf, size, at, num);
    if (q->min != dmin || q->max != dmax) {
        snprintf(num, sizeof num, "<%lld:%lld>", (long long)q->min, (long long)q->max);
        at = add(buf, size, at, num);
    }
    at = add(buf, size, at, ":");
    at = add(buf, size, at, et_get(q->expressed)->name);
    if (q->axis < 0) {
        at = add(buf, size, at, ", ");
        at = params(buf, size, at, q->scales[0], q->zero_points[0]);
    } else {
        snprintf(num, sizeof num, ":%d, {", q->axis);
        at = add(buf, size, at, num);
        for (int i = 0; i < q->n; i++) {
            if (i)
                at = add(buf, size, at, ",");
            at = params(buf, size, at, q->scales[i], q->zero_points[i]);
        }
        at = add(buf, size, at, "}");
    }
    return add(buf, size, at, ">");
}
