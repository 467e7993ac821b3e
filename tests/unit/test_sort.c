/* The sort engine (src/sort/sort.h) against SPEC.md 9.3.5.1: its test
 * vector, the exact sequence of comparator calls (traced by hand from the
 * pseudo-code, and recorded from libstdc++ for the vector), sortedness and
 * stability on random inputs, comparators that are not strict weak orders,
 * comparator errors, allocation failures, and the native path against the
 * general path running kern_compare itself as the comparator. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "sort/sort.h"
#include "types/fptables.h"
#include "util/bitcast.h"
#include "util/mem.h"
#include "util/status.h"
#include "util/xorshift.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static void identity(int64_t *a, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        a[i] = i;
}

/* ---- a comparator on int keys that records its calls ------------------- */

enum { MAX_CALLS = 4096 };

typedef struct {
    const int64_t *key;
    int64_t calls;
    int64_t trace[MAX_CALLS][2];
    int64_t fail_at; /* 1-based call that returns an error; 0: none */
} keyed;

static int key_less(void *ctx, int64_t p, int64_t q, bool *out)
{
    keyed *k = ctx;
    if (k->calls < MAX_CALLS) {
        k->trace[k->calls][0] = p;
        k->trace[k->calls][1] = q;
    }
    k->calls++;
    if (k->fail_at && k->calls == k->fail_at)
        return IRRUN_CHECK_FAILED;
    *out = k->key[p] < k->key[q];
    return 0;
}

static keyed *new_keyed(const int64_t *key)
{
    keyed *k = calloc(1, sizeof *k);
    ck_assert_ptr_nonnull(k);
    k->key = key;
    return k;
}

static void assert_trace(const keyed *k, const int64_t *pairs, int64_t npairs)
{
    ck_assert_int_eq(k->calls, npairs);
    for (int64_t i = 0; i < npairs; i++) {
        ck_assert_msg(k->trace[i][0] == pairs[2 * i] && k->trace[i][1] == pairs[2 * i + 1],
                      "call %ld: less(%ld, %ld), expected less(%ld, %ld)", (long)i, (long)k->trace[i][0],
                      (long)k->trace[i][1], (long)pairs[2 * i], (long)pairs[2 * i + 1]);
    }
}

/* ---- SPEC.md 9.3.5.1's test vector ------------------------------------- */

static const int64_t spec_keys[20] = { 3, 1, 2, 1, 3, 2, 1, 0, 2, 3, 1, 2, 0, 1, 3, 2, 1, 0, 2, 1 };
static const int64_t spec_unstable[20] = { 17, 12, 7, 10, 19, 16, 13, 6, 3, 1,
                                           8,  11, 5, 15, 2,  18, 9,  0, 4, 14 };
static const int64_t spec_stable[20] = { 7, 12, 17, 1, 3, 6, 10, 13, 16, 19,
                                         2, 5,  8,  11, 15, 18, 0, 4, 9, 14 };

/* The calls libstdc++ 12's std::sort and std::stable_sort make on that
 * vector (recorded with a logging comparator, g++ 12.2): pins the partition,
 * the final insertion, the chunk insertions and every merge. */
