/* The fast logistic and rsqrt (src/kernels/math/kern_recip.c, reached through
 * kern_unary) against the generic loop, which computes the definition
 * (kern_unary.c's flt_unary and complex_elem) element by element, bit for
 * bit: all patterns of bf16, f16 and the formats of 8 bits or fewer; f32
 * special values and their neighbours, every negative-operand class,
 * thresholds of the exp chain, every 4099th pattern and random ones; f64
 * and complex<f32> special values, their combinations and random operands;
 * odd lengths and results in place. Each check runs on the vector path and
 * on the portable one (IRRUN_ISA=generic in the process; make check runs
 * the binary once more with it set).
 *
 * IRRUN_RECIP_ALL=1 in the environment adds all 2^32 f32 patterns for both
 * ops and both paths (IRRUN_RECIP_ALL=logistic or =rsqrt: for one op;
 * IRRUN_RECIP_FROM=0x80000000: from that pattern on; logistic takes about
 * 20 minutes of CPU, rsqrt 5; not part of make check). */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "types/fptables.h"
#include "util/bitcast.h"
#include "util/xorshift.h"

#include "same_bits.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static const kern_unop ops[] = { KU_LOGISTIC, KU_RSQRT };

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

/* kern_unary against kern_unary_generic on x, into a new tensor and in
 * place; once on each path */
static void check_paths(kern_unop op, const tensor *x, const char *what)
{
    const char *env = getenv("IRRUN_ISA");
    bool only_generic = env && strcmp(env, "generic") == 0;
    tensor *ref = vec(x->type.elem, x->count), *fast = vec(x->type.elem, x->count);
    tensor *inplace = vec(x->type.elem, x->count);
    ck_assert_int_eq(kern_unary_generic(op, x, ref), IRRUN_OK);
    for (int pass = 0; pass < (only_generic ? 1 : 2); pass++) {
        if (pass == 1) {
            setenv("IRRUN_ISA", "generic", 1);
            isa_recheck();
        }
        char name[160];
        snprintf(name, sizeof name, "%s, op %d, %s", what, (int)op, pass == 1 || only_generic ? "generic" : "default path");
        ck_assert_int_eq(kern_unary(op, x, fast), IRRUN_OK);
        same_bits(fast, ref, name);
        memcpy(inplace->data, x->data, x->nbytes);
        ck_assert_int_eq(kern_unary(op, inplace, inplace), IRRUN_OK);
        same_bits(inplace, ref, name);
    }
    if (!only_generic) {
        unsetenv("IRRUN_ISA");
        isa_recheck();
    }
    tensor_free(ref);
    tensor_free(fast);
    tensor_free(inplace);
}

/* A growing list of 64-bit words (patterns, or pairs of f32 parts). */
typedef struct {
    uint64_t *x;
    int64_t n, cap;
} words;

static void add(words *w, uint64_t x)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1 << 16;
        w->x = realloc(w->x, (size_t)w->cap * sizeof *w->x);
        ck_assert_ptr_nonnull(w->x);
    }
    w->x[w->n++] = x;
}

/* the words as elements of type t (of 4 or 8 bytes; c64: one word per
 * element, the real part in the low half) */
static tensor *tensor_of(et_id t, const words *w)
{
    tensor *x = vec(t, w->n);
    for (int64_t i = 0; i < w->n; i++) {
        if (et_get(t)->bytes == 4) {
            uint32_t v = (uint32_t)w->x[i];
            memcpy((char *)x->data + 4 * i, &v, 4);
        } else {
            memcpy((char *)x->data + 8 * i, &w->x[i], 8);
        }
    }
    return x;
}

static void check_words(kern_unop op, et_id t, const words *w, const char *what)
{
    tensor *x = tensor_of(t, w);
    check_paths(op, x, what);
    tensor_free(x);
}

/* ---- 16-bit and smaller formats: every pattern ---------------------------- */

/* each pattern twice, so that the table path runs (more than 4096
 * elements), and the first 4001 alone, which take the per-element loop */
START_TEST(half_all_patterns)
{
    et_id t = _i % 2 ? ET_F16 : ET_BF16;
    kern_unop op = ops[_i / 2];
    tensor *x = vec(t, 2 * 65536), *head = vec(t, 4001);
    uint16_t *p = x->data;
    for (uint32_t i = 0; i < 2 * 65536; i++)
        p[i] = (uint16_t)(i * 40503u); /* odd: a permutation of the patterns */
    memcpy(head->data, x->data, head->nbytes);
    check_paths(op, x, et_get(t)->name);
    check_paths(op, head, et_get(t)->name);
    tensor_free(x);
    tensor_free(head);
}
END_TEST

