/* The native kernels of chlo ops (src/kernels/kern_chlo.c, docs/chlo.md
 * "Native kernels") against the ops' StableHLO decompositions, bit for
 * bit: the same program is read twice, once with the chlo op kept for its
 * kernel (chlo_expand_module_as, decompose false) and once decomposed (as
 * IRRUN_CHLO=decompose asks), both are checked and run on the same
 * operands, and the results compared byte for byte.
 *
 * erf and lgamma: every f16 and bf16 pattern; on f32 the special values
 * (+-0, subnormals, +-Inf, NaNs of both signs with payloads, quiet and
 * signalling), the boundaries of each branch and polynomial interval and
 * their neighbours (erf's clamps at +-4, lgamma's reflection at 1/2, the
 * poles, 2^23 for its floor), 2^21 random patterns and 2^20 random values
 * of the functions' working ranges. top_k: rows with ties, NaNs of both
 * signs, -0 and +0, Inf, k = 0, 1, the row length and a k past the kernel's
 * small-k selection, on every element type the kernel takes. Each runs on
 * the vector path and on the portable one (make check runs the binary once
 * more with IRRUN_ISA=generic). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "chlo/chlo.h"
#include "interp/interp.h"
#include "ir/ir.h"
#include "kernels/chlo/kern_chlo.h"
#include "types/fpformat.h"
#include "util/bitcast.h"
#include "util/xorshift.h"

#include "run_suite.h"
#include "same_bits.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rnd32(void) { return (uint32_t)(xorshift64(&rng_state) >> 16); }

/* Reads, expands (native or decomposed), checks and runs `text` on the
 * one operand x; its results (owned) in res[0..nres). Asserts the native
 * reading kept exactly one chlo op marked native, the decomposed one none. */
static void run_args(const char *text, bool decompose, tensor **args, int nargs, tensor **res, int nres)
{
    diag_source src = { .name = "<test>", .text = text, .len = strlen(text), .out = stderr };
    ir_module *m = ir_parse(&src, 0, src.len, 1);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(chlo_expand_module_as(m, &src, decompose), 0);
    ck_assert_int_eq(check_module(m, &src), 0);
    int native = 0;
    const ir_block *body = &m->funcs[0].body;
    for (int i = 0; i < body->nops; i++)
        native += body->ops[i].native;
    ck_assert_int_eq(native, decompose ? 0 : 1);
    rt_options opt = { .err = stderr, .hex_threshold = 100, .args = args, .nargs = nargs };
    interp_outcome oc;
    ck_assert_int_eq(interp_run_module(m, &src, &opt, true, &oc), 0);
    ck_assert_int_eq(oc.nresults, nres);
    for (int k = 0; k < nres; k++) {
        res[k] = oc.results[k];
        oc.results[k] = NULL;
    }
    interp_outcome_free(&oc);
    ir_module_free(m);
}

static void run(const char *text, bool decompose, tensor *x, tensor **res, int nres)
{
    run_args(text, decompose, &x, 1, res, nres);
}

/* chlo.<op> on a vector of x's elements, native against decomposed */
static void unary_same(const char *op, tensor *x)
{
    char text[512];
    const char *t = et_get(x->type.elem)->name;
    long long n = (long long)x->count;
    snprintf(text, sizeof text,
             "func.func @main(%%x: tensor<%lldx%s>) -> tensor<%lldx%s> {\n"
             "  %%r = chlo.%s %%x : tensor<%lldx%s> -> tensor<%lldx%s>\n"
             "  func.return %%r : tensor<%lldx%s>\n}\n",
             n, t, n, t, op, n, t, n, t, n, t);
    tensor *fast, *ref;
    run(text, false, x, &fast, 1);
    run(text, true, x, &ref, 1);
    char what[64];
    snprintf(what, sizeof what, "chlo.%s %s", op, t);
    same_bits(fast, ref, what);
    tensor_release(fast);
    tensor_release(ref);
}

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static const char *const unary_ops[] = { "erf", "lgamma" };

/* every f16 (_i even) and bf16 (_i odd) pattern, for erf and lgamma */
START_TEST(half_all_patterns)
{
    tensor *x = vec(_i % 2 ? ET_BF16 : ET_F16, 65536);
    for (int i = 0; i < 65536; i++)
        ((uint16_t *)x->data)[i] = (uint16_t)i;
    unary_same(unary_ops[_i / 2], x);
    tensor_release(x);
}
END_TEST