static const int64_t spec_calls_unstable[99 * 2] = {
    1, 10, 1, 19, 10, 19, 1, 10, 10, 19, 2, 10, 10, 18, 10, 17, 3, 10, 10, 16, 4, 10, 10, 15,
    10, 14, 10, 13, 5, 10, 10, 12, 6, 10, 10, 11, 10, 0, 10, 9, 10, 8, 10, 7, 6, 10, 10, 7,
    19, 10, 19, 10, 17, 10, 16, 17, 16, 19, 13, 17, 13, 16, 12, 17, 12, 13, 12, 16, 12, 19, 12, 10,
    12, 17, 7, 17, 7, 13, 7, 16, 7, 19, 7, 10, 7, 12, 6, 17, 6, 13, 8, 17, 8, 6, 9, 17,
    9, 8, 0, 17, 0, 9, 11, 17, 11, 0, 11, 9, 11, 8, 5, 17, 5, 0, 5, 9, 5, 11, 4, 17,
    4, 0, 14, 17, 14, 4, 15, 17, 15, 14, 15, 4, 15, 0, 15, 9, 15, 5, 3, 14, 3, 4, 3, 0,
    3, 9, 3, 15, 3, 5, 3, 11, 3, 8, 3, 6, 2, 14, 2, 4, 2, 0, 2, 9, 2, 15, 18, 14,
    18, 4, 18, 0, 18, 9, 18, 2, 1, 14, 1, 4, 1, 0, 1, 9, 1, 18, 1, 2, 1, 15, 1, 5,
    1, 11, 1, 8, 1, 3,
};
static const int64_t spec_calls_stable[82 * 2] = {
    1, 0, 2, 1, 2, 0, 2, 1, 3, 1, 3, 0, 3, 2, 3, 1, 4, 1, 4, 0, 5, 1, 5, 4,
    5, 0, 5, 2, 6, 1, 6, 4, 6, 0, 6, 5, 6, 2, 6, 3, 8, 7, 8, 7, 9, 7, 9, 8,
    7, 1, 8, 1, 8, 3, 8, 6, 8, 2, 8, 5, 8, 0, 9, 0, 9, 4, 11, 10, 11, 10, 12, 10,
    13, 12, 13, 11, 13, 10, 14, 12, 14, 11, 15, 12, 15, 14, 15, 11, 16, 12, 16, 14, 16, 15, 16, 11,
    16, 13, 18, 17, 18, 17, 19, 17, 19, 18, 19, 17, 17, 12, 17, 10, 19, 10, 19, 13, 19, 16, 19, 11,
    18, 11, 18, 15, 18, 14, 12, 7, 12, 1, 17, 1, 10, 1, 10, 3, 10, 6, 10, 2, 13, 2, 16, 2,
    19, 2, 11, 2, 11, 5, 11, 8, 11, 0, 15, 0, 18, 0, 14, 0, 14, 4, 14, 9,
};

START_TEST(spec_vector)
{
    for (int stable = 0; stable < 2; stable++) {
        const int64_t *want = stable ? spec_stable : spec_unstable;
        int64_t a[20];
        identity(a, 20);
        keyed *k = new_keyed(spec_keys);
        ck_assert_int_eq(sort_positions(a, 20, stable, key_less, k, NULL), 0);
        for (int i = 0; i < 20; i++)
            ck_assert_int_eq(a[i], want[i]);
        if (stable)
            assert_trace(k, spec_calls_stable, 82);
        else
            assert_trace(k, spec_calls_unstable, 99);
        free(k);

        /* the native path on the same keys as i32 */
        int32_t k32[20];
        for (int i = 0; i < 20; i++)
            k32[i] = (int32_t)spec_keys[i];
        sort_key_cmp c = { ET_I32, KC_LT, false };
        int64_t perm[20];
        ck_assert_int_eq(sort_native(&c, k32, 1, 20, stable, perm, NULL), 0);
        for (int i = 0; i < 20; i++)
            ck_assert_int_eq(perm[i], want[i]);
    }
}
END_TEST

/* Keys [2, 0, 1, 3], less = key order, traced by hand from SPEC.md 9.3.5.1.
 * std::sort (n <= 16: insertion(0, 4)):
 *   i=1: less(1,0) true: 1 to the front           a = [1, 0, 2, 3]
 *   i=2: less(2,1) false; linear_insert(2): less(2,0) true, shift;
 *        less(2,1) false                           a = [1, 2, 0, 3]
 *   i=3: less(3,1) false; linear_insert(3): less(3,0) false
 * std::stable_sort: m = 2; merge_sort(0, 2): insertion: less(1,0) true;
 *   merge_sort(2, 4): insertion: less(3,2) false, linear_insert:
 *   less(3,2) false; m <= n - m: forward merge of [1, 0] and [2, 3]:
 *   less(2,1) false -> 1; less(2,0) true -> 2; less(3,0) false -> 0;
 *   the left run is used up, 3 is in place. */
