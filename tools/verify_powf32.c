/* The check of kern_powf32.c: every one of the 2^32 (a, b) pairs of bf16
 * and of f16, and 2^32 random f32 pairs drawn from several distributions,
 * through each vector path the host can run (portable, AVX2) and through
 * the definition (glibc's binary64 pow, one rounding). Reports the
 * differences (must be 0), how many elements took the definition, and the
 * largest relative distance between a path's binary64 approximation y and
 * glibc's result g where y is not clamped (the code assumes at most 2^-36
 * and proves 2^-41: kern_powf32.c). `make verify-powf32` builds and runs
 * it; tens of minutes on two threads.
 *
 * usage: verify_powf32 [-t threads] [-n f32 pairs] [-s stride] [-p generic|avx2] [bf16|f16|f32 ...]
 * (-s checks every stride-th block of 65536 bf16 / f16 pairs only) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/math/kern_powf32.h"
#include "verify_harness.h"

enum { CHUNK = 1 << 16 };

static const char *const format_names[KPF_COUNT] = { "f32", "bf16", "f16" };

typedef struct {
    kern_pow_format fmt;
    uint64_t from, to; /* chunk numbers */
    uint64_t count, special;
    uint64_t seed;
    vh_stats st[KMP_COUNT]; /* max_rel: |y - g| / |g| at (a, b) */
} job;

static uint64_t stride = 1;

/* One random f32 pair of distribution d (the chunk's number picks it). */
static void f32_pair(int d, uint64_t *s, uint32_t *a, uint32_t *b)
{
    uint64_t x = vh_next(s);
    switch (d) {
    case 0: /* random bit patterns */
        *a = (uint32_t)x;
        *b = (uint32_t)(x >> 32);
        return;
    case 1: { /* bases near 1, exponents up to 2^24 in magnitude */
        int32_t off = (int32_t)(x & 0x1FFFF) - 0x10000;
        *a = (uint32_t)(0x3F800000 + off) | (uint32_t)(x >> 63) << 31;
        *b = f32_to_bits((float)ldexp(vh_uniform(s) * 2 - 1, (int)(vh_next(s) % 26)));
        return;
    }
    case 2: { /* integer exponents, any base */
        *a = (uint32_t)x;
        *b = f32_to_bits((float)((int)(vh_next(s) % 601) - 300));
        if (vh_next(s) % 4 == 0) /* bases of modest size, results in range */
            *a = f32_to_bits((float)((vh_uniform(s) * 2 - 1) * 4));
        return;
    }
    case 3: { /* results near overflow, the normal range's end, the
               * subnormals and zero: b = target / ln|a| */
        static const double targets[] = { 88.7228391, -87.3365448, -103.278929, -103.972077, 0.0,
                                          -95.0, 44.0, 11.0903549, -17.3286795, -92.9805 };
        double target = targets[vh_next(s) % (sizeof targets / sizeof targets[0])] + (vh_uniform(s) - 0.5) * 1e-3;
        float av = (float)ldexp(1.0 + vh_uniform(s), (int)(vh_next(s) % 200) - 100);
        if (av == 1.0f)
            av = 2.0f;
        *a = f32_to_bits(av) | (uint32_t)(x >> 63) << 31;
        *b = f32_to_bits((float)(target / log(av)));
        return;
    }
    case 4: { /* modest operands and exact cases: multiples of 1/8, 1/1024 */
        *a = f32_to_bits((float)((int)(x % 257) - 128) / 32.0f);
        *b = f32_to_bits((float)((int)((x >> 16) % 513) - 256) / 1024.0f);
        if (x >> 60 & 1)
            *b = f32_to_bits((float)((int)((x >> 40) % 41) - 20) / 2.0f);
        return;
    }
    default: /* random values over a wide range, both signs */
        *a = f32_to_bits((float)ldexp(vh_uniform(s), (int)(vh_next(s) % 80) - 40)) | (uint32_t)(x >> 63) << 31;
        *b = f32_to_bits((float)ldexp(vh_uniform(s) * 2 - 1, (int)(vh_next(s) % 16)));
        return;
    }
}

/* The pairs every path gives to the definition: an infinite or NaN
 * operand (zero bases are computed; the AVX2 path also hands over
 * subnormal bases, which count as band below) */
