/* Unary element-wise kernels (SPEC.md 4.9, 4.10, 4.13-4.24, 4.31, 9.5.1).
 * Math functions are class B: the exact operand in binary64, glibc's
 * binary64 function (never the float variants), one rounding into the
 * format. Each storage class has its loops (unary_loops below): formats of
 * 8 bits or fewer evaluate the op once per pattern into a 256-entry table
 * and then map the tensor through it. A class without loops takes the
 * generic loop (kern_generic.h): the per-pattern definition on every
 * element. */
#include <complex.h>

#include "interp/kern.h"
#include "interp/kern_fscalar.h"
#include "interp/kern_generic.h"
#include "interp/kern_mathf32.h"
#include "interp/kern_splat.h"
#include "types/fptables.h"
#include "util/mem.h"

/* A fast loop: x holds n elements of type t, of the storage class the loop
 * was written for, r room for n results; op applies to t
 * (kern_unop_applies). */
typedef irrun_status (*unary_loop)(kern_unop op, et_id t, const void *x, void *r, int64_t n);

typedef double (*kern_mathfn)(double);

static double rsqrt_d(double x) { return 1.0 / sqrt(x); } /* two binary64 roundings, as REF */

/* The glibc function of a class-B op, NULL for the others. */
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
    case KU_TAN: return tan;
    case KU_CBRT: return cbrt;
    case KU_EXPM1: return expm1;
    case KU_LOG1P: return log1p;
    case KU_NEG:
    case KU_ABS:
    case KU_LOGISTIC:
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ:
    case KU_SIGN:
    case KU_NOT:
    case KU_COUNT: break;
    }
    return NULL;
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
 * follows (and the table builder for small formats, and the generic loop). */
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
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ: {
        /* exact: the integral value is representable in the format (E8M0
         * has no zero: a zero result becomes 0x00, decision 22) */
        if (fp_is_nan(f, x))
            return fp_quiet(f, x);
        double d = fp_to_double(f, x);
        /* C's round() rounds ties away from zero, in every rounding mode */
        d = op == KU_FLOOR        ? floor(d)
            : op == KU_CEIL       ? ceil(d)
            : op == KU_ROUND_EVEN ? nearbyint(d)
                                  : round(d);
        return kern_round_into(f, d);
    }
    case KU_LOGISTIC: {
        /* REF's chain: exp(-x) rounded, 1 + e rounded, 1 / d rounded */
        uint64_t one = fp_from_double(f, 1.0, FPR_RNE);
        uint64_t e = kern_round_into(f, exp(fp_to_double(f, neg_pattern(F, x))));
        uint64_t d = fp_arith(f, FPOP_ADD, one, e);
        return fp_arith(f, FPOP_DIV, one, d);
    }
    case KU_SQRT:
    case KU_RSQRT:
    case KU_EXP:
    case KU_LOG:
    case KU_TANH:
    case KU_SIN:
    case KU_COS:
    case KU_TAN:
    case KU_CBRT:
    case KU_EXPM1:
    case KU_LOG1P:
        return kern_round_into(f, math_fn(op)(fp_to_double(f, x)));
    case KU_NOT:
    case KU_COUNT:
        break;
    }
    return x; /* not an op of floats (kern_unop_applies) */
}

static irrun_status small_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint8_t *x = vx;
    uint8_t *r = vr;
    fp_id f = et_get(t)->fmt;
    uint8_t tab[256];
    unsigned count = 1u << fp_fmt(f)->bits;
    for (unsigned p = 0; p < 256; p++)
        tab[p] = p < count ? (uint8_t)flt_unary(f, op, p) : 0;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[x[i]];
    return IRRUN_OK;
}