START_TEST(hand_traced_calls)
{
    static const int64_t key[4] = { 2, 0, 1, 3 };
    static const int64_t want[4] = { 1, 2, 0, 3 };
    static const int64_t unstable_calls[] = { 1, 0, 2, 1, 2, 0, 2, 1, 3, 1, 3, 0 };
    static const int64_t stable_calls[] = { 1, 0, 3, 2, 3, 2, 2, 1, 2, 0, 3, 0 };
    for (int stable = 0; stable < 2; stable++) {
        int64_t a[4];
        identity(a, 4);
        keyed *k = new_keyed(key);
        ck_assert_int_eq(sort_positions(a, 4, stable, key_less, k, NULL), 0);
        for (int i = 0; i < 4; i++)
            ck_assert_int_eq(a[i], want[i]);
        assert_trace(k, stable ? stable_calls : unstable_calls, 6);
        free(k);
    }
    /* no calls at all below two elements */
    keyed *k = new_keyed(key);
    int64_t one = 0;
    ck_assert_int_eq(sort_positions(&one, 1, false, key_less, k, NULL), 0);
    ck_assert_int_eq(sort_positions(&one, 1, true, key_less, k, NULL), 0);
    ck_assert_int_eq(sort_positions(NULL, 0, true, key_less, k, NULL), 0);
    ck_assert_int_eq(k->calls, 0);
    free(k);
}
END_TEST

/* ---- random inputs: sorted, a permutation, stable ----------------------- */

static const int64_t sizes[] = { 0, 1, 2, 16, 17, 100, 1000 };

static void check_sorted(const int64_t *key, const int64_t *a, int64_t n, bool stable)
{
    bool *seen = calloc((size_t)n + 1, 1);
    ck_assert_ptr_nonnull(seen);
    for (int64_t j = 0; j < n; j++) {
        ck_assert(a[j] >= 0 && a[j] < n && !seen[a[j]]);
        seen[a[j]] = true;
        if (j > 0) {
            ck_assert_msg(key[a[j - 1]] <= key[a[j]], "not sorted at %ld", (long)j);
            if (stable && key[a[j - 1]] == key[a[j]])
                ck_assert_msg(a[j - 1] < a[j], "not stable at %ld", (long)j);
        }
    }
    free(seen);
}

START_TEST(random_inputs_sorted)
{
    int64_t n = sizes[_i];
    int64_t *key = malloc(sizeof(int64_t) * (size_t)(n + 1)), *a = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int32_t *k32 = malloc(sizeof(int32_t) * (size_t)(n + 1));
    ck_assert(key && a && k32);
    for (int distinct = 3; distinct <= 1 << 20; distinct <<= 9) {
        for (int64_t i = 0; i < n; i++)
            k32[i] = (int32_t)(key[i] = (int64_t)(rnd() % (uint64_t)distinct) - distinct / 2);
        for (int stable = 0; stable < 2; stable++) {
            keyed *k = new_keyed(key);
            identity(a, n);
            ck_assert_int_eq(sort_positions(a, n, stable, key_less, k, NULL), 0);
            check_sorted(key, a, n, stable);
            free(k);
            sort_key_cmp c = { ET_I32, KC_LT, false };
            ck_assert_int_eq(sort_native(&c, k32, 1, n, stable, a, NULL), 0);
            check_sorted(key, a, n, stable);
        }
    }
    free(key);
    free(a);
    free(k32);
}
END_TEST

/* ---- comparators that are not strict weak orders ----------------------- */

typedef enum { REL_TRUE, REL_FALSE, REL_HASH, REL_RANDOM, REL_LE, REL_COUNT } relation;

typedef struct {
    relation rel;
    const int64_t *key;
    uint64_t state;
    int64_t n, calls;
    bool out_of_range;
} weird;

static int weird_less(void *ctx, int64_t p, int64_t q, bool *out)
{
    weird *w = ctx;
    w->calls++;
    if (p < 0 || p >= w->n || q < 0 || q >= w->n)
        w->out_of_range = true;
    switch (w->rel) {
    case REL_TRUE: *out = true; break;
    case REL_FALSE: *out = false; break;
    case REL_HASH: {
        /* a fixed function of the pair that is no order at all */
        uint64_t h = (uint64_t)p * 0x9E3779B97F4A7C15u ^ (uint64_t)q * 0xC2B2AE3D27D4EB4Fu;
        h ^= h >> 31;
        *out = (h * 0xBF58476D1CE4E5B9u) >> 63;
        break;
    }
    case REL_RANDOM: *out = xorshift64(&w->state) & 1; break; /* not even a function */
    default: *out = w->key[p] <= w->key[q]; break;
    }
    return 0;
}

