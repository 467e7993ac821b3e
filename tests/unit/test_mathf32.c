/* The fast f32 exponential, tanh, log, sine, cosine, tan, expm1, log1p and
 * cbrt (kern_mathf32.c) against their definition (glibc's binary64
 * function, one rounding) on 5 to 20 million operands per function: the
 * special patterns and their neighbours, every operand near the thresholds
 * where the code changes its course (the clamps, overflow and underflow,
 * the subnormal range, results near 1, the reductions' split points, the
 * edges of the constant classes), and every 251st (exp, tanh, log) or
 * 1021st of the 2^32 patterns. `make
 * check` also runs it with IRRUN_ISA=generic, so both paths are held to the
 * definition; tools/verify_mathf32.c (make verify-mathf32) checks all
 * patterns. Also: the kernels' entry (kern_unary on f32 tensors) for short
 * and odd lengths and with the result in place. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/math/kern_mathf32.h"

static const struct {
    const char *name;
    kern_unop op;
    double (*libm)(double);
    kern_mathf32_fn fn;
    uint64_t stride; /* of the sweep */
} fns[] = {
    { "exp", KU_EXP, exp, KM_EXP, 251 },         { "tanh", KU_TANH, tanh, KM_TANH, 251 },
    { "log", KU_LOG, log, KM_LOG, 251 },         { "sin", KU_SIN, sin, KM_SIN, 1021 },
    { "cos", KU_COS, cos, KM_COS, 1021 },        { "tan", KU_TAN, tan, KM_TAN, 1021 },
    { "expm1", KU_EXPM1, expm1, KM_EXPM1, 1021 }, { "log1p", KU_LOG1P, log1p, KM_LOG1P, 1021 },
    { "cbrt", KU_CBRT, cbrt, KM_CBRT, 1021 },
};
enum { NFN = sizeof fns / sizeof fns[0] };

static uint32_t f32_bits(float f) { return f32_to_bits(f); }

/* A growing list of operands. */
typedef struct {
    uint32_t *x;
    int64_t n, cap;
} operands;

static void add(operands *o, uint32_t x)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 1 << 16;
        o->x = realloc(o->x, (size_t)o->cap * sizeof *o->x);
        ck_assert_ptr_nonnull(o->x);
    }
    o->x[o->n++] = x;
}

/* The patterns within `radius` of p, both signs. */
static void around(operands *o, uint32_t p, uint32_t radius)
{
    p &= 0x7FFFFFFFu;
    for (uint32_t d = 0; d <= 2 * radius; d++) {
        uint32_t q = p - radius + d;
        if (q <= 0x7FFFFFFFu) {
            add(o, q);
            add(o, q | 0x80000000u);
        }
    }
}

/* Runs the function's fast entry over all of o and compares with the
 * definition; returns the number of differences (printing the first few). */
static int64_t compare(int k, const operands *o)
{
    uint32_t *r = malloc((size_t)o->n * sizeof *r);
    ck_assert_ptr_nonnull(r);
    kern_f32_math(fns[k].fn, o->x, r, o->n);
    int64_t bad = 0;
    for (int64_t i = 0; i < o->n; i++) {
        uint32_t want = kern_f32_classb(fns[k].libm, o->x[i]);
        if (r[i] != want && bad++ < 5)
            fprintf(stderr, "%s(0x%08X = %a): fast 0x%08X, definition 0x%08X\n", fns[k].name,
                    (unsigned)o->x[i], (double)bits_to_f32(o->x[i]), (unsigned)r[i], (unsigned)want);
    }
    free(r);
    return bad;
}

START_TEST(specials_and_thresholds)
{
    int k = _i;
    operands o = { 0 };
    /* zeros, subnormals, the normal range's ends, 1, Inf, NaNs */
    static const uint32_t special[] = { 0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x3F800000u,
                                        0x7F7FFFFFu, 0x7F800000u, 0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu,
                                        0x7FA55555u };
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        around(&o, special[i], 4096);
    /* where the code's course changes: exp's clamps (-104, 89), overflow
     * (88.72), the subnormal results (-87.34), zero (-103.97), results that
     * round to 1 (|x| near 2^-25, 2^-24); tanh's clamp (10), where it
     * rounds to 1 (9.01), tiny operands (2^-13); log's split of the
     * significand at sqrt(1/2) and sqrt(2), and operands near 1, 2, 1/2 */
    static const float near[] = { 104.0f, 89.0f,   88.7228f, 87.3365f, 103.972f, 0x1p-25f, 0x1p-24f,
                                  10.0f,  9.0109f, 0x1p-13f, 0.70710678f, 1.41421356f, 1.0f, 2.0f,
                                  0.5f,   0.34657359f, 0.69314718f,
                                  /* sine, cosine, tan: the reduction's bound 2^20, where k
                                   * changes (odd multiples of pi/4), near the zeros and poles
                                   * (multiples of pi/2), results that round to x (2^-12) */
                                  0x1p20f, 0.78539816f, 2.3561945f, 3.9269908f, 1.5707963f,
                                  3.1415927f, 4.712389f, 6.2831853f, 1.0471976e6f, 0x1p-12f,
                                  /* expm1: its clamp -30, where it rounds to -1 (-17.33),
                                   * k's first steps (+-ln2/2, +-3 ln2/2) */
                                  30.0f, 17.328680f, 1.0397208f, 3.0f, 20.0f,
                                  /* log1p: -1 and its neighbours, where u = 1 + x changes
                                   * exponent (sqrt(1/2) - 1, sqrt(2) - 1), where u stops being
                                   * exact (2^-29, 2^28) */
                                  0.29289322f, 0.41421356f, 0x1p-29f, 0x1p28f, 0x1p53f,
                                  /* cbrt: where the exponent's remainder mod 3 changes */
                                  4.0f, 8.0f, 0x1p-126f, 0x1p-149f, 0x1p127f, 0.25f };
    for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
        around(&o, f32_bits(near[i]), 16384);
    ck_assert_int_eq(compare(k, &o), 0);
    free(o.x);
}
END_TEST