static inline irrun_status half_unary(kern_unop op, bool bf, fp_id f, const uint16_t *x,
                                      uint16_t *r, int64_t n)
{
    kern_mathfn fn = math_fn(op);
    if (fn && n <= 65536) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn(bf ? kern_bf16_to_f64(x[i]) : kern_f16_to_f64(x[i]));
            if (v != v)
                r[i] = (uint16_t)fp_from_double(f, v, FPR_RNE);
            else
                r[i] = bf ? kern_f64_to_bf16(v) : kern_f64_to_f16(v);
        }
        return IRRUN_OK;
    }
    if (n > 65536) {
        uint16_t *tab = mem_alloc(65536 * sizeof *tab);
        if (!tab)
            return IRRUN_NOMEM;
        for (uint32_t p = 0; p < 65536; p++)
            tab[p] = (uint16_t)flt_unary(f, op, p);
        for (int64_t i = 0; i < n; i++)
            r[i] = tab[x[i]];
        mem_free(tab);
        return IRRUN_OK;
    }
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint16_t)flt_unary(f, op, x[i]);
    return IRRUN_OK;
}

static irrun_status bf16_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    return half_unary(op, true, et_get(t)->fmt, x, r, n);
}

static irrun_status f16_unary(kern_unop op, et_id t, const void *x, void *r, int64_t n)
{
    return half_unary(op, false, et_get(t)->fmt, x, r, n);
}

static irrun_status f32_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint32_t *x = vx;
    uint32_t *r = vr;
    (void)t;
    kern_mathfn fn = math_fn(op);
    if (op == KU_EXP || op == KU_TANH || op == KU_LOG) { /* the same bits, faster (kern_mathf32.h) */
        (op == KU_EXP ? kern_f32_exp : op == KU_TANH ? kern_f32_tanh : kern_f32_log)(x, r, n);
        return IRRUN_OK;
    }
    if (fn) {
        for (int64_t i = 0; i < n; i++) {
            double v = fn((double)bits_to_f32(x[i]));
            r[i] = v != v ? (uint32_t)fp_from_double(FP_F32, v, FPR_RNE) : f32_to_bits((float)v);
        }
        return IRRUN_OK;
    }
    if (op == KU_NEG) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ 0x80000000u;
    } else if (op == KU_ABS) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & 0x7FFFFFFFu;
    } else if (op == KU_ROUND_AFZ || op == KU_FLOOR || op == KU_CEIL || op == KU_ROUND_EVEN) {
        /* an integral value converts back to binary32 exactly */
        for (int64_t i = 0; i < n; i++) {
            double v = (double)bits_to_f32(x[i]);
            if (v != v) {
                r[i] = (uint32_t)fp_quiet(FP_F32, x[i]);
                continue;
            }
            v = op == KU_FLOOR ? floor(v) : op == KU_CEIL ? ceil(v) : op == KU_ROUND_EVEN ? nearbyint(v) : round(v);
            r[i] = f32_to_bits((float)v);
        }
    } else if (op == KU_SIGN) {
        /* NaN and zeros are their own sign; the rest +-1 */
        for (int64_t i = 0; i < n; i++) {
            uint32_t mag = x[i] & 0x7FFFFFFFu;
            r[i] = mag == 0 || mag > 0x7F800000u ? x[i] : (x[i] & 0x80000000u) | 0x3F800000u;
        }
    } else {
        for (int64_t i = 0; i < n; i++)
            r[i] = (uint32_t)flt_unary(FP_F32, op, x[i]);
    }
    return IRRUN_OK;
}