START_TEST(invalid_comparators_terminate)
{
    int64_t n = sizes[_i];
    int64_t *key = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int64_t *a = malloc(sizeof(int64_t) * (size_t)(n + 1)), *b = malloc(sizeof(int64_t) * (size_t)(n + 1));
    ck_assert(key && a && b);
    for (int64_t i = 0; i < n; i++)
        key[i] = (int64_t)(rnd() % 4);
    for (int rel = 0; rel < REL_COUNT; rel++) {
        for (int stable = 0; stable < 2; stable++) {
            int64_t *out[2] = { a, b };
            for (int run = 0; run < 2; run++) {
                weird w = { (relation)rel, key, 0x1234567u, n, 0, false };
                identity(out[run], n);
                ck_assert_int_eq(sort_positions(out[run], n, stable, weird_less, &w, NULL), 0);
                ck_assert(!w.out_of_range);
                /* a permutation of the positions */
                bool *seen = calloc((size_t)n + 1, 1);
                ck_assert_ptr_nonnull(seen);
                for (int64_t j = 0; j < n; j++) {
                    ck_assert(out[run][j] >= 0 && out[run][j] < n && !seen[out[run][j]]);
                    seen[out[run][j]] = true;
                }
                free(seen);
            }
            /* deterministic: the same comparator answers give the same result */
            ck_assert_mem_eq(a, b, sizeof(int64_t) * (size_t)n);
        }
    }
    free(key);
    free(a);
    free(b);
}
END_TEST

