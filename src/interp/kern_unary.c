/* Unary element-wise kernels (SPEC.md 4.9, 4.10, 4.13-4.24, 4.31).
 * Math functions are class B: the exact operand in binary64, glibc's
 * binary64 function (never the float variants), one rounding into the
 * format. Formats of 8 bits or fewer evaluate the op once per pattern into a
 * 256-entry table and then map the tensor through it. */
#include <complex.h>

#include "interp/kern.h"
#include "interp/kern_fscalar.h"
#include "types/fptables.h"
#include "util/mem.h"

typedef double (*kern_mathfn)(double);

static double rsqrt_d(double x) { return 1.0 / sqrt(x); } /* two binary64 roundings, as REF */

static kern_mathfn math_fn(kern_unop op)
{
    switch (op) {
    case KU_SQRT: return sqrt;
    case KU_RSQRT: return rsqrt_d;
    case KU_EXP: return exp;
    case KU_LOG: return log;
    case KU_TANH: return tanh;
    case KU_SIN: return sin;
    case KU_COS: return cos;
    default: return NULL;
    }
}

/* A binary64 result rounded once into f (3.5, NaNs by 3.6). */
static uint64_t round_into(fp_id f, double d)
{
    if (f == FP_F64)
        return f64_to_bits(d);
    return fp_from_double(f, d, FPR_RNE);
}

static uint64_t neg_pattern(const fp_format *F, uint64_t x)
{
    if (F->nan == FPN_E8M0)
        return F->canon_nan; /* no sign: NaN, SPEC.md section 8 item 6 */
    if (F->nan == FPN_FNUZ && (x & F->mask & ~F->sign_mask) == 0)
        return x; /* 0x00 has no negative twin; 0x80 is the only NaN */
    return x ^ F->sign_mask;
}

/* The op on one pattern of format f: the definition every float loop below
 * follows (and the table builder for small formats). */
static uint64_t flt_unary(fp_id f, kern_unop op, uint64_t x)
{
    const fp_format *F = fp_fmt(f);
    switch (op) {
    case KU_NEG:
        return neg_pattern(F, x);
    case KU_ABS:
        if (F->nan == FPN_FNUZ && x == F->sign_mask)
            return x;
        return x & ~F->sign_mask;
    case KU_SIGN: {
        fp_class c = fp_classify(f, x);
        if (c == FPC_NAN || c == FPC_ZERO)
            return x;
        return fp_from_double(f, fp_is_negative(f, x) ? -1.0 : 1.0, FPR_RNE);
    }
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN: {
        /* exact: the integral value is representable in the format */
        if (fp_is_nan(f, x))
            return fp_quiet(f, x);
        double d = fp_to_double(f, x);
        d = op == KU_FLOOR ? floor(d) : op == KU_CEIL ? ceil(d) : nearbyint(d);
        return round_into(f, d);
    }
    case KU_LOGISTIC: {
        /* REF's chain: exp(-x) rounded, 1 + e rounded, 1 / d rounded */
        uint64_t one = fp_from_double(f, 1.0, FPR_RNE);
        uint64_t e = round_into(f, exp(fp_to_double(f, neg_pattern(F, x))));
        uint64_t d = fp_arith(f, FPOP_ADD, one, e);
        return fp_arith(f, FPOP_DIV, one, d);
    }
    default: {
        kern_mathfn fn = math_fn(op);
        return fn ? round_into(f, fn(fp_to_double(f, x))) : x;
    }
    }
}

static int small_unary(kern_unop op, fp_id f, const uint8_t *x, uint8_t *r, int64_t n)
{
    uint8_t tab[256];
    unsigned count = 1u << fp_fmt(f)->bits;
    for (unsigned p = 0; p < 256; p++)
        tab[p] = p < count ? (uint8_t)flt_unary(f, op, p) : 0;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[x[i]];
    return 0;
}

static int half_unary(kern_unop op, fp_id f, const uint16_t *x, uint16_t *r, int64_t n)
{
    kern_mathfn fn = math_fn(op);
    bool bf = f == FP_BF16;
    if (fn) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn(bf ? kern_bf16_to_f64(x[i]) : kern_f16_to_f64(x[i]));
            if (v != v)
                r[i] = (uint16_t)fp_from_double(f, v, FPR_RNE);
            else
                r[i] = bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
        }
        return 0;
    }
    if (n > 65536) {
        uint16_t *tab = mem_alloc(65536 * sizeof *tab);
        if (!tab)
            return -1;
        for (uint32_t p = 0; p < 65536; p++)
            tab[p] = (uint16_t)flt_unary(f, op, p);
        for (int64_t i = 0; i < n; i++)
            r[i] = tab[x[i]];
        mem_free(tab);
        return 0;
    }
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint16_t)flt_unary(f, op, x[i]);
    return 0;
}

