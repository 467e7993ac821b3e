/* The vector and threaded paths of dot_general, convolution, reduce and
 * the element-wise kernels give the bits of the portable, single-threaded
 * ones (docs/threads.md):
 *  - REF chains in binary32 lanes (kern_dot_simd.h) against the generic
 *    loop, exhaustively over every product and every sum of two values of
 *    each format of at most 8 bits, and over many bf16/f16 patterns;
 *  - each kernel run three ways: as is, with IRRUN_ISA=generic, and on a
 *    pool of three threads with IRRUN_TEST_TINY_PARTS=1 (parts of a few
 *    rows or elements).
 * `make check` also runs this file with IRRUN_ISA=generic in the
 * environment, where the first group holds the table loops to the same
 * definition. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "util/isa.h"
#include "kernels/kern_generic.h"
#include "kernels/kern_numerics.h"
#include "types/fparith.h"
#include "util/xorshift.h"
#include "kernels/reduce/kern_reduce.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *matrix(et_id t, int64_t rows, int64_t cols)
{
    tensor_type ty = { t, 2, { rows, cols } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static void set(tensor *x, int64_t i, uint64_t bits)
{
    et_store_bits(x->type.elem, (unsigned char *)x->data + i * (int64_t)tensor_elem_bytes(x), bits);
}

static void same_bits(const tensor *a, const tensor *b, const char *what)
{
    ck_assert_msg(a->nbytes == b->nbytes && memcmp(a->data, b->data, a->nbytes) == 0, "%s: bits differ", what);
}

static kern_dot_dims plain_dims(kern_acc_mode mode)
{
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.ncontract = 1;
    dd.lc[0] = 1;
    dd.rc[0] = 0;
    dd.mode = mode;
    dd.acc = FP_F32;
    dd.lprec = dd.rprec = FP_COUNT;
    return dd;
}

/* lhs [M, K] x rhs [K, N] by the fast kernel and by the generic loop. */
static void check_against_generic(const tensor *l, const tensor *r, const char *what)
{
    kern_dot_dims dd = plain_dims(KACC_REF);
    tensor *fast = matrix(l->type.elem, l->type.dims[0], r->type.dims[1]);
    tensor *slow = matrix(l->type.elem, l->type.dims[0], r->type.dims[1]);
    ck_assert_int_eq(kern_dot_general(l, r, &dd, fast), IRRUN_OK);
    ck_assert_int_eq(kern_dot_general_generic(l, r, &dd, slow), IRRUN_OK);
    same_bits(fast, slow, what);
    tensor_release(fast);
    tensor_release(slow);
}

/* Every product: [P, 1] x [1, P] is +0 + round(a * b) for all pairs. Every
 * sum: rows [a, 1] x columns [1, b] is (+0 + a) + b. */
static void chains_over(et_id t, const uint64_t *pat, int64_t P)
{
    uint64_t one = fp_from_double(et_get(t)->fmt, 1.0, FPR_RNE);
    tensor *pl = matrix(t, P, 1), *pr = matrix(t, 1, P);
    tensor *sl = matrix(t, P, 2), *sr = matrix(t, 2, P);
    for (int64_t i = 0; i < P; i++) {
        set(pl, i, pat[i]);
        set(pr, i, pat[i]);
        set(sl, 2 * i, pat[i]);
        set(sl, 2 * i + 1, one);
        set(sr, i, one);
        set(sr, P + i, pat[i]);
    }
    char what[64];
    snprintf(what, sizeof what, "%s products", et_get(t)->name);
    check_against_generic(pl, pr, what);
    snprintf(what, sizeof what, "%s sums", et_get(t)->name);
    check_against_generic(sl, sr, what);
    tensor_release(pl);
    tensor_release(pr);
    tensor_release(sl);
    tensor_release(sr);
}

/* A float type the vector chains may take: 1-byte floats, bf16, f16. */
static bool chain_candidate(et_id t)
{
    int st = et_get(t)->storage;
    return et_is_float(t) && (st == ES_FBYTE || st == ES_BF16 || st == ES_F16);
}