/* Where the results are easy to derive by hand from SPEC.md 9.3.5.1. */
START_TEST(invalid_comparators_pinned)
{
    int64_t a[1000];
    for (int64_t n = 0; n <= 1000; n += n < 20 ? 1 : 490) {
        /* stable, "never less": every merge keeps the left element */
        weird w = { REL_FALSE, NULL, 0, n, 0, false };
        identity(a, n);
        ck_assert_int_eq(sort_positions(a, n, true, weird_less, &w, NULL), 0);
        for (int64_t j = 0; j < n; j++)
            ck_assert_int_eq(a[j], j);
        if (n > 16)
            continue;
        /* std::sort on <= 16: never less: nothing moves; always less: each
         * element goes to the front, which reverses the slice */
        identity(a, n);
        ck_assert_int_eq(sort_positions(a, n, false, weird_less, &w, NULL), 0);
        for (int64_t j = 0; j < n; j++)
            ck_assert_int_eq(a[j], j);
        w.rel = REL_TRUE;
        identity(a, n);
        ck_assert_int_eq(sort_positions(a, n, false, weird_less, &w, NULL), 0);
        for (int64_t j = 0; j < n; j++)
            ck_assert_int_eq(a[j], n - 1 - j);
    }
    /* always less on 17 elements: the left scan runs to the end of the
     * array and stops there (REF would read a[17]), the right scan runs
     * below its start (a[-1] in REF); the cut is 17, so the introsort loop
     * repeats on the whole array until its depth (2 * 4) is spent, then
     * heapsort and the final insertion (which would read a[-1] in REF).
     * Expected: libstdc++ 12's std::sort on the slice with sentinels
     * around it that compare false, i.e. the stops described in
     * sort_algo.h (413 calls on elements, 17 on sentinels, not counted). */
    static const int64_t want17[17] = { 0, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
    weird w = { REL_TRUE, NULL, 0, 17, 0, false };
    identity(a, 17);
    ck_assert_int_eq(sort_positions(a, 17, false, weird_less, &w, NULL), 0);
    ck_assert(!w.out_of_range);
    ck_assert_int_eq(w.calls, 413);
    for (int j = 0; j < 17; j++)
        ck_assert_int_eq(a[j], want17[j]);
}
END_TEST

/* ---- comparator errors and allocation failures ------------------------- */

START_TEST(comparator_error_stops_at_once)
{
    int64_t key[300], a[300];
    for (int i = 0; i < 300; i++)
        key[i] = (int64_t)(rnd() % 50);
    for (int stable = 0; stable < 2; stable++) {
        for (int64_t at = 1; at < 1500; at += 97) {
            keyed *k = new_keyed(key);
            k->fail_at = at;
            identity(a, 300);
            ck_assert_int_eq(sort_positions(a, 300, stable, key_less, k, NULL), IRRUN_CHECK_FAILED);
            ck_assert_int_eq(k->calls, at);
            free(k);
        }
    }
}
END_TEST

START_TEST(out_of_memory)
{
    enum { N = 500 };
    int64_t key[N], a[N];
    float f[N];
    for (int i = 0; i < N; i++)
        f[i] = (float)(key[i] = (int64_t)(rnd() % 40));
    /* build the lazily made small-format table before measuring */
    ck_assert_ptr_nonnull(fp_table_to_double(FP_F8E4M3FN));
    uint8_t f8[N];
    for (int i = 0; i < N; i++)
        f8[i] = (uint8_t)rnd();
    size_t before = mem_bytes_in_use();

    keyed *k = new_keyed(key);
    identity(a, N);
    mem_fail_at(1);
    ck_assert_int_eq(sort_positions(a, N, true, key_less, k, NULL), IRRUN_NOMEM);
    mem_fail_at(1);
    /* std::sort needs no memory */
    ck_assert_int_eq(sort_positions(a, N, false, key_less, k, NULL), 0);
    mem_fail_at(0);
    free(k);
    ck_assert_uint_eq(mem_bytes_in_use(), before);

    sort_key_cmp c32 = { ET_F32, KC_GT, false }, c8 = { ET_F8E4M3FN, KC_LT, false };
    for (int stable = 0; stable < 2; stable++) {
        mem_fail_at(1);
        ck_assert_int_eq(sort_native(&c32, f, 1, N, stable, a, NULL), IRRUN_NOMEM);
        mem_fail_at(1);
        ck_assert_int_eq(sort_native(&c8, f8, 1, N, stable, a, NULL), IRRUN_NOMEM);
        /* a failed growth leaves the work area empty and usable */
        sort_work w = SORT_WORK_INIT;
        ck_assert_int_eq(sort_native(&c32, f, 1, 10, stable, a, &w), 0);
        mem_fail_at(1);
        ck_assert_int_eq(sort_native(&c32, f, 1, N, stable, a, &w), IRRUN_NOMEM);
        ck_assert_ptr_null(w.p);
        ck_assert_int_eq(sort_native(&c32, f, 1, N, stable, a, &w), 0);
        sort_work_free(&w);
        mem_fail_at(0);
        ck_assert_uint_eq(mem_bytes_in_use(), before);
    }
    /* sizes whose scratch cannot even be counted */
    ck_assert_int_eq(sort_positions(a, INT64_MAX, true, key_less, NULL, NULL), IRRUN_NOMEM);
    ck_assert_int_eq(sort_native(&c32, f, 1, INT64_MAX / 2, false, a, NULL), IRRUN_NOMEM);
    ck_assert_uint_eq(mem_bytes_in_use(), before);
}
END_TEST

START_TEST(native_refuses_eq_ne)
{
    int32_t k[3] = { 3, 1, 2 };
    int64_t perm[3];
    ck_assert(!sort_native_supports(KC_EQ) && !sort_native_supports(KC_NE));
    ck_assert(sort_native_supports(KC_LT) && sort_native_supports(KC_GT) && sort_native_supports(KC_LE) &&
              sort_native_supports(KC_GE));
    sort_key_cmp c = { ET_I32, KC_EQ, false };
    ck_assert_int_eq(sort_native(&c, k, 1, 3, false, perm, NULL), IRRUN_UNSUPPORTED);
}
END_TEST

/* ---- native path == general path with kern_compare as the comparator --- */

typedef struct {
    const unsigned char *base;
    int64_t step; /* bytes between slice elements */
    size_t bytes;
    kern_cmpdir dir;
    bool total;
    tensor *x, *y, *r;
} compare_ctx;

/* What a comparator region `compare DIR, %a, %b, TYPE` computes, through
 * the compare kernel (exec_compare reads TOTALORDER only for floats). */
static int compare_less(void *ctx, int64_t p, int64_t q, bool *out)
{
    compare_ctx *c = ctx;
    memcpy(c->x->data, c->base + p * c->step, c->bytes);
    memcpy(c->y->data, c->base + q * c->step, c->bytes);
    if (kern_compare(c->dir, c->total, c->x, c->y, c->r) != 0)
        return IRRUN_NOMEM;
    *out = ((const uint8_t *)c->r->data)[0] != 0;
    return 0;
}

/* A pool of patterns of type t with ties and the special values (NaNs of
 * both signs, zeros of both signs, infinities, extremes) where the type has
 * them; elements are drawn from it. */
static int make_pool(et_id t, uint64_t *pool)
{
    const et_traits *tr = et_get(t);
    unsigned vb = tr->kind == EK_COMPLEX ? tr->value_bits / 2 : tr->value_bits;
    uint64_t mask = vb == 64 ? ~UINT64_C(0) : (UINT64_C(1) << vb) - 1;
    int n = 0;
    for (int i = 0; i < 12; i++)
        pool[n++] = rnd() & mask;
    pool[n++] = 0;
    pool[n++] = mask;
    pool[n++] = UINT64_C(1) << (vb - 1);
    pool[n++] = (UINT64_C(1) << (vb - 1)) - 1;
    if (tr->kind == EK_FLOAT || tr->kind == EK_COMPLEX) {
        fp_id f = tr->fmt;
        const fp_format *F = fp_fmt(f);
        double sp[] = { 0.0, -0.0, 1.0, -1.0, 0.5, INFINITY, -INFINITY, NAN, -NAN };
        for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++)
            pool[n++] = fp_from_double(f, sp[i], FPR_RNE);
        pool[n++] = F->max_bits;
        pool[n++] = F->max_bits | F->sign_mask;
        if (F->nan == FPN_IEEE) /* a signaling NaN and a NaN with a payload */
            pool[n++] = (((UINT64_C(1) << F->ebits) - 1) << F->mbits) | 1 | F->sign_mask;
    }
    return n;
}

