/* Binary element-wise kernels (SPEC.md 4.4-4.12, 4.28-4.30). The element
 * type and the op are resolved once; each (storage, op) pair has its own
 * loop. Small floats use the 64K-entry tables of types/fptables.h; bf16, f16
 * and f32 compute in binary64 and round once; f64 computes natively; a NaN
 * result always defers to fp_arith for APFloat's NaN rules. */
#include <complex.h>

#include "interp/kern.h"
#include "interp/kern_fscalar.h"
#include "types/fptables.h"

/* The fp_arith op of an arithmetic binop; FPOP_COUNT for the others (max,
 * min and the bitwise ops have kernels of their own). Every op is listed so
 * that -Wswitch names a new one here. */
static fp_binop to_fpop(kern_binop op)
{
    switch (op) {
    case KB_ADD: return FPOP_ADD;
    case KB_SUB: return FPOP_SUB;
    case KB_MUL: return FPOP_MUL;
    case KB_DIV: return FPOP_DIV;
    case KB_REM: return FPOP_REM;
    case KB_MAX:
    case KB_MIN:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT: break;
    }
    return FPOP_COUNT;
}

static int bool_binary(kern_binop op, const uint8_t *a, const uint8_t *b, uint8_t *r, int64_t n)
{
    switch (op) {
    case KB_ADD:
    case KB_OR:
    case KB_MAX:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] | b[i];
        return 0;
    case KB_MUL:
    case KB_AND:
    case KB_MIN:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] & b[i];
        return 0;
    case KB_XOR:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] ^ b[i];
        return 0;
    default:
        return -2; /* rejected by the checker */
    }
}

/* Integer loops for one storage type. Arithmetic runs in the unsigned type
 * of the same width so that wrap-around is defined; division follows XLA
 * (x / 0 = all bits set, INT_MIN / -1 = INT_MIN, x rem 0 = x,
 * INT_MIN rem -1 = 0; SPEC.md section 8 item 9). */
#define INT_BINARY(NAME, T, UT, SIGNED)                                                   \
    static int NAME(kern_binop op, const T *a, const T *b, T *r, int64_t n)                 \
    {                                                                                       \
        switch (op) {                                                                       \
        case KB_ADD:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)a[i] + (UT)b[i]);                                            \
            return 0;                                                                       \
        case KB_SUB:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)a[i] - (UT)b[i]);                                            \
            return 0;                                                                       \
        case KB_MUL:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)((uint64_t)(UT)a[i] * (uint64_t)(UT)b[i]));                  \
            return 0;                                                                       \
        case KB_DIV:                                                                        \
            for (int64_t i = 0; i < n; i++) {                                               \
                if (b[i] == 0)                                                              \
                    r[i] = (T)(UT)~(UT)0;                                                   \
                else if (SIGNED && b[i] == (T)-1)                                           \
                    r[i] = (T)((UT)0 - (UT)a[i]);                                           \
                else                                                                        \
                    r[i] = (T)(a[i] / b[i]);                                                \
            }                                                                               \
            return 0;                                                                       \
        case KB_REM:                                                                        \
            for (int64_t i = 0; i < n; i++) {                                               \
                if (b[i] == 0)                                                              \
                    r[i] = a[i];                                                            \
                else if (SIGNED && b[i] == (T)-1)                                           \
                    r[i] = 0;                                                               \
                else                                                                        \
                    r[i] = (T)(a[i] % b[i]);                                                \
            }                                                                               \
            return 0;                                                                       \
        case KB_MAX:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = a[i] < b[i] ? b[i] : a[i];                                           \
            return 0;                                                                       \
        case KB_MIN:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = b[i] < a[i] ? b[i] : a[i];                                           \
            return 0;                                                                       \
        case KB_AND:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] & b[i]);                                                    \
            return 0;                                                                       \
        case KB_OR:                                                                         \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] | b[i]);                                                    \
            return 0;                                                                       \
        case KB_XOR:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] ^ b[i]);                                                    \
            return 0;                                                                       \
        default:                                                                            \
            return -2;                                                                      \
        }                                                                                   \
    }

INT_BINARY(bin_i8, int8_t, uint8_t, 1)
INT_BINARY(bin_i16, int16_t, uint16_t, 1)
INT_BINARY(bin_i32, int32_t, uint32_t, 1)
INT_BINARY(bin_i64, int64_t, uint64_t, 1)
INT_BINARY(bin_u8, uint8_t, uint8_t, 0)
INT_BINARY(bin_u16, uint16_t, uint16_t, 0)
INT_BINARY(bin_u32, uint32_t, uint32_t, 0)
INT_BINARY(bin_u64, uint64_t, uint64_t, 0)

