/* The whole-tensor kernels against the scalar definitions in src/types
 * (fp_arith, fp_convert, ...) for every format, on exhaustive (<= 8 bits)
 * or random plus special inputs, and against SPEC.md's worked examples. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "kernels/math/kern_ieee.h"
#include "kernels/math/kern_ieee_arith.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/xorshift.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static uint64_t get(const tensor *t, int64_t i)
{
    return et_load_bits(t->type.elem, (const unsigned char *)t->data + i * (int64_t)tensor_elem_bytes(t));
}

static void set(tensor *t, int64_t i, uint64_t v)
{
    et_store_bits(t->type.elem, (unsigned char *)t->data + i * (int64_t)tensor_elem_bytes(t), v);
}

/* Interesting patterns of a format: zeros, extremes, specials, around 1. */
static int specials(fp_id f, uint64_t *out)
{
    const fp_format *F = fp_fmt(f);
    uint64_t base[] = { 0, 1, 2, F->max_bits, F->max_bits - 1, F->canon_nan,
                        fp_from_double(f, 1.0, FPR_RNE), fp_from_double(f, 0.5, FPR_RNE),
                        fp_from_double(f, 3.0, FPR_RNE), UINT64_C(1) << F->mbits,
                        (UINT64_C(1) << F->mbits) - 1 };
    int n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        out[n++] = base[i] & F->mask;
        if (F->sign_mask)
            out[n++] = (base[i] | F->sign_mask) & F->mask;
    }
    if (F->has_inf) {
        out[n++] = fp_from_double(f, INFINITY, FPR_RNE);
        out[n++] = fp_from_double(f, -INFINITY, FPR_RNE);
    }
    if (F->nan == FPN_IEEE) {
        uint64_t e = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
        out[n++] = e | 1;                       /* signaling NaN */
        out[n++] = e | 1 | F->sign_mask;
        out[n++] = e | (UINT64_C(1) << (F->mbits - 1)) | 3; /* quiet, payload */
    }
    return n;
}

static const fp_id all_formats[] = { FP_F4E2M1FN, FP_F6E2M3FN, FP_F6E3M2FN, FP_F8E3M4,
                                     FP_F8E4M3, FP_F8E4M3FN, FP_F8E4M3FNUZ, FP_F8E4M3B11FNUZ,
                                     FP_F8E5M2, FP_F8E5M2FNUZ, FP_F8E8M0FNU, FP_BF16,
                                     FP_F16, FP_F32, FP_F64 };
enum { NFORMATS = sizeof all_formats / sizeof all_formats[0] };

/* Operand pairs for format f: every pair for <= 8 bits, else specials x
 * specials plus random patterns. */
static int64_t make_pairs(fp_id f, tensor **pa, tensor **pb)
{
    const fp_format *F = fp_fmt(f);
    et_id t = (et_id)et_from_fp(f);
    if (F->bits <= 8) {
        int64_t v = INT64_C(1) << F->bits, n = v * v;
        *pa = vec(t, n);
        *pb = vec(t, n);
        for (int64_t i = 0; i < n; i++) {
            set(*pa, i, (uint64_t)(i / v));
            set(*pb, i, (uint64_t)(i % v));
        }
        return n;
    }
    uint64_t sp[64];
    int ns = specials(f, sp);
    int64_t nr = 20000, n = (int64_t)ns * ns + nr;
    *pa = vec(t, n);
    *pb = vec(t, n);
    int64_t i = 0;
    for (int x = 0; x < ns; x++)
        for (int y = 0; y < ns; y++, i++) {
            set(*pa, i, sp[x]);
            set(*pb, i, sp[y]);
        }
    for (; i < n; i++) {
        uint64_t a = rnd() & F->mask, b = rnd() & F->mask;
        if (i % 3 == 0) /* nearby exponents make interesting sums */
            b = (a & ~(uint64_t)0xFFF) | (b & 0xFFF);
        set(*pa, i, a);
        set(*pb, i, b);
    }
    return n;
}