static void store_random(et_id t, unsigned char *p, const uint64_t *pool, int npool)
{
    const et_traits *tr = et_get(t);
    if (tr->kind == EK_COMPLEX) {
        /* ties in the real part are frequent, so the imaginary part matters */
        et_id part = et_part(t);
        unsigned half = tr->bytes / 2;
        et_store_bits(part, p, pool[rnd() % 4]);
        et_store_bits(part, p + half, pool[rnd() % (uint64_t)npool]);
    } else {
        et_store_bits(t, p, pool[rnd() % (uint64_t)npool]);
    }
}

static const kern_cmpdir native_dirs[] = { KC_LT, KC_GT, KC_LE, KC_GE };
static const int64_t native_sizes[] = { 2, 5, 16, 17, 40, 300 };

START_TEST(native_equals_general)
{
    et_id t = (et_id)_i;
    const et_traits *tr = et_get(t);
    tensor_type scalar = { t, 0, { 0 } }, pred = { ET_I1, 0, { 0 } };
    compare_ctx c = { NULL, 0, tr->bytes, KC_LT, false, tensor_new(&scalar), tensor_new(&scalar),
                      tensor_new(&pred) };
    ck_assert(c.x && c.y && c.r);
    uint64_t pool[32];
    int npool = make_pool(t, pool);
    enum { MAXN = 300, STRIDE = 3 };
    unsigned char *data = malloc((size_t)MAXN * STRIDE * tr->bytes);
    int64_t *general = malloc(sizeof(int64_t) * MAXN), *native = malloc(sizeof(int64_t) * MAXN);
    ck_assert(data && general && native);
    sort_work w = SORT_WORK_INIT;
    for (size_t si = 0; si < sizeof native_sizes / sizeof native_sizes[0]; si++) {
        int64_t n = native_sizes[si];
        for (int64_t i = 0; i < n * STRIDE; i++)
            store_random(t, data + i * tr->bytes, pool, npool);
        /* a contiguous slice, one with a stride (a dimension that is not the
         * last) and one walked backwards */
        struct {
            const unsigned char *base;
            int64_t stride;
        } slices[3] = { { data, 1 }, { data + tr->bytes, STRIDE }, { data + (n * STRIDE - 1) * tr->bytes, -1 } };
        for (int sl = 0; sl < 3; sl++) {
            for (size_t d = 0; d < sizeof native_dirs / sizeof native_dirs[0]; d++) {
                for (int total = 0; total < 2; total++) {
                    for (int stable = 0; stable < 2; stable++) {
                        sort_key_cmp cmp = { t, native_dirs[d], total != 0 };
                        c.base = slices[sl].base;
                        c.step = slices[sl].stride * (int64_t)tr->bytes;
                        c.dir = native_dirs[d];
                        c.total = total && tr->kind == EK_FLOAT;
                        identity(general, n);
                        ck_assert_int_eq(sort_positions(general, n, stable, compare_less, &c, NULL), 0);
                        ck_assert_int_eq(
                            sort_native(&cmp, slices[sl].base, slices[sl].stride, n, stable, native, &w), 0);
                        for (int64_t j = 0; j < n; j++)
                            ck_assert_msg(general[j] == native[j],
                                          "%s n=%ld slice %d dir %d total %d stable %d: position %ld",
                                          tr->name, (long)n, sl, (int)native_dirs[d], total, stable, (long)j);
                    }
                }
            }
        }
    }
    sort_work_free(&w);
    free(data);
    free(general);
    free(native);
    tensor_release(c.x);
    tensor_release(c.y);
    tensor_release(c.r);
}
END_TEST