static int int_binary(kern_binop op, et_id t, const void *a, const void *b, void *r, int64_t n)
{
    int rc;
    switch (t) {
    case ET_I2: case ET_I4: case ET_I8: rc = bin_i8(op, a, b, r, n); break;
    case ET_I16: rc = bin_i16(op, a, b, r, n); break;
    case ET_I32: rc = bin_i32(op, a, b, r, n); break;
    case ET_I64: rc = bin_i64(op, a, b, r, n); break;
    case ET_UI2: case ET_UI4: case ET_UI8: rc = bin_u8(op, a, b, r, n); break;
    case ET_UI16: rc = bin_u16(op, a, b, r, n); break;
    case ET_UI32: rc = bin_u32(op, a, b, r, n); break;
    default: rc = bin_u64(op, a, b, r, n); break;
    }
    if (rc == 0)
        kern_int_normalize(t, r, n);
    return rc;
}

/* Formats of 8 bits or fewer: one table lookup per element. */
static int small_binary(kern_binop op, fp_id f, const uint8_t *a, const uint8_t *b, uint8_t *r,
                        int64_t n)
{
    if (op == KB_MAX || op == KB_MIN) {
        const double *val = fp_table_to_double(f);
        if (!val)
            return -1;
        for (int64_t i = 0; i < n; i++)
            r[i] = (uint8_t)kern_fmaxmin(f, op == KB_MAX, a[i], b[i], val[a[i]], val[b[i]]);
        return 0;
    }
    if (to_fpop(op) == FPOP_COUNT)
        return -2; /* bitwise: rejected by the checker */
    const uint8_t *tab = fp_table_binop(f, to_fpop(op));
    if (!tab)
        return -1;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[(unsigned)a[i] << 8 | b[i]];
    return 0;
}

static int half_binary(kern_binop op, fp_id f, const uint16_t *a, const uint16_t *b, uint16_t *r,
                       int64_t n)
{
    bool bf = f == FP_BF16;
    if (op == KB_MAX || op == KB_MIN) {
        for (int64_t i = 0; i < n; i++) {
            double x = bf ? kern_bf16_to_f64(a[i]) : kern_f16_to_f64(a[i]);
            double y = bf ? kern_bf16_to_f64(b[i]) : kern_f16_to_f64(b[i]);
            r[i] = (uint16_t)kern_fmaxmin(f, op == KB_MAX, a[i], b[i], x, y);
        }
        return 0;
    }
    fp_binop fo = to_fpop(op);
    if (fo == FPOP_COUNT)
        return -2;
    if (bf) {
        for (int64_t i = 0; i < n; i++) {
            double v = kern_apply_f64(fo, kern_bf16_to_f64(a[i]), kern_bf16_to_f64(b[i]));
            r[i] = v != v ? (uint16_t)fp_arith(f, fo, a[i], b[i]) : kern_f64_to_bf16(v);
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            double v = kern_apply_f64(fo, kern_f16_to_f64(a[i]), kern_f16_to_f64(b[i]));
            r[i] = v != v ? (uint16_t)fp_arith(f, fo, a[i], b[i]) : kern_f64_to_f16(v);
        }
    }
    return 0;
}

static int f32_binary(kern_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    switch (op) {
    case KB_MAX:
    case KB_MIN:
        for (int64_t i = 0; i < n; i++)
            r[i] = (uint32_t)kern_fmaxmin(FP_F32, op == KB_MAX, a[i], b[i],
                                          bits_to_f32(a[i]), bits_to_f32(b[i]));
        return 0;
    case KB_ADD:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_ADD, a[i], b[i]);
        return 0;
    case KB_SUB:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_SUB, a[i], b[i]);
        return 0;
    case KB_MUL:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_MUL, a[i], b[i]);
        return 0;
    case KB_DIV:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_DIV, a[i], b[i]);
        return 0;
    case KB_REM:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_REM, a[i], b[i]);
        return 0;
    default:
        return -2;
    }
}

static int f64_binary(kern_binop op, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    if (op == KB_MAX || op == KB_MIN) {
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_fmaxmin(FP_F64, op == KB_MAX, a[i], b[i], bits_to_f64(a[i]),
                                bits_to_f64(b[i]));
        return 0;
    }
    fp_binop fo = to_fpop(op);
    if (fo == FPOP_COUNT)
        return -2;
    for (int64_t i = 0; i < n; i++)
        r[i] = kern_f64_arith(fo, a[i], b[i]);
    return 0;
}

/* One class-A operation on a complex component (f32 or f64 pattern). */
static uint64_t part_arith(bool wide, fp_binop op, uint64_t a, uint64_t b)
{
    return wide ? kern_f64_arith(op, a, b) : kern_f32_arith(op, (uint32_t)a, (uint32_t)b);
}

