/* The proof of kern_atan2f32.c: every one of the 2^32 (y, x) pairs of bf16
 * patterns and of f16 patterns, and 2^32 f32 pairs drawn from several
 * distributions, through each vector path the host can run (portable,
 * AVX2) and through the definition (glibc's binary64 atan2, one rounding).
 * Reports the differences (must be 0), how many elements took the
 * definition, and the largest relative distance between a path's binary64
 * approximation m of |atan2| and glibc's |result| (the code assumes at most
 * 2^-40: kern_atan2f32.c). `make verify-atan2f32` builds and runs it.
 *
 * The f32 distributions, one per chunk of CHUNK pairs in turn: random bit
 * patterns; ratios near 1 (x and y a few ulps apart, any signs); ratios
 * near tan(pi/8), where the reduction switches; tiny and huge ratios
 * (results near 0, +-pi/2 and +-pi, subnormal results included); tiny
 * operands against ordinary ones (subnormal results); and modest values
 * of either sign, as the bench uses.
 *
 * usage: verify_atan2f32 [-t threads] [-s stride] [-o first] [-n f32-pairs] [-p generic|avx2]
 *                        [bf16|f16|f32 ...]
 * (-s checks every stride-th y pattern only of the half formats, from the
 * pattern `first`; -n sets the number of f32 pairs, -o the first chunk of
 * CHUNK of them: runs split this way add up to the whole; -p one path
 * only) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/math/kern_atan2f32.h"
#include "verify_harness.h"

enum { CHUNK = 1 << 16, NDIST = 6 };

static const char *const type_names[KA2_COUNT] = { "f32", "bf16", "f16" };

typedef struct {
    kern_atan2_type type;
    uint64_t from, to, stride; /* half formats: y patterns; f32: chunk numbers */
    uint64_t count, special;   /* pairs checked; of them with an Inf or NaN operand */
    vh_stats st[KMP_COUNT]; /* max_rel: |m - |g|| / |g| at (y, x) */
} job;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A random finite f32 pattern with a random sign, of exponent field in
 * [elo, ehi] (0: subnormal). */
static uint32_t rand_f32(uint64_t *s, unsigned elo, unsigned ehi)
{
    uint64_t r = splitmix(s);
    uint32_t e = elo + (uint32_t)(r % (ehi - elo + 1));
    return ((uint32_t)(r >> 32) & 0x807FFFFFu) | e << 23;
}

/* One f32 pair of distribution d. */
static void f32_pair(int d, uint64_t *s, uint32_t *y, uint32_t *x)
{
    uint64_t r = splitmix(s);
    uint32_t sy = (uint32_t)(r >> 63) << 31, sx = (uint32_t)(r >> 62 & 1) << 31;
    int32_t jitter = (int32_t)(r >> 8 & 0xFFF) - 0x800;
    switch (d) {
    case 0: /* random bit patterns */
        *y = (uint32_t)r;
        *x = (uint32_t)(r >> 32);
        return;
    case 1: { /* ratios near 1 */
        uint32_t a = rand_f32(s, 0, 254) & 0x7FFFFFFFu;
        *x = a | sx;
        *y = ((uint32_t)((int32_t)a + jitter) & 0x7FFFFFFFu) | sy;
        return;
    }
    case 2: { /* ratios near tan(pi/8) either way */
        float a = bits_to_f32(rand_f32(s, 20, 230) & 0x7FFFFFFFu);
        uint32_t b = f32_to_bits(a * 0.41421356f) + (uint32_t)jitter;
        if (r & 16) {
            *x = f32_to_bits(a) | sx;
            *y = b | sy;
        } else {
            *y = f32_to_bits(a) | sy;
            *x = b | sx;
        }
        return;
    }
    case 3: { /* tiny and huge ratios: results near 0, pi/2, pi */
        uint32_t a = rand_f32(s, 1, 254) & 0x7FFFFFFFu;
        unsigned ea = a >> 23, shift = (unsigned)(r >> 16 & 63);
        unsigned eb = r & 32 ? (ea > shift ? ea - shift : 0) : (ea + shift < 254 ? ea + shift : 254);
        uint32_t b = (uint32_t)(splitmix(s) & 0x7FFFFFu) | eb << 23;
        *y = (r & 64 ? a : b) | sy;
        *x = (r & 64 ? b : a) | sx;
        return;
    }
    case 4: /* tiny operands against ordinary ones: subnormal results */
        *y = (rand_f32(s, 0, 8) & 0x7FFFFFFFu) | sy;
        *x = (rand_f32(s, 100, 200) & 0x7FFFFFFFu) | sx;
        return;
    case 5: /* modest values, -8..8 */
        *y = f32_to_bits((float)((double)(r >> 40) * 0x1p-20 - 8.0));
        *x = f32_to_bits((float)((double)(r & 0xFFFFFF) * 0x1p-20 - 8.0));
        return;
    default: break;
    }
}