/* The exponent of max's binade plus one: max = m 2^(result - 1), m in [1, 2). */
static int top_binade(fp_id f)
{
    int e;
    frexp(fp_to_double(f, fp_fmt(f)->max_bits), &e);
    return e;
}

START_TEST(chains_small_formats_exhaustive)
{
    et_id t = (et_id)_i;
    if (et_get(t)->storage != ES_FBYTE)
        return;
    int64_t P = INT64_C(1) << et_get(t)->value_bits;
    uint64_t pat[256];
    for (int64_t i = 0; i < P; i++)
        pat[i] = (uint64_t)i;
    chains_over(t, pat, P);
}
END_TEST

/* bf16 and f16: every exponent with a few mantissas and both signs, and
 * random patterns. */
START_TEST(chains_half_formats)
{
    et_id ts[] = { ET_BF16, ET_F16 };
    for (int n = 0; n < 2; n++) {
        et_id t = ts[n];
        const fp_format *F = fp_fmt(et_get(t)->fmt);
        enum { P = 1024 };
        uint64_t pat[P];
        int64_t k = 0;
        for (uint64_t e = 0; e < (UINT64_C(1) << F->ebits) && k < P - 8; e++)
            for (uint64_t m = 0; m < 3; m++) {
                uint64_t mant = m == 0 ? 0 : m == 1 ? 1 : (UINT64_C(1) << F->mbits) - 1;
                pat[k++] = e << F->mbits | mant | (rnd() & 1 ? F->sign_mask : 0);
            }
        while (k < P)
            pat[k++] = rnd() & F->mask;
        chains_over(t, pat, P);
    }
}
END_TEST

/* Long chains that grow into the top binade and past max: every lane of a
 * row saturating (all products positive), rows wandering up to max and
 * back (mixed signs), rows whose products alone overflow, a few NaN and
 * Inf operands, N past a panel, K past many blocks (kern_dot_simd.h,
 * "Guarded"). */
START_TEST(chains_saturate_and_overflow)
{
    et_id t = (et_id)_i;
    if (!chain_candidate(t))
        return;
    fp_id f = et_get(t)->fmt;
    double top = fp_to_double(f, fp_fmt(f)->max_bits);
    enum { M = 12, K = 700, N = 70 };
    tensor *l = matrix(t, M, K), *r = matrix(t, K, N);
    for (int64_t m = 0; m < M; m++)
        for (int64_t k = 0; k < K; k++) {
            double v;
            switch (m % 6) {
            case 0: v = (double)(rnd() % 4); break;                            /* saturates */
            case 1: v = (double)(rnd() % 9) - 4.0; break;                      /* wanders */
            case 2: v = (k / 50) % 2 ? -(double)(rnd() % 4) : (double)(rnd() % 4); break; /* up and down */
            case 3: v = top / (double)(1 + rnd() % 3); break;                  /* products overflow */
            case 4: v = ldexp((double)(rnd() % 8), -(int)(rnd() % 6)); break;  /* small, stagnates */
            default: v = (double)(rnd() % 3) - 1.0; break;
            }
            set(l, m * K + k, fp_from_double(f, v, FPR_RNE));
        }
    for (int64_t i = 0; i < K * N; i++)
        set(r, i, fp_from_double(f, (double)(rnd() % 4) * (rnd() % 2 ? 1.0 : 0.5), FPR_RNE));
    check_against_generic(l, r, et_get(t)->name);
    /* a NaN and an Inf (where the format has them) in one row each */
    set(l, 5 * K + 300, fp_fmt(f)->canon_nan ? fp_fmt(f)->canon_nan : fp_from_double(f, 1.0, FPR_RNE));
    set(r, 200 * N + 3, fp_from_double(f, HUGE_VAL, FPR_RNE));
    check_against_generic(l, r, et_get(t)->name);
    tensor_release(l);
    tensor_release(r);
}
END_TEST

