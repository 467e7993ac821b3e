/* Conversions per second between f32/f64 and every small format. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "types/fptables.h"
#include "util/mem.h"
#include "util/xorshift.h"

enum { N = 1 << 24 };

static double best_of(double (*run)(void *), void *ctx)
{
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        double t = run(ctx);
        if (t < best)
            best = t;
    }
    return best;
}

typedef struct {
    fp_id f;
    const uint8_t *in8;
    const uint32_t *in32;
    const uint64_t *in64;
    uint8_t *out8;
    uint32_t *out32;
    const void *table;
} job;

static double decode_to_f32(void *p)
{
    job *j = p;
    const uint32_t *t = j->table;
    double s = bench_now();
    for (size_t i = 0; i < N; i++)
        j->out32[i] = t[j->in8[i]];
    return bench_now() - s;
}

static double encode_from_f32(void *p)
{
    job *j = p;
    const uint8_t *t = j->table;
    double s = bench_now();
    for (size_t i = 0; i < N; i++)
        j->out8[i] = fp_small_from_f32(t, j->in32[i]);
    return bench_now() - s;
}

static double encode_from_f64(void *p)
{
    job *j = p;
    const uint8_t *t = j->table;
    double s = bench_now();
    for (size_t i = 0; i < N; i++)
        j->out8[i] = fp_small_from_f64(j->f, t, j->in64[i], FPR_RNE);
    return bench_now() - s;
}

void bench_formats(void)
{
    uint8_t *in8 = mem_alloc(N), *out8 = mem_alloc(N);
    uint32_t *in32 = mem_alloc(N * sizeof *in32), *out32 = mem_alloc(N * sizeof *out32);
    uint64_t *in64 = mem_alloc(N * sizeof *in64);
    if (!in8 || !out8 || !in32 || !out32 || !in64)
        goto out;
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < N; i++) {
        xorshift64(&x);
        in8[i] = (uint8_t)x;
        /* values spread over the small formats' ranges, both signs */
        float v = (float)((double)(int32_t)(x >> 32) / 2147483648.0 * 512.0);
        memcpy(&in32[i], &v, sizeof v);
        double d = v;
        memcpy(&in64[i], &d, sizeof d);
    }
    for (int f = 0; f < FP_COUNT; f++) {
        if (fp_fmt((fp_id)f)->bits > 8)
            continue;
        char name[64];
        job j = { (fp_id)f, in8, in32, in64, out8, out32, fp_table_to_f32((fp_id)f) };
        snprintf(name, sizeof name, "decode %s -> f32 (16M)", fp_fmt((fp_id)f)->name);
        bench_report(name, N, "elem", best_of(decode_to_f32, &j), N);
        j.table = fp_table_from_f32((fp_id)f, FPR_RNE);
        snprintf(name, sizeof name, "encode f32 -> %s rne (16M)", fp_fmt((fp_id)f)->name);
        bench_report(name, N, "elem", best_of(encode_from_f32, &j), N * sizeof(uint32_t));
        snprintf(name, sizeof name, "encode f64 -> %s rne (16M)", fp_fmt((fp_id)f)->name);
        bench_report(name, N, "elem", best_of(encode_from_f64, &j), N * sizeof(uint64_t));
    }
out:
    mem_free(in8);
    mem_free(out8);
    mem_free(in32);
    mem_free(out32);
    mem_free(in64);
}
