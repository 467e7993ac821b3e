/* Interpreter kernel throughput (make bench): each figure with its ratio to
 * a memcpy of the same bytes timed in the same run, so results can be
 * compared across machines. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "types/fparith.h"
#include "util/mem.h"

static tensor *make(et_id t, int rank, int64_t d0, int64_t d1)
{
    tensor_type ty = { t, rank, { d0, d1 } };
    return tensor_new(&ty);
}

/* bench_report plus the target, so a shortfall is visible. */
static void report(const char *what, double units, const char *unit, double t, size_t bytes, double target)
{
    bench_report(what, units, unit, t, bytes);
    if (units / t < target)
        printf("  (below the target of %.1e %s/s)\n", target, unit);
}

static void bench_add(void)
{
    int64_t n = INT64_C(1) << 24;
    tensor *a = make(ET_F8E4M3, 1, n, 0), *b = make(ET_F8E4M3, 1, n, 0), *r = make(ET_F8E4M3, 1, n, 0);
    if (!a || !b || !r)
        goto out;
    for (int64_t i = 0; i < n; i++) {
        ((uint8_t *)a->data)[i] = (uint8_t)(i * 7);
        ((uint8_t *)b->data)[i] = (uint8_t)(i * 13 + 5);
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = bench_now();
        kern_binary(KB_ADD, a, b, r);
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    report("add f8E4M3 16M elements", (double)n, "elem", best, (size_t)n * 3, 5e8);
out:
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}

static void bench_convert(void)
{
    int64_t n = INT64_C(1) << 24;
    tensor *x = make(ET_F32, 1, n, 0), *r = make(ET_F8E4M3FN, 1, n, 0);
    if (!x || !r)
        goto out;
    for (int64_t i = 0; i < n; i++) {
        float v = (float)((double)(i % 2000) * 0.37 - 300.0);
        memcpy((uint32_t *)x->data + i, &v, 4);
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = bench_now();
        kern_convert(x, r);
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    report("convert f32 -> f8E4M3FN 16M elements", (double)n, "elem", best, (size_t)n * 5, 5e8);
out:
    tensor_release(x);
    tensor_release(r);
}

/* Small values so sums stay finite and the tables see varied input. */
static void fill_dot_operand(tensor *x, int64_t n, unsigned mul, bool signs)
{
    et_id t = x->type.elem;
    fp_id f = et_get(t)->fmt;
    if (tensor_elem_bytes(x) == 1) { /* patterns 0x20-0x37: 1/64 .. 15/16 in f8E4M3 */
        for (int64_t i = 0; i < n; i++)
            ((uint8_t *)x->data)[i] = (uint8_t)(0x20 + (i * mul) % 24) | (uint8_t)(signs ? (i & 4) << 5 : 0);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        double v = (double)(1 + (i * mul) % 24) / 8.0;
        if (signs && (i & 4))
            v = -v;
        et_store_bits(t, (unsigned char *)x->data + i * (int64_t)tensor_elem_bytes(x),
                      fp_from_double(f, v, FPR_RNE));
    }
}

static void bench_dot_512(et_id t, kern_acc_mode mode, double target)
{
    int64_t n = 512;
    tensor *a = make(t, 2, n, n), *b = make(t, 2, n, n), *r = make(t, 2, n, n);
    if (!a || !b || !r)
        goto out;
    fill_dot_operand(a, n * n, 7, true);
    fill_dot_operand(b, n * n, 11, false);
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.ncontract = 1;
    dd.lc[0] = 1;
    dd.rc[0] = 0;
    dd.mode = mode;
    dd.acc = FP_F32;
    dd.lprec = dd.rprec = FP_COUNT;
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = bench_now();
        kern_dot_general(a, b, &dd, r);
        double dt = bench_now() - t0;
        best = dt < best ? dt : best;
    }
    char what[96];
    snprintf(what, sizeof what, "dot_general %s 512^3, %s accumulation", et_get(t)->name,
             mode == KACC_REF ? "REF" : "f32");
    report(what, (double)(n * n * n), "MAC", best, (size_t)(n * n) * 3 * tensor_elem_bytes(a), target);
out:
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}

void bench_interp(void)
{
    bench_add();
    bench_convert();
    bench_dot_512(ET_F8E4M3, KACC_REF, 2e8);
    bench_dot_512(ET_F8E4M3, KACC_TYPE, 2e9);
    bench_dot_512(ET_BF16, KACC_REF, 0);
    bench_dot_512(ET_F16, KACC_REF, 0);
    bench_dot_512(ET_F32, KACC_REF, 0);
}