static bool special_pattern(kern_atan2_type type, uint32_t p)
{
    switch (type) {
    case KA2_F32: return (p & 0x7FFFFFFFu) >= 0x7F800000u;
    case KA2_BF16: return (p & 0x7FFFu) >= 0x7F80u;
    case KA2_F16: return (p & 0x7FFFu) >= 0x7C00u;
    case KA2_COUNT: break;
    }
    return true;
}

static double value(kern_atan2_type type, uint32_t p)
{
    switch (type) {
    case KA2_F32: return (double)bits_to_f32(p);
    case KA2_BF16: return kern_bf16_to_f64((uint16_t)p);
    case KA2_F16: return kern_f16_to_f64((uint16_t)p);
    case KA2_COUNT: break;
    }
    return NAN;
}

static uint32_t definition_of(kern_atan2_type type, uint32_t y, uint32_t x)
{
    return type == KA2_F32 ? kern_f32_atan2_def(y, x) : kern_half_atan2_def(type == KA2_BF16, (uint16_t)y, (uint16_t)x);
}

static uint32_t fast_one(kern_atan2_type type, kern_mathf32_path path, uint32_t y, uint32_t x)
{
    if (type == KA2_F32) {
        uint32_t r;
        kern_atan2_on(type, path, &y, &x, &r, 1);
        return r;
    }
    uint16_t yh = (uint16_t)y, xh = (uint16_t)x, r;
    kern_atan2_on(type, path, &yh, &xh, &r, 1);
    return r;
}

static void *work(void *arg)
{
    job *j = arg;
    kern_atan2_type type = j->type;
    bool wide = type == KA2_F32;
    uint32_t *y = malloc(CHUNK * sizeof *y), *x = malloc(CHUNK * sizeof *x);
    uint32_t *ref = malloc(CHUNK * sizeof *ref), *out = malloc(CHUNK * sizeof *out);
    uint16_t *yh = malloc(CHUNK * sizeof *yh), *xh = malloc(CHUNK * sizeof *xh), *outh = malloc(CHUNK * sizeof *outh);
    double *g = malloc(CHUNK * sizeof *g), *m = malloc(CHUNK * sizeof *m);
    if (!y || !x || !ref || !out || !yh || !xh || !outh || !g || !m) {
        fprintf(stderr, "verify_atan2f32: out of memory\n");
        exit(2);
    }
    for (uint64_t c = j->from; c < j->to; c += j->stride) {
        uint64_t seed = c * UINT64_C(0x2545F4914F6CDD1D) + 1;
        for (int i = 0; i < CHUNK; i++) {
            if (wide) {
                f32_pair((int)(c % NDIST), &seed, &y[i], &x[i]);
            } else {
                y[i] = (uint32_t)c;
                x[i] = (uint32_t)i;
                yh[i] = (uint16_t)y[i];
                xh[i] = (uint16_t)x[i];
            }
            g[i] = atan2(value(type, y[i]), value(type, x[i]));
            /* the definition, from the same glibc call */
            ref[i] = wide ? kern_f32_round_classb(g[i]) : kern_half_round_classb(type == KA2_BF16, g[i]);
            j->special += special_pattern(type, y[i]) || special_pattern(type, x[i]);
        }
        j->count += CHUNK;
        for (int path = 0; path < KMP_COUNT; path++) {
            if (!vh_runs[path])
                continue;
            vh_stats *s = &j->st[path];
            if (wide) {
                s->slow += (uint64_t)kern_atan2_on(type, (kern_mathf32_path)path, y, x, out, CHUNK);
                kern_atan2_approx(type, (kern_mathf32_path)path, y, x, m, CHUNK);
            } else {
                s->slow += (uint64_t)kern_atan2_on(type, (kern_mathf32_path)path, yh, xh, outh, CHUNK);
                kern_atan2_approx(type, (kern_mathf32_path)path, yh, xh, m, CHUNK);
                for (int i = 0; i < CHUNK; i++)
                    out[i] = outh[i];
            }
            for (int i = 0; i < CHUNK; i++) {
                if (out[i] != ref[i])
                    vh_note_diff(s, y[i], x[i]);
                if (m[i] == m[i]) {
                    double ag = fabs(g[i]);
                    vh_note_rel(s, ag == 0 ? fabs(m[i]) : fabs(m[i] - ag) / ag, y[i], x[i]);
                }
            }
        }
    }
    free(y), free(x), free(ref), free(out), free(yh), free(xh), free(outh), free(g), free(m);
    return NULL;
}