static bool special_pair(kern_pow_format fmt, uint32_t a, uint32_t b)
{
    switch (fmt) {
    case KPF_F32: return (a & 0x7FFFFFFFu) >= 0x7F800000u || (b & 0x7FFFFFFFu) >= 0x7F800000u;
    case KPF_BF16: return (a & 0x7FFFu) >= 0x7F80u || (b & 0x7FFFu) >= 0x7F80u;
    case KPF_F16: return (a & 0x7FFFu) >= 0x7C00u || (b & 0x7FFFu) >= 0x7C00u;
    case KPF_COUNT: break;
    }
    return true;
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

/* The definition's rounding of glibc's result g (kern_powf32.h's
 * definitions without calling pow again) */
static uint32_t round_result(kern_pow_format fmt, double g)
{
    if (fmt == KPF_F32)
        return kern_f32_round_classb(g);
    if (g != g)
        return (uint32_t)fp_from_double(fmt == KPF_BF16 ? FP_BF16 : FP_F16, g, FPR_RNE);
    return fmt == KPF_BF16 ? kern_f64_to_bf16(g) : kern_f64_to_f16(g);
}

static void *work(void *arg)
{
    job *j = arg;
    kern_pow_format fmt = j->fmt;
    size_t es = fmt == KPF_F32 ? 4 : 2;
    uint32_t *a = malloc(CHUNK * 4), *b = malloc(CHUNK * 4), *ref = malloc(CHUNK * 4), *out = malloc(CHUNK * 4);
    void *pa = malloc(CHUNK * es), *pb = malloc(CHUNK * es), *pr = malloc(CHUNK * es);
    double *g = malloc(CHUNK * sizeof *g), *y = malloc(CHUNK * sizeof *y);
    if (!a || !b || !ref || !out || !pa || !pb || !pr || !g || !y) {
        fprintf(stderr, "verify_powf32: out of memory\n");
        exit(2);
    }
    uint64_t s = j->seed;
    for (uint64_t c = j->from; c < j->to; c++) {
        if (fmt != KPF_F32 && c % stride != 0)
            continue;
        for (int i = 0; i < CHUNK; i++) {
            if (fmt == KPF_F32) {
                f32_pair((int)(c % 6), &s, &a[i], &b[i]);
                ((uint32_t *)pa)[i] = a[i];
                ((uint32_t *)pb)[i] = b[i];
            } else {
                /* chunk c holds the pairs c * CHUNK + i: a the high half */
                uint32_t pair = (uint32_t)(c * CHUNK + (uint64_t)i);
                a[i] = pair >> 16;
                b[i] = pair & 0xFFFFu;
                ((uint16_t *)pa)[i] = (uint16_t)a[i];
                ((uint16_t *)pb)[i] = (uint16_t)b[i];
            }
            g[i] = pow(value(fmt, a[i]), value(fmt, b[i]));
            ref[i] = round_result(fmt, g[i]);
            j->special += special_pair(fmt, a[i], b[i]);
        }
        j->count += CHUNK;
        for (int path = 0; path < KMP_COUNT; path++) {
            if (!vh_runs[path])
                continue;
            vh_stats *st = &j->st[path];
            st->slow += (uint64_t)kern_pow_on(fmt, (kern_mathf32_path)path, pa, pb, pr, CHUNK);
            kern_pow_approx(fmt, (kern_mathf32_path)path, pa, pb, y, CHUNK);
            for (int i = 0; i < CHUNK; i++) {
                uint32_t r = fmt == KPF_F32 ? ((uint32_t *)pr)[i] : ((uint16_t *)pr)[i];
                if (r != ref[i])
                    vh_note_diff(st, a[i], b[i]);
                /* within the clamps: |ln g| well inside [-104, 89] */
                double ag = fabs(g[i]);
                if (y[i] == y[i] && ag > 0x1p-149 && ag < 0x1p128)
                    vh_note_rel(st, fabs(y[i] - g[i]) / fabs(g[i]), a[i], b[i]);
            }
        }
    }
    free(a), free(b), free(ref), free(out), free(pa), free(pb), free(pr), free(g), free(y);
    return NULL;
}

/* Returns the number of differences. */
static uint64_t verify(kern_pow_format fmt, int threads, uint64_t f32_pairs)
{
    job jobs[VH_MAXTHREADS];
    uint64_t chunks = (fmt == KPF_F32 ? f32_pairs : UINT64_C(1) << 32) / CHUNK;
    double t0 = vh_now();
    for (int t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].fmt = fmt;
        jobs[t].from = chunks * (uint64_t)t / (uint64_t)threads;
        jobs[t].to = chunks * (uint64_t)(t + 1) / (uint64_t)threads;
        jobs[t].seed = UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(t + 1);
    }
    vh_run("verify_powf32", jobs, sizeof jobs[0], threads, work);
    uint64_t count = 0, special = 0, diffs = 0;
    vh_stats all[KMP_COUNT];
    memset(all, 0, sizeof all);
    for (int t = 0; t < threads; t++) {
        count += jobs[t].count;
        special += jobs[t].special;
        vh_merge(all, jobs[t].st);
    }
    printf("%-5s %llu pairs (%llu with an infinite or NaN operand), %.1f s\n", format_names[fmt], (unsigned long long)count,
           (unsigned long long)special, vh_now() - t0);
    for (int p = 0; p < KMP_COUNT; p++) {
        vh_stats *al = &all[p];
        if (vh_skipped(p, true))
            continue;
        vh_report_counts(p, al, special, "special pairs", "band", count - special, "|y - g| / |g|");
        printf("0x%X, 0x%X)\n", (unsigned)al->max_at[0], (unsigned)al->max_at[1]);
        for (int k = 0; k < al->nshown; k++) {
            uint32_t xa = al->shown[k][0], xb = al->shown[k][1], r32 = 0;
            uint16_t a16 = (uint16_t)xa, b16 = (uint16_t)xb, r16 = 0;
            if (fmt == KPF_F32)
                kern_pow_on(fmt, (kern_mathf32_path)p, &xa, &xb, &r32, 1);
            else
                kern_pow_on(fmt, (kern_mathf32_path)p, &a16, &b16, &r16, 1);
            printf("    a = 0x%X (%a), b = 0x%X (%a): fast 0x%X, definition 0x%X\n", (unsigned)xa,
                   value(fmt, xa), (unsigned)xb, value(fmt, xb), fmt == KPF_F32 ? (unsigned)r32 : (unsigned)r16,
                   (unsigned)definition(fmt, xa, xb));
        }
        diffs += al->diffs;
    }
    fflush(stdout);
    return diffs;
}

