/* next_after and bessel_i1e (docs/chlo.md). */
#include <math.h>

#include "chlo/chlo_ops.h"

static chlo_v as_type(chlo_b *b, chlo_v x, et_id e)
{
    tensor_type t = x.t;
    t.elem = e;
    return chlo_op(b, IR_OP_BITCAST_CONVERT, &x, 1, &t);
}

/* next_after(x, y) on the patterns as signed integers of the same width:
 * x + 1 or x - 1 toward y; y where x == y or both are zeros; the smallest
 * subnormal signed like y where x is a zero; the quiet NaN where either is
 * NaN. */
chlo_v chlo_next_after(chlo_b *b, const ir_op *o, const chlo_v *xy)
{
    (void)o;
    chlo_v x = xy[0], y = xy[1];
    unsigned width = et_get(x.t.elem)->value_bits;
    et_id it = width == 8 ? ET_I8 : width == 16 ? ET_I16 : width == 32 ? ET_I32 : ET_I64;
    chlo_v xi = as_type(b, x, it);
    chlo_v yi = as_type(b, y, it);
    chlo_v xnan = chlo_cmp(b, IR_CMP_NE, x, x);
    chlo_v ynan = chlo_cmp(b, IR_CMP_NE, y, y);
    chlo_v nan_in = chlo_bin(b, IR_OP_OR, xnan, ynan);
    chlo_v nan_i = as_type(b, chlo_like(b, NAN, x), it);
    uint64_t sign = UINT64_C(1) << (width - 1);
    chlo_v sign_mask = chlo_like_bits(b, sign, xi);
    chlo_v abs_mask = chlo_like_bits(b, ~sign, xi);
    chlo_v xabs = chlo_bin(b, IR_OP_AND, xi, abs_mask);
    chlo_v yabs = chlo_bin(b, IR_OP_AND, yi, abs_mask);
    chlo_v eq = chlo_cmp(b, IR_CMP_EQ, x, y);
    chlo_v zero = chlo_like_bits(b, 0, xi);
    chlo_v xzero = chlo_cmp(b, IR_CMP_EQ, xabs, zero);
    chlo_v yzero = chlo_cmp(b, IR_CMP_EQ, yabs, zero);
    chlo_v xsign = chlo_bin(b, IR_OP_AND, xi, sign_mask);
    chlo_v ysign = chlo_bin(b, IR_OP_AND, yi, sign_mask);
    chlo_v one = chlo_like_bits(b, 1, xi);
    chlo_v from_zero = chlo_bin(b, IR_OP_OR, ysign, one);
    chlo_v disagree = chlo_cmp(b, IR_CMP_NE, xsign, ysign);
    chlo_v larger = chlo_cmp(b, IR_CMP_GT, xabs, yabs);
    chlo_v smaller = chlo_bin(b, IR_OP_OR, larger, disagree);
    chlo_v minus_one = chlo_like_bits(b, UINT64_MAX, xi);
    chlo_v adj = chlo_select(b, smaller, minus_one, one);
    chlo_v r = chlo_add(b, xi, adj);
    r = chlo_select(b, xzero, chlo_select(b, yzero, yi, from_zero), r);
    r = chlo_select(b, eq, yi, r);
    r = chlo_select(b, nan_in, nan_i, r);
    return as_type(b, r, x.t.elem);
}

/* Cephes' Chebyshev series: b0 = b1 = b2 = 0; per coefficient c, b2 = b1,
 * b1 = b0, b0 = x b1 - b2 + c; the result (b0 - b2) / 2. */
static chlo_v chebyshev(chlo_b *b, chlo_v x, const double *c, int n)
{
    chlo_v b0 = chlo_like(b, 0.0, x);
    chlo_v b1 = chlo_like(b, 0.0, x);
    chlo_v b2 = chlo_like(b, 0.0, x);
    for (int i = 0; i < n; i++) {
        b2 = b1;
        b1 = b0;
        b0 = chlo_mul(b, x, b1);
        b0 = chlo_sub(b, b0, b2);
        b0 = chlo_add(b, b0, chlo_like(b, c[i], x));
    }
    chlo_v r = chlo_sub(b, b0, b2);
    return chlo_mul(b, r, chlo_like(b, 0.5, x));
}