/* f32 patterns: specials, boundaries and their neighbours */
static int64_t f32_specials(uint32_t *p)
{
    static const float points[] = { 0.0f, 1.0f, 0.5f, 2.0f, 4.0f, 8.0f, 1.5f, 2.5f, 3.0f, 7.5f, 10.0f,
                                    0x1p23f, 0x1p24f, 0x1p-126f, 0x1p-149f, 0x1.fffffep127f, 0.25f, 0.75f,
                                    1e-20f, 1e20f, 3.5f, 35.0f, 1e-7f, 100.5f, 1e30f, 88.0f, 9.0f, 0.1f };
    int64_t n = 0;
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        uint32_t b = f32_to_bits(points[i]);
        for (int64_t d = -3; d <= 3; d++)
            for (uint32_t s = 0; s < 2; s++) {
                int64_t v = (int64_t)b + d;
                if (v >= 0 && v < 0x80000000)
                    p[n++] = (uint32_t)v | s << 31;
            }
    }
    /* the integers to -40 and their neighbours (lgamma's poles) */
    for (int k = 0; k <= 40; k++) {
        uint32_t b = f32_to_bits(-(float)k);
        p[n++] = b;
        p[n++] = b + 1;
        p[n++] = b - 1;
    }
    static const uint32_t raw[] = { 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u,
                                    0x7FA00000u, 0xFFB12345u, 0x7FC12345u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x00000001u,
                                    0x807FFFFFu, 0x00400000u, 0x80000001u, 0x7F7FFFFFu };
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
        p[n++] = raw[i];
    return n;
}

/* f32: the specials, random patterns (_i: 0 erf, 1 lgamma) and random
 * values of the working range */
START_TEST(f32_operands)
{
    enum { RANDOM = 1 << 21, RANGE = 1 << 20, MAXSPECIAL = 2048 };
    tensor *x = vec(ET_F32, MAXSPECIAL + RANDOM + RANGE);
    uint32_t *p = x->data;
    int64_t n = f32_specials(p);
    ck_assert_int_le(n, MAXSPECIAL);
    for (int64_t i = 0; i < RANDOM; i++)
        p[n++] = rnd32();
    float span = _i == 0 ? 5.0f : 45.0f;
    for (int64_t i = 0; i < RANGE; i++)
        p[n++] = f32_to_bits(span * (2.0f * (float)(rnd32() >> 8) / 16777216.0f - 1.0f));
    while (n < x->count)
        p[n++] = 0;
    unary_same(unary_ops[_i], x);
    tensor_release(x);
}
END_TEST

/* kern_chlo_f32 in place gives what it gives out of place */
START_TEST(f32_in_place)
{
    enum { N = 5000 };
    static uint32_t x[N], r[N];
    for (int i = 0; i < N; i++)
        x[i] = i % 7 == 0 ? 0x7FC00000u + (uint32_t)i : rnd32();
    for (int f = KCH_ERF; f <= KCH_LGAMMA; f++) {
        kern_chlo_f32((kern_chlo_fn)f, x, r, N);
        kern_chlo_f32((kern_chlo_fn)f, x, x, N);
        ck_assert_mem_eq(x, r, sizeof x);
    }
}
END_TEST

/* ---- top_k --------------------------------------------------------------- */

static void top_k_same(tensor *x, int64_t k)
{
    char text[1024], shape[64], out[64];
    const char *t = et_get(x->type.elem)->name;
    long long rows = (long long)x->type.dims[0], n = (long long)x->type.dims[1];
    snprintf(shape, sizeof shape, "%lldx%lld", rows, n);
    snprintf(out, sizeof out, "%lldx%lld", rows, (long long)k);
    snprintf(text, sizeof text,
             "func.func @main(%%x: tensor<%sx%s>) -> (tensor<%sx%s>, tensor<%sxi32>) {\n"
             "  %%v, %%i = chlo.top_k(%%x, k = %lld) : tensor<%sx%s> -> (tensor<%sx%s>, tensor<%sxi32>)\n"
             "  func.return %%v, %%i : tensor<%sx%s>, tensor<%sxi32>\n}\n",
             shape, t, out, t, out, (long long)k, shape, t, out, t, out, out, t, out);
    tensor *fast[2], *ref[2];
    run(text, false, x, fast, 2);
    run(text, true, x, ref, 2);
    char what[96];
    snprintf(what, sizeof what, "chlo.top_k %s k = %lld values", t, (long long)k);
    same_bits(fast[0], ref[0], what);
    snprintf(what, sizeof what, "chlo.top_k %s k = %lld indices", t, (long long)k);
    same_bits(fast[1], ref[1], what);
    for (int r = 0; r < 2; r++) {
        tensor_release(fast[r]);
        tensor_release(ref[r]);
    }
}