/* Returns the number of differences. */
static uint64_t verify(kern_atan2_type type, int threads, uint64_t stride, uint64_t first, uint64_t f32_pairs)
{
    job jobs[VH_MAXTHREADS];
    /* the half formats: one chunk per y pattern; f32: f32_pairs / CHUNK */
    uint64_t chunks = type == KA2_F32 ? (f32_pairs + CHUNK - 1) / CHUNK : 65536;
    uint64_t step = type == KA2_F32 ? 1 : stride;
    double t0 = vh_now();
    for (int t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].type = type;
        /* interleaved, so that every thread gets a share of each distribution */
        jobs[t].from = first + (uint64_t)t * step;
        jobs[t].to = chunks;
        jobs[t].stride = (uint64_t)threads * step;
    }
    vh_run("verify_atan2f32", jobs, sizeof jobs[0], threads, work);
    uint64_t count = 0, special = 0, diffs = 0;
    vh_stats all[KMP_COUNT];
    memset(all, 0, sizeof all);
    for (int t = 0; t < threads; t++) {
        count += jobs[t].count;
        special += jobs[t].special;
        vh_merge(all, jobs[t].st);
    }
    double secs = vh_now() - t0;
    uint64_t ordinary = count - special;
    printf("%-4s %llu pairs (%llu with an Inf or NaN), %.1f s\n", type_names[type], (unsigned long long)count,
           (unsigned long long)special, secs);
    for (int p = 0; p < KMP_COUNT; p++) {
        vh_stats *a = &all[p];
        if (vh_skipped(p, true))
            continue;
        /* near a boundary: where the test of kern_atan2f32.c failed */
        vh_report_counts(p, a, special, "special pairs", "near a boundary", ordinary, "|m - |g|| / |g|");
        printf("y 0x%X, x 0x%X)\n", (unsigned)a->max_at[0], (unsigned)a->max_at[1]);
        for (int k = 0; k < a->nshown; k++) {
            uint32_t yv = a->shown[k][0], xv = a->shown[k][1];
            printf("    y = 0x%X (%a), x = 0x%X (%a): fast 0x%X, definition 0x%X\n", (unsigned)yv, value(type, yv),
                   (unsigned)xv, value(type, xv), (unsigned)fast_one(type, (kern_mathf32_path)p, yv, xv),
                   (unsigned)definition_of(type, yv, xv));
        }
        diffs += a->diffs;
    }
    fflush(stdout);
    return diffs;
}

static int64_t probe(kern_mathf32_path path)
{
    uint32_t zero = 0, out;
    return kern_atan2_on(KA2_F32, path, &zero, &zero, &out, 1);
}

int main(int argc, char **argv)
{
    vh_options o = VH_OPTIONS_INIT;
    uint64_t first = 0, f32_pairs = UINT64_C(1) << 32;
    bool want[KA2_COUNT] = { false };
    bool any = false;
    for (int i = 1; i < argc; i++) {
        int taken = vh_option("verify_atan2f32", &o, true, argc, argv, &i);
        if (taken < 0)
            return 2;
        if (taken > 0)
            continue;
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            first = strtoull(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            f32_pairs = strtoull(argv[++i], NULL, 0);
        } else {
            int k = 0;
            while (k < KA2_COUNT && strcmp(argv[i], type_names[k]) != 0)
                k++;
            if (k == KA2_COUNT) {
                fprintf(stderr, "usage: verify_atan2f32 [-t threads] [-s stride] [-o first] [-n f32-pairs] "
                                "[-p generic|avx2] [bf16|f16|f32 ...]\n");
                return 2;
            }
            want[k] = any = true;
        }
    }
    if (!vh_threads_ok(o.threads) || o.stride < 1) {
        fprintf(stderr, "verify_atan2f32: 1 to 64 threads, stride at least 1\n");
        return 2;
    }
    vh_choose_paths(o.only, probe);
    static const kern_atan2_type order[] = { KA2_BF16, KA2_F16, KA2_F32 };
    uint64_t diffs = 0;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        if (want[order[k]] || !any)
            diffs += verify(order[k], o.threads, o.stride, first, f32_pairs);
    return vh_finish(diffs);
}
