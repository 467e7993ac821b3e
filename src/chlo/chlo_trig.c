/* The trigonometric and hyperbolic ops and their inverses, conj and the
 * infinity tests (docs/chlo.md): the pass's patterns, step for step. */
#include <math.h>

#include "chlo/chlo_ops.h"

static bool is_complex(chlo_v x)
{
    return et_get(x.t.elem)->kind == EK_COMPLEX;
}

/* The real parts' type of a complex value. */
static chlo_v real_of(chlo_b *b, ir_op_kind k, chlo_v z)
{
    tensor_type t = z.t;
    t.elem = et_part(z.t.elem);
    return chlo_op(b, k, &z, 1, &t);
}

/* The complex forms (below). */
static chlo_v asin_c(chlo_b *b, const chlo_v *x);
static chlo_v acos_c(chlo_b *b, const chlo_v *x);
static chlo_v acosh_c(chlo_b *b, const chlo_v *x);
static chlo_v asinh_c(chlo_b *b, const chlo_v *x);

static chlo_v make_complex(chlo_b *b, chlo_v re, chlo_v im, et_id ct)
{
    chlo_v a[2] = { re, im };
    tensor_type t = re.t;
    t.elem = ct;
    return chlo_op(b, IR_OP_COMPLEX, a, 2, &t);
}

/* sine(x) / cosine(x) on reals. */
static chlo_v tan_real(chlo_b *b, chlo_v x)
{
    chlo_v s = chlo_un(b, IR_OP_SINE, x);
    chlo_v c = chlo_un(b, IR_OP_COSINE, x);
    return chlo_div(b, s, c);
}

/* tan: reals sine/cosine; complex a + bi: (tan(a) + i tanh(b)) / (1 - i tan(a) tanh(b)). */
chlo_v chlo_tan(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (!is_complex(x[0]))
        return tan_real(b, x[0]);
    chlo_v ta = tan_real(b, real_of(b, IR_OP_REAL, x[0]));
    chlo_v th = chlo_un(b, IR_OP_TANH, real_of(b, IR_OP_IMAG, x[0]));
    chlo_v num = make_complex(b, ta, th, x[0].t.elem);
    chlo_v one = chlo_like(b, 1.0, ta);
    chlo_v den = make_complex(b, one, chlo_un(b, IR_OP_NEGATE, chlo_mul(b, ta, th)), x[0].t.elem);
    return chlo_div(b, num, den);
}

/* atan(x) = atan2(x, 1). */
chlo_v chlo_atan(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_bin(b, IR_OP_ATAN2, x[0], chlo_like(b, 1.0, x[0]));
}

/* atanh: (log1p(x) - log1p(-x)) * 0.5, NaN where |x| > 1 on reals. */
chlo_v chlo_atanh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    chlo_v v = x[0];
    chlo_v d = chlo_sub(b, chlo_un(b, IR_OP_LOG_PLUS_ONE, v), chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_un(b, IR_OP_NEGATE, v)));
    chlo_v r = chlo_mul(b, d, chlo_like(b, 0.5, v));
    if (is_complex(v))
        return r;
    chlo_v gt = chlo_cmp(b, IR_CMP_GT, chlo_un(b, IR_OP_ABS, v), chlo_like(b, 1.0, v));
    return chlo_select(b, gt, chlo_like(b, NAN, v), r);
}

/* acos on reals: 2 atan2(sqrt(1 - x x), 1 + x) where x != -1, else pi. */
chlo_v chlo_acos(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return acos_c(b, x);
    chlo_v v = x[0];
    chlo_v ne = chlo_cmp(b, IR_CMP_NE, v, chlo_like(b, -1.0, v));
    chlo_v s = chlo_un(b, IR_OP_SQRT, chlo_sub(b, chlo_like(b, 1.0, v), chlo_mul(b, v, v)));
    chlo_v a = chlo_bin(b, IR_OP_ATAN2, s, chlo_add(b, chlo_like(b, 1.0, v), v));
    chlo_v r = chlo_mul(b, chlo_like(b, 2.0, v), a);
    return chlo_select(b, ne, r, chlo_like(b, M_PI, v));
}

