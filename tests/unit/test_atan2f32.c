/* The fast f32 / bf16 / f16 atan2 (kern_atan2f32.c) against its definition
 * (glibc's binary64 atan2 on the exact operands, one rounding) on each
 * path the host can run, portable and AVX2: every pair of special values
 * (zeros, subnormals, the normal range's ends, 1, Inf, NaNs) and their
 * neighbours, about 10 million bf16 and 10 million f16 pairs spread over
 * all patterns, and 4 million f32 pairs from random bit patterns, ratios
 * near 1 and near tan(pi/8), tiny and huge ratios. Also the kernels' entry
 * (kern_binary on atan2) for short and odd lengths and in place; `make
 * check` runs it again with IRRUN_ISA=generic. tools/verify_atan2f32.c
 * (make verify-atan2f32) checks all bf16 and f16 pairs. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/math/kern_atan2f32.h"

static const char *const type_names[KA2_COUNT] = { "f32", "bf16", "f16" };

/* A growing list of (y, x) pairs of patterns. */
typedef struct {
    uint32_t *y, *x;
    int64_t n, cap;
} pairs;

static void add(pairs *p, uint32_t y, uint32_t x)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 1 << 16;
        p->y = realloc(p->y, (size_t)p->cap * sizeof *p->y);
        p->x = realloc(p->x, (size_t)p->cap * sizeof *p->x);
        ck_assert_ptr_nonnull(p->y);
        ck_assert_ptr_nonnull(p->x);
    }
    p->y[p->n] = y;
    p->x[p->n++] = x;
}

static void release(pairs *p)
{
    free(p->y);
    free(p->x);
}

static uint32_t definition(kern_atan2_type type, uint32_t y, uint32_t x)
{
    return type == KA2_F32 ? kern_f32_atan2_def(y, x) : kern_half_atan2_def(type == KA2_BF16, (uint16_t)y, (uint16_t)x);
}

/* Runs every path the host has over all of p and compares with the
 * definition; returns the number of differences (printing the first few). */
static int64_t compare(kern_atan2_type type, const pairs *p)
{
    uint32_t *r = malloc((size_t)p->n * sizeof *r);
    uint16_t *yh = malloc((size_t)p->n * sizeof *yh), *xh = malloc((size_t)p->n * sizeof *xh);
    uint16_t *rh = malloc((size_t)p->n * sizeof *rh);
    ck_assert(r && yh && xh && rh);
    for (int64_t i = 0; i < p->n; i++) {
        yh[i] = (uint16_t)p->y[i];
        xh[i] = (uint16_t)p->x[i];
    }
    int64_t bad = 0;
    for (int path = 0; path < KMP_COUNT; path++) {
        int64_t ran = type == KA2_F32 ? kern_atan2_on(type, (kern_mathf32_path)path, p->y, p->x, r, p->n)
                                      : kern_atan2_on(type, (kern_mathf32_path)path, yh, xh, rh, p->n);
        if (ran < 0)
            continue; /* the host lacks the path */
        for (int64_t i = 0; i < p->n; i++) {
            uint32_t got = type == KA2_F32 ? r[i] : rh[i], want = definition(type, p->y[i], p->x[i]);
            if (got != want && bad++ < 5)
                fprintf(stderr, "%s atan2(0x%X, 0x%X) path %d: fast 0x%X, definition 0x%X\n", type_names[type],
                        (unsigned)p->y[i], (unsigned)p->x[i], path, (unsigned)got, (unsigned)want);
        }
    }
    free(r), free(yh), free(xh), free(rh);
    return bad;
}

/* zeros, the least and largest subnormals, the least normal, 1, the
 * largest finite value, Inf, NaNs (quiet, signalling, with payloads), as
 * magnitudes; each is taken with both signs and with neighbours */
static const uint32_t f32_special[] = { 0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x3F800000u,
                                        0x7F7FFFFFu, 0x7F800000u, 0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu,
                                        0x7FA55555u, 0x3ED413CDu /* tan(pi/8) */ };
static const uint32_t bf16_special[] = { 0x0000u, 0x0001u, 0x007Fu, 0x0080u, 0x3F80u, 0x7F7Fu,
                                         0x7F80u, 0x7F81u, 0x7FC0u, 0x7FFFu, 0x3ED4u };
static const uint32_t f16_special[] = { 0x0000u, 0x0001u, 0x03FFu, 0x0400u, 0x3C00u, 0x7BFFu,
                                        0x7C00u, 0x7C01u, 0x7E00u, 0x7FFFu, 0x36A1u };

/* The special magnitudes, their two neighbours above and below, each with
 * both signs. */
static int special_list(kern_atan2_type type, uint32_t *out)
{
    const uint32_t *s = type == KA2_F32 ? f32_special : type == KA2_BF16 ? bf16_special : f16_special;
    int ns = type == KA2_F32 ? (int)(sizeof f32_special / sizeof *f32_special)
             : type == KA2_BF16 ? (int)(sizeof bf16_special / sizeof *bf16_special)
                                : (int)(sizeof f16_special / sizeof *f16_special);
    uint32_t sign = type == KA2_F32 ? 0x80000000u : 0x8000u;
    int n = 0;
    for (int i = 0; i < ns; i++) {
        for (int d = -2; d <= 2; d++) {
            uint32_t m = s[i] + (uint32_t)d;
            if (m >= sign)
                continue; /* below zero or past the NaNs */
            out[n++] = m;
            out[n++] = m | sign;
        }
    }
    return n;
}

