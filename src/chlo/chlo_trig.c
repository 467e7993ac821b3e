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

/* f16 and bf16 operands are computed in f32 and the result converted back;
 * complex ones as they are. */
static chlo_v with_f32(chlo_b *b, chlo_v x, chlo_v (*f)(chlo_b *, chlo_v))
{
    et_id e = x.t.elem;
    if (e != ET_F16 && e != ET_BF16)
        return f(b, x);
    return chlo_convert(b, f(b, chlo_convert(b, x, ET_F32)), e);
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
    return with_f32(b, x[0], cosh_f);
}

chlo_v chlo_sinh(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (is_complex(x[0]))
        return exp_pair(b, x[0], IR_OP_SUBTRACT);
    return with_f32(b, x[0], sinh_f);
}

/* conj(z) = complex(real(z), -imag(z)). */
chlo_v chlo_conj(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    chlo_v re = real_of(b, IR_OP_REAL, x[0]);
    chlo_v im = chlo_un(b, IR_OP_NEGATE, real_of(b, IR_OP_IMAG, x[0]));
    return make_complex(b, re, im, x[0].t.elem);
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
