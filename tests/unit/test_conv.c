/* kern_convolution against SPEC.md 9.5.3's definition written out per
 * result element (fp_arith at every step for REF; binary64 products rounded
 * into the accumulation type for --dot-accumulation=f32|f64), on shapes the
 * golden files cannot afford: patch rows split over several chunks, rows
 * and output features that do not fill the blocked loops, random layouts,
 * groups and windows, on the float formats whose REF loops differ. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/bitcast.h"
#include "util/xorshift.h"

static uint64_t rng_state = 0xD1B54A32D192ED03u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

typedef struct {
    int S;
    int64_t N, C, O, isz[3], ksz[3];
} conv_shape;

static uint64_t get(const tensor *t, int64_t i)
{
    return et_load_bits(t->type.elem, (const unsigned char *)t->data + i * (int64_t)tensor_elem_bytes(t));
}

static void set(tensor *t, int64_t i, uint64_t v)
{
    et_store_bits(t->type.elem, (unsigned char *)t->data + i * (int64_t)tensor_elem_bytes(t), v);
}

static int64_t offset(const tensor *t, const int64_t *idx)
{
    int64_t at = 0;
    for (int d = 0; d < t->type.rank; d++)
        at = at * t->type.dims[d] + idx[d];
    return at;
}

/* The definition, for result element ridx: float operands and result of
 * one format (REF) or any float formats (accumulate-in-type). */
static uint64_t definition(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, const tensor *r,
                           const int64_t *ridx)
{
    int S = cd->nspatial;
    fp_id lf = et_get(lhs->type.elem)->fmt, kf = et_get(rhs->type.elem)->fmt, rf = et_get(r->type.elem)->fmt;
    int64_t G = cd->feature_groups > cd->batch_groups ? cd->feature_groups : cd->batch_groups;
    int64_t Cg = rhs->type.dims[cd->kernel_in], O = rhs->type.dims[cd->kernel_out], Og = O / G;
    int64_t Nout = r->type.dims[cd->out_batch];
    int64_t n = ridx[cd->out_batch], of = ridx[cd->out_feature], g = of / Og;
    int64_t nb = cd->batch_groups > 1 ? g * Nout : 0, fo = cd->feature_groups > 1 ? g * Cg : 0;
    int64_t T = 1, w[3];
    for (int j = 0; j < S; j++) {
        w[j] = rhs->type.dims[cd->kernel_spatial[j]];
        T *= w[j];
    }
    uint64_t acc = 0;
    double dacc = 0;
    for (int64_t tl = 0; tl < T; tl++) {
        int64_t t[3], rest = tl;
        for (int j = S - 1; j >= 0; j--) {
            t[j] = rest % w[j];
            rest /= w[j];
        }
        for (int64_t c = 0; c < Cg; c++) {
            int64_t li[5] = { 0 }, ki[5] = { 0 };
            bool inside = true;
            li[cd->in_batch] = nb + n;
            li[cd->in_feature] = fo + c;
            for (int j = 0; j < S; j++) {
                int64_t u = cd->reversal[j] ? w[j] - 1 - t[j] : t[j];
                int64_t pos = ridx[cd->out_spatial[j]] * cd->strides[j] + u * cd->rhs_dilation[j] - cd->low[j];
                int64_t dil = cd->lhs_dilation[j], in = lhs->type.dims[cd->in_spatial[j]];
                inside &= pos >= 0 && pos % dil == 0 && pos / dil < in;
                li[cd->in_spatial[j]] = inside ? pos / dil : 0;
                ki[cd->kernel_spatial[j]] = t[j];
            }
            ki[cd->kernel_in] = c;
            ki[cd->kernel_out] = of;
            uint64_t x = inside ? get(lhs, offset(lhs, li)) : 0, y = get(rhs, offset(rhs, ki));
            if (cd->mode == KACC_REF) {
                acc = fp_arith(rf, FPOP_ADD, acc, fp_arith(rf, FPOP_MUL, x, y));
            } else {
                double p = fp_to_double(lf, x) * fp_to_double(kf, y);
                dacc = cd->acc == FP_F32 ? (double)(float)(dacc + (double)(float)p) : dacc + p;
            }
        }
    }
    if (cd->mode == KACC_REF)
        return acc;
    if (dacc != dacc)
        dacc = bits_to_f64(UINT64_C(0x7FF8000000000000));
    return rf == FP_F64 ? f64_to_bits(dacc) : fp_from_double(rf, dacc, FPR_RNE);
}