static int f32_unary(kern_unop op, const uint32_t *x, uint32_t *r, int64_t n)
{
    kern_mathfn fn = math_fn(op);
    if (fn) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn((double)bits_to_f32(x[i]));
            r[i] = v != v ? (uint32_t)fp_from_double(FP_F32, v, FPR_RNE) : f32_to_bits((float)v);
        }
        return 0;
    }
    switch (op) {
    case KU_NEG:
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ 0x80000000u;
        return 0;
    case KU_ABS:
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & 0x7FFFFFFFu;
        return 0;
    default:
        for (int64_t i = 0; i < n; i++)
            r[i] = (uint32_t)flt_unary(FP_F32, op, x[i]);
        return 0;
    }
}

static int f64_unary(kern_unop op, const uint64_t *x, uint64_t *r, int64_t n)
{
    kern_mathfn fn = math_fn(op);
    if (fn) {
        for (int64_t i = 0; i < n; i++)
            r[i] = f64_to_bits(fn(bits_to_f64(x[i])));
        return 0;
    }
    switch (op) {
    case KU_NEG:
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ (UINT64_C(1) << 63);
        return 0;
    case KU_ABS:
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & ~(UINT64_C(1) << 63);
        return 0;
    default:
        for (int64_t i = 0; i < n; i++)
            r[i] = flt_unary(FP_F64, op, x[i]);
        return 0;
    }
}

#define INT_UNARY(NAME, T, UT)                                              \
    static int NAME(kern_unop op, const T *x, T *r, int64_t n)              \
    {                                                                       \
        switch (op) {                                                       \
        case KU_NEG:                                                        \
            for (int64_t i = 0; i < n; i++)                                 \
                r[i] = (T)((UT)0 - (UT)x[i]);                               \
            return 0;                                                       \
        case KU_ABS:                                                        \
            for (int64_t i = 0; i < n; i++)                                 \
                r[i] = x[i] < 0 ? (T)((UT)0 - (UT)x[i]) : x[i];             \
            return 0;                                                       \
        case KU_SIGN:                                                       \
            for (int64_t i = 0; i < n; i++)                                 \
                r[i] = (T)((x[i] > 0) - (x[i] < 0));                        \
            return 0;                                                       \
        case KU_NOT:                                                        \
            for (int64_t i = 0; i < n; i++)                                 \
                r[i] = (T)~(UT)x[i];                                        \
            return 0;                                                       \
        default:                                                            \
            return -2;                                                      \
        }                                                                   \
    }

INT_UNARY(un_i8, int8_t, uint8_t)
INT_UNARY(un_i16, int16_t, uint16_t)
INT_UNARY(un_i32, int32_t, uint32_t)
INT_UNARY(un_i64, int64_t, uint64_t)

static int int_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    int rc;
    /* unsigned values never compare below zero, so the signed loops of the
     * same width give the right bits for negate and not (abs and sign of
     * unsigned types are rejected by the checker) */
    switch (et_get(t)->bytes) {
    case 1: rc = un_i8(op, x, r, n); break;
    case 2: rc = un_i16(op, x, r, n); break;
    case 4: rc = un_i32(op, x, r, n); break;
    default: rc = un_i64(op, x, r, n); break;
    }
    if (rc == 0)
        kern_int_normalize(t, r, n);
    return rc;
}

/* Complex helpers: binary64 parts in, per-part rounding out. */
static double _Complex mk(double re, double im)
{
    double p[2] = { re, im };
    double _Complex z;
    memcpy(&z, p, sizeof z);
    return z;
}

static void parts(double _Complex z, double *re, double *im)
{
    double p[2];
    memcpy(p, &z, sizeof p);
    *re = p[0];
    *im = p[1];
}

