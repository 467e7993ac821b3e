/* erf and erfc (docs/chlo.md): Cephes' rational approximations in f64,
 * Eigen's and Cephes' polynomials in f32, f16 and bf16 computed in f32. */
#include <math.h>

#include "chlo/chlo_coeffs.h"
#include "chlo/chlo_ops.h"

/* ---- f64 ----------------------------------------------------------------- */

/* erfc for |x| >= 1: exp(-x^2) P(|x|)/Q(|x|) below 8, exp(-x^2) R(|x|)/S(|x|)
 * from 8, 0 where -x^2 < -MAXLOG, 2 - erfc(|x|) for negative x. */
static chlo_v erfc_f64_ge1(chlo_b *b, chlo_v x)
{
    static const double maxlog = 7.09782712893383996843E2;
    static const double p[] = { 2.46196981473530512524E-10, 5.64189564831068821977E-1, 7.46321056442269912687E0,
                                4.86371970985681366614E1,   1.96520832956077098242E2,  5.26445194995477358631E2,
                                9.34528527171957607540E2,   1.02755188689515710272E3,  5.57535335369399327526E2 };
    static const double q[] = { 1.00000000000000000000E0, 1.32281951154744992508E1, 8.67072140885989742329E1,
                                3.54937778887819891062E2, 9.75708501743205489753E2, 1.82390916687909736289E3,
                                2.24633760818710981792E3, 1.65666309194161350182E3, 5.57535340817727675546E2 };
    static const double r[] = { 5.64189583547755073984E-1, 1.27536670759978104416E0, 5.01905042251180477414E0,
                                6.16021097993053585195E0,  7.40974269950448939160E0, 2.97886665372100240670E0 };
    static const double s[] = { 1.00000000000000000000E0, 2.26052863220117276590E0, 9.39603524938001434673E0,
                                1.20489539808096656605E1, 1.70814450747565897222E1, 9.60896809063285878198E0,
                                3.36907645100081516050E0 };
    chlo_v z = chlo_un(b, IR_OP_NEGATE, chlo_mul(b, x, x));
    chlo_v ez = chlo_un(b, IR_OP_EXPONENTIAL, z);
    chlo_v ax = chlo_un(b, IR_OP_ABS, x);
    chlo_v pp = chlo_poly(b, ax, p, 9);
    chlo_v ezp = chlo_mul(b, ez, pp);
    chlo_v pq = chlo_poly(b, ax, q, 9);
    chlo_v a18 = chlo_div(b, ezp, pq);
    chlo_v pr = chlo_poly(b, ax, r, 6);
    chlo_v ezr = chlo_mul(b, ez, pr);
    chlo_v ps = chlo_poly(b, ax, s, 7);
    chlo_v a8 = chlo_div(b, ezr, ps);
    chlo_v lt8 = chlo_cmp(b, IR_CMP_LT, ax, chlo_like(b, 8.0, x));
    chlo_v a = chlo_select(b, lt8, a18, a8);
    chlo_v under = chlo_cmp(b, IR_CMP_LT, z, chlo_like(b, -maxlog, x));
    chlo_v zero = chlo_like(b, 0.0, x);
    chlo_v clamped = chlo_select(b, under, zero, a);
    chlo_v neg = chlo_cmp(b, IR_CMP_LT, x, zero);
    chlo_v two = chlo_like(b, 2.0, x);
    chlo_v refl = chlo_sub(b, two, clamped);
    return chlo_select(b, neg, refl, clamped);
}

/* erf for |x| <= 1: x T(x^2) / U(x^2). */
static chlo_v erf_f64_le1(chlo_b *b, chlo_v x)
{
    static const double t[] = { 9.60497373987051638749E0, 9.00260197203842689217E1, 2.23200534594684319226E3,
                                7.00332514112805075473E3, 5.55923013010394962768E4 };
    static const double u[] = { 1.00000000000000000000E0, 3.35617141647503099647E1, 5.21357949780152679795E2,
                                4.59432382970980127987E3, 2.26290000613890934246E4, 4.92673942608635921086E4 };
    chlo_v x2 = chlo_mul(b, x, x);
    chlo_v pt = chlo_poly(b, x2, t, 5);
    chlo_v xt = chlo_mul(b, x, pt);
    chlo_v pu = chlo_poly(b, x2, u, 6);
    return chlo_div(b, xt, pu);
}