START_TEST(small_all_patterns)
{
    static const et_id types[] = { ET_F8E3M4, ET_F8E4M3, ET_F8E4M3FN, ET_F8E4M3FNUZ, ET_F8E4M3B11FNUZ,
                                   ET_F8E5M2, ET_F8E5M2FNUZ, ET_F8E8M0FNU, ET_F6E2M3FN, ET_F6E3M2FN, ET_F4E2M1FN };
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        et_id t = types[k];
        unsigned count = 1u << et_get(t)->value_bits;
        tensor *x = vec(t, 3 * 256);
        uint8_t *p = x->data;
        for (unsigned i = 0; i < 3 * 256; i++)
            p[i] = (uint8_t)(i % count);
        for (size_t o = 0; o < 2; o++)
            check_paths(ops[o], x, et_get(t)->name);
        tensor_free(x);
    }
}
END_TEST

/* ---- f32 --------------------------------------------------------------- */

static void around32(words *w, uint32_t p, uint32_t radius)
{
    p &= 0x7FFFFFFFu;
    for (uint32_t d = 0; d <= 2 * radius; d++) {
        uint32_t q = p - radius + d;
        if (q <= 0x7FFFFFFFu) {
            add(w, q);
            add(w, q | 0x80000000u);
        }
    }
}

START_TEST(f32_operands)
{
    kern_unop op = ops[_i];
    words w = { 0 };
    /* zeros, subnormals, normals' ends, 1, Inf, NaNs (quiet, signalling,
     * payloads) */
    static const uint32_t specials[] = { 0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x3F800000u,
                                         0x7F7FFFFFu, 0x7F800000u, 0x7F800001u, 0x7FBFFFFFu, 0x7FC00000u,
                                         0x7FC00001u, 0x7FFFFFFFu, 0x33800000u, 0x34000000u };
    for (size_t k = 0; k < sizeof specials / sizeof specials[0]; k++)
        around32(&w, specials[k], 64);
    /* where exp(-x) leaves the range of f32 (overflow near 88.72,
     * underflow near 103.97), where 1 + exp(-x) stops changing (exp(-x)
     * below 2^-24 from x near 16.6), and the clamps of kern_f32_exp */
    static const float edges[] = { 88.0f, 88.72283f, 89.0f, 87.33654f, 103.97208f, 104.0f, 16.635532f, 17.32868f, 1.0f, 0.5f, 8.0f };
    for (size_t k = 0; k < sizeof edges / sizeof edges[0]; k++)
        around32(&w, f32_to_bits(edges[k]), 2048);
    for (uint64_t p = 0; p < (UINT64_C(1) << 32); p += 4099)
        add(&w, p);
    for (int i = 0; i < 1 << 19; i++)
        add(&w, (uint32_t)rnd());
    /* values of moderate size, where logistic is not 0 or 1 */
    for (int i = 0; i < 1 << 19; i++)
        add(&w, f32_to_bits((float)((double)(int64_t)(rnd() % 4000001) / 50000.0 - 40.0)));
    check_words(op, ET_F32, &w, "f32");
    /* lengths around the vector width and the chain's block */
    for (int64_t n = 1; n < 40; n++) {
        words s = { w.x + 3 * n, n, n };
        check_words(op, ET_F32, &s, "f32 short");
    }
    words s = { w.x + 5, 777, 777 };
    check_words(op, ET_F32, &s, "f32 777");
    free(w.x);
}
END_TEST

/* ---- f64 --------------------------------------------------------------- */