static irrun_status f64_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint64_t *x = vx;
    uint64_t *r = vr;
    (void)t;
    kern_mathfn fn = math_fn(op);
    if (fn) {
        for (int64_t i = 0; i < n; i++)
            r[i] = f64_to_bits(fn(bits_to_f64(x[i])));
        return IRRUN_OK;
    }
    if (op == KU_NEG) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] ^ (UINT64_C(1) << 63);
    } else if (op == KU_ABS) {
        for (int64_t i = 0; i < n; i++)
            r[i] = x[i] & ~(UINT64_C(1) << 63);
    } else if (op == KU_ROUND_AFZ || op == KU_FLOOR || op == KU_CEIL || op == KU_ROUND_EVEN) {
        for (int64_t i = 0; i < n; i++) {
            double v = bits_to_f64(x[i]);
            if (v != v) {
                r[i] = fp_quiet(FP_F64, x[i]);
                continue;
            }
            v = op == KU_FLOOR ? floor(v) : op == KU_CEIL ? ceil(v) : op == KU_ROUND_EVEN ? nearbyint(v) : round(v);
            r[i] = f64_to_bits(v);
        }
    } else if (op == KU_SIGN) {
        const uint64_t sign = UINT64_C(1) << 63, inf = UINT64_C(0x7FF0000000000000);
        for (int64_t i = 0; i < n; i++) {
            uint64_t mag = x[i] & ~sign;
            r[i] = mag == 0 || mag > inf ? x[i] : (x[i] & sign) | UINT64_C(0x3FF0000000000000);
        }
    } else {
        for (int64_t i = 0; i < n; i++)
            r[i] = flt_unary(FP_F64, op, x[i]);
    }
    return IRRUN_OK;
}

/* Unsigned types share these loops: negate and not give the same bits
 * whichever way the storage is read (abs and sign of unsigned types do not
 * apply). */
#define INT_UNARY(NAME, T, UT)                                                  \
    static irrun_status NAME(kern_unop op, et_id t, const void *vx, void *vr,   \
                             int64_t n)                                         \
    {                                                                           \
        const T *x = vx;                                                        \
        T *r = vr;                                                              \
        if (op == KU_NEG) {                                                     \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)((UT)0 - (UT)x[i]);                                   \
        } else if (op == KU_ABS) {                                              \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = x[i] < 0 ? (T)((UT)0 - (UT)x[i]) : x[i];                 \
        } else if (op == KU_SIGN) {                                             \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)((x[i] > 0) - (x[i] < 0));                            \
        } else if (op == KU_NOT) {                                              \
            for (int64_t i = 0; i < n; i++)                                     \
                r[i] = (T)~(UT)x[i];                                            \
        } else {                                                                \
            return IRRUN_UNSUPPORTED;                                           \
        }                                                                       \
        kern_int_normalize(t, r, n);                                            \
        return IRRUN_OK;                                                        \
    }

INT_UNARY(un_i8, int8_t, uint8_t)
INT_UNARY(un_i16, int16_t, uint16_t)
INT_UNARY(un_i32, int32_t, uint32_t)
INT_UNARY(un_i64, int64_t, uint64_t)

static irrun_status bool_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint8_t *x = vx;
    uint8_t *r = vr;
    (void)t;
    if (op != KU_NOT)
        return IRRUN_UNSUPPORTED;
    for (int64_t i = 0; i < n; i++)
        r[i] = x[i] ^ 1;
    return IRRUN_OK;
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

/* The op on one complex element with parts (xr, xi) of format f; abs sets
 * only *rr (its result has the part type). */
