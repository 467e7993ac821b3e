/* lgamma and digamma (docs/chlo.md): Lanczos' approximation (g = 7, n = 9)
 * with Euler's reflection below 1/2; f16 and bf16 through f32. */
#include <math.h>

#include "chlo/chlo_coeffs.h"
#include "chlo/chlo_ops.h"

#define lanczos_g chlo_lanczos_g
#define lanczos_base chlo_lanczos_base
#define lanczos_c chlo_lanczos_c

/* log(t) for t = g + 1/2 + z, as log(g + 1/2) + log_plus_one(z / (g + 1/2)). */
static chlo_v log_t(chlo_b *b, chlo_v x, chlo_v z, chlo_v *t)
{
    chlo_v gh = chlo_like(b, lanczos_g + 0.5, x);
    *t = chlo_add(b, gh, z);
    chlo_v lt = chlo_like(b, log(lanczos_g + 0.5), x);
    chlo_v l1 = chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_div(b, z, gh));
    return chlo_add(b, lt, l1);
}

static chlo_v lgamma_f(chlo_b *b, chlo_v x)
{
    chlo_v half = chlo_like(b, 0.5, x);
    chlo_v reflect = chlo_cmp(b, IR_CMP_LT, x, half);
    chlo_v negx = chlo_un(b, IR_OP_NEGATE, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v xm1 = chlo_sub(b, x, one);
    chlo_v z = chlo_select(b, reflect, negx, xm1);
    chlo_v a = chlo_like(b, lanczos_base, x);
    for (int i = 0; i < 8; i++) {
        chlo_v c = chlo_like(b, lanczos_c[i], x);
        chlo_v k = chlo_like(b, i + 1, x);
        a = chlo_add(b, a, chlo_div(b, c, chlo_add(b, z, k)));
    }
    chlo_v t;
    chlo_v logt = log_t(b, x, z, &t);
    chlo_v tdl = chlo_div(b, t, logt);
    chlo_v sum = chlo_sub(b, chlo_add(b, z, half), tdl);
    chlo_v r = chlo_mul(b, sum, logt);
    chlo_v loga = chlo_un(b, IR_OP_LOG, a);
    chlo_v lg = chlo_add(b, chlo_add(b, chlo_like(b, (log(2) + log(M_PI)) / 2, x), r), loga);
    /* the reflection: log(pi) - log(sin(pi * frac)) - lgamma(1 - x), frac =
     * |x| - floor(|x|) folded to 1 - frac above 1/2 */
    chlo_v ax = chlo_un(b, IR_OP_ABS, x);
    chlo_v frac = chlo_sub(b, ax, chlo_un(b, IR_OP_FLOOR, ax));
    chlo_v fold = chlo_cmp(b, IR_CMP_LT, half, frac);
    frac = chlo_select(b, fold, chlo_sub(b, one, frac), frac);
    chlo_v den = chlo_un(b, IR_OP_LOG, chlo_un(b, IR_OP_SINE, chlo_mul(b, chlo_like(b, M_PI, x), frac)));
    chlo_v refl = chlo_sub(b, chlo_sub(b, chlo_like(b, log(M_PI), x), den), lg);
    tensor_type pt = den.t;
    pt.elem = ET_I1;
    chlo_v fin = chlo_op(b, IR_OP_IS_FINITE, &den, 1, &pt);
    refl = chlo_select(b, fin, refl, chlo_un(b, IR_OP_NEGATE, den));
    lg = chlo_select(b, reflect, refl, lg);
    /* lgamma(+-Inf) = +Inf (chlo.is_inf: |x| == +Inf) */
    chlo_v ax2 = chlo_un(b, IR_OP_ABS, x);
    chlo_v isinf = chlo_cmp(b, IR_CMP_EQ, ax2, chlo_like(b, INFINITY, ax2));
    return chlo_select(b, isinf, chlo_like(b, INFINITY, x), lg);
}

static chlo_v digamma_f(chlo_b *b, chlo_v x)
{
    chlo_v half = chlo_like(b, 0.5, x);
    chlo_v reflect = chlo_cmp(b, IR_CMP_LT, x, half);
    chlo_v negx = chlo_un(b, IR_OP_NEGATE, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v xm1 = chlo_sub(b, x, one);
    chlo_v z = chlo_select(b, reflect, negx, xm1);
    chlo_v zero = chlo_like(b, 0.0, x);
    chlo_v a = chlo_like(b, lanczos_base, x);
    chlo_v ap = zero;
    for (int i = 0; i < 8; i++) {
        chlo_v c = chlo_like(b, lanczos_c[i], x);
        chlo_v k = chlo_like(b, i + 1, x);
        chlo_v zk = chlo_add(b, z, k);
        ap = chlo_sub(b, ap, chlo_div(b, c, chlo_mul(b, zk, zk)));
        a = chlo_add(b, a, chlo_div(b, c, zk));
    }
    chlo_v t;
    chlo_v logt = log_t(b, x, z, &t);
    chlo_v apa = chlo_div(b, ap, a);
    chlo_v gdt = chlo_div(b, chlo_like(b, lanczos_g, x), t);
    chlo_v dg = chlo_sub(b, chlo_add(b, logt, apa), gdt);
    /* the reflection: digamma(1 - x) - pi cos(pi r) / sin(pi r), r = x +
     * |floor(x + 1/2)| */
    chlo_v rx = chlo_add(b, x, chlo_un(b, IR_OP_ABS, chlo_un(b, IR_OP_FLOOR, chlo_add(b, x, chlo_like(b, 0.5, x)))));
    chlo_v pi = chlo_like(b, M_PI, x);
    chlo_v pr = chlo_mul(b, pi, rx);
    chlo_v c = chlo_un(b, IR_OP_COSINE, pr);
    chlo_v s = chlo_un(b, IR_OP_SINE, pr);
    chlo_v refl = chlo_sub(b, dg, chlo_div(b, chlo_mul(b, pi, c), s));
    dg = chlo_select(b, reflect, refl, dg);
    /* NaN at the poles, the integers <= 0 */
    chlo_v le0 = chlo_cmp(b, IR_CMP_LE, x, zero);
    chlo_v isint = chlo_cmp(b, IR_CMP_EQ, x, chlo_un(b, IR_OP_FLOOR, x));
    chlo_v pole = chlo_bin(b, IR_OP_AND, le0, isint);
    return chlo_select(b, pole, chlo_like(b, NAN, x), dg);
}

chlo_v chlo_lgamma(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_in_f32(b, x[0], lgamma_f);
}

chlo_v chlo_digamma(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_in_f32(b, x[0], digamma_f);
}

/* The Euler-Maclaurin coefficients of the pass's zeta (Johansson, (5)). */
static const double zeta_c[12] = { -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
                                   1.1646782814350067249e14, -2.950130727918164224e12,  7.47242496e10,
                                   -1.8924375803183791606e9, 47900160.0,               -1209600.0,
                                   30240.0,                  -720.0,                   12.0 };

/* Hurwitz zeta(x, q) in f32 or f64: a sum of 10 powers, the Euler-Maclaurin
 * correction by Horner's rule over 12 terms, then the domain selects. */
static chlo_v zeta_f(chlo_b *b, chlo_v x, chlo_v q)
{
    chlo_v zero = chlo_like(b, 0.0, q);
    chlo_v one = chlo_like(b, 1.0, q);
    chlo_v acc = q;
    chlo_v negx = chlo_un(b, IR_OP_NEGATE, x);
    chlo_v psum = chlo_bin(b, IR_OP_POWER, q, negx);
    chlo_v qnp;
    for (int i = 0; i < 9; i++) {
        acc = chlo_add(b, acc, one);
        qnp = chlo_bin(b, IR_OP_POWER, acc, negx);
        psum = chlo_add(b, psum, qnp);
    }
    acc = chlo_add(b, acc, one);
    qnp = chlo_bin(b, IR_OP_POWER, acc, negx);
    chlo_v one_x = chlo_like(b, 1.0, x);
    chlo_v corr = chlo_div(b, chlo_mul(b, qnp, acc), chlo_sub(b, x, one_x));
    chlo_v rsq = chlo_div(b, one, chlo_mul(b, acc, acc));
    chlo_v hsum = zero;
    for (int i = 0; i < 11; i++) {
        chlo_v fl = chlo_add(b, x, chlo_like(b, 22 - 2 * i, x));
        chlo_v fr = chlo_add(b, x, chlo_like(b, 21 - 2 * i, x));
        chlo_v hp = chlo_mul(b, fl, fr);
        hsum = chlo_mul(b, hp, chlo_mul(b, rsq, chlo_add(b, hsum, chlo_like(b, 1. / zeta_c[i], acc))));
    }
    chlo_v half = chlo_like(b, .5, qnp);
    chlo_v xda = chlo_div(b, x, acc);
    chlo_v tail = chlo_mul(b, qnp, chlo_add(b, half, chlo_mul(b, xda, chlo_add(b, chlo_like(b, 1. / zeta_c[11], acc), hsum))));
    chlo_v accurate = chlo_add(b, chlo_add(b, psum, corr), tail);
    chlo_v tiny = chlo_like_bits(b, 1, acc); /* the smallest subnormal */
    chlo_v enough = chlo_cmp(b, IR_CMP_LT, chlo_un(b, IR_OP_ABS, qnp), chlo_mul(b, chlo_un(b, IR_OP_ABS, psum), tiny));
    chlo_v out = chlo_select(b, enough, psum, accurate);
    chlo_v nan = chlo_like(b, NAN, x);
    out = chlo_select(b, chlo_cmp(b, IR_CMP_LT, x, one_x), nan, out);
    chlo_v qle0 = chlo_cmp(b, IR_CMP_LE, q, zero);
    chlo_v xnotint = chlo_cmp(b, IR_CMP_NE, x, chlo_un(b, IR_OP_FLOOR, x));
    out = chlo_select(b, chlo_bin(b, IR_OP_AND, qle0, xnotint), nan, out);
    chlo_v inf = chlo_like(b, INFINITY, x);
    chlo_v qisint = chlo_cmp(b, IR_CMP_EQ, q, chlo_un(b, IR_OP_FLOOR, q));
    chlo_v pole = chlo_bin(b, IR_OP_AND, qle0, qisint);
    chlo_v two = chlo_like(b, 2.0, x);
    chlo_v xisint = chlo_cmp(b, IR_CMP_EQ, x, chlo_un(b, IR_OP_FLOOR, x));
    chlo_v xeven = chlo_cmp(b, IR_CMP_EQ, chlo_bin(b, IR_OP_REMAINDER, x, two), zero);
    chlo_v evenint = chlo_bin(b, IR_OP_AND, xisint, xeven);
    out = chlo_select(b, pole, chlo_select(b, evenint, inf, nan), out);
    return chlo_select(b, chlo_cmp(b, IR_CMP_EQ, x, one), inf, out);
}

/* polygamma(n, x) in f32 or f64: (2 rem(n, 2) - 1) exp(lgamma(n + 1))
 * zeta(n + 1, x); digamma(x) where n == 0; NaN where n is not a natural
 * number. */
static chlo_v polygamma_f(chlo_b *b, chlo_v n, chlo_v x)
{
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v two = chlo_like(b, 2.0, x);
    chlo_v sign = chlo_sub(b, chlo_mul(b, two, chlo_bin(b, IR_OP_REMAINDER, n, two)), one);
    chlo_v np1 = chlo_add(b, n, one);
    chlo_v el = chlo_un(b, IR_OP_EXPONENTIAL, chlo_in_f32(b, np1, lgamma_f));
    chlo_v z = zeta_f(b, np1, x);
    chlo_v res = chlo_mul(b, chlo_mul(b, sign, el), z);
    chlo_v zero = chlo_like(b, 0.0, x);
    res = chlo_select(b, chlo_cmp(b, IR_CMP_EQ, n, zero), chlo_in_f32(b, x, digamma_f), res);
    chlo_v nonint = chlo_cmp(b, IR_CMP_NE, n, chlo_un(b, IR_OP_FLOOR, n));
    chlo_v neg = chlo_cmp(b, IR_CMP_LT, n, zero);
    return chlo_select(b, chlo_bin(b, IR_OP_OR, nonint, neg), chlo_like(b, NAN, x), res);
}

chlo_v chlo_zeta(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_in_f32_2(b, x, zeta_f);
}

chlo_v chlo_polygamma(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_in_f32_2(b, x, polygamma_f);
}