START_TEST(f64_operands)
{
    kern_unop op = ops[_i];
    words w = { 0 };
    static const double specials[] = { 0.0, 0x1p-1074, 0x1p-1022, 1.0, 2.0, 0.25, DBL_MAX, INFINITY,
                                       709.782712893384, 745.1332191019411, 36.7368005696771, 37.42994775023705,
                                       0x1p-53, 0x1p-54 };
    for (size_t k = 0; k < sizeof specials / sizeof specials[0]; k++) {
        uint64_t b = f64_to_bits(specials[k]);
        for (uint64_t d = 0; d < 64; d++) {
            add(&w, b + d - 32);
            add(&w, (b + d - 32) | (UINT64_C(1) << 63));
        }
    }
    static const uint64_t nans[] = { UINT64_C(0x7FF0000000000001), UINT64_C(0x7FF4000000000000),
                                     UINT64_C(0x7FF8000000000000), UINT64_C(0x7FF8000000000001),
                                     UINT64_C(0x7FFFFFFFFFFFFFFF), UINT64_C(0xFFF8000000000000),
                                     UINT64_C(0xFFF0000000000001) };
    for (size_t k = 0; k < sizeof nans / sizeof nans[0]; k++)
        add(&w, nans[k]);
    for (int i = 0; i < 1 << 19; i++)
        add(&w, rnd());
    for (int i = 0; i < 1 << 19; i++)
        add(&w, f64_to_bits((double)(int64_t)(rnd() >> 11) * 0x1p-53 * 90.0 - 45.0));
    check_words(op, ET_F64, &w, "f64");
    for (int64_t n = 1; n < 12; n++) {
        words s = { w.x + 7 * n, n, n };
        check_words(op, ET_F64, &s, "f64 short");
    }
    free(w.x);
}
END_TEST

/* ---- complex<f32> ---------------------------------------------------------- */

START_TEST(c64_operands)
{
    kern_unop op = ops[_i];
    words w = { 0 };
    static const uint32_t parts[] = { 0x00000000u, 0x80000000u, 0x00000001u, 0x3F800000u, 0xBF800000u,
                                      0x40490FDBu, 0x42B20000u, 0xC2B20000u, 0x7F7FFFFFu, 0xFF7FFFFFu,
                                      0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u,
                                      0x1E3CE508u, 0x60AD78ECu };
    enum { NP = sizeof parts / sizeof parts[0] };
    for (size_t a = 0; a < NP; a++)
        for (size_t b = 0; b < NP; b++)
            add(&w, (uint64_t)parts[b] << 32 | parts[a]);
    for (int i = 0; i < 1 << 17; i++)
        add(&w, rnd());
    for (int i = 0; i < 1 << 17; i++) {
        float re = (float)((double)(int64_t)(rnd() % 2000001) / 20000.0 - 50.0);
        float im = (float)((double)(int64_t)(rnd() % 2000001) / 20000.0 - 50.0);
        add(&w, (uint64_t)f32_to_bits(im) << 32 | f32_to_bits(re));
    }
    check_words(op, ET_C64, &w, "complex<f32>");
    free(w.x);
}
END_TEST

/* ---- all f32 patterns (IRRUN_RECIP_ALL) ------------------------------------ */

START_TEST(f32_all_patterns)
{
    const char *which = getenv("IRRUN_RECIP_ALL");
    kern_unop op = ops[_i];
    if (!which || (strcmp(which, "logistic") == 0 && op != KU_LOGISTIC) || (strcmp(which, "rsqrt") == 0 && op != KU_RSQRT))
        return;
    enum { CHUNK = 1 << 22 };
    tensor *x = vec(ET_F32, CHUNK);
    uint32_t *p = x->data;
    const char *from = getenv("IRRUN_RECIP_FROM");
    uint64_t start = from ? strtoull(from, NULL, 0) / CHUNK * CHUNK : 0;
    for (uint64_t at = start; at < (UINT64_C(1) << 32); at += CHUNK) {
        for (uint32_t i = 0; i < CHUNK; i++)
            p[i] = (uint32_t)(at + i);
        check_paths(op, x, "f32 all");
        if ((at / CHUNK) % 16 == 15)
            fprintf(stderr, "op %d: patterns %#llx to %#llx agree\n", (int)op, (unsigned long long)start,
                    (unsigned long long)(at + CHUNK - 1));
    }
    tensor_free(x);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("recip");
    TCase *tc = tcase_create("recip");
    tcase_set_timeout(tc, 0);
    tcase_add_loop_test(tc, half_all_patterns, 0, 4);
    tcase_add_test(tc, small_all_patterns);
    tcase_add_loop_test(tc, f32_operands, 0, 2);
    tcase_add_loop_test(tc, f64_operands, 0, 2);
    tcase_add_loop_test(tc, c64_operands, 0, 2);
    tcase_add_loop_test(tc, f32_all_patterns, 0, 2);
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
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