static void complex_elem(fp_id f, kern_unop op, uint64_t xr, uint64_t xi, uint64_t *rr,
                         uint64_t *ri)
{
    double a = fp_to_double(f, xr), b = fp_to_double(f, xi);
    double vr = 0, vi = 0;
    switch (op) {
    case KU_NEG:
        *rr = xr ^ fp_fmt(f)->sign_mask;
        *ri = xi ^ fp_fmt(f)->sign_mask;
        return;
    case KU_ABS:
        *rr = kern_round_into(f, hypot(a, b));
        return;
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
    case KU_TAN: parts(ctan(mk(a, b)), &vr, &vi); break;
    case KU_CBRT: {
        /* REF's formula (SPEC.md 9.5.1), not cpow(z, 1/3) */
        double th = atan2(b, a) / 3;
        double rho = pow(pow(a, 2) + pow(b, 2), 1.0 / 6.0);
        vr = rho * cos(th);
        vi = rho * sin(th);
        break;
    }
    case KU_EXPM1:
        /* cexp(z) - (1, 0) part-wise in binary64: -0 - 0 stays -0 */
        parts(cexp(mk(a, b)), &vr, &vi);
        vr -= 1.0;
        vi -= 0.0;
        break;
    case KU_LOG1P:
        /* clog((re + 1, im + 0)): im + 0 turns -0 into +0 (SPEC.md 9.5.1) */
        parts(clog(mk(a + 1.0, b + 0.0)), &vr, &vi);
        break;
    case KU_LOGISTIC: {
        /* negate, cexp rounded per part, part-wise class-A add of
         * (1, +0), C99 division of (1, 0) by it rounded per part */
        double er, ei;
        parts(cexp(mk(-a, -b)), &er, &ei);
        uint64_t one = kern_round_into(f, 1.0);
        uint64_t dr = fp_arith(f, FPOP_ADD, one, kern_round_into(f, er));
        uint64_t di = fp_arith(f, FPOP_ADD, 0, kern_round_into(f, ei));
        kern_cdiv(1.0, 0.0, fp_to_double(f, dr), fp_to_double(f, di), &vr, &vi);
        break;
    }
    case KU_SIGN:
        if (a != a || b != b) {
            *rr = *ri = fp_fmt(f)->canon_nan;
            return;
        }
        if (a == 0 && b == 0) {
            *rr = *ri = 0;
            return;
        }
        kern_cdiv(a, b, fp_to_double(f, kern_round_into(f, hypot(a, b))), 0.0, &vr, &vi);
        break;
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ:
    case KU_NOT:
    case KU_COUNT:
        break; /* not ops of complex types (kern_unop_applies) */
    }
    *rr = kern_round_into(f, vr);
    *ri = kern_round_into(f, vi);
}

static irrun_status c64_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint32_t *x = vx;
    uint32_t *r = vr;
    (void)t;
    for (int64_t i = 0; i < n; i++) {
        uint64_t rr, ri;
        complex_elem(FP_F32, op, x[2 * i], x[2 * i + 1], &rr, &ri);
        if (op == KU_ABS) {
            r[i] = (uint32_t)rr;
        } else {
            r[2 * i] = (uint32_t)rr;
            r[2 * i + 1] = (uint32_t)ri;
        }
    }
    return IRRUN_OK;
}

static irrun_status c128_unary(kern_unop op, et_id t, const void *vx, void *vr, int64_t n)
{
    const uint64_t *x = vx;
    uint64_t *r = vr;
    (void)t;
    for (int64_t i = 0; i < n; i++) {
        uint64_t rr, ri;
        complex_elem(FP_F64, op, x[2 * i], x[2 * i + 1], &rr, &ri);
        if (op == KU_ABS) {
            r[i] = rr;
        } else {
            r[2 * i] = rr;
            r[2 * i + 1] = ri;
        }
    }
    return IRRUN_OK;
}

static const unary_loop unary_loops[ES_COUNT] = {
    [ES_BOOL] = bool_unary,
    [ES_S8] = un_i8,
    [ES_S16] = un_i16,
    [ES_S32] = un_i32,
    [ES_S64] = un_i64,
    [ES_U8] = un_i8,
    [ES_U16] = un_i16,
    [ES_U32] = un_i32,
    [ES_U64] = un_i64,
    [ES_FBYTE] = small_unary,
    [ES_BF16] = bf16_unary,
    [ES_F16] = f16_unary,
    [ES_F32] = f32_unary,
    [ES_F64] = f64_unary,
    [ES_C64] = c64_unary,
    [ES_C128] = c128_unary,
    [ES_FLOAT] = NULL,
};