/* Rows whose 64 accumulators all reach +-Inf in the first steps, in the
 * formats that overflow to Inf (the kernel's settled steps, issue 38):
 * later products of the top binades with random signs, some of them exactly
 * at max plus half an ulp (the first product that rounds to Inf), some just
 * below it (round to max), NaNs and zeros times Inf. */
START_TEST(chains_settled_at_inf)
{
    et_id t = (et_id)_i;
    if (!chain_candidate(t))
        return;
    fp_id f = et_get(t)->fmt;
    const fp_format *F = fp_fmt(f);
    if (!F->has_inf)
        return;
    int e = top_binade(f); /* max's binade is 2^(e - 1) */
    enum { M = 9, K = 300, N = 64 };
    tensor *l = matrix(t, M, K), *r = matrix(t, K, N);
    for (int64_t m = 0; m < M; m++)
        for (int64_t k = 0; k < K; k++) {
            /* a significand in [1, 2) on the format's grid: in max's binade at
             * a few steps (products around max), small elsewhere */
            double sig = 1.0 + (double)(rnd() % 8) / 8.0;
            bool big = k == 60 || k == 90 || k == 120 || k == 200;
            double v = ldexp(sig, big ? e - 1 : -(int)(rnd() % 3));
            if (rnd() % 2)
                v = -v;
            if (k == 0)
                v = m % 2 ? HUGE_VAL : -HUGE_VAL;     /* every lane Inf at once */
            else if (k == 60 && m == 6)
                v = ldexp(1.375, e - 1); /* x 1.375: past max, short of half its ulp (3 bits) */
            else if (k == 60 && m == 5)
                v = ldexp(-1.5, e - 1);  /* x 1.25: 1.875 2^(e-1), the first Inf of 2 bits */
            else if (m == 7 && k == 150)
                v = NAN;
            else if (m == 8 && k == 100)
                v = 0.0;                             /* 0 x Inf at row 0 of r */
            set(l, m * K + k, fp_from_double(f, v, FPR_RNE));
        }
    for (int64_t k = 0; k < K; k++)
        for (int64_t j = 0; j < N; j++) {
            double sig = 1.0 + (double)(rnd() % 8) / 8.0;
            double v = ldexp(sig, -(int)(rnd() % 2));
            if (k > 0 && rnd() % 2)
                v = -v;
            if (k == 100 && j % 3 == 0)
                v = HUGE_VAL;
            if (k == 60)
                v = j % 2 ? 1.25 : 1.375;
            set(r, k * N + j, fp_from_double(f, v, FPR_RNE));
        }
    check_against_generic(l, r, et_get(t)->name);
    tensor_release(l);
    tensor_release(r);
}
END_TEST

/* Rows whose every nonzero product is normal in the format, so that the
 * kernel rounds by splitting (kern_dot_simd.h): significands of all
 * widths (most products and sums inexact, ties among them), rows that
 * climb to max and past it (all positive), rows that wander near it (both
 * signs, products in the top binades), and rows of small sums that cancel
 * into the subnormal range (exact there). */
START_TEST(chains_split_rounding)
{
    et_id t = (et_id)_i;
    if (!chain_candidate(t))
        return;
    fp_id f = et_get(t)->fmt;
    const fp_format *F = fp_fmt(f);
    if (F->mbits == 0)
        return;
    int top = top_binade(f); /* max's binade is 2^(top - 1) */
    enum { M = 8, K = 500, N = 70 };
    tensor *l = matrix(t, M, K), *r = matrix(t, K, N);
    for (int64_t m = 0; m < M; m++)
        for (int64_t k = 0; k < K; k++) {
            double sig = 1.0 + (double)(rnd() % 64) / 64.0;
            int e;
            switch (m % 4) {
            case 0: e = (int)(rnd() % 3); break;                              /* climbs */
            case 1: e = (top - 1) / 2 - (int)(rnd() % 2); break;                /* near max */
            case 2: e = F->emin / 2 + (int)(rnd() % 2); break;                 /* small, cancels */
            default: e = (int)(rnd() % 4) - 1; break;
            }
            double v = ldexp(sig, e);
            if (m % 2 && rnd() % 2)
                v = -v;
            set(l, m * K + k, fp_from_double(f, v, FPR_RNE));
        }
    for (int64_t i = 0; i < K * N; i++) {
        double sig = 1.0 + (double)(rnd() % 64) / 64.0;
        int e = i % 3 == 0 ? (top - 1) / 2 - (int)(rnd() % 2) : (int)(rnd() % 3);
        if ((i / N) % 7 == 3)
            e = F->emin / 2 + (int)(rnd() % 2);
        double v = ldexp(sig, e);
        set(r, i, fp_from_double(f, rnd() % 3 ? v : -v, FPR_RNE));
    }
    check_against_generic(l, r, et_get(t)->name);
    tensor_release(l);
    tensor_release(r);
}
END_TEST

