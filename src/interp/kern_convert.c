/* convert (SPEC.md 3.6, 4.3) and bitcast_convert (4.32).
 *
 * One scalar routine defines every conversion, and the generic loop maps it
 * over the elements. The kernel takes a fast loop where one exists: 1-byte
 * sources through a 256-entry table built with the scalar routine, and the
 * float pairs of convert_loops below (f32 -> small float through the 128K
 * table, the binary64-exact IEEE pairs). */
#include "interp/kern.h"
#include "interp/kern_generic.h"
#include "interp/kern_num.h"
#include "types/fptables.h"
#include "util/mem.h"

/* An element's value bits; complex: re in lo, im in hi. */
typedef struct {
    uint64_t lo, hi;
} kval;

static kval load_elem(et_id t, const unsigned char *p)
{
    et_id part = et_part(t);
    kval v = { et_load_bits(part, p), 0 };
    if (part != t)
        v.hi = et_load_bits(part, p + et_get(part)->bytes);
    return v;
}

static void store_elem(et_id t, unsigned char *p, kval v)
{
    et_id part = et_part(t);
    et_store_bits(part, p, v.lo);
    if (part != t)
        et_store_bits(part, p + et_get(part)->bytes, v.hi);
}

/* An integer element's value: magnitude and sign. */
static void int_value(et_id t, uint64_t bits, uint64_t *mag, bool *neg)
{
    const et_traits *tr = et_get(t);
    *neg = false;
    bits = (uint64_t)et_sign_extend(t, bits);
    if (tr->kind == EK_SINT && (int64_t)bits < 0) {
        *neg = true;
        *mag = (uint64_t)0 - bits;
    } else {
        *mag = bits;
    }
}

/* The conversion of one scalar (never complex) source into a non-complex
 * target. */
static uint64_t cvt_real(et_id from, uint64_t x, et_id to)
{
    const et_traits *ft = et_get(from), *tt = et_get(to);
    if (ft->kind == EK_FLOAT) {
        switch (tt->kind) {
        case EK_BOOL:
            return fp_classify(ft->fmt, x) != FPC_ZERO; /* NaN -> true */
        case EK_SINT:
            return (uint64_t)fp_to_sint(ft->fmt, x, tt->value_bits);
        case EK_UINT:
            return fp_to_uint(ft->fmt, x, tt->value_bits);
        case EK_FLOAT:
        case EK_COMPLEX:
            break;
        }
        return fp_convert(tt->fmt, ft->fmt, x);
    }
    /* integer or boolean source: its exact value */
    uint64_t mag;
    bool neg;
    int_value(from, x, &mag, &neg);
    switch (tt->kind) {
    case EK_BOOL:
        return mag != 0;
    case EK_SINT:
    case EK_UINT:
        return neg ? (uint64_t)0 - mag : mag; /* wrap: low bits kept by the store */
    case EK_FLOAT:
    case EK_COMPLEX:
        break;
    }
    fp_value v = fp_from_uint(mag, neg);
    return fp_encode(tt->fmt, &v, FPR_RNE, 0);
}

static kval cvt_scalar(et_id from, kval x, et_id to)
{
    kval r = { 0, 0 };
    bool fc = et_get(from)->kind == EK_COMPLEX, tc = et_get(to)->kind == EK_COMPLEX;
    et_id fr = et_part(from); /* real part's type */
    et_id tr = et_part(to);
    r.lo = cvt_real(fr, x.lo, tr);
    if (tc)
        r.hi = fc ? cvt_real(fr, x.hi, tr) : 0; /* imaginary part +0 */
    return r;
}

irrun_status kern_convert_generic(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    size_t fb = et_get(from)->bytes, tb = et_get(to)->bytes;
    const unsigned char *src = x->data;
    unsigned char *dst = r->data;
    if (et_part(from) == from && et_part(to) == to) {
        /* (no complex side: no parts to split, which is most of the time
         * spent outside cvt_real) */
        for (int64_t i = 0; i < x->count; i++)
            et_store_bits(to, dst + i * tb, cvt_real(from, et_load_bits(from, src + i * fb), to));
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < x->count; i++)
        store_elem(to, dst + i * tb, cvt_scalar(from, load_elem(from, src + i * fb), to));
    return IRRUN_OK;
}