/* asin on reals: 2 atan2(x, 1 + sqrt((1 - x)(1 + x))). */
chlo_v chlo_asin(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return asin_c(b, x);
    chlo_v v = x[0];
    chlo_v one = chlo_like(b, 1.0, v);
    chlo_v s = chlo_un(b, IR_OP_SQRT, chlo_mul(b, chlo_sub(b, one, v), chlo_add(b, one, v)));
    chlo_v a = chlo_bin(b, IR_OP_ATAN2, v, chlo_add(b, one, s));
    return chlo_mul(b, chlo_like(b, 2.0, v), a);
}

/* The largest finite value of x's type, as a splat. */
static chlo_v max_finite(chlo_b *b, chlo_v x)
{
    return chlo_like_bits(b, fp_fmt(et_get(x.t.elem)->fmt)->max_bits, x);
}

/* acosh on reals: log(2) + log(x) where x >= max/2, else
 * log1p(sqrt(x - 1) * (sqrt(x + 1) + sqrt(x - 1))). */
chlo_v chlo_acosh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return acosh_c(b, x);
    chlo_v v = x[0];
    chlo_v two = chlo_like(b, 2.0, v);
    chlo_v big = chlo_cmp(b, IR_CMP_GE, v, chlo_div(b, max_finite(b, v), two));
    chlo_v lg = chlo_add(b, chlo_un(b, IR_OP_LOG, two), chlo_un(b, IR_OP_LOG, v));
    chlo_v one = chlo_like(b, 1.0, v);
    chlo_v sm = chlo_un(b, IR_OP_SQRT, chlo_sub(b, v, one));
    chlo_v sp = chlo_un(b, IR_OP_SQRT, chlo_add(b, v, one));
    chlo_v l1 = chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_mul(b, sm, chlo_add(b, sp, sm)));
    return chlo_select(b, big, lg, l1);
}

/* asinh on reals: sign(x) times log(2) + log(|x|) where |x| >= sqrt(max),
 * else log1p(|x| + x² / (1 + sqrt(1 + x²))). */
chlo_v chlo_asinh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return asinh_c(b, x);
    chlo_v v = x[0];
    chlo_v sg = chlo_un(b, IR_OP_SIGN, v);
    chlo_v ax = chlo_un(b, IR_OP_ABS, v);
    chlo_v big = chlo_cmp(b, IR_CMP_GE, ax, chlo_un(b, IR_OP_SQRT, max_finite(b, v)));
    chlo_v lg = chlo_add(b, chlo_un(b, IR_OP_LOG, chlo_like(b, 2.0, v)), chlo_un(b, IR_OP_LOG, ax));
    chlo_v ax2 = chlo_mul(b, ax, ax);
    chlo_v one = chlo_like(b, 1.0, v);
    chlo_v den = chlo_add(b, one, chlo_un(b, IR_OP_SQRT, chlo_add(b, one, ax2)));
    chlo_v l1 = chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_add(b, ax, chlo_div(b, ax2, den)));
    return chlo_mul(b, sg, chlo_select(b, big, lg, l1));
}

/* e^(x + log(1/2)) -/+ e^(log(1/2) - x). */
static chlo_v exp_pair(chlo_b *b, chlo_v x, ir_op_kind k)
{
    chlo_v l = chlo_un(b, IR_OP_LOG, chlo_like(b, 0.5, x));
    chlo_v ea = chlo_un(b, IR_OP_EXPONENTIAL, chlo_add(b, x, l));
    chlo_v es = chlo_un(b, IR_OP_EXPONENTIAL, chlo_sub(b, l, x));
    return chlo_bin(b, k, ea, es);
}

static chlo_v cosh_f(chlo_b *b, chlo_v x)
{
    return exp_pair(b, x, IR_OP_ADD);
}

/* sinh: (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2 for |x| < 1, the pair
 * of exponentials otherwise. */
static chlo_v sinh_f(chlo_b *b, chlo_v x)
{
    chlo_v large = exp_pair(b, x, IR_OP_SUBTRACT);
    chlo_v em = chlo_un(b, IR_OP_EXPONENTIAL_MINUS_ONE, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v half = chlo_like(b, 0.5, x);
    chlo_v ratio = chlo_div(b, em, chlo_add(b, em, one));
    chlo_v small = chlo_mul(b, half, chlo_add(b, em, ratio));
    chlo_v lt = chlo_cmp(b, IR_CMP_LT, chlo_un(b, IR_OP_ABS, x), one);
    return chlo_select(b, lt, small, large);
}

chlo_v chlo_cosh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_in_f32(b, x[0], cosh_f);
}

