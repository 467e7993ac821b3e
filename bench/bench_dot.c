/* dot_general near the machine's limit (issue 16): REF's per-step rounding
 * on f8E4M3FN, bf16 and f16 on one core; --dot-accumulation=f32 as a
 * fraction of this core's f32 FMA peak (two 8-lane FMAs per cycle, the
 * clock measured here); the portable loops beside the vector ones; and the
 * speed-up of a run's thread pool on the 1024^3 f8 dot. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "util/isa.h"

/* Cycles per second: a chain of dependent one-cycle integer adds (the asm
 * barrier keeps the compiler from folding them). */
static double measure_clock(void)
{
    double best = 0;
    for (int rep = 0; rep < 5; rep++) {
        unsigned long x = 1, n = 100000000;
        double t0 = bench_now();
        for (unsigned long i = 0; i < n; i += 4) {
            x += i;
            __asm__ volatile("" : "+r"(x));
            x += i;
            __asm__ volatile("" : "+r"(x));
            x += i;
            __asm__ volatile("" : "+r"(x));
            x += i;
            __asm__ volatile("" : "+r"(x));
        }
        double hz = (double)n / (bench_now() - t0);
        best = hz > best ? hz : best;
        if (x == 0)
            puts("");
    }
    return best;
}

static tensor *matrix(et_id t, int64_t rows, int64_t cols)
{
    tensor_type tt = { t, 2, { rows, cols } };
    return tensor_new(&tt);
}

/* What the operands hold: small values of both signs, so sums stay finite
 * and vary; i mod 4 (issue 38's saturated chains: every f8E4M3FN sum
 * climbs into the top binade and stays there); i mod 4 scaled by 1/16
 * (the same chains, unsaturated); NaN everywhere; Inf everywhere. */
typedef enum { FILL_SMALL, FILL_MOD4, FILL_MOD4_SMALL, FILL_NAN, FILL_INF } fill_kind;

static void fill(tensor *x, unsigned mul, bool signs, fill_kind kind)
{
    et_id t = x->type.elem;
    fp_id f = et_get(t)->fmt;
    for (int64_t i = 0; i < x->count; i++) {
        double v = (double)(1 + (i * mul) % 24) / 32.0;
        if (signs && (i & 4))
            v = -v;
        switch (kind) {
        case FILL_SMALL: break;
        case FILL_MOD4: v = (double)((i * mul + i / 1024) % 4); break;
        case FILL_MOD4_SMALL: v = (double)((i * mul + i / 1024) % 4) / 16.0; break;
        case FILL_NAN: v = NAN; break;
        case FILL_INF: v = HUGE_VAL; break;
        }
        et_store_bits(t, (unsigned char *)x->data + i * (int64_t)tensor_elem_bytes(x), fp_from_double(f, v, FPR_RNE));
    }
}

/* CPU seconds of the process: beside the wall time, what a kernel cost
 * when neighbours share the cores (the per-core rate is then the figure to
 * read; the speed-ups need an idle machine). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best wall seconds of `reps` runs of an n^3 dot of type t (-1 on
 * failure); *cpu (may be NULL) the CPU seconds of that run. */