/* Any 1-byte source: 256 conversions, then a table lookup per element. */
static irrun_status byte_source_convert(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    size_t tb = et_get(to)->bytes;
    unsigned char *tab = mem_alloc(256 * tb);
    if (!tab)
        return IRRUN_NOMEM;
    for (unsigned p = 0; p < 256; p++) {
        unsigned char b[16] = { (unsigned char)p };
        store_elem(to, tab + p * tb, cvt_scalar(from, load_elem(from, b), to));
    }
    const uint8_t *src = x->data;
    int64_t n = x->count;
    switch (tb) {
    case 1: {
        uint8_t *d = r->data;
        for (int64_t i = 0; i < n; i++)
            d[i] = tab[src[i]];
        break;
    }
    case 2: {
        uint16_t *d = r->data;
        const uint16_t *t = (const uint16_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++)
            d[i] = t[src[i]];
        break;
    }
    case 4: {
        uint32_t *d = r->data;
        const uint32_t *t = (const uint32_t *)(const void *)tab;
        for (int64_t i = 0; i < n; i++)
            d[i] = t[src[i]];
        break;
    }
    default: {
        unsigned char *d = r->data;
        for (int64_t i = 0; i < n; i++)
            memcpy(d + i * tb, tab + src[i] * tb, tb);
        break;
    }
    }
    mem_free(tab);
    return IRRUN_OK;
}

/* The fast float -> float loops: n elements of type `from` at xs into type
 * `to` at rs. A NaN defers to fp_convert, which owns the NaN rules. */
typedef irrun_status (*convert_loop)(et_id from, et_id to, const void *xs, void *rs, int64_t n);

static irrun_status f32_to_fbyte(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    const uint8_t *tab = fp_table_from_f32(et_get(to)->fmt, FPR_RNE);
    if (!tab)
        return IRRUN_NOMEM;
    const uint32_t *x = xs;
    uint8_t *r = rs;
    for (int64_t i = 0; i < n; i++)
        r[i] = fp_small_from_f32(tab, x[i]);
    return IRRUN_OK;
}

static irrun_status f32_to_f64(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    (void)to;
    const uint32_t *x = xs;
    uint64_t *r = rs;
    for (int64_t i = 0; i < n; i++) {
        float v = bits_to_f32(x[i]);
        r[i] = v == v ? f64_to_bits((double)v) : fp_convert(FP_F64, FP_F32, x[i]);
    }
    return IRRUN_OK;
}

static irrun_status f64_to_f32(et_id from, et_id to, const void *xs, void *rs, int64_t n)
{
    (void)from;
    (void)to;
    const uint64_t *x = xs;
    uint32_t *r = rs;
    for (int64_t i = 0; i < n; i++) {
        double v = bits_to_f64(x[i]);
        r[i] = v == v ? f32_to_bits((float)v) : (uint32_t)fp_convert(FP_F32, FP_F64, x[i]);
    }
    return IRRUN_OK;
}

/* f32 or f64 (wide_f64) into bf16 or f16 (bf): one rounding of the exact
 * binary64 value. */
static inline irrun_status to_half(bool wide_f64, bool bf, fp_id ff, fp_id tf, const void *xs,
                                   uint16_t *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t b = wide_f64 ? ((const uint64_t *)xs)[i] : ((const uint32_t *)xs)[i];
        double v = wide_f64 ? bits_to_f64(b) : (double)bits_to_f32((uint32_t)b);
        if (v != v)
            r[i] = (uint16_t)fp_convert(tf, ff, b);
        else
            r[i] = bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
    }
    return IRRUN_OK;
}

/* bf16 or f16 (bf) into f32 or f64 (wide_f64): exact. */
static inline irrun_status from_half(bool bf, bool wide_f64, fp_id ff, fp_id tf,
                                     const uint16_t *x, void *rs, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double v = bf ? kern_bf16_to_f64(x[i]) : kern_f16_to_f64(x[i]);
        uint64_t b = v != v ? fp_convert(tf, ff, x[i])
                     : wide_f64 ? f64_to_bits(v) : f32_to_bits((float)v);
        if (wide_f64)
            ((uint64_t *)rs)[i] = b;
        else
            ((uint32_t *)rs)[i] = (uint32_t)b;
    }
    return IRRUN_OK;
}

#define HALF_PAIR(NAME, BODY)                                                              \
    static irrun_status NAME(et_id from, et_id to, const void *xs, void *rs, int64_t n)    \
    {                                                                                      \
        fp_id ff = et_get(from)->fmt, tf = et_get(to)->fmt;                                \
        return BODY;                                                                       \
    }

HALF_PAIR(f32_to_bf16, to_half(false, true, ff, tf, xs, rs, n))
HALF_PAIR(f32_to_f16, to_half(false, false, ff, tf, xs, rs, n))
HALF_PAIR(f64_to_bf16, to_half(true, true, ff, tf, xs, rs, n))
HALF_PAIR(f64_to_f16, to_half(true, false, ff, tf, xs, rs, n))
HALF_PAIR(bf16_to_f32, from_half(true, false, ff, tf, xs, rs, n))
HALF_PAIR(bf16_to_f64, from_half(true, true, ff, tf, xs, rs, n))
HALF_PAIR(f16_to_f32, from_half(false, false, ff, tf, xs, rs, n))
HALF_PAIR(f16_to_f64, from_half(false, true, ff, tf, xs, rs, n))