/* An element of a row: mostly from a few values (ties), with the type's
 * specials. */
static uint64_t top_k_elem(et_id t)
{
    const et_traits *tr = et_get(t);
    uint32_t r = rnd32();
    if (tr->kind != EK_FLOAT)
        return r % 4 == 0 ? rnd32() : r % 9; /* masked by the store */
    fp_id f = tr->fmt;
    static const double vals[] = { 0.0, -0.0, 1.0, -1.0, 2.5, INFINITY, -INFINITY, 1e-3, -7.0 };
    switch (r % 8) {
    case 0: { /* a NaN of either sign, quiet or signalling, with a payload */
        uint64_t inf = fp_from_double(f, INFINITY, FPR_RNE), quiet = (inf & (~inf + 1)) >> 1;
        return inf | 1 | (rnd32() & 2) | (r & 32 ? quiet : 0) | (r & 16 ? UINT64_C(1) << (tr->bytes * 8 - 1) : 0);
    }
    case 1:
        return rnd32();
    default:
        return fp_from_double(f, vals[rnd32() % 9], FPR_RNE);
    }
}

static const et_id top_k_types[] = { ET_F32, ET_F16, ET_BF16, ET_F64, ET_I8, ET_I16, ET_I32,
                                     ET_I64, ET_UI8, ET_UI16, ET_UI32, ET_UI64 };

START_TEST(top_k_rows)
{
    et_id t = top_k_types[_i];
    ck_assert(kern_chlo_top_k_applies(t));
    static const int64_t shapes[][2] = { { 5, 1 }, { 4, 7 }, { 3, 100 }, { 2, 1500 } };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        tensor_type ty = { t, 2, { shapes[s][0], shapes[s][1] } };
        tensor *x = tensor_new(&ty);
        ck_assert_ptr_nonnull(x);
        for (int64_t i = 0; i < x->count; i++)
            et_store_bits(t, (unsigned char *)x->data + i * (int64_t)et_get(t)->bytes, top_k_elem(t));
        int64_t n = shapes[s][1];
        const int64_t ks[] = { 0, 1, n / 2, n - 1, n, 8, 64, 65 };
        for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++)
            if (ks[j] >= 0 && ks[j] <= n)
                top_k_same(x, ks[j]);
        tensor_release(x);
    }
}
END_TEST

/* ---- the broadcasting binaries ------------------------------------------- */

static const char *const bcast_ops[] = { "add", "subtract", "multiply", "divide", "maximum", "minimum",
                                         "remainder", "power", "atan2", "and", "or", "xor" };

/* A tensor of `spec` ("4x1x3") of type t, random patterns, a third of them
 * from a few values (NaNs, zeros, ones) */
static tensor *random_tensor(et_id t, const char *spec)
{
    tensor_type ty = { t, 0, { 0 } };
    for (const char *c = spec; *c;) {
        char *end;
        ty.dims[ty.rank++] = strtoll(c, &end, 10);
        c = *end == 'x' ? end + 1 : end;
    }
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    size_t es = et_get(t)->bytes;
    for (int64_t i = 0; i < x->count; i++) {
        uint64_t v = (uint64_t)rnd32() << 32 | rnd32();
        if (et_is_float(t) && rnd32() % 3 == 0)
            v = fp_from_double(et_get(t)->fmt, (double[]){ NAN, -0.0, 1.0, 2.0, -INFINITY }[rnd32() % 5], FPR_RNE);
        if (et_is_float(t) && rnd32() % 3 == 0) /* moderate values: results that are neither 0, Inf nor NaN */
            v = fp_from_double(et_get(t)->fmt, (double)((int)(rnd32() % 2001) - 1000) / 64.0, FPR_RNE);
        et_store_bits(t, (unsigned char *)x->data + (size_t)i * es, v);
    }
    return x;
}

