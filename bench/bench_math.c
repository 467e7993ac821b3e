/* The math ops of SPEC.md 9.5.1 (power, atan2, tan, cbrt,
 * exponential_minus_one, log_plus_one, round_nearest_afz) on 16M elements:
 * f8E4M3, whose kernels map the tensor through a table built from the exact
 * path (256 entries for a unary op, 65536 for a binary one), against the
 * issue's target of 1e8 elements/s; and f32, where every element calls
 * glibc's binary64 function (no target: it shows what the tables save).
 * Also i32 power, the squaring loop of REF. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "kernels/kern.h"
#include "types/fparith.h"

enum { N = 1 << 24 };

static tensor *vec(et_id t)
{
    tensor_type ty = { t, 1, { N } };
    return tensor_new(&ty);
}

/* Operand values: every pattern for a byte format; for f32 moderate
 * magnitudes that keep most results finite (exponents in [-4, 4] for
 * power, bases in (0, 8]). */
static void fill(tensor *x, unsigned salt, double lo, double hi)
{
    et_id t = x->type.elem;
    if (tensor_elem_bytes(x) == 1) {
        for (int64_t i = 0; i < N; i++)
            ((uint8_t *)x->data)[i] = (uint8_t)(i * (int64_t)salt + salt);
        return;
    }
    if (t == ET_I32) {
        for (int64_t i = 0; i < N; i++)
            ((int32_t *)x->data)[i] = (int32_t)((i * (int64_t)salt) % 41) - 8;
        return;
    }
    for (int64_t i = 0; i < N; i++) {
        double v = lo + (hi - lo) * (double)((i * (int64_t)salt) % 4093) / 4093.0;
        et_store_bits(t, (unsigned char *)x->data + i * (int64_t)tensor_elem_bytes(x),
                      fp_from_double(et_get(t)->fmt, v, FPR_RNE));
    }
}

static void report(const char *what, et_id t, double best, size_t bytes, double target)
{
    char name[96];
    snprintf(name, sizeof name, "%s %s 16M elements", what, et_get(t)->name);
    bench_report(name, (double)N, "elem", best, bytes);
    if (target > 0 && (double)N / best < target)
        printf("  (below the target of %.1e elem/s)\n", target);
}

static void bench_unop(const char *what, kern_unop op, et_id t, double lo, double hi, int reps,
                       double target)
{
    tensor *x = vec(t), *r = vec(t);
    if (x && r) {
        fill(x, 7, lo, hi);
        double best = 1e30;
        for (int rep = 0; rep < reps; rep++) {
            double t0 = bench_now();
            kern_unary(op, x, r);
            double dt = bench_now() - t0;
            best = dt < best ? dt : best;
        }
        report(what, t, best, x->nbytes * 2, target);
    }
    tensor_release(x);
    tensor_release(r);
}

static void bench_binop(const char *what, kern_binop op, et_id t, int reps, double target)
{
    tensor *a = vec(t), *b = vec(t), *r = vec(t);
    if (a && b && r) {
        if (op == KB_POW) {
            fill(a, 7, 0.01, 8.0);
            fill(b, 13, -4.0, 4.0);
        } else {
            fill(a, 7, -50.0, 50.0);
            fill(b, 13, -50.0, 50.0);
        }
        /* the first call builds a byte format's table: timed apart */
        double t0 = bench_now();
        kern_binary(op, a, b, r);
        double first = bench_now() - t0, best = 1e30;
        for (int rep = 0; rep < reps; rep++) {
            t0 = bench_now();
            kern_binary(op, a, b, r);
            double dt = bench_now() - t0;
            best = dt < best ? dt : best;
        }
        report(what, t, best, a->nbytes * 3, target);
        if (tensor_elem_bytes(a) == 1)
            printf("  (first call, building the 64K table: %.3f s)\n", first);
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
}

void bench_math(void)
{
    static const struct {
        const char *name;
        kern_unop op;
        double lo, hi;
    } un[] = {
        { "tan", KU_TAN, -1.5, 1.5 },
        { "cbrt", KU_CBRT, -100.0, 100.0 },
        { "exponential_minus_one", KU_EXPM1, -10.0, 10.0 },
        { "log_plus_one", KU_LOG1P, -0.9, 100.0 },
        { "round_nearest_afz", KU_ROUND_AFZ, -100.0, 100.0 },
    };
    bench_binop("power", KB_POW, ET_F8E4M3, 3, 1e8);
    bench_binop("atan2", KB_ATAN2, ET_F8E4M3, 3, 1e8);
    for (size_t k = 0; k < sizeof un / sizeof un[0]; k++)
        bench_unop(un[k].name, un[k].op, ET_F8E4M3, un[k].lo, un[k].hi, 3, 1e8);
    bench_binop("power", KB_POW, ET_F32, 1, 0);
    bench_binop("atan2", KB_ATAN2, ET_F32, 1, 0);
    for (size_t k = 0; k < sizeof un / sizeof un[0]; k++)
        bench_unop(un[k].name, un[k].op, ET_F32, un[k].lo, un[k].hi, 1, 0);
    bench_binop("power", KB_POW, ET_I32, 2, 0);
}