/* TOTALORDER orders NaNs and zeros by sign (SPEC.md 4.25); FLOAT does not. */
START_TEST(native_totalorder_f32)
{
    float k[6] = { NAN, 1.0f, -0.0f, -NAN, 0.0f, -INFINITY };
    int64_t perm[6];
    sort_key_cmp c = { ET_F32, KC_LT, true };
    ck_assert_int_eq(sort_native(&c, k, 1, 6, true, perm, NULL), 0);
    static const int64_t want[6] = { 3, 5, 2, 4, 1, 0 };
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(perm[i], want[i]);
    /* FLOAT: -0 and +0 tie, so the stable sort keeps their order */
    float z[4] = { 0.0f, -0.0f, 0.0f, -1.0f };
    c.totalorder = false;
    ck_assert_int_eq(sort_native(&c, z, 1, 4, true, perm, NULL), 0);
    static const int64_t wantz[4] = { 3, 0, 1, 2 };
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(perm[i], wantz[i]);
}
END_TEST

/* One work area across many slices gives what fresh allocations give. */
START_TEST(work_reused_across_slices)
{
    enum { ROWS = 50, COLS = 37 };
    double m[ROWS][COLS];
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            m[i][j] = (double)(rnd() % 9) - 4;
    sort_key_cmp c = { ET_F64, KC_GE, false };
    sort_work w = SORT_WORK_INIT;
    int64_t a[ROWS], b[ROWS];
    for (int stable = 0; stable < 2; stable++) {
        for (int j = 0; j < COLS; j++) {
            /* columns: the sorted dimension is the first one */
            ck_assert_int_eq(sort_native(&c, &m[0][j], COLS, ROWS, stable, a, &w), 0);
            ck_assert_int_eq(sort_native(&c, &m[0][j], COLS, ROWS, stable, b, NULL), 0);
            ck_assert_mem_eq(a, b, sizeof a);
            for (int i = 1; i < ROWS; i++)
                ck_assert(m[a[i - 1]][j] >= m[a[i]][j]);
        }
    }
    sort_work_free(&w);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("sort");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, spec_vector);
    tcase_add_test(tc, hand_traced_calls);
    tcase_add_loop_test(tc, random_inputs_sorted, 0, (int)(sizeof sizes / sizeof sizes[0]));
    tcase_add_loop_test(tc, invalid_comparators_terminate, 0, (int)(sizeof sizes / sizeof sizes[0]));
    tcase_add_test(tc, invalid_comparators_pinned);
    tcase_add_test(tc, comparator_error_stops_at_once);
    tcase_add_test(tc, out_of_memory);
    tcase_add_test(tc, native_refuses_eq_ne);
    tcase_add_loop_test(tc, native_equals_general, 0, ET_COUNT);
    tcase_add_test(tc, native_totalorder_f32);
    tcase_add_test(tc, work_reused_across_slices);
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