/* --- the same bits on every path -------------------------------------- */

typedef void (*compute_fn)(pool *p, tensor *out, void *arg);

/* out computed as is, with IRRUN_ISA=generic, and on three threads in
 * tiny parts: all three the same. */
static void three_ways(compute_fn fn, void *arg, const tensor *shape_of, const char *what)
{
    tensor *plain = tensor_new(&shape_of->type), *generic = tensor_new(&shape_of->type);
    tensor *threaded = tensor_new(&shape_of->type);
    ck_assert_ptr_nonnull(plain);
    ck_assert_ptr_nonnull(generic);
    ck_assert_ptr_nonnull(threaded);
    memset(plain->data, 0xA5, plain->nbytes);
    memset(generic->data, 0x5A, generic->nbytes);
    memset(threaded->data, 0x3C, threaded->nbytes);
    fn(NULL, plain, arg);
    setenv("IRRUN_ISA", "generic", 1);
    isa_recheck();
    fn(NULL, generic, arg);
    unsetenv("IRRUN_ISA");
    isa_recheck();
    pool *p = pool_new(3);
    ck_assert_ptr_nonnull(p);
    setenv("IRRUN_TEST_TINY_PARTS", "1", 1);
    fn(p, threaded, arg);
    unsetenv("IRRUN_TEST_TINY_PARTS");
    pool_free(p);
    char w[96];
    snprintf(w, sizeof w, "%s: generic ISA", what);
    same_bits(plain, generic, w);
    snprintf(w, sizeof w, "%s: three threads", what);
    same_bits(plain, threaded, w);
    tensor_release(plain);
    tensor_release(generic);
    tensor_release(threaded);
}

/* Random patterns, a quarter of them small values so that long sums do not
 * all end in Inf or NaN. */
static void fill(tensor *x)
{
    et_id t = x->type.elem;
    for (int64_t i = 0; i < x->count; i++) {
        uint64_t bits = rnd() & et_value_mask(t);
        if (et_is_float(t) && rnd() % 4 != 0)
            bits = fp_from_double(et_get(t)->fmt, (double)(int64_t)(rnd() % 33 - 16) / 8.0, FPR_RNE);
        set(x, i, bits);
    }
}

typedef struct {
    const tensor *a, *b, *c; /* c: select's predicate, clamp's bound */
    kern_dot_dims dd;
    kern_conv_dims cd;
    int64_t rdims[1];
    kern_binop op;
} job;

static void run_dot(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    j->dd.pool = p;
    ck_assert_int_eq(kern_dot_general(j->a, j->b, &j->dd, out), IRRUN_OK);
}

START_TEST(dot_paths_agree)
{
    et_id types[] = { ET_F8E4M3FN, ET_F8E5M2, ET_F4E2M1FN, ET_BF16, ET_F16, ET_F32, ET_I32, ET_C64 };
    for (size_t n = 0; n < sizeof types / sizeof types[0]; n++)
        for (int mode = 0; mode < 2; mode++) {
            et_id t = types[n];
            tensor *a = matrix(t, 45, 150), *b = matrix(t, 150, 70), *shape = matrix(t, 45, 70);
            fill(a);
            fill(b);
            job j = { a, b, NULL, plain_dims(mode ? KACC_TYPE : KACC_REF), { 0 }, { 0 }, KB_ADD };
            char what[64];
            snprintf(what, sizeof what, "dot %s %s", et_get(t)->name, mode ? "f32 acc" : "REF");
            three_ways(run_dot, &j, shape, what);
            tensor_release(a);
            tensor_release(b);
            tensor_release(shape);
        }
}
END_TEST

