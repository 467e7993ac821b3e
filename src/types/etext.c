/* Element texts (see etext.h). */
#include "types/etext.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "types/fpprint.h"

/* How floats are written: MLIR's printer, the shortest decimal that reads
 * back, the exact decimal. */
typedef enum { FLOAT_MLIR, FLOAT_SHORTEST, FLOAT_EXACT } float_text;

static size_t scalar_text(et_id t, uint64_t bits, float_text how, char *buf)
{
    const et_traits *tr = et_get(t);
    if (how == FLOAT_SHORTEST && tr->kind == EK_FLOAT)
        return fp_print_shortest(tr->fmt, bits, buf);
    if (how == FLOAT_EXACT && tr->kind == EK_FLOAT)
        return fp_print_exact(tr->fmt, bits, buf);
    switch (tr->kind) {
    case EK_BOOL: return (size_t)sprintf(buf, "%s", bits ? "true" : "false");
    case EK_SINT: return (size_t)sprintf(buf, "%" PRId64, et_sign_extend(t, bits));
    case EK_UINT: return (size_t)sprintf(buf, "%" PRIu64, bits);
    case EK_FLOAT: return fp_print_mlir(tr->fmt, bits, buf);
    case EK_COMPLEX: break; /* the caller splits it into parts */
    }
    buf[0] = '\0';
    return 0;
}

/* One element; complex as a pair in `dense` or REF's list form. */
static size_t element_text(et_id t, const void *elem, bool dense, float_text how, char *buf)
{
    if (et_get(t)->kind != EK_COMPLEX)
        return scalar_text(t, et_load_bits(t, elem), how, buf);
    et_id part = et_part(t);
    size_t half = et_get(part)->bytes, n = 0;
    buf[n++] = dense ? '(' : '[';
    n += scalar_text(part, et_load_bits(part, elem), how, buf + n);
    buf[n++] = ',';
    if (!dense)
        buf[n++] = ' ';
    n += scalar_text(part, et_load_bits(part, (const unsigned char *)elem + half), how, buf + n);
    buf[n++] = dense ? ')' : ']';
    buf[n] = '\0';
    return n;
}

size_t et_value_text(et_id t, const void *elem, bool dense, char *buf)
{
    return element_text(t, elem, dense, FLOAT_MLIR, buf);
}

size_t et_value_decimal(et_id t, const void *elem, char *buf)
{
    return element_text(t, elem, false, FLOAT_SHORTEST, buf);
}

size_t et_value_exact(et_id t, const void *elem, char *buf)
{
    return element_text(t, elem, false, FLOAT_EXACT, buf);
}

size_t et_bits_text(et_id t, const void *elem, char *buf)
{
    if (et_get(t)->kind != EK_COMPLEX)
        return fp_print_hex(et_get(t)->value_bits, et_load_bits(t, elem), buf);
    et_id part = et_part(t);
    unsigned bits = et_get(part)->value_bits;
    size_t n = fp_print_hex(bits, et_load_bits(part, elem), buf);
    buf[n++] = ',';
    n += fp_print_hex(bits, et_load_bits(part, (const unsigned char *)elem + et_get(part)->bytes), buf + n);
    return n;
}