chlo_v chlo_sinh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return exp_pair(b, x[0], IR_OP_SUBTRACT);
    return chlo_in_f32(b, x[0], sinh_f);
}

/* conj(z) = complex(real(z), -imag(z)). */
chlo_v chlo_conj(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    chlo_v re = real_of(b, IR_OP_REAL, x[0]);
    chlo_v im = chlo_un(b, IR_OP_NEGATE, real_of(b, IR_OP_IMAG, x[0]));
    return make_complex(b, re, im, x[0].t.elem);
}

/* square (stablehlo 3c9301c11's pattern): x * x on reals; on complex
 * x + iy, complex(0 where x is finite and |x| == |y|, else (x - y)(x + y);
 * 2 (x y)). */
chlo_v chlo_square(chlo_b *b, const ir_op *o, const chlo_v *z)
{
    (void)o;
    if (et_get(z[0].t.elem)->kind != EK_COMPLEX)
        return chlo_mul(b, z[0], z[0]);
    chlo_v x = real_of(b, IR_OP_REAL, z[0]);
    tensor_type pt = x.t;
    pt.elem = ET_I1;
    chlo_v fin = chlo_op(b, IR_OP_IS_FINITE, &x, 1, &pt);
    chlo_v y = real_of(b, IR_OP_IMAG, z[0]);
    chlo_v eq = chlo_cmp(b, IR_CMP_EQ, chlo_un(b, IR_OP_ABS, x), chlo_un(b, IR_OP_ABS, y));
    chlo_v re = chlo_select(b, chlo_bin(b, IR_OP_AND, fin, eq), chlo_like(b, 0.0, x),
                            chlo_mul(b, chlo_sub(b, x, y), chlo_add(b, x, y)));
    chlo_v im = chlo_mul(b, chlo_like(b, 2.0, x), chlo_mul(b, x, y));
    return make_complex(b, re, im, z[0].t.elem);
}

static chlo_v inf_like(chlo_b *b, chlo_v x, bool neg)
{
    return chlo_like(b, neg ? -INFINITY : INFINITY, x);
}

chlo_v chlo_is_pos_inf(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_cmp(b, IR_CMP_EQ, x[0], inf_like(b, x[0], false));
}

chlo_v chlo_is_neg_inf(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return chlo_cmp(b, IR_CMP_EQ, x[0], inf_like(b, x[0], true));
}

chlo_v chlo_is_inf(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    chlo_v a = chlo_un(b, IR_OP_ABS, x[0]);
    return chlo_cmp(b, IR_CMP_EQ, a, inf_like(b, a, false));
}

/* The smallest normal value of x's type (an IEEE format), as a splat. */
static chlo_v min_normal(chlo_b *b, chlo_v x)
{
    return chlo_like_bits(b, (uint64_t)1 << fp_fmt(et_get(x.t.elem)->fmt)->mbits, x);
}

/* hypot(p, y) as the pass writes it (p any sign, y >= 0): with mx =
 * max(|p|, y), mn = min(|p|, y), r = (mn / mx)², sqa = sqrt(1 + r):
 * sqrt(2) mx where mx == mn, mx + mx r / 2 where sqa == 1 and r > 0, mx sqa
 * otherwise. */
static chlo_v pass_hypot(chlo_b *b, chlo_v p, chlo_v y, chlo_v one, chlo_v two, chlo_v zero)
{
    chlo_v ap = chlo_un(b, IR_OP_ABS, p);
    chlo_v mx = chlo_bin(b, IR_OP_MAXIMUM, ap, y);
    chlo_v mn = chlo_bin(b, IR_OP_MINIMUM, ap, y);
    chlo_v q = chlo_div(b, mn, mx);
    chlo_v r = chlo_mul(b, q, q);
    chlo_v sqa = chlo_un(b, IR_OP_SQRT, chlo_add(b, one, r));
    chlo_v c = chlo_bin(b, IR_OP_AND, chlo_cmp(b, IR_CMP_EQ, sqa, one), chlo_cmp(b, IR_CMP_GT, r, zero));
    chlo_v near = chlo_add(b, mx, chlo_div(b, chlo_mul(b, mx, r), two));
    chlo_v in = chlo_select(b, c, near, chlo_mul(b, mx, sqa));
    chlo_v eq = chlo_cmp(b, IR_CMP_EQ, mx, mn);
    return chlo_select(b, eq, chlo_mul(b, chlo_un(b, IR_OP_SQRT, two), mx), in);
}