/* The element kinds each op exists for: one bit per et_kind. */
#define K_(k) (1u << (k))
#define K_FLOATING (K_(EK_FLOAT) | K_(EK_COMPLEX))
static const unsigned unop_kinds[KU_COUNT] = {
    [KU_NEG] = K_(EK_SINT) | K_(EK_UINT) | K_FLOATING,
    [KU_ABS] = K_(EK_SINT) | K_FLOATING,
    [KU_SQRT] = K_FLOATING,
    [KU_RSQRT] = K_FLOATING,
    [KU_EXP] = K_FLOATING,
    [KU_LOG] = K_FLOATING,
    [KU_TANH] = K_FLOATING,
    [KU_SIN] = K_FLOATING,
    [KU_COS] = K_FLOATING,
    [KU_TAN] = K_FLOATING,
    [KU_CBRT] = K_FLOATING,
    [KU_EXPM1] = K_FLOATING,
    [KU_LOG1P] = K_FLOATING,
    [KU_LOGISTIC] = K_FLOATING,
    [KU_FLOOR] = K_(EK_FLOAT),
    [KU_CEIL] = K_(EK_FLOAT),
    [KU_ROUND_EVEN] = K_(EK_FLOAT),
    [KU_ROUND_AFZ] = K_(EK_FLOAT),
    [KU_SIGN] = K_(EK_SINT) | K_FLOATING,
    [KU_NOT] = K_(EK_BOOL) | K_(EK_SINT) | K_(EK_UINT),
};

bool kern_unop_applies(et_kind k, kern_unop op)
{
    return op < KU_COUNT && (unop_kinds[op] >> k & 1u);
}

static irrun_status unary_each(const void *ctx, const tensor *const *x, tensor *r)
{
    return kern_unary(*(const kern_unop *)ctx, x[0], r);
}

irrun_status kern_unary(kern_unop op, const tensor *x, tensor *r)
{
    if (kern_any_splat(x, NULL, NULL, r))
        return kern_splat_each(unary_each, &op, &x, 1, r);
    et_id t = x->type.elem;
    if (!kern_unop_applies(et_get(t)->kind, op))
        return IRRUN_UNSUPPORTED;
    unary_loop loop = unary_loops[et_get(t)->storage];
    if (!loop)
        return kern_unary_generic(op, x, r);
    return loop(op, t, x->data, r->data, x->count);
}

/* --- the generic loop --------------------------------------------------- */

/* Integers and booleans on value bits; the store keeps the low ones. */
static uint64_t int_elem(et_id t, kern_unop op, uint64_t x)
{
    int64_t s = et_sign_extend(t, x);
    switch (op) {
    case KU_NEG: return 0 - x;
    case KU_ABS: return s < 0 ? 0 - x : x;
    case KU_SIGN: return (uint64_t)(int64_t)((s > 0) - (s < 0));
    case KU_NOT: return ~x;
    case KU_SQRT:
    case KU_RSQRT:
    case KU_EXP:
    case KU_LOG:
    case KU_TANH:
    case KU_SIN:
    case KU_COS:
    case KU_TAN:
    case KU_CBRT:
    case KU_EXPM1:
    case KU_LOG1P:
    case KU_LOGISTIC:
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ:
    case KU_COUNT: break;
    }
    return x; /* not an op of integers (kern_unop_applies) */
}

irrun_status kern_unary_generic(kern_unop op, const tensor *x, tensor *r)
{
    et_id t = x->type.elem, rt = r->type.elem;
    const et_traits *tr = et_get(t);
    if (!kern_unop_applies(tr->kind, op))
        return IRRUN_UNSUPPORTED;
    size_t es = tr->bytes, rs = et_get(rt)->bytes;
    const unsigned char *px = x->data;
    unsigned char *pr = r->data;
    for (int64_t i = 0; i < x->count; i++) {
        const unsigned char *e = px + i * es;
        switch (tr->kind) {
        case EK_BOOL:
        case EK_SINT:
        case EK_UINT:
            et_store_bits(t, pr + i * rs, int_elem(t, op, et_load_bits(t, e)));
            break;
        case EK_FLOAT:
            et_store_bits(t, pr + i * rs, flt_unary(tr->fmt, op, et_load_bits(t, e)));
            break;
        case EK_COMPLEX: {
            et_id p = et_part(t);
            size_t h = et_get(p)->bytes;
            uint64_t rr, ri;
            complex_elem(tr->fmt, op, et_load_bits(p, e), et_load_bits(p, e + h), &rr, &ri);
            et_store_bits(p, pr + i * rs, rr);
            if (op != KU_ABS)
                et_store_bits(p, pr + i * rs + h, ri);
            break;
        }
        }
    }
    return IRRUN_OK;
}