/* bf16 products are exact in binary32 only between its over- and
 * underflow: with values in range the vector loop fuses its steps, and
 * with one that is not it must not: there row 7 x column 11 is 2^-149 +
 * 2^-150, which a multiply then an add rounds to 2^-149 (the product ties
 * to 0) and a fused step to 2^-148 (into an f32 result, which keeps it).
 * Both as the generic loop. */
START_TEST(dot_bf16_fused_by_range)
{
    for (int extreme = 0; extreme < 2; extreme++) {
        tensor *a = matrix(ET_BF16, 45, 150), *b = matrix(ET_BF16, 150, 70);
        tensor *shape = matrix(ET_F32, 45, 70);
        for (int64_t i = 0; i < a->count; i++)
            set(a, i, fp_from_double(FP_BF16, ldexp((double)(int64_t)(rnd() % 255 - 127), -(int)(rnd() % 20)), FPR_RNE));
        for (int64_t i = 0; i < b->count; i++)
            set(b, i, fp_from_double(FP_BF16, ldexp((double)(int64_t)(rnd() % 255 - 127), -(int)(rnd() % 20)), FPR_RNE));
        if (extreme) {
            for (int64_t k = 0; k < 150; k++)
                set(a, 7 * 150 + k, fp_from_double(FP_BF16, k < 2 ? 0x1p-75 : 0.0, FPR_RNE));
            set(b, 0 * 70 + 11, fp_from_double(FP_BF16, 0x1p-74, FPR_RNE));
            set(b, 1 * 70 + 11, fp_from_double(FP_BF16, 0x1p-75, FPR_RNE));
        }
        job j = { a, b, NULL, plain_dims(KACC_TYPE), { 0 }, { 0 }, KB_ADD };
        three_ways(run_dot, &j, shape, extreme ? "dot bf16 f32 acc, products underflow" : "dot bf16 f32 acc, in range");
        tensor_release(a);
        tensor_release(b);
        tensor_release(shape);
    }
}
END_TEST

/* Integer dots in 16-bit lanes (kern_dot.c, "Integers in 16-bit lanes"):
 * every integer type of at most 32 bits, sizes with row, column and odd-K
 * tails; 32-bit operands in the i16 range (extremes often, and all
 * -2^15 so that vpmaddwd's one overflowing pair sum and the i32 sums'
 * wrap-around are met) and one just outside it (the storage class's loop
 * then runs). Fast, generic ISA, three threads and the definition
 * (kern_dot_general_generic) agree. */
static void fill_int(tensor *x, int how)
{
    et_id t = x->type.elem;
    bool wide = et_get(t)->value_bits == 32;
    for (int64_t i = 0; i < x->count; i++) {
        uint64_t r = rnd(), bits = r & et_value_mask(t);
        if (wide || how == 1) {
            int64_t v = how == 1 ? -32768 : r % 4 == 0 ? (r >> 8) % 2 ? 32767 : -32768
                                                         : (int64_t)((r >> 8) % 65536) - 32768;
            bits = (uint64_t)v & et_value_mask(t);
        }
        set(x, i, bits);
    }
    if (how == 2)
        set(x, x->count / 2, 32768);
}

