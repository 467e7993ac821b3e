/* The fast f32, bf16 and f16 power (kern_powf32.c) against its definition
 * (glibc's binary64 pow, one rounding) on a few million pairs per format:
 * every pair of special values (zeros, subnormals, the normal range's
 * ends, 1 and its neighbours, Inf, NaNs, small integers and halves, the
 * integers where f32 stops having odd ones), those values against random
 * operands, pairs whose results lie near overflow, the subnormal range and
 * zero, and random bit patterns. `make check` also runs it with
 * IRRUN_ISA=generic, so both paths are held to the definition;
 * tools/verify_powf32.c (make verify-powf32) checks all bf16 and f16
 * pairs. Also: the kernels' entry (kern_binary on tensors) for short and
 * odd lengths, and the result in place of either operand. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/math/kern_powf32.h"

static const char *const names[KPF_COUNT] = { "f32", "bf16", "f16" };

/* A growing list of operand pairs, as f32 patterns or 16-bit patterns. */
typedef struct {
    uint32_t *a, *b;
    int64_t n, cap;
} pairs;

static void add(pairs *p, uint32_t a, uint32_t b)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 1 << 16;
        p->a = realloc(p->a, (size_t)p->cap * sizeof *p->a);
        p->b = realloc(p->b, (size_t)p->cap * sizeof *p->b);
        ck_assert_ptr_nonnull(p->a);
        ck_assert_ptr_nonnull(p->b);
    }
    p->a[p->n] = a;
    p->b[p->n++] = b;
}

static uint64_t rng = 0x243F6A8885A308D3u;

static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* A value's pattern in the format (RNE). */
static uint32_t pattern(kern_pow_format fmt, double v)
{
    switch (fmt) {
    case KPF_F32: return f32_to_bits((float)v);
    case KPF_BF16: return (uint32_t)fp_from_double(FP_BF16, v, FPR_RNE);
    case KPF_F16: return (uint32_t)fp_from_double(FP_F16, v, FPR_RNE);
    case KPF_COUNT: break;
    }
    return 0;
}

static double value(kern_pow_format fmt, uint32_t p)
{
    switch (fmt) {
    case KPF_F32: return (double)bits_to_f32(p);
    case KPF_BF16: return kern_bf16_to_f64((uint16_t)p);
    case KPF_F16: return kern_f16_to_f64((uint16_t)p);
    case KPF_COUNT: break;
    }
    return NAN;
}

static uint32_t definition(kern_pow_format fmt, uint32_t a, uint32_t b)
{
    return fmt == KPF_F32 ? kern_f32_pow_definition(a, b) : kern_half_pow_definition(fmt == KPF_BF16, (uint16_t)a, (uint16_t)b);
}

/* Runs the format's fast entry (the host's best path, or the portable one
 * under IRRUN_ISA=generic) over all of p; returns the number of
 * differences from the definition (printing the first few). */
static int64_t compare(kern_pow_format fmt, const pairs *p)
{
    uint32_t *r = malloc((size_t)p->n * sizeof *r);
    ck_assert_ptr_nonnull(r);
    if (fmt == KPF_F32) {
        kern_f32_pow(p->a, p->b, r, p->n);
    } else {
        uint16_t *a = malloc((size_t)p->n * 2), *b = malloc((size_t)p->n * 2), *o = malloc((size_t)p->n * 2);
        ck_assert(a && b && o);
        for (int64_t i = 0; i < p->n; i++) {
            a[i] = (uint16_t)p->a[i];
            b[i] = (uint16_t)p->b[i];
        }
        (fmt == KPF_BF16 ? kern_bf16_pow : kern_f16_pow)(a, b, o, p->n);
        for (int64_t i = 0; i < p->n; i++)
            r[i] = o[i];
        free(a), free(b), free(o);
    }
    int64_t bad = 0;
    for (int64_t i = 0; i < p->n; i++) {
        uint32_t want = definition(fmt, p->a[i], p->b[i]);
        if (r[i] != want && bad++ < 5)
            fprintf(stderr, "%s pow(0x%X = %a, 0x%X = %a): fast 0x%X, definition 0x%X\n", names[fmt],
                    (unsigned)p->a[i], value(fmt, p->a[i]), (unsigned)p->b[i], value(fmt, p->b[i]),
                    (unsigned)r[i], (unsigned)want);
    }
    free(r);
    return bad;
}

/* The special values of a format, both signs: zeros, the subnormal range's
 * ends, the normal range's ends, 1 and its neighbours, Inf, NaNs (quiet,
 * signalling, with payloads), small integers and halves, and the numbers
 * where the odd integers end. */