static chlo_v erf_f64(chlo_b *b, chlo_v x)
{
    chlo_v small = erf_f64_le1(b, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v big = chlo_sub(b, one, erfc_f64_ge1(b, x));
    chlo_v lt1 = chlo_cmp(b, IR_CMP_LT, chlo_un(b, IR_OP_ABS, x), one);
    return chlo_select(b, lt1, small, big);
}

static chlo_v erfc_f64(chlo_b *b, chlo_v x)
{
    chlo_v big = erfc_f64_ge1(b, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v small = chlo_sub(b, one, erf_f64_le1(b, x));
    chlo_v lt1 = chlo_cmp(b, IR_CMP_LT, chlo_un(b, IR_OP_ABS, x), one);
    return chlo_select(b, lt1, small, big);
}

/* ---- f32 ----------------------------------------------------------------- */

/* erfc for |x| >= 1: exp(-x^2) / |x| times P(1/x^2) below 2, R(1/x^2) from 2;
 * 0 where -x^2 < -MAXLOG(f32); 2 - erfc(|x|) for negative x. The
 * coefficients are floats (rounded to f32 as written). */
static chlo_v erfc_f32_ge1(chlo_b *b, chlo_v x)
{
    static const double maxlog = 88.72283905206835;
    static const double p[] = { +2.326819970068386E-2f, -1.387039388740657E-1f, +3.687424674597105E-1f,
                                -5.824733027278666E-1f, +6.210004621745983E-1f, -4.944515323274145E-1f,
                                +3.404879937665872E-1f, -2.741127028184656E-1f, +5.638259427386472E-1f };
    static const double r[] = { -1.047766399936249E+1f, +1.297719955372516E+1f, -7.495518717768503E+0f,
                                +2.921019019210786E+0f, -1.015265279202700E+0f, +4.218463358204948E-1f,
                                -2.820767439740514E-1f, +5.641895067754075E-1f };
    chlo_v x2 = chlo_mul(b, x, x);
    chlo_v z = chlo_un(b, IR_OP_NEGATE, x2);
    chlo_v ax = chlo_un(b, IR_OP_ABS, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v rx2 = chlo_div(b, one, x2);
    chlo_v ez = chlo_un(b, IR_OP_EXPONENTIAL, z);
    chlo_v rax = chlo_div(b, one, ax);
    chlo_v ezr = chlo_mul(b, ez, rax);
    chlo_v two = chlo_like(b, 2.0, x);
    chlo_v lt2 = chlo_cmp(b, IR_CMP_LT, ax, two);
    chlo_v pp = chlo_poly(b, rx2, p, 9);
    chlo_v pr = chlo_poly(b, rx2, r, 8);
    chlo_v poly = chlo_select(b, lt2, pp, pr);
    chlo_v a = chlo_mul(b, ezr, poly);
    chlo_v under = chlo_cmp(b, IR_CMP_LT, z, chlo_like(b, -maxlog, x));
    chlo_v zero = chlo_like(b, 0.0, x);
    chlo_v clamped = chlo_select(b, under, zero, a);
    chlo_v neg = chlo_cmp(b, IR_CMP_LT, x, zero);
    chlo_v refl = chlo_sub(b, two, clamped);
    return chlo_select(b, neg, refl, clamped);
}

/* erf for |x| <= 1: x T(x^2). */
static chlo_v erf_f32_le1(chlo_b *b, chlo_v x)
{
    static const double t[] = { +7.853861353153693E-5f, -8.010193625184903E-4f, +5.188327685732524E-3f,
                                -2.685381193529856E-2f, +1.128358514861418E-1f, -3.761262582423300E-1f,
                                +1.128379165726710E+0f };
    chlo_v x2 = chlo_mul(b, x, x);
    return chlo_mul(b, x, chlo_poly(b, x2, t, 7));
}

/* Eigen's erf: x clamped to [-4, 4], x Alpha(x^2) / Beta(x^2), the result
 * clamped to [-1, 1]. */
static chlo_v erf_f32(chlo_b *b, chlo_v x)
{
    chlo_v lb = chlo_like(b, -4.0, x);
    chlo_v ub = chlo_like(b, 4.0, x);
    x = chlo_clamp(b, lb, x, ub);
    chlo_v x2 = chlo_mul(b, x, x);
    chlo_v pa = chlo_poly(b, x2, chlo_erf32_alpha, 7);
    chlo_v pb = chlo_poly(b, x2, chlo_erf32_beta, 5);
    chlo_v xa = chlo_mul(b, x, pa);
    chlo_v e = chlo_div(b, xa, pb);
    chlo_v lo = chlo_like(b, -1.0, x);
    chlo_v hi = chlo_like(b, 1.0, x);
    return chlo_clamp(b, lo, e, hi);
}

static chlo_v erfc_f32(chlo_b *b, chlo_v x)
{
    chlo_v big = erfc_f32_ge1(b, x);
    chlo_v one = chlo_like(b, 1.0, x);
    chlo_v small = chlo_sub(b, one, erf_f32_le1(b, x));
    chlo_v lt1 = chlo_cmp(b, IR_CMP_LT, chlo_un(b, IR_OP_ABS, x), one);
    return chlo_select(b, lt1, small, big);
}

chlo_v chlo_erf(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return x[0].t.elem == ET_F64 ? erf_f64(b, x[0]) : chlo_in_f32(b, x[0], erf_f32);
}

chlo_v chlo_erfc(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return x[0].t.elem == ET_F64 ? erfc_f64(b, x[0]) : chlo_in_f32(b, x[0], erfc_f32);
}

/* ---- erf_inv ---------------------------------------------------------------- */

/* f32 (Giles' approximation): w = -log_plus_one(-x*x); for w < 5 a degree-8
 * polynomial in w - 2.5, else one in sqrt(w) - 3, the coefficients chosen per
 * element by selects; times x; x * +Inf where |x| == 1. */
static chlo_v erf_inv_f32(chlo_b *b, chlo_v x)
{
    static const double lt5[] = { 2.81022636e-08f,  3.43273939e-07f, -3.5233877e-06f,
                                  -4.39150654e-06f, 0.00021858087f,  -0.00125372503f,
                                  -0.00417768164f,  0.246640727f,    1.50140941f };
    static const double ge5[] = { -0.000200214257f, 0.000100950558f, 0.00134934322f,
                                  -0.00367342844f,  0.00573950773f,  -0.0076224613f,
                                  0.00943887047f,   1.00167406f,     2.83297682f };
    chlo_v mx2 = chlo_mul(b, x, chlo_un(b, IR_OP_NEGATE, x));
    chlo_v w = chlo_un(b, IR_OP_NEGATE, chlo_un(b, IR_OP_LOG_PLUS_ONE, mx2));
    chlo_v lt = chlo_cmp(b, IR_CMP_LT, w, chlo_like(b, 5.0, x));
    chlo_v wa = chlo_sub(b, w, chlo_like(b, 2.5, x));
    chlo_v wb = chlo_sub(b, chlo_un(b, IR_OP_SQRT, w), chlo_like(b, 3.0, x));
    w = chlo_select(b, lt, wa, wb);
    chlo_v p = chlo_select(b, lt, chlo_like(b, lt5[0], x), chlo_like(b, ge5[0], x));
    for (int i = 1; i < 9; i++) {
        chlo_v c = chlo_select(b, lt, chlo_like(b, lt5[i], x), chlo_like(b, ge5[i], x));
        p = chlo_add(b, c, chlo_mul(b, p, w));
    }
    chlo_v r = chlo_mul(b, p, x);
    chlo_v one = chlo_cmp(b, IR_CMP_EQ, chlo_un(b, IR_OP_ABS, x), chlo_like(b, 1.0, x));
    return chlo_select(b, one, chlo_mul(b, x, chlo_like(b, INFINITY, x)), r);
}

/* Coefficient i of erf_inv's f64 polynomials: a[i], replaced by m[i] where
 * not w < 6.25 (i < 19), then by g[i] where not w < 16 (i < 17). */
static chlo_v coef64(chlo_b *b, chlo_v x, chlo_v lt625, chlo_v lt16, const double *a, const double *m,
                     const double *g, int i)
{
    chlo_v c = chlo_like(b, a[i], x);
    if (i < 19)
        c = chlo_select(b, lt625, c, chlo_like(b, m[i], x));
    if (i < 17)
        c = chlo_select(b, lt16, c, chlo_like(b, g[i], x));
    return c;
}

/* f64 (Giles): w as in f32; below 6.25 a polynomial of degree 22 in w -
 * 3.125, below 16 one of degree 18 in sqrt(w) - 3.25, else one of degree 16
 * in sqrt(w) - 5; the shorter ones stop early through selects. */
static chlo_v erf_inv_f64(chlo_b *b, chlo_v x)
{
    static const double a[23] = {
        -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
        1.115787767802518096e-17,   -1.333171662854620906e-16, 2.0972767875968561637e-17,
        6.6376381343583238325e-15,  -4.0545662729752068639e-14, -8.1519341976054721522e-14,
        2.6335093153082322977e-12,  -1.2975133253453532498e-11, -5.4154120542946279317e-11,
        1.051212273321532285e-09,   -4.1126339803469836976e-09, -2.9070369957882005086e-08,
        4.2347877827932403518e-07,  -1.3654692000834678645e-06, -1.3882523362786468719e-05,
        0.0001867342080340571352,   -0.00074070253416626697512, -0.0060336708714301490533,
        0.24015818242558961693,     1.6536545626831027356 };
    static const double m[19] = {
        2.2137376921775787049e-09,  9.0756561938885390979e-08, -2.7517406297064545428e-07,
        1.8239629214389227755e-08,  1.5027403968909827627e-06, -4.013867526981545969e-06,
        2.9234449089955446044e-06,  1.2475304481671778723e-05, -4.7318229009055733981e-05,
        6.8284851459573175448e-05,  2.4031110387097893999e-05, -0.0003550375203628474796,
        0.00095328937973738049703,  -0.0016882755560235047313, 0.0024914420961078508066,
        -0.0037512085075692412107,  0.005370914553590063617,   1.0052589676941592334,
        3.0838856104922207635 };
    static const double g[17] = {
        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
        -3.7894654401267369937e-09, 7.6157012080783393804e-09,  -1.4960026627149240478e-08,
        2.9147953450901080826e-08,  -6.7711997758452339498e-08, 2.2900482228026654717e-07,
        -9.9298272942317002539e-07, 4.5260625972231537039e-06,  -1.9681778105531670567e-05,
        7.5995277030017761139e-05,  -0.00021503011930044477347, -0.00013871931833623122026,
        1.0103004648645343977,      4.8499064014085844221 };
    chlo_v mx2 = chlo_mul(b, x, chlo_un(b, IR_OP_NEGATE, x));
    chlo_v w = chlo_un(b, IR_OP_NEGATE, chlo_un(b, IR_OP_LOG_PLUS_ONE, mx2));
    chlo_v lt625 = chlo_cmp(b, IR_CMP_LT, w, chlo_like(b, 6.25, x));
    chlo_v lt16 = chlo_cmp(b, IR_CMP_LT, w, chlo_like(b, 16.0, x));
    chlo_v sw = chlo_un(b, IR_OP_SQRT, w);
    chlo_v w3 = chlo_sub(b, w, chlo_like(b, 3.125, x));
    chlo_v s2 = chlo_select(b, lt16, chlo_like(b, 3.25, w), chlo_like(b, 5.0, w));
    chlo_v s2r = chlo_sub(b, sw, s2);
    w = chlo_select(b, lt625, w3, s2r);
    chlo_v p = coef64(b, x, lt625, lt16, a, m, g, 0);
    for (int i = 1; i < 17; i++)
        p = chlo_add(b, coef64(b, x, lt625, lt16, a, m, g, i), chlo_mul(b, p, w));
    for (int i = 17; i < 19; i++) {
        chlo_v c = coef64(b, x, lt625, lt16, a, m, g, i);
        p = chlo_select(b, lt16, chlo_add(b, c, chlo_mul(b, p, w)), p);
    }
    for (int i = 19; i < 23; i++) {
        chlo_v c = coef64(b, x, lt625, lt16, a, m, g, i);
        p = chlo_select(b, lt625, chlo_add(b, c, chlo_mul(b, p, w)), p);
    }
    chlo_v r = chlo_mul(b, p, x);
    chlo_v one = chlo_cmp(b, IR_CMP_EQ, chlo_un(b, IR_OP_ABS, x), chlo_like(b, 1.0, x));
    return chlo_select(b, one, chlo_mul(b, x, chlo_like(b, INFINITY, x)), r);
}

chlo_v chlo_erf_inv(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return x[0].t.elem == ET_F64 ? erf_inv_f64(b, x[0]) : chlo_in_f32(b, x[0], erf_inv_f32);
}