START_TEST(int_dot_lanes_agree)
{
    et_id types[] = { ET_I8, ET_UI8, ET_I16, ET_UI16, ET_I32, ET_UI32, ET_I4, ET_UI2 };
    int64_t sizes[][3] = { { 45, 151, 70 }, { 4, 2, 16 }, { 7, 1, 9 }, { 1, 300, 1 }, { 33, 64, 24 } };
    for (size_t n = 0; n < sizeof types / sizeof types[0]; n++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int how = 0; how < 3; how++) {
                et_id t = types[n];
                int64_t M = sizes[z][0], K = sizes[z][1], N = sizes[z][2];
                tensor *a = matrix(t, M, K), *b = matrix(t, K, N), *shape = matrix(t, M, N);
                fill_int(a, how);
                fill_int(b, how == 1 ? 1 : 0);
                char what[96];
                snprintf(what, sizeof what, "int dot %s %lldx%lldx%lld fill %d", et_get(t)->name, (long long)M,
                         (long long)K, (long long)N, how);
                job j = { a, b, NULL, plain_dims(KACC_REF), { 0 }, { 0 }, KB_ADD };
                three_ways(run_dot, &j, shape, what);
                check_against_generic(a, b, what);
                tensor_release(a);
                tensor_release(b);
                tensor_release(shape);
            }
}
END_TEST

static void run_conv(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    j->cd.pool = p;
    ck_assert_int_eq(kern_convolution(j->a, j->b, &j->cd, out), IRRUN_OK);
}

/* NHWC 2x9x9x6 input, HWIO 3x3x6x20 kernel (a whole panel of sixteen
 * output features and part of one), stride 1, padding 1; f8E4M3FN, bf16
 * and f16 (every product exact in binary32: fused steps) and f32 (not). */
START_TEST(conv_paths_agree)
{
    static const et_id types[] = { ET_F8E4M3FN, ET_BF16, ET_F16, ET_F32 };
    for (int mode = 0; mode < 8; mode++) {
        et_id t = types[mode / 2];
        tensor_type lt = { t, 4, { 2, 9, 9, 6 } }, kt = { t, 4, { 3, 3, 6, 20 } };
        tensor_type ot = { t, 4, { 2, 9, 9, 20 } };
        tensor *x = tensor_new(&lt), *k = tensor_new(&kt), *shape = tensor_new(&ot);
        fill(x);
        fill(k);
        job j = { x, k, NULL, { 0 }, { 0 }, { 0 }, KB_ADD };
        kern_conv_dims *cd = &j.cd;
        cd->nspatial = 2;
        cd->in_spatial[0] = 1;
        cd->in_spatial[1] = 2;
        cd->in_feature = 3;
        cd->kernel_spatial[0] = 0;
        cd->kernel_spatial[1] = 1;
        cd->kernel_in = 2;
        cd->kernel_out = 3;
        cd->out_spatial[0] = 1;
        cd->out_spatial[1] = 2;
        cd->out_feature = 3;
        for (int s = 0; s < 2; s++) {
            cd->strides[s] = cd->lhs_dilation[s] = cd->rhs_dilation[s] = 1;
            cd->low[s] = 1;
        }
        cd->feature_groups = cd->batch_groups = 1;
        cd->mode = mode % 2 ? KACC_TYPE : KACC_REF;
        cd->acc = FP_F32;
        char what[64];
        snprintf(what, sizeof what, "convolution %s %s", et_get(t)->name, mode % 2 ? "f32 acc" : "REF");
        three_ways(run_conv, &j, shape, what);
        tensor_release(x);
        tensor_release(k);
        tensor_release(shape);
    }
}
END_TEST

static void run_reduce(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_reduce_binop(p, j->op, true, j->a, j->b, j->rdims, 1, out), IRRUN_OK);
}

static void run_binary(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_binary_on(p, j->op, j->a, j->b, out), IRRUN_OK);
}

static void run_convert(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_convert_on(p, j->a, out), IRRUN_OK);
}

static void run_unary(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_unary_on(p, KU_EXP, j->a, out), IRRUN_OK);
}

static void run_compare(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_compare_on(p, KC_LT, false, j->a, j->b, out), IRRUN_OK);
}

static void run_select(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_select_on(p, j->c, j->a, j->b, out), IRRUN_OK);
}

static void run_clamp(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_clamp_on(p, j->c, j->a, j->b, out), IRRUN_OK);
}

static void run_bits(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_bits_on(p, KBIT_SHL, j->a, j->b, out), IRRUN_OK);
}

static void run_popcnt(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_bits_on(p, KBIT_POPCNT, j->a, NULL, out), IRRUN_OK);
}

