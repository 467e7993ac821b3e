/* The fast complex<f32> kernels of complexf32_ops.h's table (one row per
 * op) against their definitions (C99 division, glibc's complex functions,
 * REF's composite steps; one rounding per part), on each vector path the
 * host runs: millions of random operands of
 * every kind of complexf32_operands.h (random finite patterns, modest
 * values, |c| == |d| and near it, tiny and huge, exact results, special
 * and zero parts, wide exponent gaps, e^x cos y near 1), operands on and
 * next to |z| = 1 and |1 + z| = 1, every combination of special and
 * ordinary parts, and the kernels' entries (kern_binary, kern_unary on
 * complex<f32> tensors) at every tail length and in place; complex atan2
 * also against the generic loop. `make check` runs it again with
 * IRRUN_ISA=generic; tools/verify_complexf32.c checks 2^32 operands per
 * operation. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"

#include "complexf32_operands.h"
#include "complexf32_ops.h"
#include "same_bits.h"

enum { DRAWS = 1 << 22 };

static void definition(int op, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    c64_fast_ops[op].definition(a, b, r);
}

/* Runs op's path over the n elements of a (and b) and compares with the
 * definition; returns the number of differing elements, -1 when the host
 * cannot run the path. */
static int64_t compare(int op, kern_mathf32_path path, const uint32_t *a, const uint32_t *b, int64_t n)
{
    uint32_t *r = malloc((size_t)n * 2 * sizeof *r);
    ck_assert_ptr_nonnull(r);
    int64_t slow = c64_fast_ops[op].fast_on(path, a, b, r, n);
    if (slow < 0) {
        free(r);
        return -1;
    }
    int64_t bad = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t want[2];
        definition(op, a + 2 * i, b + 2 * i, want);
        if ((r[2 * i] != want[0] || r[2 * i + 1] != want[1]) && bad++ < 5)
            fprintf(stderr,
                    "%s path %d: (0x%08X, 0x%08X), (0x%08X, 0x%08X): fast (0x%08X, 0x%08X), definition "
                    "(0x%08X, 0x%08X)\n",
                    c64_fast_ops[op].name, (int)path, (unsigned)a[2 * i], (unsigned)a[2 * i + 1], (unsigned)b[2 * i],
                    (unsigned)b[2 * i + 1], (unsigned)r[2 * i], (unsigned)r[2 * i + 1], (unsigned)want[0],
                    (unsigned)want[1]);
    }
    free(r);
    return bad;
}

static void compare_paths(int op, const uint32_t *a, const uint32_t *b, int64_t n)
{
    ck_assert_int_eq(compare(op, KMP_GENERIC, a, b, n), 0);
    int64_t avx2 = compare(op, KMP_AVX2, a, b, n);
    ck_assert(avx2 <= 0);
}

START_TEST(random_kinds)
{
    int op = _i;
    uint32_t *a = malloc((size_t)DRAWS * 2 * sizeof *a), *b = malloc((size_t)DRAWS * 2 * sizeof *b);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    uint64_t state = 0x5EED0000u + (uint64_t)op;
    for (int64_t i = 0; i < DRAWS; i++) {
        uint32_t p[4];
        c64_operands(&state, (unsigned)(i % C64_KINDS), p);
        memcpy(a + 2 * i, p, 2 * sizeof *p);
        memcpy(b + 2 * i, p + 2, 2 * sizeof *p);
    }
    compare_paths(op, a, b, DRAWS);
    free(a);
    free(b);
}
END_TEST

/* Every part from a list of special and ordinary values, in every
 * combination. */
START_TEST(special_combinations)
{
    int op = _i;
    static const uint32_t values[] = {
        0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u,
        0x00000001u, 0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u,
        0x40490FDBu, 0xC0000000u, 0x1E3CE508u, 0xE0AD78ECu, 0x3F7FFFFFu, 0x3F800001u,
    };
    enum { NV = sizeof values / sizeof values[0] };
    int64_t n = c64_fast_ops[op].binary ? NV * NV * NV * NV : NV * NV;
    uint32_t *a = malloc((size_t)n * 2 * sizeof *a), *b = malloc((size_t)n * 2 * sizeof *b);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    for (int64_t i = 0; i < n; i++) {
        a[2 * i] = values[i % NV];
        a[2 * i + 1] = values[i / NV % NV];
        b[2 * i] = values[i / (NV * NV) % NV];
        b[2 * i + 1] = values[i / (NV * NV * NV) % NV];
    }
    compare_paths(op, a, b, n);
    free(a);
    free(b);
}
END_TEST

static uint32_t nudge(uint64_t *state, float v)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    uint32_t bits = f32_to_bits(v), k = (uint32_t)(*state >> 61);
    return (bits & 0x7FFFFFFFu) < 4u ? bits + k : bits + k - 4u; /* zeros: no step below */
}

/* Operands on and next to the circles |z| = 1 and |1 + z| = 1, where log|z|
 * and log|1 + z| cancel (kern_c64_log.c's exact |z|^2 and its guard): cos
 * and sin of random angles, and 1 - cos of small ones, each part moved by
 * a few ulps; and the same as b for the binary ops. */