START_TEST(binary_matches_fp_arith)
{
    fp_id f = all_formats[_i];
    tensor *a, *b;
    int64_t n = make_pairs(f, &a, &b);
    tensor *r = vec(a->type.elem, n);
    static const kern_binop ops[] = { KB_ADD, KB_SUB, KB_MUL, KB_DIV, KB_REM };
    for (int o = 0; o < 5; o++) {
        ck_assert_int_eq(kern_binary(ops[o], a, b, r), 0);
        for (int64_t i = 0; i < n; i++) {
            uint64_t want = fp_arith(f, (fp_binop)o, get(a, i), get(b, i));
            if (get(r, i) != want)
                ck_abort_msg("%s op %d: %llx, %llx -> %llx, want %llx", fp_fmt(f)->name, o,
                             (unsigned long long)get(a, i), (unsigned long long)get(b, i),
                             (unsigned long long)get(r, i), (unsigned long long)want);
        }
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}
END_TEST

static uint64_t ref_maxmin(fp_id f, bool is_max, uint64_t a, uint64_t b)
{
    if (fp_is_nan(f, a))
        return fp_quiet(f, a);
    if (fp_is_nan(f, b))
        return fp_quiet(f, b);
    int c = fp_compare(f, a, b);
    if (c == 0 && fp_classify(f, a) == FPC_ZERO && fp_is_negative(f, a) != fp_is_negative(f, b))
        return (fp_is_negative(f, a) == is_max) ? b : a;
    if (is_max)
        return c < 0 ? b : a;
    return c > 0 ? b : a;
}

START_TEST(maxmin_matches_definition)
{
    fp_id f = all_formats[_i];
    tensor *a, *b;
    int64_t n = make_pairs(f, &a, &b);
    tensor *r = vec(a->type.elem, n);
    for (int o = 0; o < 2; o++) {
        ck_assert_int_eq(kern_binary(o ? KB_MIN : KB_MAX, a, b, r), 0);
        for (int64_t i = 0; i < n; i++)
            ck_assert_uint_eq(get(r, i), ref_maxmin(f, !o, get(a, i), get(b, i)));
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}
END_TEST

START_TEST(convert_matches_fp_convert)
{
    fp_id from = all_formats[_i];
    const fp_format *F = fp_fmt(from);
    int64_t n = F->bits <= 16 ? (INT64_C(1) << F->bits) : 30000;
    tensor *x = vec((et_id)et_from_fp(from), n);
    uint64_t sp[64];
    int ns = specials(from, sp);
    for (int64_t i = 0; i < n; i++)
        set(x, i, F->bits <= 16 ? (uint64_t)i : i < ns ? sp[i] : rnd() & F->mask);
    for (int k = 0; k < NFORMATS; k++) {
        fp_id to = all_formats[k];
        tensor *r = vec((et_id)et_from_fp(to), n);
        ck_assert_int_eq(kern_convert(x, r), 0);
        for (int64_t i = 0; i < n; i++) {
            uint64_t want = fp_convert(to, from, get(x, i));
            if (get(r, i) != want)
                ck_abort_msg("%s -> %s: %llx -> %llx, want %llx", F->name, fp_fmt(to)->name,
                             (unsigned long long)get(x, i), (unsigned long long)get(r, i),
                             (unsigned long long)want);
        }
        tensor_release(r);
    }
    tensor_release(x);
}
END_TEST

/* NaNs of f32 and f64 (both signs, quiet and signaling, random payloads)
 * into every format: the convert kernel's NaN rule (kern_convert.c,
 * nan_into) against fp_convert. The 16-bit formats' NaNs are all in
 * convert_matches_fp_convert. */
START_TEST(convert_nans_match_fp_convert)
{
    fp_id froms[] = { FP_F32, FP_F64 };
    for (int w = 0; w < 2; w++) {
        const fp_format *F = fp_fmt(froms[w]);
        enum { n = 4096 };
        tensor *x = vec((et_id)et_from_fp(froms[w]), n);
        uint64_t exp = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
        for (int64_t i = 0; i < n; i++) {
            uint64_t frac = rnd() & ((UINT64_C(1) << F->mbits) - 1);
            frac = i % 4 == 0 ? (frac & 7) | 1 : i % 4 == 1 ? frac >> (rnd() % F->mbits) : frac;
            set(x, i, (rnd() & 1 ? F->sign_mask : 0) | exp | (frac ? frac : 1));
        }
        for (int k = 0; k < NFORMATS; k++) {
            fp_id to = all_formats[k];
            tensor *r = vec((et_id)et_from_fp(to), n);
            ck_assert_int_eq(kern_convert(x, r), 0);
            for (int64_t i = 0; i < n; i++)
                if (get(r, i) != fp_convert(to, froms[w], get(x, i)))
                    ck_abort_msg("%s -> %s: %llx -> %llx, want %llx", F->name, fp_fmt(to)->name,
                                 (unsigned long long)get(x, i), (unsigned long long)get(r, i),
                                 (unsigned long long)fp_convert(to, froms[w], get(x, i)));
            tensor_release(r);
        }
        tensor_release(x);
    }
}
END_TEST

START_TEST(f32_to_small_all_boundaries)
{
    /* every f32 whose top 16 bits vary, with and without sticky low bits */
    int64_t n = 2 * 65536;
    tensor *x = vec(ET_F32, n);
    for (int64_t i = 0; i < n; i++)
        set(x, i, ((uint64_t)(i >> 1) << 16) | (i & 1 ? 0x8001 : 0));
    for (int k = 0; k < NFORMATS; k++) {
        fp_id to = all_formats[k];
        if (fp_fmt(to)->bits > 8)
            continue;
        tensor *r = vec((et_id)et_from_fp(to), n);
        ck_assert_int_eq(kern_convert(x, r), 0);
        for (int64_t i = 0; i < n; i++)
            ck_assert_uint_eq(get(r, i), fp_convert(to, FP_F32, get(x, i)));
        tensor_release(r);
    }
    tensor_release(x);
}
END_TEST

START_TEST(integer_rules)
{
    /* SPEC.md 4.7/4.8 and section 8 item 9 */
    tensor *a = vec(ET_I8, 6), *b = vec(ET_I8, 6), *r = vec(ET_I8, 6);
    int8_t av[] = { -17, 17, 5, -128, -128, 7 }, bv[] = { 3, -3, 0, -1, 1, 0 };
    memcpy(a->data, av, 6);
    memcpy(b->data, bv, 6);
    ck_assert_int_eq(kern_binary(KB_DIV, a, b, r), 0);
    int8_t dv[] = { -5, -5, -1, -128, -128, -1 };
    ck_assert_mem_eq(r->data, dv, 6);
    ck_assert_int_eq(kern_binary(KB_REM, a, b, r), 0);
    int8_t rv[] = { -2, 2, 5, 0, 0, 7 };
    ck_assert_mem_eq(r->data, rv, 6);
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);

    /* i4 wraps and stays sign-extended; ui4 division by zero is 15 */
    tensor *x = vec(ET_I4, 3), *y = vec(ET_I4, 3), *z = vec(ET_I4, 3);
    int8_t xv[] = { 7, -8, 3 }, yv[] = { 1, -1, 0 };
    memcpy(x->data, xv, 3);
    memcpy(y->data, yv, 3);
    ck_assert_int_eq(kern_binary(KB_ADD, x, y, z), 0);
    int8_t sv[] = { -8, 7, 3 };
    ck_assert_mem_eq(z->data, sv, 3);
    ck_assert_int_eq(kern_binary(KB_DIV, x, y, z), 0);
    int8_t qv[] = { 7, -8, -1 };
    ck_assert_mem_eq(z->data, qv, 3);
    tensor_release(x);
    tensor_release(y);
    tensor_release(z);
    tensor *u = vec(ET_UI4, 2), *w = vec(ET_UI4, 2), *o = vec(ET_UI4, 2);
    uint8_t uv[] = { 9, 15 }, wv[] = { 0, 2 };
    memcpy(u->data, uv, 2);
    memcpy(w->data, wv, 2);
    ck_assert_int_eq(kern_binary(KB_DIV, u, w, o), 0);
    uint8_t ov[] = { 15, 7 };
    ck_assert_mem_eq(o->data, ov, 2);
    ck_assert_int_eq(kern_binary(KB_MUL, u, u, o), 0);
    uint8_t mv[] = { 81 & 15, 225 & 15 };
    ck_assert_mem_eq(o->data, mv, 2);
    tensor_release(u);
    tensor_release(w);
    tensor_release(o);
}
END_TEST

static uint64_t dot_f8(const double *a, const double *b, int n, kern_acc_mode mode)
{
    tensor *x = vec(ET_F8E4M3, n), *y = vec(ET_F8E4M3, n);
    for (int i = 0; i < n; i++) {
        set(x, i, fp_from_double(FP_F8E4M3, a[i], FPR_RNE));
        set(y, i, fp_from_double(FP_F8E4M3, b[i], FPR_RNE));
    }
    tensor_type rt = { ET_F8E4M3, 0, { 0 } };
    tensor *r = tensor_new(&rt);
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.ncontract = 1;
    dd.mode = mode;
    dd.acc = FP_F32;
    dd.lprec = dd.rprec = FP_COUNT;
    ck_assert_int_eq(kern_dot_general(x, y, &dd, r), 0);
    uint64_t v = get(r, 0);
    tensor_release(x);
    tensor_release(y);
    tensor_release(r);
    return v;
}

START_TEST(dot_worked_examples)
{
    /* SPEC.md 4.41 / A.6 */
    double a[20], ones[20], b[9];
    for (int i = 0; i < 20; i++) {
        a[i] = i;
        ones[i] = 1;
    }
    ck_assert_uint_eq(dot_f8(a, a, 8, KACC_REF), 0x71);
    ck_assert_uint_eq(dot_f8(a, a, 8, KACC_TYPE), 0x71);
    ck_assert_uint_eq(dot_f8(ones, ones, 20, KACC_REF), 0x58);
    ck_assert_uint_eq(dot_f8(ones, ones, 20, KACC_TYPE), 0x5A);
    ck_assert_uint_eq(dot_f8(a + 1, a + 1, 8, KACC_REF), 0x75);
    ck_assert_uint_eq(dot_f8(a + 1, a + 1, 8, KACC_TYPE), 0x75);
    b[0] = 15;
    for (int i = 1; i < 9; i++)
        b[i] = 1;
    ck_assert_uint_eq(dot_f8(b, b, 9, KACC_REF), 0x76);
    ck_assert_uint_eq(dot_f8(b, b, 9, KACC_TYPE), 0x77);
}
END_TEST

START_TEST(dot_matrix_matches_scalar_definition)
{
    /* a 2x37 . 37x19 product (8-wide blocks plus a tail) in every small
     * format against step-by-step fp_arith */
    for (int k = 0; k < NFORMATS; k++) {
        fp_id f = all_formats[k];
        et_id t = (et_id)et_from_fp(f);
        tensor_type lt = { t, 2, { 2, 37 } }, rt = { t, 2, { 37, 19 } }, ot = { t, 2, { 2, 19 } };
        tensor *x = tensor_new(&lt), *y = tensor_new(&rt), *r = tensor_new(&ot);
        uint64_t mask = fp_fmt(f)->mask;
        for (int i = 0; i < 74; i++)
            set(x, i, fp_from_double(f, (double)(rnd() % 7) - 2.0, FPR_RNE) ^ (rnd() % 3 == 0) * (rnd() & mask & 3));
        for (int i = 0; i < 37 * 19; i++)
            set(y, i, rnd() % 5 == 0 ? rnd() & mask : fp_from_double(f, 0.5 * (double)(rnd() % 5), FPR_RNE));
        kern_dot_dims dd;
        memset(&dd, 0, sizeof dd);
        dd.ncontract = 1;
        dd.lc[0] = 1;
        dd.rc[0] = 0;
        dd.mode = KACC_REF;
        ck_assert_int_eq(kern_dot_general(x, y, &dd, r), 0);
        for (int m = 0; m < 2; m++)
            for (int n = 0; n < 19; n++) {
                uint64_t acc = 0;
                for (int c = 0; c < 37; c++)
                    acc = fp_arith(f, FPOP_ADD, acc, fp_arith(f, FPOP_MUL, get(x, m * 37 + c), get(y, c * 19 + n)));
                if (get(r, m * 19 + n) != acc)
                    ck_abort_msg("%s dot [%d,%d]: %llx want %llx", fp_fmt(f)->name, m, n,
                                 (unsigned long long)get(r, m * 19 + n), (unsigned long long)acc);
            }
        tensor_release(x);
        tensor_release(y);
        tensor_release(r);
    }
}
END_TEST

START_TEST(bitcast_examples)
{
    /* SPEC.md 4.32 */
    tensor *x = vec(ET_I4, 2);
    set(x, 0, 1);
    set(x, 1, (uint64_t)-2);
    tensor_type st = { ET_I8, 0, { 0 } };
    tensor *r = tensor_new(&st);
    ck_assert_int_eq(kern_bitcast(x, r), 0);
    ck_assert_int_eq(*(int8_t *)r->data, -31);
    tensor_release(x);
    tensor_release(r);
    tensor *b = vec(ET_I1, 8);
    for (int i = 0; i < 4; i++)
        set(b, i, 1);
    r = tensor_new(&st);
    ck_assert_int_eq(kern_bitcast(b, r), 0);
    ck_assert_int_eq(*(int8_t *)r->data, 15);
    tensor_release(b);
    tensor_release(r);
    tensor_type dt = { ET_F64, 0, { 0 } };
    tensor *d = tensor_new(&dt);
    *(uint64_t *)d->data = UINT64_C(0x0123456789ABCDEF);
    tensor *h = vec(ET_F16, 4);
    ck_assert_int_eq(kern_bitcast(d, h), 0);
    ck_assert_uint_eq(get(h, 0), 0xCDEF);
    ck_assert_uint_eq(get(h, 3), 0x0123);
    tensor_release(d);
    tensor_release(h);
}
END_TEST

START_TEST(unary_class_b_and_specials)
{
    /* exp in f8E4M3FN: exp(6) = 403.4 -> 416 (0x7D), exp(7) -> NaN (0x7F) */
    tensor *x = vec(ET_F8E4M3FN, 2), *r = vec(ET_F8E4M3FN, 2);
    set(x, 0, fp_from_double(FP_F8E4M3FN, 6.0, FPR_RNE));
    set(x, 1, fp_from_double(FP_F8E4M3FN, 7.0, FPR_RNE));
    ck_assert_int_eq(kern_unary(KU_EXP, x, r), 0);
    ck_assert_uint_eq(get(r, 0), 0x7D);
    ck_assert_uint_eq(get(r, 1), 0x7F);
    tensor_release(x);
    tensor_release(r);
    /* negate flips NaN signs; FNUZ zero/NaN unchanged; E8M0 -> NaN */
    tensor *f = vec(ET_F32, 1), *g = vec(ET_F32, 1);
    set(f, 0, 0xFFC00000);
    ck_assert_int_eq(kern_unary(KU_NEG, f, g), 0);
    ck_assert_uint_eq(get(g, 0), 0x7FC00000);
    /* round_nearest_even keeps the sign of zero */
    set(f, 0, f32_to_bits(-0.4f));
    ck_assert_int_eq(kern_unary(KU_ROUND_EVEN, f, g), 0);
    ck_assert_uint_eq(get(g, 0), 0x80000000);
    tensor_release(f);
    tensor_release(g);
    tensor *u = vec(ET_F8E4M3FNUZ, 2), *v = vec(ET_F8E4M3FNUZ, 2);
    set(u, 0, 0x00);
    set(u, 1, 0x80);
    ck_assert_int_eq(kern_unary(KU_NEG, u, v), 0);
    ck_assert_uint_eq(get(v, 0), 0x00);
    ck_assert_uint_eq(get(v, 1), 0x80);
    tensor_release(u);
    tensor_release(v);
}
END_TEST

START_TEST(compare_totalorder)
{
    tensor *a = vec(ET_F32, 4), *b = vec(ET_F32, 4), *r = vec(ET_I1, 4);
    uint64_t av[] = { 0x80000000, 0x7FC00000, 0xFFC00000, 0x3F800000 };
    uint64_t bv[] = { 0x00000000, 0x7F800000, 0xFF800000, 0x3F800000 };
    for (int i = 0; i < 4; i++) {
        set(a, i, av[i]);
        set(b, i, bv[i]);
    }
    ck_assert_int_eq(kern_compare(KC_LT, true, a, b, r), 0);
    uint8_t want[] = { 1, 0, 1, 0 };
    ck_assert_mem_eq(r->data, want, 4);
    ck_assert_int_eq(kern_compare(KC_EQ, false, a, b, r), 0);
    uint8_t eq[] = { 1, 0, 0, 1 };
    ck_assert_mem_eq(r->data, eq, 4);
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}
END_TEST

START_TEST(layout_pad_negative)
{
    /* 5x4 operand, low [1,-1], high [1,-1], interior [0,1] -> 7x5 */
    tensor_type xt = { ET_I32, 2, { 5, 4 } }, rt = { ET_I32, 2, { 7, 5 } }, vt = { ET_I32, 0, { 0 } };
    tensor *x = tensor_new(&xt), *r = tensor_new(&rt), *v = tensor_new(&vt);
    for (int i = 0; i < 20; i++)
        ((int32_t *)x->data)[i] = i + 1;
    *(int32_t *)v->data = -1;
    int64_t low[] = { 1, -1 }, interior[] = { 0, 1 };
    ck_assert_int_eq(kern_pad(NULL, x, v, low, interior, r), 0);
    int32_t *o = r->data;
    /* row 1 is operand row 0: positions -1+2j for j = 1..3 -> 1, 3, 5 */
    int32_t row1[] = { -1, 2, -1, 3, -1 };
    ck_assert_mem_eq(o + 5, row1, sizeof row1);
    ck_assert_int_eq(o[0], -1);
    ck_assert_int_eq(o[34], -1);
    tensor_release(x);
    tensor_release(r);
    tensor_release(v);
}
END_TEST

/* Random bytes in a new tensor of shape dims (rank n). */
static tensor *random_tensor(et_id t, int n, const int64_t *dims)
{
    tensor_type ty = { t, n, { 0 } };
    memcpy(ty.dims, dims, (size_t)n * sizeof *dims);
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    unsigned char *b = x->data;
    for (size_t i = 0; i < x->nbytes; i++)
        b[i] = (unsigned char)rnd();
    return x;
}

/* The result of one layout op on the calling thread and split over a
 * three-thread pool (results above KERN_LAYOUT_SPLIT_MIN_BYTES, ragged
 * part and tile boundaries): the same bytes. */
typedef irrun_status layout_op(pool *p, const tensor *x, tensor *r);
static const int64_t perm_2d[] = { 1, 0 }, perm_3d[] = { 2, 0, 1 };
static irrun_status op_transpose_2d(pool *p, const tensor *x, tensor *r) { return kern_transpose(p, x, perm_2d, r); }
static irrun_status op_transpose_3d(pool *p, const tensor *x, tensor *r) { return kern_transpose(p, x, perm_3d, r); }
static irrun_status op_broadcast(pool *p, const tensor *x, tensor *r)
{
    static const int64_t dims[] = { 0 };
    return kern_broadcast(p, x, dims, r);
}
static irrun_status op_reverse(pool *p, const tensor *x, tensor *r)
{
    static const int64_t dims[] = { 0, 2 };
    return kern_reverse(p, x, dims, 2, r);
}
static irrun_status op_slice(pool *p, const tensor *x, tensor *r)
{
    static const int64_t start[] = { 1, 3 }, stride[] = { 1, 1 };
    return kern_slice(p, x, start, stride, r);
}
static irrun_status op_pad(pool *p, const tensor *x, tensor *r)
{
    static const int64_t low[] = { 3, -2 }, interior[] = { 1, 0 };
    tensor_type vt = { x->type.elem, 0, { 0 } };
    tensor *v = tensor_new(&vt);
    ck_assert_ptr_nonnull(v);
    memset(v->data, 0x5A, v->nbytes);
    irrun_status rc = kern_pad(p, x, v, low, interior, r);
    tensor_release(v);
    return rc;
}
static irrun_status op_concatenate(pool *p, const tensor *x, tensor *r)
{
    const tensor *xs[2] = { x, x };
    return kern_concatenate(p, xs, 2, 1, r);
}

START_TEST(layout_split_over_threads)
{
    static const struct {
        layout_op *op;
        et_id t;
        int xrank, rrank;
        int64_t xdims[3], rdims[3];
    } cases[] = {
        { op_transpose_2d, ET_UI8, 2, 2, { 2100, 2103 }, { 2103, 2100 } },
        { op_transpose_2d, ET_F64, 2, 2, { 801, 700 }, { 700, 801 } },
        { op_transpose_3d, ET_I16, 3, 3, { 5, 700, 1301 }, { 1301, 5, 700 } },
        { op_broadcast, ET_F32, 1, 2, { 1501 }, { 1501, 800 } },
        { op_reverse, ET_I32, 3, 3, { 3, 1024, 701 }, { 3, 1024, 701 } },
        { op_slice, ET_UI8, 2, 2, { 3001, 2003 }, { 3000, 2000 } },
        { op_pad, ET_I16, 2, 2, { 1100, 2000 }, { 2203, 1998 } },
        { op_concatenate, ET_UI16, 2, 2, { 1500, 1501 }, { 1500, 3002 } },
    };
    pool *p = pool_new(3);
    ck_assert_ptr_nonnull(p);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tensor *x = random_tensor(cases[k].t, cases[k].xrank, cases[k].xdims);
        tensor *one = random_tensor(cases[k].t, cases[k].rrank, cases[k].rdims);
        tensor *split = random_tensor(cases[k].t, cases[k].rrank, cases[k].rdims);
        ck_assert_int_ge((int64_t)one->nbytes, KERN_LAYOUT_SPLIT_MIN_BYTES);
        ck_assert_int_eq(cases[k].op(NULL, x, one), IRRUN_OK);
        ck_assert_int_eq(cases[k].op(p, x, split), IRRUN_OK);
        ck_assert_msg(memcmp(one->data, split->data, one->nbytes) == 0, "layout case %zu: split differs", k);
        if (cases[k].op == op_transpose_2d) {
            /* and the copy is a transpose */
            size_t es = tensor_elem_bytes(x);
            int64_t rows = cases[k].xdims[0], cols = cases[k].xdims[1];
            const unsigned char *xb = x->data, *rb = split->data;
            for (int64_t i = 0; i < rows; i += 7)
                for (int64_t j = 0; j < cols; j++)
                    ck_assert(memcmp(xb + (size_t)(i * cols + j) * es, rb + (size_t)(j * rows + i) * es, es) == 0);
        }
        tensor_release(x);
        tensor_release(one);
        tensor_release(split);
    }
    pool_free(p);
}
END_TEST

