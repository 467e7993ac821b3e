/* Raw .bin tensors: the elements in row-major order, little-endian, with the
 * ONNX packing for 2- and 4-bit types: two elements per byte, the first in
 * the low nibble, a trailing unused nibble written as zero (each 2-bit value
 * sits in the low bits of its nibble). 6-bit types and i1 take one byte per
 * element; complex is real then imaginary. There is no header, so the size
 * must match the expected shape exactly. */
#include <inttypes.h>
#include <string.h>

#include "io/tensor_io.h"

static bool nibble_packed(et_id elem) { return et_get(elem)->value_bits <= 4; }

static bool is_i1(et_id elem) { return elem == ET_I1; }

/* File size of `count` elements. */
static size_t bin_size(et_id elem, int64_t count)
{
    if (nibble_packed(elem) && !is_i1(elem))
        return (size_t)(count + 1) / 2;
    return (size_t)count * et_get(elem)->bytes;
}

tensor *io_read_bin(const unsigned char *buf, size_t len, const char *name,
                    const io_expect *expect, io_error *err)
{
    et_id elem = expect->elem;
    const et_traits *tr = et_get(elem);
    tensor_type type = *expect;
    bool packed = nibble_packed(elem) && !is_i1(elem);
    if (type.rank < 0) {
        /* no shape given: a 1-D tensor of what the bytes hold (for packed
         * types a trailing zero nibble cannot be told from an element, so
         * the count is always even) */
        size_t per = packed ? 1 : tr->bytes;
        if (len % per) {
            io_errorf(err, "%s: error: %zu bytes is not a whole number of %s elements", name, len,
                      tr->name);
            return NULL;
        }
        type.rank = 1;
        type.dims[0] = packed ? (int64_t)len * 2 : (int64_t)(len / per);
    }
    int64_t count = shape_count(&type);
    if (count < 0) {
        io_errorf(err, "%s: error: shape too large", name);
        return NULL;
    }
    size_t need = bin_size(elem, count);
    if (len != need) {
        char tb[SHAPE_MAX_RANK * 21 + 64];
        shape_format(&type, tb, (int)sizeof tb);
        io_errorf(err, "%s: error: %zu bytes, but %s takes exactly %zu in .bin layout", name, len, tb,
                  need);
        return NULL;
    }
    tensor *t = tensor_new(&type);
    if (!t) {
        io_errorf(err, "%s: error: out of memory", name);
        return NULL;
    }
    unsigned char *d = t->data;
    if (packed) {
        for (int64_t i = 0; i < count; i++) {
            unsigned nib = (buf[i / 2] >> (4 * (i & 1))) & 0xF;
            et_store_bits(elem, d + i, nib); /* masks to the value bits */
        }
    } else if (is_i1(elem)) {
        for (int64_t i = 0; i < count; i++)
            d[i] = buf[i] != 0;
    } else {
        /* memory layout is little-endian already; 6-bit types are masked as
         * MLIR's blob reader does (upper bits ignored) */
        if (need)
            memcpy(d, buf, need);
        if (tr->bytes == 1 && tr->value_bits < 8)
            for (int64_t i = 0; i < count; i++)
                et_store_bits(elem, d + i, d[i]);
    }
    return t;
}

irrun_status io_write_bin(FILE *out, const tensor *t)
{
    et_id elem = t->type.elem;
    if (nibble_packed(elem) && !is_i1(elem)) {
        const unsigned char *d = t->data;
        unsigned char byte = 0;
        for (int64_t i = 0; i < t->count; i++) {
            unsigned v = (unsigned)et_load_bits(elem, d + i) & 0xF;
            byte |= (unsigned char)(v << (4 * (i & 1)));
            if (i & 1) {
                if (fputc(byte, out) == EOF)
                    return IRRUN_BAD_INPUT;
                byte = 0;
            }
        }
        if ((t->count & 1) && fputc(byte, out) == EOF)
            return IRRUN_BAD_INPUT;
        return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
    }
    if (et_get(elem)->bytes == 1 && et_get(elem)->value_bits < 8) {
        /* 6-bit types: the value bits only, never a sign extension */
        const unsigned char *d = t->data;
        for (int64_t i = 0; i < t->count; i++)
            if (fputc((int)et_load_bits(elem, d + i), out) == EOF)
                return IRRUN_BAD_INPUT;
        return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
    }
    if (t->nbytes && fwrite(t->data, 1, t->nbytes, out) != t->nbytes)
        return IRRUN_BAD_INPUT;
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}