/* Random operands (mostly small values, some specials), a random layout
 * when `shuffle`, and the comparison of every result element. */
static void run_case(et_id lt, et_id kt, et_id rt, const conv_shape *sh, kern_conv_dims cd, const int64_t *high,
                     bool shuffle)
{
    int S = sh->S, rank = S + 2;
    int64_t lp[5], kp[5], op[5];
    for (int d = 0; d < rank; d++)
        lp[d] = kp[d] = op[d] = d;
    if (shuffle)
        for (int d = rank - 1; d > 0; d--) {
            int64_t *ps[3] = { lp, kp, op };
            for (int k = 0; k < 3; k++) {
                int e = (int)(rnd() % (uint64_t)(d + 1));
                int64_t tmp = ps[k][d];
                ps[k][d] = ps[k][e];
                ps[k][e] = tmp;
            }
        }
    cd.nspatial = S;
    cd.in_batch = lp[0];
    cd.in_feature = lp[S + 1];
    cd.kernel_out = kp[0];
    cd.kernel_in = kp[S + 1];
    cd.out_batch = op[0];
    cd.out_feature = op[S + 1];
    tensor_type lty = { lt, rank, { 0 } }, kty = { kt, rank, { 0 } }, rty = { rt, rank, { 0 } };
    int64_t G = cd.feature_groups > cd.batch_groups ? cd.feature_groups : cd.batch_groups;
    lty.dims[cd.in_batch] = sh->N;
    lty.dims[cd.in_feature] = sh->C;
    kty.dims[cd.kernel_in] = sh->C / cd.feature_groups;
    kty.dims[cd.kernel_out] = sh->O;
    rty.dims[cd.out_batch] = sh->N / cd.batch_groups;
    rty.dims[cd.out_feature] = sh->O;
    for (int j = 0; j < S; j++) {
        cd.in_spatial[j] = lp[1 + j];
        cd.kernel_spatial[j] = kp[1 + j];
        cd.out_spatial[j] = op[1 + j];
        lty.dims[cd.in_spatial[j]] = sh->isz[j];
        kty.dims[cd.kernel_spatial[j]] = sh->ksz[j];
        int64_t D = (sh->isz[j] - 1) * cd.lhs_dilation[j] + 1, P = cd.low[j] + D + high[j];
        int64_t Wd = (sh->ksz[j] - 1) * cd.rhs_dilation[j] + 1;
        rty.dims[cd.out_spatial[j]] = Wd > P ? 0 : (P - Wd) / cd.strides[j] + 1;
    }
    (void)G;
    tensor *l = tensor_new(&lty), *k = tensor_new(&kty), *r = tensor_new(&rty);
    ck_assert_ptr_nonnull(l);
    ck_assert_ptr_nonnull(k);
    ck_assert_ptr_nonnull(r);
    tensor *ops[2] = { l, k };
    for (int o = 0; o < 2; o++) {
        fp_id f = et_get(ops[o]->type.elem)->fmt;
        const fp_format *F = fp_fmt(f);
        for (int64_t i = 0; i < ops[o]->count; i++) {
            uint64_t b = rnd() % 64 == 0 ? rnd() & F->mask
                                         : fp_from_double(f, (double)((int64_t)(rnd() % 17) - 8) / 8.0, FPR_RNE);
            set(ops[o], i, b);
        }
    }
    ck_assert_int_eq(kern_convolution(l, k, &cd, r), IRRUN_OK);
    int64_t idx[5] = { 0 };
    for (int64_t i = 0; i < r->count; i++) {
        uint64_t want = definition(l, k, &cd, r, idx), got = get(r, i);
        ck_assert_msg(got == want, "%s element %lld: got 0x%llx, want 0x%llx", et_get(rt)->name, (long long)i,
                      (unsigned long long)got, (unsigned long long)want);
        for (int d = rank - 1; d >= 0 && ++idx[d] == r->type.dims[d]; d--)
            idx[d] = 0;
    }
    tensor_release(l);
    tensor_release(k);
    tensor_release(r);
}

/* Window attributes: strides, dilations, padding, reversal per spatial
 * dimension (high padding returned separately: the kernel derives it). */