static int complex_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    bool wide = t == ET_C128;
    fp_id f = wide ? FP_F64 : FP_F32;
    for (int64_t i = 0; i < n; i++) {
        uint64_t xr, xi;
        if (wide) {
            xr = ((const uint64_t *)x)[2 * i];
            xi = ((const uint64_t *)x)[2 * i + 1];
        } else {
            xr = ((const uint32_t *)x)[2 * i];
            xi = ((const uint32_t *)x)[2 * i + 1];
        }
        double a = fp_to_double(f, xr), b = fp_to_double(f, xi);
        uint64_t rr, ri;
        double vr = 0, vi = 0;
        bool rounded = false; /* rr/ri already patterns */
        switch (op) {
        case KU_NEG:
            rr = xr ^ fp_fmt(f)->sign_mask;
            ri = xi ^ fp_fmt(f)->sign_mask;
            rounded = true;
            break;
        case KU_ABS:
            /* the result has the component type: one element per input */
            if (wide)
                ((uint64_t *)r)[i] = f64_to_bits(hypot(a, b));
            else
                ((uint32_t *)r)[i] = (uint32_t)round_into(f, hypot(a, b));
            continue;
        case KU_SQRT: parts(csqrt(mk(a, b)), &vr, &vi); break;
        case KU_RSQRT: {
            double sr, si;
            parts(csqrt(mk(a, b)), &sr, &si);
            kern_cdiv(1.0, 0.0, sr, si, &vr, &vi);
            break;
        }
        case KU_EXP: parts(cexp(mk(a, b)), &vr, &vi); break;
        case KU_LOG: parts(clog(mk(a, b)), &vr, &vi); break;
        case KU_TANH: parts(ctanh(mk(a, b)), &vr, &vi); break;
        case KU_SIN: parts(csin(mk(a, b)), &vr, &vi); break;
        case KU_COS: parts(ccos(mk(a, b)), &vr, &vi); break;
        case KU_LOGISTIC: {
            /* negate, cexp rounded per part, part-wise class-A add of
             * (1, +0), C99 division of (1, 0) by it rounded per part */
            double er, ei;
            parts(cexp(mk(-a, -b)), &er, &ei);
            uint64_t one = round_into(f, 1.0);
            uint64_t dr = fp_arith(f, FPOP_ADD, one, round_into(f, er));
            uint64_t di = fp_arith(f, FPOP_ADD, 0, round_into(f, ei));
            kern_cdiv(1.0, 0.0, fp_to_double(f, dr), fp_to_double(f, di), &vr, &vi);
            break;
        }
        case KU_SIGN:
            if (a != a || b != b) {
                rr = ri = fp_fmt(f)->canon_nan;
                rounded = true;
            } else if (a == 0 && b == 0) {
                rr = ri = 0;
                rounded = true;
            } else {
                double m = fp_to_double(f, round_into(f, hypot(a, b)));
                kern_cdiv(a, b, m, 0.0, &vr, &vi);
            }
            break;
        default:
            return -2;
        }
        if (!rounded) {
            rr = round_into(f, vr);
            ri = round_into(f, vi);
        }
        if (wide) {
            ((uint64_t *)r)[2 * i] = rr;
            ((uint64_t *)r)[2 * i + 1] = ri;
        } else {
            ((uint32_t *)r)[2 * i] = (uint32_t)rr;
            ((uint32_t *)r)[2 * i + 1] = (uint32_t)ri;
        }
    }
    return 0;
}

int kern_unary(kern_unop op, const tensor *x, tensor *r)
{
    et_id t = x->type.elem;
    const et_traits *tr = et_get(t);
    int64_t n = x->count;
    switch (tr->kind) {
    case EK_BOOL:
        if (op != KU_NOT)
            return -2;
        for (int64_t i = 0; i < n; i++)
            ((uint8_t *)r->data)[i] = ((const uint8_t *)x->data)[i] ^ 1;
        return 0;
    case EK_SINT:
    case EK_UINT:
        return int_unary(op, t, x->data, r->data, n);
    case EK_COMPLEX:
        return complex_unary(op, t, x->data, r->data, n);
    case EK_FLOAT:
        break;
    }
    if (op == KU_NOT)
        return -2;
    switch (tr->fmt) {
    case FP_F64: return f64_unary(op, x->data, r->data, n);
    case FP_F32: return f32_unary(op, x->data, r->data, n);
    case FP_BF16:
    case FP_F16: return half_unary(op, tr->fmt, x->data, r->data, n);
    default: return small_unary(op, tr->fmt, x->data, r->data, n);
    }
}