START_TEST(special_pairs)
{
    kern_atan2_type type = (kern_atan2_type)_i;
    uint32_t sp[12 * 10];
    int n = special_list(type, sp);
    pairs p = { 0 };
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            add(&p, sp[i], sp[j]);
    ck_assert_int_eq(compare(type, &p), 0);
    release(&p);
}
END_TEST

/* bf16 / f16: every 61st y pattern against every 7th x pattern (the
 * offsets vary with the slice), 4 slices of about 2.5 million pairs. */
START_TEST(half_sweep)
{
    kern_atan2_type type = _i < 4 ? KA2_BF16 : KA2_F16;
    uint32_t slice = (uint32_t)(_i % 4);
    pairs p = { 0 };
    for (uint32_t y = slice * 16384 + slice; y < (slice + 1) * 16384; y += 61)
        for (uint32_t x = slice; x < 65536; x += 7)
            add(&p, y, x);
    ck_assert_int_eq(compare(type, &p), 0);
    release(&p);
}
END_TEST

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* f32: one million pairs of each kind: random patterns, ratios near 1,
 * ratios near tan(pi/8), tiny and huge ratios. */
START_TEST(f32_random)
{
    int kind = _i;
    uint64_t seed = (uint64_t)kind + 1;
    pairs p = { 0 };
    for (int i = 0; i < 1000000; i++) {
        uint64_t r = splitmix(&seed);
        uint32_t sy = (uint32_t)(r >> 63) << 31, sx = (uint32_t)(r >> 62 & 1) << 31;
        uint32_t a = (uint32_t)(r >> 8) & 0x7FFFFFFFu;
        int32_t jitter = (int32_t)(r & 0xFF) - 0x80;
        switch (kind) {
        case 0: add(&p, (uint32_t)r, (uint32_t)(r >> 32)); break;
        case 1: add(&p, ((uint32_t)((int32_t)a + jitter) & 0x7FFFFFFFu) | sy, a | sx); break;
        case 2: {
            a = a % 0x7E000000u;
            uint32_t b = f32_to_bits(bits_to_f32(a) * 0.41421356f) + (uint32_t)jitter;
            add(&p, r & 0x100 ? b | sy : a | sy, r & 0x100 ? a | sx : b | sx);
            break;
        }
        default: {
            uint32_t b = (uint32_t)splitmix(&seed) & 0x7FFFFFFFu;
            b = (b & 0x007FFFFFu) | (((a >> 23) + (uint32_t)(r & 63)) % 255) << 23; /* 0..63 binades larger */
            add(&p, r & 0x100 ? a | sy : b | sy, r & 0x100 ? b | sx : a | sx);
            break;
        }
        }
    }
    ck_assert_int_eq(compare(KA2_F32, &p), 0);
    release(&p);
}
END_TEST

/* kern_binary on atan2 tensors of every length up to 40 (the vector loops'
 * tails), into a third tensor and in place. */
START_TEST(tensor_entry)
{
    kern_atan2_type type = (kern_atan2_type)_i;
    et_id et = type == KA2_F32 ? ET_F32 : type == KA2_BF16 ? ET_BF16 : ET_F16;
    for (int64_t n = 1; n <= 40; n++) {
        tensor_type ty = { et, 1, { n } };
        tensor *y = tensor_new(&ty), *x = tensor_new(&ty), *r = tensor_new(&ty);
        ck_assert(y && x && r);
        uint32_t yv[40], xv[40];
        for (int64_t i = 0; i < n; i++) { /* a mix: ordinary values, zeros, Inf, NaN, negatives */
            float fy = (float)(i - 17) * 0.37f, fx = i % 4 == 1 ? 0.0f : (float)(23 - 2 * i) * 0.11f;
            uint32_t by = f32_to_bits(fy), bx = f32_to_bits(fx);
            if (i % 7 == 3)
                by = 0x7FC00000u + (uint32_t)i;
            if (i % 9 == 5)
                bx = 0xFF800000u;
            switch (type) {
            case KA2_F32:
                yv[i] = by, xv[i] = bx;
                ((uint32_t *)y->data)[i] = by, ((uint32_t *)x->data)[i] = bx;
                break;
            case KA2_BF16:
            case KA2_F16:
            case KA2_COUNT:
                yv[i] = by >> 16, xv[i] = bx >> 16;
                if (type == KA2_F16) {
                    yv[i] = (by & 0x7FFFFFFFu) > 0x7F800000u ? 0x7E00u : kern_f32_to_f16(bits_to_f32(by));
                    xv[i] = (bx & 0x7FFFFFFFu) > 0x7F800000u ? 0x7E00u : kern_f32_to_f16(bits_to_f32(bx));
                }
                ((uint16_t *)y->data)[i] = (uint16_t)yv[i], ((uint16_t *)x->data)[i] = (uint16_t)xv[i];
                break;
            }
        }
        ck_assert_int_eq(kern_binary(KB_ATAN2, y, x, r), IRRUN_OK);
        for (int64_t i = 0; i < n; i++) {
            uint32_t got = type == KA2_F32 ? ((uint32_t *)r->data)[i] : ((uint16_t *)r->data)[i];
            ck_assert_uint_eq(got, definition(type, yv[i], xv[i]));
        }
        ck_assert_int_eq(kern_binary(KB_ATAN2, y, x, y), IRRUN_OK);
        ck_assert_int_eq(memcmp(y->data, r->data, r->nbytes), 0);
        tensor_release(y);
        tensor_release(x);
        tensor_release(r);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("atan2f32");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, special_pairs, 0, KA2_COUNT);
    tcase_add_loop_test(tc, half_sweep, 0, 8);
    tcase_add_loop_test(tc, f32_random, 0, 4);
    tcase_add_loop_test(tc, tensor_entry, 0, KA2_COUNT);
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