static int specials(kern_pow_format fmt, uint32_t *out)
{
    static const double values[] = { 0.0,  1.0,  2.0,  3.0,  0.5,  1.5,   4.0,   5.0,   -0.0, 0.25,
                                     7.0,  0.75, 10.0, 1e-3, 100.0, 0x1p23, 0x1p24, 16777215.0, 255.0,
                                     257.0, 2047.0, 2049.0, 0x1p11, 0x1p12, 65504.0, 65519.0 };
    int n = 0;
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        out[n++] = pattern(fmt, values[i]);
    uint32_t one = pattern(fmt, 1.0);
    out[n++] = one + 1;
    out[n++] = one - 1;
    out[n++] = one + 2;
    if (fmt == KPF_F32) {
        static const uint32_t raw[] = { 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0x7F800000u,
                                        0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu, 0x7FA55555u, 0x4B7FFFFFu,
                                        0x4B800001u, 0x3F000001u };
        for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
            out[n++] = raw[i];
    } else {
        uint32_t inf = fmt == KPF_BF16 ? 0x7F80u : 0x7C00u, quiet = fmt == KPF_BF16 ? 0x40u : 0x200u;
        uint32_t raw[] = { 0x0001u, inf >> 1, inf - 1, inf, inf + 1, inf | quiet, 0x7FFFu, inf + 5, (inf >> 7) << 7 };
        for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
            out[n++] = raw[i];
    }
    uint32_t sign = fmt == KPF_F32 ? 0x80000000u : 0x8000u;
    for (int i = 0, m = n; i < m; i++)
        out[n++] = out[i] ^ sign;
    return n;
}

static uint32_t random_pattern(kern_pow_format fmt) { return fmt == KPF_F32 ? next32() : next32() & 0xFFFFu; }

START_TEST(special_pairs)
{
    kern_pow_format fmt = (kern_pow_format)_i;
    uint32_t sp[128];
    int n = specials(fmt, sp);
    pairs p = { 0 };
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            add(&p, sp[i], sp[j]);
    /* each special value against random operands, both ways */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4096; k++) {
            add(&p, sp[i], random_pattern(fmt));
            add(&p, random_pattern(fmt), sp[i]);
        }
    ck_assert_int_eq(compare(fmt, &p), 0);
    free(p.a), free(p.b);
}
END_TEST

/* Pairs whose results lie near a threshold: b = target / ln|a| and its
 * neighbouring patterns, for random a of both signs. */
START_TEST(threshold_pairs)
{
    kern_pow_format fmt = (kern_pow_format)_i;
    static const double targets[] = {
        88.7228391,  /* f32 and bf16 overflow */
        -87.3365448, /* f32 and bf16 smallest normal */
        -103.278929, /* f32 smallest subnormal */
        -103.972077, /* half of it: rounding to zero */
        -92.9805,    /* bf16 zero */
        11.0903549,  /* f16 overflow */
        -9.70406052, /* f16 smallest normal */
        -17.3286795, /* f16 zero */
        89.0, -104.0, /* the clamps */
        0.0,
    };
    pairs p = { 0 };
    uint32_t sign = fmt == KPF_F32 ? 0x80000000u : 0x8000u;
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
        for (int k = 0; k < 2000; k++) {
            uint32_t a = random_pattern(fmt) & ~sign;
            double av = value(fmt, a);
            if (!(av > 0 && av < INFINITY) || av == 1.0)
                continue;
            uint32_t b = pattern(fmt, targets[t] / log(av));
            for (int d = -20; d <= 20; d++) {
                add(&p, a, b + (uint32_t)d);
                add(&p, a | sign, b + (uint32_t)d);
            }
        }
    }
    ck_assert_int_eq(compare(fmt, &p), 0);
    free(p.a), free(p.b);
}
END_TEST

/* Random bit patterns and (bf16, f16) every 1031st pair. */
START_TEST(random_pairs)
{
    kern_pow_format fmt = (kern_pow_format)_i;
    pairs p = { 0 };
    for (int k = 0; k < 1000000; k++)
        add(&p, random_pattern(fmt), random_pattern(fmt));
    if (fmt != KPF_F32)
        for (uint64_t x = 0; x < UINT64_C(1) << 32; x += 1031)
            add(&p, (uint32_t)(x >> 16), (uint32_t)x & 0xFFFFu);
    /* modest values, as in real programs: both signs, integer and
     * non-integer exponents, exact results */
    for (int k = 0; k < 500000; k++)
        add(&p, pattern(fmt, ((int)(next32() % 129) - 64) / 8.0), pattern(fmt, ((int)(next32() % 129) - 64) / 8.0));
    ck_assert_int_eq(compare(fmt, &p), 0);
    free(p.a), free(p.b);
}
END_TEST