START_TEST(near_unit_circle)
{
    int op = _i;
    enum { N = 1 << 20 };
    uint32_t *a = malloc((size_t)N * 2 * sizeof *a), *b = malloc((size_t)N * 2 * sizeof *b);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    uint64_t state = 0xC1C1Eu + (uint64_t)op;
    for (int64_t i = 0; i < 2 * N; i++) {
        state = state * 6364136223846793005u + 1442695040888963407u;
        double u = (double)(state >> 11) * 0x1p-53, theta = (u - 0.5) * 6.5;
        bool shifted = i & 1;
        if (shifted && i & 2)
            theta = ldexp(theta, -(int)(state % 40)); /* small angles: 1 - cos theta tiny */
        float re = shifted ? (float)(cos(theta) - 1.0) : (float)cos(theta), im = (float)sin(theta);
        uint32_t *p = i < N ? a + 2 * i : b + 2 * (i - N);
        p[0] = nudge(&state, re);
        p[1] = nudge(&state, im);
    }
    compare_paths(op, a, b, N);
    free(a);
    free(b);
}
END_TEST

static tensor *c64_tensor(int64_t n)
{
    tensor_type ty = { ET_C64, 1, { n } };
    tensor *t = tensor_new(&ty);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* kern_binary / kern_unary on complex<f32> tensors of every length up to
 * 40 (the vector loop's tail) and lengths around kernels' blocks of 64,
 * into a third tensor and in place. */
START_TEST(tensor_entry)
{
    static const int64_t longer[] = { 63, 64, 65, 129, 200 };
    enum { NSHORT = 40, NLONG = sizeof longer / sizeof longer[0] };
    int op = _i;
    uint64_t state = 77;
    for (int k = 0; k < NSHORT + NLONG; k++) {
        int64_t n = k < NSHORT ? k + 1 : longer[k - NSHORT];
        tensor *a = c64_tensor(n), *b = c64_tensor(n), *r = c64_tensor(n), *want = c64_tensor(n);
        uint32_t *av = a->data, *bv = b->data, *wv = want->data;
        for (int64_t i = 0; i < n; i++) {
            uint32_t p[4];
            c64_operands(&state, (unsigned)((i * 7 + n) % C64_KINDS), p);
            memcpy(av + 2 * i, p, 2 * sizeof *p);
            memcpy(bv + 2 * i, p + 2, 2 * sizeof *p);
            definition(op, av + 2 * i, bv + 2 * i, wv + 2 * i);
        }
        const c64_fast_op *o = &c64_fast_ops[op];
        if (o->binary) {
            ck_assert_int_eq(kern_binary(o->bop, a, b, r), IRRUN_OK);
            same_bits(r, want, o->name);
            tensor *a2 = c64_tensor(n);
            memcpy(a2->data, a->data, a->nbytes);
            ck_assert_int_eq(kern_binary(o->bop, a2, b, a2), IRRUN_OK);
            same_bits(a2, want, "into the first operand");
            ck_assert_int_eq(kern_binary(o->bop, a, b, b), IRRUN_OK);
            same_bits(b, want, "into the second operand");
            tensor_release(a2);
        } else {
            kern_unop uop = o->uop;
            ck_assert_int_eq(kern_unary(uop, a, r), IRRUN_OK);
            same_bits(r, want, c64_fast_ops[op].name);
            ck_assert_int_eq(kern_unary(uop, a, a), IRRUN_OK);
            same_bits(a, want, c64_fast_ops[op].name);
        }
        tensor_release(a);
        tensor_release(b);
        tensor_release(r);
        tensor_release(want);
    }
}
END_TEST

/* complex atan2 (kern_c64_atan2 through kern_binary) against the generic
 * loop's steps on exact scalar routines: random operands of every kind,
 * every combination of special parts, and every length up to 40 (a block
 * of 64 and its tail too), into a third tensor and in place. */
START_TEST(atan2_against_generic)
{
    static const uint32_t values[] = {
        0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u,
        0x7F7FFFFFu, 0x3F800000u, 0xBF800000u, 0x40490FDBu, 0x1E3CE508u, 0xE0AD78ECu,
    };
    enum { NV = sizeof values / sizeof values[0], NRANDOM = 1 << 17 };
    int64_t lengths[] = { NV * NV * NV * NV + NRANDOM, 1, 2, 3, 5, 7, 31, 40, 63, 64, 65, 130 };
    uint64_t state = 4242;
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        int64_t n = lengths[k];
        tensor *y = c64_tensor(n), *x = c64_tensor(n), *r = c64_tensor(n), *want = c64_tensor(n);
        uint32_t *yv = y->data, *xv = x->data;
        for (int64_t i = 0; i < n; i++) {
            uint32_t p[4];
            if (k == 0 && i < NV * NV * NV * NV) {
                p[0] = values[i % NV];
                p[1] = values[i / NV % NV];
                p[2] = values[i / (NV * NV) % NV];
                p[3] = values[i / (NV * NV * NV) % NV];
            } else {
                c64_operands(&state, (unsigned)(i % C64_KINDS), p);
            }
            memcpy(yv + 2 * i, p, 2 * sizeof *p);
            memcpy(xv + 2 * i, p + 2, 2 * sizeof *p);
        }
        ck_assert_int_eq(kern_binary_generic(KB_ATAN2, y, x, want), IRRUN_OK);
        ck_assert_int_eq(kern_binary(KB_ATAN2, y, x, r), IRRUN_OK);
        same_bits(r, want, "atan2");
        ck_assert_int_eq(kern_binary(KB_ATAN2, y, x, y), IRRUN_OK);
        same_bits(y, want, "atan2 in place");
        tensor_release(y);
        tensor_release(x);
        tensor_release(r);
        tensor_release(want);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("complexf32");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, random_kinds, 0, C64_FAST_OPS);
    tcase_add_loop_test(tc, special_combinations, 0, C64_FAST_OPS);
    tcase_add_loop_test(tc, tensor_entry, 0, C64_FAST_OPS);
    tcase_add_loop_test(tc, near_unit_circle, 0, C64_FAST_OPS);
    tcase_add_test(tc, atan2_against_generic);
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