/* What the complex asin, acos and acosh of the pass share (modified Hull
 * et al., docs/chlo.md): for z = sx + i sy, x = |sx|, y = |sy|, `q` with
 * real(asin z) = atan2(sx, q), real(acos z) = atan2(q, sx), and the
 * unsigned imaginary part `imag` = log(a + sqrt(a² - 1)). */
typedef struct {
    chlo_v sx, sy, q, imag, zero;
} hull_t;

static hull_t hull(chlo_b *b, chlo_v z)
{
    hull_t h;
    h.sx = real_of(b, IR_OP_REAL, z);
    h.sy = real_of(b, IR_OP_IMAG, z);
    chlo_v sx = h.sx;
    chlo_v x = chlo_un(b, IR_OP_ABS, sx);
    chlo_v y = chlo_un(b, IR_OP_ABS, h.sy);
    chlo_v one = chlo_like(b, 1.0, sx);
    chlo_v two = chlo_like(b, 2.0, sx);
    chlo_v half = chlo_like(b, 0.5, sx);
    chlo_v zero = chlo_like(b, 0.0, sx);
    h.zero = zero;
    chlo_v safe_max = chlo_div(b, chlo_un(b, IR_OP_SQRT, max_finite(b, sx)), chlo_like(b, 8.0, sx));
    chlo_v xp1 = chlo_add(b, x, one);
    chlo_v xm1 = chlo_sub(b, x, one);
    chlo_v r = pass_hypot(b, xp1, y, one, two, zero);
    chlo_v s = pass_hypot(b, xm1, y, one, two, zero);
    chlo_v a = chlo_mul(b, half, chlo_add(b, r, s));
    chlo_v half_apx = chlo_mul(b, half, chlo_add(b, a, x));
    chlo_v yy = chlo_mul(b, y, y);
    chlo_v rpxp1 = chlo_add(b, r, xp1);
    chlo_v smxm1 = chlo_sub(b, s, xm1);
    chlo_v spxm1 = chlo_add(b, s, xm1);
    /* q */
    chlo_v q_le = chlo_un(b, IR_OP_SQRT, chlo_mul(b, half_apx, chlo_add(b, chlo_div(b, yy, rpxp1), smxm1)));
    chlo_v q_gt = chlo_mul(b, y, chlo_un(b, IR_OP_SQRT, chlo_add(b, chlo_div(b, half_apx, rpxp1), chlo_div(b, half_apx, spxm1))));
    chlo_v q_in = chlo_select(b, chlo_cmp(b, IR_CMP_LE, x, one), q_le, q_gt);
    chlo_v big = chlo_cmp(b, IR_CMP_GE, chlo_bin(b, IR_OP_MAXIMUM, x, y), safe_max);
    h.q = chlo_select(b, big, y, q_in);
    /* imag, far from the origin */
    chlo_v small_x = chlo_cmp(b, IR_CMP_LT, x, chlo_mul(b, safe_max, chlo_like(b, 1e12, sx)));
    chlo_v safe_max_opt = chlo_select(b, small_x, chlo_mul(b, safe_max, chlo_like(b, 1e-06, sx)), chlo_mul(b, safe_max, chlo_like(b, 100.0, sx)));
    chlo_v ygt = chlo_cmp(b, IR_CMP_GE, y, safe_max_opt);
    chlo_v mx = chlo_select(b, ygt, y, x);
    chlo_v y_inf = chlo_cmp(b, IR_CMP_EQ, y, chlo_like(b, INFINITY, h.sy));
    chlo_v xoy = chlo_select(b, chlo_bin(b, IR_OP_AND, ygt, chlo_un(b, IR_OP_NOT, y_inf)), chlo_div(b, x, y), zero);
    chlo_v far = chlo_add(b, chlo_add(b, chlo_un(b, IR_OP_LOG, two), chlo_un(b, IR_OP_LOG, mx)),
                          chlo_mul(b, half, chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_mul(b, xoy, xoy))));
    /* imag, near */
    chlo_v safe_min = chlo_mul(b, chlo_un(b, IR_OP_SQRT, min_normal(b, sx)), chlo_like(b, 4.0, sx));
    chlo_v tiny = chlo_bin(b, IR_OP_AND, chlo_cmp(b, IR_CMP_LT, y, safe_min), chlo_cmp(b, IR_CMP_LT, x, one));
    chlo_v ap1 = chlo_add(b, a, one);
    chlo_v half_yy = chlo_mul(b, half, yy);
    chlo_v d = chlo_div(b, half_yy, rpxp1);
    chlo_v am1_lt = chlo_select(b, chlo_cmp(b, IR_CMP_LE, a, chlo_like(b, 1.5, sx)), chlo_add(b, d, chlo_div(b, half_yy, smxm1)), chlo_sub(b, a, one));
    chlo_v am1_ge = chlo_select(b, chlo_cmp(b, IR_CMP_GE, x, one), chlo_add(b, d, chlo_mul(b, half, spxm1)), am1_lt);
    chlo_v am1_tiny = chlo_un(b, IR_OP_NEGATE, chlo_div(b, chlo_mul(b, xp1, xm1), ap1));
    chlo_v am1 = chlo_select(b, tiny, am1_tiny, am1_ge);
    chlo_v sq = chlo_un(b, IR_OP_SQRT, chlo_mul(b, am1, ap1));
    chlo_v near = chlo_select(b, tiny, chlo_div(b, y, sq), chlo_un(b, IR_OP_LOG_PLUS_ONE, chlo_add(b, am1, sq)));
    chlo_v far_c = chlo_cmp(b, IR_CMP_GE, mx, chlo_select(b, ygt, safe_max_opt, safe_max));
    h.imag = chlo_select(b, far_c, far, near);
    return h;
}