static double time_dot_filled(et_id t, int64_t n, kern_acc_mode mode, pool *p, int reps, double *cpu, fill_kind kind)
{
    tensor *a = matrix(t, n, n), *b = matrix(t, n, n), *r = matrix(t, n, n);
    double best = -1;
    if (a && b && r) {
        fill(a, 7, true, kind);
        fill(b, 11, false, kind);
        kern_dot_dims dd;
        memset(&dd, 0, sizeof dd);
        dd.ncontract = 1;
        dd.lc[0] = 1;
        dd.rc[0] = 0;
        dd.mode = mode;
        dd.acc = FP_F32;
        dd.lprec = dd.rprec = FP_COUNT;
        dd.pool = p;
        best = 1e30;
        for (int rep = 0; rep < reps && best > 0; rep++) {
            double t0 = bench_now(), c0 = cpu_now();
            if (kern_dot_general(a, b, &dd, r) != IRRUN_OK)
                best = -1;
            double dt = bench_now() - t0, dc = cpu_now() - c0;
            if (best > 0 && dt < best) {
                best = dt;
                if (cpu)
                    *cpu = dc;
            }
        }
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
    return best;
}

static double time_dot(et_id t, int64_t n, kern_acc_mode mode, pool *p, int reps, double *cpu)
{
    return time_dot_filled(t, n, mode, p, reps, cpu, FILL_SMALL);
}

/* Chains that saturate, and operands all NaN or all Inf, against ordinary
 * ones of the same size (issue 38: within 1.5x). */
static void report_special_chains(void)
{
    double plain = time_dot_filled(ET_F8E4M3FN, 512, KACC_REF, NULL, 3, NULL, FILL_MOD4_SMALL);
    double sat = time_dot_filled(ET_F8E4M3FN, 512, KACC_REF, NULL, 3, NULL, FILL_MOD4);
    double nan = time_dot_filled(ET_F8E4M3FN, 512, KACC_REF, NULL, 3, NULL, FILL_NAN);
    double inf = time_dot_filled(ET_F8E5M2, 512, KACC_REF, NULL, 3, NULL, FILL_INF);
    double plain52 = time_dot_filled(ET_F8E5M2, 512, KACC_REF, NULL, 3, NULL, FILL_MOD4_SMALL);
    double macs = 512.0 * 512 * 512;
    if (plain > 0 && sat > 0 && nan > 0)
        printf("dot_general f8E4M3FN 512^3, REF, 1 thread: %.3g MAC/s on i mod 4 / 16, saturated (i mod 4) "
               "%.2fx its time, all NaN %.2fx (targets 1.5x)\n", macs / plain, sat / plain, nan / plain);
    if (plain52 > 0 && inf > 0)
        printf("dot_general f8E5M2 512^3, REF, 1 thread: all Inf %.2fx the time of i mod 4 / 16\n", inf / plain52);
}

static double report_dot(const char *what, et_id t, int64_t n, kern_acc_mode mode, pool *p, double target)
{
    double cpu = 0;
    double s = time_dot(t, n, mode, p, 3, &cpu);
    if (s <= 0) {
        printf("%-44s failed\n", what);
        return s;
    }
    double macs = (double)n * n * n;
    bench_report(what, macs, "MAC", s, (size_t)(3 * n * n) * et_get(t)->bytes);
    if (cpu > 0)
        printf("  %.3g MAC per CPU second\n", macs / cpu);
    if (target > 0 && macs / s < target)
        printf("  (below the target of %.1e MAC/s)\n", target);
    return s;
}

void bench_dot(void)
{
    double hz = measure_clock();
    double load[1] = { -1 };
    FILE *la = fopen("/proc/loadavg", "r");
    if (la) {
        if (fscanf(la, "%lf", &load[0]) != 1)
            load[0] = -1;
        fclose(la);
    }
    printf("dot: clock %.2f GHz (dependent adds); vector path %s; load average %.2f\n", hz * 1e-9,
           isa_avx2() ? "AVX2+FMA" : "portable C", load[0]);
    report_dot("dot_general f8E4M3FN 1024^3, REF, 1 thread", ET_F8E4M3FN, 1024, KACC_REF, NULL, 5e9);
    report_special_chains();
    report_dot("dot_general bf16 512^3, REF, 1 thread", ET_BF16, 512, KACC_REF, NULL, 1.5e9);
    report_dot("dot_general f16 512^3, REF, 1 thread", ET_F16, 512, KACC_REF, NULL, 1.5e9);
    double s = report_dot("dot_general f8E4M3FN 1024^3, f32 acc, 1 thread", ET_F8E4M3FN, 1024, KACC_TYPE, NULL, 0);
    if (s > 0)
        printf("  f32 accumulation: %.1f%% of the FMA peak (16 MAC/cycle at %.2f GHz; target 25%%)\n",
               100.0 * 1024.0 * 1024.0 * 1024.0 / s / (16.0 * hz), hz * 1e-9);
    report_dot("dot_general bf16 512^3, f32 acc, 1 thread", ET_BF16, 512, KACC_TYPE, NULL, 0);
    if (isa_avx2()) {
        setenv("IRRUN_ISA", "generic", 1);
        report_dot("  portable: f8E4M3FN 1024^3, REF", ET_F8E4M3FN, 1024, KACC_REF, NULL, 0);
        report_dot("  portable: bf16 512^3, REF", ET_BF16, 512, KACC_REF, NULL, 0);
        report_dot("  portable: f8E4M3FN 1024^3, f32 acc", ET_F8E4M3FN, 1024, KACC_TYPE, NULL, 0);
        unsetenv("IRRUN_ISA");
    }
    int threads = pool_default_threads();
    pool *p = pool_new(threads);
    if (!p) {
        printf("dot: one online core (or no threads): no speed-up to measure\n");
        return;
    }
    double one = time_dot(ET_F8E4M3FN, 1024, KACC_REF, NULL, 3, NULL);
    double many = time_dot(ET_F8E4M3FN, 1024, KACC_REF, p, 3, NULL);
    double one32 = time_dot(ET_F8E4M3FN, 1024, KACC_TYPE, NULL, 3, NULL);
    double many32 = time_dot(ET_F8E4M3FN, 1024, KACC_TYPE, p, 3, NULL);
    if (one > 0 && many > 0)
        printf("dot_general f8E4M3FN 1024^3, REF, %d threads: %.3g MAC/s, speed-up %.2fx (target 1.8x)\n",
               pool_threads(p), 1024.0 * 1024 * 1024 / many, one / many);
    if (one32 > 0 && many32 > 0)
        printf("dot_general f8E4M3FN 1024^3, f32 acc, %d threads: %.3g MAC/s, speed-up %.2fx\n", pool_threads(p),
               1024.0 * 1024 * 1024 / many32, one32 / many32);
    pool_free(p);
}
