/* The 64-bit integer loops of kern_int64.c (division, remainder, power,
 * shift_right_arithmetic, count_leading_zeros of i64 / ui64) against the
 * generic loops, which compute the definition one element at a time, bit
 * for bit, on the AVX2 path and on the portable one (IRRUN_ISA=generic):
 * operands drawn from edge values (0, +-1, the extremes, powers of two and
 * their neighbours, +-2^50 ... 2^53 and around, small divisors, exact
 * multiples, the quotient and remainder of every sign combination),
 * mixed with random patterns of every magnitude, at lengths that leave
 * every tail, and past the size where results are streamed. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "kernels/kern_int64.h"
#include "util/isa.h"
#include "kernels/kern_numerics.h"
#include "util/xorshift.h"

#include "same_bits.h"

static uint64_t rng_state = 0x243F6A8885A308D3u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

/* An edge value: small integers, extremes, powers of two and their
 * neighbours, the binary64 boundaries, with either sign. */
static uint64_t edge(void)
{
    uint64_t r = rnd();
    uint64_t v;
    switch (r % 8) {
    case 0: v = (r >> 8) % 1001; break;                               /* 0 ... 1000 */
    case 1: v = UINT64_C(1) << ((r >> 8) % 64); break;                /* 2^k */
    case 2: v = (UINT64_C(1) << ((r >> 8) % 64)) + ((r >> 16) % 5) - 2; break; /* 2^k + -2 ... 2 */
    case 3: v = (UINT64_C(1) << (50 + (r >> 8) % 5)) + ((r >> 16) % 9) - 4; break; /* 2^50 ... 2^54 */
    case 4: v = (uint64_t)INT64_MAX - ((r >> 8) % 4); break;
    case 5: v = (uint64_t)INT64_MIN + ((r >> 8) % 4); break;
    case 6: v = UINT64_MAX - ((r >> 8) % 4); break;
    default: v = rnd() >> ((r >> 8) % 64); break; /* random of every magnitude */
    }
    return (r >> 7) & 1 ? 0 - v : v;
}

/* lhs, rhs pairs: edges, random, exact multiples q * y (+ a small offset) */
static void fill_pairs(uint64_t *x, uint64_t *y, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t r = rnd();
        switch (r % 5) {
        case 0:
            x[i] = edge();
            y[i] = edge();
            break;
        case 1:
            x[i] = rnd();
            y[i] = rnd();
            break;
        case 2:
            x[i] = rnd();
            y[i] = edge();
            break;
        case 3: {
            uint64_t q = rnd() >> ((r >> 8) % 64);
            y[i] = edge();
            x[i] = q * y[i] + (((r >> 16) % 3) - 1);
            break;
        }
        default:
            x[i] = edge();
            y[i] = rnd() >> ((r >> 8) % 64);
            break;
        }
    }
}

/* isa 1: the portable loops; 0: the host's (IRRUN_ISA as the test was
 * started with) */
static void with_isa(int isa)
{
    static const char *started = NULL;
    static bool saved = false;
    if (!saved) {
        const char *e = getenv("IRRUN_ISA");
        started = e ? strdup(e) : NULL;
        saved = true;
    }
    if (isa)
        setenv("IRRUN_ISA", "generic", 1);
    else if (started)
        setenv("IRRUN_ISA", started, 1);
    else
        unsetenv("IRRUN_ISA");
    isa_recheck();
}

static const int64_t lens[] = { 1, 2, 3, 4, 5, 7, 8, 9, 31, 33, 511, 512, 513, 1025, 20003 };

START_TEST(divide_remainder_power_match_definition)
{
    static const et_id types[] = { ET_I64, ET_UI64 };
    static const kern_binop ops[] = { KB_DIV, KB_REM, KB_POW };
    for (int isa = 0; isa < 2; isa++) {
        with_isa(isa);
        for (size_t t = 0; t < 2; t++)
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
                for (int rep = 0; rep < 4; rep++) {
                    int64_t n = lens[li];
                    tensor *a = vec(types[t], n), *b = vec(types[t], n);
                    tensor *fast = vec(types[t], n), *ref = vec(types[t], n);
                    fill_pairs(a->data, b->data, n);
                    for (size_t o = 0; o < 3; o++) {
                        if (ops[o] == KB_POW) /* exponents: edges, 0 ... 127, random */
                            for (int64_t i = 0; i < n; i++) {
                                uint64_t r = rnd();
                                if (r % 4 == 0)
                                    ((uint64_t *)b->data)[i] = (r >> 8) % 128;
                                if (r % 4 == 1)
                                    ((uint64_t *)a->data)[i] = (r >> 8) % 16 - 8;
                            }
                        ck_assert_int_eq(kern_binary(ops[o], a, b, fast), IRRUN_OK);
                        ck_assert_int_eq(kern_binary_generic(ops[o], a, b, ref), IRRUN_OK);
                        same_bits(fast, ref, isa ? "divrem/pow generic" : "divrem/pow");
                        /* in place: the result over the lhs */
                        tensor *a2 = vec(types[t], n);
                        memcpy(a2->data, a->data, a->nbytes);
                        ck_assert_int_eq(kern_binary(ops[o], a2, b, a2), IRRUN_OK);
                        same_bits(a2, ref, "in place");
                        tensor_release(a2);
                    }
                    tensor_release(a);
                    tensor_release(b);
                    tensor_release(fast);
                    tensor_release(ref);
                }
    }
    with_isa(0);
}
END_TEST