/* chlo.broadcast_<op> %a, %b (with broadcast_dimensions dims when not
 * NULL): native against decomposed */
static void bcast_same(const char *op, et_id t, const char *as, const char *bs, const char *rs, const char *dims)
{
    const char *e = et_get(t)->name;
    char text[1024], at[64], bt[64], rt[64], attr[96] = "";
    snprintf(at, sizeof at, *as ? "tensor<%sx%s>" : "tensor<%s%s>", as, e);
    snprintf(bt, sizeof bt, *bs ? "tensor<%sx%s>" : "tensor<%s%s>", bs, e);
    snprintf(rt, sizeof rt, *rs ? "tensor<%sx%s>" : "tensor<%s%s>", rs, e);
    if (dims)
        snprintf(attr, sizeof attr, " {broadcast_dimensions = array<i64: %s>}", dims);
    snprintf(text, sizeof text,
             "func.func @main(%%a: %s, %%b: %s) -> %s {\n"
             "  %%r = \"chlo.broadcast_%s\"(%%a, %%b)%s : (%s, %s) -> %s\n"
             "  func.return %%r : %s\n}\n",
             at, bt, rt, op, attr, at, bt, rt, rt);
    tensor *args[2] = { random_tensor(t, as), random_tensor(t, bs) };
    tensor *fast, *ref;
    run_args(text, false, args, 2, &fast, 1);
    run_args(text, true, args, 2, &ref, 1);
    char what[160];
    snprintf(what, sizeof what, "chlo.broadcast_%s %s %s, %s", op, e, at, bt);
    same_bits(fast, ref, what);
    tensor_release(fast);
    tensor_release(ref);
    tensor_release(args[0]);
    tensor_release(args[1]);
}

static const et_id bcast_types[] = { ET_F32, ET_F16, ET_BF16, ET_F64, ET_I32, ET_UI8, ET_I64, ET_I1, ET_C64 };

/* _i: an element type; every op that takes it, on shapes that broadcast
 * one way, the other, both, by broadcast_dimensions, through a dimension
 * of 1, from rank 0, not at all, and over more than one part */
START_TEST(broadcast_binaries)
{
    et_id t = bcast_types[_i];
    static const char *const shapes[][4] = {
        { "3x5", "5", "3x5", NULL },       { "5", "3x5", "3x5", NULL },        { "3x1", "1x5", "3x5", NULL },
        { "4x3x2", "3", "4x3x2", "1" },    { "4x3x2", "4x2", "4x3x2", "0, 2" }, { "", "2x3", "2x3", NULL },
        { "2x3", "2x3", "2x3", NULL },     { "", "", "", NULL },               { "3x200x50", "200x1", "3x200x50", NULL },
        { "100000", "1", "100000", NULL }, { "7x3000", "3000", "7x3000", NULL },
    };
    bool is_float = et_is_float(t), is_complex = et_get(t)->kind == EK_COMPLEX, is_bool = t == ET_I1;
    for (size_t k = 0; k < sizeof bcast_ops / sizeof bcast_ops[0]; k++) {
        const char *op = bcast_ops[k];
        bool bits = k >= 9, math = k == 7 || k == 8;
        if ((bits && (is_float || is_complex)) || (k == 8 && !(is_float || is_complex)) ||
            (is_complex && (k == 4 || k == 5 || k == 6)) || (is_bool && !bits && k != 0 && k != 2 && k != 4 && k != 5))
            continue;
        (void)math;
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            bcast_same(op, t, shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3]);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("chlo_native");
    TCase *tc = tcase_create("chlo_native");
    tcase_set_timeout(tc, 0);
    tcase_add_loop_test(tc, half_all_patterns, 0, 4);
    tcase_add_loop_test(tc, f32_operands, 0, 2);
    tcase_add_test(tc, f32_in_place);
    tcase_add_loop_test(tc, top_k_rows, 0, (int)(sizeof top_k_types / sizeof top_k_types[0]));
    tcase_add_loop_test(tc, broadcast_binaries, 0, (int)(sizeof bcast_types / sizeof bcast_types[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