/* sign(x) times, with z = |x|: z cheb(z/2 - 2; A) for z <= 8, cheb(32/z -
 * 2; B) / sqrt(z) above. */
static chlo_v i1e(chlo_b *b, chlo_v x, const double *a, int na, const double *bb, int nb)
{
    chlo_v z = chlo_un(b, IR_OP_ABS, x);
    chlo_v half = chlo_like(b, 0.5, x);
    chlo_v two = chlo_like(b, 2.0, x);
    chlo_v k32 = chlo_like(b, 32.0, x);
    chlo_v eight = chlo_like(b, 8.0, x);
    chlo_v t = chlo_sub(b, chlo_mul(b, half, z), two);
    chlo_v le8 = chlo_mul(b, z, chebyshev(b, t, a, na));
    t = chlo_sub(b, chlo_div(b, k32, z), two);
    chlo_v gt8 = chlo_div(b, chebyshev(b, t, bb, nb), chlo_un(b, IR_OP_SQRT, z));
    chlo_v is_le8 = chlo_cmp(b, IR_CMP_LE, z, eight);
    chlo_v s = chlo_select(b, is_le8, le8, gt8);
    return chlo_mul(b, chlo_un(b, IR_OP_SIGN, x), s);
}

static const double i1e_a64[29] = {
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
    -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
    3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
    -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9,  -4.44505912879632808065E-8, 2.00329475355213526229E-7,
    -8.56872026469545474066E-7, 3.47025130813767847674E-6,  -1.32731636560394358279E-5,
    4.78156510755005422638E-5,  -1.61760815825896745588E-4, 5.12285956168575772895E-4,
    -1.51357245063125314899E-3, 4.15642294431288815669E-3,  -1.05640848946261981558E-2,
    2.47264490306265168283E-2,  -5.29459812080949914269E-2, 1.02643658689847095384E-1,
    -1.76416518357834055153E-1, 2.52587186443633654823E-1 };
static const double i1e_b64[25] = {
    7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17,
    -3.20952592199342395980E-17, 2.96262899764595013876E-16,  3.30820231092092828324E-16,
    -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
    4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,
    3.25260358301548823856E-11,  -1.89749581235054123450E-11, -5.58974346219658380687E-10,
    -3.83538038596423702205E-9,  -2.63146884688951950684E-8,  -2.51223623787020892529E-7,
    -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
    7.78576235018280120474E-1 };
/* the f32 series: the last 17 and 7 coefficients, as floats */
static const double i1e_a32[17] = {
    9.38153738649577178388E-9f, -4.44505912879632808065E-8f, 2.00329475355213526229E-7f,
    -8.56872026469545474066E-7f, 3.47025130813767847674E-6f, -1.32731636560394358279E-5f,
    4.78156510755005422638E-5f, -1.61760815825896745588E-4f, 5.12285956168575772895E-4f,
    -1.51357245063125314899E-3f, 4.15642294431288815669E-3f, -1.05640848946261981558E-2f,
    2.47264490306265168283E-2f, -5.29459812080949914269E-2f, 1.02643658689847095384E-1f,
    -1.76416518357834055153E-1f, 2.52587186443633654823E-1f };
static const double i1e_b32[7] = { -3.83538038596423702205E-9f, -2.63146884688951950684E-8f,
                                   -2.51223623787020892529E-7f, -3.88256480887769039346E-6f,
                                   -1.10588938762623716291E-4f, -9.76109749136146840777E-3f,
                                   7.78576235018280120474E-1f };

chlo_v chlo_bessel_i1e(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    chlo_v v = x[0];
    if (v.t.elem == ET_F64)
        return i1e(b, v, i1e_a64, 29, i1e_b64, 25);
    if (v.t.elem == ET_F32)
        return i1e(b, v, i1e_a32, 17, i1e_b32, 7);
    et_id e = v.t.elem;
    chlo_v r = i1e(b, chlo_convert(b, v, ET_F32), i1e_a32, 17, i1e_b32, 7);
    return chlo_convert(b, r, e);
}