static double part_value(bool wide, uint64_t a)
{
    return wide ? bits_to_f64(a) : (double)bits_to_f32((uint32_t)a);
}

/* A binary64 result rounded into the component format (3.6 for NaNs). */
static uint64_t part_round(bool wide, double d)
{
    if (wide)
        return f64_to_bits(d);
    if (d != d)
        return fp_from_double(FP_F32, d, FPR_RNE);
    return f32_to_bits((float)d);
}

void kern_cdiv(double ar, double ai, double br, double bi, double *rr, double *ri)
{
    double _Complex x, y, z;
    double p[2] = { ar, ai }, q[2] = { br, bi }, s[2];
    memcpy(&x, p, sizeof x);
    memcpy(&y, q, sizeof y);
    z = x / y;
    memcpy(s, &z, sizeof s);
    *rr = s[0];
    *ri = s[1];
}

static void load_parts(bool wide, const void *base, int64_t i, uint64_t *re, uint64_t *im)
{
    if (wide) {
        const uint64_t *p = base;
        *re = p[2 * i];
        *im = p[2 * i + 1];
    } else {
        const uint32_t *p = base;
        *re = p[2 * i];
        *im = p[2 * i + 1];
    }
}

static void store_parts(bool wide, void *base, int64_t i, uint64_t re, uint64_t im)
{
    if (wide) {
        uint64_t *p = base;
        p[2 * i] = re;
        p[2 * i + 1] = im;
    } else {
        uint32_t *p = base;
        p[2 * i] = (uint32_t)re;
        p[2 * i + 1] = (uint32_t)im;
    }
}

static int complex_binary(kern_binop op, bool wide, const void *a, const void *b, void *r,
                          int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t ar, ai, br, bi, rr, ri;
        load_parts(wide, a, i, &ar, &ai);
        load_parts(wide, b, i, &br, &bi);
        switch (op) {
        case KB_ADD:
        case KB_SUB: {
            fp_binop fo = op == KB_ADD ? FPOP_ADD : FPOP_SUB;
            rr = part_arith(wide, fo, ar, br);
            ri = part_arith(wide, fo, ai, bi);
            break;
        }
        case KB_MUL: {
            /* four rounded products, then a rounded difference and sum */
            uint64_t ac = part_arith(wide, FPOP_MUL, ar, br), bd = part_arith(wide, FPOP_MUL, ai, bi);
            uint64_t ad = part_arith(wide, FPOP_MUL, ar, bi), bc = part_arith(wide, FPOP_MUL, ai, br);
            rr = part_arith(wide, FPOP_SUB, ac, bd);
            ri = part_arith(wide, FPOP_ADD, ad, bc);
            break;
        }
        case KB_DIV: {
            double xr, xi;
            kern_cdiv(part_value(wide, ar), part_value(wide, ai), part_value(wide, br),
                      part_value(wide, bi), &xr, &xi);
            rr = part_round(wide, xr);
            ri = part_round(wide, xi);
            break;
        }
        case KB_MAX:
        case KB_MIN: {
            /* REF: compare real parts (IEEE ==); on equality the imaginary
             * parts decide; a false comparison selects b */
            double xr = part_value(wide, ar), xi = part_value(wide, ai);
            double yr = part_value(wide, br), yi = part_value(wide, bi);
            bool take_a;
            if (xr == yr)
                take_a = op == KB_MAX ? xi > yi : xi < yi;
            else
                take_a = op == KB_MAX ? xr > yr : xr < yr;
            rr = take_a ? ar : br;
            ri = take_a ? ai : bi;
            break;
        }
        default:
            return -2;
        }
        store_parts(wide, r, i, rr, ri);
    }
    return 0;
}

int kern_binary(kern_binop op, const tensor *a, const tensor *b, tensor *r)
{
    et_id t = a->type.elem;
    const et_traits *tr = et_get(t);
    int64_t n = r->count;
    switch (tr->kind) {
    case EK_BOOL:
        return bool_binary(op, a->data, b->data, r->data, n);
    case EK_SINT:
    case EK_UINT:
        return int_binary(op, t, a->data, b->data, r->data, n);
    case EK_COMPLEX:
        return complex_binary(op, t == ET_C128, a->data, b->data, r->data, n);
    case EK_FLOAT:
        break;
    }
    switch (tr->fmt) {
    case FP_F64: return f64_binary(op, a->data, b->data, r->data, n);
    case FP_F32: return f32_binary(op, a->data, b->data, r->data, n);
    case FP_BF16:
    case FP_F16: return half_binary(op, tr->fmt, a->data, b->data, r->data, n);
    default: return small_binary(op, tr->fmt, a->data, b->data, r->data, n);
    }
}
