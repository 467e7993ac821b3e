/* The proof of kern_mathf32.c: every one of the 2^32 f32 patterns through
 * each vector path the host can run (portable, AVX2) and through the
 * definition (glibc's binary64 function, one rounding), for exponential,
 * tanh, log, sine, cosine, tan, expm1, log1p and cbrt. Reports the differences (must be 0), how many elements took
 * the definition, and the largest relative distance between a path's
 * binary64 approximation y and glibc's result g (the code assumes at most
 * 2^-40: kern_mathf32.c). `make verify-mathf32` builds and runs it; a few
 * minutes on two threads.
 *
 * usage: verify_mathf32 [-t threads] [-s stride] [-p generic|avx2] [exp|tanh|log|sin|cos|tan|expm1|log1p|cbrt ...]
 * (-s checks every stride-th pattern only, -p one path only) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/math/kern_mathf32.h"
#include "verify_harness.h"

enum { CHUNK = 1 << 16 };

static const struct {
    const char *name;
    kern_mathf32_fn fn;
    double (*libm)(double);
} fns[] = {
    { "exp", KM_EXP, exp },
    { "tanh", KM_TANH, tanh },
    { "log", KM_LOG, log },
    { "sin", KM_SIN, sin },
    { "cos", KM_COS, cos },
    { "tan", KM_TAN, tan },
    { "expm1", KM_EXPM1, expm1 },
    { "log1p", KM_LOG1P, log1p },
    { "cbrt", KM_CBRT, cbrt },
};
typedef struct {
    int which; /* index into fns */
    uint64_t from, to, stride;
    uint64_t count, ordinary, definition; /* patterns checked; of them ordinary, definition_only */
    vh_stats st[KMP_COUNT]; /* max_rel: |y - g| / |g| at x; one operand */
} job;

/* The operands whose result the approximation decides (through the band):
 * not NaN, and within the function's domain; the others take a constant
 * of their class or the definition (kern_mathf32.c). */
static bool ordinary(kern_mathf32_fn fn, uint32_t x)
{
    uint32_t a = x & 0x7FFFFFFFu;
    if (a > 0x7F800000u)
        return false;
    switch (fn) {
    case KM_EXP:
    case KM_TANH:
    case KM_EXPM1: return true;
    case KM_LOG: return x - 1u < 0x7F7FFFFFu;
    case KM_SIN:
    case KM_COS:
    case KM_TAN: return a <= 0x49800000u; /* 2^20 */
    case KM_LOG1P: return x < 0x7F800000u || x - 0x80000000u < 0x3F800000u;
    case KM_CBRT: return a - 1u < 0x7F7FFFFFu;
    case KM_COUNT: break;
    }
    return false;
}

/* The operands that always take the definition: NaN, and sine, cosine and
 * tan beyond 2^20 (Inf excluded, a constant class) */
static bool definition_only(kern_mathf32_fn fn, uint32_t x)
{
    uint32_t a = x & 0x7FFFFFFFu;
    if (a > 0x7F800000u)
        return true;
    return (fn == KM_SIN || fn == KM_COS || fn == KM_TAN) && a > 0x49800000u && a < 0x7F800000u;
}

/* Where y approximates the function itself: exp, tanh and expm1 clamp
 * their operands beyond (kern_mathf32.c), so y differs from g there by
 * design. */
static bool approximated(kern_mathf32_fn fn, uint32_t x)
{
    double v = (double)bits_to_f32(x);
    switch (fn) {
    case KM_EXP: return v >= -104.0 && v <= 89.0;
    case KM_TANH: return fabs(v) <= 10.0;
    case KM_EXPM1: return v >= -30.0 && v <= 89.0;
    case KM_LOG:
    case KM_SIN:
    case KM_COS:
    case KM_TAN:
    case KM_LOG1P:
    case KM_CBRT: return ordinary(fn, x);
    case KM_COUNT: break;
    }
    return false;
}

static void *work(void *arg)
{
    job *j = arg;
    kern_mathf32_fn fn = fns[j->which].fn;
    double (*libm)(double) = fns[j->which].libm;
    uint32_t *x = malloc(CHUNK * sizeof *x), *ref = malloc(CHUNK * sizeof *ref);
    uint32_t *out = malloc(CHUNK * sizeof *out);
    double *g = malloc(CHUNK * sizeof *g), *y = malloc(CHUNK * sizeof *y);
    if (!x || !ref || !out || !g || !y) {
        fprintf(stderr, "verify_mathf32: out of memory\n");
        exit(2);
    }
    for (uint64_t p = j->from; p < j->to;) {
        int n = 0;
        for (; n < CHUNK && p < j->to; n++, p += j->stride) {
            x[n] = (uint32_t)p;
            g[n] = libm((double)bits_to_f32(x[n]));
            ref[n] = kern_f32_round_classb(g[n]);
            j->ordinary += ordinary(fn, x[n]);
            j->definition += definition_only(fn, x[n]);
        }
        j->count += (uint64_t)n;
        for (int path = 0; path < KMP_COUNT; path++) {
            if (!vh_runs[path])
                continue;
            vh_stats *s = &j->st[path];
            s->slow += (uint64_t)kern_f32_math_on(fn, (kern_mathf32_path)path, x, out, n);
            kern_f32_math_approx(fn, (kern_mathf32_path)path, x, y, n);
            for (int i = 0; i < n; i++) {
                if (out[i] != ref[i])
                    vh_note_diff(s, x[i], 0);
                if (approximated(fn, x[i]))
                    vh_note_rel(s, g[i] == 0 ? fabs(y[i]) : fabs(y[i] - g[i]) / fabs(g[i]), x[i], 0);
            }
        }
    }
    free(x), free(ref), free(out), free(g), free(y);
    return NULL;
}