/* asin(z) = complex(atan2(sx, q), ±imag), the sign of sy. */
static chlo_v asin_complex(chlo_b *b, chlo_v z)
{
    hull_t h = hull(b, z);
    chlo_v re = chlo_bin(b, IR_OP_ATAN2, h.sx, h.q);
    chlo_v neg = chlo_cmp(b, IR_CMP_LT, h.sy, h.zero);
    chlo_v im = chlo_select(b, neg, chlo_un(b, IR_OP_NEGATE, h.imag), h.imag);
    return make_complex(b, re, im, z.t.elem);
}

/* acos(z) = complex(atan2(q, sx), ∓imag), the opposite sign of sy. */
static chlo_v acos_complex(chlo_b *b, chlo_v z, chlo_v *neg_out)
{
    hull_t h = hull(b, z);
    chlo_v re = chlo_bin(b, IR_OP_ATAN2, h.q, h.sx);
    chlo_v neg = chlo_cmp(b, IR_CMP_LT, h.sy, h.zero);
    chlo_v im = chlo_select(b, neg, h.imag, chlo_un(b, IR_OP_NEGATE, h.imag));
    if (neg_out)
        *neg_out = neg;
    return make_complex(b, re, im, z.t.elem);
}

static chlo_v asin_c(chlo_b *b, const chlo_v *x)
{
    return asin_complex(b, x[0]);
}

static chlo_v acos_c(chlo_b *b, const chlo_v *x)
{
    return acos_complex(b, x[0], NULL);
}

/* acosh(z) = w = complex(-imag(acos z), real(acos z)) where imag(z) >= 0,
 * -w where imag(z) < 0. */
static chlo_v acosh_c(chlo_b *b, const chlo_v *x)
{
    chlo_v neg;
    chlo_v ac = acos_complex(b, x[0], &neg);
    chlo_v re = chlo_un(b, IR_OP_NEGATE, real_of(b, IR_OP_IMAG, ac));
    chlo_v w = make_complex(b, re, real_of(b, IR_OP_REAL, ac), x[0].t.elem);
    return chlo_select(b, neg, chlo_un(b, IR_OP_NEGATE, w), w);
}

/* asinh(z) = -i asin(i z): with w = asin(complex(-imag z, real z)),
 * complex(imag w, -real w). */
static chlo_v asinh_c(chlo_b *b, const chlo_v *x)
{
    chlo_v z = x[0];
    chlo_v iz = make_complex(b, chlo_un(b, IR_OP_NEGATE, real_of(b, IR_OP_IMAG, z)), real_of(b, IR_OP_REAL, z), z.t.elem);
    chlo_v w = asin_complex(b, iz);
    return make_complex(b, real_of(b, IR_OP_IMAG, w), chlo_un(b, IR_OP_NEGATE, real_of(b, IR_OP_REAL, w)), z.t.elem);
}
