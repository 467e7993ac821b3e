/* The definition of every complex op on one element (kern_complex_def.h):
 * C99 division, glibc's complex functions on the parts in binary64, REF's
 * cube root and atan2 steps, each part rounded into the part format. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "kernels/complex/kern_complex_def.h"
#include "kernels/math/kern_ieee.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_mathf32.h"
#include "types/etype.h"
#include "types/fparith.h"
#include "util/bitcast.h"

/* x op y as an x86 SSE instruction whose first source is x: when both are
 * NaN the result is x quieted, when one is, that one quieted. C leaves
 * the order of a commutative operation's operands to the compiler, so the
 * NaN the hardware keeps is chosen here explicitly. */
static double nan_of_first(double x, double y)
{
    uint64_t u;
    memcpy(&u, x != x ? &x : &y, sizeof u);
    u |= UINT64_C(1) << 51;
    double q;
    memcpy(&q, &u, sizeof q);
    return q;
}

static double x86_add(double x, double y) { return x != x || y != y ? nan_of_first(x, y) : x + y; }

static double x86_mul(double x, double y) { return x != x || y != y ? nan_of_first(x, y) : x * y; }

void kern_cbrt_ref(double a, double b, double *re, double *im)
{
    /* REF's formula (SPEC.md 9.5.1), not cpow(z, 1/3), with the operand
     * order REF's binary gives it (clang -O3 on x86-64): s = b*b + a*a,
     * real part cos(theta)*rho, imaginary part rho*sin(theta). The order
     * only shows when both parts are NaN (decision 11's note in
     * docs/semantics.md): the real part keeps the real NaN (atan2 returns
     * its x's), the imaginary part the imaginary one. */
    double th = atan2(b, a) / 3;
    double rho = pow(x86_add(x86_mul(b, b), x86_mul(a, a)), 1.0 / 6.0);
    *re = x86_mul(cos(th), rho);
    *im = x86_mul(rho, sin(th));
}

/* ---- unary ops ---- */

static void parts(double _Complex z, double *re, double *im)
{
    double p[2];
    memcpy(p, &z, sizeof p);
    *re = p[0];
    *im = p[1];
}

/* A binary64 result rounded into the part format f; quick: binary32
 * results by the conversion instruction, which rounds to nearest-even as
 * fp_from_double does (f32_unary relies on the same), NaNs excepted. The
 * generic loop keeps the general routine. */
static inline uint64_t round_part(fp_id f, double v, bool quick)
{
    if (quick && f == FP_F32 && v == v)
        return f32_to_bits((float)v);
    return kern_round_into(f, v);
}

/* The op on one complex element with parts (xr, xi) of format f; abs sets
 * only *rr (its result has the part type). quick: round_part's. */