/* Every 251st pattern, in 16 slices (one test each: the timeout is per
 * test). */
START_TEST(strided_sweep)
{
    int k = _i / 16, slice = _i % 16;
    operands o = { 0 };
    uint64_t from = (UINT64_C(1) << 28) * (uint64_t)slice, to = from + (UINT64_C(1) << 28);
    uint64_t stride = fns[k].stride;
    for (uint64_t p = (from + stride - 1) / stride * stride; p < to; p += stride)
        add(&o, (uint32_t)p);
    ck_assert_int_eq(compare(k, &o), 0);
    free(o.x);
}
END_TEST

/* kern_unary on f32 tensors of every length up to 40 (the vector loops'
 * tails), into a second tensor and in place. */
START_TEST(tensor_entry)
{
    int k = _i;
    for (int64_t n = 1; n <= 40; n++) {
        tensor_type ty = { ET_F32, 1, { n } };
        tensor *x = tensor_new(&ty), *r = tensor_new(&ty);
        ck_assert_ptr_nonnull(x);
        ck_assert_ptr_nonnull(r);
        uint32_t *xv = x->data;
        for (int64_t i = 0; i < n; i++) /* a mix: ordinary values, 0, Inf, NaN, negatives */
            xv[i] = i % 7 == 3 ? 0x7FC00000u + (uint32_t)i : i % 5 == 4 ? 0xFF800000u : f32_bits((float)(i - 17) * 0.37f);
        ck_assert_int_eq(kern_unary(fns[k].op, x, r), IRRUN_OK);
        const uint32_t *rv = r->data;
        for (int64_t i = 0; i < n; i++)
            ck_assert_uint_eq(rv[i], kern_f32_classb(fns[k].libm, xv[i]));
        ck_assert_int_eq(kern_unary(fns[k].op, x, x), IRRUN_OK);
        ck_assert_int_eq(memcmp(x->data, r->data, (size_t)n * sizeof(uint32_t)), 0);
        tensor_release(x);
        tensor_release(r);
    }
}
END_TEST

/* NaN operands (issue 38): every 61st NaN pattern of either sign through
 * both paths against the definition; and where glibc returns its NaN
 * operand made quiet (as on x86-64), no NaN lane of a long call takes the
 * definition (the vector code gives x | the quiet bit), so that a tensor
 * of NaNs runs as fast as one of ordinary values. */
START_TEST(nan_lanes)
{
    int k = _i;
    operands o = { 0 };
    for (uint32_t p = 0x7F800001u; p <= 0x7FFFFFFFu && p >= 0x7F800001u; p += 61) {
        add(&o, p);
        add(&o, p | 0x80000000u);
    }
    uint32_t *r = malloc((size_t)o.n * sizeof *r);
    ck_assert_ptr_nonnull(r);
    bool rule = true;
    for (int64_t i = 0; i < o.n; i++)
        rule = rule && kern_f32_classb(fns[k].libm, o.x[i]) == (o.x[i] | 0x00400000u);
    for (int path = 0; path < KMP_COUNT; path++) {
        int64_t slow = kern_f32_math_on(fns[k].fn, (kern_mathf32_path)path, o.x, r, o.n);
        if (slow < 0)
            continue; /* the host cannot run the path */
        int64_t bad = 0;
        for (int64_t i = 0; i < o.n; i++)
            bad += r[i] != kern_f32_classb(fns[k].libm, o.x[i]);
        ck_assert_int_eq(bad, 0);
        if (rule)
            ck_assert_int_eq(slow, 0);
    }
    free(r);
    free(o.x);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mathf32");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, specials_and_thresholds, 0, NFN);
    tcase_add_loop_test(tc, strided_sweep, 0, NFN * 16);
    tcase_add_loop_test(tc, tensor_entry, 0, NFN);
    tcase_add_loop_test(tc, nan_lanes, 0, NFN);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
