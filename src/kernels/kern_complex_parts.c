/* is_finite, real, imag and complex (SPEC.md 9.5.1): classification and
 * moving parts, bits copied, never rounded. A complex element is its real
 * part's pattern then its imaginary part's (types/etype.h), so real and imag
 * pick one half of each element and complex interleaves two tensors. */
#include <string.h>

#include "kernels/kern_numerics.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
#include "types/fpformat.h"

/* is_finite in the format's own terms: FN and FNUZ are non-finite only for
 * their NaN patterns, E8M0 only for 0xFF, f4/f6 never. */
static bool finite_pattern(fp_id f, uint64_t bits)
{
    fp_class c = fp_classify(f, bits);
    return c != FPC_NAN && c != FPC_INF;
}

/* One part of element i of a complex (or, part 0 only, float) tensor. */
static const unsigned char *part_at(const tensor *x, int64_t i, int part)
{
    et_id p = et_part(x->type.elem);
    return (const unsigned char *)x->data + (size_t)i * et_get(x->type.elem)->bytes +
           (size_t)part * et_get(p)->bytes;
}

irrun_status kern_parts_generic(kern_partop op, const tensor *a, const tensor *b, tensor *r)
{
    et_id t = a->type.elem, p = et_part(t), rt = r->type.elem;
    size_t rs = et_get(rt)->bytes, ps = et_get(p)->bytes;
    unsigned char *out = r->data;
    bool cplx = et_get(t)->kind == EK_COMPLEX;
    if (et_get(t)->kind != EK_FLOAT && !cplx)
        return IRRUN_UNSUPPORTED;
    for (int64_t i = 0; i < a->count; i++) {
        unsigned char *o = out + (size_t)i * rs;
        switch (op) {
        case KP_IS_FINITE:
            *o = finite_pattern(et_get(t)->fmt, et_load_bits(t, part_at(a, i, 0)));
            break;
        case KP_REAL:
            et_store_bits(p, o, et_load_bits(p, part_at(a, i, 0)));
            break;
        case KP_IMAG: /* a float's imaginary part is +0: the zero pattern in every format */
            et_store_bits(p, o, cplx ? et_load_bits(p, part_at(a, i, 1)) : 0);
            break;
        case KP_COMPLEX:
            et_store_bits(p, o, et_load_bits(p, part_at(a, i, 0)));
            et_store_bits(p, o + ps, et_load_bits(p, part_at(b, i, 0)));
            break;
        case KP_COUNT:
            return IRRUN_UNSUPPORTED;
        }
    }
    return IRRUN_OK;
}

/* is_finite by storage class: the exponent field against all ones for the
 * IEEE formats, a table of the 256 patterns for the small ones. */
static irrun_status is_finite_fast(const tensor *a, tensor *r)
{
    et_id t = a->type.elem;
    uint8_t *o = r->data;
    int64_t n = a->count;
    switch (et_get(t)->storage) {
    case ES_FBYTE: {
        uint8_t tab[256];
        fp_id f = et_get(t)->fmt;
        for (unsigned p = 0; p < 256; p++)
            tab[p] = finite_pattern(f, p & fp_fmt(f)->mask);
        const uint8_t *x = a->data;
        for (int64_t i = 0; i < n; i++)
            o[i] = tab[x[i]];
        return IRRUN_OK;
    }
    case ES_BF16:
    case ES_F16: {
        uint16_t e = et_get(t)->storage == ES_BF16 ? 0x7F80 : 0x7C00;
        const uint16_t *x = a->data;
        for (int64_t i = 0; i < n; i++)
            o[i] = (x[i] & e) != e;
        return IRRUN_OK;
    }
    case ES_F32: {
        const uint32_t *x = a->data;
        for (int64_t i = 0; i < n; i++)
            o[i] = (x[i] & 0x7F800000u) != 0x7F800000u;
        return IRRUN_OK;
    }
    case ES_F64: {
        const uint64_t *x = a->data;
        for (int64_t i = 0; i < n; i++)
            o[i] = (x[i] & UINT64_C(0x7FF0000000000000)) != UINT64_C(0x7FF0000000000000);
        return IRRUN_OK;
    }
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
    return kern_parts_generic(KP_IS_FINITE, a, NULL, r);
}

/* Moves parts of `size` bytes: element i of `to` (stride `ts` parts) at
 * part offset `toff` gets element i of `from` (stride `fs`) at `foff`. */
#define PART_MOVE(UT)                                                                                   \
    static void move_##UT(const void *from, int fs, int foff, void *to, int ts, int toff, int64_t n) \
    {                                                                                                   \
        const UT *f = (const UT *)from + foff;                                                          \
        UT *t = (UT *)to + toff;                                                                        \
        for (int64_t i = 0; i < n; i++)                                                                 \
            t[i * ts] = f[i * fs];                                                                      \
    }
PART_MOVE(uint32_t)
PART_MOVE(uint64_t)

static irrun_status parts_each(const void *ctx, const tensor *const *x, tensor *r)
{
    kern_partop op = *(const kern_partop *)ctx;
    return kern_parts(op, x[0], op == KP_COMPLEX ? x[1] : NULL, r);
}

irrun_status kern_parts_on(pool *p, kern_partop op, const tensor *a, const tensor *b, tensor *r)
{
    const tensor *x[2] = { a, b };
    return kern_each_on(p, parts_each, &op, x, b ? 2 : 1, r);
}

irrun_status kern_parts(kern_partop op, const tensor *a, const tensor *b, tensor *r)
{
    if (kern_any_splat(a, b, NULL, r)) {
        const tensor *x[2] = { a, b };
        return kern_splat_each(parts_each, &op, x, b ? 2 : 1, r);
    }
    et_id t = a->type.elem;
    int64_t n = a->count;
    et_storage st = et_get(t)->storage;
    switch (op) {
    case KP_IS_FINITE:
        return is_finite_fast(a, r);
    case KP_REAL:
    case KP_IMAG:
        if (et_get(t)->kind == EK_FLOAT) {
            /* the operand itself, or +0 (the zero pattern in every format) */
            if (op == KP_REAL)
                memcpy(r->data, a->data, a->nbytes);
            else
                memset(r->data, 0, r->nbytes);
            return IRRUN_OK;
        }
        if (st == ES_C64)
            move_uint32_t(a->data, 2, op == KP_IMAG, r->data, 1, 0, n);
        else if (st == ES_C128)
            move_uint64_t(a->data, 2, op == KP_IMAG, r->data, 1, 0, n);
        else
            break;
        return IRRUN_OK;
    case KP_COMPLEX:
        if (st == ES_F32) {
            move_uint32_t(a->data, 1, 0, r->data, 2, 0, n);
            move_uint32_t(b->data, 1, 0, r->data, 2, 1, n);
        } else if (st == ES_F64) {
            move_uint64_t(a->data, 1, 0, r->data, 2, 0, n);
            move_uint64_t(b->data, 1, 0, r->data, 2, 1, n);
        } else {
            break;
        }
        return IRRUN_OK;
    case KP_COUNT:
        return IRRUN_UNSUPPORTED;
    }
    return kern_parts_generic(op, a, b, r);
}