/* [source class][target class]; the pairs left out take the generic loop. */
static const convert_loop convert_loops[ES_COUNT][ES_COUNT] = {
    [ES_F32] = { [ES_FBYTE] = f32_to_fbyte, [ES_F64] = f32_to_f64, [ES_BF16] = f32_to_bf16,
                 [ES_F16] = f32_to_f16 },
    [ES_F64] = { [ES_F32] = f64_to_f32, [ES_BF16] = f64_to_bf16, [ES_F16] = f64_to_f16 },
    [ES_BF16] = { [ES_F32] = bf16_to_f32, [ES_F64] = bf16_to_f64 },
    [ES_F16] = { [ES_F32] = f16_to_f32, [ES_F64] = f16_to_f64 },
};

irrun_status kern_convert(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    if (from == to) {
        /* the identity, a signaling NaN included (SPEC.md 3.6) */
        memcpy(r->data, x->data, x->nbytes);
        return IRRUN_OK;
    }
    if (x->count == 0)
        return IRRUN_OK;
    if (et_get(from)->bytes == 1 && x->count > 64)
        return byte_source_convert(x, r);
    convert_loop loop = convert_loops[et_get(from)->storage][et_get(to)->storage];
    if (loop)
        return loop(from, to, x->data, r->data, x->count);
    return kern_convert_generic(x, r);
}

/* bitcast_convert: elements are streams of value bits, little-endian. */
static void get_value_bits(et_id t, const unsigned char *p, unsigned char out[16])
{
    memset(out, 0, 16);
    const et_traits *tr = et_get(t);
    if (tr->value_bits == 8 * tr->bytes) {
        memcpy(out, p, tr->bytes); /* memory image = value bits */
    } else {
        uint64_t v = et_load_bits(t, p);
        for (int i = 0; i < 8; i++)
            out[i] = (unsigned char)(v >> (8 * i));
    }
}

static void put_value_bits(et_id t, unsigned char *p, const unsigned char in[16])
{
    const et_traits *tr = et_get(t);
    if (tr->value_bits == 8 * tr->bytes) {
        memcpy(p, in, tr->bytes);
    } else {
        uint64_t v = 0;
        for (int i = 0; i < 8; i++)
            v |= (uint64_t)in[i] << (8 * i);
        et_store_bits(t, p, v);
    }
}

/* bits [at, at + n) of a little-endian byte string, n <= 64 */
static uint64_t read_bits(const unsigned char *s, unsigned at, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)((s[(at + k) / 8] >> ((at + k) % 8)) & 1) << k;
    return v;
}

static void write_bits(unsigned char *s, unsigned at, unsigned n, uint64_t v)
{
    for (unsigned k = 0; k < n; k++) {
        unsigned char m = (unsigned char)(1u << ((at + k) % 8));
        if ((v >> k) & 1)
            s[(at + k) / 8] |= m;
        else
            s[(at + k) / 8] &= (unsigned char)~m;
    }
}

irrun_status kern_bitcast(const tensor *x, tensor *r)
{
    et_id from = x->type.elem, to = r->type.elem;
    const et_traits *ft = et_get(from), *tt = et_get(to);
    unsigned w1 = ft->value_bits, w2 = tt->value_bits;
    const unsigned char *src = x->data;
    unsigned char *dst = r->data;
    unsigned char buf[16], piece[16];
    if (w1 == w2) {
        if (ft->bytes == tt->bytes && w1 == 8 * ft->bytes) {
            memcpy(dst, src, x->nbytes);
            return IRRUN_OK;
        }
        for (int64_t i = 0; i < x->count; i++) {
            get_value_bits(from, src + i * ft->bytes, buf);
            put_value_bits(to, dst + i * tt->bytes, buf);
        }
        return IRRUN_OK;
    }
    if (w1 > w2) { /* split each wide element into k narrow ones */
        unsigned k = w1 / w2;
        for (int64_t i = 0; i < x->count; i++) {
            get_value_bits(from, src + i * ft->bytes, buf);
            for (unsigned j = 0; j < k; j++) {
                memset(piece, 0, sizeof piece);
                if (w2 == 128)
                    memcpy(piece, buf, 16);
                else
                    write_bits(piece, 0, w2, read_bits(buf, j * w2, w2));
                put_value_bits(to, dst + (i * k + j) * tt->bytes, piece);
            }
        }
        return IRRUN_OK;
    }
    unsigned k = w2 / w1; /* join k narrow elements into one wide one */
    for (int64_t i = 0; i < r->count; i++) {
        memset(buf, 0, sizeof buf);
        for (unsigned j = 0; j < k; j++) {
            get_value_bits(from, src + (i * k + j) * ft->bytes, piece);
            if (w1 == 64) {
                memcpy(buf + 8 * j, piece, 8);
            } else {
                write_bits(buf, j * w1, w1, read_bits(piece, 0, w1));
            }
        }
        put_value_bits(to, dst + i * tt->bytes, buf);
    }
    return IRRUN_OK;
}