void kern_complex_unary_def(fp_id f, kern_unop op, uint64_t xr, uint64_t xi, uint64_t *rr, uint64_t *ri,
                            bool quick)
{
    double a = fp_to_double(f, xr), b = fp_to_double(f, xi);
    double vr = 0, vi = 0;
    switch (op) {
    case KU_NEG:
        *rr = xr ^ fp_fmt(f)->sign_mask;
        *ri = xi ^ fp_fmt(f)->sign_mask;
        return;
    case KU_ABS:
        *rr = round_part(f, hypot(a, b), quick);
        return;
    case KU_SQRT: parts(csqrt(kern_cmake(a, b)), &vr, &vi); break;
    case KU_RSQRT: {
        double sr, si;
        parts(csqrt(kern_cmake(a, b)), &sr, &si);
        kern_cdiv(1.0, 0.0, sr, si, &vr, &vi);
        break;
    }
    case KU_EXP: parts(cexp(kern_cmake(a, b)), &vr, &vi); break;
    case KU_LOG: parts(clog(kern_cmake(a, b)), &vr, &vi); break;
    case KU_TANH: parts(ctanh(kern_cmake(a, b)), &vr, &vi); break;
    case KU_SIN: parts(csin(kern_cmake(a, b)), &vr, &vi); break;
    case KU_COS: parts(ccos(kern_cmake(a, b)), &vr, &vi); break;
    case KU_TAN: parts(ctan(kern_cmake(a, b)), &vr, &vi); break;
    case KU_CBRT: kern_cbrt_ref(a, b, &vr, &vi); break;
    case KU_EXPM1:
        /* cexp(z) - (1, 0) part-wise in binary64: -0 - 0 stays -0 */
        parts(cexp(kern_cmake(a, b)), &vr, &vi);
        vr -= 1.0;
        vi -= 0.0;
        break;
    case KU_LOG1P:
        /* clog((re + 1, im + 0)): im + 0 turns -0 into +0 (SPEC.md 9.5.1) */
        parts(clog(kern_cmake(a + 1.0, b + 0.0)), &vr, &vi);
        break;
    case KU_LOGISTIC: {
        /* negate, cexp rounded per part, part-wise class-A add of
         * (1, +0), C99 division of (1, 0) by it rounded per part */
        double er, ei;
        parts(cexp(kern_cmake(-a, -b)), &er, &ei);
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
    *rr = round_part(f, vr, quick);
    *ri = round_part(f, vi, quick);
}


void kern_c64_unary_def(kern_unop op, const uint32_t *x, uint32_t *r)
{
    uint64_t rr, ri;
    kern_complex_unary_def(FP_F32, op, x[0], x[1], &rr, &ri, true);
    r[0] = (uint32_t)rr;
    r[1] = (uint32_t)ri;
}

/* ---- binary ops ---- */

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
    return wide ? f64_to_bits(d) : kern_f32_round_classb(d);
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

/* 4.6's complex product: four rounded products, then a rounded difference
 * and sum. */
static void part_cmul(bool wide, uint64_t ar, uint64_t ai, uint64_t br, uint64_t bi, uint64_t *rr,
                      uint64_t *ri)
{
    uint64_t ac = part_arith(wide, FPOP_MUL, ar, br), bd = part_arith(wide, FPOP_MUL, ai, bi);
    uint64_t ad = part_arith(wide, FPOP_MUL, ar, bi), bc = part_arith(wide, FPOP_MUL, ai, br);
    *rr = part_arith(wide, FPOP_SUB, ac, bd);
    *ri = part_arith(wide, FPOP_ADD, ad, bc);
}

/* A binary64 complex value rounded part by part. */
static void part_round_c(bool wide, double _Complex z, uint64_t *rr, uint64_t *ri)
{
    double p[2];
    memcpy(p, &z, sizeof p);
    *rr = part_round(wide, p[0]);
    *ri = part_round(wide, p[1]);
}

/* REF's complex atan2(y, x) (SPEC.md 9.5.1), every step rounded into the
 * part format: num = x + i*y, den = csqrt(x*x + y*y), l = clog(num / den),
 * r = -i * l, with 4.6's product, part-wise class-A sums, C99 division and
 * glibc's csqrt and clog rounded per part. The generic loop spells the same
 * steps with fp_arith. */
static void part_catan2(bool wide, uint64_t yr, uint64_t yi, uint64_t xr, uint64_t xi,
                        uint64_t *rr, uint64_t *ri)
{
    uint64_t one = wide ? f64_to_bits(1.0) : f32_to_bits(1.0f);
    uint64_t sign = wide ? UINT64_C(1) << 63 : UINT64_C(1) << 31;
    uint64_t iyr, iyi, nr, ni, xxr, xxi, yyr, yyi, dr, di, qr, qi, lr, li;
    part_cmul(wide, 0, one, yr, yi, &iyr, &iyi);
    nr = part_arith(wide, FPOP_ADD, xr, iyr);
    ni = part_arith(wide, FPOP_ADD, xi, iyi);
    part_cmul(wide, xr, xi, xr, xi, &xxr, &xxi);
    part_cmul(wide, yr, yi, yr, yi, &yyr, &yyi);
    part_round_c(wide,
                 csqrt(kern_cmake(part_value(wide, part_arith(wide, FPOP_ADD, xxr, yyr)),
                           part_value(wide, part_arith(wide, FPOP_ADD, xxi, yyi)))),
                 &dr, &di);
    double vr, vi;
    kern_cdiv(part_value(wide, nr), part_value(wide, ni), part_value(wide, dr), part_value(wide, di),
              &vr, &vi);
    qr = part_round(wide, vr);
    qi = part_round(wide, vi);
    part_round_c(wide, clog(kern_cmake(part_value(wide, qr), part_value(wide, qi))), &lr, &li);
    part_cmul(wide, sign, sign | one, lr, li, rr, ri);
}


/* One element of a complex op that has no fast loop, or of one whose fast
 * loop is out (the parts' bits in ar ... bi, of f64 parts when wide, else
 * f32); false for the ops complex types do not have. */
bool kern_complex_binary_def(kern_binop op, bool wide, uint64_t ar, uint64_t ai, uint64_t br, uint64_t bi,
                             uint64_t *rr, uint64_t *ri)
{
    switch (op) {
    case KB_ADD:
    case KB_SUB: {
        fp_binop fo = op == KB_ADD ? FPOP_ADD : FPOP_SUB;
        *rr = part_arith(wide, fo, ar, br);
        *ri = part_arith(wide, fo, ai, bi);
        break;
    }
    case KB_MUL:
        part_cmul(wide, ar, ai, br, bi, rr, ri);
        break;
    case KB_DIV: {
        double xr, xi;
        kern_cdiv(part_value(wide, ar), part_value(wide, ai), part_value(wide, br),
                  part_value(wide, bi), &xr, &xi);
        *rr = part_round(wide, xr);
        *ri = part_round(wide, xi);
        break;
    }
    case KB_POW:
        part_round_c(wide,
                     cpow(kern_cmake(part_value(wide, ar), part_value(wide, ai)),
                          kern_cmake(part_value(wide, br), part_value(wide, bi))),
                     rr, ri);
        break;
    case KB_ATAN2:
        part_catan2(wide, ar, ai, br, bi, rr, ri);
        break;
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
        *rr = take_a ? ar : br;
        *ri = take_a ? ai : bi;
        break;
    }
    case KB_REM:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT:
        return false;
    }
    return true;
}

void kern_c64_binary_def(kern_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    uint64_t rr = 0, ri = 0;
    kern_complex_binary_def(op, false, a[0], a[1], b[0], b[1], &rr, &ri);
    r[0] = (uint32_t)rr;
    r[1] = (uint32_t)ri;
}

static void generic_cmul(fp_id f, uint64_t ar, uint64_t ai, uint64_t br, uint64_t bi, uint64_t *rr,
                         uint64_t *ri)
{
    uint64_t ac = fp_arith(f, FPOP_MUL, ar, br), bd = fp_arith(f, FPOP_MUL, ai, bi);
    uint64_t ad = fp_arith(f, FPOP_MUL, ar, bi), bc = fp_arith(f, FPOP_MUL, ai, br);
    *rr = fp_arith(f, FPOP_SUB, ac, bd);
    *ri = fp_arith(f, FPOP_ADD, ad, bc);
}

static void generic_round_c(fp_id f, double _Complex z, uint64_t *rr, uint64_t *ri)
{
    *rr = kern_round_into(f, creal(z));
    *ri = kern_round_into(f, cimag(z));
}

/* part_catan2's steps on exact scalar routines. */
static void generic_catan2(fp_id f, uint64_t yr, uint64_t yi, uint64_t xr, uint64_t xi,
                           uint64_t *rr, uint64_t *ri)
{
    uint64_t one = fp_from_double(f, 1.0, FPR_RNE), sign = fp_fmt(f)->sign_mask;
    uint64_t iyr, iyi, xxr, xxi, yyr, yyi, dr, di, lr, li;
    generic_cmul(f, 0, one, yr, yi, &iyr, &iyi);
    double nr = fp_to_double(f, fp_arith(f, FPOP_ADD, xr, iyr));
    double ni = fp_to_double(f, fp_arith(f, FPOP_ADD, xi, iyi));
    generic_cmul(f, xr, xi, xr, xi, &xxr, &xxi);
    generic_cmul(f, yr, yi, yr, yi, &yyr, &yyi);
    generic_round_c(f,
                    csqrt(kern_cmake(fp_to_double(f, fp_arith(f, FPOP_ADD, xxr, yyr)),
                              fp_to_double(f, fp_arith(f, FPOP_ADD, xxi, yyi)))),
                    &dr, &di);
    double qr, qi;
    kern_cdiv(nr, ni, fp_to_double(f, dr), fp_to_double(f, di), &qr, &qi);
    generic_round_c(f,
                    clog(kern_cmake(fp_to_double(f, kern_round_into(f, qr)),
                             fp_to_double(f, kern_round_into(f, qi)))),
                    &lr, &li);
    generic_cmul(f, sign, sign | one, lr, li, rr, ri);
}

/* Complex: the fast loop's steps with fp_arith on the parts' format. */
void kern_complex_binary_elem(et_id t, kern_binop op, const void *vpa, const void *vpb, void *vpr)
{
    const unsigned char *pa = vpa, *pb = vpb;
    unsigned char *pr = vpr;
    et_id p = et_part(t);
    fp_id f = et_get(p)->fmt;
    size_t h = et_get(p)->bytes;
    uint64_t ar = et_load_bits(p, pa), ai = et_load_bits(p, pa + h);
    uint64_t br = et_load_bits(p, pb), bi = et_load_bits(p, pb + h);
    uint64_t rr = 0, ri = 0;
    switch (op) {
    case KB_ADD:
    case KB_SUB:
        rr = fp_arith(f, op == KB_ADD ? FPOP_ADD : FPOP_SUB, ar, br);
        ri = fp_arith(f, op == KB_ADD ? FPOP_ADD : FPOP_SUB, ai, bi);
        break;
    case KB_MUL:
        generic_cmul(f, ar, ai, br, bi, &rr, &ri);
        break;
    case KB_DIV: {
        double xr, xi;
        kern_cdiv(fp_to_double(f, ar), fp_to_double(f, ai), fp_to_double(f, br),
                  fp_to_double(f, bi), &xr, &xi);
        rr = kern_round_into(f, xr);
        ri = kern_round_into(f, xi);
        break;
    }
    case KB_POW:
        generic_round_c(f, cpow(kern_cmake(fp_to_double(f, ar), fp_to_double(f, ai)),
                                kern_cmake(fp_to_double(f, br), fp_to_double(f, bi))),
                        &rr, &ri);
        break;
    case KB_ATAN2:
        generic_catan2(f, ar, ai, br, bi, &rr, &ri);
        break;
    case KB_MAX:
    case KB_MIN: {
        int c = fp_compare(f, ar, br), want = op == KB_MAX ? 1 : -1;
        bool take_a = c == 0 ? fp_compare(f, ai, bi) == want : c == want;
        rr = take_a ? ar : br;
        ri = take_a ? ai : bi;
        break;
    }
    case KB_REM:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT:
        break;
    }
    et_store_bits(p, pr, rr);
    et_store_bits(p, pr + h, ri);
}