static void run_is_finite(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_parts_on(p, KP_IS_FINITE, j->a, NULL, out), IRRUN_OK);
}

static void run_precision(pool *p, tensor *out, void *arg)
{
    job *j = arg;
    ck_assert_int_eq(kern_reduce_precision_on(p, j->a, 3, 2, out), IRRUN_OK);
}

START_TEST(elementwise_and_reduce_paths_agree)
{
    et_id types[] = { ET_F8E4M3FN, ET_BF16, ET_F32, ET_I8, ET_I64 };
    for (size_t n = 0; n < sizeof types / sizeof types[0]; n++) {
        et_id t = types[n];
        tensor *a = matrix(t, 37, 41), *b = matrix(t, 37, 41), *row = matrix(t, 1, 41);
        tensor_type it = { t, 0, { 0 } };
        tensor *init = tensor_new(&it), *f32 = matrix(ET_F32, 37, 41);
        fill(a);
        fill(b);
        set(init, 0, 0);
        job j = { a, b, NULL, { 0 }, { 0 }, { 0 }, KB_ADD };
        three_ways(run_binary, &j, a, "add");
        j.op = KB_MAX;
        three_ways(run_binary, &j, a, "maximum");
        three_ways(run_convert, &j, f32, "convert to f32");
        if (et_is_float(t)) {
            three_ways(run_unary, &j, a, "exponential");
            three_ways(run_precision, &j, a, "reduce_precision e3m2");
        } else {
            three_ways(run_bits, &j, a, "shift_left");
            three_ways(run_popcnt, &j, a, "popcnt");
        }
        /* compare, then select by its result and by a rank-0 predicate,
         * clamp between a rank-0 bound and b */
        tensor *less = matrix(ET_I1, 37, 41);
        tensor_type st = { ET_I1, 0, { 0 } }, bt = { t, 0, { 0 } };
        tensor *yes = tensor_new(&st), *bound = tensor_new(&bt);
        if (et_is_float(t))
            three_ways(run_is_finite, &j, less, "is_finite");
        three_ways(run_compare, &j, less, "compare LT");
        run_compare(NULL, less, &j);
        set(yes, 0, 1);
        set(bound, 0, et_load_bits(t, a->data));
        job js = j;
        js.c = less;
        three_ways(run_select, &js, a, "select");
        js.c = yes;
        three_ways(run_select, &js, a, "select by a rank-0 predicate");
        js.c = bound;
        three_ways(run_clamp, &js, a, "clamp");
        tensor_release(less);
        tensor_release(yes);
        tensor_release(bound);
        tensor_type rt = { t, 1, { 41 } };
        tensor *reduced = tensor_new(&rt);
        job jr = { a, init, NULL, { 0 }, { 0 }, { 0 }, KB_ADD };
        three_ways(run_reduce, &jr, reduced, "reduce add over dim 0");
        tensor_type ct = { t, 1, { 37 } };
        tensor *cols = tensor_new(&ct);
        jr.rdims[0] = 1;
        three_ways(run_reduce, &jr, cols, "reduce add over dim 1");
        tensor_release(reduced);
        tensor_release(cols);
        tensor_release(a);
        tensor_release(b);
        tensor_release(row);
        tensor_release(init);
        tensor_release(f32);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("dot paths");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, chains_small_formats_exhaustive, 0, ET_COUNT);
    tcase_add_test(tc, chains_half_formats);
    tcase_add_loop_test(tc, chains_saturate_and_overflow, 0, ET_COUNT);
    tcase_add_loop_test(tc, chains_settled_at_inf, 0, ET_COUNT);
    tcase_add_loop_test(tc, chains_split_rounding, 0, ET_COUNT);
    tcase_add_test(tc, dot_paths_agree);
    tcase_add_test(tc, dot_bf16_fused_by_range);
    tcase_add_test(tc, int_dot_lanes_agree);
    tcase_add_test(tc, conv_paths_agree);
    tcase_add_test(tc, elementwise_and_reduce_paths_agree);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
