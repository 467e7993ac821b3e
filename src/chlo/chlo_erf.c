/* erf and erfc (docs/chlo.md): Cephes' rational approximations in f64,
 * Eigen's and Cephes' polynomials in f32, f16 and bf16 computed in f32. */
#include "chlo/chlo_ops.h"

/* f16 and bf16 operands are computed in f32 and the result converted back. */
static chlo_v with_f32(chlo_b *b, chlo_v x, chlo_v (*f)(chlo_b *, chlo_v))
{
    if (x.t.elem == ET_F32)
        return f(b, x);
    et_id orig = x.t.elem;
    return chlo_convert(b, f(b, chlo_convert(b, x, ET_F32)), orig);
}

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
    static const double alpha[] = { -2.72614225801306e-10f, 2.77068142495902e-08f,  -2.10102402082508e-06f,
                                    -5.69250639462346e-05f, -7.34990630326855e-04f, -2.95459980854025e-03f,
                                    -1.60960333262415e-02f };
    static const double beta[] = { -1.45660718464996e-05f, -2.13374055278905e-04f, -1.68282697438203e-03f,
                                   -7.37332916720468e-03f, -1.42647390514189e-02f };
    chlo_v lb = chlo_like(b, -4.0, x);
    chlo_v ub = chlo_like(b, 4.0, x);
    x = chlo_clamp(b, lb, x, ub);
    chlo_v x2 = chlo_mul(b, x, x);
    chlo_v pa = chlo_poly(b, x2, alpha, 7);
    chlo_v pb = chlo_poly(b, x2, beta, 5);
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
    return x[0].t.elem == ET_F64 ? erf_f64(b, x[0]) : with_f32(b, x[0], erf_f32);
}

chlo_v chlo_erfc(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    return x[0].t.elem == ET_F64 ? erfc_f64(b, x[0]) : with_f32(b, x[0], erfc_f32);
}
