/* irrun_encode_values and irrun_decode_values: numbers to elements of a
 * float element type and back, through the one rounding encoder and exact
 * decoder of types/fpformat.c (what `ir-run encode` and `decode` use). */
#include "irrun.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "types/etype.h"
#include "util/mem.h"

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static irrun_status refuse(char **message, const char *fmt, ...)
{
    char text[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (message)
        *message = mem_strndup(text, strlen(text));
    return IRRUN_BAD_INPUT;
}

/* The element type `name` when it is a float type whose `count` elements
 * take `nbytes`; -1 after saying why. */
static int float_type(const char *name, const void *data, size_t count, size_t nbytes, char **message)
{
    int t = name ? et_lookup(name, strlen(name)) : -1;
    if (t < 0 || et_get((et_id)t)->kind != EK_FLOAT) {
        refuse(message, "'%s' is not a float element type", name ? name : "(null)");
        return -1;
    }
    size_t size = et_get((et_id)t)->bytes;
    if (count > SIZE_MAX / size || nbytes != count * size) {
        refuse(message, "%s: %zu bytes given for %zu elements", name, nbytes, count);
        return -1;
    }
    if (count && !data) {
        refuse(message, "%s: no data for %zu elements", name, count);
        return -1;
    }
    return t;
}

static int rounding(irrun_rounding mode)
{
    switch (mode) {
    case IRRUN_ROUND_NEAREST_EVEN: return FPR_RNE;
    case IRRUN_ROUND_SATURATE: return FPR_SATURATE;
    case IRRUN_ROUND_TOWARD_ZERO: return FPR_TRUNCATE;
    case IRRUN_ROUND_STOCHASTIC: return FPR_STOCHASTIC;
    }
    return -1;
}

irrun_status irrun_encode_values(const char *element_type, const double *values, size_t count, irrun_rounding mode,
                                 uint64_t seed, void *out, size_t nbytes, char **message)
{
    if (message)
        *message = NULL;
    int t = float_type(element_type, out, count, nbytes, message);
    if (t < 0)
        return IRRUN_BAD_INPUT;
    int r = rounding(mode);
    if (r < 0)
        return refuse(message, "%s: rounding mode %d is not an irrun_rounding", element_type, (int)mode);
    if (count && !values)
        return refuse(message, "%s: no values for %zu elements", element_type, count);
    const et_traits *tr = et_get((et_id)t);
    unsigned char *o = out;
    for (size_t k = 0; k < count; k++) {
        fp_value v = fp_from_double_value(values[k]);
        uint64_t random = r == FPR_STOCHASTIC ? fp_random(seed, (uint64_t)k) : 0;
        et_store_bits((et_id)t, o + k * tr->bytes, fp_encode(tr->fmt, &v, (fp_round)r, random));
    }
    return IRRUN_OK;
}

irrun_status irrun_decode_values(const char *element_type, const void *data, size_t nbytes, double *values,
                                 size_t count, char **message)
{
    if (message)
        *message = NULL;
    int t = float_type(element_type, data, count, nbytes, message);
    if (t < 0)
        return IRRUN_BAD_INPUT;
    if (count && !values)
        return refuse(message, "%s: nowhere to put %zu values", element_type, count);
    const et_traits *tr = et_get((et_id)t);
    const unsigned char *d = data;
    /* every element checked before any value is written */
    for (size_t k = 0; tr->bytes == 1 && tr->value_bits < 8 && k < count; k++)
        if (d[k] & ~et_value_mask((et_id)t))
            return refuse(message, "%s: element %zu is the byte 0x%02X, outside the format", element_type, k,
                          (unsigned)d[k]);
    for (size_t k = 0; k < count; k++)
        values[k] = fp_to_double(tr->fmt, et_load_bits((et_id)t, d + k * tr->bytes));
    return IRRUN_OK;
}