static int64_t probe(kern_mathf32_path path)
{
    uint32_t zero = 0, out;
    return kern_pow_on(KPF_F32, path, &zero, &zero, &out, 1);
}

int main(int argc, char **argv)
{
    vh_options o = VH_OPTIONS_INIT;
    uint64_t f32_pairs = UINT64_C(1) << 32;
    bool want[KPF_COUNT] = { false }, any = false;
    for (int i = 1; i < argc; i++) {
        int taken = vh_option("verify_powf32", &o, true, argc, argv, &i);
        if (taken < 0)
            return 2;
        if (taken > 0)
            continue;
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            f32_pairs = strtoull(argv[++i], NULL, 0);
        } else {
            int k = 0;
            while (k < KPF_COUNT && strcmp(argv[i], format_names[k]) != 0)
                k++;
            if (k == KPF_COUNT) {
                fprintf(stderr, "usage: verify_powf32 [-t threads] [-n f32 pairs] [-s stride] [-p generic|avx2] [bf16|f16|f32 ...]\n");
                return 2;
            }
            want[k] = any = true;
        }
    }
    stride = o.stride;
    if (!vh_threads_ok(o.threads) || f32_pairs < CHUNK || stride < 1) {
        fprintf(stderr, "verify_powf32: 1 to 64 threads, at least %d f32 pairs\n", CHUNK);
        return 2;
    }
    vh_choose_paths(o.only, probe);
    uint64_t diffs = 0;
    static const kern_pow_format order[] = { KPF_BF16, KPF_F16, KPF_F32 };
    for (int k = 0; k < KPF_COUNT; k++)
        if (want[order[k]] || !any)
            diffs += verify(order[k], o.threads, f32_pairs);
    return vh_finish(diffs);
}