/* Returns the number of differences. */
static uint64_t verify(int which, int threads, uint64_t stride)
{
    job jobs[VH_MAXTHREADS];
    uint64_t total = UINT64_C(1) << 32, per = (total / stride + (uint64_t)threads - 1) / (uint64_t)threads * stride;
    double t0 = vh_now();
    for (int t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].which = which;
        jobs[t].stride = stride;
        jobs[t].from = per * (uint64_t)t;
        jobs[t].to = per * (uint64_t)(t + 1) < total ? per * (uint64_t)(t + 1) : total;
        if (jobs[t].from > total)
            jobs[t].from = total;
    }
    vh_run("verify_mathf32", jobs, sizeof jobs[0], threads, work);
    uint64_t count = 0, ordinary_count = 0, definition_count = 0, diffs = 0;
    vh_stats all[KMP_COUNT];
    memset(all, 0, sizeof all);
    for (int t = 0; t < threads; t++) {
        count += jobs[t].count;
        ordinary_count += jobs[t].ordinary;
        definition_count += jobs[t].definition;
        vh_merge(all, jobs[t].st);
    }
    double secs = vh_now() - t0;
    uint64_t special = definition_count;
    printf("%-5s %llu patterns (%llu approximated, %llu always by the definition: NaN%s), %.1f s\n",
           fns[which].name, (unsigned long long)count, (unsigned long long)ordinary_count,
           (unsigned long long)special,
           fns[which].fn == KM_SIN || fns[which].fn == KM_COS || fns[which].fn == KM_TAN ? ", |x| > 2^20" : "",
           secs);
    for (int p = 0; p < KMP_COUNT; p++) {
        vh_stats *a = &all[p];
        if (vh_skipped(p, true))
            continue;
        vh_report_counts(p, a, special, "always", "band", ordinary_count, "|y - g| / |g|");
        printf("0x%08X)\n", (unsigned)a->max_at[0]);
        for (int k = 0; k < a->nshown; k++) {
            uint32_t xv = a->shown[k][0], r;
            kern_f32_math_on(fns[which].fn, (kern_mathf32_path)p, &xv, &r, 1);
            printf("    x = 0x%08X (%a): fast 0x%08X, definition 0x%08X\n", (unsigned)xv,
                   (double)bits_to_f32(xv), (unsigned)r, (unsigned)kern_f32_classb(fns[which].libm, xv));
        }
        diffs += a->diffs;
    }
    fflush(stdout);
    return diffs;
}

static int64_t probe(kern_mathf32_path path)
{
    uint32_t zero = 0, out;
    return kern_f32_math_on(KM_EXP, path, &zero, &out, 1);
}

int main(int argc, char **argv)
{
    vh_options o = VH_OPTIONS_INIT;
    bool want[sizeof fns / sizeof fns[0]] = { false };
    bool any = false;
    for (int i = 1; i < argc; i++) {
        int taken = vh_option("verify_mathf32", &o, true, argc, argv, &i);
        if (taken < 0)
            return 2;
        if (taken == 0) {
            size_t k = 0;
            while (k < sizeof fns / sizeof fns[0] && strcmp(argv[i], fns[k].name) != 0)
                k++;
            if (k == sizeof fns / sizeof fns[0]) {
                fprintf(stderr, "usage: verify_mathf32 [-t threads] [-s stride] [-p generic|avx2] [exp|tanh|log|sin|cos|tan|expm1|log1p|cbrt ...]\n");
                return 2;
            }
            want[k] = any = true;
        }
    }
    if (!vh_threads_ok(o.threads) || o.stride < 1) {
        fprintf(stderr, "verify_mathf32: 1 to 64 threads, stride at least 1\n");
        return 2;
    }
    vh_choose_paths(o.only, probe);
    uint64_t diffs = 0;
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
        if (want[k] || !any)
            diffs += verify((int)k, o.threads, o.stride);
    return vh_finish(diffs);
}