/* The binary32 -> bf16 / f16 roundings of the REF dot loops against the
 * generic encoder: every exponent and sign, random fractions cut at every
 * bit position with the tail just below, at, and just above the halfway
 * point (every tie and near-tie the roundings can meet). */
START_TEST(f32_to_half_roundings)
{
    int bad = 0;
    for (uint32_t sign = 0; sign < 2; sign++)
        for (uint32_t e = 0; e < 256; e++)
            for (int r = 0; r < 32; r++) {
                uint32_t m = (uint32_t)rnd() & 0x7FFFFFu;
                for (int k = 1; k <= 23; k++) {
                    uint32_t half = 1u << (k - 1), keep = m & ~((1u << k) - 1);
                    uint32_t tails[] = { 0, half - 1, half, half + 1, (1u << k) - 1 };
                    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
                        uint32_t u = sign << 31 | e << 23 | keep | tails[t];
                        float f = bits_to_f32(u);
                        if (f != f)
                            continue;
                        bad += kern_f32_to_bf16(f) != fp_convert(FP_BF16, FP_F32, u);
                        bad += kern_f32_to_f16(f) != fp_convert(FP_F16, FP_F32, u);
                        bad += kern_bf16_to_f32(kern_f32_to_bf16(f)) !=
                               (float)fp_to_double(FP_BF16, fp_convert(FP_BF16, FP_F32, u));
                    }
                }
            }
    /* the decoders, on every pattern (NaNs: a NaN with the same payload) */
    for (uint32_t h = 0; h < 65536; h++) {
        float a = kern_f16_to_f32((uint16_t)h), b = kern_bf16_to_f32((uint16_t)h);
        uint32_t want16 = (uint32_t)fp_convert(FP_F32, FP_F16, h);
        uint32_t wantb = (uint32_t)fp_convert(FP_F32, FP_BF16, h);
        bad += a == a ? f32_to_bits(a) != want16 : (f32_to_bits(a) | 0x400000u) != want16;
        bad += b == b ? f32_to_bits(b) != wantb : (f32_to_bits(b) | 0x400000u) != wantb;
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* The scalar class-A steps the reduce and dot kernels share
 * (kern_ieee_arith.h) take SPEC.md 3.7's NaN inline (issue 38): against
 * fp_arith and fp_quiet on pairs of NaNs (both signs, quiet and
 * signaling, payloads at both ends), a NaN and an ordinary value or an
 * infinity in either order, and the invalid operations, for every
 * operation, in f32, f64, bf16 and f16 (maximum and minimum too). */
START_TEST(scalar_steps_nan_rule)
{
    static const uint64_t f32v[] = { 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFFBFFFFFu, 0x7FFFFFFFu,
                                     0xFFA55555u, 0x7F800000u, 0xFF800000u, 0x3F800000u, 0x00000000u,
                                     0x80000000u, 0x00000001u };
    static const uint64_t f64v[] = { UINT64_C(0x7FF8000000000000), UINT64_C(0xFFF8000000000000),
                                     UINT64_C(0x7FF0000000000001), UINT64_C(0xFFF7FFFFFFFFFFFF),
                                     UINT64_C(0x7FFFFFFFFFFFFFFF), UINT64_C(0xFFF5555555555555),
                                     UINT64_C(0x7FF0000000000000), UINT64_C(0xFFF0000000000000),
                                     UINT64_C(0x3FF0000000000000), 0, UINT64_C(0x8000000000000000), 1 };
    static const uint64_t bf16v[] = { 0x7FC0, 0xFFC0, 0x7F81, 0xFFBF, 0x7FFF, 0xFFA5, 0x7F80, 0xFF80, 0x3F80, 0, 0x8000, 1 };
    static const uint64_t f16v[] = { 0x7E00, 0xFE00, 0x7C01, 0xFDFF, 0x7FFF, 0xFD55, 0x7C00, 0xFC00, 0x3C00, 0, 0x8000, 1 };
    static const fp_binop ops[] = { FPOP_ADD, FPOP_SUB, FPOP_MUL, FPOP_DIV, FPOP_REM };
    int bad = 0;
    for (size_t i = 0; i < 12; i++)
        for (size_t j = 0; j < 12; j++) {
            for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
                bad += kern_f32_arith(ops[o], (uint32_t)f32v[i], (uint32_t)f32v[j]) !=
                       (uint32_t)fp_arith(FP_F32, ops[o], f32v[i], f32v[j]);
                bad += kern_f64_arith(ops[o], f64v[i], f64v[j]) != fp_arith(FP_F64, ops[o], f64v[i], f64v[j]);
            }
            static const struct {
                fp_id f;
                const uint64_t *v;
            } fm[] = { { FP_F32, f32v }, { FP_F64, f64v }, { FP_BF16, bf16v }, { FP_F16, f16v } };
            for (size_t k = 0; k < 4; k++) {
                fp_id f = fm[k].f;
                uint64_t a = fm[k].v[i], b = fm[k].v[j];
                double va = fp_to_double(f, a), vb = fp_to_double(f, b);
                if (va != va)
                    bad += kern_quiet(f, a) != fp_quiet(f, a);
                for (int mx = 0; mx < 2; mx++) {
                    uint64_t want = va != va ? fp_quiet(f, a) : vb != vb ? fp_quiet(f, b) : kern_fmaxmin(f, mx, a, b, va, vb);
                    bad += kern_fmaxmin(f, mx, a, b, va, vb) != want;
                }
            }
        }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* f64 cbrt through kern_unary takes subnormal operands without subnormal
 * arithmetic (issue 38): the same bits as glibc's cbrt on 200,000
 * subnormals (random fractions of every length, both signs) mixed with
 * zeros, the normal range's ends, infinities and NaNs, in tensors long
 * enough for the fast loop and in short ones. */
START_TEST(cbrt_f64_subnormals)
{
    enum { N = 200000 };
    tensor_type ty = { ET_F64, 1, { N } };
    tensor *x = tensor_new(&ty), *r = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    ck_assert_ptr_nonnull(r);
    uint64_t *xv = x->data, s = 12345;
    static const uint64_t edge[] = { 0, UINT64_C(0x8000000000000000), 1, UINT64_C(0x000FFFFFFFFFFFFF),
                                     UINT64_C(0x0010000000000000), UINT64_C(0x7FF0000000000000),
                                     UINT64_C(0xFFF0000000000001), UINT64_C(0x7FEFFFFFFFFFFFFF) };
    for (int64_t i = 0; i < N; i++) {
        uint64_t u = xorshift64(&s);
        xv[i] = i % 97 < 8 ? edge[i % 97] : (u & UINT64_C(0x800FFFFFFFFFFFFF)) >> (i % 3 ? 0 : u % 52);
    }
    int64_t lens[] = { N, 63, 5 };
    int bad = 0;
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        tensor xs = tensor_view(ET_F64, lens[l], x->data), rs = tensor_view(ET_F64, lens[l], r->data);
        ck_assert_int_eq(kern_unary(KU_CBRT, &xs, &rs), IRRUN_OK);
        const uint64_t *rv = r->data;
        for (int64_t i = 0; i < lens[l]; i++)
            bad += rv[i] != f64_to_bits(cbrt(bits_to_f64(xv[i])));
    }
    ck_assert_int_eq(bad, 0);
    tensor_release(x);
    tensor_release(r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("kernels");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, binary_matches_fp_arith, 0, NFORMATS);
    tcase_add_loop_test(tc, maxmin_matches_definition, 0, NFORMATS);
    tcase_add_loop_test(tc, convert_matches_fp_convert, 0, NFORMATS);
    tcase_add_test(tc, f32_to_small_all_boundaries);
    tcase_add_test(tc, convert_nans_match_fp_convert);
    tcase_add_test(tc, f32_to_half_roundings);
    tcase_add_test(tc, integer_rules);
    tcase_add_test(tc, dot_worked_examples);
    tcase_add_test(tc, dot_matrix_matches_scalar_definition);
    tcase_add_test(tc, bitcast_examples);
    tcase_add_test(tc, unary_class_b_and_specials);
    tcase_add_test(tc, compare_totalorder);
    tcase_add_test(tc, layout_pad_negative);
    tcase_add_test(tc, layout_split_over_threads);
    tcase_add_test(tc, scalar_steps_nan_rule);
    tcase_add_test(tc, cbrt_f64_subnormals);
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