START_TEST(shift_right_arith_and_clz_match_definition)
{
    static const et_id types[] = { ET_I64, ET_UI64 };
    for (int isa = 0; isa < 2; isa++) {
        with_isa(isa);
        for (size_t t = 0; t < 2; t++)
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                int64_t n = lens[li];
                tensor *a = vec(types[t], n), *b = vec(types[t], n);
                tensor *fast = vec(types[t], n), *ref = vec(types[t], n);
                fill_pairs(a->data, b->data, n);
                for (int64_t i = 0; i < n; i++) { /* amounts: 0 ... 130 and edges */
                    uint64_t r = rnd();
                    if (r % 2)
                        ((uint64_t *)b->data)[i] = (r >> 8) % 131;
                }
                ck_assert_int_eq(kern_bits(KBIT_SHRA, a, b, fast), IRRUN_OK);
                ck_assert_int_eq(kern_bits_generic(KBIT_SHRA, a, b, ref), IRRUN_OK);
                same_bits(fast, ref, isa ? "shra generic" : "shra");
                ck_assert_int_eq(kern_bits(KBIT_CLZ, a, NULL, fast), IRRUN_OK);
                ck_assert_int_eq(kern_bits_generic(KBIT_CLZ, a, NULL, ref), IRRUN_OK);
                same_bits(fast, ref, isa ? "clz generic" : "clz");
                tensor_release(a);
                tensor_release(b);
                tensor_release(fast);
                tensor_release(ref);
            }
    }
    with_isa(0);
}
END_TEST

/* Past 32 MiB the results are streamed after a head that aligns them: a
 * result one element off alignment, against the generic loops' results. */
START_TEST(streamed_results_match_definition)
{
    const int64_t n = (INT64_C(32) << 20) / 8 + 5;
    tensor *a = vec(ET_I64, n + 1), *b = vec(ET_I64, n + 1), *ref = vec(ET_I64, n + 1);
    tensor *fast = vec(ET_I64, n + 1);
    fill_pairs(a->data, b->data, n + 1);
    int64_t *pa = a->data, *pb = b->data, *pf = (int64_t *)fast->data + 1;
    for (int isa = 0; isa < 2; isa++) {
        with_isa(isa);
        for (int rem = 0; rem < 2; rem++) {
            ck_assert_int_eq(kern_binary_generic(rem ? KB_REM : KB_DIV, a, b, ref), IRRUN_OK);
            kern_i64_divrem(rem, pa + 1, pb + 1, pf, n);
            ck_assert(memcmp(pf, (int64_t *)ref->data + 1, (size_t)n * 8) == 0);
        }
        ck_assert_int_eq(kern_bits_generic(KBIT_SHRA, a, b, ref), IRRUN_OK);
        /* (without AVX2 kern_bits runs its own loop, no streaming) */
        if (kern_64_shra_avx2((uint64_t *)pa + 1, (uint64_t *)pb + 1, (uint64_t *)pf, n))
            ck_assert(memcmp(pf, (int64_t *)ref->data + 1, (size_t)n * 8) == 0);
        ck_assert_int_eq(kern_bits_generic(KBIT_CLZ, a, NULL, ref), IRRUN_OK);
        if (kern_64_clz_avx2((uint64_t *)pa + 1, (uint64_t *)pf, n))
            ck_assert(memcmp(pf, (int64_t *)ref->data + 1, (size_t)n * 8) == 0);
    }
    with_isa(0);
    tensor_release(a);
    tensor_release(b);
    tensor_release(fast);
    tensor_release(ref);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("int64");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, divide_remainder_power_match_definition);
    tcase_add_test(tc, shift_right_arith_and_clz_match_definition);
    tcase_add_test(tc, streamed_results_match_definition);
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
