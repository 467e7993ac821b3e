/* The numerics of SPEC.md 9.5.1/9.5.2 that are not arithmetic, on 16M
 * elements each: the bit ops on i8 (and i32 for the shifts' wider loop),
 * is_finite / real / imag on f8E4M3 and complex<f32>, complex on f32,
 * reduce_precision on f8E4M3 (a 256-entry table), bf16, f32 and f64 (the
 * branch-free loops). Issue 13's target is 5e8 elements/s for the bit ops
 * and reduce_precision; the ratio to memcpy of the bytes read and written
 * is what compares across machines. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "kernels/kern_numerics.h"
#include "util/xorshift.h"

enum { N = 1 << 24 };

static tensor *vec(et_id t)
{
    tensor_type ty = { t, 1, { N } };
    return tensor_new(&ty);
}

static void fill(tensor *x, uint64_t seed)
{
    uint64_t s = seed;
    unsigned char *p = x->data;
    for (size_t i = 0; i + 8 <= x->nbytes; i += 8) {
        uint64_t r = xorshift64(&s);
        memcpy(p + i, &r, 8);
    }
}

static void report(const char *what, double t, size_t bytes, double target)
{
    bench_report(what, (double)N, "elem", t, bytes);
    if (target > 0 && (double)N / t < target)
        printf("  (below the target of %.1e elem/s)\n", target);
}

typedef irrun_status (*runner)(const void *arg, const tensor *a, const tensor *b, tensor *r);

/* Best of 5 runs. */
static double best_of(runner run, const void *arg, const tensor *a, const tensor *b, tensor *r)
{
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = bench_now();
        if (run(arg, a, b, r) != IRRUN_OK)
            return -1;
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

static irrun_status run_bits(const void *arg, const tensor *a, const tensor *b, tensor *r)
{
    return kern_bits(*(const kern_bitop *)arg, a, b, r);
}

static irrun_status run_parts(const void *arg, const tensor *a, const tensor *b, tensor *r)
{
    return kern_parts(*(const kern_partop *)arg, a, b, r);
}

static irrun_status run_rp(const void *arg, const tensor *a, const tensor *b, tensor *r)
{
    (void)b;
    const int32_t *em = arg;
    return kern_reduce_precision(a, em[0], em[1], r);
}

static void bench_bits(et_id t, double target)
{
    static const char *const names[KBIT_COUNT] = { "shift_left", "shift_right_arithmetic", "shift_right_logical",
                                                   "popcnt", "count_leading_zeros" };
    tensor *a = vec(t), *b = vec(t), *r = vec(t);
    if (!a || !b || !r)
        goto out;
    fill(a, 1);
    fill(b, 2);
    size_t es = et_get(t)->bytes;
    /* amounts mostly in range, some beyond and negative */
    for (size_t i = 0; i < b->nbytes; i += es)
        ((unsigned char *)b->data)[i] %= (unsigned char)(8 * es + 2);
    for (int op = 0; op < KBIT_COUNT; op++) {
        kern_bitop k = (kern_bitop)op;
        bool unary = kern_bitop_is_unary(k);
        double t0 = best_of(run_bits, &k, a, unary ? NULL : b, r);
        char what[96];
        snprintf(what, sizeof what, "%s %s 16M elements", names[op], et_get(t)->name);
        report(what, t0, (size_t)N * es * (unary ? 2 : 3), target);
    }
out:
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}

static void bench_parts(void)
{
    tensor *f8 = vec(ET_F8E4M3), *i1 = vec(ET_I1), *f8r = vec(ET_F8E4M3);
    tensor *f32 = vec(ET_F32), *f32b = vec(ET_F32), *c64 = vec(ET_C64), *f32r = vec(ET_F32);
    if (!f8 || !i1 || !f8r || !f32 || !f32b || !c64 || !f32r)
        goto out;
    fill(f8, 3);
    fill(f32, 4);
    fill(f32b, 5);
    fill(c64, 6);
    kern_partop k = KP_IS_FINITE;
    report("is_finite f8E4M3 16M elements", best_of(run_parts, &k, f8, NULL, i1), (size_t)N * 2, 0);
    report("is_finite f32 16M elements", best_of(run_parts, &k, f32, NULL, i1), (size_t)N * 5, 0);
    k = KP_REAL;
    report("real f8E4M3 16M elements", best_of(run_parts, &k, f8, NULL, f8r), (size_t)N * 2, 0);
    report("real complex<f32> 16M elements", best_of(run_parts, &k, c64, NULL, f32r), (size_t)N * 12, 0);
    k = KP_IMAG;
    report("imag f8E4M3 16M elements", best_of(run_parts, &k, f8, NULL, f8r), (size_t)N * 2, 0);
    report("imag complex<f32> 16M elements", best_of(run_parts, &k, c64, NULL, f32r), (size_t)N * 12, 0);
    k = KP_COMPLEX;
    report("complex f32 16M elements", best_of(run_parts, &k, f32, f32b, c64), (size_t)N * 16, 0);
out:
    tensor_release(f8);
    tensor_release(i1);
    tensor_release(f8r);
    tensor_release(f32);
    tensor_release(f32b);
    tensor_release(c64);
    tensor_release(f32r);
}

static void bench_rp(et_id t, int32_t e, int32_t m, double target)
{
    tensor *x = vec(t), *r = vec(t);
    if (!x || !r)
        goto out;
    fill(x, 7);
    int32_t em[2] = { e, m };
    char what[96];
    snprintf(what, sizeof what, "reduce_precision e%dm%d %s 16M elements", e, m, et_get(t)->name);
    report(what, best_of(run_rp, em, x, NULL, r), (size_t)N * et_get(t)->bytes * 2, target);
out:
    tensor_release(x);
    tensor_release(r);
}

void bench_numerics(void)
{
    bench_bits(ET_I8, 5e8);
    bench_bits(ET_I4, 5e8);
    bench_bits(ET_I32, 0);
    bench_parts();
    bench_rp(ET_F8E4M3, 3, 2, 5e8);
    bench_rp(ET_F8E4M3FN, 4, 2, 5e8);
    bench_rp(ET_BF16, 4, 3, 0); /* (the target is for 8-bit types; these move 2-8x the bytes) */
    bench_rp(ET_F32, 5, 2, 0);
    bench_rp(ET_F64, 8, 7, 0);
}