/* kern_binary's power on tensors of every length up to 40 (the blocks'
 * tails), into a third tensor and in place. */
START_TEST(tensor_entry)
{
    kern_pow_format fmt = (kern_pow_format)_i;
    static const et_id types[KPF_COUNT] = { ET_F32, ET_BF16, ET_F16 };
    size_t es = fmt == KPF_F32 ? 4 : 2;
    for (int64_t n = 1; n <= 40; n++) {
        tensor_type ty = { types[fmt], 1, { n } };
        tensor *a = tensor_new(&ty), *b = tensor_new(&ty), *r = tensor_new(&ty);
        ck_assert(a && b && r);
        uint32_t av[40], bv[40];
        for (int64_t i = 0; i < n; i++) { /* a mix: ordinary values, 0, Inf, NaN, negatives */
            av[i] = i % 7 == 3 ? pattern(fmt, NAN) : i % 5 == 4 ? pattern(fmt, -INFINITY) : pattern(fmt, (double)(i - 17) * 0.37);
            bv[i] = i % 6 == 2 ? pattern(fmt, 0.0) : pattern(fmt, (double)(i % 9) - 4.5 + (i % 3 == 0 ? 0.5 : 0));
            memcpy((char *)a->data + (size_t)i * es, es == 4 ? (void *)&av[i] : (void *)&(uint16_t){ (uint16_t)av[i] }, es);
            memcpy((char *)b->data + (size_t)i * es, es == 4 ? (void *)&bv[i] : (void *)&(uint16_t){ (uint16_t)bv[i] }, es);
        }
        ck_assert_int_eq(kern_binary(KB_POW, a, b, r), IRRUN_OK);
        for (int64_t i = 0; i < n; i++) {
            uint32_t got = 0;
            memcpy(&got, (const char *)r->data + (size_t)i * es, es);
            ck_assert_uint_eq(got, definition(fmt, av[i], bv[i]));
        }
        ck_assert_int_eq(kern_binary(KB_POW, a, b, a), IRRUN_OK);
        ck_assert_int_eq(memcmp(a->data, r->data, (size_t)n * es), 0);
        tensor_release(a);
        tensor_release(b);
        tensor_release(r);
    }
}
END_TEST

/* The fast entries with the result in place of either operand, over
 * whole blocks and a tail, with lanes that take the definition among them
 * (it reads the operands after the block's results are stored). */
START_TEST(in_place)
{
    kern_pow_format fmt = (kern_pow_format)_i;
    enum { N = 1000 };
    static uint32_t a32[N], b32[N], r32[N], x32[N];
    static uint16_t a16[N], b16[N], r16[N], x16[N];
    for (int which = 0; which < 2; which++) {
        for (int i = 0; i < N; i++) {
            uint32_t pa = random_pattern(fmt), pb = i % 3 ? pattern(fmt, (int)(next32() % 17) / 4.0 - 2) : random_pattern(fmt);
            a32[i] = pa, b32[i] = pb, a16[i] = (uint16_t)pa, b16[i] = (uint16_t)pb;
        }
        switch (fmt) {
        case KPF_F32:
            kern_f32_pow(a32, b32, r32, N);
            memcpy(x32, which ? b32 : a32, sizeof x32);
            kern_f32_pow(which ? a32 : x32, which ? x32 : b32, x32, N);
            ck_assert_int_eq(memcmp(x32, r32, sizeof x32), 0);
            break;
        case KPF_BF16:
        case KPF_F16:
        case KPF_COUNT: {
            void (*fn)(const uint16_t *, const uint16_t *, uint16_t *, int64_t) = fmt == KPF_BF16 ? kern_bf16_pow : kern_f16_pow;
            fn(a16, b16, r16, N);
            memcpy(x16, which ? b16 : a16, sizeof x16);
            fn(which ? a16 : x16, which ? x16 : b16, x16, N);
            ck_assert_int_eq(memcmp(x16, r16, sizeof x16), 0);
            break;
        }
        }
        for (int i = 0; i < N; i++)
            ck_assert_uint_eq(fmt == KPF_F32 ? r32[i] : r16[i], definition(fmt, fmt == KPF_F32 ? a32[i] : a16[i], fmt == KPF_F32 ? b32[i] : b16[i]));
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("powf32");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, special_pairs, 0, KPF_COUNT);
    tcase_add_loop_test(tc, threshold_pairs, 0, KPF_COUNT);
    tcase_add_loop_test(tc, random_pairs, 0, KPF_COUNT);
    tcase_add_loop_test(tc, tensor_entry, 0, KPF_COUNT);
    tcase_add_loop_test(tc, in_place, 0, KPF_COUNT);
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