static kern_conv_dims window(int S, const int64_t *stride, const int64_t *low, const int64_t *ldil,
                             const int64_t *rdil, const bool *rev, int64_t G, int64_t Gb, kern_acc_mode mode)
{
    kern_conv_dims cd;
    memset(&cd, 0, sizeof cd);
    for (int j = 0; j < S; j++) {
        cd.strides[j] = stride[j];
        cd.low[j] = low[j];
        cd.lhs_dilation[j] = ldil[j];
        cd.rhs_dilation[j] = rdil[j];
        cd.reversal[j] = rev[j];
    }
    cd.feature_groups = G;
    cd.batch_groups = Gb;
    cd.mode = mode;
    cd.acc = FP_F32;
    return cd;
}

static const int64_t ones[3] = { 1, 1, 1 };
static const bool no_rev[3] = { false, false, false };

START_TEST(ref_several_chunks)
{
    /* K = 3 * 3 * 64: an f8 chunk holds 455 patch rows, 2 * 16 * 16 = 512
     * rows need two; 10 output features: one block of 8 and a tail */
    conv_shape sh = { 2, 2, 64, 10, { 16, 16 }, { 3, 3 } };
    kern_conv_dims cd = window(2, ones, ones, ones, ones, no_rev, 1, 1, KACC_REF);
    run_case(ET_F8E4M3FN, ET_F8E4M3FN, ET_F8E4M3FN, &sh, cd, ones, false);
}
END_TEST

START_TEST(f32_acc_several_chunks)
{
    /* binary32 chunks of 112 rows: 2 * 15 * 15 = 450 rows end in a partial
     * block of 2; 19 output features: two blocks of 8 and a tail */
    conv_shape sh = { 2, 2, 64, 19, { 15, 15 }, { 3, 3 } };
    kern_conv_dims cd = window(2, ones, ones, ones, ones, no_rev, 1, 1, KACC_TYPE);
    run_case(ET_F8E4M3FN, ET_F8E5M2, ET_BF16, &sh, cd, ones, false);
    cd.acc = FP_F64;
    run_case(ET_F8E4M3FN, ET_F8E5M2, ET_BF16, &sh, cd, ones, false);
    cd.acc = FP_F32;
    run_case(ET_F64, ET_F32, ET_F16, &sh, cd, ones, false);
}
END_TEST

START_TEST(random_windows_layouts_groups)
{
    static const et_id types[] = { ET_F8E4M3FN, ET_F8E5M2, ET_F4E2M1FN, ET_BF16, ET_F16, ET_F32, ET_F64 };
    for (int rep = 0; rep < 60; rep++) {
        et_id t = types[rep % 7];
        int S = (int)(rnd() % 4);
        conv_shape sh = { S, 0, 0, 0, { 0 }, { 0 } };
        int64_t stride[3], low[3], high[3], ldil[3], rdil[3];
        bool rev[3];
        int64_t G = 1, Gb = 1;
        if (rep % 3 == 1)
            G = 1 + (int64_t)(rnd() % 3);
        else if (rep % 3 == 2)
            Gb = 1 + (int64_t)(rnd() % 3);
        sh.N = Gb * (1 + (int64_t)(rnd() % 2));
        sh.C = G * (1 + (int64_t)(rnd() % 3));
        sh.O = G * Gb * (1 + (int64_t)(rnd() % 9));
        for (int j = 0; j < S; j++) {
            sh.isz[j] = 1 + (int64_t)(rnd() % 5);
            sh.ksz[j] = 1 + (int64_t)(rnd() % 3);
            stride[j] = 1 + (int64_t)(rnd() % 2);
            ldil[j] = 1 + (int64_t)(rnd() % 2);
            rdil[j] = 1 + (int64_t)(rnd() % 2);
            low[j] = (int64_t)(rnd() % 4) - 1;
            high[j] = (int64_t)(rnd() % 4) - 1;
            rev[j] = rnd() & 1;
            int64_t D = (sh.isz[j] - 1) * ldil[j] + 1;
            if (low[j] + D + high[j] < 0)
                low[j] = high[j] = 0;
        }
        kern_conv_dims cd = window(S, stride, low, ldil, rdil, rev, G, Gb, KACC_REF);
        run_case(t, t, t, &sh, cd, high, true);
        cd = window(S, stride, low, ldil, rdil, rev, G, Gb, KACC_TYPE);
        cd.acc = rep & 1 ? FP_F32 : FP_F64;
        run_case(t, types[(rep + 1) % 7], t, &sh, cd, high, true);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("convolution");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, ref_several_chunks);
    tcase_add_test(tc, f32_acc_several_chunks);
    tcase_add_test(tc, random_windows_layouts_groups);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    fp_tables_free();
    return failed ? 1 : 0;
}
